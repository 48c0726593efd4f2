"""Benchmarks: Strange Fate's Skill Trapping Diagram pricing and the skill designer (issue 10).

- the costliest sample skill's cheapest walk (the sample whose exact search takes longest),
  priced from a fresh pricer: under 50 ms;
- every sample skill of the book priced from a fresh pricer: under 1 s in all;
- the designer's running-cost update after a click on a box (repricing, the highlight, the
  breakdown and the cost text, the walk cache cleared first): within one frame (1/60 s);
- the worst case the cost walk's loop guard allows (``MAX_ROUTES`` routes to a trapping,
  ``MAX_STATES`` states a search, then the narrow search and the greedy walk, the result marked
  ``Walk.exact`` False): a user-corrected diagram where every box is joined to every other, and
  a skill of the most trappings a character file holds, against the costliest sample skill's
  walk on the bundled diagram measured in the same run;
- a click in the designer on a corrected diagram whose walk is over the designer's step budget
  (eight boxes joined each to each): the click returns within one frame, the walk going to the
  worker thread ("pricing…").

Absolute limits: the "baseline" is the limit and the ratio is measured / limit (target 1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks.harness import Result, median_time

FRAME = 1 / 60


def _system() -> Any:
    from storage.systems_catalog import default_registry

    return default_registry().get("strange-fate")


def _price(system: Any, sample: Any) -> Any:
    from rules.systems.strange_fate.cost import Pricer

    return Pricer(system.book.diagram).cheapest(sample.trappings, unique=sample.kind == "unique")


def bench_costliest_sample_walk() -> Result:
    """The slowest sample's cheapest walk, fresh pricer each time (< 50 ms)."""
    system = _system()
    samples = system.book.catalog.samples

    def pricer_of(sample: Any) -> Callable[[], object]:
        return lambda: _price(system, sample)

    timed = [(median_time(pricer_of(s), repeat=3, warmup=1), s) for s in samples]
    _, slowest = max(timed, key=lambda pair: pair[0])
    ours = median_time(lambda: _price(system, slowest), repeat=15)
    return Result(f"strange_fate_costliest_walk[{slowest.name}]", ours, 0.050, 1.0, "limit 50 ms")


def bench_every_sample_skill() -> Result:
    """All the book's sample skills priced from a fresh pricer (< 1 s in all)."""
    from rules.systems.strange_fate.cost import Pricer

    system = _system()
    samples = system.book.catalog.samples

    def price_all() -> None:
        pricer = Pricer(system.book.diagram)
        for sample in samples:
            pricer.cheapest(sample.trappings, unique=sample.kind == "unique")

    ours = median_time(price_all, repeat=5, warmup=1)
    return Result(f"strange_fate_all_{len(samples)}_samples", ours, 1.0, 1.0, "limit 1 s")


def bench_designer_click() -> Result:
    """A click on a box in the designer: reprice, highlight, breakdown, cost (< one frame)."""
    from PySide6.QtWidgets import QApplication

    from gui.documents.character_document import CharacterDocument
    from gui.plugins import system_ui

    app = QApplication.instance() or QApplication([])
    system = _system()
    ui = system_ui(system)
    document = CharacterDocument(ui.new_character("standard"), system, version=None)
    flow: Any = ui.creation_flow(document, None)
    designer = flow.pages["skills"].designer
    designer.resize(1000, 560)
    designer.show()
    # A long design (the Oxford Professor's trappings and more), then toggle one more box.
    for name in ("Networking", "Information", "Wealth", "Esteem", "Research", "Convince",
                 "Guile", "Initiative", "Strike"):  # fmt: skip
        designer.toggle(name)
    app.processEvents()

    def click() -> Callable[[], None]:
        def run() -> None:
            system.book._walks.clear()  # price it for real, as after a correction
            designer.toggle("Shoot")
            app.processEvents()
            assert not designer.pricing()  # priced on the spot, not on the worker

        return run

    ours = median_time(click(), repeat=21, warmup=2)
    return Result("strange_fate_designer_click", ours, FRAME, 1.0, "one frame at 60 Hz")


TANGLE_TARGET = 2500.0
"""The guard keeps the worst tangle within 2,500 times the costliest book skill's walk (about
5 s against its ~2 ms: the bound the loop tests once asserted for a far smaller tangle; the
exact search alone would not end). Measured on the 2-core machine: about 3 s, ratio ~1,450."""


