"""FATE 2.0 conflict rules: Table 1's outcomes on the wound track, overflow, penalties, healing,
minions, participants and the results written back (FATE 2.0 §8 Combat, §5 Minions; digest
fate2.md section 10)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.character import CharacterBase
from rules.encounter import Encounter, SetBoxEvent
from rules.errors import RuleViolation
from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Extra
from rules.systems.fate2.conflict import (
    DICE,
    WOUNDS,
    Fate2ConflictRules,
    heal,
    minions_of,
)
from rules.systems.fate2.conflict_wounds import (
    CLIPPED,
    HURT,
    INJURED,
    TAKEN_OUT,
    after_scene,
    blank_track,
    describe,
    heal_days,
    landing_box,
    outcome_row,
    wound_penalty,
)
from rules.systems.fate2.settings import Fate2Settings, SkillDef, WoundBoxes
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import RegistryEntry
from storage.systems_catalog import load_system

BOOK = WoundBoxes()  # 3 Clipped (AMB-06), 3 Hurt, 2 Injured (§8 Table 2)


@pytest.fixture(scope="module")
def fate2() -> Fate2System:
    system = load_system(RegistryEntry(id="fate2", package="fate2"))
    assert isinstance(system, Fate2System)
    return system


@pytest.fixture(scope="module")
def cr(fate2: Fate2System) -> Fate2ConflictRules:
    rules = fate2.conflict_rules()
    assert isinstance(rules, Fate2ConflictRules)
    return rules


def track(*marks: int) -> tuple[int, ...]:
    """A book track (8 boxes) with the given leading values."""
    return (*marks, *([0] * (8 - len(marks))))


# -- Table 1 and Table 2 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mos", "row"),
    [(0, None), (-3, None), (1, CLIPPED), (2, HURT), (4, HURT), (5, INJURED), (6, INJURED),
     (7, TAKEN_OUT), (12, TAKEN_OUT)],
)  # fmt: skip
def test_margin_reads_on_table_1(mos: int, row: int | None) -> None:
    """§8 Table 1: 0 Scratched, 1 Clipped, 2-4 Hurt, 5-6 Injured, 7+ Taken Out."""
    assert outcome_row(mos) == row


def test_the_track_has_the_book_rows_in_order() -> None:
    """§8 Table 2: Clipped (3, our AMB-06 count), Hurt 3, Injured 2; Taken Out has no box."""
    assert blank_track(BOOK) == (0,) * 8
    assert blank_track(BOOK, injured=1) == track(0, 0, 0, 0, 0, 0, INJURED)
    assert blank_track(WoundBoxes(clipped=0, hurt=4, injured=3)) == (0,) * 7


def test_a_result_marks_the_first_free_box_of_its_row() -> None:
    """§8 Injuries and Advantages: mark a box of the result's type."""
    assert landing_box(track(), BOOK, 1) == 0
    assert landing_box(track(), BOOK, 3) == 3
    assert landing_box(track(0, 0, 0, HURT), BOOK, 2) == 4
    assert landing_box(track(), BOOK, 6) == 6


def test_a_full_row_overflows_down_the_chart() -> None:
    """§8 Injuries and Advantages: a 4th Hurt marks an Injured box; with both Injured boxes
    full the character goes straight to Taken Out (no box)."""
    three_hurt = track(0, 0, 0, HURT, HURT, HURT)
    assert landing_box(three_hurt, BOOK, 2) == 6
    full_injured = track(0, 0, 0, HURT, HURT, HURT, INJURED, INJURED)
    assert landing_box(full_injured, BOOK, 3) is None
    assert landing_box(full_injured, BOOK, 1) == 0  # Clipped boxes are still free
    clipped_full = track(CLIPPED, CLIPPED, CLIPPED)
    assert landing_box(clipped_full, BOOK, 1) == 3  # "could spill up to a hurt result"


