"""Rules layer: the two attribute methods of ART Engine character creation.

Random: each score is 2d6, assigned to any empty attribute. Balanced: each score is the sum of
two numbers struck off a fixed list of twenty, each used once (ART Engine, Chapter 2
"Determining Attributes", "Random Method", "Balanced Method").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

BALANCED_POOL: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6)
"""The Balanced Method's list of numbers."""
BALANCED_TOTAL = sum(BALANCED_POOL)
"""70: ten attributes using all twenty numbers."""
ATTRIBUTE_MIN = 2
ATTRIBUTE_MAX = 12
"""Attributes are rated 2 to 12 at creation ("Determining Attributes")."""


def roll_random_attributes(rng: random.Random, count: int = 10) -> tuple[int, ...]:
    """``count`` scores of 2d6, in the order rolled (the player assigns each to an attribute)."""
    return tuple(rng.randint(1, 6) + rng.randint(1, 6) for _ in range(count))


def unused_rolls(rolls: Sequence[int], assigned: Sequence[int]) -> tuple[int, ...] | None:
    """The rolled scores not yet assigned, or None when an assigned score was never rolled."""
    left = Counter(rolls)
    left.subtract(assigned)
    if any(n < 0 for n in left.values()):
        return None
    return tuple(sorted(left.elements()))


def pool_left(pairs: Iterable[tuple[int, int]]) -> tuple[Counter[int], list[int]]:
    """The Balanced list after striking the numbers in ``pairs``, and numbers struck too often
    (or not on the list at all)."""
    left = Counter(BALANCED_POOL)
    over: list[int] = []
    for pair in pairs:
        for n in pair:
            if left[n] > 0:
                left[n] -= 1
            else:
                over.append(n)
    return left, over


def balanced_pairing(
    scores: Sequence[int], pool: Counter[int] | None = None
) -> list[tuple[int, int]] | None:
    """Two numbers of the list for each score, each number used at most once; None if none.

    A backtracking search (ten scores at most: instant). With ten scores every number is used.
    """
    left = Counter(BALANCED_POOL) if pool is None else Counter(pool)
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    found: dict[int, tuple[int, int]] = {}

    def search(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        target = scores[i]
        for a in range(6, 0, -1):
            b = target - a
            if not 1 <= b <= a or left[a] == 0:
                continue
            left[a] -= 1
            if left[b] > 0:
                left[b] -= 1
                found[i] = (a, b)
                if search(k + 1):
                    return True
                left[b] += 1
            left[a] += 1
        return False

    if not search(0):
        return None
    return [found[i] for i in range(len(scores))]
