"""GUI layer: the Qt table model of the turn order (STYLE.md "Qt models are thin adapters").

One row per participant, in initiative order (those who take no turn of their own follow).
Columns are data (:data:`COLUMNS`, plus one per track the system names). ``data()`` reads the
document's current state and never computes rules; the track boxes are exposed as booleans under
:data:`BOXES_ROLE` for the box delegate; clicks on them come back as commands via the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from gui.encounter.document import EncounterDocument
from gui.theme import colour, ui_scale
from rules.conflict import initiative_value
from rules.conflict_rules import ConflictRules, TrackSpec
from rules.encounter import Encounter, Participant
from rules.encounter.public_view import participant_status

ID_ROLE = Qt.ItemDataRole.UserRole + 1
OBJECT_ROLE = Qt.ItemDataRole.UserRole + 2
SORT_ROLE = Qt.ItemDataRole.UserRole + 3
BOXES_ROLE = Qt.ItemDataRole.UserRole + 4
_TEXT_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
# The roles data() answers: a view asks each cell for several more (alignment, check state,
# decoration...), and those are turned away before any lookup (benchmarks/bench_encounter.py).
_ANSWERED = frozenset(
    {
        *_TEXT_ROLES,
        ID_ROLE,
        OBJECT_ROLE,
        SORT_ROLE,
        BOXES_ROLE,
        Qt.ItemDataRole.BackgroundRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
    }
)

Index = QModelIndex | QPersistentModelIndex


def _status(state: Encounter, p: Participant) -> str:
    return participant_status(state, p, mark="\u25b6 ")


def _aspects(state: Encounter, p: Participant) -> str:
    temp = [
        a.text + (f" ({a.free_tags} free)" if a.free_tags else "")
        for a in state.aspects
        if a.holder == p.id
    ]
    return "; ".join([*temp, *p.aspects])


def boxes_text(track: tuple[int, ...]) -> str:
    """Boxes as text: a crossed box per checked one, an empty box per clear one, the level's
    digit for a box holding a level above 1."""
    return "".join("\u2610" if not b else "\u2612" if b == 1 else str(b) for b in track)


@dataclass(frozen=True)
class Column:
    """One column: key, header, and how to read its text from the state."""

    key: str
    header: str
    text: Callable[[Encounter, Participant], str]
    track: bool = False


def _track_column(key: str, label: str, rules: ConflictRules | None = None) -> Column:
    def text(s: Encounter, p: Participant) -> str:
        own = rules.track_text(p, key) if rules is not None else None
        return own if own is not None else boxes_text(p.track(key))

    return Column(key, label, text, track=True)


def has_aspects(rules: ConflictRules) -> bool:
    """Whether the system's book has aspects to place or invoke (its shared actions include a
    maneuver or an invoke): else the window shows no aspects."""
    return bool({"maneuver", "invoke"} & rules.shared_actions)


def columns_for(
    tracks: tuple[TrackSpec, ...], rules: ConflictRules | None = None
) -> tuple[Column, ...]:
    """The table's columns with one column per track the system names, in its order (each
    track in the system's words when ``rules`` has them, :meth:`ConflictRules.track_text`); no
    consequences column for a system without consequences (and their severities in the book's
    words, :meth:`ConflictRules.severity_word`), no aspects column for one without aspects
    (:func:`has_aspects`), the points column under the system's heading
    (:attr:`ConflictRules.points_label`)."""
    rest = tuple(
        c for c in COLUMNS[3:] if c.key != "consequences" or rules is None or rules.has_consequences
    )
    if rules is not None:
        words = rules.severity_word

        def consequences(s: Encounter, p: Participant) -> str:
            return "; ".join(f"{words(c.severity)}: {c.text}" for c in p.consequences)

        rest = tuple(
            Column(c.key, rules.points_label, c.text)
            if c.key == "fp"
            else Column(c.key, c.header, consequences)
            if c.key == "consequences"
            else c
            for c in rest
            if c.key != "aspects" or has_aspects(rules)
        )
    first = COLUMNS[0]
    if rules is not None:  # the initiative in the system's words, under the scene's settings

        def init(s: Encounter, p: Participant) -> str:
            now = rules if s.settings == rules.settings_data else rules.for_settings(s.settings)
            return now.initiative_text(initiative_value(s, p))

        first = Column("init", "Init", init)
    return (first, *COLUMNS[1:3], *(_track_column(t.key, t.label, rules) for t in tracks), *rest)


COLUMNS: tuple[Column, ...] = (
    Column("init", "Init", lambda s, p: f"{initiative_value(s, p):+d}"),
    Column("name", "Name", lambda s, p: p.name),
    Column("status", "Status", _status),
    Column(
        "consequences",
        "Consequences",
        lambda s, p: "; ".join(f"{c.severity}: {c.text}" for c in p.consequences),
    ),
    Column("fp", "FP", lambda s, p: str(p.fate_points)),
    Column("aspects", "Aspects", _aspects),
)
"""The columns every system has (the tracks' columns go after ``status``)."""


def display_order(state: Encounter) -> tuple[str, ...]:
    """Turn order first, then everyone who takes no turn of their own."""
    order = state.order if state.started else ()
    rest = tuple(p.id for p in state.participants if p.id not in order)
    return (*order, *rest)


class TurnOrderModel(QAbstractTableModel):
    """The participants of an encounter, as a table."""

    def __init__(
        self, document: EncounterDocument, *, public: bool = False, point_size: float = 0
    ) -> None:
        super().__init__(document)
        self._doc = document
        self.columns = columns_for(document.rules.tracks, document.rules)
        self.column_index = {c.key: i for i, c in enumerate(self.columns)}
        self._public = public
        self._point_size = point_size  # the view's font size (0: the application's)
        self._hide_npc_tracks = False
        self._cached_state: Encounter | None = None
        self._by_id: dict[str, Participant] = {}
        self._ids = self._visible(document.state)
        document.state_replaced.connect(self._on_state_replaced)

    @property
    def stretch_column(self) -> int:
        """The column that takes the table's spare width: the aspects, else the status."""
        return self.column_index.get("aspects", self.column_index["status"])

    def _visible(self, state: Encounter) -> tuple[str, ...]:
        ids = display_order(state)
        if self._public:
            ids = tuple(i for i in ids if not getattr(state.find(i), "hidden", True))
        return ids

    def _on_state_replaced(self, state: Encounter) -> None:
        ids = self._visible(state)
        if ids != self._ids:
            self.beginResetModel()
            self._ids = ids
            self.endResetModel()
        elif ids:
            self.dataChanged.emit(self.index(0, 0), self.index(len(ids) - 1, len(self.columns) - 1))

    @property
    def hide_npc_tracks(self) -> bool:
        """Whether the tracks of the GM's characters show as hidden (the player view's option:
        the rows stay, the exact stress does not)."""
        return self._hide_npc_tracks

    def set_hide_npc_tracks(self, hide: bool) -> None:
        """Hide or show the GM's characters' tracks."""
        if hide != self._hide_npc_tracks:
            self._hide_npc_tracks = hide
            self.refresh()

    def set_point_size(self, point_size: float) -> None:
        """The view's base font size changed (the UI scale): repaint every cell."""
        self._point_size = point_size
        self.refresh()

    def refresh(self) -> None:
        """Every cell may read differently (a view option, a font, the theme)."""
        if self._ids:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._ids) - 1, len(self.columns) - 1)
            )

    def _track_hidden(self, state: Encounter, p: Participant) -> bool:
        """Whether ``p``'s tracks are hidden: the option is on and ``p`` is on the GM's side
        (not a player character, nor on a side a player character is on)."""
        if not self._hide_npc_tracks or p.kind == "pc":
            return False
        return p.side not in {q.side for q in state.participants if q.kind == "pc"}

    def participant_id(self, row: int) -> str | None:
        """The id shown on ``row``."""
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def row_of(self, pid: str) -> int:
        """The row showing ``pid`` (-1 if hidden or absent)."""
        return self._ids.index(pid) if pid in self._ids else -1

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Participants shown."""
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Columns of :data:`COLUMNS`."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column headers."""
        horizontal = orientation == Qt.Orientation.Horizontal
        if role == Qt.ItemDataRole.DisplayRole and horizontal and 0 <= section < len(self.columns):
            return self.columns[section].header
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, the participant's id and object, its boxes, the current-actor highlight."""
        if role not in _ANSWERED:
            return None
        row = index.row()
        if not index.isValid() or not (0 <= row < len(self._ids)):
            return None
        state = self._doc.state
        if state is not self._cached_state:  # a lookup table per state (60 rows x 8 columns)
            self._cached_state = state
            self._by_id = {q.id: q for q in state.participants}
        p = self._by_id.get(self._ids[row])
        if p is None:
            return None
        col = self.columns[index.column()]
        if role in _TEXT_ROLES:
            if self._public and col.key == "fp" and p.kind != "pc":
                return ""  # the GM's fate points stay behind the screen
            if col.track and self._track_hidden(state, p):
                return "\u2014" if role == Qt.ItemDataRole.DisplayRole else "Hidden by the GM"
            if self._public and col.key == "aspects":
                return "; ".join(
                    [
                        *(a.text for a in state.aspects if a.holder == p.id and not a.hidden),
                        *p.aspects,
                    ]
                )
            return col.text(state, p)
        if role == ID_ROLE:
            return p.id
        if role == OBJECT_ROLE:
            return p
        if role == SORT_ROLE:
            return index.row()
        if role == BOXES_ROLE and col.track:
            if self._track_hidden(state, p):
                return []
            return [bool(b) for b in p.track(col.key)]
        if role == Qt.ItemDataRole.BackgroundRole and state.current == p.id:
            return QBrush(colour("current_bg"))
        if role == Qt.ItemDataRole.ForegroundRole:
            if state.current == p.id:
                return QBrush(colour("current_fg"))
            if p.taken_out:
                return QBrush(colour("muted"))
        if role == Qt.ItemDataRole.FontRole:
            boxes = col.track
            if not boxes and state.current != p.id:
                return None
            font = QFont()
            if self._point_size:
                font.setPointSizeF(self._point_size * ui_scale())
            font.setBold(state.current == p.id)
            if boxes:
                font.setPointSizeF(font.pointSizeF() * 1.35)
            return font
        return None
