"""GUI layer: the encounter window package (run conflicts at the table).

Entry point for the main window: :func:`open_encounter_window`.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtWidgets import QMainWindow, QWidget


def open_encounter_window(
    library: Any,
    record_or_none: Any,
    registry: Any,
    parent: QWidget | None = None,
    *,
    rng: random.Random | None = None,
) -> QMainWindow:
    """Open an encounter window.

    Args:
        library: The open :class:`storage.library.Library` (encounters autosave into it), or None.
        record_or_none: An ``EncounterRecord`` to resume (a template starts a fresh run saved
            as a new record), or None for a new, empty encounter.
        registry: The :class:`rules.systems.registry.SystemRegistry` (derived values, ladder).
        parent: Parent widget.
        rng: Dice source (tests pass a seeded one).

    Returns:
        The window (not shown yet).
    """
    from gui.encounter.document import EncounterDocument
    from gui.encounter.window import EncounterWindow
    from rules.encounter import Encounter

    ladder = None
    if registry is not None:
        try:
            ladder = registry.info("sotc").ladder
        except Exception:  # a registry without SotC: numbers only
            ladder = None
    if record_or_none is None:
        document = EncounterDocument(
            Encounter(name="New encounter"), library=library, ladder=ladder
        )
    else:
        document = EncounterDocument.from_record(record_or_none, library=library, ladder=ladder)
    return EncounterWindow(document, registry=registry, rng=rng, parent=parent)
