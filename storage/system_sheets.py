"""Storage layer: the printable-sheet plug-in protocol of the game systems, and its loader.

Each game system declares the sheet kinds it prints (a key, a title, and whether the kind is
filled in from a character or printed blank) and builds the
:class:`~storage.pdf.sheet_layout.SheetLayout` parts of each kind. Its plug-in is
``storage.systems.<package>.plugin.PLUGIN``, where ``<package>`` is the system's
:attr:`~rules.systems.registry.SystemInfo.package` from the registration list
(``resources/systems/systems.json``), as for its rules (``storage.systems_catalog``) and its GUI
(``gui.plugins``). A system without a storage plug-in prints :data:`GENERIC`: a blank sheet
built from its ladder and dice, and NPC cards listing skills by rung.

NPC cards and aspect cards (:data:`GM_KINDS`) are the game master's aids and print for every
system; a system only decides what its NPC card says. Nothing here names a system.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem, SystemInfo, SystemRegistry
from storage.pdf import generic
from storage.pdf.sheet_layout import AspectCard, CardLayout, SheetLayout


class SheetKind(BaseModel):
    """One kind of print-out a system offers.

    Attributes:
        key: What ``fatesmith sheet --kind`` takes ("sheet", "worksheet", "blank").
        title: What the print dialog shows ("Story worksheet").
        needs_character: True for a kind filled in from a character; False for a kind printed
            blank, once per system, for hand-filling.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=30)
    title: str = Field(min_length=1)
    needs_character: bool = True