def test_taken_out_and_scratched_mark_no_box() -> None:
    """§8 Table 1: 7+ ends the fight (no box to mark); 0 is a scratch."""
    assert landing_box(track(), BOOK, 7) is None
    assert landing_box(track(), BOOK, 0) is None


def test_without_overflow_a_full_row_adds_nothing() -> None:
    """§8 The Death Spiral: "removing overflow entirely": the result stays on its full row
    (its last box, already marked, is returned and nothing changes)."""
    three_hurt = track(0, 0, 0, HURT, HURT, HURT)
    assert landing_box(three_hurt, BOOK, 2, overflow=False) == 5
    assert three_hurt[5] == HURT


def test_a_row_without_boxes_passes_its_results_on() -> None:
    """§8 Changing Wound Boxes: a campaign that does not track Clipped (AMB-06) has no Clipped
    row; Table 2's marking rule sends the result to the next row."""
    no_clipped = WoundBoxes(clipped=0)
    assert landing_box((0,) * 5, no_clipped, 1) == 0
    assert landing_box((0,) * 5, no_clipped, 1, overflow=False) == 0


def test_wound_penalty_matches_the_book_guard() -> None:
    """§8 Exchange Based Fights: guard A, hurt and injured, is at -2; §8 Injuries and
    Advantages: Clipped does not stack beyond -1, Hurt is -1 however many boxes, Injured -1
    per box."""
    hurt_and_injured = track(0, 0, 0, HURT, 0, 0, INJURED)
    assert wound_penalty(hurt_and_injured) == -2
    assert wound_penalty(track(CLIPPED, CLIPPED), clipped_pending=True) == -1
    assert wound_penalty(track(0, 0, 0, HURT, HURT, HURT)) == -1
    assert wound_penalty(track(0, 0, 0, 0, 0, 0, INJURED, INJURED), clipped_pending=True) == -3
    assert describe(hurt_and_injured) == "Hurt 1, Injured 1" and describe(track()) == "unhurt"


def test_scene_end_and_healing() -> None:
    """§8 Injuries and Advantages: Clipped and Hurt last the scene at most, Injured until
    healed; §8 Long Term Injuries: a week, a day less per MoS against Fair, x2-x4 if gritty."""
    t = track(CLIPPED, 0, 0, HURT, HURT, 0, INJURED)
    assert after_scene(t) == track(0, 0, 0, 0, 0, 0, INJURED)
    assert heal_days() == 7
    assert heal_days(3) == 4
    assert heal_days(-2) == 7
    assert heal_days(9) == 0
    assert heal_days(2, multiplier=3) == 19
    with pytest.raises(ValueError, match="4 at most"):
        heal_days(multiplier=5)
    c = Fate2Character(name="Guard", injured=2)
    assert heal(c).injured == 1 and heal(c, 5).injured == 0


# -- the engine's questions ----------------------------------------------------------------------


def test_dice_and_the_engine_numbers(cr: Fate2ConflictRules) -> None:
    """§1: 4dF added up; §8 Other Combat Modifiers: fighting defensively +1, outnumbering +1;
    §4 Fate Points: +1 a point; no spin, no consequences, no grit, no companions."""
    assert DICE.text == "4dF" and cr.resolve(DICE, (1, 1, -1, 0)) == 1
    assert cr.full_defense_bonus == 1 and cr.invoke_bonus == 1
    assert [cr.group_bonus(n) for n in (1, 2, 5)] == [0, 1, 1]
    assert cr.spin_margin > 8  # a 4dF contest can never reach it
    assert not cr.uses_grit and not cr.rotating_initiative and not cr.one_companion_each
    assert [t.key for t in cr.tracks] == [WOUNDS] and cr.tracks[0].levels == INJURED
    assert not cr.tracks[0].clears_after_scene  # Injured boxes outlast the scene
    assert {cr.track_for(k) for k in ("physical", "social", "mental")} == {WOUNDS}
    assert cr.companion_boxes(3) == 0
    assert cr.settings_text() == "run with 3 Clipped, 3 Hurt and 2 Injured boxes, overflow"


