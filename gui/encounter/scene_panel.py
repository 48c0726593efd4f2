"""GUI layer: the scene panel: framing (name, kind, zones, borders, placement, scene aspects),
the system's own scene controls, the exchange counter, whose turn it is and the pending hit.

Every edit becomes one engine event (:mod:`rules.encounter`), handed to the window through
``event_requested`` so it goes on the undo stack like any other step; the panel itself only
reads the document's state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.document import EncounterDocument
from gui.encounter.prompts import AspectPrompt, BorderPrompt, ChoicePrompt, TextPrompt
from gui.encounter.system_prompts import (
    EncounterPrompts,
    GenericEncounterPrompts,
    SceneControls,
)
from gui.encounter.turn_model import has_aspects
from gui.shortcuts import key_text
from gui.theme import css
from rules.character import Severity
from rules.encounter import (
    AddAspectEvent,
    AddZoneEvent,
    EditAspectEvent,
    Encounter,
    Event,
    PlaceEvent,
    RemoveAspectEvent,
    RemoveZoneEvent,
    RenameZoneEvent,
    SetBorderEvent,
    SetSceneEvent,
)

ID_ROLE = Qt.ItemDataRole.UserRole + 1
KINDS = (("Physical", "physical"), ("Social", "social"), ("Mental", "mental"))


def _name(state: Encounter, pid: str | None) -> str:
    if pid is None:
        return "\u2014"
    p = state.find(pid)
    return p.name if p is not None else pid


def zone_label(state: Encounter, zid: str) -> str:
    """A zone's name (its id when unnamed)."""
    for z in state.zones:
        if z.id == zid:
            return z.name or z.id
    return zid


