"""Rules layer: the ART Engine's scales and the arithmetic on them.

The eleven-step result scale (Catastrophic ... Extreme) is used for roll results, difficulties,
foe ratings, damage and wound levels; the thirteen Fortune ranks for wealth and item costs. Almost
every rule is index arithmetic on these two scales (ART Engine, Chapter 1 "Abbreviations",
Chapter 2 "Fortune", Chapter 3 "How to Play").
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum


class Result(IntEnum):
    """The result scale, worst to best (ART Engine, Chapter 1 "Abbreviations").

    Roll results run CT..AW; difficulties and foe ratings run CT..EX.
    """

    CT = 0
    PT = 1
    FB = 2
    IN = 3
    PR = 4
    PS = 5
    GD = 6
    GT = 7
    SP = 8
    AW = 9
    EX = 10

    @property
    def title(self) -> str:
        """The full name ("Good")."""
        return RESULT_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Result:
        """A result from its abbreviation or full name, case-insensitive.

        Raises:
            ValueError: for anything else.
        """
        key = text.strip().casefold()
        for result in cls:
            if key in (result.name.casefold(), RESULT_NAMES[result].casefold()):
                return result
        raise ValueError(f"{text!r} is not a result (CT, PT, FB, IN, PR, PS, GD, GT, SP, AW, EX)")


RESULT_NAMES: dict[Result, str] = {
    Result.CT: "Catastrophic",
    Result.PT: "Pathetic",
    Result.FB: "Feeble",
    Result.IN: "Inferior",
    Result.PR: "Poor",
    Result.PS: "Passable",
    Result.GD: "Good",
    Result.GT: "Great",
    Result.SP: "Super",
    Result.AW: "Awesome",
    Result.EX: "Extreme",
}

COLUMNS: tuple[Result, ...] = tuple(r for r in Result if r is not Result.EX)
"""The ten columns of the Action Results Table, Catastrophic to Awesome."""


class Fortune(IntEnum):
    """The thirteen Fortune ranks (ART Engine, Chapter 2 "Fortune"); also item costs."""

    DESTITUTE = 0
    IMPOVERISHED = 1
    POOR = 2
    STRUGGLING = 3
    GETTING_BY = 4
    MIDDLE_CLASS = 5
    COMFORTABLE = 6
    WELL_OFF = 7
    PROSPEROUS = 8
    AFFLUENT = 9
    WEALTHY = 10
    RICH = 11
    FILTHY_RICH = 12

    @property
    def title(self) -> str:
        """The book's name ("Well-off")."""
        return FORTUNE_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Fortune:
        """A rank from its name ("middle class", "Well-off", "WELL_OFF"), case-insensitive.

        Raises:
            ValueError: for anything else.
        """
        key = text.strip().casefold().replace("_", " ").replace("-", " ")
        for rank in cls:
            if key == FORTUNE_NAMES[rank].casefold().replace("-", " "):
                return rank
        raise ValueError(f"{text!r} is not a Fortune rank (Destitute ... Filthy Rich)")


FORTUNE_NAMES: dict[Fortune, str] = {
    Fortune.DESTITUTE: "Destitute",
    Fortune.IMPOVERISHED: "Impoverished",
    Fortune.POOR: "Poor",
    Fortune.STRUGGLING: "Struggling",
    Fortune.GETTING_BY: "Getting By",
    Fortune.MIDDLE_CLASS: "Middle Class",
    Fortune.COMFORTABLE: "Comfortable",
    Fortune.WELL_OFF: "Well-off",
    Fortune.PROSPEROUS: "Prosperous",
    Fortune.AFFLUENT: "Affluent",
    Fortune.WEALTHY: "Wealthy",
    Fortune.RICH: "Rich",
    Fortune.FILTHY_RICH: "Filthy Rich",
}


def clamp_result(value: int, top: Result = Result.EX) -> Result:
    """``value`` as a result, clamped to Catastrophic .. ``top``."""
    return Result(max(int(Result.CT), min(int(top), value)))


def degree(result: Result, difficulty: Result) -> int:
    """Successes (positive) or failures (negative) of ``result`` against ``difficulty``.

    ART Engine "Successes & Failures": at or above the difficulty, the columns between them plus
    one are successes; below it, the columns between them are failures.
    """
    if result >= difficulty:
        return int(result) - int(difficulty) + 1
    return -(int(difficulty) - int(result))


