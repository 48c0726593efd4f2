"""Starting the app (``fatesmith`` with no command) on a library that is missing or whose URL is
bad: nothing is created without a confirmation, and a bad URL is one clear message."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

import gui.app
from rules.errors import FatesmithError
from storage.library import LibraryError
from storage.paths import resolve_library_url


def args_for(library: str | None, *, create: bool = False) -> argparse.Namespace:
    return argparse.Namespace(library=library, create=create)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, qapp: Any) -> list[str]:
    """Records the libraries the app was launched on (the launch itself is stubbed out) and
    the error boxes shown (patched: no modal is ever opened)."""
    from PySide6.QtWidgets import QMessageBox

    launched: list[str] = []

    def launch(url: str, **_kwargs: Any) -> Any:
        launched.append(url)
        raise FatesmithError("stopped by the test")

    monkeypatch.setattr(gui.app, "launch", launch)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: launched.append("error box"))
    return launched


def test_missing_library_is_created_only_after_confirming(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[str]
) -> None:
    typo = tmp_path / "typo" / "lib.sqlite3"
    url = resolve_library_url(str(typo), env={})
    asked: list[Path] = []
    monkeypatch.setattr(gui.app, "confirm_create", lambda p: asked.append(p) or False)
    assert gui.app.run(url, args_for(str(typo))) == 2
    assert asked == [typo] and started == []
    assert not (tmp_path / "typo").exists()

    monkeypatch.setattr(gui.app, "confirm_create", lambda p: asked.append(p) or True)
    gui.app.run(url, args_for(str(typo)))
    assert started[0] == url  # went on to open (and so create) it


def test_create_flag_and_default_library_do_not_ask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[str]
) -> None:
    monkeypatch.setattr(gui.app, "confirm_create", lambda p: pytest.fail("asked"))
    typo = tmp_path / "new.sqlite3"
    gui.app.run(resolve_library_url(str(typo), env={}), args_for(str(typo), create=True))
    monkeypatch.delenv("FATESMITH_LIBRARY", raising=False)
    gui.app.run(resolve_library_url(None, env={}), args_for(None))
    assert len([u for u in started if u != "error box"]) == 2


@pytest.mark.parametrize("url", ["notadb://x", "mysql://u@localhost/db"])
def test_bad_url_is_one_clear_message(url: str) -> None:
    with pytest.raises(LibraryError) as caught:
        gui.app.build_window(url)
    assert "\n" not in str(caught.value) and url.split(":")[0] in str(caught.value)
