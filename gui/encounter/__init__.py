"""GUI layer: the encounter window package (run conflicts at the table).

Entry point for the main window: :func:`open_encounter_window`. Nothing here names a game
system: the encounter's system (from the registry) supplies its ladder, its conflict rules and
how its characters join a scene, and its UI the encounter prompts
(:class:`gui.encounter.system_prompts.EncounterPrompts`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow


def conflict_system(registry: Any, system: str | None = None) -> str:
    """``system``, or else the first registered system that has conflict rules.

    Raises:
        FatesmithError: no registered system runs conflicts (or ``system`` is unknown).
    """
    from rules.errors import FatesmithError

    if system is not None:
        return system
    for candidate in registry or ():
        if candidate.conflict_rules() is not None:
            return str(candidate.id)
    raise FatesmithError("no game system with conflict rules is registered")


def rules_for(registry: Any, system: str, settings: Mapping[str, Any] | None) -> Any:
    """The conflict rules of ``system`` under ``settings`` (a ``ConflictRules``).

    Raises:
        FatesmithError: an unknown system, or one without conflict rules yet.
    """
    from rules.errors import FatesmithError

    game = registry.get(system)
    cr = game.conflict_rules(game.parse_settings(dict(settings or {})))
    if cr is None:
        raise FatesmithError(f"conflicts are not available for the {system!r} system yet")
    return cr


def new_encounter(
    registry: Any,
    name: str = "New encounter",
    *,
    system: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> Any:
    """An empty :class:`rules.encounter.Encounter` of ``system`` (default: the first system
    with conflict rules) under ``settings`` (a campaign's; None: the book's)."""
    from rules.encounter import Encounter

    system_id = conflict_system(registry, system)
    cr = rules_for(registry, system_id, settings)
    return Encounter(name=name, system=system_id, settings=cr.settings_data)


def open_encounter_window(
    library: Any,
    record_or_none: Any,
    registry: Any,
    parent: QWidget | None = None,
    *,
    rng: random.Random | None = None,
    system: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> EncounterWindow:
    """Open an encounter window.

    Args:
        library: The open :class:`storage.library.Library` (encounters autosave into it), or None.
        record_or_none: An ``EncounterRecord`` to resume (a template starts a fresh run saved
            as a new record), or None for a new, empty encounter.
        registry: The :class:`rules.systems.registry.SystemRegistry` (conflict rules, ladder);
            with a library, the library's own (bound to the data the user saved in it, such as
            the ART Engine's Action Results Table) is used instead.
        parent: Parent widget.
        rng: Dice source (tests pass a seeded one).
        system: The system of a new encounter (default: the first with conflict rules).
        settings: The campaign's settings (JSON) for a new encounter; the book's when None.

    Returns:
        The window (not shown yet).

    Raises:
        FatesmithError: the encounter's system has no conflict rules here.
    """
    from gui.encounter.document import EncounterDocument
    from gui.encounter.window import EncounterWindow

    if library is not None:  # bound to the library's own system data (ART's saved table)
        registry = library.registry
    if record_or_none is None:
        start = new_encounter(registry, system=system, settings=settings)
        cr = rules_for(registry, start.system, start.settings)
        document = EncounterDocument(start, cr, library=library)
    else:
        document = EncounterDocument.from_record(
            record_or_none,
            lambda e: rules_for(registry, e.system, e.settings),
            library=library,
            prepare=lambda e: refresh_characters(e, library, registry),
        )
    document.ladder = registry.info(document.state.system).ladder
    prompts = encounter_prompts(registry, document.state.system)
    return EncounterWindow(
        document,
        registry=registry,
        rng=rng,
        prompts=prompts,
        opener=open_encounter_window,
        parent=parent,
    )


def encounter_prompts(registry: Any, system: str) -> Any:
    """The encounter prompts of ``system``'s UI (``SystemUi.encounter_prompts()``), or the
    generic ones when the system has no GUI or no prompts of its own."""
    from gui.encounter.system_prompts import GenericEncounterPrompts
    from gui.plugins import system_ui
    from rules.errors import FatesmithError

    try:
        prompts = system_ui(registry.get(system)).encounter_prompts()
    except FatesmithError:  # no GUI package for this system
        prompts = None
    return prompts if prompts is not None else GenericEncounterPrompts()


def list_templates(library: Any) -> list[Any]:
    """The encounter templates stored in ``library`` (``EncounterRecord``s), by name."""
    return [r for r in library.list_encounters() if r.is_template]


def refresh_characters(encounter: Any, library: Any, registry: Any) -> Any:
    """``encounter`` with every library character's current harm and resources (a template
    started again: what happened to them since comes along)."""
    from rules.errors import FatesmithError

    if library is None or registry is None:
        return encounter
    cr = rules_for(registry, encounter.system, encounter.settings)
    parts = []
    for p in encounter.participants:
        if p.character_id is not None:
            try:
                character = library.get_character(p.character_id).character
            except FatesmithError:  # deleted since: the template's copy plays
                character = None
            if character is not None and character.system == encounter.system:
                p = cr.refresh_participant(p, character)
        parts.append(p)
    return encounter.model_copy(update={"participants": tuple(parts)})
