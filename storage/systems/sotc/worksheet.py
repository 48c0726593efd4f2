"""Storage layer (Spirit of the Century plug-in): the Character Story Worksheet, filled or blank.

The five phases with the worksheet's labels and prompts in the book's order (SotC "Character
Worksheet"; digest shared/rules/sotc.md section 12): the mentor in phase two, the novel and its
guest stars in phase three, "Guest starring in …" in phases four and five, then each phase's
events and two aspects, which are kept on one page.
"""

from __future__ import annotations

from rules.systems.registry import SystemInfo
from rules.systems.sotc.character import PHASE_LABELS, Phase, SotcCharacter
from storage.pdf.sheet_layout import (
    Block,
    FieldLine,
    FieldsBlock,
    HeaderBlock,
    SheetLayout,
    doc_title,
)

ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth")
ASPECTS = 2  # aspects a phase gives (SotC "The Phases"); the worksheet keeps them together


def aspect_count(phase: Phase) -> int:
    """How many aspect fields the worksheet prints for ``phase`` (two at least)."""
    return max(ASPECTS, len(phase.aspects))


def phase_fields(number: int, phase: Phase) -> tuple[FieldLine, ...]:
    """The worksheet prompts of phase ``number`` in the book's order (SotC worksheet)."""
    fields: list[FieldLine] = []
    if number == 2:
        fields.append(FieldLine(label="Who inspired you to greatness?", value=phase.mentor))
        if phase.mentor_fate:
            fields.append(
                FieldLine(label="What became of them?", value=phase.mentor_fate, long=True)
            )
    if number == 3:
        fields.append(FieldLine(label="Title of your Novel", value=phase.novel_title))
        fields.append(
            FieldLine(label="Guest Stars in your novel", value=", ".join(phase.guest_stars))
        )
    if number in (4, 5):
        ref = phase.guest_star_in
        value = ""
        if ref is not None:
            value = ref.title
            if ref.author.strip():
                value = f"{ref.title} ({ref.author})" if ref.title.strip() else ref.author
        fields.append(FieldLine(label="Guest starring in …", value=value))
    fields.append(FieldLine(label="Events", value=phase.events, long=True))
    aspects = list(phase.aspects) + [""] * max(0, ASPECTS - len(phase.aspects))
    for i, aspect in enumerate(aspects):
        label = f"{ORDINALS[i]} Aspect" if i < len(ORDINALS) else f"Aspect {i + 1}"
        fields.append(FieldLine(label=label, value=aspect))
    return tuple(fields)


def story_worksheet(character: SotcCharacter, info: SystemInfo) -> SheetLayout:
    """The Character Story Worksheet of ``character``."""
    blocks: list[Block] = [
        HeaderBlock(
            area="main",
            rows=(
                (
                    FieldLine(label="Character Story Worksheet for", value=character.name),
                    FieldLine(label="Player", value=character.player),
                ),
            ),
        )
    ]
    for number in range(1, len(PHASE_LABELS) + 1):
        phase = character.phase(number)
        blocks.append(
            FieldsBlock(
                title=PHASE_LABELS[number - 1],
                fields=phase_fields(number, phase),
                keep_last=aspect_count(phase),
            )
        )
    return SheetLayout(
        kind="worksheet",
        system_name=info.name,
        heading="Character Story Worksheet",
        character_name=character.name,
        blocks=tuple(blocks),
        doc_title=doc_title("Character story worksheet", character.name),
        author=character.player,
        subject=f"{info.name} character story worksheet",
    )


def blank_worksheet(info: SystemInfo) -> SheetLayout:
    """The Character Story Worksheet for hand-filling (room to write each phase's events)."""
    blocks: list[Block] = [
        HeaderBlock(
            area="main",
            rows=((FieldLine(label="Character Story Worksheet for"), FieldLine(label="Player")),),
        )
    ]
    for number in range(1, len(PHASE_LABELS) + 1):
        fields = tuple(
            f.model_copy(update={"long": True}) if f.label == "Events" else f
            for f in phase_fields(number, Phase())
        )
        blocks.append(FieldsBlock(title=PHASE_LABELS[number - 1], fields=fields, keep_last=ASPECTS))
    return SheetLayout(
        kind="worksheet",
        system_name=info.name,
        heading="Character Story Worksheet",
        blocks=tuple(blocks),
        doc_title=f"{info.name}: blank character story worksheet",
        subject=f"{info.name} blank character story worksheet",
    )
