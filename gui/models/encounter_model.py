"""GUI layer: the library's encounter table (a thin adapter over the stored encounter records).

:class:`EncounterItem` is the listing row of one ``EncounterRecord`` (read once from its
payload's plain fields, never through the rules); :class:`EncounterModel` shows them through
:data:`gui.models.columns.ENCOUNTER_COLUMNS` and :class:`EncounterFilterProxyModel` filters
them by text, kind (running or template) and campaign.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import cache
from typing import Any, Literal, NamedTuple

from PySide6.QtCore import QObject, QSortFilterProxyModel, Qt

from gui.models.columns import ENCOUNTER_COLUMNS, ID_ROLE
from gui.models.library_model import KEEP, NO_CAMPAIGN, AnyIndex, RowTableModel
from rules.errors import FatesmithError

EncounterKind = Literal["all", "running", "templates"]


class EncounterItem(NamedTuple):
    """One row of the encounter listing.

    Attributes:
        id: The record id.
        name: The encounter's (or template's) name.
        campaign_id: The campaign it belongs to, if any.
        campaign_name: That campaign's name ("" when none).
        is_template: A prepared scene that starts a fresh run each time.
        updated_at: When it was last saved.
        participants: How many are in the cast.
        exchange: The exchange reached (0 before the conflict starts).
        started: Whether initiative has been fixed.
        ended: Whether the scene is over.
        problem: Why it cannot be opened here (damaged, or saved by a newer Fatesmith); "".
        system: The encounter's game system ("" when the row does not say).
    """

    id: uuid.UUID
    name: str
    campaign_id: uuid.UUID | None
    campaign_name: str
    is_template: bool
    updated_at: datetime
    participants: int
    exchange: int
    started: bool
    ended: bool
    problem: str = ""
    system: str = ""

    @property
    def status(self) -> str:
        """Where the encounter stands, in words (the system's own word for an exchange:
        ``Round 2`` for the ART Engine)."""
        if self.problem:
            return "Newer version" if "newer Fatesmith" in self.problem else "Damaged"
        if self.is_template:
            return "Template"
        if self.ended:
            return "Ended"
        if self.started:
            return f"{exchange_word(self.system).capitalize()} {self.exchange}"
        return "Being set up"


@cache
def exchange_word(system: str) -> str:
    """``system``'s word for an exchange, from its ``system.json`` (``exchange`` when the
    system is unknown here or not given); read once per system, without loading its rules."""
    if not system:
        return "exchange"
    from storage.systems_catalog import load_system_info  # the listing's first paint needs none

    try:
        return load_system_info(system).exchange_word
    except (FatesmithError, OSError, ValueError):
        return "exchange"


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def encounter_item(record: Any, campaign_names: Mapping[uuid.UUID, str]) -> EncounterItem:
    """The listing row of ``record``: an ``EncounterRecord`` (its payload's state read
    defensively: it may be damaged or from a newer Fatesmith, and the list must still show it)
    or a start-up ``storage.quick_listing.QuickEncounter`` (those facts already read)."""
    payload = getattr(record, "payload", None)
    system = ""
    if payload is None:  # a quick-listing row
        participants = record.participants
        exchange, started, ended = record.exchange, record.started, record.ended
    else:
        state = payload.get("state") if isinstance(payload, dict) else None
        state = state if isinstance(state, dict) else {}
        cast = state.get("participants")
        participants = len(cast) if isinstance(cast, list) else 0
        exchange = _int(state.get("exchange"))
        started, ended = state.get("started") is True, state.get("ended") is True
        found = state.get("system")
        system = found if isinstance(found, str) and found.isprintable() else ""
    campaign_id = record.campaign_id
    return EncounterItem(
        id=record.id,
        name=record.name,
        campaign_id=campaign_id,
        campaign_name=campaign_names.get(campaign_id, "") if campaign_id is not None else "",
        is_template=bool(record.is_template),
        updated_at=record.updated_at,
        participants=participants,
        exchange=exchange,
        started=started,
        ended=ended,
        problem=str(getattr(record, "problem", "") or ""),
        system=system,
    )


def encounter_items(
    records: Iterable[Any], campaign_names: Mapping[uuid.UUID, str]
) -> list[EncounterItem]:
    """The listing rows of ``records``."""
    return [encounter_item(r, campaign_names) for r in records]


class EncounterModel(RowTableModel):
    """The library's encounters and templates, one :class:`EncounterItem` per row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(ENCOUNTER_COLUMNS, parent)

    def _problem(self, item: Any) -> str:
        return str(getattr(item, "problem", "") or "")

    def set_items(self, items: Iterable[EncounterItem]) -> None:
        """Show ``items`` (the library's encounter listing)."""
        self.set_rows(items)


class EncounterFilterProxyModel(QSortFilterProxyModel):
    """Filters the encounter table by words in the name or campaign, kind and campaign.

    Sorting is forwarded to the source model, like the character table's proxy.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)
        self._terms: tuple[str, ...] = ()
        self._kind: EncounterKind = "all"
        self._campaign: uuid.UUID | str | None = None

    @property
    def kind(self) -> EncounterKind:
        """Which encounters are shown: "all", "running" or "templates"."""
        return self._kind

    @property
    def campaign(self) -> uuid.UUID | str | None:
        """The campaign shown, :data:`NO_CAMPAIGN`, or None for all."""
        return self._campaign

    def set_filters(self, *, text: Any = KEEP, kind: Any = KEEP, campaign: Any = KEEP) -> None:
        """Change any of the filters (those not given stay) and refilter once.

        Args:
            text: Words that must all occur in the name or the campaign's name.
            kind: "all", "running" or "templates".
            campaign: A campaign id, :data:`NO_CAMPAIGN`, or None for every campaign.
        """
        before = (self._terms, self._kind, self._campaign)
        after = (
            before[0] if text is KEEP else tuple(str(text).casefold().split()),
            before[1] if kind is KEEP else kind,
            before[2] if campaign is KEEP else campaign,
        )
        if after == before:
            return
        self.beginResetModel()
        self._terms, self._kind, self._campaign = after
        self.endResetModel()

    def accepts(self, item: EncounterItem) -> bool:
        """Whether ``item`` passes every filter."""
        if self._kind == "templates" and not item.is_template:
            return False
        if self._kind == "running" and item.is_template:
            return False
        if self._campaign is not None:
            if self._campaign == NO_CAMPAIGN:
                if item.campaign_id is not None:
                    return False
            elif item.campaign_id != self._campaign:
                return False
        if self._terms:
            text = f"{item.name}\n{item.campaign_name}".casefold()
            return all(t in text for t in self._terms)
        return True

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        """Whether the source row passes the filters."""
        source = self.sourceModel()
        if source_parent.isValid() or not isinstance(source, RowTableModel):
            return True
        if not 0 <= source_row < source.rowCount():
            return False
        return self.accepts(source.row_object(source_row))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort in the source model (one Python key sort)."""
        source = self.sourceModel()
        if isinstance(source, RowTableModel):
            source.sort(column, order)

    def id_at(self, row: int) -> uuid.UUID | None:
        """The encounter id shown at proxy ``row``."""
        value = self.index(row, 0).data(ID_ROLE)
        return value if isinstance(value, uuid.UUID) else None

    def proxy_row_of(self, item_id: uuid.UUID) -> int:
        """The proxy row showing ``item_id``, or -1."""
        source = self.sourceModel()
        if not isinstance(source, RowTableModel):
            return -1
        row = source.row_of(item_id)
        return self.mapFromSource(source.index(row, 0)).row() if row >= 0 else -1
