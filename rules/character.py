"""Rules layer: the parts every character shares, whatever its game system.

A character is a frozen pydantic aggregate. System modules subclass :class:`CharacterBase` with
their own fields; half-made characters are normal, so every field has an "empty" default and
the validators, not the model, report what is missing.
"""

from __future__ import annotations

import uuid
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from rules.names import find_name

ShortText = str  # documented aliases; lengths are limited by Field() where used
MAX_NAME = 200
MAX_TEXT = 20_000
MAX_RATING = 100
Rating = Annotated[StrictInt, Field(ge=-MAX_RATING, le=MAX_RATING)]
"""A skill rating as a file may carry it: bounded, so no library or printer overflows."""

ConflictKind = Literal["physical", "social", "mental"]
Severity = Literal["mild", "moderate", "severe", "extra"]


class Consequence(BaseModel):
    """A lasting-harm aspect a character carries.

    Attributes:
        severity: mild, moderate or severe by the order taken; "extra" for slots granted by
            stunts or a companion outside the ordering (SotC "Consequences"; rules-notes).
        text: The aspect as the victim named it.
        kind: The kind of conflict it came from.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    severity: Severity
    text: str = Field(default="", max_length=MAX_NAME)
    kind: ConflictKind = "physical"


class Condition(BaseModel):
    """A character's current harm and resources, which travel into and out of encounters.

    Attributes:
        health: Checked state of each Health (physical stress) box; empty means all clear.
        composure: Checked state of each Composure (social/mental stress) box.
        consequences: Consequences currently held.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    health: tuple[bool, ...] = Field(default=(), max_length=50)
    composure: tuple[bool, ...] = Field(default=(), max_length=50)
    consequences: tuple[Consequence, ...] = Field(default=(), max_length=20)


class CharacterBase(BaseModel):
    """Fields every system's character has.

    Attributes:
        id: Stable identity across files and libraries.
        system: The id of the character's game system (one registered in
            ``resources/systems/systems.json``).
        name: The character's name; may be empty while creating.
        player: Who plays the character (empty for NPCs).
        skills: Skill name -> rating on the system's ladder; skills not listed take the
            system's default.
        notes: Free text.
        tags: Free labels for sorting and searching the library.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    DOCUMENT_VERSION: ClassVar[int] = 1
    """Version of this system's character documents (``GameSystem.payload_version``): a file
    written at a later version says so in its ``system_version`` key, and an older one is
    brought up by the system's ``upgrade_payload`` steps when read."""

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    system: str
    name: str = Field(default="", max_length=MAX_NAME)
    player: str = Field(default="", max_length=MAX_NAME)
    skills: dict[str, Rating] = Field(default_factory=dict, max_length=200)
    notes: str = Field(default="", max_length=MAX_TEXT)
    tags: tuple[str, ...] = Field(default=(), max_length=50)

    def skill(self, name: str, default: int = 0) -> int:
        """Rating of ``name`` (matched by :func:`rules.names.find_name`), else ``default``."""
        key = find_name(self.skills, name)
        return default if key is None else self.skills[key]
