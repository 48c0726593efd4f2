"""Benchmarks: Strange Fate's Skill Trapping Diagram pricing and the skill designer (issue 10).

- the costliest sample skill's cheapest walk (the sample whose exact search takes longest),
  priced from a fresh pricer: under 50 ms;
- every sample skill of the book priced from a fresh pricer: under 1 s in all;
- the designer's running-cost update after a click on a box (repricing, the highlight, the
  breakdown and the cost text, the walk cache cleared first): within one frame (1/60 s).

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

        return run

    ours = median_time(click(), repeat=21, warmup=2)
    return Result("strange_fate_designer_click", ours, FRAME, 1.0, "one frame at 60 Hz")


BENCHMARKS = (bench_costliest_sample_walk, bench_every_sample_skill, bench_designer_click)
