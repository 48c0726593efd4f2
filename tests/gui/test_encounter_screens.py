"""Offscreen grabs of the encounter window at 1280x720 (mid-fight, the keyboard shortcuts, the
player view); with FATESMITH_SCREENSHOTS=1 they are written to docs/screenshots/encounter-*.png
to be looked at. Without it the test still lays the windows out at that size and checks that the
panels fit (nothing squeezed below its minimum)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from rules.encounter import AddParticipantEvent, AddZoneEvent, PlaceEvent, SetBorderEvent
from rules.encounter_script import build_encounter, parse_script
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "docs" / "examples" / "encounters" / "dockside-brawl.json"
SHOTS = REPO / "docs" / "screenshots"
MID_FIGHT = 20  # events of the worked conflict: exchange 2, the Baron blocked, Jack hurt


def mid_fight(qtbot: QtBot, registry: Any) -> Any:
    """The window with the Dockside cast framed through its own transitions, mid-fight."""
    script = parse_script(json.loads(SCRIPT.read_text(encoding="utf-8")))
    jack = read_character_file(SCRIPT.parent / "characters/jack-corrigan.fatesmith.json", registry)
    sotc = registry.get("sotc")
    initial = build_encounter(
        script, {"jack": jack}, sotc.conflict_rules(), sotc.ladder, system="sotc"
    )
    window = open_encounter_window(None, None, registry, rng=random.Random(3))
    qtbot.addWidget(window)
    from rules.encounter import SetSceneEvent

    assert window.push(SetSceneEvent(name=script.name))
    for z in initial.zones:
        assert window.push(AddZoneEvent(zone=z.id, name=z.name))
    for b in initial.borders:
        assert window.push(SetBorderEvent(between=b.between, value=b.value))
    from rules.encounter import AddAspectEvent

    assert window.push(AddAspectEvent(text="Crates Everywhere"))
    for p in initial.participants:
        assert window.push(AddParticipantEvent(participant=p.model_copy(update={"zone": None})))
        if p.zone is not None:
            assert window.push(PlaceEvent(who=p.id, zone=p.zone))
    for event in script.events[:MID_FIGHT]:
        assert window.push(event), window.status.text()
    return window


def _save(widget: Any, name: str) -> None:
    if os.environ.get("FATESMITH_SCREENSHOTS") == "1":
        SHOTS.mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(SHOTS / name))


def test_screenshots_of_the_encounter_window(qtbot: QtBot, registry: Any) -> None:
    window = mid_fight(qtbot, registry)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.select("jack")
    panel = window.dice
    panel.select(actor="jack", target="baron")
    panel.defense_skill.setCurrentText("Athletics")
    panel.select_invoke("a1")
    panel.add_invoke()
    assert "%" in panel.odds.text()
    _save(window, "encounter-window.png")
    assert window.dice.minimumSizeHint().height() <= window.dice.height() + 1
    assert window.scene.minimumSizeHint().height() <= window.scene.height() + 1
    shortcuts = window.show_shortcuts()  # Help > Keyboard Shortcuts (non-modal)
    qtbot.waitExposed(shortcuts)
    assert not shortcuts.isModal() and shortcuts.tree.topLevelItemCount() > 40
    _save(shortcuts, "encounter-help.png")
    shortcuts.close()
    view = window.show_player_view()
    qtbot.addWidget(view)
    view.resize(1280, 720)
    qtbot.waitExposed(view)
    assert "Jack Corrigan" in view.visible_names()
    _save(view, "encounter-player-view.png")


def test_screenshot_of_an_empty_encounter(qtbot: QtBot, registry: Any, tmp_path: Path) -> None:
    """What a new GM sees first: the add buttons and the quick-add list, not an empty table."""
    from storage.library import Library

    url = f"sqlite:///{tmp_path / 'lib.sqlite3'}"
    with Library.open(url, registry=registry) as library:  # the sample characters
        window = open_encounter_window(library, None, registry, rng=random.Random(3))
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        assert window.cast_stack.currentWidget() is window.empty_cast
        assert len(window.empty_cast.listed_names()) >= 3
        _save(window, "encounter-empty.png")
        window.close()
