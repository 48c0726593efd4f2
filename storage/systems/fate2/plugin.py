"""Storage layer: the FATE 2.0 sheet plug-in entry point.

``PLUGIN`` is what :mod:`storage.system_sheets` looks for: FATE 2.0 prints its Character Sheet
(the fields of the book's sample sheets, digest fate2.md section 13), the phase worksheet filled
in from a character's phase history, the same sheet blank with a phase worksheet for
hand-filling, and NPC cards with the wound track.
"""

from __future__ import annotations

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.derive import wound_track
from rules.systems.fate2.settings import Fate2Settings, WoundBoxes
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import GameSystem, SystemInfo
from storage.pdf.sheet_layout import CardLayout, SheetLayout
from storage.system_sheets import SheetAndBlank, SheetKind
from storage.systems.fate2.cards import npc_card
from storage.systems.fate2.sheets import (
    blank_phases,
    blank_sheet,
    character_sheet,
    phase_worksheet,
)


class Fate2Sheets(SheetAndBlank[Fate2Character, Fate2System, Fate2Settings]):
    """FATE 2.0's printable sheets."""

    def __init__(self) -> None:
        super().__init__(
            "FATE 2.0",
            (Fate2Character, Fate2System, Fate2Settings),
            "Character sheet",
            "Blank sheet and phase worksheet",
        )
        sheet, blank = self._kinds
        self._kinds = (sheet, SheetKind(key="worksheet", title="Phase worksheet"), blank)

    def fill(
        self,
        kind: str,
        character: CharacterBase,
        system: GameSystem,
        settings: SystemSettings | None = None,
    ) -> tuple[SheetLayout, ...]:
        """The character sheet, or the phase worksheet filled in from the phase history."""
        if kind == "worksheet":
            hero, fate2, _own = self.own(character, system, settings)
            return (phase_worksheet(hero, fate2.info),)
        return super().fill(kind, character, system, settings)

    def sheet(
        self, character: Fate2Character, system: Fate2System, settings: Fate2Settings | None
    ) -> tuple[SheetLayout, ...]:
        """The character sheet of ``character``."""
        return (character_sheet(character, system, settings),)

    def blank_pages(self, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank sheet (with the book's wound track, §8 Table 2) and the phase worksheet."""
        return (blank_sheet(info, wound_track(WoundBoxes())), blank_phases(info))

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The NPC card: skills, aspects, extras, fate points, the wound track."""
        hero, fate2, own = self.own(character, system, settings)
        return npc_card(hero, fate2, own)


PLUGIN = Fate2Sheets()
