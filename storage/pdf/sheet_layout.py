"""Storage layer (pure step of PDF export): what goes on a printed sheet, as plain data.

:func:`build_sheet` and friends turn domain objects into a :class:`SheetLayout` (blocks of
labelled text, ladders, box tracks) with no ReportLab in sight, so the content and its order can
be tested without reading PDF bytes. :mod:`storage.pdf.render` then lays the blocks out on paper.

Field order follows the Spirit of the Century Character Sheet and Character Story Worksheet
(SotC "Character Sheet", "Character Worksheet"; digest shared/rules/sotc.md section 12). Every
string here is raw user text: escaping for ReportLab markup is the renderer's job.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from rules.character import CharacterBase, Consequence
from rules.ladder import Ladder
from rules.systems.registry import SystemInfo
from rules.systems.sotc.character import PHASE_CHAPTERS, PHASE_LABELS, SotcCharacter

SOTC_PYRAMID: dict[int, int] = {5: 1, 4: 2, 3: 3, 2: 4, 1: 5}
"""Rung -> slots printed on the SotC sheet (SotC "Skills": 1 Superb ... 5 Average)."""

SOTC_ASPECT_LINES = 10  # five phases x two aspects (SotC "The Phases")
SOTC_BLANK_STUNT_LINES = 10  # five at creation, room for advancement
SOTC_BLANK_TRACK_BOXES = 10  # the printed SotC sheet shows 10 boxes per track
GENERIC_SKILL_SLOTS = 5
GENERIC_STUNT_LINES = 14  # minus one per ladder rung, so the sheet stays one page
SEVERITY_LABELS = {"mild": "Mild", "moderate": "Moderate", "severe": "Severe", "extra": "Extra"}
ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth")

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
        label: "Health", "Composure", or blank for a generic track to label by hand.
        boxes: How many boxes the character has.
        checked: Which boxes are checked (may be shorter than ``boxes``).
    """

    label: str
    boxes: int
    checked: tuple[bool, ...] = ()


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
    """Personal gadgets and artifacts (SotC "Personal Gadgets")."""

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

SheetKind = Literal["sheet", "worksheet"]


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

    kind: SheetKind
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


class ConflictRow(_Frozen):
    """One participant on the game master's conflict sheet (pure data; issue 6 fills it).

    Attributes:
        name: Who.
        initiative: Initiative value (the renderer prints it with a sign).
        health: Each Health box, checked or not, in order (box N is a hit of N, so which
            boxes are checked matters, not just how many).
        composure: Each Composure box, checked or not, in order.
        consequences: Consequences held, as printed ("Mild: Sprained wrist").
        fate_points: Fate points in hand, or None for characters that have none (minions).
    """

    name: str
    initiative: int = 0
    health: tuple[bool, ...] = Field(default=(), max_length=400)
    composure: tuple[bool, ...] = Field(default=(), max_length=400)
    consequences: tuple[str, ...] = ()
    fate_points: int | None = None


# -- building -----------------------------------------------------------------------------------


class _Catalog(Protocol):
    def stunt(self, name: str) -> Any: ...


def _stunt_summary(system: Any, name: str) -> tuple[str, str]:
    """(summary, skill) of a catalogue stunt, or ("", "") when the system does not know it."""
    catalog: _Catalog | None = getattr(system, "catalog", None)
    if catalog is None:
        return "", ""
    try:
        stunt = catalog.stunt(name)
    except KeyError:
        return "", ""
    return str(getattr(stunt, "summary", "") or ""), str(getattr(stunt, "skill", "") or "")


def _ladder_rows(
    ladder: Ladder, skills: dict[str, int], slots_by_rung: dict[int, int]
) -> tuple[LadderRow, ...]:
    """Rows for every rung that has slots or skills, highest first."""
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


def _phase_tag(number: int) -> str:
    return f"{number}. {PHASE_CHAPTERS[number - 1]}" if number <= len(PHASE_CHAPTERS) else ""


