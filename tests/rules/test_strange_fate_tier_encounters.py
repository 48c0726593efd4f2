"""Strange Fate encounters across Power Tiers through the core engine (rules/conflict/ with
rules/systems/strange_fate/conflict.py): the dice of each roll, static difficulties with a tier,
Invulnerabilities, drawn dice and odds, stress, Armor, minions, adversaries and villains. Each
test cites the book line (shared/seeds/strange-fate-srd.txt) it checks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules import conflict
from rules.conflict.odds import contest_odds, roll_odds
from rules.conflict.pools import contest_pools, roll_pool
from rules.dice import draw_faces, parse_dice
from rules.encounter import AttackEvent, Encounter, Participant, RollEvent
from rules.errors import RuleViolation
from rules.systems.strange_fate.conflict import StrangeFateConflictRules
from rules.systems.strange_fate.creation import TIERS
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.systems.strange_fate.tiers import TierPool
from tests.rules.strange_fate_builders import professor, system


def rules(**settings: object) -> StrangeFateConflictRules:
    cr = system().conflict_rules(StrangeFateSettings.model_validate(settings))
    assert isinstance(cr, StrangeFateConflictRules)
    return cr


def npc(
    cr: StrangeFateConflictRules, pid: str, skills: dict[str, int], **options: object
) -> Participant:
    p = cr.npc_participant(pid=pid, name=pid.capitalize(), skills=skills, side=pid)
    return p.model_copy(update={"options": options})


def fight(cr: StrangeFateConflictRules, *people: Participant) -> Encounter:
    start = Encounter(
        name="Fight", system="strange-fate", settings=cr.settings_data, participants=people
    )
    state, _ = conflict.start(cr, start)
    return state


def test_opposed_roll_uses_the_tiers_of_the_skills_in_use_l1153() -> None:
    """Good (+3) Fisticuffs (E) against Fair (+2) Athletics: 3dF+1d6+3 against 4dF+2; the same
    character's Mundane skill rolls plain dice (the tier is the skill's, not the person's)."""
    cr = rules()
    boxer = npc(cr, "boxer", {"Fisticuffs": 3, "Athletics": 2}, tiers=("Fisticuffs (E)",))
    clerk = npc(cr, "clerk", {"Athletics": 2, "Fisticuffs": 1})
    state = fight(cr, boxer, clerk)
    with pytest.raises(RuleViolation, match="dice for Boxer"):
        conflict.attack(
            cr, state, attacker="boxer", defender="clerk", skill="Fisticuffs",
            defense_skill="Athletics", dice=(0, 0, 0, 0), defense_dice=(0, 0, 0, 0),
        )  # fmt: skip
    state2, entry = conflict.attack(
        cr, state, attacker="boxer", defender="clerk", skill="Fisticuffs",
        defense_skill="Athletics", dice=(1, 0, -1, 4), defense_dice=(0, 0, 0, 0),
    )  # fmt: skip
    assert "Fisticuffs +3 [+ 0 - 4] = +7" in entry.text
    assert "Athletics +2 [0000] = +2" in entry.text
    assert state2.last is not None and state2.last.rolls[0].pool == "3dF+1d6"
    assert state2.last.rolls[1].pool == ""  # the plain 4dF
    # Superhuman instead: 2dF+2d6 against 4dF (L1153)
    boxer_s = npc(cr, "boxer", {"Fisticuffs": 3}, tiers=("Fisticuffs (S)",))
    a, d = contest_pools(cr, fight(cr, boxer_s, clerk), "boxer", "Fisticuffs", "clerk", "Athletics")
    assert (a.text, d.text) == ("2dF+2d6", "4dF")
    # the boxer's Mundane Athletics against the clerk's Athletics: both 4dF
    a, d = contest_pools(cr, state, "boxer", "Athletics", "clerk", "Athletics")
    assert (a.text, d.text) == ("4dF", "4dF")


def test_a_participants_tier_covers_skills_not_listed_and_a_plain_roll_is_at_its_own() -> None:
    """An NPC's ``tier`` is the tier of its unlisted skills; a roll against a difficulty of no
    tier compares the skill with itself: 4dF (L1153: same tier, 4dF)."""
    cr = rules()
    giant = npc(cr, "giant", {"Brawn": 2, "Notice": 1}, tier=2, tiers=("Notice (Mundane)",))
    state = fight(cr, giant)
    assert roll_pool(cr, state, "giant", "Brawn").text == "4dF"
    assert cr.skill_tier(giant, "Brawn", "physical") == 2
    assert cr.skill_tier(giant, "Notice", "physical") == 0


