"""No import cycle anywhere: the check CI runs beside lint-imports (``.ci/check_cycles.py``),
run by pytest too, so a new cycle fails the tests where it is made."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]


def _check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_cycles", REPO / ".ci" / "check_cycles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_package_has_an_import_cycle() -> None:
    check = _check()
    cycles, report = check.import_cycles(("rules", "storage", "gui"))
    assert cycles == [], "\n".join(report)


def test_the_check_finds_a_cycle() -> None:
    check = _check()
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert check.strongly_connected(graph) == [["a", "b", "c"]]


def test_nothing_is_allowed_to_loop() -> None:
    check = _check()
    assert not check.ALLOWED_CYCLES
    pair = ["gui.encounter", "gui.encounter.window"]
    assert check.failing([pair]) == [pair]
