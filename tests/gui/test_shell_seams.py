"""GUI tests: the shell's seams hold for documents and systems it has never heard of.

A document tab that is not a character (its own undo stack, switched by the window's undo
group, titled, saved and closed through the DocumentTab protocol); File > New listing every
system with a GUI (a second, made-up system registered beside SotC, whose creation flow the
core's view builds from its steps); the campaign dialog asking a system for its settings page;
SotC's settings page from its SystemUi (SotC, Setting Decisions; Resolving Attacks; Skills).
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from gui.system_ui import CreationStepView, NewCharacterKind, SettingsConflict
from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import CreationStep, SystemRegistry
from rules.validation import Problem, error

# -- a document tab that is not a character ------------------------------------------------------


class AppendCommand(QUndoCommand):
    def __init__(self, tab: NoteTab, text: str) -> None:
        super().__init__(f"Add {text!r}")
        self._tab, self._text = tab, text

    def redo(self) -> None:
        self._tab.lines.append(self._text)
        self._tab.changed.emit()

    def undo(self) -> None:
        self._tab.lines.pop()
        self._tab.changed.emit()


class NoteTab(QWidget):
    """A stand-in for a later kind of document (a diagram, a table): a list of lines."""

    changed = Signal()

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.lines: list[str] = []
        self.saved: list[list[str]] = []
        self.discarded = False
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        QVBoxLayout(self).addWidget(QLabel(name))

    def _on_clean_changed(self, _clean: bool) -> None:
        self.changed.emit()

    def key(self) -> Hashable:
        return ("note", self.name)

    def title(self) -> str:
        return f"Notes: {self.name}"

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def save(self) -> bool:
        self.saved.append(list(self.lines))
        self.undo_stack.setClean()
        return True

    def can_save(self) -> bool:
        return True

    def discard(self) -> None:
        self.discarded = True


def test_a_document_tab_of_another_kind_gets_undo_titles_save_and_close(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gui.dialogs.confirm import SaveChangesDialog

    window = make_window()
    character = window.characters.open_character(window.page.model.rows()[0].id)
    note = NoteTab("Trapping diagram")
    window.documents.add(note)
    assert window.documents.current() is note and window.documents.find(note.key()) is note
    assert window.undo_group.activeStack() is note.undo_stack
    assert window.windowTitle().startswith("Notes: Trapping diagram")

    note.undo_stack.push(AppendCommand(note, "Weapon -> Range"))
    assert window.isWindowModified()
    assert window.tabs.tabText(window.tabs.indexOf(note)) == "\u25cf Notes: Trapping diagram"
    assert window.act.undo.isEnabled() and "Weapon" in window.act.undo.text()
    window.act.undo.trigger()
    assert note.lines == [] and not window.isWindowModified()
    window.act.redo.trigger()
    assert note.lines == ["Weapon -> Range"]

    # Switching tabs switches the undo stack; the character's own stack is untouched.
    window.documents.show(character)
    assert window.undo_group.activeStack() is character.document.undo_stack
    assert not window.act.undo.isEnabled()
    window.documents.show(note)
    assert window.act.save.isEnabled() and not window.act.export.isEnabled()
    window.act.save.trigger()
    assert note.saved == [["Weapon -> Range"]] and not window.isWindowModified()

    # Closing with unsaved changes asks; discarding tells the document.
    note.undo_stack.push(AppendCommand(note, "Range -> Area"))
    asked: list[str] = []
    monkeypatch.setattr(
        SaveChangesDialog, "ask", classmethod(lambda cls, parent, t: asked.append(t) or "discard")
    )
    assert window.documents.close_current()
    assert asked == ["Notes: Trapping diagram"] and note.discarded
    assert window.documents.tabs() == [character]
    assert window.characters.documents() == [character.document]


# -- a second game system -------------------------------------------------------------------------


class OtherSettings(SystemSettings):
    """The made-up system's one campaign switch."""

    grim: bool = False