def _consequence_slots(
    held: Sequence[Consequence], physical: int, social: int
) -> tuple[ConsequenceSlot, ...]:
    """Slots in filling order (mild, moderate, extra moderates, severe), held ones filled in.

    SotC "Consequences": first mild, then moderate, then severe; Feel the Burn, Smooth Recovery
    and Still Standing add moderate slots (digest section 6.6, judgment call 13.3).
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
    for consequence in held:
        text = consequence.text
        for i, slot in enumerate(slots):
            if severities[i] == consequence.severity and not slot.text:
                slots[i] = slot.model_copy(update={"text": text, "note": _kind_note(consequence)})
                break
        else:
            slots.append(
                ConsequenceSlot(
                    label=SEVERITY_LABELS.get(consequence.severity, consequence.severity),
                    text=text,
                    note=_kind_note(consequence),
                )
            )
    return tuple(slots)


def _kind_note(consequence: Consequence) -> str:
    return {"physical": "physical", "social": "social", "mental": "mental"}[consequence.kind]


def _sotc_sheet(character: SotcCharacter, system: Any) -> SheetLayout:
    info: SystemInfo = system.info
    derived = system.derive(character)
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
    skills = SkillsBlock(rows=_ladder_rows(info.ladder, dict(character.skills), SOTC_PYRAMID))
    groups = []
    for number, phase in enumerate(character.phases, start=1):
        if phase.aspects:
            groups.append(AspectGroup(label=_phase_tag(number), aspects=phase.aspects))
    aspects = AspectsBlock(groups=tuple(groups))
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
    stunts = StuntsBlock(entries=tuple(entries))
    condition = character.condition
    tracks = TracksBlock(
        tracks=(
            Track(label="Health", boxes=derived.health_boxes, checked=condition.health),
            Track(label="Composure", boxes=derived.composure_boxes, checked=condition.composure),
        )
    )
    consequences = ConsequencesBlock(
        slots=_consequence_slots(
            condition.consequences,
            derived.consequence_slots_physical,
            derived.consequence_slots_social,
        )
    )
    blocks: list[Any] = [header, skills, aspects, stunts, tracks, consequences]
    if character.gadgets:
        kinds = {"personal": "Personal gadget", "artifact": "Personal artifact", "other": "Device"}
        blocks.append(
            GadgetsBlock(
                entries=tuple(
                    GadgetEntry(
                        name=g.name,
                        base=g.base,
                        kind_label=kinds[g.kind],
                        description=g.description,
                        improvements=tuple(
                            FieldLine(label=i.name, value=i.detail) for i in g.improvements
                        ),
                    )
                    for g in character.gadgets
                )
            )
        )
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
        doc_title=_doc_title("Character sheet", character.name),
        author=character.player,
        subject=f"{info.name} character sheet",
    )


def _doc_title(what: str, name: str) -> str:
    return f"{what}: {name}" if name.strip() else what


def _sotc_worksheet(character: SotcCharacter, system: Any) -> SheetLayout:
    info: SystemInfo = system.info
    blocks: list[Any] = [
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
            FieldsBlock(title=PHASE_LABELS[number - 1], fields=_phase_fields(number, phase))
        )
    return SheetLayout(
        kind="worksheet",
        system_name=info.name,
        heading="Character Story Worksheet",
        character_name=character.name,
        blocks=tuple(blocks),
        doc_title=_doc_title("Character story worksheet", character.name),
        author=character.player,
        subject=f"{info.name} character story worksheet",
    )


def _phase_fields(number: int, phase: Any) -> tuple[FieldLine, ...]:
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
    aspects = list(phase.aspects) + [""] * max(0, 2 - len(phase.aspects))
    for i, aspect in enumerate(aspects):
        label = f"{ORDINALS[i]} Aspect" if i < len(ORDINALS) else f"Aspect {i + 1}"
        fields.append(FieldLine(label=label, value=aspect))
    return tuple(fields)


def build_sheet(character: CharacterBase, system: Any, kind: SheetKind = "sheet") -> SheetLayout:
    """The layout of ``character``'s sheet or story worksheet.

    Args:
        character: A character of ``system`` (only SotC characters have sheets so far).
        system: The character's :class:`rules.systems.registry.GameSystem`; its ``derive``
            gives stress boxes, refresh and fate points, its ``catalog`` the stunt summaries.
        kind: "sheet" (SotC "Character Sheet") or "worksheet" (Character Story Worksheet).

    Raises:
        ValueError: for a system without a printable sheet yet.
    """
    if not isinstance(character, SotcCharacter):
        raise ValueError(
            f"printing {character.system} characters is not supported yet; "
            "only Spirit of the Century sheets can be filled in"
        )
    if kind == "worksheet":
        return _sotc_worksheet(character, system)
    return _sotc_sheet(character, system)


def build_blank(info: SystemInfo) -> tuple[SheetLayout, ...]:
    """Blank sheets for hand-filling: SotC's sheet and worksheet, or a generic ladder sheet.

    The generic sheet (systems whose character rules Fatesmith does not implement yet) lists
    the system's own ladder from ``system.json`` and says plainly that it is generic.
    """
    if info.id == "sotc":
        return (_blank_sotc_sheet(info), _blank_sotc_worksheet(info))
    return (_blank_generic(info),)


def _blank_header() -> HeaderBlock:
    return HeaderBlock(
        rows=(
            (FieldLine(label="Name"), FieldLine(label="Refresh Rate")),
            (FieldLine(label="Player"), FieldLine(label="Fate Points")),
        )
    )


def _blank_sotc_sheet(info: SystemInfo) -> SheetLayout:
    blank_aspects = tuple(AspectGroup(label=_phase_tag(n), aspects=("", "")) for n in range(1, 6))
    blocks: tuple[Any, ...] = (
        _blank_header(),
        SkillsBlock(rows=_ladder_rows(info.ladder, {}, SOTC_PYRAMID)),
        AspectsBlock(groups=blank_aspects),
        StuntsBlock(blank_lines=SOTC_BLANK_STUNT_LINES),
        TracksBlock(
            tracks=(
                Track(label="Health", boxes=SOTC_BLANK_TRACK_BOXES),
                Track(label="Composure", boxes=SOTC_BLANK_TRACK_BOXES),
            )
        ),
        ConsequencesBlock(slots=_consequence_slots((), 3, 3)),
    )
    return SheetLayout(
        kind="sheet",
        system_name=info.name,
        heading="Character Sheet",
        blocks=blocks,
        doc_title=f"{info.name}: blank character sheet",
        subject=f"{info.name} blank character sheet",
    )


def _blank_sotc_worksheet(info: SystemInfo) -> SheetLayout:
    from rules.systems.sotc.character import Phase

    blocks: list[Any] = [
        HeaderBlock(
            area="main",
            rows=((FieldLine(label="Character Story Worksheet for"), FieldLine(label="Player")),),
        )
    ]
    for number in range(1, len(PHASE_LABELS) + 1):
        fields = tuple(
            f.model_copy(update={"long": True}) if f.label == "Events" else f
            for f in _phase_fields(number, Phase())
        )
        blocks.append(FieldsBlock(title=PHASE_LABELS[number - 1], fields=fields))
    return SheetLayout(
        kind="worksheet",
        system_name=info.name,
        heading="Character Story Worksheet",
        blocks=tuple(blocks),
        doc_title=f"{info.name}: blank character story worksheet",
        subject=f"{info.name} blank character story worksheet",
    )


def _blank_generic(info: SystemInfo) -> SheetLayout:
    ladder = info.ladder
    # Skills at the default rating need no slot; list every named rung above it.
    rungs = {r.value: GENERIC_SKILL_SLOTS for r in ladder.rungs if r.value > info.default_skill}
    blocks: tuple[Any, ...] = (
        HeaderBlock(
            rows=(
                (FieldLine(label="Name"), FieldLine(label="Fate Points")),
                (FieldLine(label="Player"), FieldLine(label="Refresh")),
            ),
            subtitle=(
                f"Generic sheet: Fatesmith does not implement the {info.name} character rules "
                "yet. Skills are grouped by the rungs of its ladder; unlisted skills are "
                f"{ladder.render(info.default_skill)}. Dice: {info.dice}."
            ),
        ),
        SkillsBlock(rows=_ladder_rows(ladder, {}, rungs)),
        AspectsBlock(groups=tuple(AspectGroup(label="", aspects=("", "")) for _ in range(5))),
        StuntsBlock(
            title="Stunts and extras", blank_lines=max(3, GENERIC_STUNT_LINES - len(rungs))
        ),
        TracksBlock(
            title="Tracks",
            tracks=tuple(Track(label="", boxes=SOTC_BLANK_TRACK_BOXES) for _ in range(3)),
        ),
        ConsequencesBlock(
            title="Consequences and notes", slots=tuple(ConsequenceSlot(label="") for _ in range(4))
        ),
    )
    return SheetLayout(
        kind="sheet",
        system_name=info.name,
        heading="Generic Character Sheet",
        blocks=blocks,
        doc_title=f"{info.name}: blank generic character sheet",
        subject=f"{info.name} blank generic character sheet",
    )


def build_card(character: CharacterBase, system: Any) -> CardLayout:
    """An NPC card: name, concept, skills by rung, aspects, stunts, stress tracks."""
    ladder: Ladder = system.info.ladder
    lines: list[FieldLine] = []
    for row in _ladder_rows(ladder, dict(character.skills), {}):
        lines.append(FieldLine(label=row.label, value=", ".join(row.entries)))
    tracks: tuple[Track, ...] = ()
    subtitle = ""
    if isinstance(character, SotcCharacter):
        subtitle = character.concept
        derived = system.derive(character)
        if character.all_aspects():
            lines.append(FieldLine(label="Aspects", value=" · ".join(character.all_aspects())))
        if character.stunts:
            lines.append(FieldLine(label="Stunts", value=", ".join(character.stunt_names())))
        lines.append(FieldLine(label="Fate Points", value=str(derived.fate_points)))
        held = character.condition.consequences
        if held:
            lines.append(
                FieldLine(
                    label="Consequences",
                    value="; ".join(f"{SEVERITY_LABELS[c.severity]}: {c.text}" for c in held),
                )
            )
        tracks = (
            Track(label="Health", boxes=derived.health_boxes, checked=character.condition.health),
            Track(
                label="Composure",
                boxes=derived.composure_boxes,
                checked=character.condition.composure,
            ),
        )
    return CardLayout(title=character.name, subtitle=subtitle, lines=tuple(lines), tracks=tracks)


def minion_card(name: str, quality: str, count: int, boxes_each: int) -> CardLayout:
    """A minion group's card: one row of boxes per minion (SotC "Minions", digest 6.10)."""
    return CardLayout(
        title=name,
        subtitle=f"{count} × {quality} minion{'s' if count != 1 else ''}",
        tracks=tuple(Track(label=f"#{i + 1}", boxes=boxes_each) for i in range(count)),
    )