def test_static_difficulty_with_a_tier_in_a_roll_event_l4036_l4042() -> None:
    """Good (+3) Burglary against a Great (+4) (E) lock: 3dF-1d6; dice totalling -3 give +0, and
    two invokes (+4) make +4, enough (L4042)."""
    cr = rules()
    thief = npc(cr, "thief", {"Burglary": 3})
    thief = thief.model_copy(update={"aspects": ("Nimble Fingers", "Patient")})
    thief = thief.model_copy(update={"fate_points": 2})
    state = fight(cr, thief)
    _, entry = conflict.roll(cr, state, who="thief", skill="Burglary", dice=(-1, 0, 0, 2),
                             difficulty=4, difficulty_tier=1, uses_action=False)  # fmt: skip
    assert "[- 0 0 -2] = +0" in entry.text and "failure" in entry.text
    _, entry = conflict.roll(
        cr, state, who="thief", skill="Burglary", dice=(-1, 0, 0, 2), difficulty=4,
        difficulty_tier=1, uses_action=False,
        invokes=({"aspect": "Nimble Fingers", "by": "thief"}, {"aspect": "Patient", "by": "thief"}),
    )  # fmt: skip
    assert "= +4 vs +4: success" in entry.text
    # a difficulty of a lower tier than the skill: the roll gains a d6 (L2396, rules-notes)
    assert roll_pool(cr, state, "thief", "Burglary", static_tier=0).text == "4dF"
    expert = npc(cr, "thief", {"Burglary": 3}, tier=1)
    assert roll_pool(cr, fight(cr, expert), "thief", "Burglary", static_tier=0).text == "3dF+1d6"


def test_broad_invulnerability_and_a_scene_weakness_shift_defences_l1182_l1196() -> None:
    """A Minor Invulnerability to all physical attacks makes a Mundane defence Superhuman in a
    physical conflict (the defender rolls 2dF+2d6, the attacker 4dF); not in a social one. A
    Major Weakness takes an Extraordinary defence four tiers down (L1186, L1194)."""
    cr = rules()
    ghost = npc(cr, "ghost", {"Athletics": 1, "Rapport": 1}, invulnerable=("physical:minor",))
    brute = npc(cr, "brute", {"Fisticuffs": 2, "Rapport": 2})
    state = fight(cr, brute, ghost)
    a, d = contest_pools(cr, state, "brute", "Fisticuffs", "ghost", "Athletics")
    assert (a.text, d.text) == ("4dF", "2dF+2d6")
    social = state.model_copy(update={"kind": "social"})
    assert contest_pools(cr, social, "brute", "Rapport", "ghost", "Rapport")[1].text == "4dF"
    wolf = npc(cr, "wolf", {"Athletics": 3}, tier=1, weak=("physical:major",))
    a, d = contest_pools(cr, fight(cr, brute, wolf), "brute", "Fisticuffs", "wolf", "Athletics")
    assert (a.text, d.text) == ("1dF+3d6", "4dF")  # 1 - 4 = -3 tiers: three d6 to the brute


def test_blank_dice_are_drawn_from_each_rolls_own_pool() -> None:
    """fill_dice with the state draws 3dF+1d6 for the Extraordinary attacker and 4dF for the
    Mundane defender (L1153), so the drawn event always applies."""
    cr = rules()
    boxer = npc(cr, "boxer", {"Fisticuffs": 3}, tiers=("Fisticuffs (E)",))
    clerk = npc(cr, "clerk", {"Athletics": 2})
    state = fight(cr, boxer, clerk)
    event = AttackEvent(attacker="boxer", defender="clerk", skill="Fisticuffs",
                        defense_skill="Athletics")  # fmt: skip
    filled = conflict.fill_dice(cr, event, random.Random(7), state)
    rng = random.Random(7)
    assert filled.dice == draw_faces(parse_dice("3dF+1d6"), rng)
    assert filled.defense_dice == draw_faces(parse_dice("4dF"), rng)
    conflict.apply_event(cr, state, filled)  # accepted: the faces fit the pools
    roll = conflict.fill_dice(cr, RollEvent(who="clerk", skill="Athletics", difficulty_tier=2),
                              random.Random(1), state)  # fmt: skip
    assert roll.dice is not None and len(roll.dice) == 4 and -6 <= roll.dice[-1] <= 6
    conflict.apply_event(cr, state, roll)


