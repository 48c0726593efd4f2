"""Storage layer (pure step of PDF export): what goes on a printed sheet, as plain data.

A :class:`SheetLayout` is blocks of labelled text, ladders and box tracks with no ReportLab in
sight, so the content and its order can be tested without reading PDF bytes;
:mod:`storage.pdf.render` lays the blocks out on paper. Each game system builds the layouts of
its own sheets (``storage/systems/<package>/``, found through :mod:`storage.system_sheets`);
this module holds only the data model and the helpers every system may use. Every string here
is raw user text: escaping for ReportLab markup is the renderer's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.ladder import Ladder

SEVERITY_LABELS = {"mild": "Mild", "moderate": "Moderate", "severe": "Severe", "extra": "Extra"}
"""How the consequence severities of :class:`rules.character.Consequence` are printed."""

Area = Literal["top", "main", "side"]
"""Where a block goes on the first page: full width at the top, the wide column, the narrow one."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FieldLine(_Frozen):
    """A label and its value; an empty value prints as a line to write on.

    Attributes:
        label: The printed prompt ("Name", "Fate Points").
        value: What the character has there (raw user text).
        long: Whether the value is prose that may run over several lines or pages.
    """

    label: str
    value: str = ""
    long: bool = False


class HeaderBlock(_Frozen):
    """Pairs of fields printed side by side (Name | Refresh Rate; Player | Fate Points)."""

    kind: Literal["header"] = "header"
    area: Area = "top"
    rows: tuple[tuple[FieldLine, FieldLine], ...]
    subtitle: str = ""
    wide: tuple[FieldLine, ...] = ()
    """Fields across the whole width under the pairs (a blank sheet's Concept line)."""


class LadderRow(_Frozen):
    """One rung of the skill ladder: its label and the skills rated there.

    Attributes:
        label: The rung as the sheet prints it, e.g. ``"Superb (+5)"``.
        value: The rung's value.
        entries: Skill names at this rung.
        slots: Boxes to print (at least ``len(entries)``); empty ones are for hand-filling.
    """

    label: str
    value: int
    entries: tuple[str, ...] = ()
    slots: int = 0


class SkillsBlock(_Frozen):
    """The skill ladder, highest rung first."""

    kind: Literal["skills"] = "skills"
    area: Area = "top"
    title: str = "Skills"
    rows: tuple[LadderRow, ...]


class AspectGroup(_Frozen):
    """Aspects that belong together (a phase's two aspects); blank strings are lines to fill."""

    label: str
    aspects: tuple[str, ...]


class AspectsBlock(_Frozen):
    """The character's aspects, grouped by the phase they came from."""

    kind: Literal["aspects"] = "aspects"
    area: Area = "main"
    title: str = "Aspects"
    groups: tuple[AspectGroup, ...]


class StuntEntry(_Frozen):
    """One stunt as printed: name, skill, per-take detail and a one-line summary.

    Attributes:
        name: The stunt's name.
        skill: The skill it belongs to.
        detail: Per-take specifics (a Scholar field, a contact's name).
        text: The catalogue summary, or a custom stunt's own description.
        custom: A stunt not in the book (printed with a marker).
    """

    name: str
    skill: str = ""
    detail: str = ""
    text: str = ""
    custom: bool = False


class StuntsBlock(_Frozen):
    """The stunts taken, in order, then ``blank_lines`` empty lines for hand-filling."""

    kind: Literal["stunts"] = "stunts"
    area: Area = "main"
    title: str = "Stunts"
    entries: tuple[StuntEntry, ...] = ()
    blank_lines: int = 0


class Track(_Frozen):
    """A stress track: ``boxes`` boxes, the first ``len(checked)`` of them with a known state.

    Attributes:
        label: The track's name as its system calls it (SotC: "Health", "Composure"), or
            blank for a track to label by hand.
        boxes: How many boxes the character has.
        checked: Which boxes are checked (may be shorter than ``boxes``).
    """

    label: str
    boxes: int
    checked: tuple[bool, ...] = Field(default=(), max_length=400)


class TracksBlock(_Frozen):
    """Stress tracks, each drawn as exactly its number of boxes."""

    kind: Literal["tracks"] = "tracks"
    area: Area = "side"
    title: str = ""
    tracks: tuple[Track, ...]


class ConsequenceSlot(_Frozen):
    """One consequence line: its severity label and the aspect held there (blank if free)."""

    label: str
    text: str = ""
    note: str = ""


class ConsequencesBlock(_Frozen):
    """The consequences area: the character's slots, in the order they fill."""

    kind: Literal["consequences"] = "consequences"
    area: Area = "side"
    title: str = "Consequences"
    slots: tuple[ConsequenceSlot, ...]


class GadgetEntry(_Frozen):
    """A personal gadget or artifact with its improvements."""

    name: str
    base: str = ""
    kind_label: str = ""
    description: str = ""
    improvements: tuple[FieldLine, ...] = ()


class GadgetsBlock(_Frozen):
    """Gadgets, artifacts or gear with their improvements (SotC "Personal Gadgets")."""

    kind: Literal["gadgets"] = "gadgets"
    area: Area = "main"
    title: str = "Gadgets"
    entries: tuple[GadgetEntry, ...]


