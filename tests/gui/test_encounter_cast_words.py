"""The encounter's cast lists do not call a character without a player an "NPC" (issue #23:
a PC whose player is not written in is not a GM's character)."""

from __future__ import annotations

import uuid
from types import SimpleNamespace
from typing import Any

from gui.encounter.empty_cast import EmptyCastPanel
from gui.encounter.prompts import CharacterPicker

ADA = SimpleNamespace(id=uuid.uuid4(), name="Ada", player="")
BO = SimpleNamespace(id=uuid.uuid4(), name="Bo", player="Sam")


def test_the_library_picker_says_no_player(qtbot: Any) -> None:
    picker = CharacterPicker([ADA, BO])
    qtbot.addWidget(picker)
    texts = [picker.list.item(i).text() for i in range(picker.list.count())]
    assert texts == ["Ada (no player)", "Bo (Sam)"]


def test_the_empty_scene_list_says_no_player(qtbot: Any) -> None:
    panel = EmptyCastPanel(
        add_from_library=lambda: None,
        add_npc=lambda: None,
        add_minions=lambda: None,
        add_character_id=lambda _id: None,
    )
    qtbot.addWidget(panel)
    panel.set_characters([BO, ADA])
    texts = [panel.items.item(r).text() for r in range(panel.items.rowCount())]
    assert texts == ["Ada (no player)", "Bo (Sam)"]
    assert not any("NPC" in t for t in texts)
