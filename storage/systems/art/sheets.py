"""Storage layer (ART Engine plug-in): the adventurer's character sheet, filled in or blank.

The book prints no character sheet (the official one is a separate document; digest
shared/rules/art-engine.md section 13 and A2), so the fields follow the order of Chapter 2
"Creating an Adventurer": name and player with Fame, Glory, Fortune and experience; the ten
attributes; skills by rating; the Health boxes with their wound levels; perks; armor, shield,
weapons and other gear with their numbers; treasures and trophies; goals and motivation. The
page design is :mod:`storage.pdf.render`'s; this module only says what goes where, with the
values :meth:`rules.systems.art.system.ArtSystem.derive` gives.
"""

from __future__ import annotations

from rules.systems.art.catalog import ATTRIBUTE_NAMES, ATTRIBUTES
from rules.systems.art.character import ArtCharacter, GearItem, Slot, Weapon
from rules.systems.art.derived import ArtDerived, WeaponLine
from rules.systems.art.scale import Fortune
from rules.systems.art.settings import ArtSettings
from rules.systems.art.system import ArtSystem
from rules.systems.registry import SystemInfo
from storage.pdf.sheet_layout import (
    Block,
    FieldLine,
    FieldsBlock,
    GadgetEntry,
    GadgetsBlock,
    HeaderBlock,
    LadderRow,
    SheetLayout,
    SkillsBlock,
    StuntEntry,
    StuntsBlock,
    Track,
    TracksBlock,
    doc_title,
)

SKILL_MAX = 8
"""Skills are rated +1 to +8 (ART Engine, Chapter 6 "Skills")."""
BLANK_SKILL_SLOTS = 10
BLANK_PERK_LINES = 5
BLANK_GEAR_LINES = 0
BLANK_TREASURE_LINES = 3
SIDE_PERKS = 6
"""Up to this many perks print in the narrow column, more in the wide one."""
HEALTH_BOXES = 4
"""Every Health rank has four boxes ("Health"; Chapter 6 "Increasing Health")."""
SLOT_NAMES: dict[Slot, str] = {"ready": "ready", "at_hand": "at hand", "stowed": "stowed"}


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _header(character: ArtCharacter, derived: ArtDerived) -> HeaderBlock:
    fame = str(derived.fame)
    if character.fame_spent:
        fame += f" ({derived.fame_available} left)"
    glory = f"{derived.glory} / {derived.glory_for_next_fame}"
    defense = _number(derived.defense)
    if derived.defense_with_shield is not None:
        defense += f"; with shield {derived.defense_with_shield}"
    return HeaderBlock(
        rows=(
            (
                FieldLine(label="Name", value=character.name),
                FieldLine(label="Fame", value=fame),
            ),
            (
                FieldLine(label="Player", value=character.player),
                FieldLine(label="Glory (next Fame at)", value=glory),
            ),
            (
                FieldLine(label="Fortune", value=derived.fortune_name),
                FieldLine(label="Experience (unspent)", value=_number(derived.xp_remaining)),
            ),
            (
                FieldLine(label="Defense", value=defense),
                FieldLine(label="Health rank", value=_number(derived.health_rank)),
            ),
        ),
    )


def _attributes(character: ArtCharacter) -> SkillsBlock:
    """The ten attributes as a grid of scores, inspiration points beside them."""
    cells = []
    for key in ATTRIBUTES:
        score = character.attributes.get(key)  # type: ignore[call-overload]
        text = f"{ATTRIBUTE_NAMES[key]} {_number(score)}".rstrip()
        points = character.attribute_inspiration.get(key, 0)  # type: ignore[call-overload]
        cells.append(f"{text} ({points} ip)" if points else text)
    method = f"{character.attribute_method} method" if character.attribute_method else ""
    return SkillsBlock(
        title="Attributes",
        rows=(LadderRow(label=method, value=0, entries=tuple(cells), slots=len(cells)),),
    )


def _skills(character: ArtCharacter) -> SkillsBlock:
    """Skills by rating, +8 down to +1; a skill's inspiration points follow its name.

    A rating outside the book's range (a rule-breaking file) gets a row of its own in order, so
    that no skill is left off the sheet.
    """
    rows = []
    ratings = set(range(SKILL_MAX, 0, -1)) | set(character.skills.values())
    for rating in sorted(ratings, reverse=True):
        names = sorted((n for n, r in character.skills.items() if r == rating), key=str.casefold)
        entries = tuple(
            f"{n} ({character.skill_inspiration[n]} ip)"
            if character.skill_inspiration.get(n)
            else n
            for n in names
        )
        if entries:
            rows.append(LadderRow(label=f"{rating:+d}", value=rating, entries=entries,
                                  slots=len(entries)))  # fmt: skip
    return SkillsBlock(rows=tuple(rows))


