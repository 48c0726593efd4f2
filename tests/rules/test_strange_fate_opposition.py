"""Strange Fate's opposition through the core engine: the adversaries' shared group
consequences (L4580-L4597). Each test cites the book line (shared/seeds/strange-fate-srd.txt)
it checks."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import Encounter, Participant
from rules.errors import RuleViolation
from rules.systems.strange_fate.conflict import StrangeFateConflictRules
from tests.rules.strange_fate_builders import system


def rules() -> StrangeFateConflictRules:
    cr = system().conflict_rules(None)
    assert isinstance(cr, StrangeFateConflictRules)
    return cr


def npc(
    cr: StrangeFateConflictRules, pid: str, skills: dict[str, int], side: str = "gm",
    **options: object,
) -> Participant:  # fmt: skip
    p = cr.npc_participant(pid=pid, name=pid.capitalize(), skills=skills, side=side)
    return p.model_copy(update={"options": options})


def fight(cr: StrangeFateConflictRules, *people: Participant) -> Encounter:
    start = Encounter(
        name="Fight", system="strange-fate", settings=cr.settings_data, participants=people
    )
    state, _ = conflict.start(cr, start)
    return state


def hurt(cr: StrangeFateConflictRules, state: Encounter, who: str, text: str) -> Encounter:
    """A hit no box takes (the boxes are three), then a consequence for it."""
    state, _ = conflict.apply_stress(cr, state, who=who, amount=9)
    state, _ = conflict.take_consequence(cr, state, who=who, text=text)
    state, _ = conflict.take_out(cr, state, who=who) if state.pending_hit else (state, None)
    return state


def test_two_adversaries_share_one_pool_l4584() -> None:
    """ "Any Adversary can make use of this pool": two adversaries with the 1-2 adversary pool
    (2 Trifling, 1 Middling, L4592) take three consequences between them, not six; the second
    adversary need not name the pool (the GM writes it on one of them)."""
    cr = rules()
    a = npc(cr, "a", {"Fists": 3}, role="adversary", group_trifling=2, group_middling=1)
    b = npc(cr, "b", {"Fists": 3}, role="adversary")
    state = fight(cr, a, b)
    assert cr.free_consequences(cr.shared_slots(state, b), "physical") == (
        "mild", "mild", "moderate",
    )  # fmt: skip
    state, _ = conflict.apply_stress(cr, state, who="a", amount=2)
    state, _ = conflict.apply_stress(cr, state, who="a", amount=9)
    state, entry = conflict.take_consequence(cr, state, who="a", text="Winded")
    assert "absorbing 2 of the 9-point hit" in entry.text
    state, _ = conflict.take_consequence(cr, state, who="a", text="Bloody Nose")
    state, _ = conflict.take_out(cr, state, who="a")
    # a took both Trifling: b has only the Middling left
    assert cr.free_consequences(cr.shared_slots(state, b), "physical") == ("moderate",)
    state, _ = conflict.apply_stress(cr, state, who="b", amount=9)
    state, entry = conflict.take_consequence(cr, state, who="b", text="Cracked Rib")
    assert "Middling consequence" in entry.text
    with pytest.raises(RuleViolation, match="no consequence left"):
        conflict.take_consequence(cr, state, who="b", text="More")


def test_a_villain_gets_the_leftovers_after_its_own_l4576() -> None:
    """A villain has its own three slots "in place of Collateral consequences ... whatever
    group consequences haven't been used by Adversaries" (L4576)."""
    cr = rules()
    a = npc(cr, "a", {"Fists": 3}, role="adversary", group_trifling=2, group_middling=1)
    v = npc(cr, "v", {"Fists": 5}, role="villain")
    state = fight(cr, a, v)
    assert cr.free_consequences(cr.shared_slots(state, v), "physical") == (
        "mild", "moderate", "severe", "mild", "mild", "moderate",
    )  # fmt: skip
    state = hurt(cr, state, "a", "Winded")
    assert cr.free_consequences(cr.shared_slots(state, v), "physical") == (
        "mild", "moderate", "severe", "mild", "moderate",
    )  # fmt: skip
    # the villain's own Trifling is taken first; the group's stays for the adversary
    state = state.model_copy(update={"participants": tuple(
        p.model_copy(update={"taken_out": False}) for p in state.participants
    )})  # fmt: skip
    state, _ = conflict.apply_stress(cr, state, who="v", amount=2)
    state, _ = conflict.take_consequence(cr, state, who="v", text="Scratched")
    held = state.find("a")
    assert held is not None
    assert cr.free_consequences(cr.shared_slots(state, held), "physical") == ("mild", "moderate")


