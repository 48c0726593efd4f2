"""``fatesmith fate2 quick-npc`` out of range (issue 22): ``--phases 51`` or ``--ranks
100000000`` is one line on stderr giving the allowed range and exit status 2, never a pydantic
traceback; the largest allowed NPC is still drawn."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.systems.fate2.settings import Fate2Settings

ROOT = Path(__file__).resolve().parents[2]


def fatesmith(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["--phases", "51"], "--phases"),
        (["--phases", "0"], "--phases"),
        (["--phases", "3", "--ranks", "100000000"], "--ranks"),
        (["--phases", "3", "--ranks", "51"], "--ranks"),
        (["--phases", "many"], "--phases"),
    ],
)
def test_out_of_range_is_one_line_with_the_range(argv: list[str], option: str) -> None:
    result = fatesmith("fate2", "quick-npc", *argv)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr and "pydantic" not in result.stderr
    assert option in lines[0] and "1 to 50" in lines[0]


def test_the_limits_are_the_settings_limits() -> None:
    """The highest value the message gives is the one the campaign settings accept."""
    for field in ("phases", "ranks_per_phase"):
        bounds = {type(m).__name__: m for m in Fate2Settings.model_fields[field].metadata}
        assert bounds["Le"].le == 50


def test_the_largest_npc_is_still_drawn() -> None:
    result = fatesmith("fate2", "quick-npc", "--phases", "50", "--json")
    assert result.returncode == 0, result.stderr
    assert '"ranks": 200' in result.stdout


def test_too_many_ranks_in_all_names_both_options() -> None:
    """Each option in range but too many ranks for the shorthand's search: one line too."""
    result = fatesmith("fate2", "quick-npc", "--phases", "50", "--ranks", "50")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--phases" in lines[0] and "--ranks" in lines[0]
    assert "240" in lines[0]
