"""Issue 13, SotC at the table (more), in the encounter window: as an exchange begins, the Now
button offers a fast poison's due attack (SRD L5577: it "occurs before the first initiative of
an exchange"); until it is rolled the window refuses the others' actions, and the GM's override
(Shift+G) lets one through with the reason logged; in a chase scene it offers a reserve car as
a pursuing car falls (SRD L5509)."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter.prompts import TextPrompt
from rules.encounter import (
    AttackEvent,
    NextExchangeEvent,
    SystemActionEvent,
    TakeOutEvent,
)
from rules.systems.sotc.participant_options import options_of
from tests.gui.sotc_window import participant_id as _id
from tests.gui.sotc_window import started_window

ZERO = (0, 0, 0, 0)


def npc(name: str, **skills: int) -> dict[str, Any]:
    return {"name": name, "skills": skills, "side": name, "stunts": (), "fate_points": 1}


NPCS = (
    npc("Ada", Endurance=1, Alertness=4, Fists=2),
    npc("Bo", Fists=3),
)


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any) -> Any:
    return started_window(qtbot, monkeypatch, registry, *NPCS)


def test_the_due_poison_attack_is_offered_and_comes_first(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SRD L5577: the poisoned exchange's successor opens with the poison's attack offered;
    Bo's attack is refused until it is rolled or the GM overrides (logged)."""
    doc, offers = window.doc, window.offers
    ada, bo = _id(window, "Ada"), _id(window, "Bo")
    assert window.push(SystemActionEvent(action="poison", targets=(ada,), params={"potency": 3},
                                         dice=(ZERO, ZERO)))  # fmt: skip
    assert "Poison attacks: Ada" not in [a.text() for a in offers.menu().actions()]
    assert window.push(NextExchangeEvent())
    assert offers.isVisible()
    assert offers.menu().actions()[0].text() == "Poison attacks: Ada"
    punch = AttackEvent(attacker=bo, defender=ada, skill="Fists", defense_skill="Fists",
                        dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert not window.push(punch)
    assert "attacks before the first initiative" in window.status.text()
    # the GM lets Bo's punch go first (Shift+G on Bo), the log says why
    monkeypatch.setattr(TextPrompt, "ask", lambda *a, **k: "already swinging")
    window.select(bo)
    window.gm_override()
    assert window.push(punch)
    assert "(GM override: the fast poison in Ada attacks" in doc.log[-1].text
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert offers.take(0)  # the poison's attack, its dice drawn by the window
    assert "fast poison +3" in doc.log[-1].text
    assert options_of(doc.state.find(ada)).poison_due == 0
    assert "poison_attack" not in [e.action for e in offers.offers]


def test_a_reserve_car_is_offered_when_a_pursuing_car_falls(window: Any) -> None:
    """SRD L5509: reserve cars "enter the chase one by one, as individual minions are taken
    out": once the first car is out, Now offers the pursuer's reserve car; a click sends it in."""
    doc, offers = window.doc, window.offers
    bo = _id(window, "Bo")
    assert window.push(SystemActionEvent(action="pursuit", actor=bo, params={"points": 2}))
    assert window.push(SystemActionEvent(action="pursuit_cars", actor=bo, params={
        "quality": 1, "count": 2, "reserve": 1, "id": "cars"}))  # fmt: skip
    assert "reserve_car" not in [e.action for e in offers.offers]
    assert window.push(TakeOutEvent(who="cars"))
    assert "Chase scene: a reserve car enters: Bo" in [a.text() for a in offers.menu().actions()]
    index = [e.action for e in offers.offers].index("reserve_car")
    assert offers.take(index)
    assert "enters the chase for Bo; 0 left in reserve" in doc.log[-1].text
    assert "reserve_car" not in [e.action for e in offers.offers]