def test_hits_land_with_their_row_level(cr: Fate2ConflictRules) -> None:
    """The box a hit marks holds its row's level (Clipped 1, Hurt 2, Injured 3)."""
    p = cr.npc_participant(pid="g", name="Guard", skills={"Sword": 1})
    assert cr.stress_box_for(p, WOUNDS, 3) == 3 and cr.hit_level(p, WOUNDS, 3) == HURT
    assert cr.hit_level(p, WOUNDS, 5) == INJURED and cr.hit_level(p, WOUNDS, 1) == CLIPPED
    assert cr.fill_lower_choices(p, WOUNDS, 2) == ()
    assert cr.consequence_slots(p, "physical") == () and cr.next_consequence(p, "social") is None
    assert cr.overflow(p.track(WOUNDS), 9) == 0


def test_engine_marks_and_takes_out(cr: Fate2ConflictRules) -> None:
    """A hit past the last Injured box cannot be absorbed: the character is taken out."""
    guard = cr.npc_participant(pid="g", name="Guard", skills={"Sword": 1})
    hero = cr.npc_participant(pid="h", name="Hero", skills={"Sword": 3})
    state = Encounter(name="t", system="fate2", settings=cr.settings_data,
                      participants=(guard, hero))  # fmt: skip
    state, _ = conflict.start(cr, state)
    for amount, expected in ((5, 6), (6, 7), (2, 3)):
        state, entry = conflict.apply_stress(cr, state, who="g", amount=amount)
        assert f"box {expected + 1}" in entry.text
    assert state.find("g").track(WOUNDS) == track(0, 0, 0, HURT, 0, 0, INJURED, INJURED)
    state, _ = conflict.attack(
        cr,
        state,
        attacker="h",
        defender="g",
        skill="Sword",
        defense_skill="Sword",
        dice=(1, 1, 1, 0),
        defense_dice=(0,) * 4,
    )
    # a margin of 5 is Injured, and both Injured boxes are full: no box takes it
    assert state.pending_hit is not None and state.pending_hit.box is None
    with pytest.raises(RuleViolation, match="no consequence left"):
        conflict.take_consequence(cr, state, who="g", text="Bleeding")
    state, _ = conflict.take_out(cr, state, who="g", by="h")
    assert state.find("g").taken_out


@pytest.mark.parametrize(
    ("marks", "penalty", "why"),
    [((), 0, ""), ((CLIPPED, CLIPPED), 0, ""),
     ((0, 0, 0, HURT), -1, "wound penalty: Hurt"),
     ((0, 0, 0, HURT, HURT, HURT), -1, "wound penalty: Hurt"),
     ((0, 0, 0, 0, 0, 0, INJURED), -1, "wound penalty: Injured"),
     ((0, 0, 0, HURT, 0, 0, INJURED), -2, "wound penalty: Hurt, Injured"),
     ((CLIPPED, 0, 0, HURT, HURT, 0, INJURED, INJURED), -3,
      "wound penalty: Hurt, Injured \u00d72")],
)  # fmt: skip
def test_wounds_put_a_standing_penalty_on_every_roll(
    cr: Fate2ConflictRules, marks: tuple[int, ...], penalty: int, why: str
) -> None:
    """§8 Injuries and Advantages (Table 2): -1 while any Hurt box is marked (however many),
    -1 per Injured box; Clipped is the next action's -1 only, not a standing one. The book's
    guard, hurt and injured, is at -2 (§8 Exchange Based Fights)."""
    p = cr.npc_participant(pid="g", name="Guard", skills={"Sword": 1})
    p = p.model_copy(update={"tracks": {WOUNDS: track(*marks)}})
    assert cr.roll_modifier(p, "Sword") == (penalty, why)
    assert cr.roll_modifier(p, "Lore") == (penalty, why)  # "all actions" (AMB-24)


