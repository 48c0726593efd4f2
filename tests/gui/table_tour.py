"""Test helpers (tests layer) for the table tours (issue 23): drive the real main window and its
real dialogs through a system's whole table flow: a new campaign, a character saved and reopened,
printed to a PDF, and a new encounter with the character from the library and a named NPC.

Modal dialogs would block an offscreen run, so each is answered by filling its own widgets and
pressing its own OK (``exec`` replaced by "fill, then ``accept()``"); only where the shell's
tests guard a dialog's ``ask`` (conftest) is ``ask`` answered the same way.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from gui.dialogs.campaign import CampaignDialog
from gui.dialogs.files import FileDialogs
from gui.dialogs.new_encounter import NewEncounterDialog
from gui.dialogs.print_preview import PrintPreviewDialog
from gui.encounter.prompts import CharacterPicker
from gui.shell.characters import default_editor
from rules.encounter import AttackEvent

SHOTS = Path("/tmp/table-tour")


def answer_exec(
    monkeypatch: pytest.MonkeyPatch, cls: type[QDialog], fill: Callable[..., Any]
) -> list[Any]:
    """Answer ``cls``'s next dialogs by ``fill(dialog)`` on its widgets, then its own OK.

    Returns the list of the dialogs shown (each kept, for a look at it afterwards).
    """
    seen: list[Any] = []

    def exec_(self: QDialog) -> int:
        seen.append(self)
        fill(self)
        self.accept()
        return int(self.result())

    monkeypatch.setattr(cls, "exec", exec_)
    return seen


def real_editor_window(make_window: Callable[..., Any]) -> Any:
    """The main window on the test library with the app's real editor (the creation flow)."""
    return make_window(editor=default_editor)


def new_campaign(window: Any, monkeypatch: pytest.MonkeyPatch, system: str, name: str) -> Any:
    """Library > New Campaign..., the system and name chosen in the dialog; the stored summary."""

    def fill(dialog: CampaignDialog) -> None:
        box = dialog.system_box
        assert box.isEnabled()
        box.setCurrentIndex(box.findData(system))
        assert dialog.system_id() == system
        dialog.name.setText(name)

    answer_exec(monkeypatch, CampaignDialog, fill)
    window.act.new_campaign.trigger()
    campaign = next(c for c in window.library.list_campaigns() if c.name == name)
    assert campaign.system == system
    return campaign


def save_and_reopen(window: Any, qtbot: QtBot) -> Any:
    """File > Save the current character, close its tab, open it again from the library; the
    reopened tab."""
    tab = window.documents.current()
    character_id: uuid.UUID = tab.document.character.id
    window.act.save.trigger()
    assert tab.document.undo_stack.isClean()
    stored = window.library.get_character(character_id).character
    assert stored == tab.document.character
    window.act.close.trigger()
    assert window.characters.tab_of(character_id) is None
    reopened = window.characters.open_character(character_id)
    assert reopened is not None and reopened.document.character == stored
    return reopened


def print_pdf_text(window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, target: Path) -> str:
    """File > Print / Export PDF on the current character: the real preview, its Save PDF...
    into ``target``; the PDF's text."""
    shown: list[PrintPreviewDialog] = []

    def ask(cls: Any, parent: Any, characters: Any, registry: Any, settings: Any) -> Any:
        dialog = cls(characters, registry, settings, parent)
        qtbot.addWidget(dialog)
        shown.append(dialog)
        dialog.show()

        def saved() -> bool:  # a re-render after showing may disable the button a moment
            if dialog.save_button.isEnabled() and dialog.images:
                dialog.save_button.click()
            return dialog.saved_path is not None

        qtbot.waitUntil(saved, timeout=20_000)
        dialog._workers.wait()
        return target

    monkeypatch.setattr(FileDialogs, "save_pdf", classmethod(lambda cls, p, s: target))
    monkeypatch.setattr(PrintPreviewDialog, "ask", classmethod(ask))
    window.act.print.trigger()
    assert shown and target.exists()
    assert target.read_bytes() == shown[0].pdf
    return "\n".join(page.extract_text() for page in PdfReader(target).pages)


