"""Rules layer: Strange Fate's derived values (budgets, Refresh, stress, consequences).

Skill points: 30, +5 per Skilled Gift, 45 without Common skills, + advancement («Buy Skills»,
L468; L3736; L1113). Adjusted Refresh: the era's Refresh - tier costs - Invulnerabilities +
Weakness rebates - Gifts after the first («Power Tier and Refresh», L1394-L1423; «Gifts», L3625).
Stress: three boxes per track + the best Stress Capacity skill + the best Rugged item (L500,
L2504, L3698). Consequences: one of each severity, any scope, plus scoped slots from Tier Benefits
and Essential equipment (L502, L2512-L2516, L3702).
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.systems.strange_fate.book import SkillPrice, StrangeFateBook, price_skills
from rules.systems.strange_fate.catalog import Tier, TrappingUse
from rules.systems.strange_fate.character import StrangeFateCharacter, Track
from rules.systems.strange_fate.creation import TIERS, tier_index
from rules.systems.strange_fate.settings import DEFAULT_SETTINGS, StrangeFateSettings

_FROZEN = ConfigDict(frozen=True, extra="forbid")

TRACKS: tuple[Track, ...] = ("Health", "Composure", "Reputation")
SCOPE_OF_TRACK: dict[Track, str] = {
    "Health": "Physical",
    "Composure": "Mental",
    "Reputation": "Social",
}


class ExtraConsequence(BaseModel):
    """A consequence slot beyond the default three, locked to a scope.

    Attributes:
        severity: ``trifling`` or ``middling``.
        scope: Physical, Mental or Social.
        source: The skill or item that grants it.
    """

    model_config = _FROZEN

    severity: Literal["trifling", "middling"]
    scope: str
    source: str


class StrangeFateDerived(BaseModel):
    """Everything computed from a Strange Fate character.

    Attributes:
        skill_points_spent: Skill points the skills cost.
        skill_points_total: Skill points available.
        skill_points_left: ``total - spent`` (negative when overspent).
        skill_costs: Skill name -> skill points.
        skills: Each skill's price in detail.
        era: The era in force (the character's, else the campaign's), None when neither names
            one.
        refresh_start: The era's Refresh for the character's role, plus advancement (None
            without an era).
        refresh_tiers: Refresh the Power Tiers cost.
        refresh_gifts: Refresh the Gifts cost (the first is free).
        refresh_invulnerabilities: Refresh the Invulnerabilities cost.
        refresh_weaknesses: Refresh the Weaknesses give back.
        refresh: Adjusted Refresh: what is left (None without an era).
        fate_points: Fate Points now (the Refresh at a session's start when not recorded).
        power_tier: The highest Power Tier among the skills.
        top_skill: The best skill (highest tier, then rating; empty when none).
        top_rating: Its rating.
        stress: Boxes per track.
        armor: Armor per track (Stress Capacity Tier Benefits, Protective equipment).
        consequences: The default slots: one Trifling, one Middling, one Grievous, any scope.
        extra_consequences: Scope-locked slots from Tier Benefits and equipment.
        tier_benefits_available: Per skill with Tier Benefits to pick: how many it may pick.
    """

    model_config = _FROZEN

    skill_points_spent: int
    skill_points_total: int
    skill_points_left: int
    skill_costs: dict[str, int]
    skills: tuple[SkillPrice, ...]
    era: str | None
    refresh_start: int | None
    refresh_tiers: int
    refresh_gifts: int
    refresh_invulnerabilities: int
    refresh_weaknesses: int
    refresh: int | None
    fate_points: int | None
    power_tier: Tier
    top_skill: str
    top_rating: int
    stress: dict[Track, int]
    armor: dict[Track, int]
    consequences: dict[str, int]
    extra_consequences: tuple[ExtraConsequence, ...]
    tier_benefits_available: dict[str, int]


def skill_trappings(
    book: StrangeFateBook, character: StrangeFateCharacter, skill: str
) -> tuple[TrappingUse, ...]:
    """The trappings of ``skill``: designed, or the Common skill's fixed list (none if
    unknown)."""
    design = character.designed.get(skill)
    if design is not None:
        return design.trappings
    common = book.common_skill(skill)
    return common.trappings if common is not None else ()


def skill_points_total(
    book: StrangeFateBook, character: StrangeFateCharacter, settings: StrangeFateSettings
) -> int:
    """30 (45 without Common skills) + 5 per Skilled Gift + advancement (L468, L1113, L3736)."""
    budget = book.creation.skill_points
    start = budget.start if settings.common_skills else budget.without_common
    skilled = sum(1 for g in character.gifts if g.name == "Skilled")
    return start + budget.per_skilled_gift * skilled + character.advancement.skill_points


def era_in_force(character: StrangeFateCharacter, settings: StrangeFateSettings) -> str | None:
    """The character's era, else the campaign's, else None."""
    return character.era or settings.era


def chosen_benefits(
    book: StrangeFateBook, character: StrangeFateCharacter, skill: str
) -> tuple[str, ...]:
    """The chosen Tier Benefits of ``skill`` that count: trappings it has with Tier Benefits,
    at most its rating, none in the Mundane Tier (L1200)."""
    tier = character.tier_of(skill)
    if tier == "Mundane":
        return ()
    names = {u.trapping for u in skill_trappings(book, character, skill)}
    picked = [t for t in dict.fromkeys(character.tier_benefits.get(skill, ())) if t in names]
    picked = [t for t in picked if book.benefits.of(t) is not None]
    return tuple(picked[: max(0, character.skills.get(skill, 0))])


def derive(
    book: StrangeFateBook,
    character: StrangeFateCharacter,
    settings: StrangeFateSettings | None = None,
    budget: int | None = None,
) -> StrangeFateDerived:
    """Every derived value from what is filled in (never raises on a half-made character);
    a designed skill whose walk needs more than ``budget`` search steps counts at its rating
    and is marked ``pending`` (:func:`~rules.systems.strange_fate.book.price_skills`)."""
    settings = settings or DEFAULT_SETTINGS
    prices = price_skills(book, character, budget)
    spent = sum(p.skill_points for p in prices.values())
    total = skill_points_total(book, character, settings)

    era_key = era_in_force(character, settings)
    refresh_start: int | None = None
    if era_key is not None:
        refresh_start = book.creation.era(era_key).refresh[character.role]
        refresh_start += character.advancement.refresh
    tiers_cost = sum(book.creation.tier(character.tier_of(n)).refresh for n in prices)
    free = book.creation.gift_refresh.free
    gifts_cost = max(0, len(character.gifts) - free) * book.creation.gift_refresh.each
    costs = book.creation.invulnerability_refresh
    invulnerable = sum(
        (costs.broad if i.breadth == "broad" else costs.narrow).of(i.severity)
        for i in character.invulnerabilities
    )
    rebate = sum(book.creation.weakness_refresh.of(w.severity) for w in character.weaknesses)
    refresh = None
    if refresh_start is not None:
        refresh = refresh_start - tiers_cost - gifts_cost - invulnerable + rebate
    fate_points = character.fate_points if character.fate_points is not None else refresh

    ranked = sorted(
        (p for p in prices.values() if p.rating > 0),
        key=lambda p: (tier_index(p.tier), p.rating),
        reverse=True,
    )
    power_tier: Tier = max((p.tier for p in prices.values()), key=tier_index, default="Mundane")

    stress, armor, extra = _tracks(book, character, prices)
    available: dict[str, int] = {}
    for name, price in prices.items():
        if price.tier == "Mundane":
            continue
        with_benefits = {
            u.trapping
            for u in skill_trappings(book, character, name)
            if book.benefits.of(u.trapping) is not None
        }
        if with_benefits:
            available[name] = min(len(with_benefits), max(0, price.rating))

    return StrangeFateDerived(
        skill_points_spent=spent,
        skill_points_total=total,
        skill_points_left=total - spent,
        skill_costs={n: p.skill_points for n, p in prices.items()},
        skills=tuple(prices.values()),
        era=era_key,
        refresh_start=refresh_start,
        refresh_tiers=tiers_cost,
        refresh_gifts=gifts_cost,
        refresh_invulnerabilities=invulnerable,
        refresh_weaknesses=rebate,
        refresh=refresh,
        fate_points=fate_points,
        power_tier=power_tier if power_tier in TIERS else "Mundane",
        top_skill=ranked[0].name if ranked else "",
        top_rating=ranked[0].rating if ranked else 0,
        stress=stress,
        armor=armor,
        consequences={"trifling": 1, "middling": 1, "grievous": 1},
        extra_consequences=extra,
        tier_benefits_available=available,
    )


def _tracks(
    book: StrangeFateBook, character: StrangeFateCharacter, prices: dict[str, SkillPrice]
) -> tuple[dict[Track, int], dict[Track, int], tuple[ExtraConsequence, ...]]:
    """Stress boxes, Armor and extra consequence slots per track."""
    rules = book.creation.stress
    capacity: dict[Track, int] = dict.fromkeys(TRACKS, 0)
    armor: dict[Track, int] = dict.fromkeys(TRACKS, 0)
    extra: list[ExtraConsequence] = []
    best_slots: dict[tuple[str, str], tuple[int, str]] = {}
    for name, price in prices.items():
        chosen = set(chosen_benefits(book, character, name))
        for use in skill_trappings(book, character, name):
            if use.trapping != "Stress Capacity":
                continue
            for track in (t for t in TRACKS if t in use.details):
                capacity[track] = max(capacity[track], rules.capacity_boxes(price.rating))
                definition = book.benefits.of("Stress Capacity")
                level = definition.at(price.tier) if definition is not None else None
                if level is None or "Stress Capacity" not in chosen:
                    continue
                armor[track] = max(armor[track], level.armor)
                scope = SCOPE_OF_TRACK[track]
                for severity, count in (("trifling", level.trifling), ("middling", level.middling)):
                    if count > best_slots.get((severity, scope), (0, ""))[0]:
                        best_slots[(severity, scope)] = (count, name)
    for (severity, scope), (count, source) in best_slots.items():
        extra.extend(
            ExtraConsequence(severity=severity, scope=scope, source=source) for _ in range(count)
        )
    rugged: dict[Track, int] = dict.fromkeys(TRACKS, 0)
    essential = ("", 0)
    for item in character.equipment:
        counts = Counter((i.name, i.track) for i in item.improvements)
        for track in TRACKS:
            rugged[track] = max(rugged[track], min(3, counts[("Rugged", track)]))
            armor[track] = max(armor[track], min(3, counts[("Protective", track)]))
        slots = min(2, sum(1 for i in item.improvements if i.name == "Essential"))
        if slots > essential[1]:
            essential = (item.name, slots)
    extra.extend(
        ExtraConsequence(severity="trifling", scope="Physical", source=essential[0])
        for _ in range(essential[1])
    )
    stress = {t: rules.boxes + capacity[t] + rugged[t] for t in TRACKS}
    return stress, armor, tuple(extra)