def test_the_penalty_lands_on_attack_and_defense(cr: Fate2ConflictRules) -> None:
    """§8 Exchange Based Fights: the hurt and injured guard A is at -2 attacking Cyrus and
    defending against Finn's knife (his Mediocre drops to a Poor)."""
    guard = cr.npc_participant(pid="g", name="Guard A", skills={"Sword": 1})
    guard = guard.model_copy(update={"tracks": {WOUNDS: track(0, 0, 0, HURT, 0, 0, INJURED)}})
    hero = cr.npc_participant(pid="h", name="Finn", skills={"Knife": 3})
    state = Encounter(name="t", system="fate2", settings=cr.settings_data,
                      participants=(guard, hero))  # fmt: skip
    state, _ = conflict.start(cr, state)
    state, entry = conflict.attack(cr, state, attacker="g", defender="h", skill="Sword",
                                   defense_skill="Knife", dice=(0,) * 4,
                                   defense_dice=(0,) * 4)  # fmt: skip
    assert state.last is not None
    a, d = state.last.rolls
    assert (a.effort, a.standing) == (-1, "-2 wound penalty: Hurt, Injured")
    assert (d.effort, d.standing) == (3, "")
    assert "Guard A Sword +1 [0000] -2 = -1 (-2 wound penalty: Hurt, Injured)" in entry.text
    state, _ = conflict.next_exchange(cr, state)
    state, entry = conflict.attack(cr, state, attacker="h", defender="g", skill="Knife",
                                   defense_skill="Sword", dice=(0,) * 4,
                                   defense_dice=(-1, 0, 0, 0))  # fmt: skip
    assert state.last is not None and state.last.rolls[1].effort == -2  # Poor
    assert "MoS 5" in entry.text and "an Injured result (MoS 5)" in entry.text


def test_the_log_has_fate2_words(cr: Fate2ConflictRules) -> None:
    """§1 Success and Failure (margin of success), §8 Table 1 (outcome names) and Table 2
    (rows of the wound track): no stress, shifts or consequences in a FATE 2.0 log."""
    assert cr.margin_text(3) == "MoS 3"
    assert [cr.hit_text(n) for n in (1, 3, 5, 7)] == [
        "a Clipped result (MoS 1)", "a Hurt result (MoS 3)", "an Injured result (MoS 5)",
        "a Taken Out result (MoS 7)",
    ]  # fmt: skip
    spec = cr.tracks[0]
    assert spec.label == "Wounds" and spec.harm == "wound"
    assert spec.box_words(3, HURT) == "Wounds box 4 (Hurt)"
    guard = cr.npc_participant(pid="g", name="Guard", skills={"Sword": 1})
    hero = cr.npc_participant(pid="h", name="Hero", skills={"Sword": 3})
    state = Encounter(name="t", system="fate2", settings=cr.settings_data,
                      participants=(guard, hero))  # fmt: skip
    state, _ = conflict.start(cr, state)
    state, entry = conflict.apply_stress(cr, state, who="g", amount=6)
    assert entry.text == "Guard takes an Injured result (MoS 6): Wounds box 7 (Injured)"
    state, entry = conflict.attack(cr, state, attacker="h", defender="g", skill="Sword",
                                   defense_skill="Sword", dice=(0,) * 4,
                                   defense_dice=(0,) * 4)  # fmt: skip
    assert entry.text.endswith("MoS 3; Guard takes a Hurt result (MoS 3): Wounds box 4 (Hurt)")
    state, entry = conflict.apply_stress(cr, state, who="g")
    assert entry.text == "Guard checks Wounds box 4 (Hurt)"
    for word in ("stress", "consequence", "shift"):
        assert word not in entry.text


