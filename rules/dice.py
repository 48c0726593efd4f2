"""Rules layer: dice expressions, rolls and exact odds, with randomness injected.

Supported dice: Fudge dice (``4dF``, ``2dF``, ``1dF``), Fudge dice read off ordinary six-siders
(``4d6F``: 1-2 is minus, 3-4 blank, 5-6 plus; SotC "The Dice"), the FATE 2.0 "dF.1" variant
(``4dF.1``: 6 is plus, 1 is minus), plain polyhedral dice (``2d6``, ``d6``) and percentile dice
(``d100`` or ``d%``, whose ones digit is the ART kicker die). Each expression may carry one
integer modifier (``4dF+3``, ``4dF-1``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import DiceExpressionError

DieKind = Literal["fudge", "fudge-d6", "fudge-dot1", "plain", "percentile"]

_EXPR = re.compile(
    r"""^\s*(?P<count>\d*)\s*d\s*(?P<die>F\.1|F|6F|%|\d+)\s*
        (?:(?P<sign>[+-])\s*(?P<mod>\d+))?\s*$""",
    re.IGNORECASE | re.VERBOSE,
)

MAX_DICE = 100
MAX_SIDES = 1000


class DiceSpec(BaseModel):
    """A parsed dice expression."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: int = Field(ge=1, le=MAX_DICE)
    kind: DieKind
    sides: int = Field(ge=2, le=MAX_SIDES)
    modifier: int = 0

    @property
    def text(self) -> str:
        """The canonical expression, e.g. ``4dF+3``."""
        die = {
            "fudge": "dF",
            "fudge-d6": "d6F",
            "fudge-dot1": "dF.1",
            "plain": f"d{self.sides}",
            "percentile": "d100",
        }[self.kind]
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}{die}{mod}"

    def face_values(self) -> tuple[int, ...]:
        """The value each face of one die is worth, one entry per equally likely face."""
        if self.kind == "fudge":
            return (-1, 0, 1)
        if self.kind == "fudge-d6":
            return (-1, -1, 0, 0, 1, 1)
        if self.kind == "fudge-dot1":
            return (-1, 0, 0, 0, 0, 1)
        if self.kind == "percentile":
            return tuple(range(1, 101))
        return tuple(range(1, self.sides + 1))


def parse_dice(expression: str) -> DiceSpec:
    """Parse ``"4dF+3"``, ``"2dF"``, ``"4d6F"``, ``"4dF.1"``, ``"2d6"``, ``"d100"``.

    Raises:
        DiceExpressionError: with a plain-words reason.
    """
    if len(expression) > 64:
        raise DiceExpressionError("dice expression is too long")
    match = _EXPR.match(expression)
    if not match:
        raise DiceExpressionError(
            f"cannot read dice expression {expression!r}; try something like 4dF+3, 2d6 or d100"
        )
    count = int(match["count"]) if match["count"] else 1
    die = match["die"].upper()
    modifier = int(match["mod"]) if match["mod"] else 0
    if match["sign"] == "-":
        modifier = -modifier
    if count < 1 or count > MAX_DICE:
        raise DiceExpressionError(f"between 1 and {MAX_DICE} dice, please (got {count})")
    if abs(modifier) > 1000:
        raise DiceExpressionError("modifier is out of range (at most 1000 either way)")
    if die == "F":
        return DiceSpec(count=count, kind="fudge", sides=3, modifier=modifier)
    if die == "6F":
        return DiceSpec(count=count, kind="fudge-d6", sides=6, modifier=modifier)
    if die == "F.1":
        return DiceSpec(count=count, kind="fudge-dot1", sides=6, modifier=modifier)
    if die in ("%", "100"):
        return DiceSpec(count=count, kind="percentile", sides=100, modifier=modifier)
    sides = int(die)
    if sides < 2 or sides > MAX_SIDES:
        raise DiceExpressionError(f"a die needs between 2 and {MAX_SIDES} sides (got {sides})")
    return DiceSpec(count=count, kind="plain", sides=sides, modifier=modifier)


