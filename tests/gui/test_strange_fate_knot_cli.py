"""A corrected Skill Trapping Diagram with a 12-box knot (issue 22): ``fatesmith trapping-cost``
and a library import of a Strange Fate character finish quickly and say the search stopped early.

The knot is twelve boxes each joined to each by a thin line, with one more box hanging off it:
the routes from the knot to that box are every simple path through the knot (11! and more), which
an unbounded search tries one by one. Every search over the diagram is bounded in steps (and in
time when a clock is given) and says so when it stops early; the result is then a valid walk, not
proven the cheapest.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rules.system_data import SystemData
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.character import DesignedSkill
from rules.systems.strange_fate.system import DIAGRAM_KEY
from storage.json_io import write_character_file
from storage.library import Library
from storage.paths import file_url
from storage.systems_catalog import default_registry
from tests.rules.strange_fate_builders import professor, system

ROOT = Path(__file__).resolve().parents[2]

KNOT = (
    "Influence", "Menace", "Shoot", "Strike", "Dodge", "Esteem", "Parry", "Willpower", "Climb",
    "Leap", "Move", "Conversation",
)  # fmt: skip
LEAF = "Convince"
SKILL = (LEAF, KNOT[0])
"""A two-trapping skill: the leaf, and the knot's box it hangs from."""

QUICK = 15.0
"""Seconds the commands must finish within (the unbounded search took longer than 30)."""


def knot_diagram() -> dict[str, Any]:
    """The bundled boxes; the lines a fully connected 12-box knot plus the leaf's line."""
    bundled = system().book.diagram.model_dump(mode="json")
    unknown = {"kind": "unknown"}
    lines = [
        {"a": a, "b": b, "style": "thin", "provenance": unknown}
        for a, b in itertools.combinations(KNOT, 2)
    ]
    lines.append({"a": KNOT[0], "b": LEAF, "style": "thin", "provenance": unknown})
    return {**bundled, "lines": lines}


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A library file whose corrected diagram is the knot."""
    path = tmp_path / "knot.sqlite3"
    with Library.open(file_url(path), registry=default_registry(), samples=False) as lib:
        lib.save_system_document(
            SystemData(
                system="strange-fate", key=DIAGRAM_KEY, provenance="user", content=knot_diagram()
            ),
            expected_version=None,
        )
    return path


def fatesmith(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "gui.cli", *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    return result, time.monotonic() - start


def test_trapping_cost_over_the_knot_stops_early_and_says_so(library: Path) -> None:
    result, seconds = fatesmith("trapping-cost", "--library", f"sqlite:///{library}", *SKILL)
    assert result.returncode == 0, result.stderr
    assert seconds < QUICK
    assert "stopped early" in result.stdout
    assert "not proven cheapest" in result.stdout
    result, _ = fatesmith("trapping-cost", "--json", "--library", f"sqlite:///{library}", *SKILL)
    data = json.loads(result.stdout)
    assert data["exact"] is False
    assert data["points"] == sum(step["points"] for step in data["steps"])


def test_import_over_the_knot_finishes_and_says_the_search_stopped_early(
    library: Path, tmp_path: Path
) -> None:
    hero = professor().model_copy(
        update={
            "name": "Knotted Hale",
            "skills": {**professor().skills, "Knot": 2},
            "designed": {
                **professor().designed,
                "Knot": DesignedSkill(
                    kind="strange", trappings=tuple(TrappingUse(trapping=t) for t in SKILL)
                ),
            },
        }
    )
    file = tmp_path / "knotted.fatesmith.json"
    write_character_file(file, hero)
    result, seconds = fatesmith("--library", str(library), "library", "import", str(file))
    assert result.returncode == 0, result.stderr
    assert seconds < QUICK
    assert "imported Knotted Hale" in result.stdout
    # one note: what the corrected diagram changes, not every warning the character has
    [note] = [line for line in result.stdout.splitlines() if line.startswith("note:")]
    assert "stopped early" in note and "not proven cheapest" in note
    assert note.startswith("note: Knotted Hale: Knot's price")