def test_minions_as_the_book_gives_them(cr: Fate2ConflictRules) -> None:
    """§5 Minions: ranks x the controlling aspect's level a scene (Appendix IV Juram: Spirit
    Guides, 2 ranks, under Void Ancestry 2, AMB-15); usually Average fighters."""
    juram = Fate2Character(
        name="Juram",
        aspects=(Fate2Aspect(name="Void Ancestry", level=2),),
        extras=(Fate2Extra(name="Spirit Guides", kind="minions", ranks=2,
                           controlling_aspect="Void Ancestry"),
                Fate2Extra(name="Stray Dogs", kind="minions", ranks=1)),
    )  # fmt: skip
    assert minions_of(juram) == {"Spirit Guides": 4, "Stray Dogs": 0}
    assert [cr.minion_boxes(q) for q in (0, 1, 2)] == [1, 2, 3]
    group = conflict.minion_group(cr, pid="sg", name="Spirit Guides", quality=0, count=4)
    assert group.track(WOUNDS) == (0,) * 4 and group.skill("Sword", "physical") == 0
    hero = cr.npc_participant(pid="h", name="Hero", skills={"Sword": 2})
    state = Encounter(name="t", system="fate2", settings=cr.settings_data,
                      participants=(hero, group))  # fmt: skip
    state, _ = conflict.start(cr, state)
    state, _ = conflict.attack(
        cr,
        state,
        attacker="h",
        defender="sg",
        skill="Sword",
        defense_skill="Sword",
        dice=(1, 0, 0, 0),
        defense_dice=(0,) * 4,
    )
    # Good +1 against Average +1 (four minions outnumber him, Table 5): a margin of 2 fells two
    assert state.find("sg").remaining == 2


# -- participants and results ------------------------------------------------------------------


def test_participant_from_a_character(cr: Fate2ConflictRules) -> None:
    """Skills on the FATE 2.0 ladder, untrained ones at Mediocre (§2 Buying Skills); Alertness
    for initiative, Tactics for ties (§8 Turn Based Fights); starting fate points half the
    phases rounded up (§2 Fate Points); the Injured boxes the character carries."""
    c = Fate2Character(name="Cyrus", skills={"Sword": 3, "Alertness": 2, "Tactics": 1},
                       aspects=(Fate2Aspect(name="Brawler", level=2),), injured=1)  # fmt: skip
    p = cr.participant_from_character(c, pid="cyrus", side="heroes")
    assert p.skill("Sword", "physical") == 3
    assert p.skill("Climbing", "physical") == -1  # on the book's list, untrained: Mediocre
    assert (p.initiative["physical"], p.initiative["social"], p.tiebreak) == (2, 2, 1)
    assert p.fate_points == 3 and p.aspects == ("Brawler",)
    assert p.track(WOUNDS) == track(0, 0, 0, 0, 0, 0, INJURED)
    jack = CharacterBase(system="sotc", name="Jack")
    with pytest.raises(RuleViolation, match=r"not a FATE 2\.0 one"):
        cr.participant_from_character(jack, pid="jack")
    with pytest.raises(RuleViolation, match=r"not a FATE 2\.0 one"):
        cr.apply_results(jack, p)


def test_difficult_skills_keep_their_lower_default(fate2: Fate2System) -> None:
    """§7 Difficult Skills: a skill defaulting to Poor rolls at Poor untrained."""
    settings = Fate2Settings(
        difficult_skills=True, skills=(SkillDef(name="Sword"), SkillDef(name="Magic", default=-2))
    )
    cr = fate2.conflict_rules(settings)
    assert cr is not None
    p = cr.npc_participant(pid="m", name="Mage", skills={"Sword": 1})
    assert p.skill("Magic", "physical") == -2 and p.skill("Sword", "physical") == 1


def test_results_written_back(cr: Fate2ConflictRules) -> None:
    """Only Injured boxes outlast the scene (§8 Injuries and Advantages): they and the fate
    points go back to the character; Clipped and Hurt do not."""
    c = Fate2Character(name="Finn", fate_points=3)
    p = cr.participant_from_character(c, pid="finn")
    hurt = p.model_copy(
        update={"tracks": {WOUNDS: track(CLIPPED, 0, 0, HURT, HURT, 0, INJURED)},
                "fate_points": 1}
    )  # fmt: skip
    back = cr.apply_results(c, hurt)
    assert isinstance(back, Fate2Character) and back.injured == 1 and back.fate_points == 1
    again = cr.refresh_participant(hurt.model_copy(update={"zone": "bar"}), back)
    assert again.track(WOUNDS) == track(0, 0, 0, 0, 0, 0, INJURED) and again.zone == "bar"


