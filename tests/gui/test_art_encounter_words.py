"""The ART encounter window's remaining FATE words (issue #12): waiting, not holding an action
(Chapter 5 "Waiting", L1867-1893), henchmen, not companions (L323, Chapter 3 "Henchman",
L986-1004), through the ConflictRules.command_words seam; and the Rules menu offers only the
actions of the mode in play (ConflictRules.action_applies): time limits, task names and raised
scales in exploration phases ("Setting Time Limits", L1677-1685), movement across the bands in
combat rounds ("Range Track", "Movement Rates", L1903-1940). A FATE window keeps its words.
Book lines cite shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.encounter import open_encounter_window
from gui.encounter.window import EncounterWindow
from gui.systems.art.encounter import ArtSceneControls, HenchmanPrompt
from rules.encounter import Encounter
from rules.systems.art.conflict import ArtConflictRules
from tests.gui.test_art_encounter import _add_cast, _window
from tests.gui.test_art_encounter import library as library  # the fixture
from tests.rules.test_art_support import catalog

EXPLORING = ("time_limit", "name_task", "raise_scale")


def test_art_rules_say_which_actions_apply_in_which_mode() -> None:
    """Movement is for combat rounds (the range track, L1903); time limits, task names and
    raised scales for exploration phases (L1677-1685, "Phase Track"); anything else applies."""
    rounds = ArtConflictRules(catalog())
    phases = rounds.for_settings({"exploration": True})
    state = Encounter(name="t", system="art")
    assert rounds.action_applies(state, "move_bands")
    assert not any(rounds.action_applies(state, name) for name in EXPLORING)
    assert not phases.action_applies(state, "move_bands")
    assert all(phases.action_applies(state, name) for name in EXPLORING)
    assert rounds.action_applies(state, "anything else")
    assert {s.name for s in rounds.actions()} == {"move_bands", "spend_fame", *EXPLORING}
    assert rounds.action_applies(state, "spend_fame") and phases.action_applies(state, "spend_fame")


def test_the_window_waits_and_adds_henchmen(
    qtbot: Any, library: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Waiting (L1867-1869): the Act menu's Hold action is Wait, taking the held action is
    acting after waiting; Cast > Add henchman (a narrator-controlled character directed by an
    adventurer, L323), its dialog titled so; F1 lists them in those words."""
    window = _window(qtbot, library, seed=3)
    _add_cast(window, library, monkeypatch)
    hold, resume = window.actions_by_name["hold"], window.actions_by_name["resume"]
    assert hold.text().replace("&", "") == "Wait" and "&" in hold.text()
    assert hold.toolTip() == "Wait (Shift+H)"
    assert resume.text().replace("&", "") == "Act after waiting"
    companion = window.actions_by_name["add_companion"]
    assert companion.text().replace("&", "") == "Add henchman..."
    assert companion.toolTip().startswith("Add henchman... (")
    dialog = HenchmanPrompt(window.doc.conflict_rules, [("Ada Quill", "ada")], None, window)
    try:
        assert dialog.windowTitle() == "Add a henchman"
        assert "Henchman Traits" in dialog.preview.text()
        assert "consequence" not in dialog.preview.text()
    finally:
        dialog.close()
    shortcuts = window.show_shortcuts()
    try:
        listed = {text for _keys, text in shortcuts.listed()}
        assert "Wait: the current character acts later this round" in listed
        assert "Add a henchman directed by an adventurer" in listed
        assert not any("Hold" in t or "companion" in t for t in listed)
    finally:
        shortcuts.close()


def test_the_rules_menu_offers_the_actions_of_the_mode_in_play(
    qtbot: Any,
    library: Any,
) -> None:
    """Combat rounds: Movement > Move across bands, no exploration entries; exploration phases
    (the phase box's check box): the time entries, no movement; back again."""
    window = _window(qtbot, library, seed=4)
    menu = window.system_actions

    def shown() -> set[str]:
        return {name for name in ("move_bands", *EXPLORING) if menu[name].isVisible()}

    assert shown() == {"move_bands"}
    movement = next(a for a in window.menuBar().actions() if a.text() == "R&ules").menu()
    groups = {a.text(): a.isVisible() for a in movement.actions() if a.menu() is not None}
    assert groups == {"Exploration phases": False, "Movement": True, "Fame": True}
    controls = window.scene.system_controls
    assert isinstance(controls, ArtSceneControls)
    controls.phases.exploration.setChecked(True)
    assert shown() == set(EXPLORING)
    groups = {a.text(): a.isVisible() for a in movement.actions() if a.menu() is not None}
    assert groups == {"Exploration phases": True, "Movement": False, "Fame": True}
    assert menu["recover"].isVisible()
    controls.phases.exploration.setChecked(False)
    assert shown() == {"move_bands"}


def test_a_fate_window_keeps_hold_and_companion(qtbot: Any, registry: Any, tmp_path: Path) -> None:
    """The seams' defaults (ConflictHookDefaults.command_words, action_applies): SotC keeps
    Hold action, Take held action and Add companion, and every Rules entry."""
    from storage.library import Library

    with Library.open(f"sqlite:///{tmp_path / 'f.sqlite3'}", registry=registry) as lib:
        window = open_encounter_window(lib, None, lib.registry, system="sotc")
        assert isinstance(window, EncounterWindow)
        qtbot.addWidget(window)
        window.show()
        assert window.actions_by_name["hold"].text() == "&Hold action"
        assert window.actions_by_name["resume"].text() == "Take held act&ion"
        assert window.actions_by_name["add_companion"].text() == "Add &companion..."
        assert all(a.isVisible() for a in window.system_actions.values())
        window.close()
