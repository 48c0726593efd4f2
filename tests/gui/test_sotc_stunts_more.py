"""Issue 13, "Stunts in play", in the encounter window: the dice panel offers Guns as a defense
only to a defender with Shot on the Run (SRD L3387: "normally, Guns cannot be used
defensively"), and a Guns defense rolled from the panel is logged; after an Intimidation check
the Now button offers Steely Gaze (SRD L3557), and Death Defiance (SRD L3047) opens its form
filled in once its user is taken out."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.encounter.system_actions import SystemActionDialog
from rules.encounter import AttackEvent, SystemActionEvent, TakeOutEvent
from rules.systems.sotc.participant_options import options_of
from tests.gui.sotc_window import npc, started_window
from tests.gui.sotc_window import participant_id as _id

ZERO = (0, 0, 0, 0)


NPCS = (
    npc("Ada", ("Steely Gaze",), fp=2, Fists=4, Intimidation=4, Alertness=5),
    npc("Kid", ("Shot on the Run", "Death Defiance"), fp=3, Guns=3, Resolve=1, Alertness=4),
    npc("Mug", Guns=3, Athletics=1),
)


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any) -> Any:
    return started_window(qtbot, monkeypatch, registry, *NPCS)


def _items(combo: Any) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_guns_is_a_defense_only_for_shot_on_the_run(qtbot: QtBot, window: Any) -> None:
    """SRD L3387: the defense skills follow the chosen target's stunts; the Guns defense the
    panel rolls for Kid is the one the engine logs."""
    panel = window.dice
    ada, kid, mug = _id(window, "Ada"), _id(window, "Kid"), _id(window, "Mug")
    panel.select(actor=ada, target=mug)
    assert "Guns" not in _items(panel.defense_skill)
    assert "Athletics" in _items(panel.defense_skill)
    panel.select(target=kid)
    assert _items(panel.defense_skill)[-1] == "Guns"
    panel.defense_skill.setCurrentText("Guns")
    panel.skill.setCurrentText("Fists")
    panel.dice.setText("0000")
    panel.defense_dice.setText("0000")
    qtbot.mouseClick(panel.attack_button, Qt.MouseButton.LeftButton)
    event = window.doc.log[-1].event
    assert isinstance(event, AttackEvent) and event.defense_skill == "Guns"
    assert "Kid Guns +3 [0000] = +3" in window.doc.log[-1].text
    panel.select(target=mug)  # Guns was Kid's only: the panel goes back to a skill Mug has
    assert "Guns" not in _items(panel.defense_skill)
    assert panel.defense_skill.currentText() != "Guns"


def test_steely_gaze_is_offered_after_an_intimidation_check(window: Any) -> None:
    """SRD L3557: Ada's Intimidation check on Kid offers the gaze; a click locks the two, and
    undo unlocks them."""
    doc, offers = window.doc, window.offers
    ada, kid = _id(window, "Ada"), _id(window, "Kid")
    attack = AttackEvent(attacker=ada, defender=kid, skill="Intimidation",
                         defense_skill="Resolve", dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert window.push(attack)
    assert [a.text() for a in offers.menu().actions()] == ["Steely Gaze: Ada on Kid"]
    assert offers.take(0)
    assert doc.log[-1].event == SystemActionEvent(action="steely_gaze", actor=ada, targets=(kid,))
    assert "locks eyes with Kid" in doc.log[-1].text
    assert any(e.startswith("Gaze|") for e in options_of(doc.participant(kid)).used)
    doc.undo_stack.undo()
    assert options_of(doc.participant(kid)).used == ()


def test_death_defiance_opens_its_form_once_taken_out(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SRD L3047: taken out, Kid is offered Death Defiance; the form asks the consequence; half
    of 3 fate points rounded up is 2."""
    doc, offers = window.doc, window.offers
    kid = _id(window, "Kid")
    assert window.push(TakeOutEvent(who=kid))
    assert [e.action for e in offers.offers] == ["death_defiance"]

    def complete(cls: Any, parent: Any, spec: Any, state: Any, event: Any) -> Any:
        dialog = SystemActionDialog(spec, state, event.actor)
        dialog.preset(event)
        dialog.set_value("text", "Singed but Alive")
        answer = dialog.action_event()
        dialog.deleteLater()
        return answer

    monkeypatch.setattr(SystemActionDialog, "complete", classmethod(complete))
    assert offers.take(0)
    kid_now = doc.participant(kid)
    assert kid_now.fate_points == 1 and kid_now.taken_out
    assert [(c.severity, c.text) for c in kid_now.consequences] == [("mild", "Singed but Alive")]
    assert offers.offers == ()
