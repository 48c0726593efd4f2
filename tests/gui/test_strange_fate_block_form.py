"""The encounter window's block form offers a persistent block where the system has them
(Strange Fate L4354: "a block can persist without further action from the blocker ... a
cumulative +1 bonus to their rolls each round"; the panel asks
``ConflictRules.persistent_block_bonus``, naming no system) and not in SotC, whose blocks last
their exchange."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import CharacterPicker
from rules.encounter import NextExchangeEvent, StartEvent
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
HALE = REPO / "docs/examples/encounters/characters/strange-fate-professor-hale.fatesmith.json"


@pytest.fixture
def library(library_url: str, registry: Any) -> Any:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def test_a_persistent_block_from_the_block_form_l4354(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkbox shows, a block made with it ticked stands into the next exchange (the +1 a
    round to get past it: tests/rules/test_strange_fate_action_time.py); the box clears after
    the block."""
    hale = read_character_file(HALE, registry)
    library.save_character(hale, expected_version=None)
    window = open_encounter_window(
        library, None, registry, rng=random.Random(5), system="strange-fate"
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    monkeypatch.setattr(
        CharacterPicker, "ask", classmethod(lambda cls, parent, rows, note="": [hale.id])
    )
    window.add_from_library()
    [h] = [p.id for p in window.doc.state.participants]
    assert window.push(StartEvent())
    panel = window.dice
    assert panel.persistent.isVisibleTo(panel) and not panel.persistent.isChecked()
    panel.select(actor=h, target=None)
    panel.skill.setCurrentText("Athletics")
    panel.dice.setText("0000")
    qtbot.mouseClick(panel.persistent, Qt.MouseButton.LeftButton)
    assert panel.persistent.isChecked()
    qtbot.mouseClick(panel.block_button, Qt.MouseButton.LeftButton)
    [wall] = window.doc.state.blocks
    assert wall.persistent and wall.by == h
    assert not panel.persistent.isChecked()  # the next block is an ordinary one
    assert window.push(NextExchangeEvent())
    assert [b.persistent for b in window.doc.state.blocks] == [True]  # it stands on


def test_no_persistent_block_in_a_system_without_them(
    qtbot: QtBot, library: Any, registry: Any
) -> None:
    """SotC's blocks last their exchange (``persistent_block_bonus`` None): no checkbox."""
    window = open_encounter_window(library, None, registry, rng=random.Random(5), system="sotc")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    panel = window.dice
    assert panel.block_button.isVisibleTo(panel)
    assert not panel.persistent.isVisibleTo(panel)
