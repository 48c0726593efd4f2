"""Builders for SotC test characters (original characters, not the book's)."""

from __future__ import annotations

import uuid
from typing import Any

from rules.systems.sotc.character import SotcCharacter

COMPLETE_SKILLS: dict[str, int] = {
    "Athletics": 5,
    "Alertness": 4, "Fists": 4,
    "Endurance": 3, "Resolve": 3, "Deceit": 3,
    "Academics": 2, "Engineering": 2, "Empathy": 2, "Investigation": 2,
    "Guns": 1, "Rapport": 1, "Stealth": 1, "Science": 1, "Drive": 1,
}  # fmt: skip

NOVEL_A = uuid.UUID("00000000-0000-4000-8000-00000000000a")
NOVEL_B = uuid.UUID("00000000-0000-4000-8000-00000000000b")


def complete_document(**overrides: Any) -> dict[str, Any]:
    """A finished, valid SotC character as a plain dict (edit freely, then build)."""
    doc: dict[str, Any] = {
        "name": "Ada Thorne",
        "player": "Sam",
        "concept": "Aviatrix with a scandalous past",
        "skills": dict(COMPLETE_SKILLS),
        "phases": [
            {
                "events": "Grew up on a Yorkshire airfield.",
                "aspects": ["Oil in My Veins", "Stubborn as a Mule"],
            },
            {
                "events": "Ferried planes across the Channel.",
                "aspects": ["Never Left Behind", "Owes the RAF"],
                "mentor": "Major Huw Pryce",
                "mentor_fate": "Retired to run a pub in Cardiff.",
            },
            {
                "events": "Races a rival across the Sahara for a lost engine.",
                "aspects": ["Dunes Are Just Slow Clouds", "A Rival in Every Port"],
                "novel_title": "Ada Thorne and the Sand Engine!",
            },
            {
                "events": "Flew the getaway plane.",
                "aspects": ["Steady Hands at Night", "Friends in the Foreign Legion"],
                "guest_star_in": {
                    "title": "Dr. Vell and the Glass City",
                    "author": "Dr. Vell",
                    "character_id": str(NOVEL_A),
                },
            },
            {
                "events": "Mapped the storm.",
                "aspects": ["I've Seen Worse Weather", "The Sky Remembers"],
                "guest_star_in": {
                    "title": "Kid Brass vs. the Iron Syndicate",
                    "author": "Kid Brass",
                    "character_id": str(NOVEL_B),
                },
            },
        ],
        "stunts": [
            {"name": "Danger Sense"},
            {"name": "Mighty Leap"},
            {"name": "Clever Disguise"},
            {"name": "Linguist", "detail": "French, Arabic, Tamazight, Greek, Turkish"},
            {"name": "Personal Gadget"},
        ],
        "gadgets": [
            {
                "name": "Sky Lark",
                "base": "flying helmet",
                "improvements": [
                    {"name": "Additional Capability", "detail": "radio"},
                    {"name": "Upgrade", "detail": "+2 to spot things in the air"},
                    {"name": "Craftsmanship", "detail": "+1 to Pilot"},
                ],
            },
        ],
    }
    doc.update(overrides)
    return doc


def build(**overrides: Any) -> SotcCharacter:
    """A :class:`SotcCharacter` from :func:`complete_document` with overrides."""
    return SotcCharacter.model_validate(complete_document(**overrides))
