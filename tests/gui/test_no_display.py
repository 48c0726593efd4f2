"""``fatesmith`` (the app) with no display: one line saying so and how to use the command line,
instead of Qt aborting the process (issue 14)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gui.cli import display_missing
from tests.conftest import REPO

HIDDEN = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland variables")
def test_app_without_display_says_so_in_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN}
    env["PYTHONPATH"] = str(REPO)
    env["FATESMITH_LIBRARY"] = str(tmp_path / "never.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "gui.cli"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode in (1, 2), done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "no display" in lines[0] and "fatesmith --help" in lines[0]
    assert not (tmp_path / "never.sqlite3").exists()


def test_display_rules() -> None:
    assert display_missing({}, "linux")
    assert not display_missing({"DISPLAY": ":0"}, "linux")
    assert not display_missing({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not display_missing({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not display_missing({}, "win32") and not display_missing({}, "darwin")
