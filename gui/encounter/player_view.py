"""GUI layer: the player view, a second window for the table's screen or projector.

It shows what players may see (turn order, stress, consequences, public aspects, the last roll)
and hides participants and aspects the game master marked hidden. It follows the GM's document
live through the same signals, never mutating anything.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMainWindow,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.document import EncounterDocument
from gui.encounter.turn_model import COLUMN_INDEX, TurnOrderModel
from rules.encounter import Encounter


class PlayerViewWindow(QMainWindow):
    """Read-only, big-print view of the conflict for the players."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc = document
        self.setWindowTitle("Fatesmith \u2014 player view")
        self.model = TurnOrderModel(document, public=True)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setColumnHidden(COLUMN_INDEX["fp"], False)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        font = QFont()
        font.setPointSize(13)
        self.table.setFont(font)
        self.heading = QLabel()
        self.heading.setFont(QFont(font.family(), 16, QFont.Weight.Bold))
        self.aspects = QLabel()
        self.aspects.setWordWrap(True)
        self.last_roll = QLabel()
        self.last_roll.setWordWrap(True)
        self.last_roll.setFont(font)
        central = QWidget()
        box = QVBoxLayout(central)
        box.addWidget(self.heading)
        box.addWidget(self.table, 1)
        box.addWidget(self.aspects)
        box.addWidget(self.last_roll)
        self.setCentralWidget(central)
        self.resize(900, 500)
        document.state_replaced.connect(self._on_state_replaced)
        self._on_state_replaced(document.state)

    def _on_state_replaced(self, state: Encounter) -> None:
        current = state.find(state.current) if state.current else None
        who = current.name if current is not None and not current.hidden else "\u2014"
        self.heading.setText(
            f"{state.name or 'Conflict'} \u2014 exchange {state.exchange} \u2014 up: {who}"
        )
        public = [
            a.text
            for a in state.aspects
            if not a.hidden and (a.holder is None or not getattr(state.find(a.holder), "hidden", 0))
        ]
        self.aspects.setText("Aspects: " + ("; ".join(public) or "none"))
        last = state.last
        hidden = {p.id for p in state.participants if p.hidden}
        if last is None or {r.who for r in last.rolls} & hidden:
            self.last_roll.setText("")
        else:
            rolls = " vs ".join(
                f"{getattr(state.find(r.who), 'name', r.who)} {r.effort:+d}" for r in last.rolls
            )
            self.last_roll.setText(f"Last roll: {rolls} \u2192 {last.shifts} shift(s)")

    def visible_names(self) -> list[str]:
        """Names the players can see in the table (for tests and the GM's check)."""
        col = COLUMN_INDEX["name"]
        return [
            str(self.model.data(self.model.index(r, col))) for r in range(self.model.rowCount())
        ]
