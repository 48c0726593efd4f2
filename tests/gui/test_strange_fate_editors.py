"""The creation pages' editors for what a Strange Fate character file can hold but the pages
could not reach before: Drawbacks of a Common skill raised to Superhuman (a Strange skill needs
one, L1151, L1446), a broad Invulnerability's scope and switch (L1188-L1190), and the Drawbacks
of a Companion or item under the optional Gifts and Flaws rule (L3665-L3681). Each edit is one
undo step through the real widgets, and the validator sees it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from rules.systems.strange_fate.character import StrangeFateCharacter
from rules.systems.strange_fate.system import StrangeFateSystem
from tests.gui.test_strange_fate_app import make_view, pick, sf  # noqa: F401 - the fixture


def character(view: Any) -> StrangeFateCharacter:
    c = view.document.character
    assert isinstance(c, StrangeFateCharacter)
    return c


def codes(view: Any) -> set[str]:
    return {p.code for p in view.document.problems}


def test_a_superhuman_common_skill_takes_its_drawback_on_the_skills_page(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    view = make_view(qtbot, sf)
    view.show_step("skills")
    skills: Any = view.flow.pages["skills"]  # type: ignore[attr-defined]
    skills.common.setCurrentText("Athletics")
    skills.rating.setValue(2)
    qtbot.mouseClick(skills.set_rating, Qt.MouseButton.LeftButton)
    skills.table.setCurrentIndex(skills.model.index(skills.model.row_of("Athletics"), 0))
    pick(skills.tier, "Superhuman")
    qtbot.mouseClick(skills.set_tier, Qt.MouseButton.LeftButton)
    assert "SF-V14-strange-drawback" in codes(view)  # Strange at Superhuman: needs a Drawback
    assert skills.add_drawback.isEnabled()
    pick(skills.drawback, "Complication")
    pick(skills.drawback_severity, "minor")
    qtbot.keyClicks(skills.drawback_label, "Can't Stop Running")
    qtbot.mouseClick(skills.add_drawback, Qt.MouseButton.LeftButton)
    [held] = character(view).common_drawbacks["Athletics"]
    assert (held.drawback, held.severity, held.label) == ("Complication", "minor",
                                                          "Can't Stop Running")  # fmt: skip
    assert "SF-V14-strange-drawback" not in codes(view)
    assert "Can't Stop Running" in skills.common_drawbacks.text()
    view.document.undo_stack.undo()
    assert "Athletics" not in character(view).common_drawbacks
    view.document.undo_stack.redo()
    qtbot.mouseClick(skills.remove_drawback, Qt.MouseButton.LeftButton)
    assert "Athletics" not in character(view).common_drawbacks


def test_a_broad_invulnerability_names_its_scope_and_switch(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    """A broad mental Invulnerability does not suit a PC (L1190): the validator says so once the
    scope can be chosen; the switch is kept."""
    view = make_view(qtbot, sf)
    view.show_step("details")
    details: Any = view.flow.pages["details"]  # type: ignore[attr-defined]
    assert not details.inv_scope.isEnabled()
    pick(details.inv_breadth, "broad")
    assert details.inv_scope.isEnabled() and details.inv_toggled.isEnabled()
    pick(details.inv_scope, "mental")
    details.inv_toggled.setChecked(True)
    qtbot.keyClicks(details.inv_category, "all mental attacks")
    qtbot.mouseClick(details.inv_add, Qt.MouseButton.LeftButton)
    [inv] = character(view).invulnerabilities
    assert (inv.breadth, inv.scope, inv.toggled) == ("broad", "mental", True)
    assert "SF-V23-broad" in codes(view)
    assert "mental, switched" in details.inv_model.data(details.inv_model.index(0, 0))


def test_a_companion_takes_drawbacks_under_gifts_and_flaws(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    view = make_view(qtbot, sf)
    view.show_step("gifts")
    gifts: Any = view.flow.pages["gifts"]  # type: ignore[attr-defined]
    pick(gifts.choice, "Companion")
    qtbot.mouseClick(gifts.add, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(gifts.target, "Jenkins")
    made = gifts.made
    pick(made.drawback, "Complication")
    qtbot.keyClicks(made.drawback_label, "Drinks on Duty")
    qtbot.mouseClick(made.add_drawback, Qt.MouseButton.LeftButton)
    [jenkins] = character(view).companions
    assert [(d.drawback, d.label) for d in jenkins.drawbacks] == [("Complication",
                                                                   "Drinks on Duty")]  # fmt: skip
    assert "Drinks on Duty" in made.drawbacks.text()
    # the optional rule is off in this campaign: the validator says the Drawback is not allowed
    assert any(p.path.startswith("companions[0].drawbacks") for p in view.document.problems)
    qtbot.mouseClick(made.remove_drawbacks, Qt.MouseButton.LeftButton)
    assert character(view).companions[0].drawbacks == ()


def test_the_designer_says_when_a_tangled_diagram_walk_is_not_proven_cheapest() -> None:
    """A corrected diagram with loops too tangled for the exact search (rules-notes): the
    designer's cost line says the walk is valid but not proven the cheapest."""
    from gui.systems.strange_fate.designer import SkillDesigner
    from rules.systems.strange_fate.book import SkillPrice
    from rules.systems.strange_fate.cost import Walk

    def price(exact: bool) -> SkillPrice:
        return SkillPrice(
            name="Tangle", kind="strange", rating=2, tier="Mundane", skill_points=7,
            trapping_points=5, walk=Walk(points=5, steps=(), exact=exact),
        )  # fmt: skip

    assert "not proven the cheapest" in SkillDesigner._cost_text(price(False))
    assert "not proven" not in SkillDesigner._cost_text(price(True))
