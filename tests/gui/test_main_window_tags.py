"""GUI tests: editing the tags of library characters (Edit > Edit Tags...) and the tag filter
following the change; the dialog's tri-state check boxes for a mixed selection."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.dialogs.confirm import SaveChangesDialog
from gui.dialogs.tags import EditTagsDialog, TagChange

ROSA = '"Kid" Rosa Delgado'
IMOGEN = 'Captain Imogen "Skylark" Vance'


def id_of(window: Any, name: str) -> uuid.UUID:
    return next(s.id for s in window.page.model.rows() if s.name == name)


def tags_of(window: Any, name: str) -> tuple[str, ...]:
    return tuple(window.library.character_summary(id_of(window, name)).tags)


def answer(change: TagChange | None, seen: list[Any]) -> Any:
    def ask(cls: Any, parent: Any, names: Any, selected: Any, known: Any) -> Any:
        seen.append((list(names), [tuple(t) for t in selected], list(known)))
        return change

    return classmethod(ask)


def test_edit_tags_of_two_characters_updates_the_library_and_the_filter(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.page.select_ids([id_of(window, ROSA), id_of(window, IMOGEN)])
    assert window.act.edit_tags.isEnabled()
    seen: list[Any] = []
    change = TagChange(add=("Villain Bait",), remove=("sample",))
    monkeypatch.setattr(EditTagsDialog, "ask", answer(change, seen))
    window.act.edit_tags.trigger()
    [(names, selected, known)] = seen
    assert sorted(names) == sorted([ROSA, IMOGEN]) and "pilot" in known
    assert sorted(selected) == [("sample", "detective"), ("sample", "pilot")]
    assert tags_of(window, ROSA) == ("detective", "Villain Bait")
    assert tags_of(window, IMOGEN) == ("pilot", "Villain Bait")
    filter_combo = window.page.tag_filter
    assert filter_combo.findData("Villain Bait") > 0
    assert filter_combo.findData("sample") > 0  # the other two characters still carry it
    filter_combo.setCurrentIndex(filter_combo.findData("Villain Bait"))
    assert window.page.proxy.rowCount() == 2
    tags_column = window.page.model.column_index("tags")
    row = window.page.model.row_of(id_of(window, ROSA))
    assert window.page.model.index(row, tags_column).data() == "detective, Villain Bait"


def test_cancelling_changes_nothing(make_window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    window.page.select_ids([id_of(window, ROSA)])
    before = tags_of(window, ROSA)
    monkeypatch.setattr(EditTagsDialog, "ask", answer(None, []))
    assert window.listing.edit_tags_of_selected() == 0
    assert tags_of(window, ROSA) == before


def test_an_open_character_gets_an_undoable_edit_instead(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    rosa = id_of(window, ROSA)
    tab = window.characters.open_character(rosa)
    assert tab is not None
    window.tabs.setCurrentIndex(0)
    window.page.select_ids([rosa])
    monkeypatch.setattr(EditTagsDialog, "ask", answer(TagChange(add=("boxer",)), []))
    assert window.listing.edit_tags_of_selected() == 1
    assert tab.document.character.tags[-1] == "boxer"
    assert "boxer" not in tags_of(window, ROSA)  # stored with the character's next save
    assert tab.document.undo_stack.undoText() == "Edit tags"
    tab.document.undo_stack.undo()
    assert "boxer" not in tab.document.character.tags
    tab.document.undo_stack.redo()
    assert window.characters.save_document(tab.document)
    assert "boxer" in tags_of(window, ROSA)
    monkeypatch.setattr(SaveChangesDialog, "ask", classmethod(lambda cls, p, n: "discard"))


def test_dialog_shows_shared_tags_checked_and_mixed_ones_partly(qtbot: Any) -> None:
    dialog = EditTagsDialog(
        ["A", "B"], [("sample", "pilot"), ("Sample", "scholar")], ["pilot", "sample", "scholar"]
    )
    qtbot.addWidget(dialog)
    states = {
        dialog.list.item(r).text(): dialog.list.item(r).checkState()
        for r in range(dialog.list.count())
    }
    assert states == {
        "pilot": Qt.CheckState.PartiallyChecked,
        "sample": Qt.CheckState.Checked,
        "scholar": Qt.CheckState.PartiallyChecked,
    }
    assert dialog.change() == TagChange()  # untouched: nothing to do
    dialog.check("pilot")
    dialog.check("sample", Qt.CheckState.Unchecked)
    dialog.new_tags.setText(" weird  science , , ace")
    change = dialog.change()
    assert change == TagChange(add=("pilot", "weird science", "ace"), remove=("sample",))
    assert change.apply(("Sample", "scholar")) == ("scholar", "pilot", "weird science", "ace")