def test_inline_npcs_follow_the_campaign_track(cr: Fate2ConflictRules) -> None:
    """An inline NPC's wound track is the campaign's (§8 Changing Wound Boxes)."""
    assert cr.npc_track_sizes({"Sword": 2}) == {WOUNDS: 8}
    cr.npc_participant(pid="a", name="A", skills={}, tracks={WOUNDS: 8})
    with pytest.raises(RuleViolation, match="8 boxes"):
        cr.npc_participant(pid="a", name="A", skills={}, tracks={WOUNDS: 5})
    with pytest.raises(RuleViolation, match="no stunts or armor"):
        cr.npc_participant(pid="a", name="A", skills={}, armor=2)


def test_settings_round_trip_and_changes(cr: Fate2ConflictRules) -> None:
    """Settings are stored as JSON; the wound boxes are fixed once the cast is in."""
    assert cr.for_settings(cr.settings_data) is cr
    gritty = cr.for_settings({"wound_boxes": {"clipped": 0, "hurt": 2, "injured": 1},
                              "wound_overflow": False})  # fmt: skip
    assert gritty.settings_text() == "run with 0 Clipped, 2 Hurt and 1 Injured boxes, no overflow"
    assert gritty.npc_track_sizes({}) == {WOUNDS: 3}
    assert gritty.settings_change_problem(cr, has_cast=True) is not None
    assert gritty.settings_change_problem(cr, has_cast=False) is None
    same_boxes = cr.for_settings({"wound_overflow": False})
    assert same_boxes.settings_change_problem(cr, has_cast=True) is None
    with pytest.raises(RuleViolation, match="wound_boxes"):
        cr.for_settings({"wound_boxes": {"hurt": -1}})


def test_a_clipped_result_costs_the_next_exchange_one(cr: Fate2ConflictRules) -> None:
    """§8 Injuries and Advantages, Table 2: a Clipped result is -1 to the victim's next action
    (exchange pace: the next exchange); several do not stack, and it does not last."""
    guard = cr.npc_participant(pid="g", name="Guard", skills={"Sword": 1})
    hero = cr.npc_participant(pid="h", name="Finn", skills={"Knife": 3})
    state = Encounter(name="t", system="fate2", settings=cr.settings_data,
                      participants=(guard, hero))  # fmt: skip
    state, _ = conflict.start(cr, state)
    state, _ = conflict.apply_event(cr, state, SetBoxEvent(who="g", track=WOUNDS, box=1,
                                                          level=CLIPPED))  # fmt: skip
    assert cr.roll_modifier(state.find("g"), "Sword") == (0, "")  # not in the same exchange
    state, entry = conflict.next_exchange(cr, state)
    assert "Guard is Clipped: -1 this exchange" in entry.text
    g = state.find("g")
    assert g is not None and cr.roll_modifier(g, "Sword") == (-1, "wound penalty: Clipped")
    state, entry = conflict.next_exchange(cr, state)
    g = state.find("g")
    assert g is not None and cr.roll_modifier(g, "Sword") == (0, "")  # spent
    assert "Clipped" not in entry.text
    # two more Clipped results in one exchange: still -1, not -2
    for box in (2, 3):
        state, _ = conflict.apply_event(cr, state, SetBoxEvent(who="g", track=WOUNDS, box=box,
                                                              level=CLIPPED))  # fmt: skip
    state, _ = conflict.next_exchange(cr, state)
    g = state.find("g")
    assert g is not None and cr.roll_modifier(g, "Sword")[0] == -1
    assert cr.participant_options_problem({"clipped": "yes"}) is not None
    assert cr.participant_options_problem({"armor": 1}) is not None
