"""Every search over the Skill Trapping Diagram is bounded in steps and, given a clock, in time,
and says when it stopped early (issue 22): a valid walk, ``exact`` False, and a validation
warning naming the skill."""

from __future__ import annotations

import itertools
from typing import Any

from rules.system_data import SystemData
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.character import DesignedSkill
from rules.systems.strange_fate.cost import Pricer, SearchLimit, Walk
from rules.systems.strange_fate.diagram import parse_diagram
from rules.systems.strange_fate.system import DIAGRAM_KEY, StrangeFateSystem
from tests.rules.strange_fate_builders import professor, system

RING = ("Influence", "Menace", "Shoot", "Strike", "Dodge", "Esteem", "Parry", "Willpower", "Climb",
        "Leap")  # fmt: skip
"""Ten boxes in a loop of dotted lines: two routes to each box, so the exact search proves its
walk cheapest, in more steps than a clock is read after."""

UNKNOWN = {"kind": "unknown"}


def corrected(lines: list[tuple[str, str]], style: str = "thin") -> dict[str, Any]:
    bundled = system().book.diagram.model_dump(mode="json")
    return {
        **bundled,
        "lines": [{"a": a, "b": b, "style": style, "provenance": UNKNOWN} for a, b in lines],
    }


def ring_pricer() -> Pricer:
    pairs = [(RING[i], RING[(i + 1) % len(RING)]) for i in range(len(RING))]
    return Pricer(parse_diagram(corrected(pairs, "dotted")))


def uses(names: tuple[str, ...]) -> list[TrappingUse]:
    return [TrappingUse(trapping=n) for n in names]


def valid(walk: Walk, names: tuple[str, ...]) -> None:
    """Every trapping added once, and the points the sum of the steps."""
    assert sorted(step.trapping for step in walk.steps) == sorted(names)
    assert walk.points == sum(step.points for step in walk.steps)


def test_without_a_limit_the_ring_is_exact() -> None:
    walk = ring_pricer().cheapest(uses(RING), unique=False)
    assert walk.exact
    valid(walk, RING)


def test_a_clock_past_its_time_stops_the_search_early() -> None:
    """Time comes in as a clock (rules do no I/O): one that jumps a second a reading stops a
    half-second search at its first reading, and the walk says so."""
    exact = ring_pricer().cheapest(uses(RING), unique=False)
    readings: list[float] = []

    def clock() -> float:
        readings.append(float(len(readings)))
        return readings[-1]

    walk = ring_pricer().cheapest(
        uses(RING), unique=False, limit=SearchLimit(clock=clock, seconds=0.5)
    )
    assert not walk.exact
    valid(walk, RING)
    assert walk.points >= exact.points
    assert 2 <= len(readings) <= 3  # the start, then readings until it stopped


def test_a_step_limit_stops_the_search_early() -> None:
    walk = ring_pricer().cheapest(uses(RING), unique=False, limit=SearchLimit(steps=100))
    assert not walk.exact
    valid(walk, RING)


def knotted_system() -> StrangeFateSystem:
    """The system over a diagram of six boxes each joined to each, and one leaf."""
    knot = RING[:6]
    pairs = [*itertools.combinations(knot, 2), (knot[0], "Convince")]
    content = corrected(pairs)
    bound = system().with_data(
        {DIAGRAM_KEY: SystemData(system="strange-fate", key=DIAGRAM_KEY, content=content)}
    )
    assert bound.data_problem is None
    return bound


def test_validation_says_in_words_when_the_search_stopped_early() -> None:
    sf = knotted_system()
    skill = ("Convince", *RING[:6])
    hero = professor().model_copy(
        update={
            "skills": {**professor().skills, "Knot": 2},
            "designed": {
                **professor().designed,
                "Knot": DesignedSkill(kind="strange", trappings=tuple(uses(skill))),
            },
        }
    )
    [price] = [p for p in sf.derive(hero).skills if p.name == "Knot"]
    assert price.walk is not None and not price.walk.exact
    [note] = [p for p in sf.validate(hero) if p.code == "SF-search-stopped"]
    assert note.severity == "warning" and note.path == "designed.Knot.trappings"
    assert "stopped early" in note.message and "not proven cheapest" in note.message
    # on the bundled diagram (a forest) every walk is exact and nothing is said
    assert not [p for p in system().validate(hero) if p.code == "SF-search-stopped"]
