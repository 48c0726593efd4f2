"""FATE 2.0 advancement rank by rank: one rank each advancement period, four periods an arc
that ends with the goal taken as an aspect (FATE 2.0, 4. Aspects and Fate Points: Advancement;
7. GM's Toolbox: Advancement). Each rank added after creation is checked against the pyramid:
while the arc is open a break is a warning (the pyramid "needs only to be balanced when the
character chooses a new goal", §7; AMB-03), at the goal an error. Sybil (2. Sample Creation)
advances."""

from __future__ import annotations

import pytest

from rules.systems.fate2.builder import advancement_rank, reach_goal
from rules.systems.fate2.character import Fate2Character, Fate2Phase
from rules.systems.fate2.system import Fate2System
from tests.rules.test_fate2_samples import SYBIL, campaign, codes, errors, fate2  # noqa: F401


def advance(fate2: Fate2System, c: Fate2Character, *skills: str) -> Fate2Character:  # noqa: F811
    r = fate2.resolve(campaign(SYBIL))
    for skill in skills:
        c = advancement_rank(c, skill, r)
    return c


def test_a_rank_that_keeps_the_pyramid_is_clean(fate2: Fate2System) -> None:  # noqa: F811
    """§7 Advancement: the rank goes to an open arc, which needs no aspect yet. Streetwise to
    Fair leaves four Fair over three Average (a warning while the arc is open); a new skill at
    Average instead (five Average under three Fair) keeps the pyramid."""
    c = advance(fate2, SYBIL, "Streetwise")
    settings = campaign(SYBIL)
    problems = fate2.validate(c, settings)
    assert c.phases[-1] == Fate2Phase(kind="arc", ranks={"Streetwise": 1})
    assert c.skills["Streetwise"] == 1
    assert "FATE2-pyramid-advancing" in codes(problems) and errors(problems) == []
    c = advance(fate2, SYBIL, "Lore")  # a new skill at Average: 5 Average, 3 Fair
    problems = fate2.validate(c, campaign(SYBIL))
    assert errors(problems) == [] and "FATE2-pyramid-advancing" not in codes(problems)
    assert fate2.derive(c, campaign(SYBIL)).pyramid_ok_by_phase == (True,) * 6


def test_an_unbalancing_rank_warns_until_the_goal_then_errs(fate2: Fate2System) -> None:  # noqa: F811
    """§4 Advancement: ranks are spent "in accordance with the normal rules (i.e. the pyramid
    must be maintained)"; §7: it may go unbalanced by single ranks, but must balance when the
    goal is reached. Knife to Superb on one Great-less rung breaks it."""
    settings = campaign(SYBIL)
    c = advance(fate2, SYBIL, "Knife")
    assert c.skills["Knife"] == 4
    problems = fate2.validate(c, settings)
    [warn] = [p for p in problems if p.code == "FATE2-pyramid-advancing"]
    assert warn.path == "phases[5]" and "1 skill at Superb" in warn.message
    assert "7. GM's Toolbox: Advancement" in warn.section
    assert errors(problems) == []
    done = reach_goal(c.model_copy(update={"goal": "Knife Fighter"}), fate2.resolve(settings))
    assert done.phases[-1].aspects == ("Knife Fighter",) and done.goal == ""
    assert done.aspect("Knife Fighter") is not None
    assert "FATE2-pyramid-phase" in errors(fate2.validate(done, settings))


def test_a_full_arc_that_rebalances_reaches_its_goal(fate2: Fate2System) -> None:  # noqa: F811
    """Four periods make an arc (§4 Advancement): Lore, Dance and Sing widen the base and
    Streetwise rises to Fair (six Average under four Fair); with the fourth rank the goal,
    Hunted, is taken: a second level."""
    settings = campaign(SYBIL)
    c = advance(fate2, SYBIL, "Lore", "Dance", "Streetwise", "Sing")
    assert c.phases[-1].ranks == {"Lore": 1, "Dance": 1, "Streetwise": 1, "Sing": 1}
    assert len(c.phases) == 6  # one arc holds the four periods
    c = reach_goal(c.model_copy(update={"goal": "Hunted"}), fate2.resolve(settings))
    assert c.aspect("Hunted") is not None and c.aspect("Hunted").level == 2  # type: ignore[union-attr]
    assert errors(fate2.validate(c, settings)) == []
    c = advance(fate2, c, "Bluff")  # the next rank opens the next arc
    assert len(c.phases) == 7 and c.phases[-1].kind == "arc"


def test_an_open_arc_must_be_the_last_phase(fate2: Fate2System) -> None:  # noqa: F811
    """§7 Advancement: an arc ends with its goal aspect; an arc without one followed by more is
    an error."""
    settings = campaign(SYBIL)
    c = advance(fate2, SYBIL, "Lore")
    c = c.model_copy(update={"phases": (*c.phases, Fate2Phase(kind="arc", aspects=("X",)))})
    assert "FATE2-arc-unfinished" in errors(fate2.validate(c, settings))
    with pytest.raises(ValueError, match="no goal"):
        reach_goal(advance(fate2, SYBIL, "Lore"), fate2.resolve(settings))
    with pytest.raises(ValueError, match="no arc"):
        reach_goal(SYBIL.model_copy(update={"goal": "X"}), fate2.resolve(settings))
