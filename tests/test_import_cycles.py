"""No import cycle in rules/ or storage/: the check CI runs beside lint-imports
(``.ci/check_cycles.py``), run by pytest too, so a new cycle fails the tests where it is made.

The GUI is checked in CI only (``.ci/run``), where one known cycle is on the check's allow-list.
"""

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


def test_rules_and_storage_have_no_import_cycle() -> None:
    check = _check()
    cycles, report = check.import_cycles(("rules", "storage"))
    assert cycles == [], "\n".join(report)


def test_the_check_finds_a_cycle() -> None:
    check = _check()
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert check.strongly_connected(graph) == [["a", "b", "c"]]


def test_only_the_known_gui_pair_is_allowed() -> None:
    check = _check()
    pair = ["gui.encounter", "gui.encounter.window"]
    assert check.failing([pair]) == []
    assert check.failing([[*pair, "gui.encounter.dice_panel"]]) == [
        [*pair, "gui.encounter.dice_panel"]
    ]
