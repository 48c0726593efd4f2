"""Run the real ``fatesmith`` command in a process of its own, as a user's shell would (the
tests that need a second process, an exit status or what a terminal shows)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def fatesmith(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m gui.cli ARGV`` from the checkout, offscreen, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})},
    )


def exported_library(folder: Path) -> Path:
    """A new sample library in ``folder`` exported as ``good.zip`` (an archive to damage)."""
    out = folder / "good.zip"
    done = fatesmith("--library", str(folder / "lib.sqlite3"), "--create", "library", "export",
                     str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out
