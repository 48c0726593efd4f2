"""Rules layer: Strange Fate validation of Archetype requirements, Gifts, Invulnerabilities and
Weaknesses, Companions and Equipment (digest 5.9: V-07, V-08, V-23; «Gifts», L3623-L3749).
"""

from __future__ import annotations

from collections import Counter

from rules.systems.strange_fate.book import StrangeFateBook
from rules.systems.strange_fate.catalog import DrawbackUse
from rules.systems.strange_fate.character import (
    Companion,
    EquipmentItem,
    ImprovementPick,
    StrangeFateCharacter,
)
from rules.systems.strange_fate.creation import ImprovementDef, Requirement, tier_index
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.validation import Problem, error, warning

S_ARCHETYPES = "Strange Fate, Archetypes"
S_GIFTS = "Strange Fate, Gifts"
S_COMPANION = "Strange Fate, Gifts: Companion"
S_EQUIPMENT = "Strange Fate, Gifts: Equipment"
S_FLAWS = "Strange Fate, Gifts: Gifts and Flaws"
S_THEME = "Strange Fate, Gifts: Theme"
S_INVULNERABLE = "Strange Fate, Skills: Invulnerability and Weakness"

STRANGE_AT = ("Superhuman", "Ascendant", "Godlike")


def _blank(text: str) -> bool:
    return not text or text.isspace()


def _has_skill(c: StrangeFateCharacter, name: str) -> bool:
    folded = name.strip().casefold()
    return any(s.casefold() == folded for s in [*c.skills, *c.designed])


def check_archetype(book: StrangeFateBook, c: StrangeFateCharacter) -> list[Problem]:
    """V-08: the checkable requirements of a book Archetype (custom ones have none)."""
    archetype = book.creation.archetype(c.archetype) if not _blank(c.archetype) else None
    if archetype is None:
        return []
    out: list[Problem] = []
    for requirement in archetype.requirements:
        message = _unmet(c, requirement)
        if message is not None:
            out.append(
                error(
                    f"SF-V08-{requirement.kind}",
                    "archetype",
                    f"{archetype.name}: {message}",
                    f"{S_ARCHETYPES}: {archetype.name}",
                )
            )
    return out


def _unmet(c: StrangeFateCharacter, r: Requirement) -> str | None:
    """Why requirement ``r`` is not met, or None (``theme`` is a judgment: never checked)."""
    strange = [n for n in dict.fromkeys([*c.skills, *c.designed]) if c.is_strange(n)]
    if r.kind == "strange-drawback":
        for name in strange:
            for use in c.drawbacks_of(name):
                if r.drawback is not None and use.drawback.casefold() != r.drawback.casefold():
                    continue
                if r.severity == "major" and use.severity != "major":
                    continue
                return None
        return r.text
    if r.kind == "focus-on-inventions":
        lacking = [
            n
            for n, d in c.designed.items()
            if d.kind == "strange"
            and d.invention
            and not any(u.drawback.casefold() == "focus" for u in d.drawbacks)
        ]
        return f"{', '.join(lacking)} need(s) a Focus Flaw ({r.text})" if lacking else None
    if r.kind == "weakness":
        category = (r.category or "").casefold()
        if any(category in w.category.casefold() for w in c.weaknesses):
            return None
        return r.text
    if r.kind == "skill":
        return None if r.skill and _has_skill(c, r.skill) else r.text
    if r.kind == "repair-tier":
        return _repair_tier(c, r)
    return None


def _repair_tier(c: StrangeFateCharacter, r: Requirement) -> str | None:
    """Artificial: a Repair skill at least as high a tier as the Stress Capacity [Health] one
    (Craftsmanship has Repair; designed skills may; L899)."""
    health = [
        n
        for n, d in c.designed.items()
        if any(u.trapping == "Stress Capacity" and "Health" in u.details for u in d.trappings)
    ]
    if "Endurance" in c.skills:
        health.append("Endurance")
    if not health:
        return None
    needed = max(tier_index(c.tier_of(n)) for n in health)
    repair = [n for n, d in c.designed.items() if any(u.trapping == "Repair" for u in d.trappings)]
    repair += [n for n in ("Craftsmanship", "Art") if n in c.skills]
    if any(tier_index(c.tier_of(n)) >= needed for n in repair):
        return None
    return r.text