def test_odds_between_tiers_l1164_l1174() -> None:
    """ "That Mundane skill has no chance whatsoever against a Godlike skill" (L1164): equal
    ratings, 4dF against 4d6, never a shift. The odds of an E attack on a Mundane defence match
    the exact distributions of 3dF+1d6 and 4dF."""
    cr = rules()
    man = npc(cr, "man", {"Fists": 2})
    god = npc(cr, "god", {"Athletics": 2}, tier=4)
    state = fight(cr, man, god)
    pools = contest_pools(cr, state, "man", "Fists", "god", "Athletics")
    assert contest_odds(cr, state, 2, 2, pools=pools) == 0
    hero = npc(cr, "hero", {"Fists": 2}, tier=1)
    state = fight(cr, hero, man)
    pools = contest_pools(cr, state, "hero", "Fists", "man", "Fists")
    att, dfn = TierPool(fudge=3, plus_d6=1).distribution(), TierPool().distribution()
    want = sum(
        (pa * pd for a, pa in att.items() for d, pd in dfn.items() if a - d >= 1),
        start=Fraction(0),
    )
    assert contest_odds(cr, state, 2, 2, pools=pools) == want
    # a queued reroll rerolls the attacker's 3dF+1d6 against the standing 4dF
    beat = {d: sum((pa for a, pa in att.items() if a - d >= 1), start=Fraction(0)) for d in dfn}
    again = sum((pd * (1 - (1 - beat[d]) ** 2) for d, pd in dfn.items()), start=Fraction(0))
    assert contest_odds(cr, state, 2, 2, pools=pools, rerolls=1) == again
    static = roll_pool(cr, state, "man", "Fists", static_tier=1)
    below = TierPool(fudge=3, minus_d6=1).distribution()
    assert roll_odds(cr, state, 2, 0, pool=static) == sum(
        (p for v, p in below.items() if v + 2 >= 0), start=Fraction(0)
    )


def test_the_d6_alternative_as_a_campaign_setting_l1170_l1172() -> None:
    """Under ``tier_dice: d6-extra`` an Extraordinary skill against a Mundane one rolls
    2d6-1d6 and the log shows the subtracted die after a minus."""
    cr = rules(tier_dice="d6-extra")
    hero = npc(cr, "hero", {"Fists": 2}, tier=1)
    man = npc(cr, "man", {"Fists": 2})
    state = fight(cr, hero, man)
    _, entry = conflict.attack(
        cr, state, attacker="hero", defender="man", skill="Fists", defense_skill="Fists",
        dice=(6, 5, 1), defense_dice=(3, 3),
    )  # fmt: skip
    assert "Fists +2 [6 5 -1] = +12" in entry.text and "[3 -3] = +2" in entry.text


def test_a_hit_checks_its_box_and_every_box_to_the_left_l4191_l4199() -> None:
    """Two stress check boxes 1 and 2; another two find box 2 checked and roll up to box 3,
    again checking everything to its left (L4195-L4197)."""
    cr = rules()
    state = fight(cr, npc(cr, "man", {"Fists": 1}))
    state, entry = conflict.apply_stress(cr, state, who="man", amount=2)
    assert state.find("man").track("health") == (1, 1, 0)  # type: ignore[union-attr]
    state, entry = conflict.apply_stress(cr, state, who="man", amount=2)
    assert state.find("man").track("health") == (1, 1, 1)  # type: ignore[union-attr]
    assert "box 3" in entry.text


