"""GUI layer: the columns of the library's tables, as data (STYLE.md "Columns are data").

A column says how to show, sort and explain one field of a row object; the table models read
these lists and never special-case a column by position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, Generic, NamedTuple, TypeVar

from PySide6.QtCore import Qt

T = TypeVar("T")

ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row object's stable id (a ``uuid.UUID``)."""
OBJECT_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row object itself (a ``CharacterSummary`` or ``Campaign``)."""
SORT_ROLE = Qt.ItemDataRole.UserRole + 3
"""A plain value that sorts the column naturally (numbers, folded text, timestamps)."""

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter


class Column(NamedTuple, Generic[T]):
    """One column of a table over row objects of type ``T``.

    Attributes:
        key: Stable identifier (used by tests and saved header state).
        header: The header label.
        display: The text shown for a row.
        sort_key: The value that sorts the column; defaults to the folded display text.
        tooltip: Optional hover text for a row.
        alignment: Text alignment in the cell.
        width: Preferred initial width in pixels (0: let the view decide).
    """

    key: str
    header: str
    display: Callable[[T], str]
    sort_key: Callable[[T], Any] | None = None
    tooltip: Callable[[T], str] | None = None
    alignment: Qt.AlignmentFlag = LEFT
    width: int = 0

    def sort_value(self, row: T) -> Any:
        """The sort value of ``row`` in this column."""
        if self.sort_key is not None:
            return self.sort_key(row)
        return self.display(row).casefold()


def when(moment: datetime) -> str:
    """A timestamp in the user's local time, minutes precision."""
    try:
        local = moment.astimezone() if moment.tzinfo is not None else moment
    except (OverflowError, OSError, ValueError):
        local = moment
    return local.strftime("%Y-%m-%d %H:%M")


class SystemNames:
    """Display names of the game systems, from the registry's infos (``SystemInfo.name``).

    Until :meth:`set_infos` is called, the names are read once from the bundled system files
    (:func:`storage.quick_listing.system_names`, without loading any catalogue), so the first
    listing names its systems; an id nobody names is shown as it is.
    """

    def __init__(self) -> None:
        self._names: dict[str, str] | None = None

    def set_infos(self, infos: Iterable[Any]) -> None:
        """Take the names from the registry's infos (objects with ``id`` and ``name``)."""
        self._names = {str(i.id): str(i.name) for i in infos}

    def label(self, system_id: str) -> str:
        """The system's full name."""
        if self._names is None:
            from storage.quick_listing import system_names

            self._names = system_names()
        return self._names.get(system_id, system_id)

    def short(self, system_id: str) -> str:
        """A name for narrow columns (the full name is the tooltip): see :func:`short_name`."""
        return short_name(self.label(system_id))


def short_name(name: str) -> str:
    """A system's name for a narrow column: the name without any parenthesised part when
    that is short ("FATE 2.0"), else the initial of each word as written ("Spirit of the
    Century" -> "SotC")."""
    base = name.split("(", 1)[0].strip() or name
    if len(base) <= SHORT_NAME_CHARS:
        return base
    return "".join(word[0] for word in base.split())


SHORT_NAME_CHARS = 12
SYSTEM_NAMES = SystemNames()
"""The names the library's tables show (the GUI sets the registry's infos when it has them)."""


def _system_label(system_id: str) -> str:
    return SYSTEM_NAMES.label(system_id)


def _system_short(system_id: str) -> str:
    return SYSTEM_NAMES.short(system_id)


NO_PLAYER = "no player"
"""The words for a character without a player's name: not "NPC", since a PC whose player is
not written in yet is still a PC (issue 23)."""


def with_player(name: str, player: str) -> str:
    """A character as a list of characters names it: "Ada (Sam)", or "Ada (no player)"."""
    return f"{name or '(unnamed)'} ({player.strip() or NO_PLAYER})"


def player_tip(summary: Any) -> str:
    """The Player cell's hover text."""
    if summary.player.strip():
        return f"Played by {summary.player}"
    return "No player's name written in (a GM's character, or a PC whose player is not noted)"


def _status(summary: Any) -> str:
    return "Ready" if summary.valid else "In progress"


CHARACTER_COLUMNS: tuple[Column[Any], ...] = (
    Column("name", "Name", lambda s: s.name or "(unnamed)", width=215,
           sort_key=lambda s: (s.name or "\uffff").casefold()),
    Column("system", "System", lambda s: _system_short(s.system), width=70,
           tooltip=lambda s: _system_label(s.system)),
    Column("player", "Player", lambda s: s.player, width=90, tooltip=player_tip),
    Column("campaign", "Campaign", lambda s: s.campaign_name, width=150,
           tooltip=lambda s: s.campaign_name),
    Column("headline", "Headline", lambda s: s.headline, width=115,
           sort_key=lambda s: (-s.headline_rank, s.headline.casefold()),
           tooltip=lambda s: s.headline),
    Column("tags", "Tags", lambda s: ", ".join(s.tags), width=115,
           tooltip=lambda s: ", ".join(s.tags)),
    Column("status", "Status", _status, width=85, sort_key=lambda s: (not s.valid),
           tooltip=lambda s: "Passes every rules check" if s.valid
           else "Not finished yet, or breaks a rule: open it to see the problems"),
    Column("updated", "Updated", lambda s: when(s.updated_at), width=130,
           sort_key=lambda s: s.updated_at.timestamp()),
)  # fmt: skip
"""The library's character table."""


CAMPAIGN_COLUMNS: tuple[Column[Any], ...] = (
    Column("name", "Campaign", lambda c: c.name or "(unnamed)", width=170,
           tooltip=lambda c: c.name),
    Column("system", "System", lambda c: _system_short(c.system), width=60,
           tooltip=lambda c: _system_label(c.system)),
    Column("members", "Characters", lambda c: str(len(c.member_ids)),
           sort_key=lambda c: len(c.member_ids), alignment=RIGHT, width=80),
)  # fmt: skip
"""The library's campaign table."""


ENCOUNTER_COLUMNS: tuple[Column[Any], ...] = (
    Column("name", "Encounter", lambda e: e.name or "(unnamed)", width=230,
           sort_key=lambda e: (e.name or "\uffff").casefold(), tooltip=lambda e: e.name),
    Column("kind", "Kind", lambda e: "Template" if e.is_template else "Encounter", width=85,
           sort_key=lambda e: (not e.is_template),
           tooltip=lambda e: "A prepared scene: each start is a fresh run" if e.is_template
           else "A conflict in progress (saved after every change)"),
    Column("status", "Status", lambda e: e.status, width=110,
           sort_key=lambda e: (e.is_template, e.ended, e.started, e.exchange)),
    Column("cast", "Cast", lambda e: str(e.participants), alignment=RIGHT, width=50,
           sort_key=lambda e: e.participants,
           tooltip=lambda e: f"{e.participants} participant(s)"),
    Column("campaign", "Campaign", lambda e: e.campaign_name, width=160,
           tooltip=lambda e: e.campaign_name),
    Column("updated", "Updated", lambda e: when(e.updated_at), width=130,
           sort_key=lambda e: e.updated_at.timestamp()),
)  # fmt: skip
"""The library's encounter table (encounters and templates)."""
