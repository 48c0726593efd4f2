"""The skill designer stays responsive on a corrected diagram too tangled to price at once.

The issue asks that the running cost update within one frame of a click; the walk over a
corrected Skill Trapping Diagram with loops may take seconds (the loop guard's worst case,
benchmarks/bench_strange_fate.py). The designer prices within a small budget of search steps
on the UI thread and hands a walk over it to a worker thread ("pricing…"), dropping a result
whose draft has changed since. The walk itself is the book's (L1366-L1372, L1390).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.strange_fate.designer import PRICING, WALK_BUDGET, SkillDesigner
from rules.system_data import SystemData
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.cost import OverBudget, Pricer
from rules.systems.strange_fate.system import DIAGRAM_KEY, StrangeFateSystem
from tests.gui.test_strange_fate_app import sf  # noqa: F401 - the fixture

KNOT = ("Networking", "Information", "Wealth", "Esteem", "Research", "Convince")
"""Six boxes a user's correction joins each to each (over the bundled diagram's own lines the
routes between them pass the loop guard's count, so no walk here is proven cheapest): two of
them are priced within :data:`WALK_BUDGET` search steps, four or more need more."""


def knotted(sf: StrangeFateSystem) -> StrangeFateSystem:  # noqa: F811
    """The system over the bundled diagram plus a thin line between every two boxes of KNOT."""
    bundled = sf.book.diagram.model_dump(mode="json")
    joined = {frozenset((line["a"], line["b"])) for line in bundled["lines"]}
    extra = [
        {"a": a, "b": b, "style": "thin", "provenance": {"kind": "unknown"}}
        for a, b in itertools.combinations(KNOT, 2)
        if frozenset((a, b)) not in joined
    ]
    content = {**bundled, "lines": bundled["lines"] + extra}
    corrected = sf.with_data(
        {DIAGRAM_KEY: SystemData(system=sf.id, key=DIAGRAM_KEY, content=content)}
    )
    assert corrected.book.diagram is not sf.book.diagram
    return corrected


def designer_of(qtbot: Any, system: StrangeFateSystem) -> SkillDesigner:
    ui = system_ui(system)
    document = CharacterDocument(ui.new_character("standard"), system, version=None)
    designer = SkillDesigner(document)
    qtbot.addWidget(designer)
    designer.resize(1000, 560)
    designer.show()
    return designer


def walk_points(system: StrangeFateSystem, trappings: tuple[str, ...]) -> int:
    uses = [TrappingUse(trapping=t) for t in trappings]
    return Pricer(system.book.diagram).cheapest(uses, unique=False).points


def test_every_sample_skill_is_priced_within_the_ui_threads_budget(
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    """The fast path covers the book: each sample skill's walk on the bundled diagram fits
    :data:`WALK_BUDGET`, so the designer prices it on the spot."""
    pricer = Pricer(sf.book.diagram)
    for sample in sf.book.catalog.samples:
        pricer.cheapest(sample.trappings, unique=sample.kind == "unique", budget=WALK_BUDGET)


def test_a_walk_over_the_budget_is_refused_and_not_cached(
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    system = knotted(sf)
    uses = [TrappingUse(trapping=t) for t in KNOT[:5]]
    with pytest.raises(OverBudget):
        system.book.walk(uses, unique=False, budget=WALK_BUDGET)
    walk = system.book.walk(uses, unique=False)  # no budget: priced, and cached
    assert not isinstance(walk, str) and walk.points == walk_points(system, KNOT[:5])
    assert system.book.walk(uses, unique=False, budget=0) is walk


def test_a_click_on_the_bundled_diagram_is_priced_at_once(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    designer = designer_of(qtbot, sf)
    for name in KNOT:
        designer.toggle(name)
        assert not designer.pricing()
        assert designer.price is not None and designer.price.walk is not None
    assert designer.price.trapping_points == walk_points(sf, KNOT)
    assert designer.put.isEnabled()


def test_a_tangled_walk_is_priced_off_the_ui_thread(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    system = knotted(sf)
    designer = designer_of(qtbot, system)
    for name in KNOT[:3]:
        designer.toggle(name)
        assert not designer.pricing()  # three boxes of the knot are still cheap
    designer.toggle(KNOT[3])
    # the click returned before the walk was priced: the lists follow it, the cost waits
    assert designer.pricing() and designer.cost.text() == PRICING
    assert designer.trapping_model.rowCount() == 4
    assert designer.breakdown.rowCount() == 0
    assert not designer.put.isEnabled()
    qtbot.waitUntil(lambda: not designer.pricing(), timeout=30_000)
    assert designer.price is not None and designer.price.walk is not None
    assert designer.price.trapping_points == walk_points(system, KNOT[:4])
    assert designer.breakdown.rowCount() == 4
    assert designer.put.isEnabled()
    assert "skill points" in designer.cost.text()


def test_a_stale_tangled_price_is_dropped(
    qtbot: Any,
    sf: StrangeFateSystem,  # noqa: F811
) -> None:
    """The sixth box sends the walk to the worker; taking it off again before the worker ends
    shows the five-box price (priced before, so at once), and the six-box result is dropped."""
    system = knotted(sf)
    designer = designer_of(qtbot, system)
    for name in KNOT[:5]:
        designer.toggle(name)
    qtbot.waitUntil(lambda: not designer.pricing(), timeout=30_000)
    five = designer.price
    designer.toggle(KNOT[5])
    assert designer.pricing()
    qtbot.waitUntil(lambda: designer._running, timeout=5_000)  # the walk started on the worker
    designer.toggle(KNOT[5])  # a second click on the box: off again
    assert not designer.pricing() and designer.price == five
    qtbot.waitUntil(lambda: not designer._running, timeout=30_000)
    assert designer.price == five and designer.trapping_model.rowCount() == 5
    assert "skill points" in designer.cost.text()
    # the six-box walk is cached now: clicking the box again is priced at once
    designer.toggle(KNOT[5])
    assert not designer.pricing()
    assert designer.price is not None and designer.price.walk is not None
    assert not designer.price.walk.exact
