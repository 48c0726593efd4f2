"""Storage layer: values read back from the database, as Python wants them. Standard library
only (the start-up listing, :mod:`storage.quick_listing`, uses it before anything else loads).

**Ids.** The library stores ids as 32 hex digits, and a listing turns thousands of them back
into UUIDs: ``uuid.UUID(text)`` spends most of its time on the many spellings it accepts (braces,
``urn:``, dashes) and its keyword checks. :func:`uuid_from_db` takes the stored spelling straight
to the 128-bit number and sets the two fields ``uuid.UUID`` itself sets (its ``int`` and
``is_safe``, exactly as its ``__init__`` and ``__setstate__`` do); anything else goes through
``uuid.UUID``. The shortcut is checked once against ``uuid.UUID`` when this module loads and is
not used if a Python release ever builds UUIDs differently (tests/storage/test_db_values.py holds
them equal).

**Times.** SQLite keeps times as naive UTC text, ``YYYY-MM-DD HH:MM:SS.ffffff`` as SQLAlchemy
writes them. :func:`utc_from_db` reads that spelling with its offset appended, which gives the
aware datetime directly: ``datetime.replace(tzinfo=...)`` parses its keywords slowly (about ten
times the cost of the parse itself, measured on Python 3.11). Other spellings take the long way.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from types import MemberDescriptorType

_UUID = uuid.UUID
_UNKNOWN = uuid.SafeUUID.unknown
_new = object.__new__


def _slot_setter(name: str) -> Callable[[uuid.UUID, object], None] | None:
    """The slot's own setter (cheaper than ``object.__setattr__``'s name lookup), or None."""
    slot = vars(_UUID).get(name)
    return slot.__set__ if isinstance(slot, MemberDescriptorType) else None


_set_int = _slot_setter("int")
_set_safe = _slot_setter("is_safe")


def _direct(text: str) -> uuid.UUID:
    assert _set_int is not None and _set_safe is not None  # DIRECT said so
    value = _new(_UUID)
    _set_int(value, int(text, 16))
    _set_safe(value, _UNKNOWN)
    return value


def _works() -> bool:
    if _set_int is None or _set_safe is None:  # UUID keeps its fields some other way
        return False
    probe = "0123456789abcdefFEDCBA9876543210"
    try:
        made = _direct(probe)
        expected = _UUID(probe)
        return (
            made == expected
            and hash(made) == hash(expected)
            and str(made) == str(expected)
            and made.is_safe is expected.is_safe
            and made.__getstate__() == expected.__getstate__()
        )
    except (AttributeError, TypeError):  # UUID's fields changed shape
        return False


def _vars_free() -> bool:
    """Whether a UUID keeps no ``__dict__`` (the shortcut sets slots only)."""
    return not hasattr(_UUID("0" * 32), "__dict__")


DIRECT = _vars_free() and _works()


def uuid_from_db(text: str) -> uuid.UUID:
    """The UUID of a stored id (32 hex digits; any other spelling ``uuid.UUID`` accepts).

    Raises:
        ValueError: ``text`` is not a UUID, as ``uuid.UUID`` raises it.
    """
    if DIRECT and len(text) == 32 and text.isalnum():
        # _direct, inlined: a listing calls this for every row. int() refuses a letter
        # beyond f, as uuid.UUID does.
        value = _new(_UUID)
        _set_int(value, int(text, 16))  # type: ignore[misc]  # DIRECT: not None
        _set_safe(value, _UNKNOWN)  # type: ignore[misc]
        return value
    return _UUID(text)


_fromiso = datetime.fromisoformat


def utc_from_db(text: str) -> datetime:
    """The aware UTC datetime of a stored time (ISO text; naive text is UTC).

    Raises:
        ValueError: ``text`` is not an ISO time, as ``datetime.fromisoformat`` raises it.
    """
    if len(text) == 26 and text[19] == "." and text[20:].isdecimal():
        return _fromiso(text + "+00:00")  # naive with microseconds, as SQLAlchemy writes it
    moment = _fromiso(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
