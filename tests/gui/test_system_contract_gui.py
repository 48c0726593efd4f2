"""GUI part of the system contract (issue #9, "Tests that hold every system to the contract"):
for every registered system, the creation flow opens and every step's page builds.

The flow is opened as the main window opens it (:func:`gui.shell.characters.default_editor`:
the system's :class:`gui.system_ui.SystemUi` found through :class:`gui.plugins.SystemUis`, its
creation flow and derived panel in the core's :class:`gui.widgets.creation_flow.CreationFlowView`)
on every kind of new character the system offers, on its sample characters, and on drawn
characters that together fill every field of the schema
(:func:`tests.contract.strategies.varied`). Each step's page is shown once by clicking Next, and
every problem the validator reports leads to a step whose page takes it. The rest of the
contract is in tests/test_system_contract.py.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from gui.documents.character_document import CharacterDocument
from gui.plugins import SystemUis
from gui.shell.characters import default_editor
from gui.system_ui import SystemUi
from gui.widgets.creation_flow import CreationFlowView
from rules.character import CharacterBase
from rules.settings import SystemSettings
from storage.samples import load_sample_characters
from tests.contract.strategies import describing, implemented_systems, varied


@pytest.fixture(params=implemented_systems())
def ui(request: pytest.FixtureRequest, registry: Any) -> SystemUi:
    """Each registered system's UI, as a main window finds it (a registered system has one)."""
    return SystemUis(registry).get(request.param)


def open_flow(
    ui: SystemUi, character: CharacterBase, campaign: SystemSettings | None = None
) -> CreationFlowView:
    """The editor of a new document of ``character``, shown at a laptop's size."""
    document = CharacterDocument(character, ui.system, version=None, settings=campaign)
    view = default_editor(document, ui=ui, workspace=None)
    assert isinstance(view, CreationFlowView)
    view.resize(1280, 640)
    view.show()
    QApplication.processEvents()
    return view


def walk_every_step(qtbot: Any, view: CreationFlowView) -> None:
    """Show each step's page once, from the first with Next; check each page is the one on
    show; then follow every problem to its step's page."""
    keys = view.step_keys
    assert keys, "a creation flow has at least one step"
    assert len(set(keys)) == len(keys), "step keys are unique"
    view.show_step(keys[0])
    for number, key in enumerate(keys, 1):
        if number > 1:
            qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
        page = view.pages[key]
        assert view.current_step() == key
        assert page.isVisible(), f"the page of step {key!r} is on show"
        assert view.position_label.text() == f"Step {number} of {len(keys)}"
        first = page.first_field()  # type: ignore[attr-defined]
        assert first is None or (isinstance(first, QWidget) and page.isAncestorOf(first))
    assert not view.next_button.isEnabled()
    for problem in view.document.problems:
        step = view.step_for(problem.path)
        assert step in keys, f"problem path {problem.path!r} belongs to no step"
        view.focus_path(problem.path)
        assert view.current_step() == step
    QApplication.processEvents()


def _reject_modal_dialogs() -> None:
    dialog = QApplication.activeModalWidget()
    if isinstance(dialog, QDialog):
        dialog.reject()


def test_every_new_character_kind_opens_its_creation_flow(qtbot: Any, ui: SystemUi) -> None:
    """File > New offers each kind; each starts a character of the system whose flow opens."""
    kinds = ui.new_character_kinds()
    assert kinds, "a system offers at least one way to start a character"
    assert len({k.key for k in kinds}) == len(kinds)
    for kind in kinds:
        # A kind may ask first (FATE 2.0's Quick NPC): answer its dialog as a user who cancels,
        # which must still start a character.
        timer = QTimer()
        timer.timeout.connect(_reject_modal_dialogs)
        timer.start(50)
        try:
            character = ui.new_character(kind.key)
        finally:
            timer.stop()
        assert isinstance(character, ui.system.character_type)
        assert character.system == ui.system.id
        view = open_flow(ui, character)
        qtbot.addWidget(view)
        walk_every_step(qtbot, view)


def test_the_sample_characters_open_in_their_creation_flow(
    qtbot: Any, ui: SystemUi, registry: Any
) -> None:
    """Filled characters: the system's samples (a new one, named, when it has none)."""
    samples = [c for c in load_sample_characters(registry) if c.system == ui.system.id]
    for character in samples or [ui.system.new_character("Sample")]:
        view = open_flow(ui, character)
        qtbot.addWidget(view)
        walk_every_step(qtbot, view)


def test_varied_characters_open_in_their_creation_flow(qtbot: Any, ui: SystemUi) -> None:
    """Whatever the schema admits, under any settings, opens and every page builds (drawn
    characters and settings that together fill every field of their models)."""
    campaigns = itertools.cycle(varied(ui.system, "settings"))
    for character in varied(ui.system):
        campaign = next(campaigns)
        with describing(character, campaign):
            view = open_flow(ui, character, campaign)
            try:
                walk_every_step(qtbot, view)
            finally:
                view.close()
                view.deleteLater()


def test_the_settings_page_shows_the_books_settings(qtbot: Any, ui: SystemUi) -> None:
    """The campaign settings page opens on the defaults and gives them back unchanged."""
    defaults = ui.system.default_settings()
    page = ui.settings_page(defaults)
    qtbot.addWidget(page)
    assert ui.settings_title()
    assert page.settings() == defaults  # type: ignore[attr-defined]