class OtherSystem:
    """A made-up system with SotC's ladder, one creation step and one rule: a name."""

    def __init__(self, sotc: Any) -> None:
        self.info = sotc.info.model_copy(update={"id": "other", "name": "Other Game"})
        self.id = "other"
        self.ladder = sotc.ladder
        self.character_type = CharacterBase
        self.settings_type = OtherSettings
        self.creation_steps = (
            CreationStep(key="name", title="Name", section="Other, Names", summary="A name."),
        )

    def default_settings(self) -> OtherSettings:
        return OtherSettings()

    def parse_settings(self, data: Any) -> OtherSettings:
        return OtherSettings.model_validate(data or {})

    def new_character(self, name: str = "") -> CharacterBase:
        return CharacterBase(system="other", name=name)

    def skill_names(self, settings: Any = None) -> tuple[str, ...]:
        return ()

    def validate(self, character: CharacterBase, settings: Any = None) -> list[Problem]:
        if character.name:
            return []
        return [error("OTHER-1", "name", "Give a name.", "Other, Names")]

    def derive(self, character: CharacterBase, settings: Any = None) -> OtherSettings:
        return OtherSettings()


class NamePage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.edit = QLineEdit()
        QVBoxLayout(self).addWidget(self.edit)

    def focus_path(self, path: str) -> bool:
        self.edit.setFocus()
        return True

    def first_field(self) -> QWidget | None:
        return self.edit


class OtherFlow:
    def __init__(self, system: Any) -> None:
        step = system.creation_steps[0]
        self._steps = (CreationStepView(key=step.key, title=step.title, page=NamePage()),)

    def steps(self) -> tuple[CreationStepView, ...]:
        return self._steps

    def step_for(self, path: str) -> str:
        return "name"

    def problem_rank(self, problem: Problem) -> int:
        return 0

    def heading(self) -> tuple[str, str]:
        return "<b>Steps</b>", ""

    def is_optional(self, key: str) -> bool:
        return False


class OtherSettingsPage(QWidget):
    def __init__(self, settings: OtherSettings) -> None:
        super().__init__()
        self.grim = QCheckBox("Grim")
        self.grim.setChecked(settings.grim)
        QVBoxLayout(self).addWidget(self.grim)

    def settings(self) -> OtherSettings:
        return OtherSettings(grim=self.grim.isChecked())


class OtherUi:
    def __init__(self, system: Any) -> None:
        self.system = system
        self.made: list[str] = []

    def new_character_kinds(self) -> tuple[NewCharacterKind, ...]:
        return (NewCharacterKind("plain", "&New Character", "A character of the other game"),)

    def new_character(self, kind: str) -> CharacterBase:
        self.made.append(kind)
        return self.system.new_character()

    def creation_flow(self, document: Any, workspace: Any) -> OtherFlow:
        return OtherFlow(self.system)

    def derived_panel(self, document: Any) -> None:
        return None

    def settings_title(self) -> str:
        return "Other rules"

    def settings_page(self, settings: Any) -> QWidget:
        return OtherSettingsPage(
            settings if isinstance(settings, OtherSettings) else OtherSettings()
        )

    def campaign_pages(self, campaign_id: Any, workspace: Any, parent: QWidget) -> tuple[()]:
        return ()

    def encounter_prompts(self) -> None:
        return None  # the generic encounter prompts


class OtherPlugin:
    def __init__(self) -> None:
        self.ui: OtherUi | None = None

    def make_ui(self, system: Any) -> OtherUi:
        self.ui = OtherUi(system)
        return self.ui


@pytest.fixture
def two_systems(qtbot: Any, registry: Any, settings: Any, library_url: str, tmp_path: Path) -> Any:
    """A main window over SotC and the made-up system (its GUI plug-in given to the window)."""
    from gui.plugins import SystemUis
    from gui.shell import MainWindow
    from gui.shell.characters import default_editor
    from storage.library import Library

    both = SystemRegistry()
    sotc = registry.get("sotc")
    both.register(sotc)
    both.register(OtherSystem(sotc))
    plugin = OtherPlugin()
    library = Library.open(library_url, registry=registry)
    window = MainWindow(
        library,
        both,
        settings,
        None,
        editor_factory=default_editor,
        uis=SystemUis(both, plugins={"other": plugin}),
        version="test",
    )

    def settle(window: Any) -> None:
        for tab in window.documents.tabs():
            tab.undo_stack.setClean()

    qtbot.addWidget(window, before_close_func=settle)
    yield window, plugin
    window.workers.wait(10_000)
    library.close()


