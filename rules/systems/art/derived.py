"""Rules layer: ART Engine derived values (Health track, Fame, Glory, Fortune, Defense, Attack).

Everything computable from what is filled in; missing inputs leave their values None (ART
Engine, Chapter 2 "Health", "Fame", "Glory", "Fortune", "Armor & Defense", "Shields",
"Weapons & Attack", "Starting Experience").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.systems.art.catalog import ArtCatalog
from rules.systems.art.character import ArtCharacter, Weapon
from rules.systems.art.creation import (
    effective_fortune,
    fortune_rank,
    health_rank,
    weapon_cost,
    xp_spent,
)
from rules.systems.art.scale import Fortune, Result
from rules.systems.art.settings import ArtSettings

MIN_VALUE = 1
"""Defense and Attack can never be less than 1 ("Armor & Defense", "Weapon Attack")."""


class HealthBox(BaseModel):
    """One Health box: its wound level and whether it is checked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    level: str
    level_name: str
    level_index: int
    checked: bool


class WeaponLine(BaseModel):
    """A weapon's Attack, range and (for an area weapon) area damage for this adventurer.

    Attributes:
        name: The weapon.
        attack: Its Attack (never below 1), or None when the attribute is missing.
        range: Range in bands (None for melee: its own band; 1 more with Reach).
        thrown_range: Thrown range in bands for thrown melee weapons.
        aoe: Area damage of an autofire spray, e.g. ``PS x3`` ("Autofire": the AOE Damage
            column is an area weapon's); None for every other weapon, melee ones included.
        cost: Cost with features.
        kind: ``melee`` or ``ranged`` (None when the class is not the book's).
        hands: One- or two-handed (None when the class is not the book's).
        strength: The Strength a two-handed ranged weapon needs ("2h Ranged STR Req"), else
            None.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    attack: int | None
    range: int | None
    thrown_range: int | None
    aoe: str | None
    cost: str
    kind: Literal["melee", "ranged"] | None = None
    hands: Literal[1, 2] | None = None
    strength: int | None = None


class ArtDerived(BaseModel):
    """Every ART Engine value derived from an adventurer."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    health: tuple[HealthBox, ...]
    health_rank: int | None
    defeated: bool
    fame: int
    fame_available: int
    glory: int
    glory_for_next_fame: int
    fortune: int | None
    fortune_name: str
    gear_fortune: int | None
    defense: int | None
    defense_with_shield: int | None
    shield_uses: int | None
    weapons: tuple[WeaponLine, ...]
    xp_starting: int | None
    xp_spent: int
    xp_remaining: int | None
    thrown_range: int | None
    grenade_range: int | None


def _weapon_line(
    c: ArtCharacter, w: Weapon, catalog: ArtCatalog, settings: ArtSettings
) -> WeaponLine:
    cls = catalog.weapon_class(w.weapon_class)
    row = catalog.attack_row(w.cost)
    cost = weapon_cost(w, catalog)
    cost_name = Fortune(min(cost, int(Fortune.FILTHY_RICH))).title
    features = {f.casefold() for f in w.features}
    if cls is None:
        return WeaponLine(
            name=w.name, attack=None, range=None, thrown_range=None, aoe=None, cost=cost_name
        )
    if cls.kind == "melee":
        bonus = sum(f.attack for f in catalog.gear.melee_features if f.name.casefold() in features)
        attr = c.attribute("DEX" if cls.hands == 1 else "STR")
        mod = row.melee_1h if cls.hands == 1 else row.melee_2h
        strength = c.attribute("STR")
        thrown = (
            catalog.thrown(strength).thrown
            if strength is not None and features & {"thrown", "thrown only"}
            else None
        )
        reach = 1 if "reach" in features else None
        attack = None if attr is None else max(MIN_VALUE, attr + mod + bonus)
        return WeaponLine(
            name=w.name, attack=attack, range=reach, thrown_range=thrown, aoe=None,
            cost=cost_name, kind="melee", hands=cls.hands,
        )  # fmt: skip
    alertness = c.attribute("ALE")
    mod = row.ranged_1h if cls.hands == 1 else row.ranged_2h
    shotgun = cls.name == "Shotgun" or "shotgun" in features
    reach = row.range_shotgun if shotgun else (row.range_1h if cls.hands == 1 else row.range_2h)
    bonus = settings.shotgun_attack if shotgun else 0
    for f in catalog.gear.ranged_features:
        if f.name.casefold() not in features or f.name == "Shotgun":
            continue
        reach += f.range
        if not (f.firearm_only_penalty and not cls.firearm):
            bonus += f.attack
    attack = None if alertness is None else max(MIN_VALUE, alertness + mod + bonus)
    # "Autofire": an autofire weapon may spray a band, its damage and victims from the AOE
    # Damage column; no other weapon is an area weapon (grenades are gear, "Grenades").
    autofire = cls.autofire or any(
        f.autofire for f in catalog.gear.ranged_features if f.name.casefold() in features
    )
    aoe = f"{row.aoe_damage.name} x{row.aoe_targets}" if autofire else None
    return WeaponLine(
        name=w.name, attack=attack, range=reach, thrown_range=None, aoe=aoe, cost=cost_name,
        kind="ranged", hands=cls.hands, strength=row.strength_2h if cls.hands == 2 else None,
    )  # fmt: skip