def new_encounter(
    window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, campaign: Any, name: str, seed: int
) -> Any:
    """Encounter > New... in ``campaign`` (its system fixed), named ``name``; the shown
    encounter window, rolling with ``random.Random(seed)``."""

    def ask(cls: Any, parent: Any, options: Any) -> Any:
        dialog = cls(options, parent)
        qtbot.addWidget(dialog)
        row = dialog.campaign.findData(str(campaign.id))
        assert row > 0, "the new campaign is offered"
        dialog.campaign.setCurrentIndex(row)
        assert dialog.system.currentData() == campaign.system
        assert not dialog.system.isEnabled()  # the campaign fixes the system
        dialog.name.setText(name)
        dialog.ok_button.click()
        assert dialog.result() == QDialog.DialogCode.Accepted
        return dialog.choice()

    monkeypatch.setattr(NewEncounterDialog, "ask", classmethod(ask))
    window.act.new_encounter.trigger()
    encounter = window.encounters.windows[-1]
    qtbot.addWidget(encounter)
    assert encounter.doc.state.system == campaign.system
    assert encounter.doc.campaign_id == campaign.id
    assert encounter.doc.state.name == name
    encounter.rng = random.Random(seed)
    encounter.show()
    qtbot.waitExposed(encounter)
    return encounter


def add_from_library(encounter: Any, monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """Cast > Add characters from the library..., ``name`` picked in the list; every name the
    picker offered."""
    offered: list[str] = []

    def fill(dialog: CharacterPicker) -> None:
        for row in range(dialog.list.count()):
            item = dialog.list.item(row)
            offered.append(item.text())
            item.setSelected(item.text().startswith(name))

    answer_exec(monkeypatch, CharacterPicker, fill)
    encounter.actions_by_name["add_library"].trigger()
    return offered


def grab(widget: QWidget, name: str) -> Path:
    """Save a picture of ``widget`` as /tmp/table-tour/<name>.png (to look at)."""
    QApplication.processEvents()
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    assert widget.grab().save(str(path))
    return path


def log_lines(encounter: Any) -> list[str]:
    """The encounter window's log, one line a row."""
    return [encounter.log.item(i).text() for i in range(encounter.log.count())]


def new_character(window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, system: str) -> Any:
    """File > New Character..., ``system`` chosen in the real system list; the new tab (the
    app's real creation flow)."""
    from gui.dialogs.choose import SystemChoiceDialog

    def ask(cls: Any, parent: Any, title: str, question: str, systems: Any, last: str) -> Any:
        dialog = cls(title, question, systems, last, parent)
        qtbot.addWidget(dialog)
        dialog.list.setCurrentRow([s.id for s in systems].index(system))
        dialog.accept()
        return dialog.value()

    monkeypatch.setattr(SystemChoiceDialog, "ask", classmethod(ask))
    window.act.new.trigger()
    tab = window.documents.current()
    assert tab.document.character.system == system
    return tab


def type_into(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Type ``text`` into ``widget`` by keyboard."""
    widget.setFocus()
    qtbot.keyClicks(widget, text)


def write_results(encounter: Any) -> None:
    """Encounter > Write results to the characters (the menu's own action)."""
    action = next(a for a in encounter.actions() if a.text() == "&Write results to the characters")
    action.trigger()


def attack(encounter: Any, actor: str, skill: str, target: str, defense: str) -> Any:
    """Act > Attack with the turn's own defaults on the dice panel (checked first); the event
    as rolled."""
    panel = encounter.dice
    shown = (panel.actor.currentData(), panel.skill.currentText(), panel.target.currentData(),
             panel.defense_skill.currentText())  # fmt: skip
    assert shown == (actor, skill, target, defense)
    encounter.actions_by_name["roll"].trigger()
    return next(e.event for e in reversed(encounter.doc.log) if isinstance(e.event, AttackEvent))
