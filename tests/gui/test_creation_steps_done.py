"""The creation steps of every system: a step is ticked only when done, and what a step still
lacks shows as a neutral to-do while the user works on it, an error only once they leave it
(issue 23: "Gadgets ✓", "Skills ✓" and "Gear ✓" on a blank character; red at the first key)."""

from __future__ import annotations

from typing import Any

import pytest

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.widgets.creation_flow import CreationFlowView
from rules.validation import Severity

TICK = "\u2713"


def make_view(qtbot: Any, system: Any, kind: str | None = None) -> CreationFlowView:
    ui = system_ui(system)
    character = ui.new_character(kind) if kind else system.new_character()
    document = CharacterDocument(character, system, version=None)
    view = CreationFlowView(document, ui.creation_flow(document, None), ui.derived_panel(document))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    return view


def step_text(view: CreationFlowView, key: str) -> str:
    return view.step_list.item(view.step_keys.index(key)).text()


@pytest.mark.parametrize(
    ("system_id", "kind", "step"),
    [("sotc", None, "gadgets"), ("strange-fate", "standard", "skills"), ("art", None, "gear")],
)
def test_a_blank_characters_steps_are_not_ticked(
    qtbot: Any, registry: Any, system_id: str, kind: str | None, step: str
) -> None:
    view = make_view(qtbot, registry.get(system_id), kind)
    ticked = [k for k in view.step_keys if step_text(view, k).endswith(TICK)]
    assert ticked == [], ticked
    assert TICK not in step_text(view, step)


def test_to_do_stays_neutral_while_the_step_is_current(qtbot: Any, registry: Any) -> None:
    """SotC: writing Phase One's events leaves its aspects to do, not to fix, until the user
    moves on to another step; then they are problems."""
    from gui.systems.sotc.commands import EditTextCommand

    sotc = registry.get("sotc")
    view = make_view(qtbot, sotc)
    view.show_step("phase1")
    doc = view.document
    doc.undo_stack.push(EditTextCommand(doc, "phases[0].events", "Grew up on an airfield."))
    assert "to do" in step_text(view, "phase1") and "to fix" not in step_text(view, "phase1")
    model = view.validation_panel.model
    phase1 = [
        model.problem_at(r)
        for r in range(model.row_count())
        if view.step_for(model.problem_at(r).path) == "phase1"
        and model.problem_at(r).severity is Severity.ERROR
    ]
    assert phase1 and all(model.is_todo(p) for p in phase1)
    view.show_step("phase2")
    assert "to fix" in step_text(view, "phase1")
    assert not any(model.is_todo(p) for p in phase1)


def test_a_step_done_while_current_is_ticked(qtbot: Any, registry: Any) -> None:
    """Typing the FATE 2.0 name on the first page: nothing else there is missing, so it is done
    at once (no need to leave it to see the tick)."""
    from gui.systems.fate2.pages import ConceptPage

    view = make_view(qtbot, registry.get("fate2"))
    concept = view.pages["concept"]
    assert isinstance(concept, ConceptPage)
    assert not step_text(view, "concept").endswith(TICK)
    qtbot.keyClicks(concept._fields["name"], "Sybil")
    assert step_text(view, "concept").endswith(TICK)


def test_fate2_aspects_and_skills_wait_for_the_phases(qtbot: Any, registry: Any) -> None:
    """FATE 2.0 (2. Character Creation): aspects and skills come from the phases; looked at
    and left before any phase is written, they are not done (no tick), nor a to-do of their
    own."""
    view = make_view(qtbot, registry.get("fate2"))
    for key in ("aspects", "skills", "fate-points"):
        view.show_step(key)
    view.show_step("goal")
    for key in ("aspects", "skills"):
        text = step_text(view, key)
        assert not text.endswith(TICK) and "to do" not in text and "to fix" not in text, text
    assert step_text(view, "fate-points").endswith(TICK)  # the GM's number, nothing missing
