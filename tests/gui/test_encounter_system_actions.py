"""The encounter window offers a system's own actions generically (issue 13): the dialog is built
from the action's spec (no system named), writes only the parameters that differ from their
defaults, reads the dice of each roll, and refuses dice it cannot read; ``fatesmith encounter
actions`` lists a system's actions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from gui.cli import main
from gui.encounter.system_actions import SystemActionDialog, install
from rules.conflict_rules import ActionParam, ActionSpec
from rules.encounter import Encounter, Participant, SystemActionEvent

SPEC = ActionSpec(
    name="quake", label="Quake", section="Fake book, Quakes", group="Hazards", actor="optional",
    min_targets=1, max_targets=3, help="The ground shakes.",
    params=(
        ActionParam(name="force", label="Force", minimum=1, maximum=6, default=2),
        ActionParam(name="where", label="Where", type="choice", choices=("here", "there")),
        ActionParam(name="warned", label="Warned", type="bool", default=False),
        ActionParam(name="note", label="Note", type="str", default=""),
    ),
)  # fmt: skip
STATE = Encounter(
    system="fake", participants=(Participant(id="a", name="Ann"), Participant(id="b", name="Bo"))
)


def test_the_dialog_is_built_from_the_spec(qtbot: QtBot) -> None:
    dialog = SystemActionDialog(SPEC, STATE, actor="b")
    qtbot.addWidget(dialog)
    assert isinstance(dialog.fields["force"], QSpinBox)
    assert dialog.fields["force"].maximum() == 6  # type: ignore[attr-defined]
    assert isinstance(dialog.fields["where"], QComboBox)
    assert isinstance(dialog.fields["warned"], QCheckBox)
    assert isinstance(dialog.fields["note"], QLineEdit)
    assert dialog.actor.currentData() == "b"
    assert dialog.actor.itemData(0) is None  # an optional actor may be nobody
    dialog.actor.setCurrentIndex(0)
    dialog.set_targets("a", "b")
    dialog.set_value("where", "there")
    dialog.set_value("warned", True)
    dialog.dice.setText("+0-0; 1 0 0 -1")
    event = dialog.action_event()
    assert event == SystemActionEvent(
        action="quake", actor=None, targets=("a", "b"), params={"where": "there", "warned": True},
        dice=((1, 0, -1, 0), (1, 0, 0, -1)),
    )  # fmt: skip
    dialog.dice.setText("+x")
    dialog._accept()
    assert "not a die face" in dialog.error.text() and not dialog.result()


class _Doc(QObject):
    state_replaced = Signal(object)

    def __init__(self, specs: tuple[ActionSpec, ...]) -> None:
        super().__init__()
        self.state = STATE

        class _Rules:
            def actions(self) -> tuple[ActionSpec, ...]:
                return specs

            def action_applies(self, state: Any, action: str) -> bool:
                return True

            def time_chart(self) -> tuple[str, ...]:
                return ("a moment", "an hour")

        self.conflict_rules = _Rules()


class _Window:
    def __init__(self, specs: tuple[ActionSpec, ...]) -> None:
        self.doc = _Doc(specs)
        self.pushed: list[Any] = []

    def selected(self) -> str | None:
        return "a"

    def push(self, event: Any) -> bool:
        self.pushed.append(event)
        return True


def test_the_rules_menu_lists_the_actions_and_pushes_the_answer(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMainWindow

    main_window = QMainWindow()
    qtbot.addWidget(main_window)
    assert list(install(_Window(()), main_window.menuBar())) == ["recover"]  # time passes
    window = _Window((SPEC,))
    actions = install(window, main_window.menuBar())
    assert list(actions) == ["recover", "quake"] and actions["quake"].text() == "Quake..."
    answer = SystemActionEvent(action="quake", targets=("a",), params={"where": "here"})
    seen: list[Any] = []

    def ask(cls: Any, parent: Any, spec: Any, state: Any, actor: Any) -> Any:
        seen.append((spec.name, actor))
        return answer

    monkeypatch.setattr(SystemActionDialog, "ask", classmethod(ask))
    actions["quake"].trigger()
    assert seen == [("quake", "a")] and window.pushed == [answer]
    monkeypatch.setattr(SystemActionDialog, "ask", classmethod(lambda *a: None))
    actions["quake"].trigger()  # cancelled: nothing pushed
    assert window.pushed == [answer]


def test_the_command_line_lists_a_systems_actions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["encounter", "actions", "--system", "sotc"]) == 0
    out = capsys.readouterr().out
    assert "fall: Fall (actor)" in out and "height (short/medium/long/extreme, required)" in out
    assert "SotC, Skills: Athletics, Falling" in out and "L5353" not in out
    assert main(["encounter", "actions", "--system", "sotc", "--json"]) == 0
    names = [a["name"] for a in json.loads(capsys.readouterr().out)]
    assert names[:3] == ["ambush", "fall", "first_aid"]
    assert main(["encounter", "actions", "--system", "fate2"]) == 0
    assert "no actions" in capsys.readouterr().out
    assert main(["encounter", "actions", "--system", "nope"]) == 2
    assert "unknown game system" in capsys.readouterr().err


def test_time_passes_through_the_recover_dialog(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Rules menu's "Time passes": a rest period, or a step of the system's time chart."""
    from gui.encounter.system_actions import RecoverDialog
    from rules.encounter import RecoverEvent

    dialog = RecoverDialog(STATE, ("a moment", "an hour"), None)
    qtbot.addWidget(dialog)
    assert dialog.recover_event() == RecoverEvent(period="breather")
    dialog.time.setCurrentIndex(dialog.time.findData("elapsed:an hour"))
    dialog.who.setCurrentIndex(dialog.who.findData("b"))
    dialog.back_to_back.setChecked(True)
    assert dialog.recover_event() == RecoverEvent(elapsed="an hour", who="b", back_to_back=True)
    plain = RecoverDialog(STATE, ())
    qtbot.addWidget(plain)
    assert plain.time.count() == 3  # periods only

    from PySide6.QtWidgets import QMainWindow

    main_window = QMainWindow()
    qtbot.addWidget(main_window)
    window = _Window(())
    actions = install(window, main_window.menuBar())
    seen: list[Any] = []

    def ask(cls: Any, parent: Any, state: Any, chart: Any, who: Any) -> Any:
        seen.append(chart)
        return RecoverEvent(period="night")

    monkeypatch.setattr(RecoverDialog, "ask", classmethod(ask))
    actions["recover"].trigger()
    assert seen == [("a moment", "an hour")] and window.pushed == [RecoverEvent(period="night")]
