"""Rules layer: Spirit of the Century's campaign settings (house rules and the variant).

The books make many things the group's choice (renamed or dropped skills, how weird the world
is, optional rules). These switches live on the campaign and are passed to validators, derived
values and the conflict engine, so a variant is a setting, never a fork of the code.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from rules.settings import SystemSettings

Weirdness = Literal[
    "outside-your-window", "world-of-mystery", "world-of-adventure", "world-of-magic",
    "world-of-tomorrow",
]  # fmt: skip


class SotcSettings(SystemSettings):
    """House rules and setting decisions for one campaign.

    Attributes:
        renamed_skills: Book skill name -> the campaign's name for it (SotC "Guns" may become
            "Bows", SotC L1937).
        removed_skills: Book skill names the campaign drops (SotC may drop Mysteries, L5782).
        weirdness: SotC "Setting Decisions" weirdness level (default World of Adventure).
        stress_boxes: Boxes every stress track starts with before skill bonuses: 5 in the SotC
            book, 3 under the "How To Do Things" wiki variant.
        companions_have_stress: "How To Do Things" variant: an attached companion soaks hits on
            its own stress track.
        rotating_initiative: SotC's alternative initiative rule (first actor rotates).
        fate_point_bonus: Whether a fate point may buy a flat +1 (SotC says groups often drop it).
        escalating_compels: SotC optional escalation of compels.
        universal_gadget_lasts: "session" (stunt text) or "adventure" (gadget chapter).
        grit: Whether NPCs use the optional grit rule.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    renamed_skills: dict[str, str] = Field(default_factory=dict, max_length=50)
    removed_skills: tuple[str, ...] = Field(default=(), max_length=50)
    weirdness: Weirdness = "world-of-adventure"
    stress_boxes: int = Field(default=5, ge=1, le=10)
    companions_have_stress: bool = False
    rotating_initiative: bool = False
    fate_point_bonus: bool = True
    escalating_compels: bool = False
    universal_gadget_lasts: Literal["session", "adventure"] = "session"
    grit: bool = True

    def skill_list(self, book_skills: tuple[str, ...]) -> tuple[str, ...]:
        """The campaign's skill names: the book's list, minus removed skills, renamed."""
        removed = {s.casefold() for s in self.removed_skills}
        return tuple(
            self.renamed_skills.get(s, s) for s in book_skills if s.casefold() not in removed
        )

    def book_name(self, campaign_skill: str) -> str:
        """Map a campaign skill name back to the book's name (identity when not renamed)."""
        for book, renamed in self.renamed_skills.items():
            if renamed.casefold() == campaign_skill.casefold():
                return book
        return campaign_skill


HOW_TO_DO_THINGS = SotcSettings(stress_boxes=3, companions_have_stress=True)
"""The "How To Do Things" wiki variant of SotC conflicts: 3 boxes, companions with stress."""
