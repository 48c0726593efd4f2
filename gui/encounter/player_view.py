"""GUI layer: the player view, a second window for the table's screen or projector.

It shows what players may see (turn order, stress, consequences, public aspects, where everyone
is among the zones and the borders between them, the last roll) and hides participants and
aspects the game master marked hidden, and the fate points of the GM's characters (and, when
the GM asks, their tracks: the rows stay, the exact stress does not). It follows
the GM's document live through the same signals, never mutating anything.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QMainWindow,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.document import EncounterDocument
from gui.encounter.scene_panel import zone_label
from gui.encounter.turn_model import TurnOrderModel, has_aspects
from gui.shortcuts import key_text, keys
from gui.theme import ui_scale
from rules.encounter import Encounter, RollRecord

BODY_PT = 15
ROW_LINES = 2
"""The most lines a row of the player view's table takes (long aspect lists are elided)."""


def where_everyone_is(state: Encounter) -> tuple[list[str], list[str]]:
    """The players' map in words: one entry per zone ("Dock: Jack, Thugs") and one per border
    ("Dock \u2194 Warehouse: 1", "open" for 0).

    Participants the GM hid and those taken out are left out; a zone with nobody visible in it
    still shows, so the layout of the scene is public.

    Args:
        state: The encounter.

    Returns:
        (zone entries, border entries), in the scene's order.
    """
    zones = []
    for z in state.zones:
        here = [
            p.name
            for p in state.participants
            if p.zone == z.id and not p.hidden and not p.taken_out
        ]
        zones.append(f"{z.name or z.id}: {', '.join(here) or 'nobody'}")
    borders = []
    for b in state.borders:
        x, y = (zone_label(state, z) for z in b.between)
        borders.append(f"{x} \u2194 {y}: {'open' if b.value == 0 else b.value}")
    return zones, borders