def _health(derived: ArtDerived) -> TracksBlock:
    """The four Health boxes, numbered, with the wound level each holds ("Health",
    "Recording Damage")."""
    levels = " · ".join(f"{i} {box.level}" for i, box in enumerate(derived.health, start=1))
    state = " (defeated)" if derived.defeated else ""
    return TracksBlock(
        title=f"Health{state}",
        tracks=(
            Track(
                label=levels,
                boxes=len(derived.health) or HEALTH_BOXES,
                checked=tuple(box.checked for box in derived.health),
            ),
        ),
    )


def _perks(character: ArtCharacter, system: ArtSystem) -> StuntsBlock:
    entries = []
    for take in character.perks:
        known = system.catalog.perk(take.name)
        ranked = known is not None and known.per_rank
        detail = f"rank {take.rank}" if ranked or take.rank > 1 else ""
        if known is None and take.xp is not None:
            detail = ", ".join(x for x in (detail, f"{take.xp} XP") if x)
        entries.append(
            StuntEntry(
                name=take.name,
                detail=detail,
                text=known.summary if known is not None else "",
                custom=known is None,
            )
        )
    # A short list goes in the narrow column beside the gear; a long one gets the wide column.
    side = len(entries) <= SIDE_PERKS
    return StuntsBlock(title="Perks", area="side" if side else "main", entries=tuple(entries))


def _weapon_entry(weapon: Weapon, line: WeaponLine) -> GadgetEntry:
    """A weapon's own properties ("Weapons & Attack"): Attack; a melee weapon's band (its own,
    with Reach the adjacent one too) and thrown range; a ranged weapon's range and the Strength
    a two-handed one needs; the spray of an autofire weapon, the only area attack among them."""
    facts = [FieldLine(label="Attack", value=_number(line.attack) or "?")]
    if line.kind == "melee":
        band = "own and adjacent band (Reach)" if line.range is not None else "own band"
        facts.append(FieldLine(label="Strikes in", value=band))
    elif line.range is not None:
        facts.append(FieldLine(label="Range", value=f"{line.range} band(s)"))
    if line.thrown_range is not None:
        facts.append(FieldLine(label="Thrown", value=f"{line.thrown_range} band(s)"))
    if line.strength is not None:
        facts.append(FieldLine(label="Strength needed", value=str(line.strength)))
    if line.aoe is not None:
        facts.append(FieldLine(label="Spray (autofire)", value=line.aoe))
    if weapon.features:
        facts.append(FieldLine(label="Features", value=", ".join(weapon.features)))
    hands = {1: "one-handed", 2: "two-handed"}.get(line.hands or 0, "")
    what = f"{hands} {line.kind}" if line.kind else ""
    return GadgetEntry(
        name=weapon.name or weapon.weapon_class or "(weapon)",
        kind_label=" · ".join(x for x in (weapon.weapon_class, what, SLOT_NAMES[weapon.slot]) if x),
        base=line.cost,
        description=_facts(facts),
    )


def _facts(facts: list[FieldLine]) -> str:
    """Numbers on one line ("Attack 5 · Range 4 band(s)"), to keep the gear compact."""
    return " · ".join(f"{f.label} {f.value}" for f in facts)


def _gear_item(item: GearItem) -> FieldLine:
    parts = [SLOT_NAMES[item.slot]]
    if item.grenades:
        parts.append(f"{item.grenades} grenade(s)")
    if item.cost is not None:
        parts.append(item.cost.title)
    return FieldLine(label=item.name or "(item)", value=", ".join(parts))


def _gear(character: ArtCharacter, system: ArtSystem, derived: ArtDerived) -> GadgetsBlock:
    """Armor, shield and weapons with their numbers ("Armor & Defense", "Shields", "Weapons &
    Attack"), then the other gear by slot ("Gear")."""
    entries: list[GadgetEntry] = []
    if character.armor is not None:
        row = system.catalog.armor(character.armor.cost)
        facts = [FieldLine(label="Defense", value=f"Agility {row.defense:+d}")]
        if row.strength is not None:
            facts.append(FieldLine(label="Strength needed", value=str(row.strength)))
        if character.armor.bulletproof:
            facts.append(FieldLine(label="Bulletproof", value="designated"))
        entries.append(
            GadgetEntry(name=character.armor.name or "(armor)", kind_label="Armor",
                        base=character.armor.cost.title, description=_facts(facts))
        )  # fmt: skip
    if character.shield is not None:
        row_s = system.catalog.shield(character.shield.cost)
        facts = [
            FieldLine(label="Defense", value=f"{row_s.defense:+d}"),
            FieldLine(label="Speed", value=str(row_s.speed)),
        ]
        if derived.shield_uses is not None:
            facts.append(FieldLine(label="Uses a round", value=str(derived.shield_uses)))
        entries.append(
            GadgetEntry(name=character.shield.name or "(shield)",
                        kind_label=f"Shield · {SLOT_NAMES[character.shield.slot]}",
                        base=character.shield.cost.title, description=_facts(facts))
        )  # fmt: skip
    for weapon, line in zip(character.weapons, derived.weapons, strict=True):
        entries.append(_weapon_entry(weapon, line))
    if character.gear:
        entries.append(
            GadgetEntry(
                name="Other gear",
                description="; ".join(
                    f"{line.label} ({line.value})" for line in map(_gear_item, character.gear)
                ),
            )
        )
    if not entries:
        entries.append(GadgetEntry(name="(no gear yet)"))
    return GadgetsBlock(title="Gear", entries=tuple(entries))


