"""Storage layer: the Strange Fate sheet plug-in entry point.

``PLUGIN`` is what :mod:`storage.system_sheets` looks for: Strange Fate prints its Character
Sheet (every designed skill with its trappings, Extras, Drawbacks and cost), the same sheet blank
for hand-filling, and NPC cards with its three stress tracks.
"""

from __future__ import annotations

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem, SystemInfo
from rules.systems.strange_fate.character import StrangeFateCharacter
from rules.systems.strange_fate.derive import TRACKS
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.systems.strange_fate.system import StrangeFateSystem
from storage.pdf.generic import skills_card
from storage.pdf.sheet_layout import CardLayout, FieldLine, SheetLayout, Track
from storage.system_sheets import SheetAndBlank
from storage.systems.strange_fate.sheets import blank_sheet, character_sheet


class StrangeFateSheets(
    SheetAndBlank[StrangeFateCharacter, StrangeFateSystem, StrangeFateSettings]
):
    """Strange Fate's printable sheets."""

    def __init__(self) -> None:
        super().__init__(
            "Strange Fate",
            (StrangeFateCharacter, StrangeFateSystem, StrangeFateSettings),
            "Character sheet",
            "Blank sheet for hand-filling",
        )

    def sheet(
        self,
        character: StrangeFateCharacter,
        system: StrangeFateSystem,
        settings: StrangeFateSettings | None,
    ) -> tuple[SheetLayout, ...]:
        """The Character Sheet of ``character``."""
        return (character_sheet(character, system, settings),)

    def blank_pages(self, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank Character Sheet."""
        return (blank_sheet(info),)

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The NPC card: skills by rung with their tiers, aspects, Gifts, Refresh, stress."""
        hero, sf, rules = self.own(character, system, settings)
        derived = sf.derive(hero, rules)
        shown = hero.model_copy(
            update={
                "skills": {
                    (n if hero.tier_of(n) == "Mundane" else f"{n} ({hero.tier_of(n)[0]})"): v
                    for n, v in hero.skills.items()
                }
            }
        )
        base = skills_card(shown, sf.info.ladder)
        lines = list(base.lines)
        aspects = [a.text for a in hero.aspects if a.text.strip()]
        if aspects:
            lines.append(FieldLine(label="Aspects", value=" · ".join(aspects)))
        if hero.gifts:
            lines.append(FieldLine(label="Gifts", value=", ".join(g.name for g in hero.gifts)))
        if derived.refresh is not None:
            lines.append(FieldLine(label="Refresh", value=str(derived.refresh)))
        held = hero.condition.consequences
        if held:
            lines.append(
                FieldLine(
                    label="Consequences",
                    value="; ".join(f"{c.severity.title()} ({c.scope}): {c.text}" for c in held),
                )
            )
        return CardLayout(
            title=base.title,
            subtitle=" · ".join(x for x in (hero.archetype, hero.social_class) if x),
            lines=tuple(lines),
            tracks=tuple(
                Track(label=t, boxes=derived.stress[t], checked=hero.condition.track(t))
                for t in TRACKS
            ),
        )


PLUGIN = StrangeFateSheets()
