"""Storage layer: the ART Engine sheet plug-in entry point.

``PLUGIN`` is what :mod:`storage.system_sheets` looks for: the ART Engine prints its adventurer
sheet filled in or blank, and an NPC card with the attributes, skills and Health boxes.
"""

from __future__ import annotations

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.art.catalog import ATTRIBUTES
from rules.systems.art.character import ArtCharacter
from rules.systems.art.settings import ArtSettings
from rules.systems.art.system import ArtSystem
from rules.systems.registry import GameSystem, SystemInfo
from storage.pdf.sheet_layout import CardLayout, FieldLine, SheetLayout, Track
from storage.system_sheets import SheetAndBlank
from storage.systems.art.sheets import blank_sheet, character_sheet


class ArtSheets(SheetAndBlank[ArtCharacter, ArtSystem, ArtSettings]):
    """The ART Engine's printable sheets."""

    def __init__(self) -> None:
        super().__init__(
            "The ART Engine",
            (ArtCharacter, ArtSystem, ArtSettings),
            "Adventurer sheet",
            "Blank sheet for hand-filling",
        )

    def sheet(
        self, character: ArtCharacter, system: ArtSystem, settings: ArtSettings | None
    ) -> tuple[SheetLayout, ...]:
        """The adventurer sheet of ``character``."""
        return (character_sheet(character, system, settings),)

    def blank_pages(self, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank adventurer sheet."""
        return (blank_sheet(info),)

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The NPC card: attributes, Defense, weapons' Attack, skills, perks, Health boxes."""
        hero, art, rules = self.own(character, system, settings)
        derived = art.derive(hero, rules)
        scores = " ".join(
            f"{key} {hero.attributes[key]}" for key in ATTRIBUTES if key in hero.attributes
        )
        lines = [FieldLine(label="Attributes", value=scores)]
        if derived.defense is not None:
            lines.append(FieldLine(label="Defense", value=str(derived.defense)))
        for weapon in derived.weapons:
            if weapon.attack is not None:
                lines.append(
                    FieldLine(label=weapon.name or "Weapon", value=f"Attack {weapon.attack}")
                )
        if hero.skills:
            skills = ", ".join(f"{n} +{r}" for n, r in sorted(hero.skills.items()))
            lines.append(FieldLine(label="Skills", value=skills))
        if hero.perks:
            lines.append(FieldLine(label="Perks", value=", ".join(p.name for p in hero.perks)))
        return CardLayout(
            title=hero.name,
            subtitle=f"Fame {hero.fame}",
            lines=tuple(lines),
            tracks=tuple(
                Track(label=box.level, boxes=1, checked=(box.checked,)) for box in derived.health
            ),
        )


PLUGIN = ArtSheets()
