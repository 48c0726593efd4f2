"""GUI layer: the game system's own encounter actions (a fall, first aid, an ambush...), offered
generically from the system's :class:`rules.conflict_rules.ActionSpec` list, and time passing.

:func:`install` adds a "Rules" menu to the encounter window: time passing (a
:class:`RecoverDialog`: a rest period or a step of the system's time chart; consequences
recover) and one entry per system action, grouped as the system groups them. Each opens a
:class:`SystemActionDialog` built from the spec: who acts, whom it affects, each parameter as a
spin box, check box, text field or choice, the dice of each roll (split by ``;``; blank:
rolled), the book section and what the action does. The answer is one event, pushed through
the window's one mutation path (undo command, document, signals). :func:`install_offers` adds
an :class:`OfferButton` to the status bar: the actions the system's encounter prompts say apply
right now (a stunt after the hit that triggers it), each pushed at a click, or opened in the
dialog, filled in, when it still needs a value. Both show only the actions the rules say apply
in the current state (:meth:`ConflictRules.action_applies`: e.g. not an action of the other
mode of play). Nothing here names a game system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.dice_panel import parse_faces
from gui.theme import tint
from rules.encounter import Encounter, ParamValue, RecoverEvent, SystemActionEvent

if TYPE_CHECKING:
    from rules.conflict_rules import ActionParam, ActionSpec

NOBODY = "\u2014 nobody \u2014"
ID_ROLE = 256


class SystemActionDialog(QDialog):
    """A form for one system action, built from its spec.

    Args:
        spec: The action.
        state: The encounter now (its participants fill the actor and target lists).
        actor: The participant to preselect as the actor (the window's selection).
        parent: Parent widget.
    """

    def __init__(
        self,
        spec: ActionSpec,
        state: Encounter,
        actor: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.spec = spec
        self.setWindowTitle(spec.label)
        form = QFormLayout()
        self.actor = QComboBox()
        if spec.actor == "optional":
            self.actor.addItem(NOBODY, None)
        for p in state.participants:
            self.actor.addItem(p.name or p.id, p.id)
        if actor is not None and self.actor.findData(actor) >= 0:
            self.actor.setCurrentIndex(self.actor.findData(actor))
        if spec.actor != "none":
            form.addRow("Who acts", self.actor)
        self.targets = QListWidget()
        for p in state.participants:
            item = QListWidgetItem(p.name or p.id)
            item.setData(ID_ROLE, p.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.targets.addItem(item)
        if spec.max_targets:
            many = spec.max_targets > 1
            form.addRow("Targets" if many else "Target", self.targets)
        self.fields: dict[str, QWidget] = {}
        for param in spec.params:
            widget = _field(param)
            widget.setToolTip(param.help)
            self.fields[param.name] = widget
            form.addRow(param.label, widget)
        self.dice = QLineEdit()
        self.dice.setPlaceholderText("blank: roll; rolls in order, split by ';': +0-0; ++00")
        form.addRow("Dice", self.dice)
        self.error = QLabel()
        tint(self.error, "error")
        about = QLabel(spec.help + (f"\n{spec.section}" if spec.section else ""))
        about.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(about)
        box.addLayout(form)
        box.addWidget(self.error)
        box.addWidget(buttons)

    def set_targets(self, *pids: str) -> None:
        """Check exactly ``pids`` in the target list."""
        for i in range(self.targets.count()):
            item = self.targets.item(i)
            on = item.data(ID_ROLE) in pids
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def set_value(self, name: str, value: ParamValue) -> None:
        """Set parameter ``name``'s field to ``value``."""
        widget = self.fields[name]
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QComboBox):
            widget.setCurrentText(str(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def preset(self, event: SystemActionEvent) -> None:
        """Fill the form in from ``event`` (its actor, targets and parameters)."""
        if event.actor is not None and self.actor.findData(event.actor) >= 0:
            self.actor.setCurrentIndex(self.actor.findData(event.actor))
        self.set_targets(*event.targets)
        for name, value in event.params.items():
            if name in self.fields:
                self.set_value(name, value)

    def action_event(self) -> SystemActionEvent:
        """The action as filled in (only parameters that differ from their defaults are
        written, as a script would).

        Raises:
            ValueError: dice that cannot be read.
        """
        targets = tuple(
            str(self.targets.item(i).data(ID_ROLE))
            for i in range(self.targets.count())
            if self.targets.item(i).checkState() == Qt.CheckState.Checked
        )
        params: dict[str, ParamValue] = {}
        for param in self.spec.params:
            value = _value(self.fields[param.name])
            if value != param.default:
                params[param.name] = value
        rolls = tuple(f for f in (parse_faces(g) for g in self.dice.text().split(";")) if f)
        actor = self.actor.currentData() if self.spec.actor != "none" else None
        return SystemActionEvent(
            action=self.spec.name, actor=actor, targets=targets, params=params,
            dice=rolls or None,
        )  # fmt: skip

    def _accept(self) -> None:
        try:
            self.action_event()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()

    @classmethod
    def ask(
        cls, parent: QWidget | None, spec: ActionSpec, state: Encounter, actor: str | None
    ) -> SystemActionEvent | None:
        """The event the GM fills in, or None when cancelled (tests replace this)."""
        dialog = cls(spec, state, actor, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action_event()

    @classmethod
    def complete(
        cls, parent: QWidget | None, spec: ActionSpec, state: Encounter, event: SystemActionEvent
    ) -> SystemActionEvent | None:
        """``event`` as the GM completes it in the form, or None when cancelled (tests replace
        this)."""
        dialog = cls(spec, state, event.actor, parent)
        dialog.preset(event)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.action_event()


def _field(param: ActionParam) -> QWidget:
    if param.type == "bool":
        check = QCheckBox()
        check.setChecked(bool(param.default))
        return check
    if param.type == "int":
        spin = QSpinBox()
        spin.setRange(param.minimum, param.maximum)
        if isinstance(param.default, int):
            spin.setValue(param.default)
        return spin
    if param.type == "choice":
        combo = QComboBox()
        combo.addItems(list(param.choices))
        if isinstance(param.default, str):
            combo.setCurrentText(param.default)
        return combo
    line = QLineEdit(str(param.default) if param.default is not None else "")
    return line


def _value(widget: QWidget) -> ParamValue:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        return widget.value()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    assert isinstance(widget, QLineEdit)
    return widget.text().strip()


PERIODS: tuple[tuple[str, str], ...] = (
    ("breather", "A breather (a few minutes)"),
    ("night", "A night's rest (6+ hours)"),
    ("downtime", "Downtime (days or weeks)"),
)
"""The rest periods of a ``recover`` event, as the dialog offers them."""


class RecoverDialog(QDialog):
    """Time passes: a rest period, or a step of the system's time chart when it has one, for
    everyone or one participant; consequences recover as the system says.

    Args:
        state: The encounter now.
        chart: The system's time chart (``ConflictRules.time_chart``; empty: periods only).
        who: The participant to preselect (None: everyone).
        parent: Parent widget.
    """

    def __init__(
        self,
        state: Encounter,
        chart: tuple[str, ...],
        who: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Time passes")
        form = QFormLayout()
        self.time = QComboBox()
        for key, label in PERIODS:
            self.time.addItem(label, f"period:{key}")
        for step in chart:
            self.time.addItem(f"Time chart: {step}", f"elapsed:{step}")
        self.who = QComboBox()
        self.who.addItem("Everyone", None)
        for p in state.participants:
            self.who.addItem(p.name or p.id, p.id)
        if who is not None and self.who.findData(who) >= 0:
            self.who.setCurrentIndex(self.who.findData(who))
        self.back_to_back = QCheckBox("Back-to-back sessions (one level lower)")
        form.addRow("How long", self.time)
        form.addRow("Who", self.who)
        form.addRow("", self.back_to_back)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)

    def recover_event(self) -> RecoverEvent:
        """The ``recover`` event as filled in."""
        measure, _, value = str(self.time.currentData()).partition(":")
        return RecoverEvent(
            who=self.who.currentData(), back_to_back=self.back_to_back.isChecked(),
            **({"period": value} if measure == "period" else {"elapsed": value}),
        )  # fmt: skip

    @classmethod
    def ask(
        cls, parent: QWidget | None, state: Encounter, chart: tuple[str, ...], who: str | None
    ) -> RecoverEvent | None:
        """The event the GM fills in, or None when cancelled (tests replace this)."""
        dialog = cls(state, chart, who, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.recover_event()


def install(window: Any, bar: Any) -> dict[str, Any]:
    """Add the "Rules" menu to ``window``'s menu ``bar``: time passing (recovery) for every
    system, then the system's own actions; returns the menu's actions by action name
    (``recover`` for time passing).

    ``window`` is the encounter window: its ``doc`` (document), ``selected()`` and ``push()``.
    """
    menu = bar.addMenu("R&ules")
    recover = menu.addAction("Time passes (recovery)...")
    recover.triggered.connect(_recoverer(window))
    actions: dict[str, Any] = {"recover": recover}
    specs = window.doc.conflict_rules.actions()
    if specs:
        menu.addSeparator()
    submenus: dict[str, Any] = {}
    for spec in specs:
        target = menu
        if spec.group:
            if spec.group not in submenus:
                submenus[spec.group] = menu.addMenu(spec.group)
            target = submenus[spec.group]
        action = target.addAction(spec.label + "...")
        action.setToolTip(spec.help)
        action.triggered.connect(_opener(window, spec))
        actions[spec.name] = action

    def show_applicable(state: Encounter) -> None:
        rules = window.doc.conflict_rules
        for spec in specs:
            actions[spec.name].setVisible(rules.action_applies(state, spec.name))
        for sub in submenus.values():  # a group with nothing that applies is hidden too
            sub.menuAction().setVisible(any(a.isVisible() for a in sub.actions()))

    show_applicable(window.doc.state)
    window.doc.state_replaced.connect(show_applicable)
    return actions


def _recoverer(window: Any) -> Callable[[], bool]:
    def open_recover() -> bool:
        chart = window.doc.conflict_rules.time_chart()
        event = RecoverDialog.ask(window, window.doc.state, chart, None)
        return event is not None and bool(window.push(event))

    return open_recover


def _opener(window: Any, spec: ActionSpec) -> Callable[[], bool]:
    def open_action() -> bool:
        event = SystemActionDialog.ask(window, spec, window.doc.state, window.selected())
        return event is not None and bool(window.push(event))

    return open_action


def offer_label(spec: ActionSpec, event: SystemActionEvent, state: Encounter) -> str:
    """``Crippling Blow: Ada on Thug``: the menu line of an offered action."""

    def name(pid: str) -> str:
        p = state.find(pid)
        return (p.name or p.id) if p is not None else pid

    who = name(event.actor) if event.actor is not None else ""
    on = ", ".join(name(t) for t in event.targets)
    what = " / ".join(str(v) for v in event.params.values())
    label = spec.label + (f" ({what})" if what else "")
    return f"{label}: {who}{' on ' if who and on else ''}{on}"


class OfferButton(QToolButton):
    """The status bar's button of the actions that apply now (``offered_actions`` of the
    window's encounter prompts); hidden when there are none.

    Args:
        window: The encounter window (its ``doc``, ``prompts`` and ``push``).
    """

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self._window = window
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setToolTip("What the rules let someone do right now")
        self.offers: tuple[SystemActionEvent, ...] = ()
        self.refresh(window.doc.state)

    def refresh(self, state: Encounter) -> None:
        """Offer what applies in ``state``."""
        from PySide6.QtWidgets import QMenu

        rules = self._window.doc.conflict_rules
        offered = self._window.prompts.offered_actions(state, rules)
        self.offers = tuple(e for e in offered if rules.action_applies(state, e.action))
        specs = {s.name: s for s in rules.actions()} if self.offers else {}
        menu = QMenu(self)
        for event in self.offers:
            spec = specs.get(event.action)
            if spec is None:
                continue
            action = menu.addAction(offer_label(spec, event, state))
            action.setToolTip(spec.help)
            action.triggered.connect(_taker(self._window, spec, event))
        old = self.menu()
        self.setMenu(menu)
        if old is not None:
            old.deleteLater()
        self.setText(f"Now: {len(self.offers)} offered")
        self.setVisible(bool(self.offers))

    def take(self, index: int) -> bool:
        """Take the ``index``-th offer (as its menu entry does)."""
        event = self.offers[index]
        spec = next(s for s in self._window.doc.conflict_rules.actions() if s.name == event.action)
        return _taker(self._window, spec, event)()


def _taker(window: Any, spec: ActionSpec, event: SystemActionEvent) -> Callable[[], bool]:
    def take() -> bool:
        missing = [p for p in spec.params if p.default is None and p.name not in event.params]
        answer: SystemActionEvent | None = event
        if missing:
            answer = SystemActionDialog.complete(window, spec, window.doc.state, event)
        return answer is not None and bool(window.push(answer))

    return take


def install_offers(window: Any) -> OfferButton:
    """Put an :class:`OfferButton` in ``window``'s status bar, kept up to date with the
    document's state."""
    button = OfferButton(window)
    window.statusBar().addPermanentWidget(button)
    window.doc.state_replaced.connect(button.refresh)
    return button