class RollResult(BaseModel):
    """The outcome of one roll.

    Attributes:
        spec: What was rolled.
        faces: The value each die came up as (for Fudge dice: -1, 0 or +1).
        total: Sum of the faces plus the modifier. For a skill roll the modifier is the skill
            rating, so ``total`` is the effort.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    spec: DiceSpec
    faces: tuple[int, ...]

    @property
    def dice_total(self) -> int:
        """Sum of the faces alone."""
        return sum(self.faces)

    @property
    def total(self) -> int:
        """Faces plus the modifier."""
        return self.dice_total + self.spec.modifier

    @property
    def effort(self) -> int:
        """The effort of a skill roll (the rating is the modifier): same as ``total``."""
        return self.total

    @property
    def kicker(self) -> int | None:
        """ART kicker die: the ones digit of a percentile roll (100 counts as 0)."""
        if self.spec.kind != "percentile" or self.spec.count != 1:
            return None
        return self.faces[0] % 10

    def succeeds(self, difficulty: int) -> bool:
        """Meet-or-beat: a tie succeeds."""
        return self.total >= difficulty

    def shifts(self, difficulty: int) -> int:
        """Shifts over ``difficulty``; a tie succeeds with 0 and a failure has 0 (no negatives)."""
        return max(0, self.total - difficulty)

    def margin(self, difficulty: int) -> int:
        """Signed margin, negative on a failure (for display and contests)."""
        return self.total - difficulty

    def render_faces(self) -> str:
        """Fudge faces as ``[+][-][ ][+]``; other dice as numbers."""
        if self.spec.kind in ("fudge", "fudge-d6", "fudge-dot1"):
            symbol = {-1: "-", 0: " ", 1: "+"}
            return "".join(f"[{symbol[f]}]" for f in self.faces)
        return " ".join(str(f) for f in self.faces)


def roll(spec: DiceSpec | str, rng: random.Random) -> RollResult:
    """Roll ``spec`` using ``rng`` (inject a seeded ``random.Random`` for repeatable results)."""
    if isinstance(spec, str):
        spec = parse_dice(spec)
    values = spec.face_values()
    faces = tuple(rng.choice(values) for _ in range(spec.count))
    return RollResult(spec=spec, faces=faces)


def from_faces(spec: DiceSpec | str, faces: Sequence[int]) -> RollResult:
    """Build a result from dice read off the table (physical dice typed in).

    Raises:
        DiceExpressionError: if the number of faces or a face value does not fit the dice.
    """
    if isinstance(spec, str):
        spec = parse_dice(spec)
    if len(faces) != spec.count:
        raise DiceExpressionError(f"{spec.text} needs {spec.count} dice, got {len(faces)}")
    allowed = set(spec.face_values())
    for face in faces:
        if face not in allowed:
            raise DiceExpressionError(f"{face} is not a face of a die in {spec.text}")
    return RollResult(spec=spec, faces=tuple(faces))


@cache
def _distribution(count: int, values: tuple[int, ...]) -> dict[int, int]:
    """Ways to reach each dice sum (unnormalised), by convolution."""
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for v in values:
                nxt[total + v] = nxt.get(total + v, 0) + n
        ways = nxt
    return ways


def distribution(spec: DiceSpec | str) -> dict[int, Fraction]:
    """Exact probability of each total (faces plus modifier)."""
    if isinstance(spec, str):
        spec = parse_dice(spec)
    values = spec.face_values()
    ways = _distribution(spec.count, values)
    outcomes = len(values) ** spec.count
    return {t + spec.modifier: Fraction(n, outcomes) for t, n in sorted(ways.items())}


def probability_at_least(spec: DiceSpec | str, difficulty: int) -> Fraction:
    """Exact chance that the total meets or beats ``difficulty``.

    For ``4dF+3`` against Great (+4): the dice must show +1 or better, 31/81.
    """
    return sum(
        (p for total, p in distribution(spec).items() if total >= difficulty), start=Fraction(0)
    )


def fudge_dice_for(count: int = 4, modifier: int = 0) -> DiceSpec:
    """The standard Fudge roll, ``4dF`` plus a rating."""
    return DiceSpec(count=count, kind="fudge", sides=3, modifier=modifier)
