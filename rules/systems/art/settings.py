"""Rules layer: the ART Engine's campaign settings (the narrator's choices).

The narrator chooses the attribute method (ART Engine, Chapter 2 "Determining Attributes");
the rest are the judgment calls a group may want the other way (docs/rules-notes.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from rules.settings import SystemSettings

Scale = Literal["minutes", "hours", "days", "weeks", "months", "years", "decades"]
"""The time scales of exploration phases, shortest first (ART Engine "Time Scale of Phases")."""

AttributeMethod = Literal["random", "balanced"]


class ArtSettings(SystemSettings):
    """One campaign's ART Engine choices.

    Attributes:
        attribute_method: The method the narrator set for new adventurers, or None when each
            character records its own.
        henchman_trait: Which number of a foe rating's trait band a henchman rolls on:
            ``lowest`` (default) or ``middle`` (ART Engine "Henchman").
        shotgun_attack: The shotgun Attack bonus: +4 (the feature list, default) or +2 (the
            weapon table's notes) (ART Engine "Ranged Weapon Features").
        exploration: An encounter run as exploration phases on the phase track (Chapter 4)
            instead of combat rounds (Chapter 5); set per scene.
        phase_scale: In exploration, the scale the narrator sets for the actions declared:
            what one phase represents ("Time Scale of Phases": minutes = 5 minutes .. decades
            = 10 years).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    attribute_method: AttributeMethod | None = Field(default=None, title="attribute method")
    henchman_trait: Literal["lowest", "middle"] = Field(default="lowest", title="henchman trait")
    shotgun_attack: Literal[2, 4] = Field(default=4, title="shotgun Attack bonus")
    exploration: bool = Field(default=False, title="exploration phases")
    phase_scale: Scale = Field(default="minutes", title="phase scale")