def check_gifts(book: StrangeFateBook, c: StrangeFateCharacter) -> list[Problem]:
    """V-07 and each Gift's own needs (Impact's skill, Signature Aspect's aspect, Theme's three
    skills, Companion and Equipment targets)."""
    out: list[Problem] = []
    if not c.gifts:
        out.append(
            warning(
                "SF-V07-no-gift",
                "gifts",
                "Every character gets one Gift free: none is chosen yet.",
                S_GIFTS,
            )
        )
    aspects = {a.text.strip().casefold() for a in c.aspects}
    themed: Counter[str] = Counter()
    targets = {
        "Companion": {x.name for x in c.companions},
        "Equipment": {x.name for x in c.equipment},
    }
    for i, gift in enumerate(c.gifts):
        path = f"gifts[{i}]"
        if gift.name == "Impact" and not _has_skill(c, gift.skill):
            out.append(
                error("SF-gift-skill", f"{path}.skill", "Impact names one of the skills.", S_GIFTS)
            )
        if gift.name == "Signature Aspect" and gift.aspect.strip().casefold() not in aspects:
            out.append(
                error(
                    "SF-gift-aspect",
                    f"{path}.aspect",
                    "Signature Aspect names one of the character's aspects.",
                    S_GIFTS,
                )
            )
        if gift.name == "Theme":
            skills = [p.skill for p in gift.theme]
            if len({s.casefold() for s in skills}) != 3 or not all(
                _has_skill(c, s) for s in skills
            ):
                out.append(
                    error(
                        "SF-gift-theme",
                        f"{path}.theme",
                        "Theme names three different skills of the character, each with one "
                        "benefit.",
                        S_THEME,
                    )
                )
            themed.update(s.casefold() for s in skills)
        if gift.name in targets and gift.target not in targets[gift.name]:
            out.append(
                error(
                    "SF-gift-target",
                    f"{path}.target",
                    f"This {gift.name} Gift names no {gift.name.lower()} of the character "
                    f"({gift.target!r}).",
                    S_GIFTS,
                )
            )
    for skill, count in themed.items():
        if count > 1:
            out.append(
                error(
                    "SF-gift-theme",
                    "gifts",
                    f"{skill} has {count} Theme benefits; a skill never gets more than one.",
                    S_THEME,
                )
            )
    return out


def check_invulnerabilities(c: StrangeFateCharacter) -> list[Problem]:
    """V-23: broad Invulnerabilities name their scope; PCs' may only be physical (L1190)."""
    out: list[Problem] = []
    for i, inv in enumerate(c.invulnerabilities):
        path = f"invulnerabilities[{i}]"
        if _blank(inv.category):
            out.append(
                error("SF-V23-category", f"{path}.category", "Name the category.", S_INVULNERABLE)
            )
        if inv.breadth == "broad" and inv.scope is None:
            out.append(
                error(
                    "SF-V23-scope",
                    f"{path}.scope",
                    "A broad Invulnerability covers all physical (or mental) attacks: say which.",
                    S_INVULNERABLE,
                )
            )
        if inv.breadth == "broad" and inv.scope in ("mental", "social") and c.role == "pc":
            out.append(
                error(
                    "SF-V23-broad",
                    f"{path}.scope",
                    f"A broad {inv.scope} Invulnerability does not suit a player character.",
                    S_INVULNERABLE,
                )
            )
    for i, weak in enumerate(c.weaknesses):
        if _blank(weak.category):
            out.append(
                error(
                    "SF-V23-category",
                    f"weaknesses[{i}].category",
                    "Name what the Weakness is against.",
                    S_INVULNERABLE,
                )
            )
    return out


def _gift_count(c: StrangeFateCharacter, kind: str, name: str) -> int:
    return sum(1 for g in c.gifts if g.name == kind and g.target == name)


def _improvement_costs(
    picks: tuple[ImprovementPick, ...], known: dict[str, ImprovementDef], path: str, section: str
) -> tuple[int, list[Problem]]:
    """Improvements used by ``picks`` and the problems with unknown or over-limit ones."""
    out: list[Problem] = []
    used = 0
    counts: Counter[str] = Counter()
    for j, pick in enumerate(picks):
        definition = known.get(pick.name)
        if definition is None:
            out.append(
                error(
                    "SF-improvement",
                    f"{path}.improvements[{j}].name",
                    f"There is no improvement called {pick.name!r}.",
                    section,
                )
            )
            continue
        counts[definition.name] += 1
        if definition.per_tier:
            steps = tier_index(pick.tier) if pick.tier is not None else 0
            if steps == 0:
                out.append(
                    error(
                        "SF-improvement-tier",
                        f"{path}.improvements[{j}].tier",
                        f"{definition.name} names the Power Tier it raises the skill to.",
                        section,
                    )
                )
            used += definition.cost * max(1, steps)
        else:
            used += definition.cost
    for name, count in counts.items():
        limit = known[name].max
        if limit is not None and count > limit:
            out.append(
                error(
                    "SF-improvement-max",
                    f"{path}.improvements",
                    f"{name} is taken {count} times; the most is {limit}.",
                    section,
                )
            )
    return used, out


