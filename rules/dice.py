"""Rules layer: dice pools, rolls and exact odds, with randomness injected.

A roll is a signed pool of mixed dice plus one integer modifier (:class:`DicePool`): ``4dF``
(SotC "The Dice"), ``3dF+1d6`` and ``dF-d6`` (Strange Fate power tiers), ``d100`` (ART, which reads
its faces itself), ``4dF+3`` (a skill roll). The dice kinds: Fudge dice (``dF``),
Fudge dice read off six-siders (``d6F``: 1-2 minus, 3-4 blank, 5-6 plus; SotC "The Dice"), the
FATE 2.0 "dF.1" variant (``dF.1``: 6 plus, 1 minus), plain polyhedral dice (``d6``) and
percentile dice (``d100`` or ``d%``). The total is the signed sum of the faces plus the
modifier; a system reading a pool some other way (a table lookup) uses the faces itself.
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

_TERM = re.compile(r"(?P<count>\d*)d(?P<die>F\.1|6F|F|%|\d+)", re.IGNORECASE)
_TOKEN = re.compile(
    r"\s*(?P<sign>[+-]?)\s*(?:(?P<dice>\d*\s*d\s*(?:F\.1|6F|F|%|\d+))|(?P<mod>\d+))",
    re.IGNORECASE,
)

MAX_DICE = 100
MAX_SIDES = 1000
_FUDGE: tuple[DieKind, ...] = ("fudge", "fudge-d6", "fudge-dot1")
_FROZEN = ConfigDict(frozen=True, extra="forbid")


class DiceTerm(BaseModel):
    """``count`` dice of one kind, added (``sign`` +1) or subtracted (``sign`` -1)."""

    model_config = _FROZEN

    count: int = Field(ge=1, le=MAX_DICE)
    kind: DieKind
    sides: int = Field(ge=2, le=MAX_SIDES)
    sign: Literal[1, -1] = 1

    @property
    def die_text(self) -> str:
        """One die as written (``dF``, ``d6``, ``d100``...)."""
        if self.kind == "plain":
            return f"d{self.sides}"
        return {"fudge": "dF", "fudge-d6": "d6F", "fudge-dot1": "dF.1", "percentile": "d100"}[
            self.kind
        ]

    def face_values(self) -> tuple[int, ...]:
        """The value each face of one die is worth, one entry per equally likely face."""
        if self.kind == "fudge":
            return (-1, 0, 1)
        if self.kind == "fudge-d6":
            return (-1, -1, 0, 0, 1, 1)
        if self.kind == "fudge-dot1":
            return (-1, 0, 0, 0, 0, 1)
        return tuple(range(1, self.sides + 1))


class DicePool(BaseModel):
    """A signed pool of dice terms plus a modifier (what one roll throws).

    Attributes:
        terms: The dice, in the order their faces are listed.
        modifier: An integer added to the signed sum of the faces (a skill rating).
    """

    model_config = _FROZEN

    terms: tuple[DiceTerm, ...] = Field(min_length=1, max_length=8)
    modifier: int = Field(default=0, ge=-1000, le=1000)

    @property
    def text(self) -> str:
        """The canonical expression, e.g. ``4dF+3`` or ``3dF+1d6``."""
        out = ""
        for i, t in enumerate(self.terms):
            if t.sign < 0:
                out += "-"
            elif i:
                out += "+"
            out += f"{t.count}{t.die_text}"
        return out + (f"{self.modifier:+d}" if self.modifier else "")

    @property
    def count(self) -> int:
        """How many dice the pool throws (faces of a roll)."""
        return sum(t.count for t in self.terms)

    @property
    def kind(self) -> DieKind | Literal["mixed"]:
        """The kind of every die, or ``"mixed"`` for a pool of several kinds."""
        kinds = {t.kind for t in self.terms}
        return self.terms[0].kind if len(kinds) == 1 else "mixed"

    @property
    def is_fudge(self) -> bool:
        """Whether every die is a Fudge die (read on the ladder)."""
        return all(t.kind in _FUDGE for t in self.terms)

    def with_modifier(self, modifier: int) -> DicePool:
        """The same dice with another modifier."""
        return self.model_copy(update={"modifier": modifier})

    def die_values(self) -> tuple[tuple[int, ...], ...]:
        """The allowed faces of each die in face order (one entry per die)."""
        return tuple(t.face_values() for t in self.terms for _ in range(t.count))

    def signs(self) -> tuple[int, ...]:
        """The sign of each die in face order."""
        return tuple(t.sign for t in self.terms for _ in range(t.count))

    def dice_total(self, faces: Sequence[int]) -> int:
        """The signed sum of ``faces`` (one per die, in face order)."""
        return sum(s * f for s, f in zip(self.signs(), faces, strict=True))


DiceSpec = DicePool
"""The older name of :class:`DicePool` (a one-term pool)."""


def parse_dice(expression: str) -> DicePool:
    """Parse ``"4dF+3"``, ``"3dF+1d6"``, ``"dF-d6"``, ``"4d6F"``, ``"4dF.1"``, ``"2d6"``,
    ``"d100"``: dice terms joined by signs, and at most one integer modifier, last.

    Raises:
        DiceExpressionError: with a plain-words reason.
    """
    if len(expression) > 64:
        raise DiceExpressionError("dice expression is too long")
    hint = f"cannot read dice expression {expression!r}; try something like 4dF+3, 3dF+1d6 or d100"
    terms: list[DiceTerm] = []
    modifier: int | None = None
    pos = 0
    text = expression.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos or modifier is not None:
            raise DiceExpressionError(hint)
        sign = -1 if match["sign"] == "-" else 1
        if not match["sign"] and pos and text[pos:].strip():
            raise DiceExpressionError(hint)
        pos = match.end()
        if match["mod"] is not None:
            if not terms:
                raise DiceExpressionError(hint)
            value = int(match["mod"])
            if value > 1000:
                raise DiceExpressionError("modifier is out of range (at most 1000 either way)")
            modifier = sign * value
            continue
        terms.append(_term(match["dice"].replace(" ", ""), sign))
    if not terms:
        raise DiceExpressionError(hint)
    if sum(t.count for t in terms) > MAX_DICE:
        raise DiceExpressionError(f"between 1 and {MAX_DICE} dice, please")
    if len(terms) > 8:
        raise DiceExpressionError("at most 8 kinds of dice in one pool")
    return DicePool(terms=tuple(terms), modifier=modifier or 0)


def _term(text: str, sign: int) -> DiceTerm:
    match = _TERM.fullmatch(text)
    if match is None:  # pragma: no cover - the token pattern admits only terms
        raise DiceExpressionError(f"cannot read dice {text!r}")
    count = int(match["count"]) if match["count"] else 1
    if count < 1 or count > MAX_DICE:
        raise DiceExpressionError(f"between 1 and {MAX_DICE} dice, please (got {count})")
    die = match["die"].upper()
    s: Literal[1, -1] = -1 if sign < 0 else 1
    if die == "F":
        return DiceTerm(count=count, kind="fudge", sides=3, sign=s)
    if die == "6F":
        return DiceTerm(count=count, kind="fudge-d6", sides=6, sign=s)
    if die == "F.1":
        return DiceTerm(count=count, kind="fudge-dot1", sides=6, sign=s)
    if die in ("%", "100"):
        return DiceTerm(count=count, kind="percentile", sides=100, sign=s)
    sides = int(die)
    if sides < 2 or sides > MAX_SIDES:
        raise DiceExpressionError(f"a die needs between 2 and {MAX_SIDES} sides (got {sides})")
    return DiceTerm(count=count, kind="plain", sides=sides, sign=s)


def as_pool(spec: DicePool | str) -> DicePool:
    """``spec`` parsed when it is an expression."""
    return parse_dice(spec) if isinstance(spec, str) else spec


class RollResult(BaseModel):
    """The outcome of one roll.

    Attributes:
        spec: What was rolled.
        faces: The value each die came up as, in the pool's order (Fudge dice: -1, 0 or +1;
            a subtracted die is listed as it came up, its sign is the pool's).
    """

    model_config = _FROZEN

    spec: DicePool
    faces: tuple[int, ...]

    @property
    def dice_total(self) -> int:
        """Signed sum of the faces alone."""
        return self.spec.dice_total(self.faces)

    @property
    def total(self) -> int:
        """Faces plus the modifier. For a skill roll the modifier is the rating: the effort."""
        return self.dice_total + self.spec.modifier

    @property
    def effort(self) -> int:
        """The effort of a skill roll (the rating is the modifier): same as ``total``."""
        return self.total

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
        """Fudge faces as ``[+][-][ ][+]``; other dice as numbers (a minus before subtracted)."""
        symbol = {-1: "-", 0: " ", 1: "+"}
        parts: list[str] = []
        kinds = [t.kind for t in self.spec.terms for _ in range(t.count)]
        for face, kind, sign in zip(self.faces, kinds, self.spec.signs(), strict=True):
            if kind in _FUDGE:
                parts.append(("-" if sign < 0 else "") + f"[{symbol[face]}]")
            else:
                parts.append(("-" if sign < 0 else "") + str(face))
        joiner = "" if self.spec.is_fudge else " "
        return joiner.join(parts)


def draw_faces(spec: DicePool | str, rng: random.Random) -> tuple[int, ...]:
    """Faces for every die of ``spec`` drawn from ``rng``, in the pool's order."""
    return tuple(rng.choice(values) for values in as_pool(spec).die_values())