def test_an_adversarys_tier_benefit_slots_join_the_pool_l4584() -> None:
    """ "any bonus consequences granted by Tier Benefits that would ordinarily go to an
    Adversary becomes another group consequence instead" (L4584): an adversary's extra
    Trifling slot serves the other adversary too; a villain's stays its own (L4576)."""
    cr = rules()
    a = npc(cr, "a", {"Fists": 3}, role="adversary", extra_trifling_physical=1)
    b = npc(cr, "b", {"Fists": 3}, role="adversary")
    v = npc(cr, "v", {"Fists": 3}, role="villain", extra_trifling_physical=1)
    state = fight(cr, a, b, v)
    assert cr.free_consequences(cr.shared_slots(state, b), "physical") == ("mild",)
    state = hurt(cr, state, "b", "Dazed")
    assert cr.free_consequences(cr.shared_slots(state, a), "physical") == ()  # none to hold
    assert cr.free_consequences(cr.shared_slots(state, v), "physical") == (
        "mild", "mild", "moderate", "severe",
    )  # fmt: skip


def test_pools_are_per_side_and_minions_have_none_l4586() -> None:
    """Each side's adversaries share their own pool; "Minions, however, can't take advantage
    of group consequences" (L4586)."""
    cr = rules()
    a = npc(cr, "a", {"Fists": 3}, side="cult", role="adversary", group_trifling=2)
    b = npc(cr, "b", {"Fists": 3}, side="guild", role="adversary", group_trifling=2)
    thugs = conflict.minion_group(cr, pid="thugs", name="Thugs", quality=1, count=3, side="cult")
    state = fight(cr, a, b, thugs)
    state = hurt(cr, state, "a", "Winded")
    assert cr.free_consequences(cr.shared_slots(state, b), "physical") == ("mild", "mild")
    assert cr.free_consequences(cr.shared_slots(state, state.find("thugs")), "physical") == ()  # type: ignore[arg-type]


def blocked(cr: StrangeFateConflictRules, breaker_tier: str) -> Encounter:
    """A Superhuman wall (Good (+3) Earthshaping (S), rolled 0: strength +3) and a breaker with
    Fair (+2) Athletics at ``breaker_tier``."""
    wall = npc(cr, "wall", {"Earthshaping": 3}, tiers=("Earthshaping (S)",))
    runner = npc(cr, "runner", {"Athletics": 2}, side="pc", tiers=(f"Athletics ({breaker_tier})",))
    state = fight(cr, wall, runner)
    state = state.model_copy(update={"order": ("wall", "runner"), "turn": 0})
    state, _ = conflict.block(
        cr, state, actor="wall", skill="Earthshaping", against="the stairs", dice=(0, 0, 0, 0)
    )
    assert state.blocks[0].tier == 2 and state.blocks[0].strength == 3
    return conflict.next_turn(cr, state)[0]


