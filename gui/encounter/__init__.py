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
    rules: Any = None,
) -> QMainWindow:
    """Open an encounter window.

    Args:
        library: The open :class:`storage.library.Library` (encounters autosave into it), or None.
        record_or_none: An ``EncounterRecord`` to resume (a template starts a fresh run saved
            as a new record), or None for a new, empty encounter.
        registry: The :class:`rules.systems.registry.SystemRegistry` (derived values, ladder).
        parent: Parent widget.
        rng: Dice source (tests pass a seeded one).
        rules: The campaign's :class:`SotcSettings` for a new encounter (the
            "How To Do Things" variant, rotating initiative...); the book's rules when None.

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
        start = Encounter(name="New encounter")
        if rules is not None:
            start = start.model_copy(update={"rules": rules})
        document = EncounterDocument(start, library=library, ladder=ladder)
    else:
        document = EncounterDocument.from_record(
            record_or_none,
            library=library,
            ladder=ladder,
            prepare=lambda e: refresh_characters(e, library, registry),
        )
    return EncounterWindow(document, registry=registry, rng=rng, parent=parent)


def list_templates(library: Any) -> list[Any]:
    """The encounter templates stored in ``library`` (``EncounterRecord``s), by name."""
    return [r for r in library.list_encounters() if r.is_template]


def refresh_characters(encounter: Any, library: Any, registry: Any) -> Any:
    """``encounter`` with every library character's current stress, consequences and fate
    points (a template started again: what happened to them since comes along)."""
    from rules.errors import FatesmithError
    from rules.systems.sotc.character import SotcCharacter
    from rules.systems.sotc.conflict import refresh_participant

    if library is None or registry is None:
        return encounter
    parts = []
    for p in encounter.participants:
        if p.character_id is not None:
            try:
                character = library.get_character(p.character_id).character
            except FatesmithError:  # deleted since: the template's copy plays
                character = None
            if isinstance(character, SotcCharacter):
                derived = registry.get("sotc").derive(character, encounter.rules)
                p = refresh_participant(p, character, derived)
        parts.append(p)
    return encounter.model_copy(update={"participants": tuple(parts)})