def test_armor_takes_stress_off_each_hit_l4244_l4256() -> None:
    """Armor 1 (an Extraordinary Stress Capacity [Health], L1198) turns a 3-stress hit into 2;
    a 1-stress hit does nothing."""
    cr = rules()
    knight = npc(cr, "knight", {"Fists": 1}, armor_health=1)
    state = fight(cr, knight)
    state, entry = conflict.apply_stress(cr, state, who="knight", amount=3)
    assert entry.text.endswith("box 2")
    assert state.find("knight").track("health") == (1, 1, 0)  # type: ignore[union-attr]
    state, entry = conflict.apply_stress(cr, state, who="knight", amount=1)
    assert state.find("knight").track("health") == (1, 1, 0)  # type: ignore[union-attr]
    assert state.pending_hit is None
    brute = npc(cr, "brute", {"Fists": 3})
    state = fight(cr, brute, knight)
    _, entry = conflict.attack(
        cr, state, attacker="brute", defender="knight", skill="Fists", defense_skill="Fists",
        dice=(0, 0, 0, 0), defense_dice=(0, 0, 0, 0),
    )  # fmt: skip
    assert "2 shifts; Knight's armor 1 takes it to 1; Knight takes a 1-point hit" in entry.text


def test_weapons_add_stress_up_to_the_shifts_l4226_l4242() -> None:
    """Hale's chosen Physical Force Tier Benefit on Extraordinary Strength Training is Weapon 1
    [Health] (one per tier above Mundane, L2404); his Swordstick (Deadly [Health], Alternate Use
    Fisticuffs) Weapon 1 with Arms and Fisticuffs. A Deadly x2 sword winning by 1 deals 2, not 3
    (L4230)."""
    cr = rules()
    hale = cr.participant_from_character(professor(), pid="hale")
    assert hale.options["weapons"] == (
        "Arms:health:1", "Fisticuffs:health:1", "Strength Training:health:1",
    )  # fmt: skip
    assert cr.weapon_stress(hale, "Strength Training", "health", 4) == 1
    assert cr.weapon_stress(hale, "Strength Training", "composure", 4) == 0
    assert cr.weapon_stress(hale, "Endurance", "health", 4) == 0
    duelist = npc(cr, "duelist", {"Arms": 3}, weapons=("Arms:health:2",))
    assert cr.weapon_stress(duelist, "Arms", "health", 1) == 1
    assert cr.participant_options_problem({"weapons": ("Arms:limb:2",)}) is not None


def test_minions_lose_one_per_full_threshold_and_drop_the_remainder_l4477() -> None:
    """Fair minions (threshold 2), a group of four: five stress takes out two and leaves two
    standing (L4477); the odd point is ignored, so a 1-stress hit next does nothing (L4505);
    stress beyond the whole group overflows (L4483)."""
    cr = rules()
    thugs = conflict.minion_group(cr, pid="thugs", name="Thugs", quality=2, count=4, side="b")
    hero = npc(cr, "hero", {"Fists": 4}, tier=1)
    state = fight(cr, hero, thugs)
    state, _ = conflict.apply_stress(cr, state, who="thugs", amount=5)
    assert state.find("thugs").remaining == 2  # type: ignore[union-attr]
    state, _ = conflict.apply_stress(cr, state, who="thugs", amount=1)
    assert state.find("thugs").remaining == 2  # type: ignore[union-attr]
    _, entry = conflict.apply_stress(cr, state, who="thugs", amount=7)
    assert "0 left; overflow 3" in entry.text


def test_adversaries_use_the_group_pool_and_villains_add_it_l4537_l4597() -> None:
    """An adversary has no personal consequences, only the group's (1-2 adversaries: 2 Trifling
    and 1 Middling); a villain has its own three and then the group's leftovers."""
    cr = rules()
    adv = npc(cr, "adv", {"Fists": 3}, role="adversary", group_trifling=2, group_middling=1)
    assert cr.consequence_slots(adv, "physical") == ("mild", "mild", "moderate")
    villain = npc(cr, "vil", {"Fists": 5}, role="villain", group_trifling=1)
    assert cr.consequence_slots(villain, "physical") == ("mild", "moderate", "severe", "mild")
    alone = npc(cr, "adv", {"Fists": 3}, role="adversary")
    assert cr.next_consequence(alone, "physical") is None  # no group, no group consequences
    assert cr.participant_options_problem({"role": "boss"}) is not None