@pytest.mark.parametrize(
    ("tier", "pool", "faces", "passed", "acted", "time"),
    [
        ("Mundane", "2dF-2d6", (1, 1, 1, 1), False, True, "a Full Action"),
        ("E", "3dF-1d6", (1, 1, 1, 1), True, True, "a Full Action"),
        ("S", "4dF", (0, 0, 0, 1), True, True, "a Full Action"),
        ("A", "3dF+1d6", (0, 0, 0, 1), True, True, "An Action"),
        ("G", "2dF+2d6", (0, 0, 1, 1), True, False, "a Free Action"),
    ],
)
def test_a_block_stands_at_the_blockers_tier_l4352_l4362(
    tier: str, pool: str, faces: tuple[int, ...], passed: bool, acted: bool, time: str
) -> None:
    """ "treat that difficulty as if it were of the same Tier as your skill": a Superhuman
    block is broken by a Mundane skill with 2dF-2d6, an Ascendant one with 3dF+1d6 (L4352);
    meeting the strength is enough ("meet or exceed", L4350); breaking it takes a Full Action
    at the block's tier or lower, An Action one tier higher, a Free Action two or more higher
    (L4356-L4362)."""
    from rules.conflict.pools import event_pools
    from rules.encounter import PassBlockEvent

    cr = rules()
    state = blocked(cr, tier)
    event = PassBlockEvent(actor="runner", blocker="wall", skill="Athletics", dice=faces)
    assert event_pools(cr, state, event)["dice"].text == pool
    after, entry = conflict.pass_block(
        cr, state, actor="runner", blocker="wall", skill="Athletics", dice=faces
    )
    assert ("gets past" in entry.text) is passed
    assert f"({time} at its tier)" in entry.text
    assert after.find("runner").acted is acted  # type: ignore[union-attr]


def street(cr: StrangeFateConflictRules, **options: object) -> Encounter:
    """Four zones in a row, a → b → c → d, with a border 1 (a wall) between b and c; the
    runner in a, a watcher in d."""
    from rules.encounter import Border, Zone

    runner = npc(cr, "runner", {"Athletics": 3}, side="pc", **options)
    watcher = npc(cr, "watcher", {"Notice": 2})
    state = fight(
        cr, runner.model_copy(update={"zone": "a"}), watcher.model_copy(update={"zone": "d"})
    )
    zones = tuple(Zone(id=z, name=z.upper()) for z in "abcd")
    borders = (
        Border(between=("a", "b"), value=0),
        Border(between=("b", "c"), value=1),
        Border(between=("c", "d"), value=0),
    )
    return state.model_copy(update={"zones": zones, "borders": borders})


def act(
    cr: StrangeFateConflictRules, state: Encounter, action: str, **params: object
) -> tuple[Encounter, str]:
    from rules.encounter import SystemActionEvent

    event = SystemActionEvent(action=action, actor="runner", params=params)  # type: ignore[arg-type]
    state, entry = conflict.apply_event(cr, state, event)
    return state, entry.text


def with_runner(state: Encounter, **changes: object) -> Encounter:
    return state.model_copy(update={"participants": tuple(
        p.model_copy(update=changes) if p.id == "runner" else p for p in state.participants
    )})  # fmt: skip


def test_the_move_tier_benefit_is_a_free_move_per_tier_l2310() -> None:
    """ "For each Power Tier above Mundane, the character can move 1 zone as a Free Action
    (1 zone at Extraordinary, 2 at Superhuman, etc.)" (L2310): a Superhuman runner covers two
    zones without spending her action; the wall's border value still counts against this
    turn's action (L3897); three zones are out of reach; Mundane runners have no such move."""
    cr = rules()
    state = street(cr, benefits=("Move:2",))
    after, text = act(cr, state, "tier_move", to="c")
    runner = after.find("runner")
    assert runner is not None and runner.zone == "c" and not runner.acted
    assert runner.penalty == 1 and "Free Action (Move, Superhuman)" in text
    with pytest.raises(RuleViolation, match="covers 2 zone"):
        act(cr, state, "tier_move", to="d")
    with pytest.raises(RuleViolation, match="no Move Tier Benefit"):
        act(cr, street(cr), "tier_move", to="b")


