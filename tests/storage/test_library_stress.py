"""Several real processes on one library at once: the app's storage layer and ``fatesmith``
command-line processes (issue #22, "The library, shared safely").

One process uses the library as the app does (one long-lived library, saves, background reads,
a second library opened and closed beside it) while two loops of real ``fatesmith`` commands
import, list, export and roll against the same library, for a bounded time. Afterwards the
database passes ``PRAGMA integrity_check`` (SQLite) and every write a process saw succeed is in
it. On SQLite, before the library kept to SQLite for every access to its file, a plain
``open()``/``close()`` of the file in the app's process dropped its locks, a command-line
process deleted the WAL under it and the app's later saves vanished.

The processes (tests/storage/stress_processes.py) run for ``FATESMITH_STRESS_SECONDS``
(default 12) seconds; PostgreSQL runs the same on a fresh schema (127.0.0.1 only).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage.library import Library
from storage.systems_catalog import default_registry

REPO = Path(__file__).resolve().parents[2]
SECONDS = float(os.environ.get("FATESMITH_STRESS_SECONDS", "12"))


def _start(role: str, url: str, log: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.stress_processes", role, url, str(SECONDS),
         str(log), *extra],
        cwd=REPO,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def _run_together(url: str, tmp_path: Path) -> set[str]:
    """Run the app process and two command-line loops; the names their logs say were saved."""
    logs = [tmp_path / f"written-{i}.txt" for i in range(3)]
    processes = [
        _start("app", url, logs[0]),
        _start("cli", url, logs[1], "1"),
        _start("cli", url, logs[2], "2"),
    ]
    problems = []
    for process in processes:
        _out, err = process.communicate(timeout=SECONDS + 240)
        if process.returncode != 0:
            problems.append(f"exit {process.returncode}: {err[-2000:]}")
    assert not problems, "\n".join(problems)
    written: set[str] = set()
    for log in logs:
        if log.exists():
            written |= set(log.read_text(encoding="utf-8").split())
    assert any(n.startswith("app-") for n in written), "the app process saved nothing"
    assert any(n.startswith("cli-") for n in written), "no command-line import succeeded"
    return written


def _assert_all_kept(written: set[str], url: str) -> None:
    with Library.open(url, registry=default_registry(), create=False) as library:
        stored = {summary.name for summary in library.list_characters()}
    missing = sorted(written - stored)
    assert not missing, f"{len(missing)} saved write(s) are not in the library: {missing[:5]}"


def test_app_and_command_line_together_on_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite3"
    url = f"sqlite:///{path}"
    Library.open(url, registry=default_registry(), samples=True).close()

    written = _run_together(url, tmp_path)

    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
    _assert_all_kept(written, url)


@pytest.mark.postgres
def test_app_and_command_line_together_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    Library.open(postgres_url, registry=default_registry(), samples=True).close()

    written = _run_together(postgres_url, tmp_path)

    _assert_all_kept(written, postgres_url)
