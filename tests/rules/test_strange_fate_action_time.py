"""Strange Fate's action times in a conflict (L3837, «Time and Space»): a Free Action carries no
penalty, but "Something that requires A Full Action, however, consumes a character's entire
effort for the round - not even a Free Action can be taken with a Full Action"; and the
movement Tier Benefits' free zones are one Free Action a turn (Move L2310, Leap L2238). The GM
may let one through with the engine's logged override (``gm_override``)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.errors import RuleViolation
from tests.rules.test_strange_fate_opposition import act, rules, street


def test_one_free_move_a_turn_l2310() -> None:
    """The Superhuman runner's free Move covers two zones; a second free Move in the same
    exchange is refused, allowed by a GM override (named in the log), and free again in the
    next exchange."""
    cr = rules()
    state = street(cr, benefits=("Move:2", "Leap:2"))
    state, _ = act(cr, state, "tier_move", to="b")
    with pytest.raises(RuleViolation, match="free Move or Leap this exchange"):
        act(cr, state, "tier_move", to="c")
    with pytest.raises(RuleViolation, match="one a turn"):
        act(cr, state, "tier_move", to="a", benefit="Leap")  # the same Free Action, by Leap
    allowed, _ = conflict.gm_override(cr, state, who="runner", reason="a desperate dash")
    after, text = act(cr, allowed, "tier_move", to="a")
    assert "GM override" in text and after.overrides == ()
    assert after.find("runner").zone == "a"  # type: ignore[union-attr]
    later, _ = conflict.next_exchange(cr, state)
    later, text = act(cr, later, "tier_move", to="a")
    assert "GM override" not in text


def test_no_free_move_after_a_full_action_l3837() -> None:
    """Full defense is a Full Action (L4378): the free Move after it is refused; a block is a
    Full Action too (L4352): likewise; the GM may override, and the log says so."""
    cr = rules()
    state = street(cr, benefits=("Move:2", "Hide:2"))
    defended, _ = conflict.full_defense(cr, state, who="runner")
    with pytest.raises(
        RuleViolation, match=r"Full Action \(full defense\).*not even a Free Action goes with it"
    ):
        act(cr, defended, "tier_move", to="b")
    allowed, _ = conflict.gm_override(cr, defended, who="runner", reason="the GM allows it")
    _, text = act(cr, allowed, "tier_move", to="b")
    assert "(GM override: Runner took a Full Action (full defense)" in text
    blocked, _ = conflict.block(
        cr, state, actor="runner", skill="Athletics", dice=(0, 0, 0, 0), against="the door"
    )
    with pytest.raises(RuleViolation, match=r"Full Action \(a block\)"):
        act(cr, blocked, "tier_move", to="b")
    hidden = blocked.model_copy(update={"participants": tuple(
        p.model_copy(update={"hidden": True}) if p.id == "runner" else p
        for p in blocked.participants
    )})  # fmt: skip
    with pytest.raises(RuleViolation, match="no supplemental move"):
        act(cr, hidden, "sneak", to="b")


def test_no_full_action_after_a_free_or_supplemental_move_l3837() -> None:
    """The other order: after a free Move, full defense and a block are refused (the round's
    whole effort); after the shared supplemental move too (-1 pending); a GM override lets the
    full defense through, named in the log."""
    cr = rules()
    state = street(cr, benefits=("Move:2",))
    moved, _ = act(cr, state, "tier_move", to="b")
    with pytest.raises(
        RuleViolation, match=r"free Move or Leap this exchange.*not even a Free Action beside it"
    ):
        conflict.full_defense(cr, moved, who="runner")
    with pytest.raises(RuleViolation, match="GM override"):
        conflict.block(cr, moved, actor="runner", skill="Athletics", dice=(0, 0, 0, 0))
    stepped, _ = conflict.move(cr, state, who="runner", to="b")
    with pytest.raises(RuleViolation, match=r"supplemental action \(-1 pending\)"):
        conflict.full_defense(cr, stepped, who="runner")
    allowed, _ = conflict.gm_override(cr, moved, who="runner", reason="cornered")
    after, entry = conflict.full_defense(cr, allowed, who="runner")
    assert "GM override" in entry.text and after.find("runner").full_defense  # type: ignore[union-attr]
    # an action that is An Action, not a Full one, still goes with the free Move
    attacked, _ = conflict.attack(
        cr, moved, attacker="runner", defender="watcher", skill="Athletics",
        defense_skill="Notice", dice=(0, 0, 0, 0), defense_dice=(0, 0, 0, 0),
    )  # fmt: skip
    assert attacked.find("runner").acted  # type: ignore[union-attr]


def test_a_persistent_block_gives_a_cumulative_plus_one_each_round_l4354() -> None:
    """ "a block can persist without further action from the blocker ... give those attempting
    to overcome it a cumulative +1 bonus to their rolls each round" (L4354): the watcher's wall
    (Notice 2, strength +2) stands into the next exchanges; the runner's Athletics 3 with -2 on
    the dice makes +1 in the wall's own exchange, +2 a round later (+1), +3 two rounds later
    (+2); a block that is not persistent ends with its exchange; the payload of an ordinary
    block has no ``persistent`` key."""
    cr = rules()
    state = street(cr)
    walled, entry = conflict.block(
        cr, state, actor="watcher", skill="Notice", dice=(0, 0, 0, 0), against="pursuit",
        persistent=True,
    )  # fmt: skip
    assert "standing on by itself" in entry.text
    [wall] = walled.blocks
    assert wall.persistent and wall.strength == 2
    low = (-1, -1, 0, 0)

    def attempt(at: object) -> tuple[int, str]:
        after, e = conflict.pass_block(
            cr, at, actor="runner", blocker="watcher", skill="Athletics", dice=low
        )
        assert after.last is not None
        return after.last.rolls[0].effort, e.text

    effort, text = attempt(walled)
    assert effort == 1 and "standing" not in text
    round2, _ = conflict.next_exchange(cr, walled)
    assert [b.strength for b in round2.blocks] == [2]
    effort, text = attempt(round2)
    assert effort == 2 and "+1 against a block standing 1 exchange(s)" in text
    round3, _ = conflict.next_exchange(cr, round2)
    effort, text = attempt(round3)
    assert effort == 3 and "+2 against a block standing 2 exchange(s)" in text
    ordinary, _ = conflict.block(
        cr, state, actor="watcher", skill="Notice", dice=(0, 0, 0, 0), against="pursuit"
    )
    assert "persistent" not in ordinary.blocks[0].model_dump(mode="json")
    after, _ = conflict.next_exchange(cr, ordinary)
    assert after.blocks == ()


def test_a_system_without_persistent_blocks_refuses_one() -> None:
    """The core's default (``ConflictHookDefaults.persistent_block_bonus``: None, as in SotC,
    whose blocks last their exchange): a persistent block is refused."""
    from rules.conflict_rules import ConflictHookDefaults
    from rules.systems.strange_fate.conflict import StrangeFateConflictRules

    class Lasting(StrangeFateConflictRules):
        def persistent_block_bonus(self, rounds: int) -> int | None:  # type: ignore[override]
            return ConflictHookDefaults.persistent_block_bonus(self, rounds)

    sf = rules()
    cr = Lasting(sf._book, sf._settings)
    with pytest.raises(RuleViolation, match="no persistent blocks"):
        conflict.block(
            cr, street(sf), actor="watcher", skill="Notice", dice=(0, 0, 0, 0), persistent=True
        )


def test_a_full_action_attempt_at_a_block_forbids_a_free_move_l4356() -> None:
    """Getting past a block with a skill of its tier or lower takes "Full Action" (L4356-L4362
    table), and "not even a Free Action can be taken with a Full Action" (L3837): after the
    Mundane runner's attempt at the watcher's Mundane block, the free Move is refused (a GM
    override lets it through, named in the log); the other order too (a free Move, then the
    attempt). A Superhuman Athletics (two tiers above the block) makes the attempt a Free
    Action, which goes with the free Move either way."""
    cr = rules()
    state = street(cr, benefits=("Move:2",))
    blocked, _ = conflict.block(
        cr, state, actor="watcher", skill="Notice", dice=(0, 0, 0, 0), against="pursuit"
    )
    tried, entry = conflict.pass_block(
        cr, blocked, actor="runner", blocker="watcher", skill="Athletics", dice=(0, 0, 0, 0)
    )
    assert "a Full Action at its tier" in entry.text
    with pytest.raises(RuleViolation, match=r"Full Action \(an attempt to get past a block"):
        act(cr, tried, "tier_move", to="b")
    allowed, _ = conflict.gm_override(cr, tried, who="runner", reason="a slip past")
    _, text = act(cr, allowed, "tier_move", to="b")
    assert "GM override: Runner took a Full Action (an attempt to get past a block" in text
    later, _ = conflict.next_exchange(cr, tried)  # a new round: the Full Action is spent
    act(cr, later, "tier_move", to="b")
    moved, _ = act(cr, blocked, "tier_move", to="b")
    with pytest.raises(RuleViolation, match=r"free Move or Leap this exchange.*GM override"):
        conflict.pass_block(
            cr, moved, actor="runner", blocker="watcher", skill="Athletics", dice=(0, 0, 0, 0)
        )
    allowed, _ = conflict.gm_override(cr, moved, who="runner", reason="momentum")
    _, entry = conflict.pass_block(
        cr, allowed, actor="runner", blocker="watcher", skill="Athletics", dice=(0, 0, 0, 0)
    )
    assert "(GM override: Runner has taken a free Move or Leap" in entry.text
    fast = street(cr, benefits=("Move:2",), tiers=("Athletics (S)",))
    fast, _ = conflict.block(
        cr, fast, actor="watcher", skill="Notice", dice=(0, 0, 0, 0), against="pursuit"
    )
    moved, _ = act(cr, fast, "tier_move", to="b")
    after, entry = conflict.pass_block(
        cr, moved, actor="runner", blocker="watcher", skill="Athletics", dice=(0, 0, 3, 3)
    )
    assert "a Free Action at its tier" in entry.text
    assert "full_action_exchange" not in after.find("runner").options  # type: ignore[union-attr]
