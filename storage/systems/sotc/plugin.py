"""Storage layer: the Spirit of the Century sheet plug-in entry point.

``PLUGIN`` is what :mod:`storage.system_sheets` looks for: SotC prints its Character Sheet, its
Character Story Worksheet, both together, and both blank for hand-filling (SotC "Character
Sheet", "Character Worksheet"), and NPC cards with its stress tracks.
"""

from __future__ import annotations

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem, SystemInfo
from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.system import SotcSystem
from storage.pdf.sheet_layout import CardLayout, SheetLayout
from storage.system_sheets import SheetKind, UnknownSheetKindError, own_types, unknown_kind
from storage.systems.sotc.cards import npc_card
from storage.systems.sotc.sheets import blank_sheet, character_sheet
from storage.systems.sotc.worksheet import blank_worksheet, story_worksheet

KINDS: tuple[SheetKind, ...] = (
    SheetKind(key="sheet", title="Character sheet"),
    SheetKind(key="worksheet", title="Story worksheet"),
    SheetKind(key="full", title="Sheet and worksheet"),
    SheetKind(key="blank", title="Blank sheets for hand-filling", needs_character=False),
)


def _own(
    character: CharacterBase, system: GameSystem, settings: SystemSettings | None
) -> tuple[SotcCharacter, SotcSystem, SotcSettings | None]:
    return own_types(character, system, settings, (SotcCharacter, SotcSystem, SotcSettings))


def _unknown(kind: str) -> UnknownSheetKindError:
    return unknown_kind("Spirit of the Century", kind, KINDS)


class SotcSheets:
    """Spirit of the Century's printable sheets."""

    @property
    def kinds(self) -> tuple[SheetKind, ...]:
        """Sheet (the default), worksheet, both, and the blank pair."""
        return KINDS

    def fill(
        self,
        kind: str,
        character: CharacterBase,
        system: GameSystem,
        settings: SystemSettings | None = None,
    ) -> tuple[SheetLayout, ...]:
        """The sheet, the worksheet, or both ("full") of ``character``."""
        hero, sotc, rules = _own(character, system, settings)
        if kind == "sheet":
            return (character_sheet(hero, sotc, rules),)
        if kind == "worksheet":
            return (story_worksheet(hero, sotc.info),)
        if kind == "full":
            return (character_sheet(hero, sotc, rules), story_worksheet(hero, sotc.info))
        if kind == "blank":
            raise ValueError("the blank sheets are printed blank, not from a character")
        raise _unknown(kind)

    def blank(self, kind: str, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank sheet (ten boxes per track) and the blank worksheet."""
        if kind != "blank":
            raise _unknown(kind)
        return (blank_sheet(info), blank_worksheet(info))

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The NPC card: skills, aspects, stunts, fate points, consequences, stress boxes."""
        hero, sotc, rules = _own(character, system, settings)
        return npc_card(hero, sotc, rules)


PLUGIN = SotcSheets()
