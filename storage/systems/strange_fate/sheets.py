"""Storage layer (Strange Fate plug-in): the Character Sheet, filled in or blank.

What goes where follows «Character Creation» (L331-L502): name, era, Archetype and Social Class
with Refresh and Fate Points on top, then the skills on the ladder with their Power Tiers; in
the wide column the aspects of each kind, every designed skill with its trappings, Extras,
Drawbacks and the walk's price, the Common skills with their trappings, the Gifts, the
equipment and companions and the Five Questions; in the narrow one Refresh as the era gives it
and as tiers, Gifts and Invulnerabilities spend it, the three stress tracks and the consequences
by severity and scope («Refine Details», L496-L502). The page design is
:mod:`storage.pdf.render`'s; this module only says what goes where.
"""

from __future__ import annotations

from rules.systems.registry import SystemInfo
from rules.systems.strange_fate.book import SkillPrice
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.character import AspectKind, StrangeFateCharacter
from rules.systems.strange_fate.conflict_state import SEVERITIES, StrangeFateCondition
from rules.systems.strange_fate.derive import (
    SCOPE_OF_TRACK,
    TRACKS,
    StrangeFateDerived,
    skill_trappings,
)
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.systems.strange_fate.system import StrangeFateSystem
from rules.systems.strange_fate.tiers import rating_label
from storage.pdf.sheet_layout import (
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

ASPECT_KINDS: tuple[tuple[AspectKind, str], ...] = (
    ("archetype", "Archetype"),
    ("social-class", "Social Class"),
    ("conviction", "Conviction"),
    ("free", "Free"),
    ("complication", "Complication"),
)
"""The personal aspects in the order «Types of Aspects» (L516-L535) gives them."""
QUESTIONS: tuple[tuple[str, str], ...] = (
    ("humble_beginnings", "Humble Beginnings"),
    ("follies_of_youth", "Follies of Youth"),
    ("first_awakenings", "First Awakenings"),
    ("mysterious_origins", "Mysterious Origins"),
    ("great_failing", "Great Failing"),
)
"""«The Five Questions» (L348-L362)."""
ABSORBS = {"trifling": 2, "middling": 4, "grievous": 6}
"""Stress each consequence absorbs (L4211-L4216); the sheet prints it beside the slot."""
SKILL_SLOTS: dict[int, int] = {5: 1, 4: 2, 3: 3, 2: 4, 1: 5}
"""Rows for hand-filling on the blank sheet (30 points fill a column about this deep)."""
BLANK_TRACK_BOXES = 9  # three boxes, +3 at most from Stress Capacity, +3 from Rugged gear
BLANK_DESIGNED = 3
BLANK_GIFT_LINES = 5


def _tiered(name: str, character: StrangeFateCharacter) -> str:
    tier = character.tier_of(name)
    return name if tier == "Mundane" else f"{name} ({tier[0]})"


def _trapping_extras(use: TrappingUse) -> str:
    parts = []
    for e in use.extras:
        count = f" ×{e.count}" if e.count > 1 else ""
        note = f": {e.note}" if e.note else ""
        parts.append(f"+ {e.extra}{count}{note}")
    return " ".join(parts)


def _designed_entry(
    system: StrangeFateSystem, character: StrangeFateCharacter, price: SkillPrice
) -> GadgetEntry:
    """One Unique or Strange skill: kind, tier and rating; theme; each trapping with its price
    from the cheapest walk (box and lines) and its Extras; the Drawbacks; the total."""
    design = character.designed[price.name]
    kind = "Strange skill" if design.kind == "strange" else "Unique skill"
    rating = rating_label(price.rating, price.tier)
    steps = {s.trapping: s for s in price.walk.steps} if price.walk else {}
    lines: list[FieldLine] = []
    for use in design.trappings:
        step = steps.get(use.label)
        if step is None:
            cost = "free" if price.walk is not None else "not priced"
        else:
            crossed = ", ".join(f"{c.a}\u2013{c.b} {c.style}" for c in step.lines)
            cost = f"{step.points} pt" + ("" if step.points == 1 else "s")
            if step.lines:
                cost += f" (box {step.box}; lines {step.line_points}: {crossed})"
                if step.capped:
                    cost += ", capped"
            elif step.box == 0:
                cost = "free"
        copies = f" ×{use.count}" if use.count > 1 else ""
        extras = _trapping_extras(use)
        value = cost + (f"; {extras}" if extras else "")
        lines.append(FieldLine(label=f"{use.label}{copies}", value=value))
    for d in design.drawbacks:
        what = f"{d.drawback} ({d.severity})"
        label = f"\u201c{d.label}\u201d" if d.label else ""
        lines.append(FieldLine(label=f"Drawback: {what}", value=label))
    if price.problem:
        total = f"not priced: {price.problem}; counted at its rating, {price.skill_points}"
    else:
        total = f"rating {price.rating} + trappings {price.trapping_points}"
        if price.extra_points:
            total += f" + Extras {price.extra_points}"
        if price.drawback_points:
            total += f" \u2212 Drawbacks {price.drawback_points}"
        total += f" = {price.skill_points} skill points"
        if price.printed is not None and design.sample:
            total += f" (the book prints {price.printed} for {design.sample})"
    lines.append(FieldLine(label="Cost", value=total))
    lines += _benefit_lines(system, character, price)
    base = f"{kind} · {rating}"
    if design.invention:
        base += " · invention"
    return GadgetEntry(
        name=price.name, kind_label=base, description=design.theme, improvements=tuple(lines)
    )


def _benefit_lines(
    system: StrangeFateSystem, character: StrangeFateCharacter, price: SkillPrice
) -> list[FieldLine]:
    """The Tier Benefits chosen for the skill, each with what it gives at the skill's tier
    («Tier Benefits»: chosen with the tier, one per point of rating; none at Mundane)."""
    if price.tier == "Mundane":
        return []
    out = []
    for trapping in character.tier_benefits.get(price.name, ()):
        benefit = system.book.benefits.of(trapping)
        level = benefit.at(price.tier) if benefit is not None else None
        out.append(
            FieldLine(label=f"Tier Benefit: {trapping}", value=level.summary if level else "")
        )
    return out


def _common_entries(
    system: StrangeFateSystem, character: StrangeFateCharacter, derived: StrangeFateDerived
) -> tuple[StuntEntry, ...]:
    out = []
    for price in derived.skills:
        if price.name in character.designed:
            continue
        uses = skill_trappings(system.book, character, price.name)
        trappings = ", ".join(
            u.label + (f" {_trapping_extras(u)}" if u.extras else "") for u in uses
        )
        cost = f"{price.skill_points} skill point" + ("" if price.skill_points == 1 else "s")
        drawbacks = character.common_drawbacks.get(price.name, ())
        if drawbacks:
            cost += "; Drawbacks: " + ", ".join(f"{d.drawback} ({d.severity})" for d in drawbacks)
        benefits = character.tier_benefits.get(price.name, ())
        if benefits and price.tier != "Mundane":
            cost += "; Tier Benefits: " + ", ".join(benefits)
        out.append(
            StuntEntry(
                name=price.name,
                skill=rating_label(price.rating, price.tier),
                text=f"{trappings or '(not a Common skill of the book)'} \u00b7 {cost}",
            )
        )
    return tuple(out)


def _aspects(character: StrangeFateCharacter) -> AspectsBlock:
    groups = []
    for kind, label in ASPECT_KINDS:
        texts = []
        for a in character.aspects:
            if a.kind != kind or not a.text.strip():
                continue
            texts.append(f"{a.text} ({a.skill})" if a.skill else a.text)
        if texts or kind in ("archetype", "social-class", "conviction"):
            groups.append(AspectGroup(label=label, aspects=tuple(texts) or ("",)))
    return AspectsBlock(groups=tuple(groups))


def _gifts(system: StrangeFateSystem, character: StrangeFateCharacter) -> StuntsBlock:
    entries = []
    free = system.book.creation.gift_refresh.free
    for i, gift in enumerate(character.gifts):
        try:
            summary = system.book.creation.gift(gift.name).summary
        except KeyError:
            summary = ""
        detail = " · ".join(
            x
            for x in (
                gift.target,
                gift.skill,
                gift.aspect,
                ", ".join(f"{t.skill}: {t.benefit}" for t in gift.theme if t.skill),
                gift.note,
            )
            if x
        )
        cost = "free" if i < free else "1 Refresh"
        entries.append(StuntEntry(name=gift.name, skill=cost, detail=detail, text=summary))
    return StuntsBlock(title="Gifts", entries=tuple(entries))


def _refresh(character: StrangeFateCharacter, derived: StrangeFateDerived) -> FieldsBlock:
    """Refresh as the era gives it and as tiers, Gifts and Invulnerabilities spend it
    («Power Tier and Refresh», L1394-L1423), in two or three compact lines."""
    if derived.refresh_start is None:
        sums = "no era chosen yet"
    else:
        sums = f"{(derived.era or '').title()} Century {derived.refresh_start}"
        for label, n, sign in (
            ("Power Tiers", derived.refresh_tiers, "\u2212"),
            ("Gifts", derived.refresh_gifts, "\u2212"),
            ("Invulnerabilities", derived.refresh_invulnerabilities, "\u2212"),
            ("Weaknesses", derived.refresh_weaknesses, "+"),
        ):
            if n:
                sums += f" {sign} {label} {n}"
        sums += f" = {derived.refresh}"
    fields = [FieldLine(label="Adjusted Refresh", value=sums)]
    if character.invulnerabilities:
        fields.append(
            FieldLine(
                label="Invulnerable to",
                value="; ".join(
                    f"{i.category or '?'} ({i.severity}, {i.breadth}"
                    + (f", {i.scope}" if i.scope else "")
                    + ")"
                    for i in character.invulnerabilities
                ),
            )
        )
    if character.weaknesses:
        fields.append(
            FieldLine(
                label="Weak to",
                value="; ".join(
                    f"{w.category or '?'} ({w.severity})" for w in character.weaknesses
                ),
            )
        )
    return FieldsBlock(title="Refresh", area="side", fields=tuple(fields))


def _tracks(derived: StrangeFateDerived, condition: StrangeFateCondition) -> TracksBlock:
    tracks = []
    for name in TRACKS:
        armor = derived.armor.get(name, 0)
        label = f"{name} ({SCOPE_OF_TRACK[name]})" + (f" · Armor {armor}" if armor else "")
        tracks.append(Track(label=label, boxes=derived.stress[name], checked=condition.track(name)))
    return TracksBlock(title="Stress", tracks=tuple(tracks))


def consequence_slots(
    derived: StrangeFateDerived | None, condition: StrangeFateCondition
) -> tuple[ConsequenceSlot, ...]:
    """One Trifling, one Middling and one Grievous slot in any scope, then the scope-locked
    slots of Tier Benefits and equipment (L502, L2512-L2516, L3702), held ones filled in."""
    base: list[tuple[str, str | None, str]] = [(s, None, "any scope") for s in SEVERITIES]
    if derived is not None:
        base += [
            (e.severity, e.scope.casefold(), f"{e.scope} only ({e.source})")
            for e in derived.extra_consequences
        ]
    slots = [
        ConsequenceSlot(label=sev.title(), note=f"absorbs {ABSORBS[sev]}, {note}")
        for sev, _, note in base
    ]
    for held in condition.consequences:
        if held.group:
            continue
        for i, (sev, scope, _) in enumerate(base):
            if sev == held.severity and scope in (None, held.scope) and not slots[i].text:
                slots[i] = slots[i].model_copy(
                    update={"text": held.text, "note": f"{slots[i].note}; {held.scope}"}
                )
                break
        else:
            slots.append(
                ConsequenceSlot(
                    label=held.severity.title(),
                    text=held.text,
                    note=f"absorbs {ABSORBS[held.severity]}, {held.scope}",
                )
            )
    return tuple(slots)


def _belongings(character: StrangeFateCharacter) -> GadgetsBlock | None:
    entries = []
    for item in character.equipment:
        entries.append(
            GadgetEntry(
                name=item.name,
                kind_label="Equipment" + (", protective" if item.protective else ""),
                description=item.description,
                improvements=tuple(
                    FieldLine(
                        label=i.name,
                        value=" · ".join(
                            x for x in (i.track or "", i.skill, i.tier or "", i.note) if x
                        ),
                    )
                    for i in item.improvements
                ),
            )
        )
    for comp in character.companions:
        skills = ", ".join(f"{n} {v:+d}" for n, v in comp.skills.items())
        improvements = [FieldLine(label=i.name, value=i.note or i.skill) for i in comp.improvements]
        if skills:
            improvements.append(FieldLine(label="Skills", value=skills))
        if comp.aspects:
            improvements.append(FieldLine(label="Aspects", value=", ".join(comp.aspects)))
        entries.append(
            GadgetEntry(
                name=comp.name,
                kind_label="Companion",
                description=comp.description,
                improvements=tuple(improvements),
            )
        )
    if not entries:
        return None
    return GadgetsBlock(title="Equipment and Companions", area="main", entries=tuple(entries))


def character_sheet(
    character: StrangeFateCharacter,
    system: StrangeFateSystem,
    settings: StrangeFateSettings | None = None,
) -> SheetLayout:
    """The Character Sheet of ``character``, with the values ``system.derive`` gives.

    Args:
        character: The character to print.
        system: Strange Fate, bound to the diagram that prices the designed skills.
        settings: The campaign's settings (None: the book's).
    """
    info: SystemInfo = system.info
    derived = system.derive(character, settings)
    refresh = "" if derived.refresh is None else str(derived.refresh)
    fate = "" if derived.fate_points is None else str(derived.fate_points)
    era = f"{derived.era.title()} Century" if derived.era else "no era chosen"
    who = " · ".join(x for x in (character.archetype, character.social_class) if x)
    header = HeaderBlock(
        rows=(
            (
                FieldLine(label="Name", value=character.name),
                FieldLine(label="Refresh", value=refresh),
            ),
            (
                FieldLine(label="Player", value=character.player),
                FieldLine(label="Fate Points", value=fate),
            ),
        ),
        subtitle=(
            (f"{who}. " if who else "") + f"{era}; Power Tier {derived.power_tier}. Skill points: "
            f"{derived.skill_points_spent} of {derived.skill_points_total} spent. Tiers: "
            "(E) Extraordinary, (S) Superhuman, (A) Ascendant, (G) Godlike; no mark: Mundane."
        ),
    )
    shown = {_tiered(n, character): v for n, v in character.skills.items()}
    blocks: list[Block] = [
        header,
        SkillsBlock(rows=ladder_rows(info.ladder, shown, {})),
        _aspects(character),
    ]
    designed = [p for p in derived.skills if p.name in character.designed]
    if designed:
        blocks.append(
            GadgetsBlock(
                title="Unique and Strange skills",
                area="main",
                entries=tuple(_designed_entry(system, character, p) for p in designed),
            )
        )
    common = _common_entries(system, character, derived)
    if common:
        blocks.append(StuntsBlock(title="Common skills", entries=common))
    blocks.append(_gifts(system, character))
    blocks += [
        _refresh(character, derived),
        _tracks(derived, character.condition),
        ConsequencesBlock(slots=consequence_slots(derived, character.condition)),
    ]
    belongings = _belongings(character)
    if belongings is not None:
        blocks.append(belongings)
    answers = [
        FieldLine(label=label, value=getattr(character.answers, key), long=True)
        for key, label in QUESTIONS
        if getattr(character.answers, key).strip()
    ]
    if answers:
        blocks.append(FieldsBlock(title="The Five Questions", area="main", fields=tuple(answers)))
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
    """The Character Sheet for hand-filling: ladder rows, aspects of each kind, three designed
    skills to write out, Gifts, Refresh, nine boxes per track and the consequence slots."""
    aspects = AspectsBlock(
        groups=(
            AspectGroup(label="Archetype", aspects=("",)),
            AspectGroup(label="Social Class", aspects=("",)),
            AspectGroup(label="Conviction", aspects=("",)),
            AspectGroup(label="Free", aspects=("",)),
            *(AspectGroup(label="", aspects=("",)) for _ in range(4)),
        )
    )
    designed = FieldsBlock(
        title="Unique and Strange skills",
        area="main",
        note="For each: name, kind and tier; its trappings with Extras; its Drawbacks; "
        "rating + trapping points + Extras \u2212 Drawbacks = skill points.",
        fields=tuple(
            f
            for n in range(1, BLANK_DESIGNED + 1)
            for f in (
                FieldLine(label=f"Skill {n}: name, kind, tier, rating"),
                FieldLine(label="Trappings, Extras, Drawbacks and cost", long=True),
            )
        ),
    )
    blocks: tuple[Block, ...] = (
        HeaderBlock(
            rows=(
                (FieldLine(label="Name"), FieldLine(label="Refresh")),
                (FieldLine(label="Player"), FieldLine(label="Fate Points")),
                (FieldLine(label="Archetype, Social Class, Era"), FieldLine(label="Power Tier")),
            ),
            subtitle="Skill points: ____ of ____ spent. Mark each skill's Power Tier: "
            "(E) Extraordinary, (S) Superhuman, (A) Ascendant, (G) Godlike.",
        ),
        SkillsBlock(rows=ladder_rows(info.ladder, {}, SKILL_SLOTS)),
        aspects,
        designed,
        StuntsBlock(title="Gifts", blank_lines=BLANK_GIFT_LINES),
        FieldsBlock(
            title="Refresh",
            area="main",
            fields=tuple(
                FieldLine(label=label)
                for label in (
                    "Era Refresh",
                    "Power Tiers",
                    "Gifts after the first",
                    "Invulnerabilities and Weaknesses",
                    "Adjusted Refresh",
                )
            ),
        ),
        TracksBlock(
            title="Stress",
            tracks=tuple(
                Track(label=f"{name} ({SCOPE_OF_TRACK[name]})", boxes=BLANK_TRACK_BOXES)
                for name in TRACKS
            ),
        ),
        ConsequencesBlock(
            slots=(
                *consequence_slots(None, StrangeFateCondition()),
                *(ConsequenceSlot(label="Extra", note="scope, source") for _ in range(2)),
            )
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
