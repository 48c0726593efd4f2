"""The open app follows what another process (the command line) writes to its library, without
a restart (issue #22, "The library, shared safely")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from gui.shell.library_watch import POLL_MS
from tests.gui.test_main_window import ROSA, id_of, names, rename, select
from tests.storage.stress_processes import character_file

REPO = Path(__file__).resolve().parents[2]


def _fatesmith(url: str, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gui.cli", "--library", url, *args],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=False,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def _settle(window: Any, qtbot: Any) -> None:
    """Let any question to the library that is out come back."""
    qtbot.waitUntil(lambda: not window.watch._asking, timeout=10_000)
    window.workers.wait()
    qtbot.wait(50)


def test_a_command_line_import_appears_in_the_open_window(
    make_window: Any, qtbot: Any, tmp_path: Path, library_url: str
) -> None:
    window = make_window()
    window.watch.check()  # the first look sets the starting point
    _settle(window, qtbot)
    assert window.watch.timer.isActive() and window.watch.timer.interval() == POLL_MS

    _fatesmith(library_url, "library", "import", str(character_file(tmp_path, "From the terminal")))

    qtbot.waitUntil(lambda: "From the terminal" in names(window), timeout=3 * POLL_MS + 5000)
    assert "changed by another program" in window.statusBar().currentMessage()


def test_an_open_tab_follows_a_command_line_replace_and_edits_are_kept(
    make_window: Any, qtbot: Any, tmp_path: Path, library_url: str
) -> None:
    window = make_window()
    select(window, ROSA)
    window.act.open.trigger()
    clean = window.documents.current()
    rosa = id_of(window, ROSA)
    window.watch.check()
    _settle(window, qtbot)

    exported = tmp_path / "rosa.fatesmith.json"
    _fatesmith(library_url, "library", "export-character", str(rosa), "-o", str(exported))
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["player"] = "Changed at the terminal"
    exported.write_text(json.dumps(data), encoding="utf-8")
    _fatesmith(library_url, "library", "import", "--on-duplicate", "replace", str(exported))

    qtbot.waitUntil(
        lambda: clean.document.character.player == "Changed at the terminal",
        timeout=3 * POLL_MS + 5000,
    )
    assert not clean.is_modified()  # clean at the stored version
    assert clean.document.undo_stack.canUndo()  # one undoable step

    # a tab with unsaved edits keeps them
    rename(clean, "Rosa, edited here")
    data["player"] = "Changed again"
    exported.write_text(json.dumps(data), encoding="utf-8")
    _fatesmith(library_url, "library", "import", "--on-duplicate", "replace", str(exported))
    qtbot.waitUntil(
        lambda: "changed by another program" in window.statusBar().currentMessage(),
        timeout=3 * POLL_MS + 5000,
    )
    assert clean.document.character.name == "Rosa, edited here"
    assert clean.is_modified()


def test_the_windows_own_saves_are_not_news(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    window.watch.check()
    _settle(window, qtbot)
    select(window, ROSA)
    window.act.duplicate.trigger()
    window.statusBar().clearMessage()
    window.watch.check()
    _settle(window, qtbot)
    assert "changed by another program" not in window.statusBar().currentMessage()