def test_the_leap_tier_benefit_counts_zones_and_border_values_l2238() -> None:
    """ "the character can move 1 zone as a Free Action, or ignore the equivalent border value
    between zones (border value of 1 at Extraordinary, 2 at Superhuman, etc.)" (L2238): a
    Superhuman leap from b over the wall (border 1) into c is two, with no penalty; from a it
    would be three."""
    cr = rules()
    state = street(cr, benefits=("Leap:2",))
    with pytest.raises(RuleViolation, match="needs 3"):
        act(cr, state, "tier_move", to="c", benefit="Leap")
    state = with_runner(state, zone="b")
    after, text = act(cr, state, "tier_move", to="c", benefit="Leap")
    runner = after.find("runner")
    assert runner is not None and runner.zone == "c" and runner.penalty == 0 and not runner.acted
    assert "leaps to c as a Free Action (Leap, Superhuman)" in text


def test_the_hide_tier_benefit_moves_unseen_l2091() -> None:
    """ "if the skill is in this Tier the character may move 1 additional zone without
    automatically giving herself away"; Superhuman "any number of zones" (L2091): a hidden
    Extraordinary sneak goes two zones as the supplemental move (-1 and the border), staying
    hidden; three are too many; a Superhuman one goes all three; an unhidden one cannot."""
    cr = rules()
    state = street(cr, benefits=("Hide:1",))
    with pytest.raises(RuleViolation, match="not hidden"):
        act(cr, state, "sneak", to="b")
    hidden = with_runner(state, hidden=True)
    after, text = act(cr, hidden, "sneak", to="c")
    moved = after.find("runner")
    assert moved is not None and moved.zone == "c" and moved.hidden and moved.penalty == 2
    assert "moves unseen to c (Hide, Extraordinary; -2" in text
    with pytest.raises(RuleViolation, match="two zones unseen"):
        act(cr, hidden, "sneak", to="d")
    superhuman = with_runner(hidden, options={"benefits": ("Hide:2",)})
    after, _ = act(cr, superhuman, "sneak", to="d")
    assert after.find("runner").zone == "d"  # type: ignore[union-attr]


def test_a_characters_chosen_movement_benefits_travel_into_the_encounter_l1202() -> None:
    """Only the Tier Benefits chosen for a skill count, at most its rating (L1202): the
    professor's Extraordinary Strength Training has Leap chosen (``Leap:1``); a Superhuman
    Average (+1) Athletics with Leap, Move and Hide chosen gives only the first, Leap at S."""
    from rules.systems.strange_fate.conflict import character_movement
    from tests.rules.strange_fate_builders import professor

    cr = rules()
    hero = professor()
    assert character_movement(system().book, hero) == ("Leap:1",)
    assert cr.participant_from_character(hero, pid="p").options["benefits"] == ("Leap:1",)
    faster = hero.model_copy(update={
        "tiers": {**hero.tiers, "Athletics": "Superhuman"},
        "tier_benefits": {**hero.tier_benefits, "Athletics": ("Leap", "Move", "Hide")},
    })  # fmt: skip
    assert character_movement(system().book, faster) == ("Leap:2",)
    assert cr.participant_options_problem({"benefits": ("Move:2", "Leap:1")}) is None
    assert cr.participant_options_problem({"benefits": ("Fly:2",)}) is not None
    assert cr.participant_options_problem({"benefits": ("Move:0",)}) is not None


def test_a_narrow_invulnerability_shifts_the_defence_against_its_attacks_l1186() -> None:
    """A Minor Invulnerability to fire "upgrad[es] the effective Power Tier of your defense"
    by two tiers against fire (L1186): against "Fire Breath" (its name holds the category) the
    Mundane defender rolls as a Superhuman one, 2dF+2d6 against the attacker's plain 4dF;
    against "Fisticuffs" as herself; the log says why."""
    from rules.conflict.pools import contest_pools

    cr = rules()
    dragon = npc(cr, "dragon", {"Fire Breath": 3, "Fisticuffs": 3})
    golem = npc(cr, "golem", {"Athletics": 2}, side="pc", invulnerable=("fire:minor",))
    state = fight(cr, dragon, golem)
    a, d = contest_pools(cr, state, "dragon", "Fire Breath", "golem", "Athletics")
    assert (a.text, d.text) == ("4dF", "2dF+2d6")
    a, d = contest_pools(cr, state, "dragon", "Fisticuffs", "golem", "Athletics")
    assert (a.text, d.text) == ("4dF", "4dF")
    _, entry = conflict.attack(
        cr, state, attacker="dragon", defender="golem", skill="Fire Breath",
        defense_skill="Athletics", dice=(1, 1, 1, 1), defense_dice=(0, 0, 1, 1),
    )  # fmt: skip
    assert "Golem is Invulnerable to fire (+2 tiers) on this defence" in entry.text


