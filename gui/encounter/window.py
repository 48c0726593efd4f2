"""GUI layer: the encounter window, where the game master runs a conflict at the table.

Turn order table (current actor highlighted, stress boxes clickable), dice panel, scene panel
and event log; a toolbar with the flow of play (start, next turn, add to the cast) and, on an
empty encounter, a quick-add panel instead of an empty table; Shift+letter commands from the
app's one shortcut scheme (:mod:`gui.shortcuts`, listed in Help); everything undoable; a player
view for a second screen; autosave to the library after every change; results back to the
characters at the end (one transaction, undoable); a GM conflict sheet through the PDF module.
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.campaigns import others_note
from gui.encounter.commands import ApplyEventCommand, WriteResultsCommand, results_of
from gui.encounter.dice_panel import DicePanel
from gui.encounter.document import EncounterDocument
from gui.encounter.empty_cast import EmptyCastPanel
from gui.encounter.player_view import PlayerViewWindow
from gui.encounter.prompts import CharacterPicker, ChoicePrompt, TextPrompt
from gui.encounter.scene_panel import ScenePanel
from gui.encounter.system_actions import install as install_system_actions
from gui.encounter.system_actions import install_offers
from gui.encounter.system_prompts import EncounterPrompts, GenericEncounterPrompts
from gui.encounter.toolbar import EncounterToolBar
from gui.encounter.turn_model import BOXES_ROLE, ID_ROLE, TurnOrderModel, has_aspects
from gui.encounter.window_words import mnemonic as _mnemonic
from gui.encounter.window_words import show_words, shown_shortcuts
from gui.shortcuts import key_text, keys
from rules.conflict import companion, fill_dice, minion_group
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    ApplyStressEvent,
    EndSceneEvent,
    Event,
    FullDefenseEvent,
    GmOverrideEvent,
    GrantFatePointEvent,
    HoldEvent,
    NextExchangeEvent,
    NextTurnEvent,
    RemoveParticipantEvent,
    ResumeEvent,
    SetBoxEvent,
    SetHiddenEvent,
    StartEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
    TrackName,
)
from rules.errors import FatesmithError, RuleViolation, UnknownSystemError

_BOX_GLYPHS = ("\u2610", "\u2612")


def box_at(text: str, metrics: QFontMetrics, x: float) -> int | None:
    """The 0-based box under ``x`` (from the text's start) in a track cell's ``text``: the
    count of box glyphs before the one under it, so a system's own track text (rows apart,
    level labels between boxes: :meth:`ConflictRules.track_text`) maps a click like plain
    boxes; None off a box."""
    left = 0.0
    count = 0
    for ch in text:
        width = metrics.horizontalAdvance(ch)
        is_box = ch in _BOX_GLYPHS or ch.isdigit()  # a plain box holding a level shows it
        if left <= x < left + width:
            return count if is_box else None
        count += is_box
        left += width
    return None


class BoxDelegate(QStyledItemDelegate):
    """Paints nothing special; turns a click on a stress box into (participant, track, box)."""

    def __init__(self, window: EncounterWindow) -> None:
        super().__init__(window)
        self._window = window

    def editorEvent(
        self,
        event: QEvent,
        model: Any,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        """A left click on a box toggles it (through an undoable command)."""
        if event.type() != QEvent.Type.MouseButtonRelease or not isinstance(event, QMouseEvent):
            return False
        boxes = index.data(BOXES_ROLE)
        if not boxes:
            return False
        rect: QRect = option.rect
        font = index.data(Qt.ItemDataRole.FontRole)  # the boxes are drawn larger than the text
        metrics = QFontMetrics(font) if isinstance(font, QFont) else option.fontMetrics
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        box = box_at(text, metrics, event.position().x() - rect.x() - 4)
        if box is not None and 0 <= box < len(boxes):
            track: TrackName = self._window.model.columns[index.column()].key
            self._window.toggle_box(str(index.data(ID_ROLE)), track, box + 1)
            return True
        return False


class EncounterWindow(QMainWindow):
    """The game master's window for one encounter.

    Args:
        document: The encounter.
        registry: The systems (the campaign's skill list), or None.
        rng: Dice source.
        prompts: The encounter's system's UI (``SystemUi.encounter_prompts()``); generic when
            None.
        opener: Opens a stored encounter in a new window, ``opener(library, record, registry,
            rng=...)`` (:func:`gui.encounter.open_encounter_window`, handed in by it so this
            module never imports the package that imports it); None: no "New from template".
        parent: Parent widget.

    Signals:
        characters_written(object): library characters were changed from here (results
            written, undone or redone), with their ids.
    """

    characters_written = Signal(object)

    def __init__(
        self,
        document: EncounterDocument,
        *,
        registry: Any = None,
        rng: random.Random | None = None,
        prompts: EncounterPrompts | None = None,
        opener: Callable[..., EncounterWindow] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.doc = document
        self._opener = opener
        if document.parent() is None:
            document.setParent(self)  # signals die with the window
        self.registry = registry
        self.prompts: EncounterPrompts = prompts or GenericEncounterPrompts()
        self.rng = rng or random.Random()
        self.print_settings: Any = None  # the main window's preferences (paper); the app's if None
        self.player_view: PlayerViewWindow | None = None
        self.runs: list[EncounterWindow] = []  # windows started from templates here
        self.model = TurnOrderModel(document)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.model.stretch_column, QHeaderView.ResizeMode.Stretch)
        if "consequences" in self.model.column_index:  # shares the width: a long one sized to
            # its line pushed the aspects out of sight behind a scroll bar
            header.setSectionResizeMode(
                self.model.column_index["consequences"], QHeaderView.ResizeMode.Stretch
            )
        header.setStretchLastSection("aspects" in self.model.column_index)
        self.box_delegate = BoxDelegate(self)
        for i, column in enumerate(self.model.columns):
            if column.track:
                self.table.setItemDelegateForColumn(i, self.box_delegate)
        skills = self._campaign_skills() or ()
        self.dice = DicePanel(
            document,
            self.prompts.attack_skills(skills),
            self.prompts.defense_skills(skills),
            defense_skills_for=lambda p: self.prompts.defense_skills(skills, p),
            attack_default=lambda p: self.prompts.attack_default(
                self.doc.conflict_rules, self.doc.state, p, self.prompts.attack_skills(skills)
            ),
            addable_skills=lambda p: self.prompts.addable_skills(self.doc.conflict_rules, p),
            defense_default=lambda p: self.prompts.defense_default(
                self.doc.conflict_rules,
                p,
                self.doc.state.kind,
                self.prompts.defense_skills(skills, p),
            ),
        )
        self.scene = ScenePanel(document, self.prompts)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)
        self.undo_results_button = QPushButton("Undo")
        self.undo_results_button.setToolTip("Take the results back from the characters")
        self.undo_results_button.clicked.connect(self.doc.undo_stack.undo)  # the write: on top
        self.doc.undo_stack.indexChanged.connect(lambda _i: self.undo_results_button.hide())
        self.statusBar().addWidget(self.undo_results_button)
        self.undo_results_button.hide()
        log_box = QWidget()
        lbox = QVBoxLayout(log_box)
        lbox.setContentsMargins(0, 6, 0, 0)
        lbox.addWidget(QLabel("<b>Log</b>"))
        lbox.addWidget(self.log)
        bottom = QSplitter()
        bottom.addWidget(self.scene)
        bottom.addWidget(log_box)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        self.empty_cast = EmptyCastPanel(
            add_from_library=self.add_from_library,
            add_npc=self.add_npc,
            add_minions=self.add_minions,
            add_character_id=self.add_character_id,
        )
        self.cast_stack = QStackedWidget()
        self.cast_stack.addWidget(self.table)
        self.cast_stack.addWidget(self.empty_cast)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.cast_stack)
        left.addWidget(bottom)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 1)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.dice)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([860, 420])
        left.setSizes([330, 340])
        bottom.setSizes([520, 340])
        container = QWidget()  # the overlay must not become a splitter pane
        cbox = QVBoxLayout(container)
        cbox.setContentsMargins(0, 0, 0, 0)
        cbox.addWidget(split)
        self.setCentralWidget(container)
        self._build_actions()
        self.toolbar = EncounterToolBar(self)
        self.addToolBar(self.toolbar)
        self.dice.submit = self.push  # type: ignore[method-assign]
        self.scene.event_requested.connect(self.push)
        self.scene.selected_participant = self.selected
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        document.state_replaced.connect(self._on_state_replaced)
        document.save_failed.connect(self._on_save_failed)
        document.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self._on_state_replaced(document.state)
        self.resize(1280, 760)

    # -- actions ----------------------------------------------------------------------------------

    def _action(self, menu: Any, text: str, name: str | None, slot: Any) -> QAction:
        action = QAction(text, self)
        if name:
            action.setShortcuts(keys(name))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.setToolTip(f"{text.replace('&', '')} ({key_text(name)})")  # no key marks
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self.addAction(action)
        if name:
            self.actions_by_name[name] = action
        return action

    def _build_actions(self) -> None:
        self.actions_by_name: dict[str, QAction] = {}
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._action(file, "&Print GM conflict sheet...", "print", self.print_sheet)
        file.addSeparator()
        self._action(file, "&Close", "close", self.close)  # the app's one Close key (Ctrl+W)
        enc = bar.addMenu("&Encounter")
        self._action(enc, "&Start", "start", lambda: self.push(StartEvent()))
        self._action(enc, "&Next turn", "next_turn", lambda: self.push(NextTurnEvent()))
        self._action(enc, "Next e&xchange", "next_exchange", lambda: self.push(NextExchangeEvent()))
        self._action(enc, "&End scene", "end_scene", lambda: self.push(EndSceneEvent()))
        enc.addSeparator()
        self._action(enc, "Save as &template...", None, self.save_as_template)
        self._action(enc, "New from te&mplate...", None, self.new_from_template)
        self._action(enc, "&Write results to the characters", None, self.save_results)
        enc.addSeparator()
        self._action(enc, "Pl&ayer view", "player_view", self.show_player_view)
        self.hide_npc_tracks = QAction("&Hide NPC stress in the player view", self)
        self.hide_npc_tracks.setCheckable(True)
        self.hide_npc_tracks.toggled.connect(self._on_hide_npc_tracks)
        enc.addAction(self.hide_npc_tracks)
        from gui.share import open_share_dialog  # the players' own devices (issue #28)

        share = "Share with players &on this network…"
        self._action(enc, share, None, lambda: open_share_dialog(self))
        act = bar.addMenu("&Act")
        self._action(act, "&Attack / roll", "roll", self.roll)
        self._action(act, "&Maneuver", "maneuver", lambda: self.dice.request("maneuver"))
        self._action(act, "&Block", "block", lambda: self.dice.request("block"))
        self._action(act, "Mark &stress", "mark_stress", self.mark_stress)
        self._action(act, "Fill &lower boxes", "fill_lower", self.fill_lower)
        self._action(act, "Take &consequence", "consequence", lambda: self.take_consequence(False))
        self._action(
            act, "Com&panion takes the hit", "companion_hit", lambda: self.take_consequence(True)
        )
        self._action(act, "Take &out", "take_out", self.take_out)
        add_aspect = self._action(act, "Add aspec&t", "add_aspect", self.add_aspect)
        self._action(act, "Grant &fate point", "fate_point", self.grant_fate_point)
        self._action(act, "Full &defense", "full_defense", self.full_defense)
        self._action(act, "&GM override: one more action...", "gm_override", self.gm_override)
        self._action(act, "&Hold action", "hold", self.hold)
        self._action(act, "Take held act&ion", "resume", self.resume)
        self._action(act, "Hide / show in player &view", "hide", self.toggle_hidden)
        scene = bar.addMenu("&Scene")
        scene_aspect = self._action(
            scene, "Add scene &aspect...", "scene_aspect", self.scene.add_aspect
        )
        self._aspect_actions = (add_aspect, scene_aspect)
        self._zone_actions = (
            self._action(scene, "Add &zone...", None, self.scene.add_zone),
            self._action(scene, "&Border between zones...", None, self.scene.edit_border),
            self._action(scene, "&Place selected in a zone...", "zone", self.place_selected),
        )
        self.system_actions = install_system_actions(self, bar)  # the system's own actions
        self.offers = install_offers(self)  # what the system's rules offer right now
        cast = bar.addMenu("&Cast")
        self._action(cast, "Add characters from the &library...", "add_library",
                     self.add_from_library)  # fmt: skip
        self._action(cast, "Add named &NPC...", "add_npc", self.add_npc)
        self._action(cast, "Add &minion group...", "add_minions", self.add_minions)
        self._action(cast, "Add &companion...", "add_companion", self.add_companion)
        self._action(cast, "&Remove selected", "remove", self.remove_selected)
        edit = bar.addMenu("E&dit")
        undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcuts(keys("undo"))
        redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts(keys("redo"))
        for a in (undo, redo):
            edit.addAction(a)
            self.addAction(a)
        helpm = bar.addMenu("&Help")
        self._action(helpm, "&Keyboard Shortcuts", "shortcuts", self.show_shortcuts)

    def show_shortcuts(self) -> Any:
        """Help > Keyboard Shortcuts: the app's one list of keys (non-modal)."""
        from gui.dialogs.shortcuts import show_shortcuts

        return show_shortcuts(self, shown_shortcuts(self, self.doc.conflict_rules))

    def _on_hide_npc_tracks(self, hide: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_hide_npc_tracks(hide)

    # -- the one mutation path --------------------------------------------------------------------

    def push(self, event: Event) -> bool:
        """Roll any blank dice, apply ``event`` through an undo command; False if refused."""
        event = fill_dice(self.doc.conflict_rules, event, self.rng, self.doc.state)
        try:
            command = ApplyEventCommand(self.doc, event)
        except RuleViolation as exc:
            self.show_message(str(exc))
            return False
        self.doc.undo_stack.push(command)
        self.show_message(command.entry.text)
        return True

    def show_message(self, text: str) -> None:
        """One line in the status bar (the results' Undo button goes with the line it was
        shown with)."""
        self.status.setText(text)
        self.undo_results_button.hide()

    def selected(self) -> str | None:
        """The participant selected in the table, else the current actor."""
        index = self.table.currentIndex()
        if index.isValid():
            pid = self.model.participant_id(index.row())
            if pid is not None:
                return pid
        return self.doc.state.current

    def select(self, pid: str) -> None:
        """Select ``pid``'s row."""
        row = self.model.row_of(pid)
        if row >= 0:
            self.table.setCurrentIndex(self.model.index(row, self.model.column_index["name"]))

    def _on_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        pid = self.model.participant_id(current.row())
        state = self.doc.state
        if pid is not None and pid != state.current and state.current is not None:
            self.dice.select(target=pid)

    def _on_state_replaced(self, state: Any) -> None:
        title = state.name or "Encounter"
        when = self.doc.conflict_rules.exchange_text(state.exchange).lower()
        self.setWindowTitle(f"{title} \u2014 {when} [*]")
        self._show_system_words()
        self._show_cast(state)
        log = self.doc.log
        shown = self.log.count()
        if shown > len(log) or (
            shown and self.log.item(shown - 1).text() != f"{shown}. {log[shown - 1].text}"
        ):
            self.log.clear()  # undone, or another history: rebuild
            shown = 0
        if shown < len(log):
            self.log.addItems([f"{e.index + 1}. {e.text}" for e in log[shown:]])
            self.log.scrollToBottom()

    def _show_system_words(self) -> None:
        """The window's commands in the system's words (the scene's settings may change them
        while framing): no aspect commands for a system without aspects; the scene's places
        by :attr:`ConflictRules.zone_words`, or none; the next-exchange command's menu entry,
        tooltip and toolbar button by :attr:`ConflictRules.exchange_word` (``Next &round``,
        with a key letter no other entry of its menu has)."""
        cr = self.doc.conflict_rules
        for aspect_action in self._aspect_actions:  # none where the book has no aspects
            aspect_action.setVisible(has_aspects(cr))
        words = cr.zone_words
        for zone_action in self._zone_actions:
            zone_action.setVisible(words is not None)
        if words is not None and words[1] != "zone":
            noun = words[1]
            add, border, place = self._zone_actions
            add.setText(f"Add {_mnemonic(noun, add)}...")
            border.setText(f"Border between {_mnemonic(noun, border)}s...")
            place.setText(f"Place selected in a {_mnemonic(noun, place)}...")
        word = cr.exchange_word
        action = self.actions_by_name["next_exchange"]
        text = "Next e&xchange" if word == "exchange" else f"Next {_mnemonic(word, action)}"
        if action.text() != text:
            action.setText(text)
            action.setToolTip(f"Next {word} ({key_text('next_exchange')})")
            self.toolbar.show_exchange_word(word)
        show_words(self, cr)  # the Act menu's commands, hidden or named for the system

    def _on_save_failed(self, message: str) -> None:
        self.show_message(f"Not saved: {message}")

    def _on_clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    # -- commands ---------------------------------------------------------------------------------

    def roll(self) -> None:
        """Shift+R: attack the target, or roll against the difficulty when there is none."""
        self.dice.request("attack" if self.dice.target.currentData() else "roll")

    def mark_stress(self) -> None:
        """Shift+S: check the box for the pending hit."""
        hit = self.doc.state.pending_hit
        if hit is None:
            self.show_message("No hit is waiting to be absorbed")
            return
        self.push(ApplyStressEvent(who=hit.target))

    def fill_lower(self) -> None:
        """Shift+O: check lower empty boxes adding up to the pending hit instead of a roll-up (when
        the system's rules allow it for this participant: ``fill_lower_choices``)."""
        state = self.doc.state
        hit = state.pending_hit
        p = state.find(hit.target) if hit is not None else None
        if hit is None or p is None:
            self.show_message("No hit is waiting to be absorbed")
            return
        cr = self.doc.conflict_rules
        choices = cr.fill_lower_choices(p, hit.track, hit.shifts)
        if not choices:
            self.show_message(f"{p.name} cannot fill lower boxes for this hit")
            return
        labelled = [("boxes " + " + ".join(str(i + 1) for i in c), c) for c in choices]
        chosen = labelled[0][1]
        if len(labelled) > 1:
            chosen = ChoicePrompt.ask(self, "Fill lower boxes", "Check which boxes?", labelled)
            if chosen is None:
                return
        self.push(ApplyStressEvent(who=p.id, boxes=tuple(i + 1 for i in chosen)))

    def take_consequence(self, companion: bool) -> None:
        """Shift+C / Shift+K: a consequence (or the companion's) for the pending hit, or a
        voluntary one."""
        hit = self.doc.state.pending_hit
        who = hit.target if hit is not None else self.selected()
        if who is None:
            return
        text = TextPrompt.ask(self, "Consequence", "Name the consequence:")
        if text:
            # the slot the GM chose on the scene panel for this hit (where there is a choice)
            slot = self.scene.chosen_slot() if hit is not None and not companion else None
            self.push(TakeConsequenceEvent(who=who, text=text, companion=companion, severity=slot))

    def take_out(self) -> None:
        """Shift+X: take the selected participant (or the one with the pending hit) out."""
        hit = self.doc.state.pending_hit
        who = hit.target if hit is not None else self.selected()
        if who is not None:
            self.push(TakeOutEvent(who=who, by=hit.attacker if hit is not None else None))

    def add_aspect(self) -> None:
        """Shift+A: an aspect on the selected participant, or on the scene when none is selected."""
        index = self.table.currentIndex()
        holder = self.model.participant_id(index.row()) if index.isValid() else None
        text = TextPrompt.ask(self, "Aspect", "Aspect text:")
        if text:
            self.push(AddAspectEvent(text=text, holder=holder, sticky=holder is None))

    def grant_fate_point(self) -> None:
        """Shift+F: one fate point to the selected participant."""
        who = self.selected()
        if who is not None:
            self.push(GrantFatePointEvent(who=who))

    def full_defense(self) -> None:
        """Shift+D: full defense for the selected participant."""
        who = self.selected()
        if who is not None:
            self.push(FullDefenseEvent(who=who))

    def gm_override(self) -> None:
        """Shift+G: the GM lets the selected participant take one action the action economy forbids
        (a second action, an action after full defense); the reason goes into the log."""
        who = self.selected()
        if who is None:
            return
        word = self.doc.conflict_rules.exchange_word
        reason = TextPrompt.ask(self, "GM override", f"Why may they act again this {word}?")
        if reason and reason.strip():
            self.push(GmOverrideEvent(who=who, reason=reason.strip()))

    def hold(self) -> None:
        """Shift+H: the current actor holds."""
        who = self.doc.state.current
        if who is not None:
            self.push(HoldEvent(who=who))

    def resume(self) -> None:
        """Shift+T: the selected holder acts now."""
        who = self.selected()
        if who is not None:
            self.push(ResumeEvent(who=who))

    def toggle_hidden(self) -> None:
        """Shift+V: hide or show the selected participant in the player view."""
        who = self.selected()
        p = self.doc.participant(who) if who else None
        if p is not None:
            self.push(SetHiddenEvent(who=p.id, hidden=not p.hidden))

    def place_selected(self) -> None:
        """Shift+Z: put the selected participant in a zone."""
        self.scene.place(self.selected())

    def toggle_box(self, pid: str, track: TrackName, box: int) -> None:
        """A click on a stress box: check it (the pending hit's box when it is that one) or
        clear it."""
        p = self.doc.participant(pid)
        if p is None:
            return
        hit = self.doc.state.pending_hit
        if hit is not None and hit.target == pid and hit.box == box - 1 and hit.track == track:
            self.push(ApplyStressEvent(who=pid))
            return
        checked = not p.track(track)[box - 1]
        self.push(SetBoxEvent(who=pid, track=track, box=box, checked=checked))

    # -- cast -------------------------------------------------------------------------------------

    def _unique_id(self, name: str) -> str:
        base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40] or "p"
        pid, n = base, 2
        while self.doc.state.find(pid) is not None:
            pid, n = f"{base}-{n}", n + 1
        return pid

    def add_character(
        self,
        character: Any,
        *,
        side: str | None = None,
        pid: str | None = None,
        kind: str | None = None,
    ) -> bool:
        """Bring a library character into the scene (its current condition comes along)."""
        if character.system != self.doc.state.system:
            self.show_message(
                f"{character.name}: a {character.system!r} character cannot join a "
                f"{self.doc.state.system!r} conflict"
            )
            return False
        kind = kind or ("pc" if character.player else "npc")
        try:
            p = self.doc.conflict_rules.participant_from_character(
                character,
                pid=pid or self._unique_id(character.name),
                kind=kind,
                side=side or ("players" if kind == "pc" else "gm"),
                seat=len(self.doc.state.participants),
            )
        except FatesmithError as exc:
            self.show_message(f"{character.name}: {exc}")
            return False
        return self.push(AddParticipantEvent(participant=p))

    def add_character_id(self, character_id: Any) -> bool:
        """Bring the library character ``character_id`` into the scene (the quick-add list)."""
        library = self.doc.library
        if library is None:
            return False
        try:
            character = library.get_character(character_id).character
        except FatesmithError as exc:
            self.show_message(str(exc))
            return False
        return self.add_character(character)

    def _show_cast(self, state: Any) -> None:
        """The table once anyone is in the scene; the quick-add panel while nobody is."""
        empty = not state.participants
        if empty and self.cast_stack.currentWidget() is not self.empty_cast:
            library = self.doc.library
            summaries = []
            if library is not None:
                try:
                    summaries = [s for s in library.list_characters() if s.system == state.system]
                except FatesmithError as exc:
                    self.show_message(str(exc))
            self.empty_cast.set_characters(summaries)
        self.cast_stack.setCurrentWidget(self.empty_cast if empty else self.table)

    def add_from_library(self) -> None:
        """Ctrl+Shift+L: pick characters from the library."""
        library = self.doc.library
        if library is None:
            self.show_message("This encounter is not in a library")
            return
        try:
            every = library.list_characters()
        except FatesmithError as exc:
            self.show_message(str(exc))
            return
        system = self.doc.state.system
        offered = [s for s in every if s.system == system]
        name = self.registry.info(system).name if self.registry is not None else system
        note = others_note(name, "encounter", len(offered), len(every) - len(offered))
        ids = CharacterPicker.ask(self, offered, note=note)
        for cid in ids:
            self.add_character(library.get_character(cid).character)

    def add_minions(self) -> None:
        """Ctrl+Shift+M: a minion group."""
        answer = self.prompts.ask_minions(self, self.doc.conflict_rules, self.doc.ladder)
        if answer is None:
            return
        name, quality, count = answer[:3]
        cr = self.doc.conflict_rules
        group = minion_group(
            cr,
            pid=self._unique_id(name),
            name=name,
            quality=quality,
            count=count,
            side="gm",
            seat=len(self.doc.state.participants),
        )
        if len(answer) == 4 and answer[3]:  # the system's own questions (a power tier)
            group = group.model_copy(update={"options": {**group.options, **answer[3]}})
        self.push(AddParticipantEvent(participant=group))

    def _campaign_skills(self) -> tuple[str, ...] | None:
        """The campaign's skill names for the scene's system (None without a registry)."""
        if self.registry is None:
            return None
        try:
            system = self.registry.get(self.doc.state.system)
        except UnknownSystemError:
            return None
        names: tuple[str, ...] = system.skill_names(self.doc.conflict_rules.settings)
        return names

    def add_npc(self) -> bool:
        """Ctrl+Shift+N: a named NPC written into the scene (no library character)."""
        state = self.doc.state
        cr = self.doc.conflict_rules
        answer = self.prompts.ask_npc(self, cr, self.doc.ladder, self._campaign_skills())
        if answer is None:
            return False
        side = answer.pop("side") or "gm"
        options = answer.pop("options", {})  # the system's own questions (a power tier)
        p = cr.npc_participant(
            pid=self._unique_id(answer["name"]),
            side=side,
            seat=len(state.participants),
            **answer,
        )
        if options:
            p = p.model_copy(update={"options": {**p.options, **options}})
        return self.push(AddParticipantEvent(participant=p))

    def add_companion(self) -> bool:
        """Ctrl+Shift+K: a companion, attached to a named character of the scene (or on its own)."""
        state = self.doc.state
        patrons = [(p.name, p.id) for p in state.participants if p.kind in ("pc", "npc")]
        answer = self.prompts.ask_companion(self, self.doc.conflict_rules, patrons, self.doc.ladder)
        if answer is None:
            return False
        patron = state.find(answer["patron"]) if answer["patron"] else None
        cr = self.doc.conflict_rules
        p = companion(
            cr,
            pid=self._unique_id(answer["name"]),
            side=patron.side if patron is not None else "players",
            seat=len(state.participants),
            **answer,
        )
        if patron is not None:
            p = p.model_copy(update={"zone": patron.zone})
        return self.push(AddParticipantEvent(participant=p))

    def remove_selected(self) -> None:
        """Ctrl+Delete: the selected participant leaves the scene."""
        who = self.selected()
        if who is not None:
            self.push(RemoveParticipantEvent(who=who))

    # -- results, print, player view ---------------------------------------------------------------

    def save_results(self) -> int:
        """Write each library character's stress, consequences and fate points back to it, all
        in one transaction and undoable (Edit > Undo, or the Undo button beside the message);
        returns how many characters were written (0 when refused: nothing is stored)."""
        library = self.doc.library
        if library is None:
            self.show_message("This encounter is not in a library")
            return 0
        try:
            changes = results_of(self.doc)
            command = WriteResultsCommand(
                library, changes, report=self.show_message, written=self.characters_written.emit
            )
        except FatesmithError as exc:
            self.show_message(f"Results not written: {exc}")
            return 0
        self.doc.undo_stack.push(command)
        self.show_message(f"Results written to {len(changes)} character(s)")
        self.undo_results_button.show()
        return len(changes)

    def sheet_rows(self) -> list[Any]:
        """The GM conflict sheet's rows, in turn order (:mod:`gui.encounter.conflict_sheet`)."""
        from gui.encounter.conflict_sheet import conflict_rows
        from gui.encounter.turn_model import display_order

        state = self.doc.state
        order = list(display_order(state))
        return conflict_rows(state, self.doc.conflict_rules, order, self.doc.ladder)

    def print_sheet(self, path: Any = None) -> Any:
        """Ctrl+P: the GM conflict sheet, previewed, then saved or printed (written to ``path``
        without a dialog when given)."""
        from gui.encounter.conflict_sheet import print_conflict_sheet

        out = print_conflict_sheet(self, self.sheet_rows(), path)
        if out is not None:
            self.show_message(f"Conflict sheet written to {out}")
        return out

    def save_as_template(self) -> uuid.UUID | None:
        """Store the prepared scene (cast, aspects, zones as framed) as a template."""
        if self.doc.library is None:
            self.show_message("This encounter is not in a library")
            return None
        state = self.doc.state
        name = TextPrompt.ask(self, "Save as template", "Template name:", state.name)
        if not name:
            return None
        template_id = self.doc.save_as_template(name)
        if template_id is not None:
            self.show_message(f"Saved the template \u201c{name}\u201d")
        return template_id

    def new_from_template(self) -> EncounterWindow | None:
        """Start a fresh run of a stored template in a new window (a record of its own)."""
        library = self.doc.library
        if library is None or self._opener is None:
            self.show_message("This encounter is not in a library")
            return None
        templates = [r for r in library.list_encounters() if r.is_template]
        if not templates:
            self.show_message("There are no templates yet (Encounter \u2192 Save as template)")
            return None
        record = ChoicePrompt.ask(
            self, "New from template", "Template:", [(r.name, r) for r in templates]
        )
        if record is None:
            return None
        window = self._opener(library, record, self.registry, rng=self.rng)
        window.print_settings = self.print_settings
        assert isinstance(window, EncounterWindow)
        self.runs.append(window)
        window.show()
        return window

    def show_player_view(self) -> PlayerViewWindow:
        """Shift+P: the player view (one per window), following this window live."""
        if self.player_view is None:
            self.player_view = PlayerViewWindow(self.doc)
            self.player_view.set_hide_npc_tracks(self.hide_npc_tracks.isChecked())
        self.player_view.show()
        self.player_view.raise_()
        return self.player_view

    def changeEvent(self, event: QEvent) -> None:
        """Follow a new UI scale live: the table's larger box glyphs are sized from the
        application font."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the application font: a new UI scale
            self.model.refresh()

    def showEvent(self, event: Any) -> None:
        """Show the latest log lines."""
        super().showEvent(event)
        self.log.scrollToBottom()

    def closeEvent(self, event: Any) -> None:
        """Close the player view too; the encounter is already saved."""
        if self.player_view is not None:
            self.player_view.close()
        super().closeEvent(event)


def new_record_id() -> uuid.UUID:
    """A fresh encounter record id."""
    return uuid.uuid4()
