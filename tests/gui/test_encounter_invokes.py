"""Invokes and tags from the dice panel: a scene aspect's free tag, an opponent's aspect for a
fate point that reaches its owner when the exchange ends, +2 or a reroll, on the attack or the
defense, and tags for effect (SotC "Spending Fate Points" L287-L326, "Tagging" L869-L885 and
L1643, digest 5.2 and 5.3)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from rules.conflict import fill_dice
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    AttackEvent,
    Invoke,
    NextExchangeEvent,
    StartEvent,
    TakeConsequenceEvent,
)
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.settings import SotcSettings


def npc(pid: str, side: str, aspects: tuple[str, ...], **skills: int) -> Any:
    return npc_participant(
        pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), side=side,
        fate_points=3, aspects=aspects,
    )  # fmt: skip


@pytest.fixture
def window(qtbot: QtBot, registry: Any) -> Any:
    w = open_encounter_window(None, None, registry, rng=random.Random(5))
    qtbot.addWidget(w)
    hero = npc("hero", "h", ("Brave",), Fists=3, Alertness=3, Athletics=2)
    villain = npc("villain", "v", ("Glass Jaw",), Fists=2, Alertness=1, Athletics=1)
    for ev in (
        AddParticipantEvent(participant=hero),
        AddParticipantEvent(participant=villain),
        AddAspectEvent(text="Slippery Floor", free_tags=1),
        StartEvent(),
    ):
        assert w.push(ev), w.status.text()
    panel = w.dice
    panel.select(actor="hero", target="villain")
    panel.skill.setCurrentText("Fists")
    panel.defense_skill.setCurrentText("Athletics")
    return w


def odds(panel: Any) -> int:
    return int(panel.odds.text().rsplit(" ", 1)[1].rstrip("%"))


def test_tag_scene_and_opponent_aspects_and_the_fate_point_reaches_the_victim(
    window: Any,
) -> None:
    panel, doc = window.dice, window.doc
    before = odds(panel)
    panel.select_invoke("a1")  # the scene aspect's free tag
    panel.invoke_free.setChecked(True)
    panel.add_invoke()
    panel.select_invoke("Glass Jaw", on="villain")  # the opponent's aspect: a fate point
    assert not panel.invoke_free.isEnabled()  # a permanent aspect has no free tag
    panel.add_invoke()
    assert odds(panel) > before  # +4 counted before rolling
    assert panel.invoke_list.count() == 2 and "free tag" in panel.invoke_list.item(0).text()
    panel.dice.setText("0000")
    panel.defense_dice.setText("0000")
    panel.request("attack")
    event = doc.log[-1].event
    assert event.invokes == (
        Invoke(aspect="a1", by="hero", free=True),
        Invoke(aspect="Glass Jaw", by="hero", on="villain"),
    )
    state = doc.state
    assert state.last.rolls[0].effort == 3 + 4  # Fists 3, dice 0, two invokes
    assert state.find("hero").fate_points == 2 and state.aspect("a1").free_tags == 0
    assert state.pending_fp == ("villain",) and state.find("villain").fate_points == 3
    assert panel.invoke_list.count() == 0  # invokes go with the roll
    assert state.pending_hit is not None and state.pending_hit.box is None  # 6 shifts, 5 boxes
    assert window.push(TakeConsequenceEvent(who="villain", text="Broken Jaw"))
    assert window.push(NextExchangeEvent())
    assert doc.state.find("villain").fate_points == 4  # paid when the exchange ends
    # undo takes the whole attack back, fate points and free tag included
    for _ in range(3):
        doc.undo_stack.undo()
    assert doc.state.find("hero").fate_points == 3 and doc.state.aspect("a1").free_tags == 1


def test_defense_invoke_and_rerolls_typed_or_rolled(window: Any) -> None:
    panel, doc = window.dice, window.doc
    panel.select_invoke("Brave", on="hero")
    panel.invoke_effect.setCurrentIndex(panel.invoke_effect.findData("reroll"))
    panel.add_invoke()
    panel.invoke_side.setCurrentIndex(panel.invoke_side.findData("target"))
    panel.invoke_effect.setCurrentIndex(panel.invoke_effect.findData("bonus"))
    panel.select_invoke("Glass Jaw", on="villain")
    panel.add_invoke()  # the villain invokes his own aspect on the defense
    panel.dice.setText("----")
    panel.defense_dice.setText("0000")
    panel.reroll_dice.setText("++++")
    panel.request("attack")
    event = doc.log[-1].event
    assert event.invokes == (Invoke(aspect="Brave", by="hero", on="hero", reroll=(1, 1, 1, 1)),)
    assert event.defense_invokes == (Invoke(aspect="Glass Jaw", by="villain", on="villain"),)
    a, d = doc.state.last.rolls
    assert a.faces == (1, 1, 1, 1) and a.effort == 3 + 4 and d.effort == 1 + 2
    assert doc.state.pending_fp == ()  # each used his own aspect: nobody is owed

    # a reroll with no typed faces is rolled (and kept in the log for an exact replay)
    ev = AttackEvent(attacker="hero", defender="villain", skill="Fists", defense_skill="Athletics",
                     invokes=(Invoke(aspect="Brave", by="hero", reroll=()),))  # fmt: skip
    filled = fill_dice(window.doc.rules, ev, random.Random(9))
    assert filled.dice is not None and filled.invokes[0].reroll is not None
    assert len(filled.invokes[0].reroll) == 4
    assert fill_dice(window.doc.rules, ev, random.Random(9)) == filled


def test_tag_for_effect_and_refusals_are_explained(window: Any) -> None:
    panel, doc = window.dice, window.doc
    panel.select_invoke("Glass Jaw", on="villain")
    panel.tag_for_effect()
    assert doc.log[-1].event.do == "tag_aspect" and doc.state.pending_fp == ("villain",)
    assert doc.state.find("hero").fate_points == 2
    # the same aspect twice on one roll: the engine says no, nothing changes
    panel.add_invoke()
    panel.add_invoke()
    n = doc.undo_stack.count()
    panel.dice.setText("0000")
    panel.defense_dice.setText("0000")
    panel.request("attack")
    assert doc.undo_stack.count() == n and "once" in window.status.text()
    assert panel.invoke_list.count() == 2 and panel.dice.text() == "0000"  # kept to fix
    panel.invoke_list.setCurrentRow(1)
    panel.remove_invoke()
    panel.request("attack")
    assert doc.log[-1].event.do == "attack" and panel.invoke_list.count() == 0
    # the target's invokes need a defense roll
    panel.invoke_side.setCurrentIndex(panel.invoke_side.findData("target"))
    panel.add_invoke()
    panel.request("block")
    assert "defense roll" in panel.error.text()


def test_odds_count_a_queued_reroll_used_only_on_a_failure(window: Any) -> None:
    """SotC "Invoking Aspects" (L838-L849): a reroll is taken when the roll falls short, so the
    odds shown count it (rules.conflict.contest_odds, exactly); its target's reroll lowers them."""
    from rules.conflict import contest_odds

    panel, doc = window.dice, window.doc
    before = odds(panel)
    assert "reroll" not in panel.odds.text()
    panel.select_invoke("Brave", on="hero")
    panel.invoke_effect.setCurrentIndex(panel.invoke_effect.findData("reroll"))
    panel.add_invoke()
    text = panel.odds.text()
    assert "counting 1 reroll, used only when behind" in text
    expected = contest_odds(doc.rules, doc.state, 3, 1, rerolls=1)  # Fists 3 vs Athletics 1
    assert odds(panel) == round(float(expected) * 100) and odds(panel) > before
    panel.invoke_side.setCurrentIndex(panel.invoke_side.findData("target"))
    panel.select_invoke("Glass Jaw", on="villain")
    panel.add_invoke()
    assert "the target's 1 reroll" in panel.odds.text()
    both = contest_odds(doc.rules, doc.state, 3, 1, rerolls=1, defense_rerolls=1)
    assert odds(panel) == round(float(both) * 100) and both < expected