def roll(spec: DicePool | str, rng: random.Random) -> RollResult:
    """Roll ``spec`` using ``rng`` (inject a seeded ``random.Random`` for repeatable results)."""
    pool = as_pool(spec)
    return RollResult(spec=pool, faces=draw_faces(pool, rng))


def check_faces(spec: DicePool | str, faces: Sequence[int]) -> tuple[int, ...]:
    """``faces`` as a tuple, once checked against the pool.

    Raises:
        DiceExpressionError: if the number of faces or a face value does not fit the dice.
    """
    pool = as_pool(spec)
    if len(faces) != pool.count:
        raise DiceExpressionError(f"{pool.text} needs {pool.count} dice, got {len(faces)}")
    for face, values in zip(faces, pool.die_values(), strict=True):
        if face not in values:
            raise DiceExpressionError(f"{face} is not a face of a die in {pool.text}")
    return tuple(faces)


def from_faces(spec: DicePool | str, faces: Sequence[int]) -> RollResult:
    """Build a result from dice read off the table (physical dice typed in).

    Raises:
        DiceExpressionError: if the number of faces or a face value does not fit the dice.
    """
    pool = as_pool(spec)
    return RollResult(spec=pool, faces=check_faces(pool, faces))


@cache
def _ways(count: int, values: tuple[int, ...]) -> dict[int, int]:
    """Ways to reach each sum of ``count`` dice with faces ``values`` (unnormalised)."""
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for v in values:
                nxt[total + v] = nxt.get(total + v, 0) + n
        ways = nxt
    return ways


