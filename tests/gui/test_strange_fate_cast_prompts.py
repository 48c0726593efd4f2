"""Strange Fate's questions in the encounter window's cast dialogs (the generic option-field
seam, gui/encounter/prompts.py OptionField): an inline NPC and a minion group get a Power Tier
(L1137-L1166, L4465-L4535), an NPC a role and its side's group consequences (L4537-L4597),
through the real dialogs' widgets; and its Tier Benefit actions in the Rules menu."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import MinionPrompt, NpcPrompt
from gui.encounter.system_prompts import GenericEncounterPrompts


@pytest.fixture
def window(qtbot: QtBot, registry: Any) -> Any:
    w = open_encounter_window(None, None, registry, rng=random.Random(1), system="strange-fate")
    qtbot.addWidget(w)
    return w


def answering(fill: Any) -> Any:
    """A stand-in for ``exec``: fill the real dialog's widgets, then accept."""

    def exec_(self: QDialog) -> int:
        fill(self)
        return int(QDialog.DialogCode.Accepted)

    return exec_


def test_an_inline_npc_gets_a_tier_a_role_and_a_pool(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Good (+3) Brawn ogre at Superhuman, an adversary naming the 1-2 adversaries pool
    (2 Trifling, 1 Middling, L4592): its options carry all three, and its Brawn rolls at S."""

    def fill(dialog: NpcPrompt) -> None:
        dialog.name.setText("Ogre")
        dialog.skills.setText("Brawn 3")
        tier, role, pool = dialog.option_fields.boxes
        tier.setCurrentText("Superhuman")
        role.setCurrentIndex(1)
        pool.setCurrentIndex(1)

    monkeypatch.setattr(NpcPrompt, "exec", answering(fill))
    assert window.add_npc()
    ogre = window.doc.state.participants[-1]
    assert ogre.options == {
        "tier": 2, "role": "adversary", "group_trifling": 2, "group_middling": 1,
    }  # fmt: skip
    cr = window.doc.conflict_rules
    assert cr.skill_tier(ogre, "Brawn", "physical") == 2
    assert cr.consequence_slots(ogre, "physical") == ("mild", "mild", "moderate")


def test_a_default_npc_sets_no_options(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mundane, a plain named NPC, no pool: nothing is written (the book's defaults)."""
    monkeypatch.setattr(NpcPrompt, "exec", answering(lambda d: d.skills.setText("Fists 2")))
    assert window.add_npc()
    assert window.doc.state.participants[-1].options == {}


def test_a_minion_group_gets_a_tier(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fair minions at Extraordinary (the book suggests E for Fair minions that outnumber the
    PCs, L4465-L4535): the group's scopes roll at E."""

    def fill(dialog: MinionPrompt) -> None:
        dialog.quality.setValue(2)
        dialog.option_fields.boxes[0].setCurrentText("Extraordinary")

    monkeypatch.setattr(MinionPrompt, "exec", answering(fill))
    window.add_minions()
    group = window.doc.state.participants[-1]
    assert group.options == {"tier": 1} and group.count == 4
    assert window.doc.conflict_rules.skill_tier(group, "Physical", "physical") == 1


def test_systems_without_fields_keep_the_plain_dialogs(qtbot: QtBot) -> None:
    """The generic prompts ask nothing more: a minion answer stays (name, quality, count)."""
    prompts = GenericEncounterPrompts()
    assert prompts.npc_fields == () and prompts.minion_fields == ()
    dialog = MinionPrompt()
    qtbot.addWidget(dialog)
    assert dialog.option_fields.options() == {}


def test_the_tier_benefit_actions_in_the_rules_menu(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Rules menu offers the movement Tier Benefits and the attack's nature; the free
    Move form, filled in through its real widgets, moves a Superhuman runner two zones
    without spending her action (L2310)."""
    from gui.encounter.system_actions import SystemActionDialog
    from rules.encounter import (
        AddParticipantEvent,
        AddZoneEvent,
        PlaceEvent,
        SetBorderEvent,
        StartEvent,
    )

    cr = window.doc.conflict_rules
    runner = cr.npc_participant(pid="runner", name="Runner", skills={"Athletics": 3}, side="pc")
    runner = runner.model_copy(update={"options": {"benefits": ("Move:2",)}})
    assert window.push(AddParticipantEvent(participant=runner))
    for zone in "abc":
        assert window.push(AddZoneEvent(zone=zone))
    assert window.push(SetBorderEvent(between=("a", "b")))
    assert window.push(SetBorderEvent(between=("b", "c")))
    assert window.push(PlaceEvent(who="runner", zone="a"))
    assert window.push(StartEvent())
    labels = {a.text() for a in window.system_actions.values()}
    assert {
        "Free move (Move or Leap Tier Benefit)...",
        "Move unseen (Hide Tier Benefit)...",
        "Name what an attack is (Invulnerability and Weakness)...",
    } <= labels

    def fill_move(dialog: SystemActionDialog) -> None:
        dialog.actor.setCurrentIndex(dialog.actor.findData("runner"))
        dialog.set_value("to", "c")

    monkeypatch.setattr(SystemActionDialog, "exec", answering(fill_move))
    window.system_actions["tier_move"].trigger()
    moved = window.doc.state.find("runner")
    assert moved is not None and moved.zone == "c" and not moved.acted
    assert "Free Action (Move, Superhuman)" in window.doc.log[-1].text


def test_the_scene_panel_offers_the_shared_pool(window: Any) -> None:
    """An adversary who does not name the pool still draws on its side's (L4586): the pending
    hit's line offers it a consequence; once the pool is spent it offers none."""
    from rules.encounter import (
        AddParticipantEvent,
        ApplyStressEvent,
        StartEvent,
        TakeConsequenceEvent,
        TakeOutEvent,
    )

    cr = window.doc.conflict_rules
    for pid, options in (
        ("kray", {"role": "adversary", "group_trifling": 1}),
        ("ron", {"role": "adversary"}),
    ):
        p = cr.npc_participant(pid=pid, name=pid.title(), skills={"Fists": 2}, side="gang")
        assert window.push(
            AddParticipantEvent(participant=p.model_copy(update={"options": options}))
        )
    assert window.push(StartEvent())
    assert window.push(ApplyStressEvent(who="ron", amount=9))
    assert "a consequence" in window.scene.pending.text()
    assert window.push(TakeConsequenceEvent(who="ron", text="Winded"))
    assert window.push(TakeOutEvent(who="ron"))
    assert window.push(ApplyStressEvent(who="kray", amount=9))
    assert "a consequence" not in window.scene.pending.text()


def test_an_inline_npc_takes_benefits_natures_and_invulnerabilities(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The NPC dialog's checked lists: a Superhuman Leap (L2238), a Flame Lance of fire for a
    defender's narrow Invulnerability (L1186), its own Minor Invulnerability to cold (L1188)
    and a Major Weakness to cold iron (L1194), written as the rules read them."""

    def fill(dialog: NpcPrompt) -> None:
        dialog.name.setText("Salamander")
        dialog.skills.setText("Flame Lance 3, Athletics 2")
        benefits, natures, invulnerable, weak = dialog.option_fields.edits
        benefits.setText("leap superhuman, Move:E")
        natures.setText("Flame Lance: fire")
        invulnerable.setText("cold:minor")
        weak.setText("cold iron: Major")
        assert dialog.option_fields.problem() is None

    monkeypatch.setattr(NpcPrompt, "exec", answering(fill))
    assert window.add_npc()
    salamander = window.doc.state.participants[-1]
    assert salamander.options == {
        "benefits": ("Leap:2", "Move:1"), "natures": ("Flame Lance:fire",),
        "invulnerable": ("cold:minor",), "weak": ("cold iron:major",),
    }  # fmt: skip
    assert window.doc.conflict_rules.participant_options_problem(salamander.options) is None


def test_a_list_the_rules_cannot_read_is_named_in_place(qtbot: QtBot) -> None:
    """Fly is no movement Tier Benefit (Move, Leap, Hide; L2091, L2238, L2310) and Mundane
    skills carry none: the error shows under the field and the dialog stays open."""
    from gui.systems.strange_fate.encounter import encounter_prompts
    from storage.systems_catalog import default_registry

    rules = default_registry().get("strange-fate").conflict_rules(None)
    dialog = NpcPrompt(rules, option_fields=encounter_prompts().npc_fields)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.skills.setText("Wings 3")
    benefits, natures, invulnerable, _weak = dialog.option_fields.edits
    error = dialog.option_fields.errors[0]
    benefits.setText("Fly:S")
    assert (
        error.isVisible()
        and error.text() == "'Fly:S' is not Move, Leap or Hide with a tier (E, S, A, G)"
    )
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted.value and dialog.isVisible()
    with pytest.raises(ValueError, match="Tier Benefits"):
        dialog.option_fields.options()
    benefits.setText("Leap:Mundane")
    assert error.isVisible()
    benefits.setText("Leap:S")
    assert not error.isVisible()
    natures.setText("fire")
    assert dialog.option_fields.errors[1].text() == "'fire' is not skill:nature (Claws:silver)"
    natures.setText("")
    invulnerable.setText("fire:huge")
    assert "minor or major" in dialog.option_fields.errors[2].text()
    invulnerable.setText("")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted.value
    assert dialog.answer()["options"] == {"benefits": ("Leap:2",)}
