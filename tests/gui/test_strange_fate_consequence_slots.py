"""Strange Fate's consequences in the encounter window, in the book's words and by the slot the
GM picks (issue #23). A hit may be absorbed by any free consequence: Trifling absorbs 2,
Middling 4, Grievous 6 (SRD "Consequences", L4211-L4216; digest 14.5: the victim picks which).
The turn-order table, the log and the window speak of Trifling / Middling / Grievous, never of
SotC's mild / moderate / severe.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from gui.encounter import open_encounter_window
from gui.encounter.prompts import TextPrompt
from rules.encounter import AddParticipantEvent, StartEvent


@pytest.fixture
def window(qtbot: Any, registry: Any, tmp_path: Path) -> Any:
    from storage.library import Library

    lib = Library.open(f"sqlite:///{tmp_path / 'l.db'}", registry=registry, samples=False)
    win = open_encounter_window(lib, None, lib.registry, rng=random.Random(2),
                                system="strange-fate")  # fmt: skip
    qtbot.addWidget(win)
    cr = win.doc.conflict_rules
    cast = (("ann", "heroes", {"Fisticuffs": 4, "Alertness": 3}),
            ("bob", "villains", {"Athletics": 0, "Alertness": 1}))  # fmt: skip
    for seat, (pid, side, skills) in enumerate(cast):
        p = cr.npc_participant(pid=pid, name=pid.title(), skills=skills, side=side, seat=seat)
        assert win.push(AddParticipantEvent(participant=p))
    assert win.push(StartEvent())
    yield win
    lib.close()


def _hit_bob_for_four(window: Any) -> None:
    panel = window.dice
    panel.select(actor="ann", target="bob")
    panel.skill.setCurrentText("Fisticuffs")
    panel.defense_skill.setCurrentText("Athletics")
    panel.dice.setText("0000")  # +4
    panel.defense_dice.setText("0000")  # +0: four shifts, and Bob has three boxes
    panel.request("attack")
    hit = window.doc.state.pending_hit
    assert hit is not None and hit.target == "bob" and hit.shifts == 4 and hit.box is None


def test_the_gm_picks_the_slot_that_takes_the_hit(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hit_bob_for_four(window)
    slot = window.scene.consequence_slot
    assert not window.scene.slot_row.isHidden()
    labels = [slot.itemText(i) for i in range(slot.count())]
    assert labels == ["Trifling (absorbs 2)", "Middling (absorbs 4)", "Grievous (absorbs 6)"]
    # the default: the lightest slot that absorbs the whole hit
    assert slot.currentData() == "moderate"
    slot.setCurrentIndex(slot.findData("mild"))  # the GM keeps the Middling for later
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Winded"))
    window.take_consequence(False)
    bob = window.doc.state.find("bob")
    assert [(c.severity, c.text) for c in bob.consequences] == [("mild", "Winded")]
    text = window.doc.log[-1].text
    assert "takes a Trifling consequence" in text and "2 left" in text, text
    assert "mild" not in text
    # the table in the book's words
    row = window.model.row_of("bob")
    column = window.model.column_index["consequences"]
    assert window.model.index(row, column).data() == "Trifling: Winded"
    # two points left: box 2, or one of the two slots still free
    assert window.doc.state.pending_hit.box == 1
    assert [slot.itemData(i) for i in range(slot.count())] == ["moderate", "severe"]
    window.mark_stress()
    assert window.doc.state.pending_hit is None and window.scene.slot_row.isHidden()


def test_a_slot_already_filled_is_not_offered(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Sprained Wrist"))
    window.select("bob")
    window.take_consequence(False)  # a voluntary one: the lightest
    assert window.doc.log[-1].text.startswith("Bob takes a Trifling consequence")
    _hit_bob_for_four(window)
    slot = window.scene.consequence_slot
    assert [slot.itemData(i) for i in range(slot.count())] == ["moderate", "severe"]
    assert slot.currentData() == "moderate"