def test_file_new_lists_every_system_with_a_gui(two_systems: Any, qtmodeltester: Any) -> None:
    window, plugin = two_systems
    file_menu = window.act.file_menu
    file_menu.aboutToShow.emit()
    texts = [a.text() for a in file_menu.actions()]
    start = texts.index("&New Character\u2026")  # Ctrl+N: asks which system
    assert texts[start + 1 : start + 4] == [
        "New Fast Character (Spirit of the Century)",
        "New Character (Other Game)",
        "&Open",
    ]
    [other] = [a for a in file_menu.actions() if a.text() == "New Character (Other Game)"]
    other.trigger()
    tab = window.documents.current()
    assert plugin.ui is not None and plugin.ui.made == ["plain"]
    assert tab.document.character.system == "other"
    assert isinstance(tab.document.settings, OtherSettings)  # the system's defaults

    # The core's creation flow view, built from the other system's single step.
    editor = tab.editor
    assert editor.step_keys == ("name",) and editor.derived_panel is None
    assert editor.step_list.item(0).text() == "Name  \u25cb 1 to do"  # new: still to do
    assert editor.validation_panel.model.rowCount() == 1
    qtmodeltester.check(editor.validation_panel.model)  # ranked by the system's flow
    from gui.documents.commands import ReplaceCharacterCommand

    tab.document.undo_stack.push(
        ReplaceCharacterCommand(
            tab.document, tab.document.character.model_copy(update={"name": "Ada"}), "Name"
        )
    )
    assert editor.step_list.item(0).text() == "Name  \u2713"
    assert window.tabs.tabText(window.tabs.currentIndex()) == "\u25cf Ada"

    # File > New asks which system, and remembers the answer for the next time.
    from gui.dialogs.choose import SystemChoiceDialog

    asked: list[Any] = []

    def choose(cls: Any, parent: Any, title: str, question: str, systems: Any, last: str) -> str:
        asked.append(([s.id for s in systems], last))
        return "sotc"

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SystemChoiceDialog, "ask", classmethod(choose))
        window.act.new.trigger()
        assert window.documents.current().document.character.system == "sotc"
        window.act.new.trigger()
    assert asked == [(["sotc", "other"], ""), (["sotc", "other"], "sotc")]


def test_the_campaign_dialog_shows_the_systems_settings_page(two_systems: Any) -> None:
    from gui.dialogs.campaign import CampaignDialog

    window, _plugin = two_systems
    dialog = CampaignDialog(window, None, window.campaign_context(), system_id="other")
    assert [dialog.pages.tabText(i) for i in range(dialog.pages.count())] == [
        "Campaign",
        "Other rules",
        "Characters",
    ]
    assert dialog.members.count() == 0  # only the other game's characters may join
    dialog.settings_page.grim.setChecked(True)
    assert dialog.settings_page.settings() == OtherSettings(grim=True)
    dialog.deleteLater()


def test_sotc_settings_page_comes_from_its_system_ui(sotc: Any, qtbot: Any) -> None:
    """SotC, Resolving Attacks (stress boxes) and Skills (a campaign may rename Guns)."""
    from gui.plugins import system_ui
    from rules.systems.sotc.settings import SotcSettings

    ui = system_ui(sotc)
    assert ui.settings_title() == "House rules"
    page = ui.settings_page(SotcSettings(stress_boxes=3, renamed_skills={"Guns": "Bows"}))
    qtbot.addWidget(page)
    assert page.stress.value() == 3
    assert page.settings() == SotcSettings(stress_boxes=3, renamed_skills={"Guns": "Bows"})
    page.stress.setValue(5)
    assert page.settings().stress_boxes == 5
    fists = next(
        r for r in range(page.skills.rowCount()) if page.skills.item(r, 0).text() == "Fists"
    )
    page.skills.item(fists, 1).setText("bows")
    with pytest.raises(SettingsConflict) as clash:
        page.settings()
    assert clash.value.title == "Skill names clash" and "Bows" in str(clash.value)
    # None: the book's rules.
    default = ui.settings_page(None)
    qtbot.addWidget(default)
    assert default.settings() == SotcSettings()


def test_the_systems_with_a_gui_are_found_as_files_or_by_the_import_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``gui_system_ids`` looks for each GUI package's plug-in among the files first (no
    package import at start-up), and by ``importlib`` where there are none (a frozen build)."""
    import importlib.machinery

    from gui.plugins import _has_gui, gui_system_ids

    found = gui_system_ids()
    assert found == ["sotc", "strange-fate", "fate2", "art"]
    assert not _has_gui("no_such_system")

    class NoFiles:  # what a frozen build's folders hold: no plug-in file to find
        @staticmethod
        def find_spec(*_args: Any) -> None:
            return None

    monkeypatch.setattr(importlib.machinery, "PathFinder", NoFiles)
    assert gui_system_ids() == found
    assert not _has_gui("no_such_system")
