"""The encounter engine, the script runner and the odds know no system: a system made up here,
whose one track holds wound levels (as the ART Engine's damage boxes do) and whose dice are
2d6 read as their sum less 7 (neither Fudge dice nor read as they add up), runs a whole
conflict through the same code as SotC (issue 9, "Conflicts, generic").

The fake lives in this file; no production code names it. tests/gui/test_encounter_generic.py
drives the encounter window, its turn-order model and the player view with it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from rules import conflict
from rules.character import CharacterBase, ConflictKind, Consequence, Severity
from rules.conflict_rules import ConflictHookDefaults, ConflictRules, TrackSpec
from rules.dice import DicePool, parse_dice
from rules.encounter import (
    AttackEvent,
    Encounter,
    OptionValue,
    Participant,
    RecoveryPeriod,
    SetBoxEvent,
    TrackName,
)
from rules.encounter_script import (
    build_encounter,
    parse_script,
    participant_summary,
    run_events,
    state_summary,
)
from rules.errors import RuleViolation
from rules.settings import SystemSettings

WOUNDS = TrackSpec(
    key="wounds", label="Wounds", kinds=("physical", "social", "mental"), levels=4,
    clears_after_scene=False,
)  # fmt: skip
POOL = parse_dice("2d6")


class LevelsRules(ConflictHookDefaults):
    """A :class:`ConflictRules` unlike SotC's: one track whose boxes fill in order, each
    holding the wound level of the hit (1 for a hit of 1-2, 2 for 3-4, 3 for 5-6, 4 beyond);
    2d6 - 7; a ``tier`` option its participants may carry (nothing else)."""

    settings = SystemSettings()
    settings_data: dict[str, Any] = {}
    rotating_initiative = False
    uses_grit = False
    one_companion_each = False
    tracks = (WOUNDS,)
    full_defense_bonus = 2
    spin_margin = 3
    invoke_bonus = 2

    def for_settings(self, data: Mapping[str, Any]) -> LevelsRules:
        if data:
            raise RuleViolation("this system has no settings")
        return self

    def settings_change_problem(self, before: ConflictRules, has_cast: bool) -> str | None:
        return None

    def settings_text(self) -> str:
        return "run as it is"

    def track_for(self, kind: ConflictKind) -> TrackName:
        return "wounds"

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        return POOL

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        return sum(faces) - 7

    def stress_box(self, track: tuple[int, ...], amount: int) -> int | None:
        return next((i for i, b in enumerate(track) if not b), None)

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        return self.stress_box(p.track(track), amount)

    def hit_level(self, p: Participant, track: TrackName, amount: int) -> int:
        return min(4, (amount + 1) // 2)

    def fill_lower_choices(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, ...], ...]:
        return ()

    def consequence_slots(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        return ("mild", "severe")

    def next_consequence(self, p: Participant, kind: ConflictKind) -> Severity | None:
        held = {c.severity for c in p.consequences}
        return next((s for s in self.consequence_slots(p, kind) if s not in held), None)

    def group_bonus(self, size: int) -> int:
        return 0

    def minion_boxes(self, quality: int) -> int:
        return 1

    def companion_boxes(self, quality: int) -> int:
        return 0

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        return () if period == "downtime" else consequences

    def overflow(self, track: tuple[int, ...], shifts: int) -> int:
        return shifts

    def participant_options_problem(self, options: Mapping[str, OptionValue]) -> str | None:
        unknown = set(options) - {"tier"}
        return f"option {sorted(unknown)[0]} is not one of this system's" if unknown else None

    def participant_from_character(
        self, character: CharacterBase, *, pid: str, kind: str = "pc", side: str = "",
        seat: int = 0, grit: int | None = None, zone: str | None = None,
    ) -> Participant:  # fmt: skip
        raise RuleViolation("this system has no characters")

    def npc_participant(
        self, *, pid: str, name: str, skills: Mapping[str, int], fate_points: int = 0,
        aspects: tuple[str, ...] = (), tracks: Mapping[str, int] | None = None,
        grit: int | None = None, side: str = "", seat: int = 0, zone: str | None = None,
        stunts: tuple[str, ...] = (), armor: int = 0,
    ) -> Participant:  # fmt: skip
        sizes = {**self.npc_track_sizes(skills), **(tracks or {})}
        reflexes = skills.get("Reflexes", 0)
        return Participant(
            id=pid, name=name or pid, kind="npc", side=side, skills=dict(skills),
            initiative={"physical": reflexes, "social": reflexes, "mental": reflexes},
            seat=seat, tracks={"wounds": (0,) * sizes["wounds"]}, fate_points=fate_points,
            aspects=aspects, zone=zone, options={"tier": 1},
        )  # fmt: skip

    def npc_track_sizes(self, skills: Mapping[str, int]) -> dict[str, int]:
        return {"wounds": 3 + skills.get("Body", 0)}

    def refresh_participant(self, p: Participant, character: CharacterBase) -> Participant:
        return p

    def apply_results(self, character: CharacterBase, p: Participant) -> CharacterBase:
        return character


CR: ConflictRules = LevelsRules()


def fake_encounter() -> Encounter:
    """Two NPCs ready to fight: Ada (Sword 2, Reflexes 3) and Brute (Club 1, Body 1)."""
    ada = CR.npc_participant(pid="ada", name="Ada", skills={"Sword": 2, "Reflexes": 3}, side="a")
    brute = CR.npc_participant(pid="brute", name="Brute", skills={"Club": 1, "Body": 1}, side="b")
    return Encounter(name="Alley", system="fake", participants=(ada, brute))


def test_a_hit_checks_the_next_box_at_the_hits_wound_level() -> None:
    state, _ = conflict.start(CR, fake_encounter())
    assert state.order == ("ada", "brute")  # Reflexes 3 against 0
    assert state.find("brute").track("wounds") == (0, 0, 0, 0)  # type: ignore[union-attr]
    # Ada: Sword 2 + (6+5-7) = 6; Brute: Club 1 + (1+2-7) = -3; 9 shifts: level 4
    state, entry = conflict.attack(
        CR, state, attacker="ada", defender="brute", skill="Sword", defense_skill="Club",
        dice=(6, 5), defense_dice=(1, 2),
    )  # fmt: skip
    assert "[6 5] = +6" in entry.text and "[1 2] = -3" in entry.text and "9 shifts" in entry.text
    assert state.pending_hit is not None and state.pending_hit.box == 0
    state, entry = conflict.apply_stress(CR, state, who="brute")
    assert state.find("brute").track("wounds") == (4, 0, 0, 0)  # type: ignore[union-attr]
    assert entry.text == "Brute checks wounds box 1 at level 4"
    state, _ = conflict.next_turn(CR, state)
    # a 3-point hazard: the next free box, level 2
    state, entry = conflict.apply_stress(CR, state, who="brute", amount=3)
    assert state.find("brute").track("wounds") == (4, 2, 0, 0)  # type: ignore[union-attr]
    assert entry.text.endswith("box 2 at level 2")
    state, _ = conflict.apply_event(CR, state, SetBoxEvent(who="brute", track="wounds", box=3,
                                                          level=3))  # fmt: skip
    with pytest.raises(RuleViolation, match="at most level 4"):
        conflict.apply_event(CR, state, SetBoxEvent(who="brute", track="wounds", box=4, level=5))
    state, _ = conflict.end_scene(CR, state)
    assert state.find("brute").track("wounds") == (4, 2, 3, 0)  # type: ignore[union-attr]
    assert participant_summary(state.find("brute"), CR)["wounds"] == [4, 2, 3, 0]  # type: ignore[arg-type]


def test_dice_are_the_systems_pool_read_its_way() -> None:
    state, _ = conflict.start(CR, fake_encounter())
    with pytest.raises(RuleViolation, match="2d6 needs 2 dice"):
        conflict.roll(CR, state, who="ada", skill="Sword", dice=(1, 0, -1, 1))
    with pytest.raises(RuleViolation, match="not a face"):
        conflict.roll(CR, state, who="ada", skill="Sword", dice=(0, 3))
    state, entry = conflict.roll(CR, state, who="ada", skill="Sword", dice=(3, 4), difficulty=2)
    assert "Sword +2 [3 4] = +2" in entry.text and "success, 0 shifts" in entry.text
    event = AttackEvent(attacker="ada", defender="brute", skill="Sword", defense_skill="Club")
    filled = conflict.fill_dice(CR, event, random.Random(3))
    for faces in (filled.dice, filled.defense_dice):
        assert faces is not None and len(faces) == 2 and all(1 <= f <= 6 for f in faces)
    # odds read the dice as the system does: 2d6 - 7 >= 0 on 21 of 36 throws
    assert conflict.roll_odds(CR, state, 0, 0) == Fraction(21, 36)
    assert conflict.roll_odds(CR, state, 4, 0) == Fraction(35, 36)  # all but snake eyes
    # a contest, Sword 2 against Club 1 (one shift needed), counted throw by throw
    throws = [(a1, a2, d1, d2) for a1 in range(1, 7) for a2 in range(1, 7)
              for d1 in range(1, 7) for d2 in range(1, 7)]  # fmt: skip
    wins = sum(1 for a1, a2, d1, d2 in throws if (2 + a1 + a2 - 7) - (1 + d1 + d2 - 7) >= 1)
    assert conflict.contest_odds(CR, state, 2, 1) == Fraction(wins, len(throws))


def test_options_are_the_systems_to_check() -> None:
    state = fake_encounter()
    joins = Participant(id="c", options={"tier": 2})
    assert conflict.add_participant(CR, state, joins)[0].find("c") == joins
    with pytest.raises(RuleViolation, match="armor is not one of this system's"):
        conflict.add_participant(CR, state, Participant(id="d", options={"armor": 1}))


SCRIPT: dict[str, Any] = {
    "format": "fatesmith-encounter-script",
    "name": "Alley",
    "system": "fake",
    "seed": 11,
    "cast": [
        {"id": "ada", "side": "a", "npc": {"name": "Ada", "skills": {"Sword": 2, "Reflexes": 3}}},
        {
            "id": "brute",
            "side": "b",
            "npc": {"name": "Brute", "skills": {"Club": 1}, "tracks": {"wounds": 5}},
        },
    ],
    "events": [
        {"do": "start"},
        {
            "do": "attack",
            "attacker": "ada",
            "defender": "brute",
            "skill": "Sword",
            "defense_skill": "Club",
            "dice": [6, 6],
            "defense_dice": [2, 2],
        },
        {"do": "apply_stress", "who": "brute"},
        {"do": "next_turn"},
        {
            "do": "attack",
            "attacker": "brute",
            "defender": "ada",
            "skill": "Club",
            "defense_skill": "Sword",
        },
        {"do": "next_exchange"},
        {"do": "apply_stress", "who": "ada", "amount": 1},
    ],
}


def test_a_script_runs_and_replays_with_levels_and_drawn_2d6() -> None:
    script = parse_script(SCRIPT)
    initial = build_encounter(script, {}, CR, None, system="fake")
    assert initial.find("brute").track("wounds") == (0,) * 5  # type: ignore[union-attr]
    state, log = run_events(CR, initial, script.events, random.Random(script.seed))
    # Ada 2 + 5 = 7 against Brute 1 - 3 = -2: 9 shifts, level 4 in the first box
    assert state.find("brute").track("wounds")[0] == 4  # type: ignore[union-attr]
    drawn = log[4].event
    assert drawn.dice is not None and all(1 <= f <= 6 for f in drawn.dice)  # type: ignore[union-attr]
    again, log2 = conflict.replay(CR, initial, [e.event for e in log])
    assert again == state and [e.text for e in log2] == [e.text for e in log]
    summary = state_summary(state, log, CR)
    assert summary["participants"]["brute"]["wounds"][0] == 4
    assert summary["participants"]["ada"]["wounds"].count(1) == 1  # the 1-point hazard


class TieredRules(LevelsRules):
    """LevelsRules with the two roll hooks a system may override: a participant's ``tier``
    option picks the dice (one extra d6 per tier above the opposition, as Strange Fate's
    tiers do in spirit), and a filled first wound box costs -1 on every roll."""

    def tier_of(self, p: Participant) -> int:
        tier = p.options.get("tier", 0)
        return tier if isinstance(tier, int) else 0

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        return parse_dice(f"{2 + max(0, attacker_tier - defender_tier)}d6")

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        return (-1, "wounded") if p.track("wounds")[0] else (0, "")


def test_the_roll_hooks_pick_the_dice_by_tier_and_add_standing_modifiers() -> None:
    cr = TieredRules()
    ada = cr.npc_participant(pid="ada", name="Ada", skills={"Sword": 2, "Reflexes": 3}, side="a")
    brute = cr.npc_participant(pid="brute", name="Brute", skills={"Club": 1}, side="b")
    ada = ada.model_copy(update={"options": {"tier": 2}})
    state, _ = conflict.start(cr, Encounter(name="Alley", system="fake",
                                            participants=(ada, brute)))  # fmt: skip
    # Ada (tier 2) against Brute (tier 1): 3d6; Brute against Ada: 2d6
    with pytest.raises(RuleViolation, match="3d6 needs 3 dice"):
        conflict.attack(cr, state, attacker="ada", defender="brute", skill="Sword",
                        defense_skill="Club", dice=(1, 1), defense_dice=(1, 1))  # fmt: skip
    _, entry = conflict.attack(
        cr, state, attacker="ada", defender="brute", skill="Sword", defense_skill="Club",
        dice=(1, 1, 1), defense_dice=(6, 6),
    )  # fmt: skip
    assert "[1 1 1] = -2" in entry.text and "[6 6] = +6" in entry.text
    # a difficulty of no stated tier is at the roller's own: 2d6
    state, entry = conflict.roll(
        cr, state, who="ada", skill="Sword", dice=(3, 4), uses_action=False
    )
    assert "[3 4] = +2" in entry.text
    # a standing modifier shows in the effort and the log
    state, _ = conflict.apply_event(cr, state, SetBoxEvent(who="ada", track="wounds", box=1))
    state, entry = conflict.roll(
        cr, state, who="ada", skill="Sword", dice=(3, 4), uses_action=False
    )
    assert "[3 4] -1 = +1" in entry.text
    assert state.last is not None and state.last.rolls[0].notes == ("-1 wounded",)
