"""Issue 13 in the window: the hazards that keep going (a fast poison each exchange, a lit fuse),
a chase scene's pursuit points and the care stunts, through the encounter window's real action
dialogs; the marks care and poison leave are written back to the library character and shown on
its "In play" page, where curing the poison is an undo step.

Worked from the SotC SRD (4dF faces as given):

- Slow poison +8 [0000] on Sal (Endurance +2 [0000]): wins by 6, a mild consequence "Creeping
  Venom" that stays until cured (L5581).
- Mae's long-term care of it (L5892-L5903): Science +4 [0000] +2 Doctor = +6 vs Mediocre: one
  step sooner.
- A fast poison +2 [0000] on a thug (Endurance +0 [0000]): 2 shifts, and it attacks again as
  exchange 2 begins (L5577): +2 [+000] = +3 vs +0: 3 shifts.
- Knuckles throws a stick with a medium fuse: it burns down to short as exchange 2 begins (L6020).
- The villain's chase scene: 5 points, two Average cars for 2 (L5507-L5509).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.documents.character_document import CharacterDocument
from gui.encounter import open_encounter_window
from gui.systems.sotc.play_page import PlayPage
from rules.encounter import AddParticipantEvent, NextExchangeEvent, StartEvent, SystemActionEvent
from rules.systems.sotc.character import Treatment
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.settings import SotcSettings
from storage.json_io import read_character_file
from tests.gui.test_sotc_ambush import _through_dialog

REPO = Path(__file__).resolve().parents[2]
CHARACTERS = REPO / "docs" / "examples" / "encounters" / "characters"
ZERO = (0, 0, 0, 0)


@pytest.fixture
def library(library_url: str, registry: Any) -> Any:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def _npc(pid: str, side: str, **skills: int) -> Any:
    return npc_participant(pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(),
                           side=side)  # fmt: skip


def test_timed_hazards_chases_and_care_in_the_window_then_on_the_character(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    chars = {}
    for pid, name in (("sal", "sal-brennan"), ("mae", "mae-harlow")):
        c = read_character_file(CHARACTERS / f"{name}.fatesmith.json", registry)
        library.save_character(c, expected_version=None)
        chars[pid] = library.get_character(c.id).character
    window = open_encounter_window(library, None, registry, rng=random.Random(3))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert {"poison_attack", "lit_fuse", "pursuit", "pursuit_cars", "pursuit_effect"} <= set(
        window.system_actions
    )
    for pid in ("sal", "mae"):
        assert window.add_character(chars[pid], side="heroes", pid=pid, kind="pc")
    for p in (_npc("thug", "villains", Endurance=0), _npc("knuckles", "villains", Weapons=3),
              _npc("boss", "villains", Drive=3)):  # fmt: skip
        assert window.push(AddParticipantEvent(participant=p))

    def act(action: str, **kw: Any) -> str:
        event = SystemActionEvent(action=action, **kw)
        _through_dialog(qtbot, window, event, monkeypatch)
        return window.doc.log[-1].text

    text = act("poison", targets=("sal",), dice=(ZERO, ZERO),
               params={"potency": 8, "kind": "slow", "text": "Creeping Venom"})  # fmt: skip
    assert "mild consequence \u201cCreeping Venom\u201d until cured" in text
    text = act("medical_care", actor="mae", targets=("sal",), dice=(ZERO,),
               params={"consequence": "Creeping Venom"})  # fmt: skip
    assert "(Doctor)" in text and "recovery 1 step sooner" in text
    text = act("pursuit", actor="boss", params={"points": 5})
    text = act("pursuit_cars", actor="boss", params={"count": 2, "id": "cars"})
    assert "spends 2 points on 2 cars" in text and window.doc.state.find("cars") is not None
    assert window.push(StartEvent())
    text = act("poison", targets=("thug",), params={"potency": 2}, dice=(ZERO, ZERO))
    assert "attacks again as each exchange begins" in text
    text = act("throw_explosive", actor="knuckles", params={"fuse": "medium"}, dice=(ZERO,))
    assert "its medium fuse burns" in text
    assert window.push(NextExchangeEvent())
    begins = window.doc.log[-1].text
    assert "the fast poison in Thug (+2) attacks before the first initiative" in begins
    assert "Knuckles's fuse burns down to short" in begins
    text = act("poison_attack", targets=("thug",), dice=((1, 0, 0, 0), ZERO))
    assert "fast poison +2 [+000] = +3" in text
    text = act("lit_fuse", targets=("knuckles",), dice=((0, 0, 1, 1),))
    assert "fuse (short): [00] = +0: it explodes" in text
    # undo and redo the fuse check through the window's stack
    window.doc.undo_stack.undo()
    assert options_of(window.doc.state.find("knuckles")).fuse == "short|0"
    window.doc.undo_stack.redo()
    assert options_of(window.doc.state.find("knuckles")).fuse == ""

    # the marks go back to Sal with his stress and consequences
    assert window.save_results() == 2
    stored = library.get_character(chars["sal"].id).character
    assert [c.text for c in stored.condition.consequences] == ["Creeping Venom"]
    assert stored.treatment == (Treatment(care_tried=True, care_steps=1, uncured=True),)

    # ...and show on his "In play" page, where curing the poison is one undo step
    document = CharacterDocument(stored, registry.get("sotc"), version=None)
    page = PlayPage(document)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    item = page.consequences.item(0).text()
    assert "Creeping Venom [care: 1 step sooner, poison: until cured]" in item
    assert page.cure_poison.isEnabled()
    qtbot.mouseClick(page.cure_poison, Qt.MouseButton.LeftButton)
    assert page.consequences.item(0).text().endswith("[care: 1 step sooner]")
    assert not page.cure_poison.isEnabled()
    document.undo_stack.undo()
    assert "poison: until cured" in page.consequences.item(0).text()
    # striking the consequence out takes its marks with it, and undo brings both back
    page.consequences.setCurrentRow(0)
    qtbot.mouseClick(page.remove_consequence, Qt.MouseButton.LeftButton)
    assert document.character.treatment == () and page.consequences.count() == 0
    document.undo_stack.undo()
    assert document.character.treatment == stored.treatment
