"""Rules layer: FATE 2.0's skill arithmetic: costs, the pyramid and column shapes, the replay.

Pure functions over plain numbers (§2 Buying Skills, §2 Looking at the Pyramid, §7 Skill
Column, §7 Difficult Skills). Only rungs at Average (0) or better count in a shape; the checks
look only at occupied rungs, so an absurd value costs no time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from rules.systems.fate2.settings import MEDIOCRE, SkillShape

AVERAGE = 0


class ShapeBreak(BaseModel):
    """Where a skill shape fails: ``above`` skills on ``rung`` need ``needed`` on the rung below.

    Attributes:
        rung: The occupied rung that lacks support.
        above: How many skills sit on ``rung``.
        below: How many sit on ``rung - 1``.
        needed: How many ``rung - 1`` must have.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    rung: int
    above: int
    below: int
    needed: int


def skill_cost(value: int, default: int = MEDIOCRE) -> int:
    """Ranks a skill at ``value`` cost from its ``default`` (§2 Buying Skills; §7 Difficult Skills).

    One rank buys each step up from the default, so a Mediocre-default skill at value v costs
    v + 1 (Average 1, Fair 2, Good 3 ... Legendary 7); nothing is refunded below the default.
    """
    return max(0, value - default)


def rung_counts(values: Iterable[int]) -> Counter[int]:
    """How many skills sit on each rung at Average or better (lower ones are outside)."""
    return Counter(v for v in values if v >= AVERAGE)


def needed_below(count: int, shape: SkillShape) -> int:
    """How many skills the rung below ``count`` skills must hold (§2 pyramid / §7 column)."""
    return count + 1 if shape == "pyramid" else count


def shape_break(counts: Mapping[int, int], shape: SkillShape = "pyramid") -> ShapeBreak | None:
    """The lowest rung at which ``counts`` (rung -> skills) fails the shape, or None if it holds.

    Pyramid (§2 Buying Skills; D§5.2 RULE-C8, AMB-01): every occupied rung above Average needs
    at least one more skill on the rung below. Column (§7 Skill Column): at least as many.
    """
    for rung in sorted(r for r, n in counts.items() if n > 0 and r > AVERAGE):
        above = counts[rung]
        below = counts.get(rung - 1, 0)
        needed = needed_below(above, shape)
        if below < needed:
            return ShapeBreak(rung=rung, above=above, below=below, needed=needed)
    return None


MAIN = ""
"""The character's one pyramid; special skills may form pyramids of their own, by name, or sit
outside any (None) (§5 Special Skills and the Pyramid)."""


def grouped_break(
    values: Iterable[tuple[str | None, int]], shape: SkillShape = "pyramid"
) -> tuple[str, ShapeBreak] | None:
    """The first failing pyramid among ``values`` ((pyramid, value) pairs) and where it fails:
    the main pyramid first, then the special skills' own pyramids by name; values of pyramid
    None are outside every pyramid (§5 Special Skills and the Pyramid)."""
    groups: dict[str, list[int]] = {}
    for group, value in values:
        if group is not None:
            groups.setdefault(group.strip(), []).append(value)
    for group in sorted(groups, key=lambda g: (g != MAIN, g.casefold())):
        brk = shape_break(rung_counts(groups[group]), shape)
        if brk is not None:
            return group, brk
    return None


def is_balanced(values: Iterable[int], shape: SkillShape = "pyramid") -> bool:
    """True when the skill values form a valid pyramid (or column)."""
    return shape_break(rung_counts(values), shape) is None


def cheapest_cost(peak: int, shape: SkillShape = "pyramid") -> int:
    """Ranks of the cheapest valid shape with a skill at ``peak`` (D§5.2 derived facts).

    Pyramid: one skill on the peak, two below it... k(k+1)(k+2)/6 with k = peak + 1. Column: one
    skill on each rung from Average up, k(k+1)/2.
    """
    if peak < AVERAGE:
        return 0
    k = peak + 1
    if shape == "pyramid":
        return k * (k + 1) * (k + 2) // 6
    return k * (k + 1) // 2


def shape_cost(counts: Mapping[int, int]) -> int:
    """Ranks a shape costs when every skill defaults to Mediocre (rung r costs r + 1 each)."""
    return sum(n * skill_cost(r) for r, n in counts.items())
