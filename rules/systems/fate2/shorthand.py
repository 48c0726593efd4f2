"""Rules layer: quick NPC skill pyramids from §10 Pyramid Shorthand, and beyond its table.

The book's table gives, for 1 to 15 phases of four ranks, a pyramid "optimized to get high skill
levels as quickly as possible". Each of its rows is exactly what buying, phase by phase, the
highest sorted list of skill values that balances at the end of the phase gives (the tests check
all fifteen); :func:`build_greedy` does that for any number of phases, ranks per phase and shape,
so the generator also covers longer careers, other rank budgets and the Skill Column (§7).
Everything here is pure; nothing is random.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rules.systems.fate2.catalog import ShorthandRow
from rules.systems.fate2.pyramid import rung_counts, shape_break
from rules.systems.fate2.settings import MEDIOCRE, SkillShape

SEARCH_TICKS = 4
"""Ranks spent in one exhaustive search; a bigger phase is bought in steps of four, each
balanced (still a valid phase-by-phase build; the search grows as rungs^ticks)."""

MAX_GREEDY_RANKS = 240
"""Most ranks in all :func:`build_greedy` accepts (sixty phases of four; the search slows)."""

Values = tuple[int, ...]


def _balanced(values: Values, shape: SkillShape) -> bool:
    return shape_break(rung_counts(values), shape) is None


def _spend(start: Values, ticks: int, shape: SkillShape) -> Values:
    """The highest sorted values reachable from ``start`` with ``ticks`` one-step raises (a new
    skill enters at Mediocre) that balance afterwards."""
    level = {start}
    for _ in range(ticks):
        following: set[Values] = set()
        for values in level:
            for value in {*values, MEDIOCRE}:
                raised = list(values)
                if value == MEDIOCRE and MEDIOCRE not in values:
                    raised.append(MEDIOCRE)
                raised[raised.index(value)] += 1
                following.add(tuple(sorted(raised, reverse=True)))
        level = following
    # Adding skills at Average never unbalances a shape, so a balanced end always exists.
    return max(v for v in level if _balanced(v, shape))


def build_greedy(phases: int, ranks_per_phase: int = 4, shape: SkillShape = "pyramid") -> Values:
    """Skill values (highest first) of a character built phase by phase, each phase buying the
    highest skills that still balance at its end.

    Raises:
        ValueError: for negative inputs or more than :data:`MAX_GREEDY_RANKS` ranks in all.
    """
    steps = build_greedy_steps(phases, ranks_per_phase, shape)
    return steps[-1] if steps else ()


def build_greedy_steps(
    phases: int, ranks_per_phase: int = 4, shape: SkillShape = "pyramid"
) -> tuple[Values, ...]:
    """:func:`build_greedy`'s skill values after each phase (one tuple per phase).

    Raises:
        ValueError: for negative inputs or more than :data:`MAX_GREEDY_RANKS` ranks in all.
    """
    if phases < 0 or ranks_per_phase < 0:
        raise ValueError("phases and ranks per phase cannot be negative")
    if phases * ranks_per_phase > MAX_GREEDY_RANKS:
        raise ValueError(f"at most {MAX_GREEDY_RANKS} ranks in all")
    values: Values = ()
    out: list[Values] = []
    for _ in range(phases):
        left = ranks_per_phase
        while left > 0:
            step = min(left, SEARCH_TICKS)
            values = _spend(values, step, shape)
            left -= step
        out.append(values)
    return tuple(out)


def counts_of(values: Iterable[int]) -> dict[int, int]:
    """Rung -> number of skills, for the rungs at Average or better."""
    return dict(sorted(Counter(v for v in values if v >= 0).items()))


def quick_pyramid(
    phases: int,
    table: Sequence[ShorthandRow],
    table_ranks: int = 4,
    ranks_per_phase: int = 4,
    shape: SkillShape = "pyramid",
) -> dict[int, int]:
    """A valid skill shape (rung -> count) for a quick NPC of ``phases`` phases.

    The book's Pyramid Shorthand row when it has one (a pyramid at its ranks per phase), else
    :func:`build_greedy`'s. Every result costs exactly ``phases * ranks_per_phase`` ranks.

    Args:
        phases: The NPC's number of phases (a servant's: the ranks its patron invested, §5).
        table: The shorthand rows (``shorthand.json``).
        table_ranks: Ranks per phase the table assumes.
        ranks_per_phase: The campaign's ranks per phase.
        shape: "pyramid" or "column" (§7 Skill Column).

    Raises:
        ValueError: for a negative number of phases or an oversized request.
    """
    if phases < 0:
        raise ValueError("phases cannot be negative")
    if shape == "pyramid" and ranks_per_phase == table_ranks:
        for row in table:
            if row.phases == phases:
                return row.pyramid()
    return counts_of(build_greedy(phases, ranks_per_phase, shape))


def fill_pyramid(pyramid: Mapping[int, int], names: Sequence[str]) -> dict[str, int]:
    """Put ``names`` on the pyramid's rungs, highest rung first, in the order given.

    Names beyond the pyramid's size are left out.

    Raises:
        ValueError: when fewer names than skills are given, or a name repeats (either would
            leave a rung short and break the shape).
    """
    needed = sum(pyramid.values())
    chosen = list(names[:needed])
    if len(chosen) < needed:
        raise ValueError(f"the pyramid holds {needed} skills; {len(names)} names given")
    if len({n.strip().casefold() for n in chosen}) < needed:
        raise ValueError("a skill name is given twice")
    out: dict[str, int] = {}
    queue = iter(chosen)
    for rung in sorted(pyramid, reverse=True):
        for _ in range(pyramid[rung]):
            out[next(queue)] = rung
    return out
