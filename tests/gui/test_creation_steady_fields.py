"""In-place messages never move the fields (issue 23): a message under a field that appears or
vanishes while the user types kept shifting the form, so the next click landed in the wrong
field and typed aspect text was lost. The fields below stay where they are."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QWidget

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.sotc.creation.concept_page import ConceptPage
from gui.systems.sotc.creation.phase_page import PhasePage
from gui.widgets.creation_flow import CreationFlowView


def make_view(qtbot: Any, system: Any) -> CreationFlowView:
    ui = system_ui(system)
    document = CharacterDocument(system.new_character(), system, version=None)
    view = CreationFlowView(document, ui.creation_flow(document, None), ui.derived_panel(document))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    qtbot.waitExposed(view)
    return view


def top(widget: QWidget, page: QWidget) -> int:
    QApplication.sendPostedEvents()  # the layouts' deferred requests: lay the page out now
    QApplication.processEvents()
    return widget.mapTo(page, QPoint(0, 0)).y()


def test_the_player_field_stays_put_while_the_name_is_typed(qtbot: Any, sotc: Any) -> None:
    view = make_view(qtbot, sotc)
    view.show_step("concept")
    page = view.pages["concept"]
    assert isinstance(page, ConceptPage)
    before = top(page.player_edit, page)
    qtbot.keyClicks(page.name_edit, "Ada")  # "The character needs a name." goes away
    assert top(page.player_edit, page) == before
    page.name_edit.clear()
    qtbot.keyClicks(page.name_edit, " ")  # and may come back
    page.name_edit.clear()
    assert top(page.player_edit, page) == before


def test_the_aspects_stay_put_while_the_events_are_typed(qtbot: Any, sotc: Any) -> None:
    view = make_view(qtbot, sotc)
    view.show_step("phase2")
    page = view.pages["phase2"]
    assert isinstance(page, PhasePage)
    fields = [page.aspect_edits[0], page.aspect_edits[1]]
    before = [top(f, page) for f in fields]
    qtbot.keyClicks(page.events_edit, "Flew with the Lafayette Escadrille.")
    assert [top(f, page) for f in fields] == before
    qtbot.keyClicks(page.aspect_edits[0], "Ace of the Western Front")
    assert top(page.aspect_edits[1], page) == before[1]


def test_art_in_place_checks_are_neutral_and_keep_their_room(qtbot: Any, registry: Any) -> None:
    """ART Engine, the adventurer page: the missing name reads as work to do, not in red, and
    its line stays when the name is typed."""
    from gui.systems.art.pages import AdventurerPage
    from gui.theme import css

    view = make_view(qtbot, registry.get("art"))
    view.show_step("adventurer")
    page = view.pages["adventurer"]
    assert isinstance(page, AdventurerPage)
    label = page._checks[0][0]
    assert "name" in label.text() and css("error") not in label.styleSheet()
    assert css("todo") in label.styleSheet()
    height = label.height()
    name = page._fields["name"]
    qtbot.keyClicks(name, "Ada")
    top(name, page)
    assert label.text() == "" and label.isVisible() and label.height() == height
