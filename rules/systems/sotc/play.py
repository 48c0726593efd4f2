"""Rules layer: a SotC character between fights: refresh, recovery and advancement.

Pure functions from one character to the next, which the GUI's undo commands call:
:func:`refresh` (SotC "Refreshing Fate Points": the pool comes *up to* the refresh rate, never
down), :func:`recover` (SotC "Removing Consequences": stress clears and consequences go after
a breather, a night's rest or days of downtime; the rules are the conflict rules'
:meth:`~rules.systems.sotc.conflict.SotcConflictRules.recover`, through
:func:`~rules.systems.sotc.conflict.recover_condition`), and :func:`advance` /
:func:`unadvance` (SotC "The Long Game: Advancement").
"""

from __future__ import annotations

from rules.character import Condition
from rules.encounter import RecoveryPeriod
from rules.systems.sotc.character import Advancement, SotcCharacter, StuntPick
from rules.systems.sotc.conflict import SotcConflictRules, recover_condition
from rules.systems.sotc.treatment_marks import treatment_options, with_consequences


def refreshed_fate_points(current: int, refresh: int) -> int:
    """The pool after a refresh: up to ``refresh``; a larger pool is kept (SotC "Refreshing
    Fate Points")."""
    return max(current, refresh)


def refresh(character: SotcCharacter, current: int, rate: int) -> SotcCharacter:
    """``character`` after a refresh at the start of a session.

    Args:
        character: The character.
        current: Its current pool (the derived ``fate_points``).
        rate: Its refresh rate (the derived ``refresh``).
    """
    return character.model_copy(update={"fate_points": refreshed_fate_points(current, rate)})


def recover(
    character: SotcCharacter,
    rules: SotcConflictRules,
    period: RecoveryPeriod,
    *,
    back_to_back: bool = False,
) -> SotcCharacter:
    """``character`` after ``period`` of rest: every stress box clears and the consequences
    ``period`` heals go ("breather": mild; "night", six hours or more: moderate; "downtime",
    days or weeks: severe; ``back_to_back`` sessions count them one level lower).

    The character's own stunts and marks count as they do in an encounter: Bounce Back takes
    two steps off a physical consequence's time (SRD L3045: a moderate one goes in about an
    hour, so after a night; a severe one in an afternoon), long-term care the steps it saved
    (SRD L5892), and a slow poison's consequences stay until it is cured (SRD L5581). A
    consequence that goes takes its marks with it.
    """
    condition = recover_condition(
        rules, character.condition, period, back_to_back=back_to_back,
        stunts=character.stunt_names(), marks=treatment_options(character),
    )  # fmt: skip
    kept = with_consequences(character, condition.consequences)
    return kept.model_copy(update={"condition": condition})


def with_condition(character: SotcCharacter, condition: Condition) -> SotcCharacter:
    """``character`` carrying ``condition`` (stress and consequences as edited); each
    consequence kept keeps its marks, a removed one's go with it."""
    kept = with_consequences(character, condition.consequences)
    return kept.model_copy(update={"condition": condition})


def advance(
    character: SotcCharacter, entry: Advancement, *, take: StuntPick | None = None
) -> SotcCharacter:
    """``character`` with ``entry`` appended to its advancement log.

    A ``stunt`` entry adds its take (``take``, or a plain take of ``entry.stunt``); a ``peak``
    entry raises every listed skill one step (SotC "Raising the Roof": the whole pyramid moves
    up, and :meth:`SotcCharacter.skill` raises the default for unlisted skills with it).
    """
    update: dict[str, object] = {"advancements": (*character.advancements, entry)}
    if entry.kind == "stunt":
        pick = take if take is not None else StuntPick(name=entry.stunt.strip())
        update["stunts"] = (*character.stunts, pick)
    elif entry.kind == "peak":
        update["skills"] = {k: v + 1 for k, v in character.skills.items()}
    return character.model_copy(update=update)


def unadvance(character: SotcCharacter, index: int) -> SotcCharacter:
    """``character`` without advancement ``index``: the reverse of :func:`advance` (a stunt
    entry takes its stunt's last take away; a peak entry lowers every listed skill a step).

    Raises:
        IndexError: when there is no entry ``index``.
    """
    if not 0 <= index < len(character.advancements):
        raise IndexError(f"no advancement {index + 1}")
    entry = character.advancements[index]
    log = character.advancements[:index] + character.advancements[index + 1 :]
    update: dict[str, object] = {"advancements": log}
    if entry.kind == "stunt":
        key = entry.stunt.strip().casefold()
        stunts = list(character.stunts)
        for i in range(len(stunts) - 1, -1, -1):
            if stunts[i].name.strip().casefold() == key:
                del stunts[i]
                break
        update["stunts"] = tuple(stunts)
    elif entry.kind == "peak":
        update["skills"] = {k: v - 1 for k, v in character.skills.items()}
    return character.model_copy(update=update)
