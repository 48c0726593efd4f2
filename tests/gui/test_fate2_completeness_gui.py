"""FATE 2.0 in the app: a character with only a name is "In progress", its phases named as
still to do (issue 23; 2. Character Creation: "for each phase" an aspect and its ranks)."""

from __future__ import annotations

from typing import Any

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.fate2.pages import ConceptPage
from gui.widgets.creation_flow import CreationFlowView
from rules.systems.fate2.settings import Fate2Settings


def test_only_a_name_is_in_progress_not_complete(qtbot: Any, registry: Any) -> None:
    fate2 = registry.get("fate2")
    document = CharacterDocument(
        fate2.new_character(), fate2, version=None, settings=Fate2Settings()
    )
    ui = system_ui(fate2)
    view = CreationFlowView(document, ui.creation_flow(document, None), ui.derived_panel(document))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    concept = view.pages["concept"]
    assert isinstance(concept, ConceptPage)
    qtbot.keyClicks(concept._fields["name"], "Only a name")
    headline = view.validation_panel.headline.text()
    assert "Complete" not in headline and "left to do" in headline
    messages = [
        view.validation_panel.model.problem_at(r).message
        for r in range(view.validation_panel.model.row_count())
    ]
    assert any("5 phases; none is written yet" in m for m in messages)
    assert "\u2713" not in view.step_list.item(view.step_keys.index("phases")).text()