def _flaws(
    drawbacks: tuple[DrawbackUse, ...],
    settings: StrangeFateSettings,
    path: str,
    equipment: bool,
) -> tuple[int, list[Problem]]:
    """Extra improvements from Drawbacks under the optional Gifts and Flaws rule (L3665)."""
    if not drawbacks:
        return 0, []
    if not settings.gifts_and_flaws:
        return 0, [
            error(
                "SF-flaws-off",
                f"{path}.drawbacks",
                "Drawbacks on Companions and Equipment need the optional Gifts and Flaws rule.",
                S_FLAWS,
            )
        ]
    out: list[Problem] = []
    banned = {"conviction"} | ({"focus"} if equipment else set())
    for j, use in enumerate(drawbacks):
        if use.drawback.casefold() in banned:
            out.append(
                error(
                    "SF-flaws-kind",
                    f"{path}.drawbacks[{j}]",
                    f"{use.drawback} cannot go on {'Equipment' if equipment else 'a Companion'}.",
                    S_FLAWS,
                )
            )
    return len(drawbacks), out


def check_companions(
    book: StrangeFateBook, c: StrangeFateCharacter, settings: StrangeFateSettings
) -> list[Problem]:
    """Each Companion: made by a Gift; improvements within 3 per Gift; skills within quality."""
    rules = book.creation.companion
    known = {m.name: m for m in rules.improvements}
    out: list[Problem] = []
    for i, companion in enumerate(c.companions):
        path = f"companions[{i}]"
        out += _bought(c, "Companion", companion, path, S_COMPANION)
        used, problems = _improvement_costs(companion.improvements, known, path, S_COMPANION)
        out += problems
        bonus, problems = _flaws(companion.drawbacks, settings, path, equipment=False)
        out += problems
        allowed = 3 * _gift_count(c, "Companion", companion.name) + bonus
        out += _over(used, allowed, path, companion.name or "This Companion", S_COMPANION)
        quality = companion_quality(companion)
        base = next(q for q in rules.qualities if q.quality == quality)
        skilled = sum(1 for m in companion.improvements if m.name == "Skilled")
        points = sum(base.skills) + rules.skilled_points * skilled
        if any(r > quality for r in companion.skills.values()):
            out.append(
                error(
                    "SF-companion-skill",
                    f"{path}.skills",
                    f"No Companion skill may exceed its quality ({quality:+d}).",
                    S_COMPANION,
                )
            )
        if sum(max(0, r) for r in companion.skills.values()) > points:
            out.append(
                error(
                    "SF-companion-points",
                    f"{path}.skills",
                    f"The Companion's skills add up to more than its {points} points.",
                    S_COMPANION,
                )
            )
    return out


def companion_quality(companion: Companion) -> int:
    """Average (+1), plus one per Quality improvement, at most Good (+3) (L3650)."""
    return min(3, 1 + sum(1 for m in companion.improvements if m.name == "Quality"))


def _bought(
    c: StrangeFateCharacter,
    kind: str,
    thing: Companion | EquipmentItem,
    path: str,
    section: str,
) -> list[Problem]:
    if _blank(thing.name):
        return [error(f"SF-{kind.lower()}-name", f"{path}.name", f"Name the {kind}.", section)]
    if _gift_count(c, kind, thing.name) == 0:
        return [
            error(
                f"SF-{kind.lower()}-gift",
                path,
                f"{thing.name} needs a {kind} Gift naming it.",
                section,
            )
        ]
    return []


def _over(used: int, allowed: int, path: str, name: str, section: str) -> list[Problem]:
    if used <= allowed:
        return []
    return [
        error(
            "SF-improvements",
            f"{path}.improvements",
            f"{name} uses {used} improvements; its Gifts give {allowed}.",
            section,
        )
    ]


def check_equipment(
    book: StrangeFateBook, c: StrangeFateCharacter, settings: StrangeFateSettings
) -> list[Problem]:
    """Each item: made by a Gift; improvements within 3 per Gift; Rugged and Essential only on
    protective items (L3698, L3702)."""
    known = {m.name: m for m in book.creation.equipment.improvements}
    out: list[Problem] = []
    for i, item in enumerate(c.equipment):
        path = f"equipment[{i}]"
        out += _bought(c, "Equipment", item, path, S_EQUIPMENT)
        used, problems = _improvement_costs(item.improvements, known, path, S_EQUIPMENT)
        out += problems
        bonus, problems = _flaws(item.drawbacks, settings, path, equipment=True)
        out += problems
        allowed = 3 * _gift_count(c, "Equipment", item.name) + bonus
        out += _over(used, allowed, path, item.name or "This item", S_EQUIPMENT)
        for j, pick in enumerate(item.improvements):
            definition = known.get(pick.name)
            if definition is not None and definition.armour_only and not item.protective:
                out.append(
                    error(
                        "SF-equipment-armour",
                        f"{path}.improvements[{j}]",
                        f"{pick.name} needs a suit of armour or similar protective item.",
                        S_EQUIPMENT,
                    )
                )
            if pick.name in ("Deadly", "Protective", "Rugged") and pick.track is None:
                out.append(
                    error(
                        "SF-equipment-track",
                        f"{path}.improvements[{j}].track",
                        f"{pick.name} names a stress track.",
                        S_EQUIPMENT,
                    )
                )
    return out