class PlayerViewWindow(QMainWindow):
    """Read-only, big-print view of the conflict for the players."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc = document
        self.setWindowTitle("Fatesmith \u2014 player view")
        self.model = TurnOrderModel(document, public=True, point_size=BODY_PT)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setColumnHidden(self.model.column_index["fp"], False)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # the free text shares the width and wraps: a long consequence sized to one line
        # pushed the aspects into a sliver as tall as the view
        for key in ("consequences", "aspects"):
            if key in self.model.column_index:
                header.setSectionResizeMode(
                    self.model.column_index[key], QHeaderView.ResizeMode.Stretch
                )
        header.setSectionResizeMode(self.model.stretch_column, QHeaderView.ResizeMode.Stretch)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # names are text, never markup
        self.aspects = QLabel()
        self.places = QLabel()
        self.last_roll = QLabel()
        for label in (self.aspects, self.places, self.last_roll):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
        self._apply_fonts()
        panel = QFrame()
        panel.setFrameShape(QFrame.Shape.StyledPanel)
        pbox = QVBoxLayout(panel)
        pbox.addWidget(self.aspects)
        pbox.addWidget(self.places)
        pbox.addWidget(self.last_roll)
        central = QWidget()
        box = QVBoxLayout(central)
        box.addWidget(self.heading)
        box.addWidget(self.table, 1)
        box.addWidget(panel)
        self.setCentralWidget(central)
        self.close_action = QAction("&Close", self)
        self.close_action.setShortcuts([*keys("close_view"), *keys("close")])
        self.close_action.setToolTip(
            f"Close the player view ({key_text('close_view')}, {key_text('close')})"
        )
        self.close_action.triggered.connect(self.close)
        self.menuBar().addMenu("&File").addAction(self.close_action)
        self.addAction(self.close_action)
        self.resize(1100, 620)
        document.state_replaced.connect(self._on_state_replaced)
        self._on_state_replaced(document.state)

    def _apply_fonts(self) -> None:
        """Big print, times the UI scale (Preferences), for the table's screen."""
        body = BODY_PT * ui_scale()
        font = QFont()
        font.setPointSizeF(body)
        self.table.setFont(font)
        head_font = QFont(font)
        head_font.setPointSizeF(body - 3 * ui_scale())
        head_font.setBold(True)
        self.table.horizontalHeader().setFont(head_font)
        heading = QFont(font)
        heading.setPointSizeF(body + 5 * ui_scale())
        heading.setBold(True)
        self.heading.setFont(heading)
        for label in (self.aspects, self.places, self.last_roll):
            label.setFont(font)
        self.model.set_point_size(BODY_PT)
        # a row is at most ROW_LINES lines high (the rest elided), so ten aspects of a PC
        # never fill the screen and push the others out of sight
        line = QFontMetrics(font).lineSpacing()
        self.table.verticalHeader().setMaximumSectionSize(ROW_LINES * line + 8)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a new UI scale live (Preferences set the application font)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the application font: a new UI scale
            self._apply_fonts()

    def set_hide_npc_tracks(self, hide: bool) -> None:
        """Show the GM's characters' rows without their exact stress (or with it again)."""
        self.model.set_hide_npc_tracks(hide)

    def _effort(self, r: RollRecord | int) -> str:
        value = r if isinstance(r, int) else r.effort
        ladder = self._doc.ladder
        return ladder.render(value) if ladder is not None else f"{value:+d}"

    def _on_state_replaced(self, state: Encounter) -> None:
        current = state.find(state.current) if state.current else None
        who = current.name if current is not None and not current.hidden else "\u2014"
        if state.ended:
            where = "the scene is over"
        elif state.started:
            when = self._doc.conflict_rules.exchange_text(state.exchange).lower()
            where = f"{when} \u2014 up: {who}"
        else:
            where = "getting ready"
        self.heading.setText(f"{state.name or 'Conflict'} \u2014 {where}")
        hidden = {p.id for p in state.participants if p.hidden}
        scene = [escape(a.text) for a in state.aspects if not a.hidden and a.holder is None]
        on: list[str] = []
        for a in state.aspects:
            if a.hidden or a.holder is None or a.holder in hidden:
                continue
            holder = state.find(a.holder)
            on.append(escape(f"{a.text} (on {holder.name if holder else a.holder})"))
        lines = ["<b>Scene aspects:</b> " + ("; ".join(scene) or "none")]
        if on:
            lines.append("<b>On the characters:</b> " + "; ".join(on))
        self.aspects.setText("<br>".join(lines))
        self.aspects.setVisible(has_aspects(self._doc.conflict_rules))  # none in the book: hidden
        zones, borders = where_everyone_is(state)
        places = []
        if zones:
            places.append("<b>Where everyone is:</b> " + escape(" \u00b7 ".join(zones)))
        if borders:
            places.append("<b>Borders:</b> " + escape(" \u00b7 ".join(borders)))
        self.places.setText("<br>".join(places))
        self.places.setVisible(bool(places))
        last = state.last
        if last is None or {r.who for r in last.rolls} & hidden:
            self.last_roll.setText("<b>Last roll:</b> \u2014")
            return
        parts = []
        for r in last.rolls:
            p = state.find(r.who)
            parts.append(escape(f"{p.name if p else r.who} {self._effort(r)}"))
        text = " vs ".join(parts)
        if (
            last.opposition is not None
            and len(last.rolls) == 2
            and last.opposition != last.rolls[1].effort
        ):
            text += f", blocked at {self._effort(last.opposition)}"
        cr = self._doc.conflict_rules
        first = last.rolls[0].effort if last.rolls else 0
        words = cr.result_words(last.action, first, last.opposition, last.shifts)
        if words is not None:  # the system's own words for the result
            text += f" \u2192 {words}"
        elif last.action in ("attack", "maneuver", "pass_block", "sprint") or (
            last.action == "roll" and last.opposition is not None  # None: no verdict
        ):
            text += f" \u2192 {cr.margin_text(last.shifts)}"
        if last.spin:
            text += ", spin"
        self.last_roll.setText(f"<b>Last roll:</b> {text}")  # names escaped above

    def visible_names(self) -> list[str]:
        """Names the players can see in the table (for tests and the GM's check)."""
        col = self.model.column_index["name"]
        return [
            str(self.model.data(self.model.index(r, col))) for r in range(self.model.rowCount())
        ]