def _small(text: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setAutoDefault(False)
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it; a click leaves the focus
    return button


class ScenePanel(QWidget):
    """The scene: framing controls and what stands now; follows the document.

    Args:
        document: The encounter.
        prompts: The encounter's system's UI (its scene controls and words); generic if None.
        parent: Parent widget.

    Signals:
        event_requested(object): an engine event to push (the window wraps it in a command).
    """

    event_requested = Signal(object)

    def __init__(
        self,
        document: EncounterDocument,
        prompts: EncounterPrompts | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._doc = document
        self._prompts = prompts or GenericEncounterPrompts()
        self.selected_participant: Callable[[], str | None] = lambda: None
        self.exchange = QLabel()
        self.exchange.setWordWrap(True)
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        self.pending = QLabel()
        self.pending.setWordWrap(True)
        self.pending.setStyleSheet(f"color: {css('error')}; font-weight: bold")
        self.consequence_slot = QComboBox()
        self.consequence_slot.setAccessibleName("Consequence slot")
        self.consequence_slot.setToolTip(
            "Which free consequence takes the hit (Take consequence); the rest of the hit, if "
            "any, still waits for a box"
        )
        self.slot_row = QWidget()
        slot_box = QHBoxLayout(self.slot_row)
        slot_box.setContentsMargins(0, 0, 0, 0)
        slot_label = QLabel("Consequence slot:")
        slot_label.setBuddy(self.consequence_slot)
        slot_box.addWidget(slot_label)
        slot_box.addWidget(self.consequence_slot, 1)
        self.slot_row.hide()
        self._slot_hit: tuple[str, int] | None = None  # the hit whose slot is being chosen
        self.name = QLineEdit()
        self.name.setPlaceholderText("Scene name")
        self.kind = QComboBox()
        for label, kind in KINDS:
            self.kind.addItem(label, kind)
        self.kind.setToolTip(self._prompts.conflict_kind_tip(document.conflict_rules))
        self.system_controls = self._prompts.scene_controls(document, self._emit)
        self.aspects = QListWidget()
        self.zones = QListWidget()
        for lst in (self.aspects, self.zones):
            lst.setWordWrap(True)
            lst.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.add_aspect_button = _small("Add\u2026", "Add a scene aspect")
        self.remove_aspect_button = _small("Remove", "Remove the selected aspect")
        self.sticky_button = _small("Sticky/fragile", "Fragile aspects go after one tag")
        self.tag_plus = _small("+tag", "One more free tag on the selected aspect")
        self.tag_minus = _small("\u2212tag", "One free tag less on the selected aspect")
        self.hide_aspect_button = _small("Hide", "Hide or show the aspect in the player view")
        self.add_zone_button = _small("Add\u2026", "Add a zone")
        self.rename_zone_button = _small("Rename\u2026", "Rename the selected zone")
        self.remove_zone_button = _small("Remove", "Remove the selected zone and its borders")
        self.border_button = _small("Border\u2026", "Join two zones (or part them)")
        self.place_button = _small("Place\u2026", "Put the selected participant in a zone")

        group = QGroupBox("Scene")
        box = QVBoxLayout(group)
        top = QHBoxLayout()
        top.addWidget(self.name, 1)
        top.addWidget(self.kind)
        box.addLayout(top)
        if self.system_controls is not None:
            box.addWidget(self.system_controls)
        box.addWidget(self.exchange)
        box.addWidget(self.standing)
        box.addWidget(self.pending)
        box.addWidget(self.slot_row)
        grid = QGridLayout()
        aspects_label = QLabel("<b>Aspects</b>")
        grid.addWidget(aspects_label, 0, 0)
        self.zones_label = QLabel()
        grid.addWidget(self.zones_label, 0, 1)
        grid.addWidget(self.aspects, 1, 0)
        grid.addWidget(self.zones, 1, 1)
        arow = QGridLayout()
        for i, b in enumerate(
            (self.add_aspect_button, self.remove_aspect_button, self.sticky_button,
             self.tag_plus, self.tag_minus, self.hide_aspect_button)
        ):  # fmt: skip
            arow.addWidget(b, i // 3, i % 3)
        zrow = QGridLayout()
        for i, b in enumerate(
            (self.add_zone_button, self.rename_zone_button, self.remove_zone_button,
             self.border_button, self.place_button)
        ):  # fmt: skip
            zrow.addWidget(b, i // 3, i % 3)
        grid.addLayout(arow, 2, 0)
        grid.addLayout(zrow, 2, 1)
        grid.setRowStretch(1, 1)
        box.addLayout(grid, 1)
        # scene aspects only where the system's book has aspects to place or invoke
        for w in (
            aspects_label, self.aspects, self.add_aspect_button, self.remove_aspect_button,
            self.sticky_button, self.tag_plus, self.tag_minus, self.hide_aspect_button,
        ):  # fmt: skip
            w.setVisible(has_aspects(document.conflict_rules))
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(group)

        self.name.editingFinished.connect(self._on_name_edited)
        self.kind.activated.connect(self._on_kind_chosen)
        self.add_aspect_button.clicked.connect(self.add_aspect)
        self.remove_aspect_button.clicked.connect(self.remove_aspect)
        self.sticky_button.clicked.connect(self.toggle_sticky)
        self.tag_plus.clicked.connect(lambda: self.change_free_tags(1))
        self.tag_minus.clicked.connect(lambda: self.change_free_tags(-1))
        self.hide_aspect_button.clicked.connect(self.toggle_aspect_hidden)
        self.add_zone_button.clicked.connect(self.add_zone)
        self.rename_zone_button.clicked.connect(self.rename_zone)
        self.remove_zone_button.clicked.connect(self.remove_zone)
        self.border_button.clicked.connect(self.edit_border)
        self.place_button.clicked.connect(lambda: self.place(self.selected_participant()))
        document.state_replaced.connect(self._on_state_replaced)
        self._on_state_replaced(document.state)

    # -- state -> widgets -------------------------------------------------------------------------

    def _on_state_replaced(self, state: Encounter) -> None:
        if state.ended:
            head = "The scene has ended"
        elif not state.started:
            cr = self._doc.conflict_rules
            words = cr.zone_words
            parts = ["the cast"] + ["aspects"] * has_aspects(cr)
            parts += [f"{words[1]}s"] if words is not None else []
            framed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
            head = f"Framing: add {framed}, then Start (Ctrl+Return)"
        else:
            head = (
                f"{self._doc.conflict_rules.exchange_text(state.exchange)} \u2014 "
                f"{_name(state, state.current)} to act"
            )
        self.exchange.setText(head)
        standing = [
            f"{_name(state, b.by)} blocks "
            + (f"for {_name(state, b.protects)}" if b.protects else f"\u201c{b.against}\u201d")
            + f" at {b.strength:+d}"
            for b in state.blocks
        ]
        if state.spin is not None:
            standing.append(f"{_name(state, state.spin.owner)} has spin (\u00b11 on a roll)")
        if state.pending_fp:
            owed = ", ".join(sorted({_name(state, pid) for pid in state.pending_fp}))
            standing.append(f"fate points owed at the exchange's end: {owed}")
        self.standing.setText("; ".join(standing))
        self.standing.setVisible(bool(standing))
        hit = state.pending_hit
        self._show_slots(state)
        if hit is None:
            self.pending.setText("")
            self.pending.hide()
        else:
            where = (
                f"box {hit.box + 1} ({key_text('mark_stress')})"
                if hit.box is not None
                else "no box"
            )
            target = state.find(hit.target)
            if target is not None and hit.box is not None and target.track(hit.track)[hit.box]:
                where = f"it stays on box {hit.box + 1}, no roll-up ({key_text('mark_stress')})"
            cr = self._doc.conflict_rules
            if target is not None and cr.fill_lower_choices(target, hit.track, hit.shifts):
                where += f", lower boxes adding up to it ({key_text('fill_lower')})"
            slots = target is not None and bool(
                cr.consequence_slots(cr.shared_slots(state, target), state.kind)
            )
            out = f"be taken out ({key_text('take_out')})"
            self.pending.setStyleSheet(f"color: {css('error')}; font-weight: bold")
            self.pending.setText(
                f"{_name(state, hit.target)} must absorb {cr.hit_text(hit.shifts)}: {where}, "
                + (f"a consequence ({key_text('consequence')}), or {out}" if slots else f"or {out}")
            )
            self.pending.show()
        if not self.name.hasFocus() and self.name.text() != state.name:
            self.name.setText(state.name)
        self.kind.setCurrentIndex(max(0, self.kind.findData(state.kind)))
        self.kind.setEnabled(not state.started)
        if self.system_controls is not None:
            cast(SceneControls, self.system_controls).refresh(state)
        self._fill_aspects(state)
        self._show_zone_words()
        self._fill_zones(state)

    def _show_slots(self, state: Encounter) -> None:
        """The free consequence slots that could take the pending hit, when its target has more
        than one kind to choose from (Strange Fate's: any free slot absorbs, L4211-L4216); by
        default the lightest that absorbs the whole hit, else the heaviest."""
        hit = state.pending_hit
        target = state.find(hit.target) if hit is not None else None
        cr = self._doc.conflict_rules
        free: list[Severity] = []
        if hit is not None and target is not None and not target.is_group:
            for severity in cr.free_consequences(cr.shared_slots(state, target), state.kind):
                if severity not in free:
                    free.append(severity)
        if hit is None or len(free) < 2:
            self._slot_hit = None
            self.slot_row.hide()
            return
        key = (hit.target, hit.shifts)
        keep = self.consequence_slot.currentData() if key == self._slot_hit else None
        self._slot_hit = key
        absorbs = {sev: cr.consequence_absorbs(sev) for sev in free}
        whole = [sev for sev in free if (absorbs[sev] or 0) >= hit.shifts]
        best = whole[0] if whole else max(free, key=lambda sev: absorbs[sev] or 0)
        combo = self.consequence_slot
        combo.blockSignals(True)
        combo.clear()
        for severity in free:
            soak = absorbs[severity]
            what = f" (absorbs {soak})" if soak is not None else ""
            combo.addItem(f"{cr.severity_word(severity)}{what}", severity)
        combo.setCurrentIndex(max(0, combo.findData(keep if keep in free else best)))
        combo.blockSignals(False)
        self.slot_row.show()

    def chosen_slot(self) -> Severity | None:
        """The consequence slot chosen for the pending hit, or None (the rules' next one)."""
        if self.slot_row.isHidden():
            return None
        value = self.consequence_slot.currentData()
        return cast(Severity, value) if value else None

    def _show_zone_words(self) -> None:
        """The places of the scene in the system's words (:attr:`ConflictRules.zone_words`),
        or hidden for a system (or a scene's settings) that places no one."""
        words = self._doc.conflict_rules.zone_words
        zone_widgets = (
            self.zones_label, self.zones, self.add_zone_button, self.rename_zone_button,
            self.remove_zone_button, self.border_button, self.place_button,
        )  # fmt: skip
        for w in zone_widgets:
            w.setVisible(words is not None)
        self.border_button.setVisible(words is not None and self._doc.conflict_rules.zone_borders)
        if words is None:
            return
        heading, noun = words
        self.zones_label.setText(f"<b>{heading}</b>")
        self.add_zone_button.setToolTip(f"Add a {noun}")
        self.rename_zone_button.setToolTip(f"Rename the selected {noun}")
        borders = " and its borders" if self._doc.conflict_rules.zone_borders else ""
        self.remove_zone_button.setToolTip(f"Remove the selected {noun}{borders}")
        self.border_button.setToolTip(f"Join two {noun}s (or part them)")
        self.place_button.setToolTip(f"Put the selected participant in a {noun}")

    def _fill_aspects(self, state: Encounter) -> None:
        keep = self.current_aspect()
        self.aspects.clear()
        for a in state.aspects:
            on = _name(state, a.holder) if a.holder else "scene"
            bits = [on, "sticky" if a.sticky else "fragile"]
            if a.free_tags:
                bits.append(f"{a.free_tags} free tag{'s' if a.free_tags > 1 else ''}")
            if a.hidden:
                bits.append("hidden")
            item = QListWidgetItem(f"{a.text} ({', '.join(bits)})")
            item.setData(ID_ROLE, a.id)
            item.setToolTip(item.text())
            self.aspects.addItem(item)
            if a.id == keep:
                self.aspects.setCurrentItem(item)

    def _fill_zones(self, state: Encounter) -> None:
        keep = self.current_zone()
        self.zones.clear()
        for z in state.zones:
            here = [p.name for p in state.participants if p.zone == z.id and not p.taken_out]
            item = QListWidgetItem(f"{z.name or z.id}: {', '.join(here) or 'nobody'}")
            item.setData(ID_ROLE, z.id)
            item.setToolTip(item.text())
            self.zones.addItem(item)
            if z.id == keep:
                self.zones.setCurrentItem(item)
        for b in state.borders:
            x, y = (zone_label(state, z) for z in b.between)
            value = "open" if b.value == 0 else f"border {b.value}"
            item = QListWidgetItem(f"  {x} \u2194 {y}: {value}")
            item.setData(ID_ROLE, None)
            item.setForeground(Qt.GlobalColor.darkGray)
            self.zones.addItem(item)

    def current_aspect(self) -> str | None:
        """The id of the aspect selected in the list."""
        item = self.aspects.currentItem()
        value = None if item is None else item.data(ID_ROLE)
        return str(value) if value else None

    def current_zone(self) -> str | None:
        """The id of the zone selected in the list (None on a border line)."""
        item = self.zones.currentItem()
        value = None if item is None else item.data(ID_ROLE)
        return str(value) if value else None

    def select_aspect(self, aspect_id: str) -> None:
        """Select an aspect in the list."""
        for i in range(self.aspects.count()):
            if self.aspects.item(i).data(ID_ROLE) == aspect_id:
                self.aspects.setCurrentRow(i)

    def select_zone(self, zone_id: str) -> None:
        """Select a zone in the list."""
        for i in range(self.zones.count()):
            if self.zones.item(i).data(ID_ROLE) == zone_id:
                self.zones.setCurrentRow(i)

    # -- widgets -> events ------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        self.event_requested.emit(event)

    def _on_name_edited(self) -> None:
        name = self.name.text().strip()
        if name != self._doc.state.name:
            self._emit(SetSceneEvent(name=name))

    def _on_kind_chosen(self, _index: int) -> None:
        kind = self.kind.currentData()
        if kind != self._doc.state.kind:
            self._emit(SetSceneEvent(kind=kind))

    def add_aspect(self) -> None:
        """A scene aspect (text, sticky, free tags, hidden asked in a dialog)."""
        answer = AspectPrompt.ask(self)
        if answer is not None:
            text, sticky, free, hidden = answer
            self._emit(AddAspectEvent(text=text, sticky=sticky, free_tags=free, hidden=hidden))

    def remove_aspect(self) -> None:
        """Remove the selected aspect."""
        aid = self.current_aspect()
        if aid is not None:
            self._emit(RemoveAspectEvent(aspect=aid))

    def toggle_sticky(self) -> None:
        """Make the selected aspect fragile, or sticky again."""
        a = self._doc.state.aspect(self.current_aspect() or "")
        if a is not None:
            self._emit(EditAspectEvent(aspect=a.id, sticky=not a.sticky))

    def change_free_tags(self, delta: int) -> None:
        """One free tag more or less on the selected aspect."""
        a = self._doc.state.aspect(self.current_aspect() or "")
        if a is not None and 0 <= a.free_tags + delta <= 10:
            self._emit(EditAspectEvent(aspect=a.id, free_tags=a.free_tags + delta))

    def toggle_aspect_hidden(self) -> None:
        """Hide the selected aspect from the player view, or show it."""
        a = self._doc.state.aspect(self.current_aspect() or "")
        if a is not None:
            self._emit(EditAspectEvent(aspect=a.id, hidden=not a.hidden))

    def _new_zone_id(self, name: str) -> str:
        base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40] or "zone"
        taken = {z.id for z in self._doc.state.zones}
        zid, n = base, 2
        while zid in taken:
            zid, n = f"{base}-{n}", n + 1
        return zid

    def add_zone(self) -> None:
        """A new zone, named in a prompt."""
        name = TextPrompt.ask(self, "Zone", "Name the zone:")
        if name:
            self._emit(AddZoneEvent(zone=self._new_zone_id(name), name=name))

    def rename_zone(self) -> None:
        """Rename the selected zone."""
        zid = self.current_zone()
        if zid is None:
            return
        name = TextPrompt.ask(self, "Zone", "New name:", zone_label(self._doc.state, zid))
        if name:
            self._emit(RenameZoneEvent(zone=zid, name=name))

    def remove_zone(self) -> None:
        """Remove the selected zone (its borders go, who stood there is off the map)."""
        zid = self.current_zone()
        if zid is not None:
            self._emit(RemoveZoneEvent(zone=zid))

    def edit_border(self) -> None:
        """Join two zones with a border value, or part them."""
        state = self._doc.state
        zones = [(z.name or z.id, z.id) for z in state.zones]
        if len(zones) < 2:
            self.exchange.setText("Add at least two zones before joining them")
            return
        answer = BorderPrompt.ask(self, zones, self.current_zone())
        if answer is not None:
            a, b, value = answer
            self._emit(SetBorderEvent(between=(a, b), value=value))

    def place(self, pid: str | None) -> None:
        """Put participant ``pid`` in a zone chosen from the scene's zones."""
        state = self._doc.state
        p = state.find(pid) if pid else None
        if p is None or not state.zones:
            self.exchange.setText("Select a participant and add zones first")
            return
        choices = [(z.name or z.id, z.id) for z in state.zones] + [("(off the map)", "")]
        zone = ChoicePrompt.ask(self, "Place", f"Where is {p.name}?", choices)
        if zone is not None:
            self._emit(PlaceEvent(who=p.id, zone=zone or None))
