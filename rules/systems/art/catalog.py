"""Rules layer: the ART Engine's catalogue data (gear tables, perks, health ranks), parsed.

The tables live in ``resources/systems/art/`` (``gear.json``, ``perks.json``,
``advancement.json``), in our own words; the numbers are the book's (ART Engine, Chapter 2
"Armor & Defense", "Shields", "Weapons & Attack", "Starting Skills", "Fortune", "Health";
Chapter 3 "Taking Damage"; Chapter 6 "Increasing Health", "Buying Perks"). Load errors name the
file and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rules.errors import CatalogError
from rules.systems.art.scale import Fortune, Result
from rules.validation import field_path

ATTRIBUTES: tuple[str, ...] = (
    "AGI", "ALE", "CHA", "CRA", "CUN", "DEX", "FAT", "INT", "STA", "STR",
)  # fmt: skip
"""The ten generated attributes (ART Engine, Chapter 1 "Abbreviations"; Defense is derived)."""

ATTRIBUTE_NAMES: dict[str, str] = {
    "AGI": "Agility",
    "ALE": "Alertness",
    "CHA": "Charm",
    "CRA": "Craft",
    "CUN": "Cunning",
    "DEX": "Dexterity",
    "FAT": "Fate",
    "INT": "Intelligence",
    "STA": "Stamina",
    "STR": "Strength",
}

AttributeKey = Literal["AGI", "ALE", "CHA", "CRA", "CUN", "DEX", "FAT", "INT", "STA", "STR"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _fortune(value: object) -> object:
    return Fortune.parse(value) if isinstance(value, str) else value


def _result(value: object) -> object:
    return Result.parse(value) if isinstance(value, str) else value


class ArmorRow(_Model):
    """Armor of one cost: Defense = Agility + ``defense``; Strength needed (None: none)."""

    cost: Fortune
    defense: int
    strength: int | None = None

    _cost = field_validator("cost", mode="before")(_fortune)


class ShieldRow(_Model):
    """A shield of one cost: its Defense bonus and Speed."""

    cost: Fortune
    defense: int = Field(ge=0)
    speed: int = Field(ge=0)

    _cost = field_validator("cost", mode="before")(_fortune)


class Band(_Model):
    """A row of a banded table (``low``-``high`` inclusive)."""

    low: int
    high: int


class ShieldUses(Band):
    """DEX + STR + Speed in ``low``-``high`` allows ``uses`` shield uses a round."""

    uses: int = Field(ge=0)


class ThrownRange(Band):
    """Strength in ``low``-``high``: thrown-weapon and grenade ranges, in bands."""

    thrown: int = Field(ge=0)
    grenade: int = Field(ge=0)


class WeaponClass(_Model):
    """A weapon class: hands, melee or ranged, and whether it is a firearm / can autofire."""

    name: str = Field(min_length=1)
    hands: Literal[1, 2]
    kind: Literal["melee", "ranged"]
    examples: str = ""
    firearm: bool = False
    autofire: bool = False


class WeaponAttackRow(_Model):
    """The Weapon Attack table row of one cost (modifiers to DEX/STR/ALE, ranges in bands)."""

    cost: Fortune
    melee_1h: int
    melee_2h: int
    ranged_1h: int
    range_1h: int
    ranged_2h: int
    strength_2h: int | None = None
    range_2h: int
    range_shotgun: int
    aoe_damage: Result
    aoe_targets: int = Field(ge=1)

    _cost = field_validator("cost", mode="before")(_fortune)
    _aoe = field_validator("aoe_damage", mode="before")(_result)


class MeleeFeature(_Model):
    """A melee weapon feature: cost change in ranks, Attack change, two-handed rule."""

    name: str = Field(min_length=1)
    cost: int
    attack: int = 0
    two_handed: Literal["forbidden", "allowed", "required"] = "allowed"
    summary: str = ""


class RangedFeature(_Model):
    """A ranged weapon feature (cost 0 where the book states none)."""

    name: str = Field(min_length=1)
    cost: int = 0
    attack: int = 0
    range: int = 0
    firearm_only_penalty: bool = False
    two_handed_firearm: bool = False
    autofire: bool = False
    summary: str = ""


class Carry(_Model):
    """Carrying limits: ready, at hand and stowed slots; grenades a slot."""

    ready: int
    at_hand: int
    stowed: int
    grenades_per_slot: int


class GearFile(_Model):
    """``gear.json``."""

    version: int = Field(ge=1, le=1)
    armor: tuple[ArmorRow, ...] = Field(min_length=13, max_length=13)
    shields: tuple[ShieldRow, ...] = Field(min_length=13, max_length=13)
    shield_uses: tuple[ShieldUses, ...] = Field(min_length=1)
    weapon_classes: tuple[WeaponClass, ...] = Field(min_length=1)
    weapon_attack: tuple[WeaponAttackRow, ...] = Field(min_length=13, max_length=13)
    melee_features: tuple[MeleeFeature, ...]
    ranged_features: tuple[RangedFeature, ...]
    thrown_range: tuple[ThrownRange, ...] = Field(min_length=1)
    carry: Carry


class RankRequirement(_Model):
    """Attribute minimums for one rank of a ranked perk."""

    rank: int = Field(ge=1)
    attributes: dict[AttributeKey, int]


class PerkDef(_Model):
    """A perk: XP cost (per rank for ranked perks), prerequisites and kicker digits.

    Attributes:
        name: The book's name.
        xp: XP cost (of each rank when ``per_rank``).
        per_rank: Bought rank by rank.
        max_rank: Highest rank (None: the book sets no maximum).
        attributes: Attribute minimums to buy and to use it.
        perks: Perks needed first.
        rank_attributes: Further minimums for given ranks (Breakfall).
        kickers: Kicker digits it fires on, if any.
        summary: What it does, in our words.
    """

    name: str = Field(min_length=1, max_length=200)
    xp: int = Field(ge=0)
    per_rank: bool = False
    max_rank: int | None = Field(default=1, ge=1)
    attributes: dict[AttributeKey, int] = Field(default_factory=dict)
    perks: tuple[str, ...] = ()
    rank_attributes: tuple[RankRequirement, ...] = ()
    kickers: tuple[int, ...] = ()
    summary: str = ""

    def requirements(self, rank: int) -> dict[str, int]:
        """Attribute minimums for owning ``rank`` ranks."""
        need: dict[str, int] = {str(k): v for k, v in self.attributes.items()}
        for req in self.rank_attributes:
            if req.rank <= rank:
                for key, value in req.attributes.items():
                    need[key] = max(need.get(key, 0), value)
        return need

    def cost(self, rank: int = 1) -> int:
        """XP for ``rank`` ranks."""
        return self.xp * (rank if self.per_rank else 1)


class PerksFile(_Model):
    """``perks.json``."""

    version: int = Field(ge=1, le=1)
    perks: tuple[PerkDef, ...] = Field(min_length=1)


class HealthRank(_Model):
    """A health rank: its four boxes (wound levels, low to high) and the XP to the next rank."""

    rank: int = Field(ge=2, le=20)
    boxes: tuple[Result, ...] = Field(min_length=4, max_length=4)
    xp_to_next: int | None = None

    @field_validator("boxes", mode="before")
    @classmethod
    def _boxes(cls, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return tuple(_result(v) for v in value)
        return value


class SkillCost(_Model):
    """A starting skill level and its total XP cost."""

    level: int = Field(ge=1)
    xp: int = Field(ge=0)


class StartingFortune(_Model):
    """Fate -> starting Fortune."""

    fate: int
    fortune: Fortune

    _f = field_validator("fortune", mode="before")(_fortune)


class PlayerDamage(_Model):
    """Failures on a Defense roll (plus the hazard's damage rating) -> damage."""

    failures: int = Field(ge=1)
    damage: Result

    _d = field_validator("damage", mode="before")(_result)


class AdvancementFile(_Model):
    """``advancement.json``."""

    version: int = Field(ge=1, le=1)
    health_ranks: tuple[HealthRank, ...] = Field(min_length=19, max_length=19)
    starting_skill_costs: tuple[SkillCost, ...] = Field(min_length=1)
    starting_fortune: tuple[StartingFortune, ...] = Field(min_length=1)
    player_damage: tuple[PlayerDamage, ...] = Field(min_length=1)


class ArtCatalog(_Model):
    """Everything the ART system reads from its folder."""

    gear: GearFile
    perks: PerksFile
    advancement: AdvancementFile

    def armor(self, cost: Fortune) -> ArmorRow:
        """The armor row of ``cost``."""
        return self.gear.armor[int(cost)]

    def shield(self, cost: Fortune) -> ShieldRow:
        """The shield row of ``cost``."""
        return self.gear.shields[int(cost)]

    def attack_row(self, cost: Fortune) -> WeaponAttackRow:
        """The Weapon Attack row of ``cost``."""
        return self.gear.weapon_attack[int(cost)]

    def weapon_class(self, name: str) -> WeaponClass | None:
        """The class called ``name`` (case-insensitive), or None."""
        key = name.strip().casefold()
        return next((c for c in self.gear.weapon_classes if c.name.casefold() == key), None)

    def perk(self, name: str) -> PerkDef | None:
        """The perk called ``name`` (case-insensitive), or None."""
        key = name.strip().casefold()
        return next((p for p in self.perks.perks if p.name.casefold() == key), None)

    def health_rank(self, rank: int) -> HealthRank | None:
        """Health rank ``rank`` (2-20), or None."""
        return next((h for h in self.advancement.health_ranks if h.rank == rank), None)

    def skill_cost(self, level: int) -> int | None:
        """Total XP of a starting skill at ``level``, or None above the starting maximum."""
        return next((c.xp for c in self.advancement.starting_skill_costs if c.level == level), None)

    @property
    def max_starting_skill(self) -> int:
        """The highest starting skill level (+4)."""
        return max(c.level for c in self.advancement.starting_skill_costs)

    def starting_fortune(self, fate: int) -> Fortune | None:
        """Starting Fortune for a Fate score, or None outside the table."""
        return next((s.fortune for s in self.advancement.starting_fortune if s.fate == fate), None)

    def shield_uses(self, total: int) -> int:
        """Uses a round for DEX + STR + Speed; past the table, one more per 5 (judgment call)."""
        for row in self.gear.shield_uses:
            if row.low <= total <= row.high:
                return row.uses
        last = self.gear.shield_uses[-1]
        if total > last.high:
            return last.uses + -(-(total - last.high) // 5)
        return 0

    def thrown(self, strength: int) -> ThrownRange:
        """Thrown and grenade ranges for ``strength`` (clamped into the table)."""
        rows = self.gear.thrown_range
        for row in rows:
            if row.low <= strength <= row.high:
                return row
        return rows[0] if strength < rows[0].low else rows[-1]

    def damage_for_failures(self, failures: int) -> Result:
        """The Player Damage table: 1 failure is Inferior ... 7 Awesome; past 7, one level a
        failure, capped at Extreme (judgment call)."""
        for row in self.advancement.player_damage:
            if row.failures == failures:
                return row.damage
        last = self.advancement.player_damage[-1]
        return Result(min(int(Result.EX), int(last.damage) + failures - last.failures))


FILES: dict[str, type[BaseModel]] = {
    "gear.json": GearFile,
    "perks.json": PerksFile,
    "advancement.json": AdvancementFile,
}


def parse_art_catalog(files: Mapping[str, object]) -> ArtCatalog:
    """The catalogue from the parsed JSON files.

    Raises:
        CatalogError: naming the file and field at fault.
    """
    parsed: dict[str, BaseModel] = {}
    for name, model in FILES.items():
        if name not in files:
            raise CatalogError(name, "", "file is missing from the system folder")
        try:
            parsed[name] = model.model_validate(files[name])
        except ValidationError as exc:
            first = exc.errors()[0]
            raise CatalogError(name, field_path(tuple(first["loc"])), first["msg"]) from None
    gear = parsed["gear.json"]
    perks = parsed["perks.json"]
    advancement = parsed["advancement.json"]
    assert isinstance(gear, GearFile)
    assert isinstance(perks, PerksFile)
    assert isinstance(advancement, AdvancementFile)
    for i, row in enumerate(gear.armor):
        if int(row.cost) != i:
            raise CatalogError("gear.json", f"armor[{i}].cost", "rows must run Destitute up")
    for i, wrow in enumerate(gear.weapon_attack):
        if int(wrow.cost) != i:
            raise CatalogError(
                "gear.json", f"weapon_attack[{i}].cost", "rows must run Destitute up"
            )
    names = {p.name for p in perks.perks}
    for i, perk in enumerate(perks.perks):
        for need in perk.perks:
            if need not in names:
                raise CatalogError("perks.json", f"perks[{i}].perks", f"unknown perk {need!r}")
    return ArtCatalog(gear=gear, perks=perks, advancement=advancement)