class SheetPlugin(Protocol):
    """What ``storage.systems.<package>.plugin.PLUGIN`` is: a system's printable sheets."""

    @property
    def kinds(self) -> tuple[SheetKind, ...]:
        """The kinds this system prints; the first that needs a character is the default."""

    def fill(
        self,
        kind: str,
        character: CharacterBase,
        system: GameSystem,
        settings: SystemSettings | None = None,
    ) -> tuple[SheetLayout, ...]:
        """The parts of ``kind`` (one of :attr:`kinds` that needs a character), in print order.

        Args:
            kind: The kind's key.
            character: A character of this system.
            system: This system (its ``derive`` gives the printed values).
            settings: The campaign's settings of this system (None: the book's).

        Raises:
            ValueError: for an unknown kind, or a character or settings of another system.
        """

    def blank(self, kind: str, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The parts of ``kind`` (one of :attr:`kinds` printed blank), in print order.

        Raises:
            ValueError: for an unknown kind.
        """

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The NPC card of ``character`` (a character of this system)."""


_C = TypeVar("_C", bound=CharacterBase)
_S = TypeVar("_S")
_T = TypeVar("_T", bound=SystemSettings)


class UnknownSheetKindError(ValueError):
    """A kind the system does not print; the message lists the kinds it does."""


def unknown_kind(system_name: str, kind: str, kinds: Sequence[SheetKind]) -> UnknownSheetKindError:
    """The error for a ``kind`` a plug-in does not print, listing the ones it does."""
    offered = ", ".join(k.key for k in kinds)
    return UnknownSheetKindError(f"{system_name} has no {kind!r} sheet; its kinds are: {offered}")


def own_types(
    character: CharacterBase,
    system: GameSystem,
    settings: SystemSettings | None,
    types: tuple[type[_C], type[_S], type[_T]],
) -> tuple[_C, _S, _T | None]:
    """A plug-in's arguments as its system's own types, or a ValueError naming what is not."""
    character_type, system_type, settings_type = types
    if not isinstance(character, character_type):
        raise ValueError(
            f"a {character.system!r} character cannot be printed on {system.info.name} sheets"
        )
    if not isinstance(system, system_type):
        raise ValueError(f"the {system.info.name} system cannot print these sheets")
    if settings is not None and not isinstance(settings, settings_type):
        raise ValueError(f"these campaign settings are not {system.info.name}'s")
    return character, system, settings


class SheetAndBlank(Generic[_C, _S, _T]):
    """The common shape of a system's sheet plug-in: the character sheet filled in (``sheet``,
    the default kind) and printed blank (``blank``); a subclass builds the pages and its NPC
    card, in its own types (checked here, :func:`own_types`).

    Args:
        name: The system's name, for errors ("FATE 2.0 has no 'x' sheet...").
        types: Its character, system and settings types.
        sheet_title: What the filled-in kind is called.
        blank_title: What the blank kind is called.
    """

    def __init__(
        self,
        name: str,
        types: tuple[type[_C], type[_S], type[_T]],
        sheet_title: str,
        blank_title: str,
    ) -> None:
        self._name = name
        self._types = types
        self._kinds: tuple[SheetKind, ...] = (
            SheetKind(key="sheet", title=sheet_title),
            SheetKind(key="blank", title=blank_title, needs_character=False),
        )

    @property
    def kinds(self) -> tuple[SheetKind, ...]:
        """The filled-in sheet (the default) and the blank one."""
        return self._kinds

    def own(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None
    ) -> tuple[_C, _S, _T | None]:
        """The arguments in the system's own types (ValueError when they are another's)."""
        return own_types(character, system, settings, self._types)

    def fill(
        self,
        kind: str,
        character: CharacterBase,
        system: GameSystem,
        settings: SystemSettings | None = None,
    ) -> tuple[SheetLayout, ...]:
        """The filled-in sheet of ``character``."""
        hero, own_system, own_settings = self.own(character, system, settings)
        if kind == "sheet":
            return self.sheet(hero, own_system, own_settings)
        if kind == "blank":
            raise ValueError("the blank sheet is printed blank, not from a character")
        raise unknown_kind(self._name, kind, self._kinds)

    def blank(self, kind: str, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank sheet's pages."""
        if kind != "blank":
            raise unknown_kind(self._name, kind, self._kinds)
        return self.blank_pages(info)

    def sheet(self, character: _C, system: _S, settings: _T | None) -> tuple[SheetLayout, ...]:
        """The filled-in sheet's pages (a subclass's)."""
        raise NotImplementedError

    def blank_pages(self, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """The blank sheet's pages (a subclass's)."""
        raise NotImplementedError


BLANK = SheetKind(key="blank", title="Blank sheet for hand-filling", needs_character=False)
CARDS = SheetKind(key="cards", title="NPC cards (several a page)")
ASPECT_CARDS = SheetKind(key="aspect-cards", title="Aspect cards (3x5 inch)")
GM_KINDS: tuple[SheetKind, ...] = (CARDS, ASPECT_CARDS)
"""The game master's aids, printed for characters of every system (not declared by one)."""


class GenericSheets:
    """The sheets of a system without a storage plug-in: a generic blank sheet, skills cards."""

    @property
    def kinds(self) -> tuple[SheetKind, ...]:
        """Only the blank sheet: without the system's layouts nothing can be filled in."""
        return (BLANK,)

    def fill(
        self,
        kind: str,
        character: CharacterBase,
        system: GameSystem,
        settings: SystemSettings | None = None,
    ) -> tuple[SheetLayout, ...]:
        """Never called: the generic sheets have no kind that needs a character."""
        raise UnknownSheetKindError(_unknown(system.info, self.kinds, kind))

    def blank(self, kind: str, info: SystemInfo) -> tuple[SheetLayout, ...]:
        """A blank sheet of the system's ladder and dice (:func:`.generic.blank_sheet`)."""
        if kind != BLANK.key:
            raise UnknownSheetKindError(_unknown(info, self.kinds, kind))
        return (generic.blank_sheet(info),)

    def card(
        self, character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
    ) -> CardLayout:
        """The character's name and skills by rung."""
        return generic.skills_card(character, system.info.ladder)


GENERIC = GenericSheets()


# -- finding a system's plug-in ------------------------------------------------------------------


@cache
def _plugin_of(package: str) -> SheetPlugin | None:
    name = f"storage.systems.{package}.plugin"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, f"storage.systems.{package}"):
            return None  # the system has no printable sheets of its own
        raise
    plugin: SheetPlugin = module.PLUGIN
    return plugin


def find_sheet_plugin(info: SystemInfo) -> SheetPlugin | None:
    """The storage plug-in of the system ``info``, or None when it has none."""
    return _plugin_of(info.package) if info.package else None


def sheet_plugin(info: SystemInfo) -> SheetPlugin:
    """The system's storage plug-in, or :data:`GENERIC` for a system without one."""
    return find_sheet_plugin(info) or GENERIC


def sheet_kinds(info: SystemInfo) -> tuple[SheetKind, ...]:
    """The kinds of sheet the system prints (not counting the :data:`GM_KINDS`)."""
    return sheet_plugin(info).kinds


def _unknown(info: SystemInfo, kinds: Iterable[SheetKind], key: str) -> str:
    offered = ", ".join(k.key for k in kinds)
    return f"{info.name} has no {key!r} sheet; its kinds are: {offered}"


def sheet_kind(info: SystemInfo, key: str) -> SheetKind:
    """The kind ``key`` of the system.

    Raises:
        UnknownSheetKindError: naming the kinds the system prints.
    """
    kinds = sheet_kinds(info)
    for kind in kinds:
        if kind.key == key:
            return kind
    raise UnknownSheetKindError(_unknown(info, kinds, key))


def default_kind(info: SystemInfo) -> SheetKind:
    """What printing a character of the system means: its first kind that needs a character,
    else its first kind."""
    kinds = sheet_kinds(info)
    return next((k for k in kinds if k.needs_character), kinds[0])


def blank_kind(info: SystemInfo) -> SheetKind:
    """The system's first kind printed blank (every system has one: :data:`GENERIC` does)."""
    kinds = sheet_kinds(info)
    for kind in kinds:
        if not kind.needs_character:
            return kind
    raise UnknownSheetKindError(f"{info.name} prints no blank sheets")


def common_kinds(infos: Sequence[SystemInfo]) -> tuple[SheetKind, ...]:
    """The kinds every one of ``infos`` prints, in the first system's order."""
    if not infos:
        return ()
    keys = [{k.key for k in sheet_kinds(info)} for info in infos[1:]]
    return tuple(k for k in sheet_kinds(infos[0]) if all(k.key in ks for ks in keys))


# -- building layouts ----------------------------------------------------------------------------


def character_layouts(
    character: CharacterBase,
    system: GameSystem,
    kind: str | None = None,
    settings: SystemSettings | None = None,
) -> tuple[SheetLayout, ...]:
    """The parts printed for ``character`` under ``kind`` (None: the system's default kind).

    A kind printed blank gives the system's blank parts, whoever the character is.

    Raises:
        UnknownSheetKindError: for a kind the system does not print.
        ValueError: for a character of another system.
    """
    info = system.info
    if character.system != info.id:
        raise ValueError(
            f"a {character.system!r} character cannot be printed with the {info.name} sheets"
        )
    spec = sheet_kind(info, kind) if kind is not None else default_kind(info)
    plugin = sheet_plugin(info)
    if not spec.needs_character:
        return plugin.blank(spec.key, info)
    return plugin.fill(spec.key, character, system, settings)


def blank_layouts(info: SystemInfo, kind: str | None = None) -> tuple[SheetLayout, ...]:
    """The blank parts of ``kind`` (None: the system's first blank kind) for hand-filling.

    Raises:
        UnknownSheetKindError: for a kind the system does not print.
        ValueError: for a kind that is filled in from a character.
    """
    spec = sheet_kind(info, kind) if kind is not None else blank_kind(info)
    if spec.needs_character:
        raise ValueError(f"the {info.name} {spec.title.lower()} is printed from a character")
    return sheet_plugin(info).blank(spec.key, info)


def build_sheet(
    character: CharacterBase,
    system: GameSystem,
    kind: str | None = None,
    settings: SystemSettings | None = None,
) -> SheetLayout:
    """The one layout of a single-part kind (a sheet, a worksheet) for ``character``.

    Raises:
        UnknownSheetKindError: for a kind the system does not print.
        ValueError: for a kind printed in several parts, or a character of another system.
    """
    parts = character_layouts(character, system, kind, settings)
    if len(parts) != 1:
        raise ValueError(f"the {kind!r} kind prints {len(parts)} parts; use character_layouts")
    return parts[0]


def build_card(
    character: CharacterBase, system: GameSystem, settings: SystemSettings | None = None
) -> CardLayout:
    """The NPC card of ``character``, as its system prints it."""
    return sheet_plugin(system.info).card(character, system, settings)


def layouts_for(
    characters: Sequence[CharacterBase],
    registry: SystemRegistry,
    kind: str | None = None,
    settings: Mapping[str, SystemSettings] | None = None,
) -> list[SheetLayout]:
    """The layouts printed for ``characters`` under ``kind``, in order.

    Each character is printed with its own system's kind (None: each system's default kind);
    a kind printed blank gives one blank set per distinct system among the characters.

    Args:
        characters: What to print.
        registry: The loaded systems.
        kind: A kind key every character's system prints, or None.
        settings: Campaign settings by system id (missing: the book's).

    Raises:
        UnknownSheetKindError: naming the kinds of the first system that lacks ``kind``.
    """
    layouts: list[SheetLayout] = []
    blanks_done: set[str] = set()
    for character in characters:
        system = registry.get(character.system)
        spec = sheet_kind(system.info, kind) if kind is not None else default_kind(system.info)
        if not spec.needs_character:
            if system.id not in blanks_done:
                blanks_done.add(system.id)
                layouts += blank_layouts(system.info, spec.key)
            continue
        own = (settings or {}).get(system.id)
        layouts += character_layouts(character, system, spec.key, own)
    return layouts


def character_aspects(character: CharacterBase, system: GameSystem) -> tuple[str, ...]:
    """The character's aspects, in the order its system lists them (for aspect cards)."""
    entries = system.listing(character).search_entries
    return tuple(text for field, text in entries if field == "aspect")


def aspect_cards(characters: Sequence[CharacterBase], registry: SystemRegistry) -> list[AspectCard]:
    """One aspect card per aspect of each of ``characters``, naming its owner."""
    return [
        AspectCard(text=text, owner=character.name)
        for character in characters
        for text in character_aspects(character, registry.get(character.system))
    ]
