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

**Objects without their constructors.** :func:`slot_setter` sets a slot field directly (the
UUIDs above, the listing's summaries in :mod:`storage.mappers`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from types import GetSetDescriptorType, MemberDescriptorType
from typing import Any


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """A setter for the per-instance field ``name`` that ``cls`` keeps in a slot (or its
    ``__dict__``): the slot's own descriptor, which skips ``object.__setattr__``'s name lookup
    (a listing sets thousands), else ``object.__setattr__`` by name.

    For building objects from stored values without their constructors (UUIDs here, the
    listing's pydantic summaries in :mod:`storage.mappers`).
    """
    slot = vars(cls).get(name)
    if isinstance(slot, MemberDescriptorType | GetSetDescriptorType):
        return slot.__set__

    def setter(instance: Any, value: Any) -> None:
        object.__setattr__(instance, name, value)

    return setter


_UUID = uuid.UUID
_UNKNOWN = uuid.SafeUUID.unknown
_new = object.__new__
_set_int = slot_setter(_UUID, "int")
_set_safe = slot_setter(_UUID, "is_safe")


def _direct(text: str) -> uuid.UUID:
    value = _new(_UUID)
    _set_int(value, int(text, 16))
    _set_safe(value, _UNKNOWN)
    return value


def _works() -> bool:
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
        return _direct(text)  # int() refuses a letter beyond f, as uuid.UUID does
    return _UUID(text)


def utc(value: datetime) -> datetime:
    """``value`` as an aware UTC datetime (a naive one is UTC already, as SQLite hands back)."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


_fromiso = datetime.fromisoformat


def utc_from_db(text: str) -> datetime:
    """The aware UTC datetime of a stored time (ISO text; naive text is UTC).

    Raises:
        ValueError: ``text`` is not an ISO time, as ``datetime.fromisoformat`` raises it.
    """
    if len(text) == 26 and text[19] == "." and text[20:].isdecimal():
        return _fromiso(text + "+00:00")  # naive with microseconds, as SQLAlchemy writes it
    return utc(_fromiso(text))