def test_a_characters_tiers_invulnerabilities_and_role_travel_into_the_encounter() -> None:
    """Casting reads the skills' tiers, broad Invulnerabilities and the role; an adversary's
    consequences come back as group consequences (L4580-L4597)."""
    cr = rules()
    hero = professor()
    p = cr.participant_from_character(hero, pid="prof")
    for skill, tier in hero.tiers.items():
        assert cr.skill_tier(p, skill, "physical") == TIERS.index(tier)
    adversary = hero.model_copy(update={"role": "adversary"})
    p = cr.participant_from_character(adversary, pid="adv")
    assert p.options["role"] == "adversary"
    hurt = p.model_copy(update={"options": {**p.options, "group_trifling": 2}})
    state = fight(cr, hurt)
    state, _ = conflict.apply_stress(cr, state, who="adv", amount=9)
    state, _ = conflict.take_consequence(cr, state, who="adv", text="Winded")
    back = cr.apply_results(adversary, state.find("adv"))  # type: ignore[arg-type]
    assert [(c.severity, c.group) for c in back.condition.consequences] == [("trifling", True)]


def test_script_cast_options_give_an_npc_a_tier() -> None:
    """An inline NPC's ``options`` reach the participant, checked by the system."""
    from rules.encounter_script import EncounterScriptError, build_encounter, parse_script

    cr = rules()
    script = parse_script({
        "format": "fatesmith-encounter-script", "system": "strange-fate",
        "cast": [{"id": "ogre", "npc": {"name": "Ogre", "skills": {"Brawn": 3}},
                  "options": {"tier": 2, "tiers": ["Notice (M)"]}}],
    })  # fmt: skip
    state = build_encounter(script, {}, cr, None, system="strange-fate")
    ogre = state.find("ogre")
    assert ogre is not None and cr.skill_tier(ogre, "Brawn", "physical") == 2
    bad = parse_script({
        "format": "fatesmith-encounter-script", "system": "strange-fate",
        "cast": [{"id": "ogre", "npc": {"skills": {"Brawn": 3}}, "options": {"tier": 9}}],
    })  # fmt: skip
    with pytest.raises(EncounterScriptError, match="tier must be a whole number"):
        build_encounter(bad, {}, cr, None, system="strange-fate")


def test_consequences_absorb_2_4_6_and_stack_on_one_hit_l4211_l4216() -> None:
    """A 6-stress hit on three boxes: a Trifling consequence absorbs 2, the 4 left still find no
    box, a Middling absorbs the rest (Trifling + Middling = 6). A 4-stress hit on a fresh track
    after a Trifling leaves 2: box 2, checking box 1 as well."""
    cr = rules()
    man = npc(cr, "man", {"Fists": 1})
    brute = npc(cr, "brute", {"Fists": 5})
    state = fight(cr, brute, man)
    state, _ = conflict.attack(
        cr, state, attacker="brute", defender="man", skill="Fists", defense_skill="Fists",
        dice=(1, 1, 0, 0), defense_dice=(0, 0, 0, 0),
    )  # fmt: skip
    assert state.pending_hit is not None and state.pending_hit.box is None  # 6 > 3 boxes
    state, entry = conflict.take_consequence(cr, state, who="man", text="Bloody Nose")
    assert "absorbing 2 of the 6-point hit: 4 left" in entry.text
    assert state.pending_hit is not None and state.pending_hit.shifts == 4
    state, entry = conflict.take_consequence(cr, state, who="man", text="Cracked Rib")
    assert state.pending_hit is None
    held = state.find("man").consequences  # type: ignore[union-attr]
    assert [c.severity for c in held] == ["mild", "moderate"]
    fresh = fight(cr, brute, npc(cr, "man", {"Fists": 1}))
    fresh, _ = conflict.apply_stress(cr, fresh, who="man", amount=4)  # no box 4: pending
    fresh, _ = conflict.take_consequence(cr, fresh, who="man", text="Winded")
    fresh, entry = conflict.apply_stress(cr, fresh, who="man")
    assert fresh.find("man").track("health") == (1, 1, 0)  # type: ignore[union-attr]


def test_refreshing_a_character_rereads_its_own_options_and_keeps_the_casts() -> None:
    """A scene's Weakness and the group consequences the cast gave stay when the character is
    refreshed; what the character gives (its Weapons) is read afresh."""
    cr = rules()
    hero = professor()
    p = cr.participant_from_character(hero, pid="hale")
    p = p.model_copy(
        update={"options": {**p.options, "weak": ("physical:minor",), "group_trifling": 1}}
    )
    unarmed = hero.model_copy(update={"equipment": ()})
    fresh = cr.refresh_participant(p, unarmed)
    own = tuple(f"{w.category}:{w.severity}" for w in hero.weaknesses)  # the character's own
    assert (
        fresh.options["weak"] == (*own, "physical:minor") and fresh.options["group_trifling"] == 1
    )
    assert fresh.options["weapons"] == ("Strength Training:health:1",)


