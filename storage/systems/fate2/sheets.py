"""Storage layer (FATE 2.0 plug-in): the Character Sheet, filled in or blank.

The fields are those of the digest's section 13 (shared/rules/fate2.md), in the order of the
book's sample sheets (§2 Sample Creation, Appendix IV): name, player and concept; fate points,
the goal and the phases; the skills by rung, which is the pyramid (§2 Buying Skills), with its
balance after every recorded phase (§2 Looking at the Pyramid); the aspects with their levels
and check boxes (§2 Select Aspects, §4 Using Aspects); the extras ("Other Elements", §5); the
wound track by rows (§8 Table 2); the campaign settings the sheet depends on; the phase history;
notes. The page design is :mod:`storage.pdf.render`'s; this module says what goes where.
"""

from __future__ import annotations

from rules.ladder import Ladder
from rules.systems.fate2.character import Fate2Character, Fate2Extra, Fate2Phase
from rules.systems.fate2.derive import Fate2Derived, WoundBand
from rules.systems.fate2.resolve import Resolved
from rules.systems.fate2.settings import MEDIOCRE, Fate2Settings
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import SystemInfo
from storage.pdf.sheet_layout import (
    Block,
    FieldLine,
    FieldsBlock,
    GadgetEntry,
    GadgetsBlock,
    HeaderBlock,
    SheetLayout,
    SkillsBlock,
    StuntsBlock,
    Track,
    TracksBlock,
    doc_title,
    ladder_rows,
)

EXTRA_KINDS = {
    "intrinsic": "Intrinsic",
    "item": "Personal item",
    "servant": "Servant",
    "minions": "Minions",
    "contact": "Shared: contact",
    "resource": "Shared: resource",
    "other": "Extra",
}
"""How each kind of extra is printed (§5 Intrinsic, Personal and Shared Extras)."""

PHASE_KINDS = {
    "normal": "",
    "absent": "absent (potential)",
    "potential": "potential phase",
    "destiny": "destiny",
    "arc": "story arc",
}

BLANK_PYRAMID: dict[int, int] = {4: 1, 3: 2, 2: 3, 1: 4, 0: 5}
"""Boxes per rung on the blank sheet: one Superb down to five Average (§2 Buying Skills; the book
treats Superb as the practical peak, §3 Assumptions About Difficulties)."""

BLANK_ASPECTS = 7
BLANK_ASPECT_BOXES = 4
BLANK_EXTRA_LINES = 2
BLANK_PHASES = 5
"""Both of the book's sample creations use five phases (§2, Appendix IV)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _skill_label(name: str, value: int, default: int) -> str:
    """A skill as listed on its rung, with its default when it is not Mediocre (§7 Difficult
    Skills)."""
    if default == MEDIOCRE or value >= 0:
        return name
    return f"{name} (default {default:+d})"


def skills_block(c: Fate2Character, ladder: Ladder, resolved: Resolved) -> SkillsBlock:
    """Skills by rung, highest first: Average and up form the pyramid; Mediocre and lower rungs
    follow only for skills listed there."""
    listed = {n: v for n, v in c.skills.items() if n.strip()}
    labels = {_skill_label(n, v, resolved.default_of(n)): v for n, v in listed.items()}
    peak = max(listed.values(), default=0)
    # Every rung from the peak down to Average gets a row, even an empty one (a gap in the
    # pyramid shows as a row without skills).
    rungs = {r: 0 for r in range(max(peak, 0), -1, -1)}
    return SkillsBlock(title="Skills (the pyramid)", rows=ladder_rows(ladder, labels, rungs))


def _balance(d: Fate2Derived, settings: Fate2Settings, ladder: Ladder) -> FieldsBlock:
    """The pyramid's shape by rung and its balance after each recorded phase."""
    shape = "pyramid" if settings.skill_shape == "pyramid" else "column"
    counts = " · ".join(f"{ladder.adjective(r)} {len(names)}" for r, names in d.pyramid.items())
    fields = [
        FieldLine(
            label=f"Skill {shape}, rung by rung",
            value=(counts or "no skills yet")
            + (" — balanced" if d.pyramid_ok else " — does not balance"),
        )
    ]
    if d.pyramid_ok_by_phase:
        marks = ", ".join(
            f"{n} {'ok' if ok else 'BREAKS'}" for n, ok in enumerate(d.pyramid_ok_by_phase, 1)
        )
        fields.append(FieldLine(label="Balanced after each phase", value=marks))
    ranks = [f"{_plural(d.ranks_spent, 'rank')} on skills"]
    if d.ranks_on_extras:
        ranks.append(f"{_plural(d.ranks_on_extras, 'rank')} on extras")
    if d.ranks_total is not None:
        ranks.insert(0, f"{_plural(d.ranks_total, 'rank')} from the phases")
        ranks.append(f"{d.ranks_unspent} unspent")
    fields.append(FieldLine(label="Ranks", value=", ".join(ranks)))
    note = (
        "Each rung needs more skills than the rung above (§2 Buying Skills)."
        if shape == "pyramid"
        else "Each rung needs at least as many skills as the rung above (§7 Skill Column)."
    )
    return FieldsBlock(title="Pyramid", area="main", fields=tuple(fields), note=note)


