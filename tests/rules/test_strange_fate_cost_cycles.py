"""The cost walk on a corrected Skill Trapping Diagram with loops (rules/systems/strange_fate/
cost.py): the bundled reconstruction is a forest, but a user who owns the book may add lines
that close a loop. The walk (L1366-L1372, L1390) takes simple routes only, so a loop never makes
it walk in circles; a small loop is priced exactly, and a tangle too big for the exact search is
priced by a valid walk marked not proven cheapest, quickly."""

from __future__ import annotations

import itertools
from typing import Any

from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.cost import cheapest_walk, greedy_walk, walk_in_order
from rules.systems.strange_fate.diagram import Diagram, parse_diagram

UNKNOWN: dict[str, Any] = {"kind": "unknown"}


def diagram(names: list[str], lines: list[tuple[str, str, str]]) -> Diagram:
    return parse_diagram(
        {
            "version": 1,
            "boxes": [{"trapping": n, "border": "solid", "provenance": UNKNOWN} for n in names],
            "lines": [
                {"a": a, "b": b, "style": style, "provenance": UNKNOWN} for a, b, style in lines
            ],
            "free_in_unique": [],
        }
    )


def uses(*names: str) -> tuple[TrappingUse, ...]:
    return tuple(TrappingUse(trapping=n) for n in names)


def test_a_small_loop_is_priced_exactly() -> None:
    """A square A-B-C-D-A: A, C and D. From A, C is two thin lines away either way round; the
    cheapest order pays A 1, D 1 + 1 (thin D-A), C 1 + 1 (thin D-C) = 5, every order tried by
    brute force agrees, and the walk says it is exact."""
    square = diagram(
        ["A", "B", "C", "D"],
        [("A", "B", "thin"), ("B", "C", "thin"), ("C", "D", "thin"), ("D", "A", "thin")],
    )
    skill = uses("A", "C", "D")
    walk = cheapest_walk(square, skill, unique=False)
    brute = min(
        walk_in_order(square, o, unique=False).points for o in itertools.permutations(skill)
    )
    assert walk.points == brute == 5
    assert walk.exact


def test_a_loop_lets_a_thick_detour_beat_a_dotted_line() -> None:
    """A triangle: A-C dotted (2) but A-B-C thick (free, L1366): C is reached through B for its
    box only; passing over B is free (L1368)."""
    triangle = diagram(
        ["A", "B", "C"], [("A", "C", "dotted"), ("A", "B", "thick"), ("B", "C", "thick")]
    )
    walk = cheapest_walk(triangle, uses("A", "C"), unique=False)
    assert walk.points == 2 and walk.exact
    assert [ln.style for ln in walk.steps[1].lines] == ["thick", "thick"]


def test_a_dense_tangle_is_priced_quickly_and_marked_not_proven() -> None:
    """Every pair of twelve boxes joined: far too many routes to try them all. The walk still
    answers (how fast: bench_loop_guard_worst_case), no dearer than the greedy walk, and says
    it is not proven cheapest."""
    names = [f"T{i}" for i in range(12)]
    tangle = diagram(names, [(a, b, "thin") for a, b in itertools.combinations(names, 2)])
    skill = uses(*names[:9])
    walk = cheapest_walk(tangle, skill, unique=False)  # its time: benchmarks/bench_strange_fate
    assert not walk.exact
    assert walk.points <= greedy_walk(tangle, skill, unique=False).points
    # every trapping once, each step a valid addition: 9 boxes and at least a line for each
    # trapping after the first (nothing is on a paid route without being added)
    assert sorted(s.trapping for s in walk.steps) == sorted(names[:9])
    assert walk.points >= 9 + 8 * 1