class FieldsBlock(_Frozen):
    """A titled list of prompts and answers (a worksheet phase, notes, a ladder reference)."""

    kind: Literal["fields"] = "fields"
    area: Area = "main"
    title: str
    fields: tuple[FieldLine, ...]
    note: str = ""
    keep_last: int = Field(default=0, ge=0)
    """How many of the last fields are printed in one piece, never split across pages (a
    worksheet phase's two aspects)."""


Block = Annotated[
    HeaderBlock
    | SkillsBlock
    | AspectsBlock
    | StuntsBlock
    | TracksBlock
    | ConsequencesBlock
    | GadgetsBlock
    | FieldsBlock,
    Field(discriminator="kind"),
]

LayoutForm = Literal["sheet", "worksheet"]
"""How the renderer lays a layout out: three areas on the first page, or one flowing column."""


class SheetLayout(_Frozen):
    """One printed document part (a sheet or a worksheet), ready for the renderer.

    Attributes:
        kind: "sheet" puts blocks on the three-area first page; "worksheet" flows one column.
        system_name: The game system, printed in the page chrome.
        heading: The big title ("Character Sheet").
        character_name: Printed in the page chrome of every page (blank on blank sheets).
        blocks: Content in reading order.
        doc_title: PDF metadata title.
        author: PDF metadata author (the player, when known).
        subject: PDF metadata subject.
    """

    kind: LayoutForm
    system_name: str
    heading: str
    character_name: str = ""
    blocks: tuple[Block, ...]
    doc_title: str
    author: str = ""
    subject: str = ""


# -- game-master aids ---------------------------------------------------------------------------


class CardLayout(_Frozen):
    """An NPC or minion card (index-card proportions, several to a page).

    Attributes:
        title: The NPC's name.
        subtitle: Concept, or a minion group's quality and size.
        lines: Labelled facts (skills by rung, aspects, stunts), in order.
        tracks: Stress tracks as box rows.
    """

    title: str
    subtitle: str = ""
    lines: tuple[FieldLine, ...] = ()
    tracks: tuple[Track, ...] = ()


class AspectCard(_Frozen):
    """One aspect index card: the aspect, and whose it is (blank for a scene aspect).

    Attributes:
        text: The aspect (raw user text).
        owner: The name of the character whose aspect it is, or "" for a scene aspect.
    """

    text: str
    owner: str = ""


class ConflictRow(_Frozen):
    """One participant on the game master's conflict sheet (pure data).

    Attributes:
        name: Who.
        initiative: Initiative value (the renderer prints it with a sign).
        tracks: The participant's stress tracks as its system names them, each box checked
            or not, in order (in SotC box N is a hit of N, so which boxes are checked matters,
            not just how many). The sheet has one column per track label.
        consequences: Consequences held, as printed ("Mild: Sprained wrist").
        fate_points: Fate points in hand, or None for characters that have none (minions).
        aspects: The participant's aspects (its own, then those placed on it in the scene).
        skills: What the game master looks up: an NPC's skills as printed ("Fists +3"); blank
            for player characters, whose players hold their sheets.
        count: How many minions the group has (None: not a group).
        note: A short line under the name (a minion group's quality, a side).
    """

    name: str
    initiative: int = 0
    tracks: tuple[Track, ...] = Field(default=(), max_length=12)
    consequences: tuple[str, ...] = ()
    fate_points: int | None = None
    aspects: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    count: int | None = None
    note: str = ""


# -- helpers for the systems' layouts ----------------------------------------------------------


def ladder_rows(
    ladder: Ladder, skills: Mapping[str, int], slots_by_rung: Mapping[int, int]
) -> tuple[LadderRow, ...]:
    """Rows for every rung that has slots or skills, highest first.

    Args:
        ladder: The system's ladder (it labels the rungs).
        skills: Skill name -> rating.
        slots_by_rung: Rung -> boxes to print at least (a pyramid's shape, say).
    """
    by_rung: dict[int, list[str]] = {}
    for name, rating in skills.items():
        by_rung.setdefault(rating, []).append(name)
    rungs = sorted(set(by_rung) | set(slots_by_rung), reverse=True)
    rows = []
    for rung in rungs:
        entries = tuple(sorted(by_rung.get(rung, ()), key=str.casefold))
        rows.append(
            LadderRow(
                label=ladder.render(rung),
                value=rung,
                entries=entries,
                slots=max(slots_by_rung.get(rung, 0), len(entries)),
            )
        )
    return tuple(rows)


def doc_title(what: str, name: str) -> str:
    """A PDF title: ``"Character sheet: NAME"``, or just ``what`` for a nameless character."""
    return f"{what}: {name}" if name.strip() else what


def minion_card(name: str, quality: str, count: int, boxes_each: int) -> CardLayout:
    """A minion group's card: one row of boxes per minion (SotC "Minions", digest 6.10).

    Args:
        name: The group's name.
        quality: The minions' quality as printed ("Fair").
        count: How many minions.
        boxes_each: Stress boxes per minion.
    """
    return CardLayout(
        title=name,
        subtitle=f"{count} × {quality} minion{'s' if count != 1 else ''}",
        tracks=tuple(Track(label=f"#{i + 1}", boxes=boxes_each) for i in range(count)),
    )