def describe_degree(count: int) -> str:
    """``3s`` / ``2f`` (ART Engine, Chapter 1 "Abbreviations")."""
    return f"{count}s" if count > 0 else f"{-count}f"


MAX_NARRATOR_SHIFT = 3
"""A narrator may adjust a difficulty by up to 3 columns (ART Engine "Adjusting Difficulty")."""


def shift_difficulty(difficulty: Result, columns: int, *, rule: bool = False) -> Result:
    """``difficulty`` made ``columns`` harder (negative: easier), within Catastrophic..Extreme.

    Args:
        difficulty: The base difficulty (a foe's rating, the narrator's choice).
        columns: Columns to shift ("+1 difficulty" is one column harder).
        rule: True when a rule states the shift (Disarm's +5 with a ranged weapon); the
            narrator's own adjustment is limited to 3 columns either way (judgment call, see
            docs/rules-notes.md).

    Raises:
        ValueError: when a narrator's adjustment exceeds 3 columns.
    """
    if not rule and abs(columns) > MAX_NARRATOR_SHIFT:
        raise ValueError(
            f"a difficulty can be adjusted by at most {MAX_NARRATOR_SHIFT} columns, not {columns}"
        )
    return clamp_result(int(difficulty) + columns)


def shift_foe_rating(rating: Result, difficulty_columns: int) -> Result:
    """A foe's rating when its own action is made at ``difficulty_columns`` difficulty: the
    rating moves the opposite way (ART Engine "Adjusting Difficulty")."""
    return clamp_result(int(rating) - difficulty_columns)


def add_difficulties(values: Iterable[Result], top: Result = Result.EX) -> Result:
    """Combine several difficulties (or several results of a compounding task) into one.

    ART Engine "Adding Difficulties" / "Compounding Tasks": start with the lowest; replace two
    values no more than one rank apart by one rank above the higher of them; repeat; use the
    highest left. Merging is lowest pair first (judgment call, docs/rules-notes.md).

    Args:
        values: At least one difficulty or result.
        top: The ceiling: Extreme for difficulties, Awesome for results.

    Raises:
        ValueError: when ``values`` is empty.
    """
    pool = sorted(int(v) for v in values)
    if not pool:
        raise ValueError("nothing to add")
    merged = True
    while merged:
        merged = False
        for i in range(len(pool) - 1):
            if pool[i + 1] - pool[i] <= 1:
                combined = min(pool[i + 1] + 1, int(top))
                pool = sorted([*pool[:i], *pool[i + 2 :], combined])
                merged = True
                break
    return clamp_result(pool[-1], top)


HENCHMAN_BANDS: dict[Result, tuple[int, int]] = {
    Result.CT: (0, 0),
    Result.PT: (1, 1),
    Result.FB: (2, 5),
    Result.IN: (6, 8),
    Result.PR: (9, 12),
    Result.PS: (13, 16),
    Result.GD: (17, 20),
    Result.GT: (21, 24),
    Result.SP: (25, 27),
    Result.AW: (28, 29),
    Result.EX: (30, 30),
}
"""Foe rating -> the band of adventurer trait numbers (ART Engine "Comparison of Foe
Attributes to Traits", "Henchman Traits")."""


def henchman_trait(rating: Result, pick: str = "lowest") -> int:
    """The trait number a player rolls for a henchman's ``rating``.

    The book gives a band (Feeble = 2-5); which number of the band is not said. ``pick`` is
    ``"lowest"`` (the default, a judgment call) or ``"middle"`` (rounded down).
    """
    lo, hi = HENCHMAN_BANDS[rating]
    return lo if pick == "lowest" else (lo + hi) // 2


def foe_rating_for_trait(trait: int) -> Result:
    """The foe rating whose band holds ``trait`` (0-30; outside it, clamped)."""
    trait = max(0, min(30, trait))
    for rating, (lo, hi) in HENCHMAN_BANDS.items():
        if lo <= trait <= hi:
            return rating
    raise AssertionError("the bands cover 0-30")  # pragma: no cover


def foe_test(attacker: Result, defender: Result) -> bool:
    """A foe's action resolved without dice: the foe's rating is its result (ART Engine
    "Foe Tests"); it succeeds when it is not below the opposing rating."""
    return attacker >= defender
