"""Rules layer: ART Engine advancement and the end of an adventure, as pure functions.

Raising attributes with inspiration points, the session's end for capped skills, Health ranks
bought with XP, and the Fortune adjustment from treasures with the trophies kept (ART Engine,
Chapter 2 "Treasures", "Trophies"; Chapter 6 "Increasing Attributes", "Improving Skills",
"Experience Points", "Increasing Health").
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.evolve import evolve
from rules.systems.art.catalog import ArtCatalog
from rules.systems.art.character import ArtCharacter
from rules.systems.art.creation import fortune_rank, health_rank
from rules.systems.art.rolls import SKILL_CAP_POINTS, SKILL_MAX
from rules.systems.art.scale import Fortune

XP_PER_SESSION = 1
"""Each adventurer who took part gains 1 XP at the end of a session ("Experience Points")."""


def attribute_raise_cost(score: int) -> int:
    """Inspiration points to raise an attribute by one: its current score."""
    return score


def raise_attribute(c: ArtCharacter, key: str) -> ArtCharacter:
    """Spend the attribute's own inspiration points to raise it by one (between sessions).

    Raises:
        ValueError: when the attribute is missing or has too few points.
    """
    score = c.attribute(key)
    if score is None:
        raise ValueError(f"{key} has no score")
    points = c.attribute_inspiration.get(key, 0)  # type: ignore[call-overload]
    cost = attribute_raise_cost(score)
    if points < cost:
        raise ValueError(
            f"raising {key} from {score} needs {cost} inspiration points, not {points}"
        )
    return evolve(
        c,
        attributes={**c.attributes, key: score + 1},
        attribute_inspiration={**c.attribute_inspiration, key: points - cost},
    )


def end_session(c: ArtCharacter) -> ArtCharacter:
    """End of a session: +1 XP; every capped skill (4 points) rises by 1, its points erased."""
    skills = dict(c.skills)
    points = dict(c.skill_inspiration)
    for name, held in c.skill_inspiration.items():
        if held >= SKILL_CAP_POINTS and name in skills:
            skills[name] = min(SKILL_MAX, skills[name] + 1)
            points[name] = 0
    return evolve(
        c, skills=skills, skill_inspiration=points, experience=c.experience + XP_PER_SESSION
    )


def buy_health_rank(c: ArtCharacter, catalog: ArtCatalog) -> ArtCharacter:
    """Raise Health one rank for its XP (between adventures), keeping checked boxes.

    Raises:
        ValueError: at rank 20, without a rank, or without the XP.
    """
    rank = health_rank(c)
    row = catalog.health_rank(rank) if rank is not None else None
    if row is None or row.xp_to_next is None:
        raise ValueError("Health cannot be raised further")
    if c.experience < row.xp_to_next:
        raise ValueError(f"the next Health rank costs {row.xp_to_next} XP")
    return evolve(c, health_rank=row.rank + 1, experience=c.experience - row.xp_to_next)


def treasure_points(fortune: Fortune, values: Sequence[Fortune]) -> int:
    """Points toward keeping Fortune: a treasure at (or above) the rank 4, one rank below 2, two
    below 1 (so one at rank, two one below or four two below reach 4: a judgment call that
    also scores mixes the book does not list)."""
    total = 0
    for value in values:
        gap = int(fortune) - int(value)
        total += 4 if gap <= 0 else 2 if gap == 1 else 1 if gap == 2 else 0
    return total


def fortune_after_adventure(fortune: Fortune, values: Sequence[Fortune]) -> Fortune:
    """The Fortune adjustment at the end of an adventure ("Treasures"): +1 rank (at most) when a
    treasure is worth more than Fortune; kept when the treasures are enough; else -1 rank."""
    if any(v > fortune for v in values):
        return Fortune(min(int(Fortune.FILTHY_RICH), int(fortune) + 1))
    if treasure_points(fortune, values) >= 4:
        return fortune
    return Fortune(max(int(Fortune.DESTITUTE), int(fortune) - 1))


def end_adventure(c: ArtCharacter, catalog: ArtCatalog) -> ArtCharacter:
    """Apply the treasure adjustment, then drop the trophies that cost more than the new Fortune
    ("Trophies"); treasures are exchanged and cleared."""
    current = fortune_rank(c, catalog)
    if current is None:
        return c
    new = fortune_after_adventure(current, [t.value for t in c.treasures])
    kept = tuple(t for t in c.trophies if t.cost <= new)
    return evolve(c, fortune=new, treasures=(), trophies=kept)
