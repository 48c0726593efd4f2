"""The ART Engine in the encounter engine (issue #12): rolls read on the loaded table or on an
entered column, foes as stat blocks, damage recorded as the book gives it, rolled initiative.

Book lines cite shared/seeds/art-engine-2012.txt. The table used where one is loaded is the
INVENTED test table of :mod:`tests.rules.test_art_support` (only its row-14 Good cell, 59-73, is
the book's); it is not the published table.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.conflict import apply_event, replay
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    ApplyStressEvent,
    AttackEvent,
    Encounter,
    Event,
    NextTurnEvent,
    Participant,
    RollEvent,
    StartEvent,
)
from rules.errors import RuleViolation
from rules.system_data import SystemData
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_cast import foe_participant
from rules.systems.art.scale import Result
from rules.systems.art.settings import ArtSettings
from rules.systems.art.system import TABLE_KEY, ArtSystem
from rules.systems.art.table_csv import parse_table_csv, write_table_csv
from rules.systems.registry import RegistryEntry
from storage.systems_catalog import load_system

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_art_support import balanced_adventurer, catalog, fake_table

DATA = Path(__file__).resolve().parents[1] / "data" / "art"


def _foe(pid: str, levels: tuple[int, ...], **ratings: int) -> Participant:
    skills = {f"Health {i}": v for i, v in enumerate(levels, start=1)}
    return foe_participant(pid=pid, name=pid.title(), skills={**ratings, **skills})


def _run(cr: ConflictRules, state: Encounter, *events: Event) -> tuple[Encounter, list[str]]:
    texts = []
    for ev in events:
        state, entry = apply_event(cr, state, ev)
        texts.append(entry.text)
    return state, texts


def _scene(cr: ArtConflictRules, *cast: Participant) -> Encounter:
    return Encounter(name="t", system="art", settings=cr.settings_data, participants=cast)


@pytest.fixture
def cr() -> ArtConflictRules:
    """No table loaded: columns are entered."""
    return ArtConflictRules(catalog())


def test_recording_damage_example_on_a_track(cr: ArtConflictRules) -> None:
    """L1410-1432: Health IN/PR/PS/GD; Poor damage checks PR; Poor again checks IN; Inferior
    is shrugged off (PS and GD left); Great (one over GD) checks GD and PS: defeated."""
    state = _scene(cr, _foe("hero", (3, 4, 5, 6)))
    state, texts = _run(cr, state, ApplyStressEvent(who="hero", amount=4))
    assert state.participants[0].track("health") == (0, 4, 0, 0)
    state, texts = _run(cr, state, ApplyStressEvent(who="hero", amount=4))
    assert state.participants[0].track("health") == (3, 4, 0, 0)
    state, texts = _run(cr, state, ApplyStressEvent(who="hero", amount=3))
    assert state.participants[0].track("health") == (3, 4, 0, 0)
    assert "shrugs off" in texts[0] and state.pending_hit is None
    state, texts = _run(cr, state, ApplyStressEvent(who="hero", amount=7))
    assert state.participants[0].track("health") == (3, 4, 5, 6)
    assert "Great damage: Health box 4 (Good) and box 3" in texts[0]


def test_player_attacking_foe_the_column_rolled_is_the_damage(cr: ArtConflictRules) -> None:
    """L2022-2026: a Great attack on a PR/PS/GD/GT foe checks GT and staggers it; L2030-2032:
    a Super attack on IN/IN/PR/PS (3 columns over PS) checks PS and three more: dead."""
    foe = _foe("orc", (4, 5, 6, 7), Defense=4)
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    state = _scene(cr, hero, foe)
    attack = AttackEvent(
        attacker="ada", defender="orc", skill="Agility", defense_skill="Defense",
        dice=(40,), defense_dice=(1,), reading="GT",
    )  # fmt: skip
    state, texts = _run(cr, state, StartEvent(), attack)
    assert "Great damage" in texts[1] and "staggered" in texts[1]
    assert state.pending_hit is not None and state.pending_hit.box == 3
    state, _ = _run(cr, state, ApplyStressEvent(who="orc"))
    assert state.find("orc").track("health") == (0, 0, 0, 7)  # type: ignore[union-attr]

    weak = _foe("rat", (3, 3, 4, 5), Defense=2)
    state = _scene(cr, hero, weak)
    attack = attack.model_copy(update={"defender": "rat", "reading": "SP"})
    state, texts = _run(cr, state, StartEvent(), attack, ApplyStressEvent(who="rat"))
    assert state.find("rat").track("health") == (3, 3, 4, 5)  # type: ignore[union-attr]
    assert "defeated" in texts[1]


def test_an_attack_below_the_foes_defense_misses(cr: ArtConflictRules) -> None:
    """L1025: the difficulty of attacking a foe is its Defense (digest A6: a hit needs it)."""
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    state = _scene(cr, hero, _foe("orc", (4, 5, 6, 7), Defense=6))
    attack = AttackEvent(
        attacker="ada", defender="orc", skill="Agility", defense_skill="Defense",
        dice=(40,), defense_dice=(1,), reading="PS",
    )  # fmt: skip
    state, texts = _run(cr, state, StartEvent(), attack)
    assert state.pending_hit is None and "misses" in texts[1]


def test_foe_attacking_player_failures_on_the_player_damage_table(cr: ArtConflictRules) -> None:
    """L2020: Inferior Defense against Passable Attack: 2 failures, Poor damage; L1402: Feeble
    Defense against Poor Attack with +1 damage: 3 failures, Passable damage."""
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    state = _scene(cr, hero, _foe("orc", (4, 5, 6, 7), Attack=5, Alertness=9))
    attack = AttackEvent(
        attacker="orc", defender="ada", skill="Attack", defense_skill="Defense",
        dice=(1,), defense_dice=(30,), defense_reading="IN",
    )  # fmt: skip
    state, texts = _run(cr, state, StartEvent(), attack)
    assert "2 failures: Poor damage" in texts[1]
    assert state.pending_hit is not None and state.pending_hit.shifts == 4

    state = _scene(cr, hero, _foe("ogre", (4, 5, 6, 7), Attack=4, Damage=1, Alertness=9))
    attack = attack.model_copy(update={"attacker": "ogre", "defense_reading": "FB"})
    state, texts = _run(cr, state, StartEvent(), attack)
    assert "2 failures +1 damage rating: Passable damage" in texts[1]


def test_player_attacking_player_the_defenders_failures(cr: ArtConflictRules) -> None:
    """L2038: a Good attack against a Poor Defense is 2 failures: Poor damage."""
    one = cr.participant_from_character(balanced_adventurer(), pid="one")
    two = cr.participant_from_character(balanced_adventurer(name="Bo"), pid="two")
    attack = AttackEvent(
        attacker="one", defender="two", skill="Agility", defense_skill="Defense",
        dice=(50,), defense_dice=(20,), reading="GD", defense_reading="PR",
    )  # fmt: skip
    _state, texts = _run(cr, _scene(cr, one, two), StartEvent(), attack)
    assert "2 failures: Poor damage" in texts[1]


def test_without_a_table_the_log_asks_for_the_column_and_nothing_changes(
    cr: ArtConflictRules,
) -> None:
    """Issue #12 "until a table is loaded": the roll happens, the log says no table is loaded
    and names the row and the roll to read; the state is unchanged (the action is not spent)."""
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    state = _scene(cr, hero)
    after, texts = _run(cr, state, RollEvent(who="ada", skill="Strength", dice=(73,)))
    assert after.participants == state.participants and after.last is None
    assert "No Action Results Table is loaded" in texts[0]
    assert "row 7 for 73" in texts[0]


def test_the_climb_on_row_14_reads_the_loaded_table() -> None:
    """L1069-1073: Strength 9 + Climbing +4 + Rock climbing +1 = row 14; 73 reads Good (the
    book's one cell, 59-73), against Poor: 3 successes (L1093-1102)."""
    cr = ArtConflictRules(catalog(), fake_table())
    hero = cr.participant_from_character(
        balanced_adventurer(
            attributes={**balanced_adventurer().attributes, "STR": 9},
            skills={"Climbing": 4, "Rock climbing": 1},
        ),
        pid="ada",
    )
    roll = RollEvent(
        who="ada", skill="Strength + Climbing + Rock climbing", dice=(73,), difficulty=4
    )
    state, texts = _run(cr, _scene(cr, hero), roll)
    assert "row 14, d100 73" in texts[0] and "= Good vs Poor: 3s" in texts[0]
    assert state.last is not None and state.last.success


def test_an_entered_column_wins_over_the_table() -> None:
    """A log replays alike with or without a table: the column entered is the one used."""
    cr = ArtConflictRules(catalog(), fake_table())
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    _state, texts = _run(
        cr, _scene(cr, hero), RollEvent(who="ada", skill="Agility", dice=(1,), reading="AW")
    )
    assert "= Awesome, read off the printed table" in texts[0]
    state = _scene(cr, hero)
    after, texts = _run(cr, state, RollEvent(who="ada", skill="Agility", dice=(1,), reading="EX"))
    assert after.participants == state.participants and "Extreme is never rolled" in texts[0]
    after, texts = _run(cr, state, RollEvent(who="ada", skill="Swimming", dice=(1,)))
    assert after.participants == state.participants and "no trait 'Swimming'" in texts[0]


def test_initiative_rolled_ties_go_to_the_adventurer(cr: ArtConflictRules) -> None:
    """L1769-1777: players roll Alertness, foes use their rating; a tie between a foe and a
    player goes to the player. The roll fixes the place and is no action."""
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    foe = _foe("boss", (4, 5, 6, 7), Alertness=8)
    state = _scene(cr, foe, hero)
    state, _texts = _run(
        cr, state, RollEvent(who="ada", skill="Initiative", dice=(95,), reading="SP"), StartEvent()
    )
    assert state.order == ("ada", "boss")
    assert not state.find("ada").acted  # type: ignore[union-attr]
    assert state.current == "ada"


def test_foe_stat_blocks_are_checked() -> None:
    """Digest §11: ratings on the result scale, Health levels given, no Catastrophic box."""
    with pytest.raises(RuleViolation, match="Health levels"):
        foe_participant(pid="x", name="X", skills={"Attack": 5})
    with pytest.raises(RuleViolation, match="off the result scale"):
        foe_participant(pid="x", name="X", skills={"Attack": 12, "Health 1": 3})
    with pytest.raises(RuleViolation, match="Pathetic"):
        foe_participant(pid="x", name="X", skills={"Health 1": 0})
    cr = ArtConflictRules(catalog())
    assert cr.participant_options_problem({"health": ("IN", "PR"), "foe": True}) is None
    assert cr.participant_options_problem({"armor": 1}) is not None
    assert cr.participant_options_problem({"damage": 4}) is not None


def test_results_go_back_to_the_adventurer(cr: ArtConflictRules) -> None:
    """L1446-1448: a defeated adventurer loses 1 Fame for good; Health boxes and the Fame
    tally (fate points spent) return to the sheet."""
    hero = balanced_adventurer(fame=3, fame_spent=0)
    p = cr.participant_from_character(hero, pid="ada")
    assert p.fate_points == 3
    full = p.model_copy(update={"tracks": {"health": (3, 4, 4, 5)}, "fate_points": 1})
    after = cr.apply_results(hero, full)
    assert after.health_checked == (True, True, True, True)  # type: ignore[attr-defined]
    assert after.fame == 2 and after.fame_spent == 2  # type: ignore[attr-defined]


def test_the_system_binds_the_librarys_table_into_its_conflict_rules() -> None:
    """The encounter's rules read the user-supplied table bound by ``with_data``."""
    system = load_system(RegistryEntry(id="art", package="art"))
    assert isinstance(system, ArtSystem)
    content = fake_table().model_dump(mode="json")
    bound = system.with_data(
        {TABLE_KEY: SystemData(system="art", key=TABLE_KEY, provenance="user", content=content)}
    )
    rules = bound.conflict_rules()
    assert isinstance(rules, ArtConflictRules) and rules.table is not None
    plain = system.conflict_rules()
    assert isinstance(plain, ArtConflictRules) and plain.table is None


def test_the_made_up_table_fixture_is_the_invented_test_table() -> None:
    """tests/data/art/made-up-table.csv is the invented test table (NOT the published one)."""
    text = (DATA / "made-up-table.csv").read_text("utf-8")
    table, problems = parse_table_csv(text)
    assert table is not None and not [p for p in problems if p.severity == "error"]
    assert text == write_table_csv(fake_table())


def test_a_log_replays_identically(cr: ArtConflictRules) -> None:
    """The encounter replays from its events."""
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    initial = _scene(cr, hero, _foe("orc", (4, 5, 6, 7), Attack=5, Defense=3, Alertness=4))
    events: list[Event] = [
        RollEvent(who="ada", skill="Initiative", dice=(50,), reading="GD"),
        StartEvent(),
        AttackEvent(
            attacker="ada",
            defender="orc",
            skill="Agility",
            defense_skill="Defense",
            dice=(60,),
            defense_dice=(5,),
            reading="GT",
        ),
        ApplyStressEvent(who="orc"),
        NextTurnEvent(),
    ]
    state, log = replay(cr, initial, events)
    assert replay(cr, initial, [e.event for e in log]) == (state, log)


def test_the_books_initiative_example_bonus_round_and_lost_first_turn(
    cr: ArtConflictRules,
) -> None:
    """L1781-1802: Jen rolls Super, Bill Poor, Sam Pathetic; the foes are Poor, the Boss Super.
    Bonus round: Jen, then the Boss. First round: Jen, Boss, Bill, the foes; Sam loses his turn.
    Second round: everyone, Sam last."""
    heroes = [
        cr.participant_from_character(balanced_adventurer(name=n.title()), pid=n)
        for n in ("jen", "bill", "sam")
    ]
    boss = _foe("boss", (4, 5, 6, 7), Alertness=8)
    goblin = _foe("goblin", (3, 4, 5, 6), Alertness=4)
    state = _scene(cr, goblin, boss, *heroes)
    rolls = [
        RollEvent(who=who, skill="Initiative", dice=(50,), reading=column)
        for who, column in (("jen", "SP"), ("bill", "PR"), ("sam", "PT"))
    ]
    state, texts = _run(cr, state, *rolls, StartEvent())
    assert state.order == ("jen", "boss", "bill", "goblin", "sam")
    assert "Bill sits out (the bonus round is for Super and Awesome initiative)" in texts[-1]

    _begun: list[str] = []

    def round_of(state: Encounter) -> tuple[Encounter, list[str]]:
        acted: list[str] = []
        exchange = state.exchange
        while state.exchange == exchange:
            assert state.current is not None
            acted.append(state.current)
            state, said = _run(cr, state, NextTurnEvent())
        _begun.append(said[0])
        return state, acted

    state, bonus = round_of(state)
    assert bonus == ["jen", "boss"]
    assert "Sam sits out (Pathetic initiative loses the first turn)" in _begun[-1]
    state, first = round_of(state)
    assert first == ["jen", "boss", "bill", "goblin"]
    state, second = round_of(state)
    assert second == ["jen", "boss", "bill", "goblin", "sam"]


def test_exploration_phases_on_the_phase_track() -> None:
    """Chapter 4 "How Long Did It Take?" (L1638-1647): a Great result against Poor takes 2
    phases (2 columns under Awesome), Pathetic against Catastrophic 8, Inferior against Passable
    2 (2 failures), Awesome less than one (another action on the same phase); "Phase Track"
    (L1689-1695): only the tokens on the marker's square act, the marker moving on to the next
    square holding a token."""
    cr = ArtConflictRules(catalog(), settings=ArtSettings(exploration=True))
    ada = cr.participant_from_character(balanced_adventurer(), pid="ada")
    bo = cr.participant_from_character(balanced_adventurer(name="Bo"), pid="bo")
    state = _scene(cr, ada, bo)

    def act(state: Encounter, who: str, difficulty: Result, column: str) -> tuple[Encounter, str]:
        roll = RollEvent(
            who=who, skill="Intelligence", dice=(50,), difficulty=int(difficulty), reading=column
        )
        state, texts = _run(cr, state, roll, NextTurnEvent())
        return state, " | ".join(texts)

    state, _ = _run(cr, state, StartEvent())
    state, said = act(state, "ada", Result.PR, "GT")
    assert "takes 2 phases, 10 minutes (token on square 3)" in said
    state, said = act(state, "bo", Result.CT, "PT")
    assert "takes 8 phases, 40 minutes (token on square 9)" in said
    assert "Bo sits out (its token is 6 phases ahead on the phase track)" in said
    assert state.current == "ada"
    state, said = act(state, "ada", Result.PS, "IN")  # 2 failures: 2 phases
    assert "takes 2 phases, 10 minutes (token on square 5)" in said and state.current == "ada"
    state, said = act(state, "ada", Result.PR, "AW")  # on the same phase again
    assert "takes less than a phase" in said and state.current == "ada"
    state, said = act(state, "ada", Result.CT, "PT")  # 8 more: square 3 after wrapping
    assert "token on square 3" in said
    assert state.current == "bo"
    rounds = ArtConflictRules(catalog())
    assert "before anyone joins" in (cr.settings_change_problem(rounds, True) or "")
    assert cr.settings_change_problem(rounds, False) is None
    _after, texts = _run(cr, state, RollEvent(who="bo", skill="Initiative", dice=(5,)))
    assert "exploration phases have no initiative" in texts[0]


def test_an_initiative_roll_has_no_verdict(cr: ArtConflictRules) -> None:
    """Initiative is rolled with no difficulty (L1767-1773: Alertness fixes the order): its line
    names the column rolled and no "vs <difficulty>: n successes" verdict; a roll against a
    difficulty keeps its verdict ("Successes & Failures")."""
    hero = cr.participant_from_character(balanced_adventurer(), pid="ada")
    state = _scene(cr, hero)
    state, texts = _run(
        cr, state, RollEvent(who="ada", skill="Initiative", dice=(57,), reading="PR")
    )
    assert "= Poor" in texts[0]
    assert " vs " not in texts[0] and "success" not in texts[0]
    state, texts = _run(
        cr,
        state,
        StartEvent(),
        RollEvent(who="ada", skill="Agility", dice=(57,), reading="GD", difficulty=4),
    )
    assert "vs Poor: 3s" in texts[1]
