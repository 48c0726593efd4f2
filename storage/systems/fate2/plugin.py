"""Storage layer: the FATE 2.0 sheet plug-in entry point.

``PLUGIN`` is what :mod:`storage.system_sheets` looks for: FATE 2.0 prints its Character Sheet
(the fields of the book's sample sheets, digest fate2.md section 13), the same sheet blank with a
phase worksheet for hand-filling, and NPC cards with the wound track.
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
from storage.system_sheets import SheetKind, UnknownSheetKindError, own_types, unknown_kind
from storage.systems.fate2.cards import npc_card
from storage.systems.fate2.sheets import blank_phases, blank_sheet, character_sheet

KINDS: tuple[SheetKind, ...] = (
    SheetKind(key="sheet", title="Character sheet"),
    SheetKind(key="blank", title="Blank sheet and phase worksheet", needs_character=False),
)


def _own(
    character: CharacterBase, system: GameSystem, settings: SystemSettings | None
) -> tuple[Fate2Character, Fate2System, Fate2Settings | None]:
    return own_types(character, system, settings, (Fate2Character, Fate2System, Fate2Settings))


def _unknown(kind: str) -> UnknownSheetKindError:
    return unknown_kind("FATE 2.0", kind, KINDS)


class Fate2Sheets:
    """FATE 2.0's printable sheets."""

    @property
    def kinds(self) -> tuple[SheetKind, ...]:
        """The character sheet (the default) and the blank sheet."""
        return KINDS

    def fill(
        self,
        kind: str,
        character: CharacterBase,
        system: GameSystem,
        settings: SystemSettings | None = None,
    ) -> tuple[SheetLayout, ...]:
        """The character sheet of ``character``."""
        hero, fate2, own = _own(character, system, settings)
        if kind == "sheet":
            return (character_sheet(hero, fate2, own),)
        if kind == "blank":
            raise ValueError("the blank sheet is printed blank, not from a character")
        raise _unknown(kind)

    def blank(self, kind: str, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank sheet (with the book's wound track, §8 Table 2) and the phase worksheet."""
        if kind != "blank":
            raise _unknown(kind)
        return (blank_sheet(info, wound_track(WoundBoxes())), blank_phases(info))

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The NPC card: skills, aspects, extras, fate points, the wound track."""
        hero, fate2, own = _own(character, system, settings)
        return npc_card(hero, fate2, own)


PLUGIN = Fate2Sheets()
