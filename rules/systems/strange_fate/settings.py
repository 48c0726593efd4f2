"""Rules layer: Strange Fate's campaign settings (era, Common skills, the dice across Power Tiers,
and the book's optional rules).

A campaign stores these as JSON; :meth:`StrangeFateSystem.parse_settings` reads them back. Every
default is the book's: no era until the group picks one (the era sets Refresh, L329), Common
skills in use (L1107-L1115 makes dropping them an option), Fudge dice across tiers (L1153; the
d6-d6 alternatives are L1170-L1178), Gifts without Flaws (L3665 calls that rule optional).
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from rules.settings import SystemSettings
from rules.systems.strange_fate.creation import EraKey

TierDice = Literal["fudge", "d6-extra", "d6-plus3"]
"""How Power Tiers change the dice (L1153, L1170-L1178): ``fudge`` replaces one Fudge die with a
d6 per tier of difference; ``d6-extra`` rolls d6-d6 with one extra d6 per tier; ``d6-plus3`` rolls
d6-d6 and adds 3 per tier."""


class StrangeFateSettings(SystemSettings):
    """One campaign's choices.

    Attributes:
        era: The time period (Early, Middle or Late Century), which sets every character's
            starting Refresh (6, 8 or 10 for PCs, L329); None until chosen. A character may name
            its own era, which wins.
        common_skills: False drops Common skills: every skill is designed and characters start
            with 45 skill points instead of 30 («A World Without Common Skills?», L1107-L1115).
        tier_dice: The dice across Power Tiers (see :data:`TierDice`).
        gifts_and_flaws: The optional «Gifts and Flaws» rule (L3665-L3681): a Drawback on a
            Companion or Equipment gives one more improvement.
        max_tier_difference: Most tiers of difference the dice honour (4 with Fudge dice: all
            four dice are d6 by then; rules-notes).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    era: EraKey | None = None
    common_skills: bool = True
    tier_dice: TierDice = "fudge"
    gifts_and_flaws: bool = False
    max_tier_difference: int = Field(default=4, ge=1, le=4)


DEFAULT_SETTINGS = StrangeFateSettings()
