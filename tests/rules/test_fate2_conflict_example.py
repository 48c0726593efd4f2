"""The book's exchange-based fight (FATE 2.0 §8 Exchange Based Fights: Cyrus and Finn against
three guards) as an encounter script, docs/examples/encounters/fate2-guards-burst-in.json.

The book gives the results of the rolls, not the dice; the script's skills and faces give
exactly those results. Two of the book's own slips are read as the digest says: in exchange 3
guard B's Fair +1 is Good, not Fair (AMB-22), and Cyrus, having beaten both guards, hurts A by
his margin over the lower roll, B's Good (Superb - Good = 2, Hurt), the reading under which the
book's "hurts one of the guards" holds (AMB-09). Finn's knife catches A unawares (the Drop, §8
Other Combat Modifiers): A defends with his Alertness, Average.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rules.encounter import Encounter
from rules.encounter_script import build_encounter, parse_script, run_events, script_rules
from rules.errors import RuleViolation
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.conflict_counter import exchange_attacks, strike_back
from rules.systems.fate2.conflict_wounds import CLIPPED, HURT, INJURED, wound_penalty
from storage.json_io import read_character_file

EXAMPLE = (
    Path(__file__).resolve().parents[2] / "docs/examples/encounters/fate2-guards-burst-in.json"
)


def run(registry: Any, upto: int | None = None) -> tuple[Encounter, Any, dict[str, Any]]:
    """The script run to its end (or its first ``upto`` events): state, rules, characters."""
    script = parse_script(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    cr = script_rules(script, registry)
    characters = {
        e.id: read_character_file(EXAMPLE.parent / e.file, registry)
        for e in script.cast
        if e.file is not None
    }
    initial = build_encounter(script, characters, cr, registry.info("fate2").ladder)
    events = script.events if upto is None else script.events[:upto]
    state, _ = run_events(cr, initial, events, random.Random(0))
    return state, cr, characters


def wounds(state: Encounter, pid: str) -> tuple[int, ...]:
    p = state.find(pid)
    assert p is not None
    return p.track("wounds")


def test_the_fight_ends_as_the_book_tells_it(registry: Any) -> None:
    """§8 Exchange Based Fights, with §8 Injuries and Advantages (Table 2): Finn clipped in
    exchange 1; Cyrus clipped in exchanges 2 and 4 (the second Clipped takes the next box);
    guard A hurt by Cyrus and injured by Finn's knife in exchange 3, then taken out by a margin
    of 7 in exchange 4; guard C knocked across the room instead of hurt."""
    state, _, _ = run(registry)
    o = 0
    assert wounds(state, "finn") == (CLIPPED, o, o, o, o, o, o, o)
    assert wounds(state, "cyrus") == (CLIPPED, CLIPPED, o, o, o, o, o, o)
    assert wounds(state, "guard-a") == (o, o, o, HURT, o, o, INJURED, o)
    assert wounds(state, "guard-b") == (o,) * 8
    assert wounds(state, "guard-c") == (o,) * 8
    a = state.find("guard-a")
    assert a is not None and a.taken_out
    assert [x.text for x in state.aspects if x.holder == "guard-c"] == ["Knocked Across the Room"]
    # Each hero spent the fate points the book has them spend: Cyrus one, Finn two (of 3).
    fp = {p.id: p.fate_points for p in state.participants}
    assert fp["cyrus"] == 2 and fp["finn"] == 1
    # One box of Brawler and one of Underhanded were checked for the two rerolls.
    left = {x.text: x.free_tags for x in state.aspects}
    assert left["Brawler"] == 1 and left["Underhanded"] == 1


def test_guard_a_is_at_minus_two_going_into_exchange_4(registry: Any) -> None:
    """§8 Exchange Based Fights: "A also takes a -2 penalty (-1 for being injured, -1 for being
    hurt)": the engine puts the wound penalty on his rolls itself (§8 Injuries and Advantages),
    so the script gives him only his +1 for outnumbering, and the log says why he is at -2."""
    script = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    start_4 = [i for i, e in enumerate(script["events"]) if e["do"] == "next_exchange"][-1] + 1
    state, cr, _ = run(registry, start_4)
    assert state.exchange == 4
    assert wound_penalty(wounds(state, "guard-a")) == -2
    a = state.find("guard-a")
    assert a is not None and cr.roll_modifier(a, "Sword") == (-2, "wound penalty: Hurt, Injured")
    attack = script["events"][start_4 + 1]
    assert attack["attacker"] == "guard-a" and attack["modifier"] == 1
    # his Average +1 -2 is the book's Mediocre, and the roll line carries the reason
    state, _, _ = run(registry, start_4 + 2)
    assert state.last is not None
    roll = state.last.rolls[0]
    assert roll.effort == -1 and roll.standing == "-2 wound penalty: Hurt, Injured"
    assert "= -1 (-2 wound penalty: Hurt, Injured)" in state.last.text


def test_the_log_speaks_of_wounds(registry: Any) -> None:
    """FATE 2.0 has wounds, not stress or consequences (§8 Table 1 Combat Outcomes, Table 2
    Wound Track): the log names the outcome and the row a box belongs to."""
    script = parse_script(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    cr = script_rules(script, registry)
    characters = {
        e.id: read_character_file(EXAMPLE.parent / e.file, registry)
        for e in script.cast
        if e.file is not None
    }
    initial = build_encounter(script, characters, cr, registry.info("fate2").ladder)
    _, log = run_events(cr, initial, script.events, random.Random(0))
    text = "\n".join(e.text for e in log)
    for sotc in ("stress", "consequence", "shift", "-point hit"):
        assert sotc not in text
    assert "Finn takes a Clipped result (MoS 1): Wounds box 1 (Clipped)" in text
    assert "Guard A takes a Hurt result (MoS 2): Wounds box 4 (Hurt)" in text
    assert "Guard A checks Wounds box 7 (Injured)" in text
    assert "with no box for it: taken out" in text
    assert "; no wound" in text


def test_results_go_back_to_the_heroes(registry: Any) -> None:
    """Clipped ends with the scene; the heroes keep no Injured box and their fate points."""
    state, cr, characters = run(registry)
    for pid, fp in (("cyrus", 2), ("finn", 1)):
        p = state.find(pid)
        assert p is not None
        back = cr.apply_results(characters[pid], p)
        assert isinstance(back, Fate2Character)
        assert (back.injured, back.fate_points) == (0, fp)


@pytest.mark.parametrize("pid", ["cyrus", "finn"])
def test_heroes_come_from_their_character_files(registry: Any, pid: str) -> None:
    """The cast's files are FATE 2.0 characters: Alertness gives the initiative (§8 Turn Based
    Fights), half of five phases rounded up the fate points (§2 Fate Points)."""
    state, _, characters = run(registry, 0)
    p = state.find(pid)
    assert p is not None and p.character_id == characters[pid].id
    assert p.initiative["physical"] == characters[pid].skills["Alertness"] and p.fate_points == 3


def _log_upto(registry: Any, upto: int) -> tuple[Encounter, Encounter, Any, Any]:
    script = parse_script(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    cr = script_rules(script, registry)
    characters = {
        e.id: read_character_file(EXAMPLE.parent / e.file, registry)
        for e in script.cast
        if e.file is not None
    }
    initial = build_encounter(script, characters, cr, registry.info("fate2").ladder)
    state, log = run_events(cr, initial, script.events[:upto], random.Random(0))
    return initial, state, log, cr


def test_cyrus_strikes_back_at_guard_a(registry: Any) -> None:
    """§8 Exchange Based Fights, exchange 3: Cyrus's Superb beats both guards (Great and Good,
    AMB-22) and he "hurts one of the guards - he chooses guard A" (§8 Multiple Opponents: the
    defender who beats every attacker harms one of his choice). Read against the lowest roll
    (AMB-09) that is the script's own Hurt on A; against A's own roll it would be Clipped; left
    to itself the blow falls on the worst roll, guard B."""
    script = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    hit = next(
        i for i, e in enumerate(script["events"])
        if e["do"] == "apply_stress" and e.get("amount") == 2
    )  # fmt: skip
    initial, state, log, cr = _log_upto(registry, hit)
    pairings = exchange_attacks(cr, initial, log, "cyrus")
    assert [(p.attacker, p.attack, p.defense) for p in pairings] == [
        ("guard-a", 3, 4), ("guard-b", 2, 4),
    ]  # fmt: skip
    blow = strike_back(state, "cyrus", pairings, "guard-a", against_lowest=True)
    assert (blow.do, blow.who, blow.amount, blow.track) == ("apply_stress", "guard-a", 2, "wounds")
    assert script["events"][hit] == {"do": "apply_stress", "who": "guard-a", "amount": 2}
    assert strike_back(state, "cyrus", pairings, "guard-a").amount == 1
    worst = strike_back(state, "cyrus", pairings)
    assert (worst.who, worst.amount) == ("guard-b", 2)


def test_no_blow_back_when_defensive_or_beaten(registry: Any) -> None:
    """§8 Defense: fighting defensively wins without harm (exchange 4, Cyrus on full defense);
    §8 Multiple Opponents: a defender who does not beat every attacker harms nobody; §8 Turn
    Based Fights aside, nobody attacked means nothing to strike back at."""
    initial, state, log, cr = _log_upto(registry, len(json.loads(EXAMPLE.read_text())["events"]))
    pairings = exchange_attacks(cr, initial, log, "cyrus")
    assert [p.defensively for p in pairings] == [True, True]
    with pytest.raises(RuleViolation, match="fought defensively"):
        strike_back(state, "cyrus", pairings)
    loose = tuple(p.model_copy(update={"defensively": False}) for p in pairings)
    with pytest.raises(RuleViolation, match="did not beat every attacker"):
        strike_back(state, "cyrus", loose)  # guard B's Great beat his Good
    with pytest.raises(RuleViolation, match="nobody attacked"):
        strike_back(state, "finn", exchange_attacks(cr, initial, log, "finn"))