def aspects_block(c: Fate2Character, ladder: Ladder) -> TracksBlock:
    """Each aspect with its level on the ladder and one check box per level (§4)."""
    tracks = []
    for a in c.aspects:
        if not a.name.strip():
            continue
        rung = ladder.render(-a.level if a.negative else a.level)
        tracks.append(
            Track(
                label=f"{a.name} — {rung}" + (" (negative)" if a.negative else ""),
                boxes=a.level,
                checked=(True,) * min(a.checked, a.level),
            )
        )
    return TracksBlock(title="Aspects", area="main", tracks=tuple(tracks))


def goal_block(goal: str) -> FieldsBlock:
    """The goal: the next aspect the character is after (§2 Select Character Goal)."""
    return FieldsBlock(title="Goal", area="main", fields=(FieldLine(label="", value=goal),))


def _extra_entry(e: Fate2Extra, c: Fate2Character, counted: bool) -> GadgetEntry:
    kind = f"{EXTRA_KINDS[e.kind]} · {_plural(e.ranks, 'rank')}"
    if counted:
        kind += " · in the pyramid"
    lines = [FieldLine(label=a) for a in e.aspects if a.strip()]
    if e.kind == "minions":
        control = c.aspect(e.controlling_aspect) if e.controlling_aspect else None
        if control is not None:
            per_scene = e.ranks * control.level
            lines.append(
                FieldLine(
                    label=f"Under {control.name} {control.level}",
                    value=f"{per_scene} a scene (ranks x level, §5 Minions)",
                )
            )
        else:
            lines.append(FieldLine(label="No controlling aspect", value="none come (§5 Minions)"))
    return GadgetEntry(name=e.name, kind_label=kind, description=e.notes, improvements=tuple(lines))


def extras_block(c: Fate2Character, resolved: Resolved) -> GadgetsBlock:
    """The extras bought with ranks, with the aspects they gave ("Other Elements", §5)."""
    return GadgetsBlock(
        title="Extras",
        entries=tuple(
            _extra_entry(e, c, resolved.extra_in_pyramid(c, e.name))
            for e in c.extras
            if e.name.strip() or e.ranks
        ),
    )


def _band_label(band: WoundBand) -> str:
    """ "Hurt (2-4)": the row and the margins that land on it."""
    if band.mos_max is None:
        return f"{band.outcome} ({band.mos_min}+)"
    if band.mos_max == band.mos_min:
        return f"{band.outcome} ({band.mos_min})"
    return f"{band.outcome} ({band.mos_min}-{band.mos_max})"


WOUND_NOTE = (
    "Mark a box of the result's row; a full row passes it down to the next. Clipped: -1 to "
    "the next action (no more for several). Hurt: -1 this scene. Injured: -1 a box until "
    "healed (a week, a day less per MoS of Medicine against Fair). Taken Out: out, not dead."
)


def wound_block(
    bands: tuple[WoundBand, ...], injured: int = 0, overflow: bool = True
) -> TracksBlock:
    """The wound track's rows with the margins that land on them (§8 Table 1, Table 2); the
    Injured boxes the character still carries are crossed."""
    tracks = []
    for band in bands:
        if band.outcome == "Scratched":
            continue
        checked = (True,) * min(injured, band.boxes) if band.outcome == "Injured" else ()
        tracks.append(Track(label=_band_label(band), boxes=band.boxes, checked=checked))
    title = "Wound track" + ("" if overflow else " (no overflow)")
    return TracksBlock(title=title, area="side", tracks=tuple(tracks))


