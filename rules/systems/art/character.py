"""Rules layer: the ART Engine adventurer (ART Engine, Chapter 2 "Creating an Adventurer").

Every field defaults to "not filled in yet", so a half-made adventurer loads and validates; the
validators in :mod:`rules.systems.art.creation` say what is missing. Costs and ranks are Fortune
ranks (0 Destitute ... 12 Filthy Rich; names are accepted too).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt

from rules.character import MAX_NAME, MAX_TEXT, CharacterBase
from rules.systems.art.catalog import AttributeKey
from rules.systems.art.scale import Fortune


def _fortune(value: object) -> object:
    return Fortune.parse(value) if isinstance(value, str) else value


Cost = Annotated[Fortune, BeforeValidator(_fortune)]
Slot = Literal["ready", "at_hand", "stowed"]
AttributeMethod = Literal["random", "balanced"]


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Armor(_Part):
    """Worn armor: its cost sets Defense and the Strength needed ("Armor & Defense").

    Attributes:
        name: What it is ("chain shirt").
        cost: Its Fortune cost.
        bulletproof: Designated for the Bulletproof Armor perk.
    """

    name: str = Field(default="", max_length=MAX_NAME)
    cost: Cost = Fortune.DESTITUTE
    bulletproof: bool = False


class Shield(_Part):
    """A shield ("Shields"); it must be at hand (or ready) to be used."""

    name: str = Field(default="", max_length=MAX_NAME)
    cost: Cost = Fortune.DESTITUTE
    slot: Slot = "at_hand"


class Weapon(_Part):
    """A weapon: class, cost and features ("Weapons & Attack").

    Attributes:
        name: What it is ("sword").
        weapon_class: The book's class (Blade, Rifle, ...).
        cost: Its base Fortune cost (features change it).
        features: Melee or ranged feature names.
        small_or_hafted: A small blade or hafted weapon: Thrown costs nothing.
        slot: Where it is carried.
    """

    name: str = Field(default="", max_length=MAX_NAME)
    weapon_class: str = Field(default="", max_length=MAX_NAME)
    cost: Cost = Fortune.DESTITUTE
    features: tuple[str, ...] = Field(default=(), max_length=10)
    small_or_hafted: bool = False
    slot: Slot = "ready"


class GearItem(_Part):
    """Other gear: an item, a kit of small items, or grenades (4 to a slot) ("Gear").

    Attributes:
        name: What it is.
        cost: Its Fortune cost (None when it has none).
        slot: Where it is carried.
        grenades: How many grenades (0 for anything else).
    """

    name: str = Field(default="", max_length=MAX_NAME)
    cost: Cost | None = None
    slot: Slot = "stowed"
    grenades: int = Field(default=0, ge=0, le=100)


class Treasure(_Part):
    """A treasure and its Fortune value ("Treasures")."""

    name: str = Field(default="", max_length=MAX_NAME)
    value: Cost = Fortune.DESTITUTE


class Trophy(_Part):
    """A trophy: a special item with a Fortune cost and an ability ("Trophies")."""

    name: str = Field(default="", max_length=MAX_NAME)
    cost: Cost = Fortune.DESTITUTE
    ability: str = Field(default="", max_length=MAX_TEXT)


class PerkTake(_Part):
    """A perk the adventurer has; a name not in the book is a custom perk the narrator allowed.

    Attributes:
        name: The perk.
        rank: Ranks owned (1 for perks without ranks).
        xp: XP paid for a custom perk (book perks use the book's cost).
    """

    name: str = Field(default="", max_length=MAX_NAME)
    rank: int = Field(default=1, ge=0, le=99)
    xp: int | None = Field(default=None, ge=0, le=999)


class ArtCharacter(CharacterBase):
    """An ART Engine adventurer.

    Attributes:
        system: Always ``"art"``.
        skills: Skill name -> rating (+1 .. +8; +4 at most when bought at creation).
        stage: ``creation`` (before the first adventure: starting rules are checked) or
            ``play``.
        goals: Goals and motivation ("Goals & Motivation").
        attribute_method: ``random`` or ``balanced`` ("Determining Attributes").
        attributes: Attribute abbreviation -> score (2-12 at creation).
        attribute_rolls: Random method: the 2d6 scores rolled, in order.
        balanced_pairs: Balanced method: the two numbers used for each attribute.
        attribute_inspiration: Inspiration points next to each attribute.
        skill_inspiration: Inspiration points next to each skill (0-4).
        health_rank: Health rank 2-20 (None: the Stamina score, as at creation).
        health_checked: Checked state of the four Health boxes, left to right.
        fame: Fame score (1 at creation).
        fame_spent: Tally of Fame expended.
        glory: Glory.
        fortune: Fortune rank (None: the starting Fortune from Fate).
        experience: Unspent XP (play stage; at creation it is Intelligence minus purchases).
        equipping_others: Other characters this one equips (one Fortune rank each, for gear).
        perks: Perks owned.
        armor: Worn armor (None: none, which counts as Destitute armor).
        shield: Carried shield.
        weapons: Weapons carried.
        gear: Other gear.
        treasures: Treasures found this adventure.
        trophies: Trophies.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: Literal["art"] = "art"
    stage: Literal["creation", "play"] = "creation"
    goals: str = Field(default="", max_length=MAX_TEXT)
    attribute_method: AttributeMethod | None = None
    attributes: dict[AttributeKey, StrictInt] = Field(default_factory=dict)
    attribute_rolls: tuple[StrictInt, ...] = Field(default=(), max_length=10)
    balanced_pairs: dict[AttributeKey, tuple[StrictInt, StrictInt]] = Field(default_factory=dict)
    attribute_inspiration: dict[AttributeKey, StrictInt] = Field(default_factory=dict)
    skill_inspiration: dict[str, StrictInt] = Field(default_factory=dict, max_length=200)
    health_rank: int | None = Field(default=None, ge=0, le=99)
    health_checked: tuple[bool, ...] = Field(default=(), max_length=4)
    fame: int = Field(default=1, ge=0, le=999)
    fame_spent: int = Field(default=0, ge=0, le=999)
    glory: int = Field(default=0, ge=0, le=99_999)
    fortune: Cost | None = None
    experience: int = Field(default=0, ge=0, le=9_999)
    equipping_others: int = Field(default=0, ge=0, le=20)
    perks: tuple[PerkTake, ...] = Field(default=(), max_length=100)
    armor: Armor | None = None
    shield: Shield | None = None
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=30)
    gear: tuple[GearItem, ...] = Field(default=(), max_length=60)
    treasures: tuple[Treasure, ...] = Field(default=(), max_length=60)
    trophies: tuple[Trophy, ...] = Field(default=(), max_length=30)

    def attribute(self, key: str) -> int | None:
        """The score of attribute ``key`` (``"AGI"``), or None when not filled in."""
        value = self.attributes.get(key)  # type: ignore[call-overload]
        return None if value is None else int(value)