def derive_character(c: ArtCharacter, catalog: ArtCatalog, settings: ArtSettings) -> ArtDerived:
    """The derived values of ``c`` (never raises on a half-made adventurer)."""
    rank = health_rank(c)
    row = catalog.health_rank(rank) if rank is not None else None
    boxes: tuple[HealthBox, ...] = ()
    if row is not None:
        boxes = tuple(
            HealthBox(
                level=level.name,
                level_name=level.title,
                level_index=int(level),
                checked=i < len(c.health_checked) and c.health_checked[i],
            )
            for i, level in enumerate(row.boxes)
        )
    agility = c.attribute("AGI")
    armor_cost = c.armor.cost if c.armor is not None else Fortune.DESTITUTE
    defense = (
        None if agility is None else max(MIN_VALUE, agility + catalog.armor(armor_cost).defense)
    )
    with_shield = uses = None
    if c.shield is not None and defense is not None:
        shield = catalog.shield(c.shield.cost)
        with_shield = defense + shield.defense
        dex, strength = c.attribute("DEX"), c.attribute("STR")
        if dex is not None and strength is not None:
            ranks = next((p.rank for p in c.perks if p.name.casefold() == "shield use"), 0)
            uses = catalog.shield_uses(dex + strength + shield.speed + 2 * ranks)
    fortune = fortune_rank(c, catalog)
    strength = c.attribute("STR")
    thrown = catalog.thrown(strength) if strength is not None else None
    intelligence = c.attribute("INT")
    spent = xp_spent(c, catalog) if c.stage == "creation" else 0
    if c.stage == "creation":
        remaining = None if intelligence is None else intelligence - spent
    else:
        remaining = c.experience
    return ArtDerived(
        health=boxes,
        health_rank=rank,
        defeated=bool(boxes) and all(b.checked for b in boxes),
        fame=c.fame,
        fame_available=max(0, c.fame - c.fame_spent),
        glory=c.glory,
        glory_for_next_fame=10 * max(c.fame, 1),
        fortune=None if fortune is None else int(fortune),
        fortune_name="" if fortune is None else fortune.title,
        gear_fortune=effective_fortune(c, catalog),
        defense=defense,
        defense_with_shield=with_shield,
        shield_uses=uses,
        weapons=tuple(_weapon_line(c, w, catalog, settings) for w in c.weapons),
        xp_starting=intelligence,
        xp_spent=spent,
        xp_remaining=remaining,
        thrown_range=None if thrown is None else thrown.thrown,
        grenade_range=None if thrown is None else thrown.grenade,
    )


def health_levels(c: ArtCharacter, catalog: ArtCatalog) -> tuple[Result, ...]:
    """The wound levels of the adventurer's Health boxes (empty when Stamina is missing)."""
    rank = health_rank(c)
    row = catalog.health_rank(rank) if rank is not None else None
    return () if row is None else row.boxes