def wound_effects(overflow: bool = True) -> FieldsBlock:
    """What the wound track's rows do, in a few words (§8 Injuries and Advantages)."""
    note = (
        WOUND_NOTE
        if overflow
        else WOUND_NOTE.replace("a full row passes it down to the next", "a full row takes no more")
    )
    return FieldsBlock(title="Wounds", area="side", fields=(), note=note)


def campaign_block(s: Fate2Settings, derived: Fate2Derived | None = None) -> FieldsBlock:
    """The campaign settings this sheet depends on (digest section 13), in a few words."""
    b = s.wound_boxes
    options = [
        f"{s.phases} phases of {s.ranks_per_phase} ranks",
        f"aspect cap {s.cap()}",
        f"wound boxes {b.clipped}/{b.hurt}/{b.injured}",
    ]
    if s.skill_shape == "column":
        options.append("skill column")
    if s.plot_aspects:
        options.append(f"plot bonus +{s.plot_bonus}")
    if s.free_aspects:
        options.append(f"{s.free_aspects} free aspects")
    for flag, name in (
        (s.potential, "potential"),
        (s.destiny, "destiny"),
        (s.difficult_skills, "difficult skills"),
        (s.extras_in_pyramid, "extras in the pyramid"),
    ):
        if flag:
            options.append(name)
    fields = [FieldLine(label="", value=", ".join(options))]
    if derived is not None and derived.potential_left:
        fields.append(FieldLine(label="Potential left", value=str(derived.potential_left)))
    return FieldsBlock(title="Campaign", area="side", fields=tuple(fields))


def _phase_text(phase: Fate2Phase, ladder: Ladder) -> str:
    parts = []
    if phase.events.strip():
        parts.append(phase.events.strip())
    if phase.aspects:
        parts.append("Aspect: " + ", ".join(phase.aspects) + ".")
    if phase.ranks:
        bought = ", ".join(f"{name} +{n}" for name, n in phase.ranks.items() if n)
        parts.append(f"Skills: {bought}.")
    if phase.extras:
        parts.append("Extras: " + ", ".join(f"{n} +{r}" for n, r in phase.extras.items()) + ".")
    if phase.renames:
        renamed = ", ".join(f"{a} → {b}" for a, b in phase.renames.items())
        parts.append(f"Renamed: {renamed}.")
    return "\n".join(parts)


def history_block(c: Fate2Character, ladder: Ladder) -> FieldsBlock:
    """The phases in order: what happened, the aspect taken, the ranks bought (§2 Phases)."""
    fields = []
    for n, phase in enumerate(c.phases, start=1):
        tags = [t for t in (PHASE_KINDS[phase.kind], "plot" if phase.plot else "") if t]
        label = f"Phase {n}" + (f" ({', '.join(tags)})" if tags else "")
        fields.append(FieldLine(label=label, value=_phase_text(phase, ladder), long=True))
    return FieldsBlock(title="Phase history", area="main", fields=tuple(fields))


def character_sheet(
    character: Fate2Character, system: Fate2System, settings: Fate2Settings | None = None
) -> SheetLayout:
    """The Character Sheet of ``character`` with the values ``system.derive`` gives.

    Args:
        character: The character to print.
        system: FATE 2.0 (its ladder and skill list).
        settings: The campaign's settings (None: the book's, with its sample skill list).
    """
    info = system.info
    s = settings if settings is not None else system.default_settings()
    resolved = system.resolve(s).for_character(character)
    d = system.derive(character, s)
    fate = str(d.fate_points)
    if d.fate_points != d.starting_fate_points:
        fate += f" (of {d.starting_fate_points})"
    header = HeaderBlock(
        rows=(
            (
                FieldLine(label="Name", value=character.name),
                FieldLine(label="Fate Points", value=fate),
            ),
            (
                FieldLine(label="Player", value=character.player),
                FieldLine(label="Aspect levels", value=str(d.aspect_levels)),
            ),
        ),
        subtitle=character.concept,
    )
    blocks: list[Block] = [
        header,
        skills_block(character, info.ladder, resolved),
        aspects_block(character, info.ladder),
        goal_block(character.goal),
        _balance(d, s, info.ladder),
    ]
    if character.free_aspects:
        blocks.append(
            FieldsBlock(
                title="Free aspects",
                area="main",
                fields=(FieldLine(label="", value=", ".join(character.free_aspects)),),
            )
        )
    notes = [a for a in character.aspects if a.notes.strip()]
    if notes:
        blocks.append(
            FieldsBlock(
                title="Invoking the aspects",
                area="main",
                fields=tuple(FieldLine(label=a.name, value=a.notes, long=True) for a in notes),
            )
        )
    blocks.append(wound_block(d.wound_track, character.injured, s.wound_overflow))
    blocks.append(wound_effects(s.wound_overflow))
    blocks.append(campaign_block(s, d))
    if character.extras:
        blocks.append(extras_block(character, resolved))
    if character.phases:
        blocks.append(history_block(character, info.ladder))
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


