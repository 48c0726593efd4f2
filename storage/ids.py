"""Storage layer: record ids read back from the database, as ``uuid.UUID``. Standard library
only (the start-up listing, :mod:`storage.quick_listing`, uses it before anything else loads).

The library stores ids as 32 hex digits, and a listing turns thousands of them back into UUIDs:
``uuid.UUID(text)`` spends most of its time on the many spellings it accepts (braces, ``urn:``,
dashes) and its keyword checks. :func:`uuid_from_db` takes the stored spelling straight to the
128-bit number and sets the two fields ``uuid.UUID`` itself sets (its ``int`` and ``is_safe``,
exactly as its ``__init__`` and ``__setstate__`` do); anything else goes through ``uuid.UUID``.
The shortcut is checked once against ``uuid.UUID`` when this module loads and is not used if a
Python release ever builds UUIDs differently (tests/storage/test_ids.py holds them equal).
"""

from __future__ import annotations

import uuid

_UUID = uuid.UUID
_UNKNOWN = uuid.SafeUUID.unknown
_new = object.__new__
_set = object.__setattr__


def _direct(text: str) -> uuid.UUID:
    value = _new(_UUID)
    _set(value, "int", int(text, 16))
    _set(value, "is_safe", _UNKNOWN)
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