def tangle(boxes: int) -> Any:
    """A corrected diagram of ``boxes`` solid boxes with a thin line between every two."""
    from rules.systems.strange_fate.diagram import parse_diagram

    unknown = {"kind": "unknown"}
    names = [f"T{i}" for i in range(boxes)]
    return parse_diagram(
        {
            "version": 1,
            "boxes": [{"trapping": n, "border": "solid", "provenance": unknown} for n in names],
            "lines": [
                {"a": a, "b": b, "style": "thin", "provenance": unknown}
                for i, a in enumerate(names)
                for b in names[i + 1 :]
            ],
            "free_in_unique": [],
        }
    )


def bench_loop_guard_worst_case() -> Result:
    """The loop guard's worst case: a 60-trapping skill (the most a designed skill holds,
    ``DesignedSkill.trappings``) on a complete 60-box diagram, where every route search hits
    ``MAX_ROUTES`` and both searches ``MAX_STATES``; ratio against the costliest sample walk."""
    from rules.systems.strange_fate.catalog import TrappingUse
    from rules.systems.strange_fate.character import DesignedSkill
    from rules.systems.strange_fate.cost import Pricer

    most = DesignedSkill.model_fields["trappings"].metadata[0].max_length
    diagram = tangle(most)
    uses = tuple(TrappingUse(trapping=box.trapping) for box in diagram.boxes)

    def worst() -> None:
        walk = Pricer(diagram).cheapest(uses, unique=False)
        assert not walk.exact  # the guard stepped in (else this is not its worst case)

    system = _system()
    samples = system.book.catalog.samples
    timed = [(median_time(lambda s=s: _price(system, s), repeat=3, warmup=1), s) for s in samples]
    _, slowest = max(timed, key=lambda pair: pair[0])
    baseline = median_time(lambda: _price(system, slowest), repeat=15)
    ours = median_time(worst, repeat=3, warmup=0)
    return Result(
        f"strange_fate_loop_guard_worst[{most} trappings, complete diagram]",
        ours,
        baseline,
        TANGLE_TARGET,
        f"costliest sample walk, {slowest.name}",
    )


def bench_designer_tangled_click() -> Result:
    """A click whose walk goes to the worker thread: the click itself within one frame."""
    import itertools
    import time

    from PySide6.QtWidgets import QApplication

    from gui.documents.character_document import CharacterDocument
    from gui.plugins import system_ui
    from gui.systems.strange_fate.designer import SkillDesigner
    from rules.system_data import SystemData
    from rules.systems.strange_fate.system import DIAGRAM_KEY

    app = QApplication.instance() or QApplication([])
    bundled = _system()
    knot = ("Networking", "Information", "Wealth", "Esteem", "Research", "Convince", "Guile",
            "Initiative")  # fmt: skip
    content = bundled.book.diagram.model_dump(mode="json")
    joined = {frozenset((line["a"], line["b"])) for line in content["lines"]}
    content["lines"] = content["lines"] + [
        {"a": a, "b": b, "style": "thin", "provenance": {"kind": "unknown"}}
        for a, b in itertools.combinations(knot, 2)
        if frozenset((a, b)) not in joined
    ]
    system = bundled.with_data(
        {DIAGRAM_KEY: SystemData(system=bundled.id, key=DIAGRAM_KEY, content=content)}
    )
    ui = system_ui(system)
    document = CharacterDocument(ui.new_character("standard"), system, version=None)
    designer = SkillDesigner(document)
    designer.resize(1000, 560)
    designer.show()
    for name in knot[:-1]:
        designer.toggle(name)
    designer.wait_for_price()
    app.processEvents()
    times = []
    for _ in range(5):
        system.book._walks.clear()  # price it for real, as after a correction
        start = time.perf_counter()
        designer.toggle(knot[-1])
        app.processEvents()
        times.append(time.perf_counter() - start)
        assert designer.pricing()  # the walk went to the worker (else this measures nothing)
        designer.wait_for_price()
        app.processEvents()
        designer.toggle(knot[-1])
        designer.wait_for_price()
        app.processEvents()
    designer.deleteLater()
    times.sort()
    return Result("strange_fate_designer_tangled_click", times[2], FRAME, 1.0, "one frame at 60 Hz")


BENCHMARKS = (
    bench_costliest_sample_walk,
    bench_every_sample_skill,
    bench_designer_click,
    bench_loop_guard_worst_case,
    bench_designer_tangled_click,
)
