"""GUI layer: a work-around for reference-counting bugs in the installed PySide6 (6.12.0).

On Python 3.11 this build returns ``None`` from every void method, and ``True`` from
``Signal.emit()``, without taking a reference, so each call takes one reference away from the
singleton. Python 3.11 does not make them immortal (3.12 does), so after a few thousand calls the
interpreter aborts with "none_dealloc: deallocating None" (or "bool_dealloc"). :func:`install`
detects the leak with a few probe calls and, only if present, gives ``None``, ``True`` and
``False`` a reference count no program can exhaust, which is what 3.12's immortal objects do.
Importing this module installs the fix; it is idempotent.

pyproject.toml keeps PySide6 below 6.12, so with a normal install the probe finds no leak and
this module does nothing; it stays as a guard for environments that bring their own PySide6.
"""

from __future__ import annotations

import ctypes
import sys

_BOOST = 1 << 40
"""References added to each singleton: ~10^12 leaked calls before any risk."""

_installed = False


def _leaks() -> bool:
    """Whether void calls or emits from Python lose references to None or True."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        fired = Signal()

    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(16):
        probe.setObjectName("probe")
        probe.fired.emit()
    return sys.getrefcount(None) < none_before - 8 or sys.getrefcount(True) < true_before - 8


def install() -> bool:
    """Make None/True/False effectively immortal when this PySide6 leaks them; True if so."""
    global _installed
    if _installed:
        return True
    import PySide6

    # Only the 6.12 series is known to leak; skip the probe (and its start-up cost) otherwise.
    if tuple(PySide6.__version_info__[:2]) != (6, 12) or sys.version_info >= (3, 12):
        return False
    if not _leaks():
        return False
    for singleton in (None, True, False):
        # CPython 3.11 release build: ob_refcnt is the first field of every object.
        ctypes.c_ssize_t.from_address(id(singleton)).value += _BOOST
    _installed = True
    return True


install()
