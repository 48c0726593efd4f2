"""GUI tests: autosaved drafts survive a kill and are offered back on the next start."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gui.dialogs.draft_restore import DraftRestoreDialog
from gui.documents.character_document import CharacterDocument
from gui.drafts import Autosaver, DraftStore
from gui.systems.sotc.commands import EditTextCommand
from rules.systems.sotc.character import SotcCharacter


def test_store_round_trip_per_library(tmp_path: Path, registry: Any) -> None:
    store = DraftStore(tmp_path, "sqlite:///a.sqlite3", registry)
    other = DraftStore(tmp_path, "sqlite:///b.sqlite3", registry)
    hero = SotcCharacter(name="Draft Hero", skills={"Fists": 3})
    store.write(hero, version=7, campaign_id=None)
    [draft] = store.pending()
    assert draft.character == hero and draft.version == 7 and draft.title == "Draft Hero"
    assert other.pending() == []  # another library never sees it
    store.discard(hero.id)
    assert store.pending() == []


def test_unreadable_drafts_are_set_aside_not_offered(tmp_path: Path, registry: Any) -> None:
    store = DraftStore(tmp_path, "sqlite:///a.sqlite3", registry)
    hero = SotcCharacter(name="Hero")
    path = store.write(hero, version=None, campaign_id=None)
    path.write_text("{ truncated", encoding="utf-8")
    assert store.pending() == []
    assert not path.exists() and path.with_suffix(".unreadable").exists()


def test_autosaver_writes_dirty_documents_once_and_forgets_clean_ones(
    tmp_path: Path, registry: Any, sotc: Any
) -> None:
    store = DraftStore(tmp_path, "sqlite:///a.sqlite3", registry)
    doc = CharacterDocument(SotcCharacter(name="A"), sotc, version=3)
    saver = Autosaver(store, lambda: [doc], interval_seconds=1)
    assert saver.flush() == 0  # clean: nothing to keep
    doc.undo_stack.push(EditTextCommand(doc, "name", "B"))
    assert saver.flush() == 1
    assert saver.flush() == 0  # unchanged since the last draft
    data = json.loads(store.path_for(doc.character.id).read_text(encoding="utf-8"))
    assert data["character"]["name"] == "B" and data["version"] == 3
    doc.mark_saved(4)
    saver.flush()
    assert store.pending() == []


def test_drafts_are_restored_after_a_simulated_kill(
    make_window: Any, monkeypatch: pytest.MonkeyPatch, drafts_dir: Path
) -> None:
    first = make_window()
    rosa = next(s.id for s in first.page.model.rows() if "Rosa" in s.name)
    tab = first.characters.open_character(rosa)
    tab.document.undo_stack.push(EditTextCommand(tab.document, "name", "Unsaved Rosa"))
    assert first.autosaver.flush() == 1
    # "Kill": the window never closes, nothing is saved. A new start finds the draft.
    offered: list[str] = []

    def restore_all(cls: Any, parent: Any, drafts: Any) -> Any:
        offered.extend(d.title for d in drafts)
        return list(drafts)

    monkeypatch.setattr(DraftRestoreDialog, "ask", classmethod(restore_all))
    second = make_window()
    assert second.offer_draft_restore() == 1
    assert offered == ["Unsaved Rosa"]
    restored = second.documents.current()
    assert restored is not None
    assert restored.document.character.name == "Unsaved Rosa"
    assert second.isWindowModified()
    restored.document.undo_stack.undo()  # back to what the library holds
    assert restored.document.character.name == '"Kid" Rosa Delgado'
    restored.document.undo_stack.redo()
    assert second.characters.save_current()
    assert DraftStore(drafts_dir, second.library.url, second.registry).pending() == []


def test_declined_drafts_are_discarded_and_later_keeps_them(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    store = window.autosaver.store
    store.write(SotcCharacter(name="Lost"), version=None, campaign_id=None)
    monkeypatch.setattr(DraftRestoreDialog, "ask", classmethod(lambda cls, p, d: None))
    assert window.offer_draft_restore() == 0
    assert len(store.pending()) == 1  # "ask me later"
    monkeypatch.setattr(DraftRestoreDialog, "ask", classmethod(lambda cls, p, d: []))
    assert window.offer_draft_restore() == 0
    assert store.pending() == []


def test_a_never_saved_character_comes_back_as_unsaved(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.autosaver.store.write(SotcCharacter(name="Fresh"), version=None, campaign_id=None)
    monkeypatch.setattr(DraftRestoreDialog, "ask", classmethod(lambda cls, p, d: list(d)))
    assert window.offer_draft_restore() == 1
    tab = window.documents.current()
    assert tab.document.version is None and not tab.document.undo_stack.isClean()
    assert window.characters.save_current()
    assert "Fresh" in [s.name for s in window.page.model.rows()]


def test_the_autosave_timer_writes_the_draft_by_itself(
    make_window: Any, settings: Any, qtbot: Any
) -> None:
    """Issue 4: a crash or kill loses at most the last few seconds (here: one second)."""
    settings.autosave_seconds = 1
    window = make_window()
    assert window.autosaver is not None and window.autosaver.is_active()
    rosa = next(s.id for s in window.page.model.rows() if s.name == '"Kid" Rosa Delgado')
    tab = window.characters.open_character(rosa)
    assert tab is not None
    tab.document.undo_stack.push(EditTextCommand(tab.document, "name", "Rosa, Autosaved"))
    path = window.autosaver.store.path_for(rosa)
    assert not path.exists()  # nothing written by the edit itself: the timer does it
    qtbot.waitUntil(path.exists, timeout=5_000)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["character"]["name"] == "Rosa, Autosaved"
    assert data["version"] == tab.document.version
    assert window.characters.save_current()
    assert not path.exists()  # saved: the draft goes
