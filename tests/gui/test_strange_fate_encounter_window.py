"""A Strange Fate character from the library taken into the encounter window across two Power
Tiers (issue 10 "Done when"): the dice panel shows each side's pool by the tiers of the skills in
use (L1153), typed faces of a 3dF+1d6 or 2dF+2d6 pool are read as such, blank dice are drawn
from the right pool, a static difficulty's tier gives 3dF-1d6 (L4036-L4042), a hit checks every
box to its left (L4195), and the results go back to the library character."""

from __future__ import annotations

import random
import uuid
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import CharacterPicker, TextPrompt
from rules.encounter import NextExchangeEvent, StartEvent
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
HALE = REPO / "docs/examples/encounters/characters/strange-fate-professor-hale.fatesmith.json"


@pytest.fixture
def library(library_url: str, registry: Any) -> Any:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def press(qtbot: QtBot, window: Any, key: str) -> None:
    """A table command: Shift+letter in the app's shortcut scheme (gui/shortcuts.py)."""
    if QApplication.activeWindow() is not window:
        window.raise_()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.table.setFocus()
    qtbot.keyClick(window.table, key, Qt.KeyboardModifier.ShiftModifier)


def test_two_tiers_in_the_encounter_window(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    hale = read_character_file(HALE, registry)
    # Hale's Strength Training is Extraordinary; his double, "Grendel", punches at Superhuman
    grendel = hale.model_copy(
        update={
            "id": uuid.uuid4(),
            "name": "Mr. Grendel",
            "tiers": {**hale.tiers, "Fisticuffs": "Superhuman"},  # type: ignore[attr-defined]
        }
    )
    library.save_character(hale, expected_version=None)
    library.save_character(grendel, expected_version=None)
    window = open_encounter_window(
        library, None, registry, rng=random.Random(5), system="strange-fate"
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    monkeypatch.setattr(
        CharacterPicker,
        "ask",
        classmethod(lambda cls, parent, rows, note="": [hale.id, grendel.id]),
    )
    window.add_from_library()
    state = window.doc.state
    ids = {p.name: p.id for p in state.participants}
    assert set(ids) == {"Professor Archibald Hale", "Mr. Grendel"}
    h, g = ids["Professor Archibald Hale"], ids["Mr. Grendel"]
    assert window.push(StartEvent())
    panel = window.dice

    # Grendel's Fisticuffs (S) against Hale's Mundane Athletics: 2dF+2d6 against 4dF
    panel.select(actor=g, target=h)
    panel.skill.setCurrentText("Fisticuffs")
    panel.defense_skill.setCurrentText("Athletics")
    assert "(2dF+2d6 vs 4dF)" in panel.odds.text() and "%" in panel.odds.text()
    assert panel.dice.placeholderText() == "roll 2dF+2d6 (or type + + 4 4)"
    panel.dice.setText("0 -1 2 3")
    panel.defense_dice.setText("+000")
    press(qtbot, window, "r")
    entry = window.doc.log[-1]
    assert "Fisticuffs +1 [0 - 2 3] = +5" in entry.text, (entry.text, panel.error.text())
    assert "Athletics +1 [+000] = +2" in entry.text
    # his Swordstick (Deadly [Health], used with Fisticuffs) adds 1 (L4226-L4242)
    assert "3 shifts; +1 weapon: 4" in entry.text
    press(qtbot, window, "s")  # box 4: boxes 1-4 checked (L4195)
    assert window.doc.state.find(h).track("health") == (1, 1, 1, 1, 0)  # type: ignore[union-attr]

    # Hale strikes back with Strength Training (E): dice left blank are drawn as 3dF+1d6
    panel.select(actor=h, target=g)
    panel.skill.setCurrentText("Strength Training")
    panel.defense_skill.setCurrentText("Athletics")
    assert "(3dF+1d6 vs 4dF)" in panel.odds.text()
    press(qtbot, window, "r")
    last = window.doc.state.last
    assert last is not None and last.rolls[0].pool == "3dF+1d6" and last.rolls[1].pool == ""
    assert 1 <= last.rolls[0].faces[3] <= 6

    # a static difficulty one tier above Hale's Mundane Investigation: 3dF-1d6
    assert not panel.difficulty_tier.isHidden()
    panel.select(actor=h, target=None)
    panel.target.setCurrentIndex(0)  # the scene
    panel.skill.setCurrentText("Investigation")
    panel.difficulty.setValue(2)
    panel.difficulty_tier.setValue(1)
    assert "(3dF-1d6 vs the difficulty)" in panel.odds.text()
    pending = window.doc.state.pending_hit
    if pending is not None:  # Grendel absorbs whatever the drawn dice did
        if pending.box is not None:
            press(qtbot, window, "s")
        else:
            monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Dazed"))
            for _ in range(3):  # at most Trifling, Middling, Grievous
                if window.doc.state.pending_hit is not None:
                    press(qtbot, window, "c")
            assert window.doc.state.pending_hit is None
    assert window.push(NextExchangeEvent()), window.status.text()  # Hale has acted
    assert window.push(panel.build("roll")), window.status.text()
    assert window.doc.state.last.rolls[0].pool == "3dF-1d6"  # type: ignore[union-attr]

    # the results go back to Hale in the library
    assert window.save_results() == 2
    back = library.get_character(hale.id).character
    assert back.condition.health[:4] == (True, True, True, True)
