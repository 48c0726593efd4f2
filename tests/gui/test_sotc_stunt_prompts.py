"""Issue 13, "Stunts in play", in the encounter window: right after a hit, the status bar offers
the stunts that apply (Crippling Blow SRD L3181, Lethal Weapon SRD L3285); one that needs
nothing more is pushed at a click, one that needs a value opens the action's form filled in;
undo takes the fate point and the once-per use back."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter.system_actions import SystemActionDialog
from rules.encounter import AttackEvent, SystemActionEvent
from rules.systems.sotc.participant_options import options_of
from tests.gui.sotc_window import npc, started_window

ZERO = (0, 0, 0, 0)


NPCS = (
    npc("Ada", ("Crippling Blow", "Lethal Weapon"), fp=2, Fists=4, Alertness=4),
    npc("Thug", Athletics=1, Endurance=1),
)


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any) -> Any:
    return started_window(qtbot, monkeypatch, registry, *NPCS)


def _ids(window: Any) -> tuple[str, str]:
    state = window.doc.state
    ada = next(p.id for p in state.participants if p.name == "Ada")
    thug = next(p.id for p in state.participants if p.name == "Thug")
    return ada, thug


def test_a_hit_offers_the_blow_stunts_and_a_click_uses_one(window: Any) -> None:
    doc, offers = window.doc, window.offers
    ada, thug = _ids(window)
    assert offers.isHidden() and offers.offers == ()
    attack = AttackEvent(attacker=ada, defender=thug, skill="Fists", defense_skill="Athletics",
                         dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert window.push(attack)  # 3 shifts on Thug
    assert offers.isVisible() and offers.text() == "Now: 2 offered"
    labels = [a.text() for a in offers.menu().actions()]
    assert labels == ["Crippling Blow: Ada on Thug", "Lethal Weapon: Ada on Thug"]
    assert offers.take(0)  # Crippling Blow needs nothing more: pushed as offered
    assert doc.log[-1].event == SystemActionEvent(
        action="crippling_blow", actor=ada, targets=(thug,)
    )
    state = doc.state
    assert state.pending_hit is not None and state.pending_hit.box is None
    assert doc.participant(ada).fate_points == 1
    assert options_of(doc.participant(ada)).used == (f"Crippling Blow|{thug}",)
    assert [e.action for e in offers.offers] == ["lethal_weapon"]  # spent: no longer offered
    doc.undo_stack.undo()  # the fate point and the use come back, and so does the offer
    assert doc.participant(ada).fate_points == 2
    assert options_of(doc.participant(ada)).used == ()
    assert [e.action for e in offers.offers] == ["crippling_blow", "lethal_weapon"]


def test_an_offer_that_needs_a_value_opens_the_form_filled_in(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc, offers = window.doc, window.offers
    ada, thug = _ids(window)
    attack = AttackEvent(attacker=ada, defender=thug, skill="Fists", defense_skill="Athletics",
                         dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert window.push(attack)
    seen: list[SystemActionEvent] = []

    def complete(cls: Any, parent: Any, spec: Any, state: Any, event: Any) -> Any:
        dialog = SystemActionDialog(spec, state, event.actor)
        dialog.preset(event)
        assert dialog.actor.currentData() == ada
        dialog.set_value("text", "Broken Nose")
        answer = dialog.action_event()
        dialog.deleteLater()
        seen.append(event)
        return answer

    monkeypatch.setattr(SystemActionDialog, "complete", classmethod(complete))
    assert offers.take(1)  # Lethal Weapon: the consequence's name is asked
    assert seen[0].action == "lethal_weapon" and seen[0].targets == (thug,)
    thug_now = doc.participant(thug)
    assert [(c.severity, c.text) for c in thug_now.consequences] == [("moderate", "Broken Nose")]
    monkeypatch.setattr(SystemActionDialog, "complete", classmethod(lambda *a: None))
    doc.undo_stack.undo()
    assert not offers.take(1)  # cancelled: nothing pushed
    assert doc.participant(thug).consequences == ()


def test_the_npc_dialog_gives_thick_skinned_its_box_and_feel_the_burn_its_slot(
    qtbot: QtBot,
) -> None:
    """Inline NPCs carry the toughness stunts' effects (Thick Skinned SRD L3075: one box beyond
    Endurance's, Superb 9; Feel the Burn SRD L3015: a fourth consequence in a physical
    conflict); a Health size set by hand stays as set."""
    from gui.systems.sotc.encounter_prompts import SotcNpcPrompt
    from rules.systems.sotc.conflict import SotcConflictRules

    rules = SotcConflictRules()
    dialog = SotcNpcPrompt(rules)
    qtbot.addWidget(dialog)
    dialog.skills.setText("Endurance 5, Fists 3")
    assert "Health 8 boxes" in dialog.preview.text()
    dialog.stunts.setText("One Hit to the Body; Thick Skinned; Feel the Burn")
    assert "Health 9 boxes" in dialog.preview.text()
    answer = dialog.answer()
    assert answer["tracks"]["health"] == 9
    p = rules.npc_participant(pid="tank", **answer)
    assert len(p.track("health")) == 9
    assert len(rules.consequence_slots(p, "physical")) == 4
    dialog.track_spins["health"].setValue(4)
    assert dialog.answer()["tracks"]["health"] == 4
