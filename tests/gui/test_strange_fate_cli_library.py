"""``fatesmith trapping-cost`` and the library (issue 22): it honours ``--library`` given before
the command and ``FATESMITH_LIBRARY`` as every library command does, takes a plain file path as
well as a URL, never creates a library, and says in one line when the library's corrected
diagram cannot be used (and that the bundled one was). With a library chosen, its corrected
diagram is the one priced over.

The correction used makes the Networking-Wealth line thick (free to cross, L1390): Networking
then Wealth costs 1 + 1 = 2 over it, 3 over the bundled diagram (the thin line of L1380).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.system_data import SystemData
from rules.systems.strange_fate.system import DIAGRAM_KEY
from storage.library import Library
from storage.paths import file_url
from storage.systems_catalog import default_registry
from tests.rules.strange_fate_builders import system

ROOT = Path(__file__).resolve().parents[2]
CORRECTED, BUNDLED = 2, 3


def store(path: Path, content: dict[str, Any]) -> Path:
    with Library.open(file_url(path), registry=default_registry(), samples=False) as lib:
        lib.save_system_document(
            SystemData(system="strange-fate", key=DIAGRAM_KEY, provenance="user", content=content),
            expected_version=None,
        )
    return path


@pytest.fixture
def corrected(tmp_path: Path) -> Path:
    """A library whose corrected diagram makes Networking-Wealth thick."""
    bundled = system().book.diagram.model_dump(mode="json")
    lines = [
        {**line, "style": "thick"} if {line["a"], line["b"]} == {"Networking", "Wealth"} else line
        for line in bundled["lines"]
    ]
    return store(tmp_path / "corrected.sqlite3", {**bundled, "lines": lines})


def fatesmith(
    *argv: str, env: dict[str, str] | None = None, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "FATESMITH_LIBRARY"}
    if home is not None:  # the default library's folder
        environ.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=60, env=environ,
    )  # fmt: skip


def points(result: subprocess.CompletedProcess[str]) -> int:
    assert result.returncode == 0, result.stderr
    value: int = json.loads(result.stdout)["points"]
    return value


PRICE = ("trapping-cost", "--json", "Networking", "Wealth")


def test_global_library_before_the_command(corrected: Path) -> None:
    assert points(fatesmith("--library", str(corrected), *PRICE)) == CORRECTED
    assert points(fatesmith("--library", file_url(corrected), *PRICE)) == CORRECTED
    assert points(fatesmith("--library", str(corrected), "strange-fate", *PRICE)) == CORRECTED


def test_fatesmith_library_variable(corrected: Path) -> None:
    assert points(fatesmith(*PRICE, env={"FATESMITH_LIBRARY": str(corrected)})) == CORRECTED


def test_own_library_option_takes_a_plain_path(corrected: Path) -> None:
    assert points(fatesmith(*PRICE, "--library", str(corrected))) == CORRECTED
    assert points(fatesmith(*PRICE, "--library", file_url(corrected))) == CORRECTED


def test_no_library_chosen_prices_over_the_bundled_diagram_and_creates_none(
    tmp_path: Path,
) -> None:
    assert points(fatesmith(*PRICE, home=tmp_path)) == BUNDLED
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


@pytest.mark.parametrize("where", ["global", "own", "variable"])
def test_a_missing_library_is_never_created(tmp_path: Path, where: str) -> None:
    missing = tmp_path / "typo.sqlite3"
    argv: list[str] = list(PRICE)
    env = None
    if where == "global":
        argv = ["--library", str(missing), *PRICE]
    elif where == "own":
        argv = [*PRICE, "--library", str(missing)]
    else:
        env = {"FATESMITH_LIBRARY": str(missing)}
    result = fatesmith(*argv, env=env)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(missing) in lines[0], result.stderr
    assert not missing.exists()
    assert not list(tmp_path.iterdir())


def test_an_unusable_corrected_diagram_is_said_in_one_line(tmp_path: Path) -> None:
    """A stored diagram that no longer parses: priced over the bundled one, and one line on
    stderr says the library's could not be used and why."""
    broken = store(tmp_path / "broken.sqlite3", {"version": 1, "boxes": [], "lines": "knot"})
    result = fatesmith("--library", str(broken), *PRICE)
    assert points(result) == BUNDLED
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "corrected diagram" in lines[0] and "bundled" in lines[0]
    text = fatesmith("--library", str(broken), "trapping-cost", "Networking", "Wealth")
    assert text.returncode == 0 and text.stdout.startswith(f"{BUNDLED} trapping points")
    assert len(text.stderr.strip().splitlines()) == 1
