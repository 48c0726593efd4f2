"""Storage layer (Spirit of the Century plug-in): the Character Sheet, filled in or blank.

Field order follows the SotC Character Sheet (SotC "Character Sheet"; digest
shared/rules/sotc.md section 12): Name | Refresh Rate and Player | Fate Points, the skill
pyramid, aspects by phase, stunts, Health and Composure, consequences, gadgets and notes. The
page design itself is :mod:`storage.pdf.render`'s; this module only says what goes where.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.character import Consequence
from rules.systems.registry import SystemInfo
from rules.systems.sotc.character import PHASE_CHAPTERS, SotcCharacter, Treatment
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.system import SotcSystem
from rules.systems.sotc.treatment_marks import treatment_text
from storage.pdf.sheet_layout import (
    SEVERITY_LABELS,
    AspectGroup,
    AspectsBlock,
    Block,
    ConsequencesBlock,
    ConsequenceSlot,
    FieldLine,
    FieldsBlock,
    GadgetEntry,
    GadgetsBlock,
    HeaderBlock,
    SheetLayout,
    SkillsBlock,
    StuntEntry,
    StuntsBlock,
    Track,
    TracksBlock,
    doc_title,
    ladder_rows,
)

PYRAMID: dict[int, int] = {5: 1, 4: 2, 3: 3, 2: 4, 1: 5}
"""Rung -> slots printed on the sheet (SotC "Skills": 1 Superb ... 5 Average)."""

BLANK_STUNT_LINES = 7  # five at creation, room for two more
BLANK_TRACK_BOXES = 10  # the printed SotC sheet shows 10 boxes per track
BLANK_PHASES = 5  # five phases x two aspects (SotC "The Phases")
BLANK_GADGET_LINES = 3  # a gadget and its improvements (SotC "Personal Gadgets")
BLANK_NOTE_LINES = 4
GADGET_KINDS = {"personal": "Personal gadget", "artifact": "Personal artifact", "other": "Device"}


def phase_tag(number: int) -> str:
    """The short label of phase ``number`` beside its aspects ("2. War")."""
    return f"{number}. {PHASE_CHAPTERS[number - 1]}" if number <= len(PHASE_CHAPTERS) else ""


def _stunt_summary(system: SotcSystem, name: str) -> tuple[str, str]:
    """(summary, skill) of a catalogue stunt, or ("", "") when the catalogue does not know it."""
    try:
        stunt = system.catalog.stunt(name)
    except KeyError:
        return "", ""
    return stunt.summary or "", stunt.skill or ""


def consequence_slots(
    held: Sequence[Consequence],
    physical: int,
    social: int,
    treatment: Sequence[Treatment] = (),
) -> tuple[ConsequenceSlot, ...]:
    """Slots in filling order (mild, moderate, extra moderates, severe), held ones filled in,
    each noted with its kind and what was done about it (``treatment[i]`` goes with
    ``held[i]``: care tried, a slow poison still uncured, stabilised by first aid).

    SotC "Consequences": first mild, then moderate, then severe; Feel the Burn, Smooth Recovery
    and Still Standing add moderate slots (digest section 6.6, judgment call 13.3). The marks:
    long-term care (SRD L5892), a slow poison (L5581), first aid (L5890).
    """
    common = max(0, min(physical, social) - 3)
    extra_physical = max(0, physical - 3 - common)
    extra_social = max(0, social - 3 - common)
    labels: list[tuple[str, str, str]] = [("mild", "Mild", ""), ("moderate", "Moderate", "")]
    labels += [("moderate", "Moderate", "extra slot")] * common
    labels += [("moderate", "Moderate", "extra slot, physical only")] * extra_physical
    labels += [("moderate", "Moderate", "extra slot, social or mental only")] * extra_social
    labels += [("severe", "Severe", "")]
    slots = [ConsequenceSlot(label=label, note=note) for _, label, note in labels]
    severities = [sev for sev, _, _ in labels]
    for n, consequence in enumerate(held):
        text = consequence.text
        marks = treatment_text(treatment[n]) if n < len(treatment) else ""
        note = "; ".join(x for x in (consequence.kind, marks) if x)
        for i, slot in enumerate(slots[: len(severities)]):  # not the overflow rows
            if severities[i] == consequence.severity and not slot.text:
                slots[i] = slot.model_copy(update={"text": text, "note": note})
                break
        else:
            slots.append(
                ConsequenceSlot(
                    label=SEVERITY_LABELS.get(consequence.severity, consequence.severity),
                    text=text,
                    note=note,
                )
            )
    return tuple(slots)


ADVANCEMENT_LABELS = {
    "aspect": "Aspect",
    "stunt": "Stunt",
    "peak": "Peak raised",
    "shuffle": "Shuffle",
}


def advancement_block(character: SotcCharacter) -> FieldsBlock:
    """The advancement log, one line per entry: what it granted, when, and the note."""
    lines = []
    for number, entry in enumerate(character.advancements, start=1):
        what = entry.aspect if entry.kind == "aspect" else entry.stunt
        parts = [p for p in (what, entry.date, entry.note) if p.strip()]
        label = f"{number}. {ADVANCEMENT_LABELS[entry.kind]}"
        lines.append(FieldLine(label=label, value=" \u2014 ".join(parts)))
    return FieldsBlock(title="Advancement", area="main", fields=tuple(lines))


def character_sheet(
    character: SotcCharacter, system: SotcSystem, settings: SotcSettings | None = None
) -> SheetLayout:
    """The Character Sheet of ``character``, with the values ``system.derive`` gives.

    Args:
        character: The character to print.
        system: Spirit of the Century (its catalogue gives the stunt summaries).
        settings: The campaign's settings (None: the book's).
    """
    info: SystemInfo = system.info
    derived = system.derive(character, settings)
    header = HeaderBlock(
        rows=(
            (
                FieldLine(label="Name", value=character.name),
                FieldLine(label="Refresh Rate", value=str(derived.refresh)),
            ),
            (
                FieldLine(label="Player", value=character.player),
                FieldLine(label="Fate Points", value=str(derived.fate_points)),
            ),
        ),
        subtitle=character.concept,
    )
    raises = character.peak_raises()  # SotC "Raising the Roof": the pyramid moved up
    shape = {rung + raises: n for rung, n in PYRAMID.items()} if raises else PYRAMID
    skills = SkillsBlock(rows=ladder_rows(info.ladder, character.skills, shape))
    groups = []
    for number, phase in enumerate(character.phases, start=1):
        if phase.aspects:
            groups.append(AspectGroup(label=phase_tag(number), aspects=phase.aspects))
    if character.earned_aspects():  # SotC "The Long Game": aspects earned in play
        groups.append(AspectGroup(label="Earned", aspects=character.earned_aspects()))
    entries = []
    for pick in character.stunts:
        summary, catalog_skill = _stunt_summary(system, pick.name)
        text = pick.description if pick.custom or not summary else summary
        entries.append(
            StuntEntry(
                name=pick.name,
                skill=pick.skill or catalog_skill,
                detail=pick.detail,
                text=text,
                custom=pick.custom,
            )
        )
    condition = character.condition
    blocks: list[Block] = [
        header,
        skills,
        AspectsBlock(groups=tuple(groups)),
        StuntsBlock(entries=tuple(entries)),
        TracksBlock(
            tracks=(
                Track(label="Health", boxes=derived.health_boxes, checked=condition.health),
                Track(
                    label="Composure", boxes=derived.composure_boxes, checked=condition.composure
                ),
            )
        ),
        ConsequencesBlock(
            slots=consequence_slots(
                condition.consequences,
                derived.consequence_slots_physical,
                derived.consequence_slots_social,
                character.treatment,
            )
        ),
    ]
    if character.gadgets:
        blocks.append(
            GadgetsBlock(
                entries=tuple(
                    GadgetEntry(
                        name=g.name,
                        base=g.base,
                        kind_label=GADGET_KINDS[g.kind],
                        description=g.description,
                        improvements=tuple(
                            FieldLine(label=i.name, value=i.detail) for i in g.improvements
                        ),
                    )
                    for g in character.gadgets
                )
            )
        )
    if character.advancements:
        blocks.append(advancement_block(character))
    if character.notes.strip():
        blocks.append(
            FieldsBlock(
                title="Notes",
                area="main",
                fields=(FieldLine(label="", value=character.notes, long=True),),
            )
        )
    return SheetLayout(
        kind="sheet",
        system_name=info.name,
        heading="Character Sheet",
        character_name=character.name,
        blocks=tuple(blocks),
        doc_title=doc_title("Character sheet", character.name),
        author=character.player,
        subject=f"{info.name} character sheet",
    )


def blank_sheet(info: SystemInfo) -> SheetLayout:
    """The Character Sheet for hand-filling: a concept line, empty pyramid slots, two aspect
    lines per phase, stunt lines, ten boxes per track, consequences, gadgets and notes."""
    blank_aspects = tuple(
        AspectGroup(label=phase_tag(n), aspects=("", "")) for n in range(1, BLANK_PHASES + 1)
    )
    blocks: tuple[Block, ...] = (
        HeaderBlock(
            rows=(
                (FieldLine(label="Name"), FieldLine(label="Refresh Rate")),
                (FieldLine(label="Player"), FieldLine(label="Fate Points")),
            ),
            wide=(FieldLine(label="Concept"),),
        ),
        SkillsBlock(rows=ladder_rows(info.ladder, {}, PYRAMID)),
        AspectsBlock(groups=blank_aspects),
        StuntsBlock(blank_lines=BLANK_STUNT_LINES),
        TracksBlock(
            tracks=(
                Track(label="Health", boxes=BLANK_TRACK_BOXES),
                Track(label="Composure", boxes=BLANK_TRACK_BOXES),
            )
        ),
        ConsequencesBlock(slots=consequence_slots((), 3, 3)),
        FieldsBlock(
            title="Gadgets",
            area="side",
            fields=tuple(FieldLine(label="") for _ in range(BLANK_GADGET_LINES)),
        ),
        FieldsBlock(
            title="Notes",
            area="side",
            fields=tuple(FieldLine(label="") for _ in range(BLANK_NOTE_LINES)),
        ),
    )
    return SheetLayout(
        kind="sheet",
        system_name=info.name,
        heading="Character Sheet",
        blocks=blocks,
        doc_title=f"{info.name}: blank character sheet",
        subject=f"{info.name} blank character sheet",
    )
