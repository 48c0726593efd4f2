"""Rules layer: Strange Fate's Power Tiers at the table: the dice across tiers, static
difficulties with a tier, and Invulnerability and Weakness shifts.

Opposed rolls (L1153): same tier, both roll 4dF; otherwise the higher-tier side replaces one
Fudge die with a d6 per tier of difference. A static difficulty of a higher tier than the skill
(«Difficulty and Power Tiers», L4036-L4042) replaces one Fudge die per tier with a d6 that is
*subtracted*. The d6-d6 alternatives («But I Don't Like Fudge Dice!», L1170-L1178) add one d6 per
tier, or +3 per tier. Everything here is pure; a pool is a description, rolled elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from rules.systems.strange_fate.catalog import Severity, Tier
from rules.systems.strange_fate.creation import TIERS, tier_index
from rules.systems.strange_fate.settings import TierDice

FUDGE_DICE = 4
"""Dice in the standard roll (L201)."""
TIER_SHIFT: dict[Severity, int] = {"minor": 2, "major": 4}
"""Tiers an Invulnerability adds to, or a Weakness takes from, a defence (L1186, L1194)."""
PLUS_PER_TIER = 3
"""The second alternative's bonus per tier of difference (L1178)."""


class TierPool(BaseModel):
    """The dice one side rolls.

    Attributes:
        fudge: Fudge dice (each -1, 0 or +1).
        plus_d6: Six-sided dice added.
        minus_d6: Six-sided dice subtracted.
        modifier: A flat bonus (the +3 per tier alternative).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    fudge: int = Field(default=FUDGE_DICE, ge=0)
    plus_d6: int = Field(default=0, ge=0)
    minus_d6: int = Field(default=0, ge=0)
    modifier: int = 0

    @property
    def expression(self) -> str:
        """As the book writes it: ``4dF``, ``3dF+1d6``, ``2dF-2d6``, ``4d6``, ``-4d6``,
        ``2d6-1d6``, ``1d6-1d6+3``."""
        parts: list[str] = []
        if self.fudge:
            parts.append(f"{self.fudge}dF")
        if self.plus_d6:
            parts.append(f"+{self.plus_d6}d6" if parts else f"{self.plus_d6}d6")
        if self.minus_d6:
            parts.append(f"-{self.minus_d6}d6")
        if self.modifier or not parts:
            parts.append(f"{self.modifier:+d}" if parts else str(self.modifier))
        return "".join(parts)

    def distribution(self) -> dict[int, Fraction]:
        """The exact probability of each total."""
        dist: dict[int, Fraction] = {self.modifier: Fraction(1)}
        dice = (
            [(-1, 0, 1)] * self.fudge
            + [tuple(range(1, 7))] * self.plus_d6
            + [tuple(range(-6, 0))] * self.minus_d6
        )
        for faces in dice:
            share = Fraction(1, len(faces))
            nxt: dict[int, Fraction] = {}
            for total, p in dist.items():
                for face in faces:
                    nxt[total + face] = nxt.get(total + face, Fraction(0)) + p * share
            dist = nxt
        return dist

    @property
    def lowest(self) -> int:
        """The worst total."""
        return self.modifier - self.fudge + self.plus_d6 - 6 * self.minus_d6

    @property
    def highest(self) -> int:
        """The best total."""
        return self.modifier + self.fudge + 6 * self.plus_d6 - self.minus_d6

    @property
    def mean(self) -> Fraction:
        """The average total."""
        return self.modifier + Fraction(7, 2) * (self.plus_d6 - self.minus_d6)


def tier_difference(mine: Tier | int, theirs: Tier | int) -> int:
    """``mine - theirs`` in tiers (an int is an effective tier index, which may lie outside
    Mundane..Godlike after an Invulnerability or Weakness)."""
    a = mine if isinstance(mine, int) else tier_index(mine)
    b = theirs if isinstance(theirs, int) else tier_index(theirs)
    return a - b


def _pool(advantage: int, dice: TierDice, cap: int) -> TierPool:
    """The pool of a side ``advantage`` tiers above (negative: below) what it faces."""
    steps = min(cap, abs(advantage))
    if dice == "fudge":
        if advantage >= 0:
            return TierPool(fudge=FUDGE_DICE - steps, plus_d6=steps)
        return TierPool(fudge=FUDGE_DICE - steps, minus_d6=steps)
    if dice == "d6-extra":
        if advantage >= 0:
            return TierPool(fudge=0, plus_d6=1 + steps, minus_d6=1)
        return TierPool(fudge=0, plus_d6=1, minus_d6=1 + steps)
    sign = 1 if advantage >= 0 else -1
    return TierPool(fudge=0, plus_d6=1, minus_d6=1, modifier=sign * PLUS_PER_TIER * steps)


def opposed_pools(
    mine: Tier | int, theirs: Tier | int, dice: TierDice = "fudge", cap: int = FUDGE_DICE
) -> tuple[TierPool, TierPool]:
    """The dice both sides of an opposed roll use (L1153; alternatives L1170-L1178).

    The higher-tier side gets one d6 per tier of difference (at most ``cap``); the lower side
    rolls the plain dice. Good (+3) Fisticuffs (E) against Fair (+2) Athletics: 3dF+1d6 vs 4dF.

    Returns:
        (my pool, their pool).
    """
    diff = tier_difference(mine, theirs)
    plain = _pool(0, dice, cap)
    if diff > 0:
        return _pool(diff, dice, cap), plain
    if diff < 0:
        return plain, _pool(-diff, dice, cap)
    return plain, plain


def static_pool(
    skill: Tier | int, difficulty: Tier | int, dice: TierDice = "fudge", cap: int = FUDGE_DICE
) -> TierPool:
    """The dice against a static difficulty that has a tier (L4036-L4042).

    Difficulty above the skill: one Fudge die per tier becomes a subtracted d6 (Good (+3)
    Burglary against a Great (+4) (E) lock rolls 3dF-1d6). Difficulty below the skill: the roll
    gains d6s as in an opposed roll (L2396; rules-notes). The d6-d6 alternatives subtract an
    extra d6 or 3 per tier (the book gives only the Fudge case; rules-notes).
    """
    return _pool(tier_difference(skill, difficulty), dice, cap)


def shifted_defence_tier(
    tier: Tier | int,
    invulnerabilities: Iterable[Severity] = (),
    weaknesses: Iterable[Severity] = (),
) -> int:
    """The effective tier index of a defence against a category the defender is Invulnerable
    or Weak to («Invulnerability and Weakness», L1182-L1196): Minor +/-2, Major +/-4 each.

    The result may lie outside 0..4 (a Mundane defence with a Major Weakness is -4); the dice
    then cap the difference (rules-notes).
    """
    base = tier if isinstance(tier, int) else tier_index(tier)
    return (
        base
        + sum(TIER_SHIFT[s] for s in invulnerabilities)
        - sum(TIER_SHIFT[s] for s in weaknesses)
    )


def tier_name(index: int) -> str:
    """The tier at ``index``, or a plain description outside Mundane..Godlike."""
    if 0 <= index < len(TIERS):
        return TIERS[index]
    return f"{index - len(TIERS) + 1} above Godlike" if index > 0 else f"{-index} below Mundane"


def rating_label(value: int, tier: Tier) -> str:
    """``+4``, ``+4 (E)``: a rating with its tier's initial (L1151)."""
    initial = "" if tier == "Mundane" else f" ({tier[0]})"
    return f"{value:+d}{initial}"