@cache
def _pool_distribution(terms: tuple[DiceTerm, ...]) -> tuple[tuple[int, Fraction], ...]:
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for term in terms:
        values = term.face_values()
        outcomes = len(values) ** term.count
        part = {term.sign * t: Fraction(n, outcomes) for t, n in _ways(term.count, values).items()}
        nxt: dict[int, Fraction] = {}
        for a, pa in dist.items():
            for b, pb in part.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        dist = nxt
    return tuple(sorted(dist.items()))


def distribution(spec: DicePool | str) -> dict[int, Fraction]:
    """Exact probability of each total (signed faces plus modifier)."""
    pool = as_pool(spec)
    return {t + pool.modifier: p for t, p in _pool_distribution(pool.terms)}


def probability_at_least(spec: DicePool | str, difficulty: int) -> Fraction:
    """Exact chance that the total meets or beats ``difficulty``.

    For ``4dF+3`` against Great (+4): the dice must show +1 or better, 31/81.
    """
    return sum(
        (p for total, p in distribution(spec).items() if total >= difficulty), start=Fraction(0)
    )


def fudge_dice_for(count: int = 4, modifier: int = 0) -> DicePool:
    """The standard Fudge roll, ``4dF`` plus a rating."""
    return DicePool(terms=(DiceTerm(count=count, kind="fudge", sides=3),), modifier=modifier)