def test_the_victim_picks_which_free_consequence_absorbs_a_hit_l4211_l4216() -> None:
    """A 4-stress hit: a Middling consequence alone absorbs it (L4213), keeping the Trifling
    slot free; a slot already filled cannot be picked."""
    cr = rules()
    state = fight(cr, npc(cr, "man", {"Fists": 1}))
    state, _ = conflict.apply_stress(cr, state, who="man", amount=4)  # no box 4 on three
    state, entry = conflict.take_consequence(
        cr, state, who="man", text="Broken Wrist", severity="moderate"
    )
    assert "Middling consequence" in entry.text and state.pending_hit is None
    man = state.find("man")
    assert man is not None and cr.free_consequences(man, "physical") == ("mild", "severe")
    state, _ = conflict.apply_stress(cr, state, who="man", amount=4)
    with pytest.raises(RuleViolation, match="no free Middling consequence"):
        conflict.take_consequence(cr, state, who="man", text="Again", severity="moderate")


def test_an_attack_on_someone_a_block_protects_rolls_at_the_blocks_tier_l4352() -> None:
    """ "If the skill is of a Power Tier higher than Mundane, treat that difficulty as if it
    were of the same Tier as your skill ... Someone trying to overcome it using a Mundane Tier
    skill would roll 2dF-2d6" (L4352), and protecting someone from attacks is a block (L4346):
    the Superhuman bodyguard's Notice block (+2) over the clerk makes the Mundane thug's attack
    2dF-2d6 (the clerk's defence stays 4dF against the thug); Good Fists with ++ and two 1s on
    the d6s is +3, one shift past the block; the drawn dice, the pools and the odds agree;
    without the block the thug rolls 4dF."""
    cr = rules()
    guard = npc(cr, "guard", {"Notice": 2}, tiers=("Notice (S)",))
    clerk = npc(cr, "clerk", {"Athletics": 1})
    thug = npc(cr, "thug", {"Fists": 3})
    state = fight(cr, guard, clerk, thug)
    a, d = contest_pools(cr, state, "thug", "Fists", "clerk", "Athletics", attack=True)
    assert (a.text, d.text) == ("4dF", "4dF")
    guarded, _ = conflict.block(
        cr, state, actor="guard", skill="Notice", dice=(0, 0, 0, 0), protects="clerk"
    )
    assert guarded.blocks[0].tier == 2 and guarded.blocks[0].strength == 2
    blocked = contest_pools(cr, guarded, "thug", "Fists", "clerk", "Athletics", attack=True)
    assert (blocked[0].text, blocked[1].text) == ("2dF-2d6", "4dF")
    plain = contest_pools(cr, guarded, "thug", "Fists", "clerk", "Athletics")  # a maneuver
    assert plain[0].text == "4dF"
    with pytest.raises(RuleViolation, match="dice for Thug"):
        conflict.attack(
            cr, guarded, attacker="thug", defender="clerk", skill="Fists",
            defense_skill="Athletics", dice=(1, 1, 0, 0), defense_dice=(0, 0, 0, 0),
        )  # fmt: skip
    after, entry = conflict.attack(
        cr, guarded, attacker="thug", defender="clerk", skill="Fists",
        defense_skill="Athletics", dice=(1, 1, 1, 1), defense_dice=(0, 0, 0, 0),
    )  # fmt: skip
    assert after.last is not None
    assert after.last.rolls[0].pool == "2dF-2d6" and after.last.rolls[0].effort == 3
    assert after.last.rolls[1].pool == ""  # the clerk's plain 4dF
    assert "Guard's block holds at +2" in entry.text and after.last.shifts == 1
    event = AttackEvent(attacker="thug", defender="clerk", skill="Fists", defense_skill="Athletics")
    filled = conflict.fill_dice(cr, event, random.Random(3), guarded)
    assert isinstance(filled, AttackEvent) and filled.dice is not None
    assert len(filled.dice) == 4 and all(1 <= f <= 6 for f in filled.dice[2:])
    # the odds past the +2 block: Good Fists on 2dF-2d6 is far worse off than on 4dF
    assert contest_odds(cr, guarded, 3, 1, 2, pools=blocked) < contest_odds(
        cr, guarded, 3, 1, 2, pools=plain
    )
