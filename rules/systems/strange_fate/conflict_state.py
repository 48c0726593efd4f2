"""Rules layer: the harm a Strange Fate character carries between scenes (stress boxes on three
tracks, consequences by severity and scope), which travels into and out of encounters.

«Stress» (L4191-L4199): Health, Composure and Reputation tracks of numbered boxes.
«Consequences» (L4201-L4224): Trifling, Middling and Grievous, each in the scope of the attack
that caused it (Physical, Mental or Social).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.character import MAX_NAME

_FROZEN = ConfigDict(frozen=True, extra="forbid")

ConsequenceSeverity = Literal["trifling", "middling", "grievous"]
ConsequenceScope = Literal[
    "physical", "social", "mental"
]  # ConflictKind's order (typing caches equal Literals)
SEVERITIES: tuple[ConsequenceSeverity, ...] = ("trifling", "middling", "grievous")
"""Lightest first (L4211-L4216)."""

Boxes = Annotated[tuple[bool, ...], Field(max_length=60)]


class HeldConsequence(BaseModel):
    """A consequence the character carries.

    Attributes:
        severity: Trifling, Middling or Grievous.
        scope: The scope of the attack that caused it (L4205: a punch may leave a Physical
            "Shaken Confidence").
        text: The aspect as the victim named it.
        group: Taken from the adversaries' shared pool (L4580-L4597), not a personal slot.
    """

    model_config = _FROZEN

    severity: ConsequenceSeverity
    scope: ConsequenceScope = "physical"
    text: str = Field(default="", max_length=MAX_NAME)
    group: bool = False


class StrangeFateCondition(BaseModel):
    """Checked stress boxes on each track and the consequences held.

    Attributes:
        health: Checked state of each Health box (empty: all clear).
        composure: Checked state of each Composure box.
        reputation: Checked state of each Reputation box.
        consequences: Consequences held now.
    """

    model_config = _FROZEN

    health: Boxes = ()
    composure: Boxes = ()
    reputation: Boxes = ()
    consequences: tuple[HeldConsequence, ...] = Field(default=(), max_length=20)

    def track(self, name: str) -> tuple[bool, ...]:
        """The boxes of ``name`` ("Health", "Composure", "Reputation", any case)."""
        key = name.casefold()
        if key == "health":
            return self.health
        if key == "composure":
            return self.composure
        if key == "reputation":
            return self.reputation
        return ()