def _treasures(character: ArtCharacter) -> FieldsBlock:
    fields = [FieldLine(label="Treasure", value=f"{t.name} ({t.value.title})")
              for t in character.treasures]  # fmt: skip
    for trophy in character.trophies:
        text = f"{trophy.name} ({trophy.cost.title})"
        if trophy.ability:
            text += f": {trophy.ability}"
        fields.append(FieldLine(label="Trophy", value=text, long=True))
    return FieldsBlock(title="Treasures and trophies", fields=tuple(fields),
                       note="" if fields else "(none yet)")  # fmt: skip


def character_sheet(
    character: ArtCharacter, system: ArtSystem, settings: ArtSettings | None = None
) -> SheetLayout:
    """The character sheet of ``character``, with the values ``system.derive`` gives.

    Args:
        character: The adventurer to print.
        system: The ART Engine (its catalogue gives gear numbers and perk summaries).
        settings: The campaign's settings (None: the book's).
    """
    info: SystemInfo = system.info
    derived = system.derive(character, settings)
    blocks: list[Block] = [
        _header(character, derived),
        _attributes(character),
        _skills(character),
        _health(derived),
        _perks(character, system),
    ]
    # Goals, treasures and notes come before the gear so that, when short, the renderer moves
    # them into the narrow column beside it (it moves trailing text blocks while they fit).
    if character.goals.strip():
        blocks.append(
            FieldsBlock(title="Goals and motivation",
                        fields=(FieldLine(label="", value=character.goals, long=True),))
        )  # fmt: skip
    if character.treasures or character.trophies:
        blocks.append(_treasures(character))
    if character.notes.strip():
        blocks.append(
            FieldsBlock(title="Notes", fields=(FieldLine(label="", value=character.notes,
                                                         long=True),))
        )  # fmt: skip
    blocks.append(_gear(character, system, derived))
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
    """The adventurer sheet for hand-filling: every field as a line to write on."""
    fortunes = ", ".join(f.title for f in Fortune)
    blocks: tuple[Block, ...] = (
        HeaderBlock(
            rows=(
                (FieldLine(label="Name"), FieldLine(label="Fame")),
                (FieldLine(label="Player"), FieldLine(label="Glory (next Fame at)")),
                (FieldLine(label="Fortune"), FieldLine(label="Experience (unspent)")),
                (FieldLine(label="Defense"), FieldLine(label="Health rank")),
            ),
            subtitle=f"Fortune ranks: {fortunes}.",
        ),
        SkillsBlock(
            title="Attributes",
            rows=(
                LadderRow(
                    label="2-12 at creation",
                    value=0,
                    entries=tuple(ATTRIBUTE_NAMES[k] for k in ATTRIBUTES),
                    slots=len(ATTRIBUTES),
                ),
            ),
        ),
        SkillsBlock(
            rows=(LadderRow(label="Skill and +rating", value=0, slots=BLANK_SKILL_SLOTS),),
        ),
        TracksBlock(
            title="Health (write in each box's level)",
            tracks=(Track(label="", boxes=HEALTH_BOXES),),
        ),
        StuntsBlock(title="Perks", area="side", blank_lines=BLANK_PERK_LINES),
        FieldsBlock(title="Goals and motivation", fields=(FieldLine(label="", long=True),)),
        FieldsBlock(
            title="Gear",
            fields=(
                FieldLine(label="Armor (cost, Defense, Strength needed)"),
                FieldLine(label="Shield (cost, Defense, Speed, uses a round)"),
                FieldLine(label="Weapons (class, cost, features, Attack, range)", long=True),
                *(FieldLine(label="") for _ in range(BLANK_GEAR_LINES)),
            ),
        ),
        FieldsBlock(
            title="Treasures and trophies",
            area="side",
            fields=tuple(FieldLine(label="") for _ in range(BLANK_TREASURE_LINES)),
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