def test_a_weakness_and_a_named_nature_from_the_character_l1194() -> None:
    """ "Werewolves are weak against silver" (L1194): a character's Major Weakness travels into
    the encounter; once the GM names the hunter's "Sword" attacks silver (the attack_nature
    action), the werewolf's Superhuman defence drops four tiers, so the Mundane hunter now
    rolls as the side two tiers above (2dF+2d6); a scene's broad Weakness is kept beside the
    character's own on a refresh."""
    from rules.conflict.pools import contest_pools
    from rules.encounter import SystemActionEvent
    from rules.systems.strange_fate.character import Weakness
    from tests.rules.strange_fate_builders import professor

    cr = rules()
    wolf = professor().model_copy(update={
        "name": "Wolf", "tiers": {"Athletics": "Superhuman"},
        "weaknesses": (Weakness(category="silver", severity="major"),),
    })  # fmt: skip
    w = cr.participant_from_character(wolf, pid="wolf", side="gm")
    assert w.options["weak"] == ("silver:major",)
    hunter = npc(cr, "hunter", {"Sword": 3}, side="pc")
    state = fight(cr, hunter, w)
    assert contest_pools(cr, state, "hunter", "Sword", "wolf", "Athletics")[0].text == "4dF"
    state, entry = conflict.apply_event(
        cr, state, SystemActionEvent(
            action="attack_nature", actor="hunter", params={"skill": "Sword", "nature": "Silver"}
        ),
    )  # fmt: skip
    assert "Hunter's Sword attacks are Silver" in entry.text
    a, d = contest_pools(cr, state, "hunter", "Sword", "wolf", "Athletics")
    assert (a.text, d.text) == ("2dF+2d6", "4dF")
    scene = state.find("wolf")
    assert scene is not None
    scene = scene.model_copy(update={"options": {**scene.options, "weak": ("physical:minor",)}})
    fresh = cr.refresh_participant(scene, wolf)
    assert fresh.options["weak"] == ("silver:major", "physical:minor")
    assert cr.participant_options_problem({"natures": ("Sword:silver",)}) is None
    assert cr.participant_options_problem({"natures": ("Sword",)}) is not None


def test_a_tierless_block_keeps_the_payload_it_always_had() -> None:
    """A block at tier 0 (every block in a system without tiers) is written without ``tier``,
    so an older Fatesmith still reads the encounter; a tiered one keeps it."""
    from rules.encounter import Block

    plain = Block(by="a", strength=2, exchange=1)
    assert "tier" not in plain.model_dump(mode="json")
    tiered = Block(by="a", strength=2, exchange=1, tier=2)
    assert Block.model_validate(tiered.model_dump(mode="json")) == tiered


def test_one_attempt_at_a_block_a_turn_even_a_free_one_l4362() -> None:
    """ "Only one attempt to break a block can be made per character per turn, even if the
    attempt is a Free Action" (L4362): a Godlike breaker's free attempt at a Superhuman block
    fails, and a second free try is refused; her action is still hers."""
    cr = rules()
    state = blocked(cr, "G")
    state, entry = conflict.pass_block(
        cr, state, actor="runner", blocker="wall", skill="Athletics", dice=(-1, -1, 1, 1)
    )
    assert "is stopped by" in entry.text and state.blocks[0].tried == ("runner",)
    with pytest.raises(RuleViolation, match="already tried"):
        conflict.pass_block(
            cr, state, actor="runner", blocker="wall", skill="Athletics", dice=(1, 1, 6, 6)
        )
    assert not state.find("runner").acted  # type: ignore[union-attr]
