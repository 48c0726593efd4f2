"""Rules layer: ART Engine character checks (creation and play), as problems, never raising.

Codes are ``ART-CC<n>-...`` after the digest's creation rules (shared/rules/art-engine.md
section 5), ``ART-P-...`` for perks and ``ART-W-...`` for weapons. Section names are the book's
own headings (ART Engine, Chapter 2 "Creating an Adventurer"; Chapter 6 "Advancement").
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.systems.art.attributes import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    BALANCED_TOTAL,
    balanced_pairing,
    pool_left,
    unused_rolls,
)
from rules.systems.art.catalog import ATTRIBUTE_NAMES, ATTRIBUTES, ArtCatalog
from rules.systems.art.character import ArtCharacter, Weapon
from rules.systems.art.rolls import SKILL_CAP_POINTS, SKILL_MAX
from rules.systems.art.scale import Fortune
from rules.systems.art.settings import ArtSettings
from rules.validation import Problem, error, warning

S_SHEET = "ART Engine, Chapter 2: Your Character Sheet"
S_ATTRS = "ART Engine, Chapter 2: Determining Attributes"
S_RANDOM = "ART Engine, Chapter 2: Random Method"
S_BALANCED = "ART Engine, Chapter 2: Balanced Method"
S_HEALTH = "ART Engine, Chapter 2: Health"
S_FAME = "ART Engine, Chapter 2: Fame"
S_GLORY = "ART Engine, Chapter 2: Glory"
S_FORTUNE = "ART Engine, Chapter 2: Fortune"
S_OTHERS = "ART Engine, Chapter 2: Equipping Others"
S_GEAR = "ART Engine, Chapter 2: Gear"
S_ARMOR = "ART Engine, Chapter 2: Armor & Defense"
S_SHIELDS = "ART Engine, Chapter 2: Shields"
S_WEAPONS = "ART Engine, Chapter 2: Weapons & Attack"
S_MELEE = "ART Engine, Chapter 2: Melee Weapon Features"
S_RANGED = "ART Engine, Chapter 2: Ranged Weapon Features"
S_TROPHIES = "ART Engine, Chapter 2: Trophies"
S_GOALS = "ART Engine, Chapter 2: Goals & Motivation"
S_XP = "ART Engine, Chapter 2: Starting Experience"
S_SKILLS = "ART Engine, Chapter 2: Starting Skills"
S_IMPROVE = "ART Engine, Chapter 6: Improving Skills"
S_INCREASE_HEALTH = "ART Engine, Chapter 6: Increasing Health"
S_PERKS = "ART Engine, Chapter 6: Buying Perks"
S_INSPIRATION = "ART Engine, Chapter 6: Inspiration Points"

MAX_FORTUNE = Fortune.FILTHY_RICH
STARTING_FAME = 1


def _blank(text: str) -> bool:
    return not text or text.isspace()


def health_rank(c: ArtCharacter) -> int | None:
    """The Health rank: as recorded, else the Stamina score (Health starts from Stamina)."""
    return c.health_rank if c.health_rank is not None else c.attribute("STA")


def fortune_rank(c: ArtCharacter, catalog: ArtCatalog) -> Fortune | None:
    """Fortune: as recorded, else the starting Fortune from Fate."""
    if c.fortune is not None:
        return c.fortune
    fate = c.attribute("FAT")
    return None if fate is None else catalog.starting_fortune(fate)


def effective_fortune(c: ArtCharacter, catalog: ArtCatalog) -> int | None:
    """Fortune for buying gear: one rank less per other character equipped (may be < 0)."""
    rank = fortune_rank(c, catalog)
    return None if rank is None else int(rank) - c.equipping_others


def weapon_cost(w: Weapon, catalog: ArtCatalog) -> int:
    """A weapon's cost rank with its features (Thrown is free for small or hafted weapons);
    unpriced features change nothing; never below Destitute (may exceed Filthy Rich)."""
    cost = int(w.cost)
    for name in w.features:
        key = name.casefold()
        melee = next((f for f in catalog.gear.melee_features if f.name.casefold() == key), None)
        ranged = next((f for f in catalog.gear.ranged_features if f.name.casefold() == key), None)
        if melee is not None:
            if not (melee.name == "Thrown" and w.small_or_hafted):
                cost += melee.cost
        elif ranged is not None:
            cost += ranged.cost
    return max(0, cost)


def health_xp(start: int, rank: int, catalog: ArtCatalog) -> int:
    """XP to raise Health from rank ``start`` to ``rank`` (0 when not above)."""
    total = 0
    for r in range(start, rank):
        row = catalog.health_rank(r)
        total += (row.xp_to_next or 0) if row else 0
    return total


def perk_xp(c: ArtCharacter, catalog: ArtCatalog) -> int:
    """XP paid for perks (book costs; custom perks as recorded)."""
    total = 0
    for take in c.perks:
        perk = catalog.perk(take.name)
        if perk is not None:
            total += perk.cost(max(1, take.rank))
        elif take.xp is not None:
            total += take.xp
    return total


def skill_xp(c: ArtCharacter, catalog: ArtCatalog) -> int:
    """XP paid for starting skills (the table's cost is the total for that level)."""
    return sum(catalog.skill_cost(v) or 0 for v in c.skills.values() if v > 0)


def xp_spent(c: ArtCharacter, catalog: ArtCatalog) -> int:
    """XP spent at creation: starting skills, perks and Health ranks above Stamina."""
    sta = c.attribute("STA")
    rank = health_rank(c)
    health = health_xp(sta, rank, catalog) if sta is not None and rank is not None else 0
    return skill_xp(c, catalog) + perk_xp(c, catalog) + health


def validate_character(
    c: ArtCharacter, catalog: ArtCatalog, settings: ArtSettings
) -> tuple[Problem, ...]:
    """Every problem with ``c`` (never raises on a half-made adventurer)."""
    out: list[Problem] = []
    if _blank(c.name):
        out.append(error("ART-name", "name", "The adventurer needs a name.", S_SHEET))
    out += _attributes(c, settings)
    out += _health(c, catalog)
    out += _fame(c)
    out += _fortune(c, catalog)
    out += _skills(c, catalog)
    out += _perks(c, catalog)
    out += _gear(c, catalog)
    if c.stage == "creation" and _blank(c.goals):
        out.append(
            error(
                "ART-CC27-goals",
                "goals",
                "Write the adventurer's goals and motivation: they must be known before play.",
                S_GOALS,
            )
        )
    return tuple(out)


# -- attributes --------------------------------------------------------------------------------


def _attributes(c: ArtCharacter, settings: ArtSettings) -> Iterator[Problem]:
    creation = c.stage == "creation"
    for key in ATTRIBUTES:
        value = c.attribute(key)
        name = ATTRIBUTE_NAMES[key]
        if value is None:
            yield error(
                "ART-CC1-attribute-missing",
                f"attributes.{key}",
                f"{name} has no score yet; every adventurer has all ten attributes.",
                S_ATTRS,
            )
        elif creation and not ATTRIBUTE_MIN <= value <= ATTRIBUTE_MAX:
            yield error(
                "ART-CC2-attribute-range",
                f"attributes.{key}",
                f"{name} is {value}; at creation attributes are {ATTRIBUTE_MIN} to "
                f"{ATTRIBUTE_MAX}.",
                S_ATTRS,
            )
        elif value < ATTRIBUTE_MIN:
            yield error(
                "ART-CC2-attribute-range",
                f"attributes.{key}",
                f"{name} is {value}; attributes never fall below {ATTRIBUTE_MIN}.",
                S_ATTRS,
            )
    for key, points in c.attribute_inspiration.items():
        if points < 0:
            yield error(
                "ART-inspiration-negative",
                f"attribute_inspiration.{key}",
                f"{ATTRIBUTE_NAMES[key]} has {points} inspiration points; the least is 0.",
                S_INSPIRATION,
            )
    if not creation:
        return
    method = c.attribute_method
    if settings.attribute_method is not None and method not in (None, settings.attribute_method):
        yield error(
            "ART-CC5-method",
            "attribute_method",
            f"The narrator set the {settings.attribute_method} method for this campaign; this "
            f"adventurer used the {method} method.",
            S_ATTRS,
        )
    method = method or settings.attribute_method
    if method is None:
        yield error(
            "ART-CC5-method-missing",
            "attribute_method",
            "Choose how the attributes are made: the random or the balanced method (the "
            "narrator decides).",
            S_ATTRS,
        )
    elif method == "random":
        yield from _random(c)
    else:
        yield from _balanced(c)


def _random(c: ArtCharacter) -> Iterator[Problem]:
    for i, roll in enumerate(c.attribute_rolls):
        if not ATTRIBUTE_MIN <= roll <= ATTRIBUTE_MAX:
            yield error(
                "ART-CC3-roll-range",
                f"attribute_rolls[{i}]",
                f"Roll {i + 1} is {roll}; two six-sided dice give 2 to 12.",
                S_RANDOM,
            )
    if not c.attribute_rolls:
        return
    assigned: list[int] = []
    for key in ATTRIBUTES:
        value = c.attribute(key)
        if value is None:
            continue
        assigned.append(value)
        if unused_rolls(c.attribute_rolls, assigned) is None:
            assigned.pop()
            yield error(
                "ART-CC3-not-rolled",
                f"attributes.{key}",
                f"{ATTRIBUTE_NAMES[key]} is {value}, but no unused roll of 2d6 gave {value} "
                f"(rolled: {', '.join(map(str, c.attribute_rolls))}).",
                S_RANDOM,
            )
    filled = sum(1 for k in ATTRIBUTES if c.attribute(k) is not None)
    if filled == len(ATTRIBUTES) and len(c.attribute_rolls) > len(ATTRIBUTES):
        yield error(
            "ART-CC3-roll-count",
            "attribute_rolls",
            f"{len(c.attribute_rolls)} scores were rolled; the random method rolls one per "
            "attribute (ten), with no rerolls.",
            S_RANDOM,
        )


def _balanced(c: ArtCharacter) -> Iterator[Problem]:
    for key, (a, b) in c.balanced_pairs.items():
        value = c.attribute(key)
        if value is not None and a + b != value:
            yield error(
                "ART-CC4-pair-sum",
                f"balanced_pairs.{key}",
                f"{ATTRIBUTE_NAMES[key]} is {value}, but its numbers {a} and {b} add up to "
                f"{a + b}.",
                S_BALANCED,
            )
    left, over = pool_left(c.balanced_pairs.values())
    for n in sorted(set(over)):
        yield error(
            "ART-CC4-number-overused",
            "balanced_pairs",
            f"The number {n} is struck off more often than the list holds it (each number of "
            "1,1,1,2,2,2,3,3,3,3,4,4,4,4,5,5,5,6,6,6 is used once).",
            S_BALANCED,
        )
    scores = {k: c.attribute(k) for k in ATTRIBUTES}
    filled = {k: v for k, v in scores.items() if v is not None}
    if len(filled) == len(ATTRIBUTES):
        total = sum(filled.values())
        if total != BALANCED_TOTAL:
            yield error(
                "ART-CC4-total",
                "attributes",
                f"The attributes add up to {total}; the balanced method always gives "
                f"{BALANCED_TOTAL} (all twenty numbers, each used once).",
                S_BALANCED,
            )
            return
    if over:
        return
    unpaired = [v for k, v in filled.items() if k not in c.balanced_pairs]
    if unpaired and balanced_pairing(unpaired, left) is None:
        yield error(
            "ART-CC4-no-pairing",
            "attributes",
            "These scores cannot all be made from two numbers of the list each, using each "
            f"number once: {', '.join(f'{ATTRIBUTE_NAMES[k]} {v}' for k, v in filled.items())}.",
            S_BALANCED,
        )


# -- health, Fame, Fortune ---------------------------------------------------------------------


def _health(c: ArtCharacter, catalog: ArtCatalog) -> Iterator[Problem]:
    rank = health_rank(c)
    if c.health_rank is not None and catalog.health_rank(c.health_rank) is None:
        yield error(
            "ART-CC7-health-rank",
            "health_rank",
            f"Health rank {c.health_rank} does not exist; ranks run 2 to 20.",
            S_INCREASE_HEALTH,
        )
        return
    sta = c.attribute("STA")
    if c.stage == "creation" and rank is not None and sta is not None and rank < sta:
        yield error(
            "ART-CC7-health-below-stamina",
            "health_rank",
            f"Health rank {rank} is below Stamina {sta}: a new adventurer's Health comes from "
            "Stamina and can only be raised with experience.",
            S_HEALTH,
        )


def _fame(c: ArtCharacter) -> Iterator[Problem]:
    if c.fame_spent > c.fame:
        yield error(
            "ART-CC9-fame-tally",
            "fame_spent",
            f"{c.fame_spent} Fame is marked as spent, but Fame is {c.fame}: once the tally "
            "equals Fame no more can be spent.",
            S_FAME,
        )
    if c.stage == "creation":
        if c.fame != STARTING_FAME:
            yield error(
                "ART-CC9-starting-fame",
                "fame",
                f"Fame is {c.fame}; every new adventurer begins with Fame {STARTING_FAME}.",
                S_FAME,
            )
        if c.glory:
            yield error(
                "ART-CC10-starting-glory",
                "glory",
                f"Glory is {c.glory}; Glory is earned by completing quests, so a new "
                "adventurer has none.",
                S_GLORY,
            )
    threshold = 10 * max(c.fame, 1)
    if c.glory >= threshold:
        yield warning(
            "ART-CC10-glory-to-fame",
            "glory",
            f"Glory {c.glory} has reached ten times Fame ({threshold}): erase it and raise Fame "
            "by one.",
            S_GLORY,
        )


def _fortune(c: ArtCharacter, catalog: ArtCatalog) -> Iterator[Problem]:
    fate = c.attribute("FAT")
    if c.stage != "creation" or c.fortune is None or fate is None:
        return
    start = catalog.starting_fortune(fate)
    if start is not None and c.fortune != start:
        yield error(
            "ART-CC11-starting-fortune",
            "fortune",
            f"Fortune is {c.fortune.title}, but Fate {fate} gives a new adventurer {start.title}.",
            S_FORTUNE,
        )


# -- skills, experience, perks -----------------------------------------------------------------


def _skills(c: ArtCharacter, catalog: ArtCatalog) -> Iterator[Problem]:
    creation = c.stage == "creation"
    top = catalog.max_starting_skill if creation else SKILL_MAX
    for name, value in c.skills.items():
        path = f"skills.{name}"
        if _blank(name):
            yield error("ART-skill-name", path, "A skill needs a name.", S_SKILLS)
        if not 1 <= value <= top:
            why = "starting skills are bought at +1 to +4" if creation else "skills run +1 to +8"
            yield error(
                "ART-CC30-skill-level",
                path,
                f"{name or 'A skill'} is {value:+d}; {why}.",
                S_SKILLS if creation else S_IMPROVE,
            )
    for name, points in c.skill_inspiration.items():
        path = f"skill_inspiration.{name}"
        if not 0 <= points <= SKILL_CAP_POINTS:
            yield error(
                "ART-skill-inspiration",
                path,
                f"{name} has {points} inspiration points; a skill holds 0 to {SKILL_CAP_POINTS} "
                "(four caps it).",
                S_IMPROVE,
            )
        elif points and c.skill(name, 0) >= SKILL_MAX:
            yield error(
                "ART-skill-inspiration-max",
                path,
                f"{name} is at +{SKILL_MAX}, the most a skill can reach: it takes no "
                "inspiration points.",
                S_IMPROVE,
            )
    if not creation:
        return
    intelligence = c.attribute("INT")
    if intelligence is None:
        return
    spent = xp_spent(c, catalog)
    if spent > intelligence:
        yield error(
            "ART-CC29-xp-overspent",
            "skills",
            f"Starting skills, perks and Health cost {spent} XP, but starting experience is "
            f"{intelligence} (Intelligence).",
            S_XP,
        )


def _perks(c: ArtCharacter, catalog: ArtCatalog) -> Iterator[Problem]:
    owned = {p.name.casefold() for p in c.perks}
    seen: set[str] = set()
    for i, take in enumerate(c.perks):
        path = f"perks[{i}]"
        key = take.name.casefold().strip()
        if not key:
            yield error("ART-P-name", f"{path}.name", "A perk needs a name.", S_PERKS)
            continue
        if key in seen:
            yield error(
                "ART-P-duplicate",
                f"{path}.name",
                f"{take.name} is listed twice; buy more ranks instead.",
                S_PERKS,
            )
        seen.add(key)
        perk = catalog.perk(take.name)
        if perk is None:
            yield warning(
                "ART-P-custom",
                f"{path}.name",
                f"{take.name} is not one of the book's perks: a custom perk the narrator must "
                "allow (its XP cost is what you record).",
                S_PERKS,
            )
            continue
        if take.rank < 1 or (perk.max_rank is not None and take.rank > perk.max_rank):
            most = "1" if not perk.per_rank else str(perk.max_rank or "any")
            yield error(
                "ART-P-rank",
                f"{path}.rank",
                f"{perk.name} rank {take.rank}: it can be owned at rank 1 to {most}.",
                S_PERKS,
            )
        for attr, minimum in perk.requirements(max(1, take.rank)).items():
            value = c.attribute(attr)
            if value is not None and value < minimum:
                yield error(
                    "ART-P-prereq-attribute",
                    f"{path}.name",
                    f"{perk.name} needs {ATTRIBUTE_NAMES[attr]} {minimum} or more to buy and "
                    f"use (it is {value}).",
                    S_PERKS,
                )
        for need in perk.perks:
            if need.casefold() not in owned:
                yield error(
                    "ART-P-prereq-perk",
                    f"{path}.name",
                    f"{perk.name} needs the {need} perk first.",
                    S_PERKS,
                )
    if c.armor is not None and c.armor.bulletproof and "bulletproof armor" not in owned:
        yield warning(
            "ART-P-bulletproof",
            "armor.bulletproof",
            "The armor is marked bulletproof, but the adventurer lacks the Bulletproof Armor perk.",
            S_PERKS,
        )


# -- gear --------------------------------------------------------------------------------------


def _cost_check(
    c: ArtCharacter, cost: int, budget: int | None, path: str, what: str, section: str
) -> Iterator[Problem]:
    if budget is None or cost <= budget:
        return
    name = Fortune(min(cost, int(MAX_FORTUNE))).title
    if c.stage == "creation":
        yield error(
            "ART-CC25-cost",
            path,
            f"{what} costs {name}, above the Fortune this adventurer can equip with "
            f"({Fortune(budget).title if budget >= 0 else 'nothing'}).",
            section,
        )
    else:
        yield warning(
            "ART-CC14-keep",
            path,
            f"{what} costs {name}, above Fortune: usable if found, stolen or given, but lost at "
            "the end of the adventure.",
            section,
        )


def _gear(c: ArtCharacter, catalog: ArtCatalog) -> Iterator[Problem]:
    budget = effective_fortune(c, catalog)
    strength = c.attribute("STR")
    if c.stage == "creation" and budget is not None and budget < 0:
        yield error(
            "ART-CC13-equip-others",
            "equipping_others",
            f"Equipping {c.equipping_others} others lowers Fortune below Destitute.",
            S_OTHERS,
        )
    if c.armor is not None:
        row = catalog.armor(c.armor.cost)
        yield from _cost_check(c, int(c.armor.cost), budget, "armor.cost", "The armor", S_ARMOR)
        if row.strength is not None and strength is not None and strength < row.strength:
            yield error(
                "ART-CC23-armor-strength",
                "armor.cost",
                f"{c.armor.cost.title} armor needs Strength {row.strength}; Strength is "
                f"{strength}.",
                S_ARMOR,
            )
    if c.shield is not None:
        yield from _cost_check(
            c, int(c.shield.cost), budget, "shield.cost", "The shield", S_SHIELDS
        )
    ready = at_hand = stowed = 0
    two_handed = False
    for i, w in enumerate(c.weapons):
        path = f"weapons[{i}]"
        cls = catalog.weapon_class(w.weapon_class)
        hands = cls.hands if cls else 1
        two_handed |= hands == 2 and w.slot == "ready"
        count = 2 if hands == 2 else 1
        ready += count if w.slot == "ready" else 0
        at_hand += 1 if w.slot == "at_hand" else 0
        stowed += 1 if w.slot == "stowed" else 0
        yield from _weapon(c, w, path, catalog, strength)
        yield from _cost_check(
            c, weapon_cost(w, catalog), budget, f"{path}.cost", w.name or "A weapon", S_WEAPONS
        )
    if c.shield is not None:
        ready += 1 if c.shield.slot == "ready" else 0
        at_hand += 1 if c.shield.slot == "at_hand" else 0
        stowed += 1 if c.shield.slot == "stowed" else 0
        if two_handed:
            yield warning(
                "ART-shield-two-handed",
                "shield",
                "A shield cannot be used while wielding a two-handed weapon.",
                S_SHIELDS,
            )
    per_slot = catalog.gear.carry.grenades_per_slot
    for i, g in enumerate(c.gear):
        slots = -(-g.grenades // per_slot) if g.grenades else 1
        ready += slots if g.slot == "ready" else 0
        at_hand += slots if g.slot == "at_hand" else 0
        stowed += slots if g.slot == "stowed" else 0
        if g.cost is not None:
            yield from _cost_check(
                c, int(g.cost), budget, f"gear[{i}].cost", g.name or "An item", S_GEAR
            )
    carry = catalog.gear.carry
    for used, limit, where in (
        (ready, carry.ready, "ready"),
        (at_hand, carry.at_hand, "at hand"),
        (stowed, carry.stowed, "stowed"),
    ):
        if used > limit:
            yield error(
                "ART-CC20-slots",
                "gear",
                f"{used} items are {where}; an adventurer carries at most {limit} there "
                "(a two-handed weapon fills both ready slots; four grenades fill one slot).",
                S_GEAR,
            )
    fortune = fortune_rank(c, catalog)
    for i, t in enumerate(c.trophies):
        if c.stage == "play" and fortune is not None and t.cost > fortune:
            yield warning(
                "ART-CC18-trophy",
                f"trophies[{i}].cost",
                f"{t.name or 'A trophy'} costs {t.cost.title}, above Fortune: it is kept after "
                "the adventure only if Fortune reaches its cost.",
                S_TROPHIES,
            )


def _weapon(
    c: ArtCharacter, w: Weapon, path: str, catalog: ArtCatalog, strength: int | None
) -> Iterator[Problem]:
    cls = catalog.weapon_class(w.weapon_class)
    if cls is None:
        yield error(
            "ART-W-class",
            f"{path}.weapon_class",
            f"{w.weapon_class or '(none)'} is not a weapon class of the book (Blade, Axe, "
            "Bow, Handgun, ...).",
            S_WEAPONS,
        )
        return
    melee_names = {f.name.casefold(): f for f in catalog.gear.melee_features}
    ranged_names = {f.name.casefold(): f for f in catalog.gear.ranged_features}
    allowed = melee_names if cls.kind == "melee" else ranged_names
    chosen = [f.casefold() for f in w.features]
    for name in w.features:
        if name.casefold() not in allowed:
            yield error(
                "ART-W-feature",
                f"{path}.features",
                f"{name} is not a {cls.kind} weapon feature.",
                S_MELEE if cls.kind == "melee" else S_RANGED,
            )
    if cls.kind == "melee":
        valid = [n for n in chosen if n in melee_names]
        if len(valid) > 1 and sorted(valid) != ["entangle", "thrown only"]:
            yield error(
                "ART-W-one-feature",
                f"{path}.features",
                "A melee weapon takes one feature (Entangle with Thrown Only is the one "
                "combination allowed).",
                S_MELEE,
            )
        for n in valid:
            rule = melee_names[n].two_handed
            if rule == "forbidden" and cls.hands == 2:
                yield error(
                    "ART-W-two-handed",
                    f"{path}.features",
                    f"{melee_names[n].name} is not possible on a two-handed weapon.",
                    S_MELEE,
                )
            if rule == "required" and cls.hands != 2:
                yield error(
                    "ART-W-two-handed",
                    f"{path}.features",
                    f"{melee_names[n].name} needs a two-handed weapon.",
                    S_MELEE,
                )
    else:
        for n in chosen:
            feature = ranged_names.get(n)
            if feature is None:
                continue
            if feature.two_handed_firearm and not (cls.firearm and cls.hands == 2):
                yield error(
                    "ART-W-tripod",
                    f"{path}.features",
                    f"{feature.name} fits two-handed firearms only.",
                    S_RANGED,
                )
            if feature.autofire and not cls.autofire:
                yield warning(
                    "ART-W-autofire",
                    f"{path}.features",
                    f"Autofire on a {cls.name}: the book names no such weapon (machine pistols "
                    "and machine guns fire bursts); the narrator decides.",
                    S_RANGED,
                )
        if cls.hands == 2:
            need = catalog.attack_row(w.cost).strength_2h
            if need is not None and strength is not None and strength < need:
                yield error(
                    "ART-CC24-weapon-strength",
                    f"{path}.cost",
                    f"A {w.cost.title} two-handed ranged weapon needs Strength {need}; "
                    f"Strength is {strength}.",
                    S_WEAPONS,
                )
    if weapon_cost(w, catalog) > int(MAX_FORTUNE):
        yield error(
            "ART-W-cost",
            f"{path}.cost",
            "With its features this weapon would cost more than Filthy Rich.",
            S_WEAPONS,
        )
