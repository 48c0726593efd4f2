"""Storage layer (pure step of PDF export): the sheets of a system that has no layouts of its own.

A game system without a storage plug-in still prints: a blank character sheet built from the
ladder and dice of its ``system.json``, and NPC cards listing a character's skills by rung.
Neither names a system; both are plain :mod:`storage.pdf.sheet_layout` data.
"""

from __future__ import annotations

from rules.character import CharacterBase
from rules.ladder import Ladder
from rules.systems.registry import SystemInfo
from storage.pdf.sheet_layout import (
    AspectGroup,
    AspectsBlock,
    CardLayout,
    ConsequencesBlock,
    ConsequenceSlot,
    FieldLine,
    HeaderBlock,
    SheetLayout,
    SkillsBlock,
    StuntsBlock,
    Track,
    TracksBlock,
    ladder_rows,
)

SKILL_SLOTS = 5
"""Boxes per rung of the ladder, for the skills written in by hand."""
STUNT_LINES = 17
"""Lines for stunts and extras, minus one per ladder rung so that the sheet stays one page."""
TRACK_BOXES = 10
"""Boxes per hand-labelled track."""
TRACKS = 3
ASPECT_LINES = 5
"""Rows of two aspect lines each."""
CONSEQUENCE_LINES = 15
"""Lines for consequences and notes, minus one per ladder rung, like the stunt lines."""


def blank_sheet(info: SystemInfo) -> SheetLayout:
    """A blank character sheet for hand-filling, from the system's ladder and dice.

    The skills area has a row for every named rung above the default rating; the tracks and
    consequences are left for the player to label, since their names differ from one system
    to the next.
    """
    ladder = info.ladder
    # Skills at the default rating need no slot; list every named rung above it.
    rungs = {r.value: SKILL_SLOTS for r in ladder.rungs if r.value > info.default_skill}
    blocks = (
        HeaderBlock(
            rows=(
                (FieldLine(label="Name"), FieldLine(label="Fate Points")),
                (FieldLine(label="Player"), FieldLine(label="Refresh")),
            ),
            subtitle=(
                f"Skills are grouped by the rungs of the {info.name} ladder; skills not listed "
                f"are {ladder.render(info.default_skill)}. Dice: {info.dice}."
            ),
        ),
        SkillsBlock(rows=ladder_rows(ladder, {}, rungs)),
        AspectsBlock(
            groups=tuple(AspectGroup(label="", aspects=("", "")) for _ in range(ASPECT_LINES))
        ),
        StuntsBlock(title="Stunts and extras", blank_lines=max(3, STUNT_LINES - len(rungs))),
        TracksBlock(
            title="Tracks",
            tracks=tuple(Track(label="", boxes=TRACK_BOXES) for _ in range(TRACKS)),
        ),
        ConsequencesBlock(
            title="Consequences and notes",
            slots=tuple(
                ConsequenceSlot(label="") for _ in range(max(3, CONSEQUENCE_LINES - len(rungs)))
            ),
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


def skills_card(character: CharacterBase, ladder: Ladder) -> CardLayout:
    """An NPC card with what every character has: its name and its skills by rung."""
    lines = tuple(
        FieldLine(label=row.label, value=", ".join(row.entries))
        for row in ladder_rows(ladder, dict(character.skills), {})
    )
    return CardLayout(title=character.name, lines=lines)