def blank_sheet(info: SystemInfo, bands: tuple[WoundBand, ...]) -> SheetLayout:
    """The Character Sheet for hand-filling on one page: a pyramid of boxes from Superb down,
    aspect lines with check boxes, the goal, extras, and the book's wound track."""
    blocks: tuple[Block, ...] = (
        HeaderBlock(
            rows=(
                (FieldLine(label="Name"), FieldLine(label="Fate Points")),
                (FieldLine(label="Player"), FieldLine(label="Aspect levels")),
            ),
            subtitle=(
                "Skills not written in are Mediocre (-1). Dice: 4dF. Each phase: an aspect "
                "level and 4 ranks; a skill costs its value + 1 ranks; the pyramid balances "
                "after every phase."
            ),
        ),
        SkillsBlock(title="Skills (the pyramid)", rows=ladder_rows(info.ladder, {}, BLANK_PYRAMID)),
        TracksBlock(
            title="Aspects",
            area="main",
            tracks=tuple(Track(label="", boxes=BLANK_ASPECT_BOXES) for _ in range(BLANK_ASPECTS)),
        ),
        goal_block(""),
        StuntsBlock(title="Extras", blank_lines=BLANK_EXTRA_LINES),
        wound_block(bands),
        wound_effects(),
        FieldsBlock(
            title="Campaign", area="side", fields=(FieldLine(label="Phases, cap, options"),)
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


def blank_phases(info: SystemInfo) -> SheetLayout:
    """The phase worksheet for hand-filling (§2 Phases, §2 Looking at the Pyramid): for each
    phase what happened, the aspect taken, and a tick beside each skill for each rank bought."""
    blocks = tuple(
        FieldsBlock(
            title=f"Phase {n}",
            fields=(
                FieldLine(label="What happened, and the aspect taken"),
                FieldLine(label=""),
                FieldLine(label="Ranks bought (one tick each)"),
            ),
        )
        for n in range(1, BLANK_PHASES + 1)
    )
    return SheetLayout(
        kind="worksheet",
        system_name=info.name,
        heading="Phase Worksheet",
        blocks=blocks,
        doc_title=f"{info.name}: blank phase worksheet",
        subject=f"{info.name} blank phase worksheet",
    )


def phase_worksheet(character: Fate2Character, info: SystemInfo) -> SheetLayout:
    """The phase worksheet filled in from ``character``'s phase history: for each phase what
    happened, the aspects taken and the ranks bought (§2 Phases); a character without a
    history gets the blank phases to write in."""
    header = HeaderBlock(
        area="main",
        rows=(
            (
                FieldLine(label="Phase Worksheet for", value=character.name),
                FieldLine(label="Player", value=character.player),
            ),
        ),
    )
    blocks: list[Block] = [header]
    for n, phase in enumerate(character.phases, start=1):
        tags = [t for t in (PHASE_KINDS[phase.kind], "plot" if phase.plot else "") if t]
        bought = [f"{name} +{r}" for name, r in phase.ranks.items() if r]
        bought += [f"{name} +{r} (extra)" for name, r in phase.extras.items() if r]
        fields = [
            FieldLine(label="What happened", value=phase.events, long=True),
            FieldLine(label="Aspects taken", value=", ".join(phase.aspects)),
            FieldLine(label="Ranks bought", value=", ".join(bought)),
        ]
        if phase.renames:
            renamed = ", ".join(f"{a} \u2192 {b}" for a, b in phase.renames.items())
            fields.append(FieldLine(label="Renamed", value=renamed))
        title = f"Phase {n}" + (f" ({', '.join(tags)})" if tags else "")
        blocks.append(FieldsBlock(title=title, fields=tuple(fields)))
    if not character.phases:
        blocks += blank_phases(info).blocks
    return SheetLayout(
        kind="worksheet",
        system_name=info.name,
        heading="Phase Worksheet",
        character_name=character.name,
        blocks=tuple(blocks),
        doc_title=doc_title("Phase worksheet", character.name),
        author=character.player,
        subject=f"{info.name} phase worksheet",
    )
