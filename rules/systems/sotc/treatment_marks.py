"""Rules layer: the care, poison and first-aid marks of a SotC character's consequences, carried
into an encounter as participant options and written back to the character with its stress.

In an encounter the marks are :class:`rules.systems.sotc.participant_options.SotcOptions` entries
keyed by the consequence's text (``care``: ``steps|text``; ``uncured``; ``stabilized``); on the
character they are :class:`rules.systems.sotc.character.Treatment` items beside the consequences.
Long-term care (one attempt, the steps it saved: SRD L5892-L5905), a slow poison's consequences
that stay until cured (SRD L5581) and first aid's stabilising (SRD L5890) last past the scene, so
they go where the consequence goes.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.character import Consequence
from rules.encounter import OptionValue, Participant
from rules.errors import RuleViolation
from rules.systems.sotc.character import SotcCharacter, Treatment
from rules.systems.sotc.participant_options import options_of

NOTHING_DONE = Treatment()


def marks_of(character: SotcCharacter) -> dict[str, Treatment]:
    """The character's treatment by consequence text (case-folded); untreated ones left out."""
    return {
        c.text.casefold(): t
        for c, t in zip(character.condition.consequences, character.treatment, strict=False)
        if t != NOTHING_DONE
    }


def treatment_options(character: SotcCharacter) -> dict[str, OptionValue]:
    """The participant options that carry the character's marks into an encounter."""
    care: list[str] = []
    uncured: list[str] = []
    stabilized: list[str] = []
    held = character.condition.consequences
    for c, t in zip(held, character.treatment, strict=False):
        if t.care_tried:
            care.append(f"{t.care_steps}|{c.text}")
        if t.uncured:
            uncured.append(c.text)
        if t.stabilized:
            stabilized.append(c.text)
    options: dict[str, OptionValue] = {
        "care": tuple(care), "uncured": tuple(uncured), "stabilized": tuple(stabilized),
    }  # fmt: skip
    return {k: v for k, v in options.items() if v}


def marks_from(p: Participant) -> dict[str, Treatment]:
    """The marks ``p``'s options hold, by consequence text (case-folded)."""
    options = options_of(p)
    out: dict[str, dict[str, object]] = {}
    for entry in options.care:
        steps, _, text = entry.partition("|")
        out.setdefault(text.casefold(), {}).update(care_tried=True, care_steps=int(steps))
    for text in options.uncured:
        out.setdefault(text.casefold(), {})["uncured"] = True
    for text in options.stabilized:
        out.setdefault(text.casefold(), {})["stabilized"] = True
    return {k: Treatment.model_validate(v) for k, v in out.items()}


def aligned(
    consequences: tuple[Consequence, ...], marks: Mapping[str, Treatment]
) -> tuple[Treatment, ...]:
    """One treatment per consequence (by text), trailing untreated ones left out; a mark whose
    consequence is gone goes with it."""
    items = [marks.get(c.text.casefold(), NOTHING_DONE) for c in consequences]
    while items and items[-1] == NOTHING_DONE:
        items.pop()
    return tuple(items)


def with_consequences(
    character: SotcCharacter, consequences: tuple[Consequence, ...]
) -> SotcCharacter:
    """``character`` holding ``consequences``, each keeping the marks it had."""
    condition = character.condition.model_copy(update={"consequences": consequences})
    return character.model_copy(
        update={"condition": condition, "treatment": aligned(consequences, marks_of(character))}
    )


def with_marks_from(character: SotcCharacter, p: Participant) -> SotcCharacter:
    """``character`` (already carrying ``p``'s consequences) with the marks ``p`` ends with."""
    return character.model_copy(
        update={"treatment": aligned(character.condition.consequences, marks_from(p))}
    )


def cure_poison(character: SotcCharacter) -> SotcCharacter:
    """``character`` cured of a slow poison: its consequences now recover with time like any
    other (SRD L5581).

    Raises:
        RuleViolation: no consequence of the character waits for a cure.
    """
    marks = marks_of(character)
    if not any(t.uncured for t in marks.values()):
        raise RuleViolation(f"{character.name or 'the character'} has no poison to cure")
    cured = {k: t.model_copy(update={"uncured": False}) for k, t in marks.items()}
    return character.model_copy(
        update={"treatment": aligned(character.condition.consequences, cured)}
    )


def treatment_text(t: Treatment) -> str:
    """A short note of one consequence's marks ("" when nothing was done)."""
    parts: list[str] = []
    if t.care_tried:
        parts.append(
            f"care: {t.care_steps} step{'s' if t.care_steps != 1 else ''} sooner"
            if t.care_steps
            else "care failed"
        )
    if t.uncured:
        parts.append("poison: until cured")
    if t.stabilized:
        parts.append("stabilised")
    return ", ".join(parts)
