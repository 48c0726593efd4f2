"""A saved character with a tangled design on a corrected diagram never pauses the editor.

The character document validates and derives on the UI thread; the Strange Fate editor binds it
to the system with a step budget (gui/systems/strange_fate/pricing.py): a walk over it is a
"still being priced" warning at once (the skill counted at its rating), priced on a worker
thread, and the document is then rebound: the next pass reads the cached walk, exact (the
cheapest walk of the book's «Putting It Together», L1366-L1372, L1390; L1440: a designed skill
costs its rating plus its net trapping points)."""

from __future__ import annotations

from typing import Any

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.strange_fate.flow import StrangeFateCreationFlow, StrangeFateDerivedPanel
from gui.systems.strange_fate.pricing import VALIDATE_BUDGET, budgeted, pending
from rules.systems.strange_fate.book import price_skills
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.character import DesignedSkill, StrangeFateCharacter
from rules.systems.strange_fate.system import StrangeFateSystem
from tests.gui.test_strange_fate_app import sf  # noqa: F401 - the fixture
from tests.gui.test_strange_fate_designer_pricing import KNOT, knotted, walk_points


def knot_character(system: StrangeFateSystem) -> StrangeFateCharacter:
    blank = system_ui(system).new_character("standard")
    assert isinstance(blank, StrangeFateCharacter)
    design = DesignedSkill(
        kind="strange", trappings=tuple(TrappingUse(trapping=t) for t in KNOT[:5])
    )
    return blank.model_copy(
        update={"name": "Knot", "skills": {"Knot": 3}, "designed": {"Knot": design}}
    )


def test_over_the_budget_a_design_is_pending_and_a_warning(
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    """The rules: within the budget the walk is not priced (pending at its rating, a warning,
    not an error); without one (the CLI, the library) it is exact as before."""
    system = knotted(sf)
    hero = knot_character(system)
    [price] = price_skills(system.book, hero, VALIDATE_BUDGET).values()
    assert price.pending and price.skill_points == 3 and price.walk is None
    problems = system.with_budget(VALIDATE_BUDGET).validate(hero)
    [note] = [p for p in problems if p.code == "SF-pricing"]
    assert note.severity == "warning" and "still being priced" in note.message
    assert note.path == "designed.Knot.trappings"
    assert system.finish_pricing(hero) == 1
    exact = system.with_budget(VALIDATE_BUDGET).derive(hero)  # the cache answers at once
    [price] = exact.skills
    assert not price.pending and price.trapping_points == walk_points(system, KNOT[:5])
    assert not [p for p in system.validate(hero) if p.code == "SF-pricing"]


def test_the_editor_reports_still_pricing_then_the_exact_cost(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    """Rebinding the editor's document to the corrected diagram answers at once with the
    warning and "pricing…" in the derived strip; the worker finishes and the document is
    repriced exactly, without the warning."""
    system = knotted(sf)
    document = CharacterDocument(knot_character(sf), sf, version=None)
    flow = StrangeFateCreationFlow(document)
    panel = StrangeFateDerivedPanel(document)
    qtbot.addWidget(panel)
    editing = budgeted(sf)
    assert editing is not sf and budgeted(editing) is editing  # a rebind adds no second one
    flow.rebind(system)  # a saved correction of the library's diagram
    assert isinstance(document.system, StrangeFateSystem)
    assert document.system.book is system.book and document.system.budget == VALIDATE_BUDGET
    # the knotted book's cache is new: the walk is over the budget, priced off the UI thread
    # (its result arrives through the event loop, so nothing has changed yet)
    assert pending(document) == ("Knot",)
    assert any(p.code == "SF-pricing" and p.severity == "warning" for p in document.problems)
    assert "pricing" in panel.skill_points.text()
    assert flow.pricing.busy()
    qtbot.waitUntil(lambda: not pending(document), timeout=60_000)
    assert not any(p.code == "SF-pricing" for p in document.problems)
    assert "pricing" not in panel.skill_points.text()
    derived: Any = document.derived
    points = walk_points(system, KNOT[:5])
    [price] = derived.skills
    assert price.trapping_points == points and derived.skill_costs["Knot"] == 3 + points
    flow.pricing.wait()
