"""Rules layer: ART Engine health tracks: recording damage, staggering, defeat, healing, Fame.

Pure functions on a track of wound levels (left to right, low to high) and their checked state
(ART Engine, Chapter 3 "Taking Damage", "Recording Damage", "Staggering", "Defeat",
"First Aid", "Natural Healing"; Chapter 2 "Fame", "Glory").
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from rules.systems.art.scale import Result


class DamageRecord(BaseModel):
    """What one hit did to a health track.

    Attributes:
        checked: The track's checked state afterwards.
        marked: Indexes of the boxes this hit checked, in the order checked.
        shrugged: Every free box was above the damage: no effect.
        staggered: The rightmost (highest) box was checked by this hit: the next turn is lost.
        defeated: Every box is now checked.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    checked: tuple[bool, ...]
    marked: tuple[int, ...] = ()
    shrugged: bool = False
    staggered: bool = False
    defeated: bool = False


def _free(checked: Sequence[bool], size: int) -> list[int]:
    return [i for i in range(size) if not (i < len(checked) and checked[i])]


def _highest_free(levels: Sequence[Result], free: Sequence[int], ceiling: Result) -> int | None:
    """The rightmost free box with the highest level not above ``ceiling``."""
    best: int | None = None
    for i in free:
        if levels[i] <= ceiling and (best is None or levels[i] >= levels[best]):
            best = i
    return best


def record_damage(
    levels: Sequence[Result], checked: Sequence[bool], damage: Result
) -> DamageRecord:
    """Record ``damage`` on a health track exactly as the book gives it.

    ART Engine "Recording Damage": working from the right, check the box matching the damage;
    if it is taken, the highest free box not above the damage; if the damage is above the
    highest free box, check that box and one more free box (the highest left) for each column
    of difference; never a checked box, never a box above the damage otherwise; when every
    free box is above the damage, it is shrugged off.

    Args:
        levels: The wound level of each box, left (lowest) to right.
        checked: Which boxes are checked already (missing entries: unchecked).
        damage: The damage level.
    """
    size = len(levels)
    state = [i < len(checked) and bool(checked[i]) for i in range(size)]
    free = _free(state, size)
    if not free:
        return DamageRecord(checked=tuple(state), defeated=size > 0)
    top = max(levels[i] for i in free)
    marked: list[int] = []
    if damage > top:
        extra = int(damage) - int(top)
        for _ in range(extra + 1):
            pick = _highest_free(levels, _free(state, size), Result.EX)
            if pick is None:
                break
            state[pick] = True
            marked.append(pick)
    else:
        pick = _highest_free(levels, free, damage)
        if pick is None:
            return DamageRecord(checked=tuple(state), shrugged=True)
        state[pick] = True
        marked.append(pick)
    return DamageRecord(
        checked=tuple(state),
        marked=tuple(marked),
        staggered=(size - 1) in marked,
        defeated=all(state),
    )


def defense_damage(failures: int, damage_rating: int = 0) -> Result | None:
    """Damage from a failed Defense roll: failures plus the hazard's damage rating on the
    Player Damage table (1 = Inferior ... 7 = Awesome; beyond, one level a failure, capped
    at Extreme: a judgment call). None when there is no failure."""
    if failures <= 0:
        return None
    return Result(min(int(Result.EX), failures + damage_rating + 2))


FIRST_AID_BASE = Result.IN


def first_aid_cost(level: Result) -> int:
    """Fame to clear one checked box by first aid: 1 for Inferior, +1 a level above."""
    return max(1, int(level) - int(FIRST_AID_BASE) + 1)


def heal(levels: Sequence[Result], checked: Sequence[bool], result: Result) -> tuple[bool, ...]:
    """Natural healing / a med-kit: erase one checked box whose level is not above the
    Stamina (or Intelligence) ``result``; the highest such box (ART Engine "Natural Healing")."""
    state = [i < len(checked) and bool(checked[i]) for i in range(len(levels))]
    best: int | None = None
    for i, on in enumerate(state):
        if on and levels[i] <= result and (best is None or levels[i] >= levels[best]):
            best = i
    if best is not None:
        state[best] = False
    return tuple(state)


def sustained_damage(round_number: int) -> Result:
    """Sustained damage (fire, acid): Inferior in the first round, one level more each round."""
    return Result(min(int(Result.EX), int(Result.IN) + max(0, round_number - 1)))


# -- Fame and Glory ----------------------------------------------------------------------------


class FameState(BaseModel):
    """Fame, the tally of Fame expended, and Glory."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fame: int = 1
    spent: int = 0
    glory: int = 0

    @property
    def available(self) -> int:
        """Fame that can still be spent (Fame minus the tally)."""
        return max(0, self.fame - self.spent)


def spend_fame(state: FameState, points: int) -> FameState:
    """Expend ``points`` Fame (tally marks).

    Raises:
        ValueError: when the tally would pass Fame ("Fame": no Fame once the tally equals it).
    """
    if points < 0:
        raise ValueError("cannot spend a negative amount of Fame")
    if points > state.available:
        raise ValueError(f"only {state.available} Fame left to spend")
    return state.model_copy(update={"spent": state.spent + points})


def regain_fame(state: FameState) -> FameState:
    """An Awesome roll without Fame spent on it erases the tally."""
    return state.model_copy(update={"spent": 0})


def defeated_fame(state: FameState) -> FameState:
    """A defeated adventurer loses 1 Fame for good (not below 0); the tally never exceeds Fame
    (judgment call)."""
    fame = max(0, state.fame - 1)
    return state.model_copy(update={"fame": fame, "spent": min(state.spent, fame)})


def gain_glory(state: FameState, glory: int) -> FameState:
    """Add Glory; when Glory reaches ten times Fame, it is erased and Fame rises by one.

    The threshold is 10 x max(Fame, 1), so a character at Fame 0 still needs Glory (judgment
    call); the conversion repeats while the threshold is met.
    """
    fame, total = state.fame, max(0, state.glory + glory)
    while total > 0 and total >= 10 * max(fame, 1):
        fame, total = fame + 1, 0
    return state.model_copy(update={"fame": fame, "glory": total})
