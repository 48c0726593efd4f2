"""GUI layer: the scene panel: exchange counter, whose turn, the pending hit, scene aspects,
zones and borders."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QLabel, QListWidget, QVBoxLayout, QWidget

from gui.encounter.document import EncounterDocument
from rules.encounter import Encounter


def _name(state: Encounter, pid: str | None) -> str:
    if pid is None:
        return "\u2014"
    p = state.find(pid)
    return p.name if p is not None else pid


class ScenePanel(QWidget):
    """Read-only view of the scene; follows the document."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc = document
        self.exchange = QLabel()
        self.pending = QLabel()
        self.pending.setWordWrap(True)
        self.pending.setStyleSheet("color: #8a1c00; font-weight: bold")
        self.aspects = QListWidget()
        self.zones = QListWidget()
        group = QGroupBox("Scene")
        box = QVBoxLayout(group)
        box.addWidget(self.exchange)
        box.addWidget(self.pending)
        box.addWidget(QLabel("Aspects"))
        box.addWidget(self.aspects)
        box.addWidget(QLabel("Zones and borders"))
        box.addWidget(self.zones)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(group)
        document.state_replaced.connect(self._on_state_replaced)
        self._on_state_replaced(document.state)

    def _on_state_replaced(self, state: Encounter) -> None:
        if state.ended:
            head = "The scene has ended"
        elif not state.started:
            head = "Not started: add the cast, then Start (Ctrl+Return)"
        else:
            head = f"Exchange {state.exchange} \u2014 {_name(state, state.current)} to act"
        self.exchange.setText(head)
        hit = state.pending_hit
        if hit is None:
            self.pending.setText("")
        else:
            where = f"box {hit.box + 1} (S)" if hit.box is not None else "no box"
            self.pending.setText(
                f"{_name(state, hit.target)} must absorb a {hit.shifts}-point hit: {where}, "
                "a consequence (C), or be taken out (X)"
            )
        self.aspects.clear()
        for a in state.aspects:
            on = _name(state, a.holder) if a.holder else "scene"
            free = f", {a.free_tags} free tag" if a.free_tags else ""
            kind = "sticky" if a.sticky else "fragile"
            hidden = " [hidden]" if a.hidden else ""
            self.aspects.addItem(f"{a.text} ({on}, {kind}{free}){hidden}")
        self.zones.clear()
        for z in state.zones:
            here = [p.name for p in state.participants if p.zone == z.id and not p.taken_out]
            self.zones.addItem(f"{z.name or z.id}: {', '.join(here) or 'empty'}")
        for b in state.borders:
            self.zones.addItem(f"  {b.between[0]} \u2194 {b.between[1]}: border {b.value}")
