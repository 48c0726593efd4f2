"""GUI tests: group creation's guest-star deal table: deal for me, manual edits, live checks.

Book section: SotC "Character Creation: Phase Four and Five (Guest Star)" (digest sotc.md 2.2,
rules V6 and W5): one guest star per novel per phase, never one's own novel, never the same
novel twice.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from gui.systems.sotc.group_casting import (
    COL_GUESTS,
    COL_PHASE4,
    COL_PHASE5,
    CastingModel,
    GroupCastingWidget,
)
from rules.systems.sotc.group import Casting, Member, check_assignment

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

MEMBERS = [
    Member(key="ada", name="Ada Thorne", novel="Ada Thorne and the Sand Engine!"),
    Member(key="vell", name="Dr. Vell", novel="Dr. Vell and the Glass City"),
    Member(key="kid", name="Kid Brass", novel="Kid Brass vs. the Iron Syndicate"),
]


@pytest.fixture
def casting(qtbot: Any) -> GroupCastingWidget:
    widget = GroupCastingWidget(MEMBERS, {}, rng_factory=lambda: random.Random(11))
    qtbot.addWidget(widget)
    widget.resize(1100, 420)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_model_passes_the_model_tester(qtmodeltester: Any, casting: GroupCastingWidget) -> None:
    assert isinstance(casting.model, CastingModel)
    qtmodeltester.check(casting.model)
    casting.deal()
    qtmodeltester.check(casting.model)


def test_empty_casting_lists_what_is_missing(casting: GroupCastingWidget) -> None:
    """Nobody is cast yet: each member lacks a novel in each phase (rule V6)."""
    assert casting.problem_list.count() == 6
    assert "no novel to guest-star in yet" in casting.problem_list.item(0).text()
    assert "6 problems" in casting.headline.text()


def test_deal_for_me_gives_a_valid_casting_in_one_undo_step_sotc_guest_star(
    qtbot: Any, casting: GroupCastingWidget
) -> None:
    """The deal is a derangement in both phases with no repeated novel (SotC Phase Four/Five)."""
    with qtbot.waitSignal(casting.assignment_changed) as blocker:
        casting.deal_button.click()
    dealt = blocker.args[0]
    assert not check_assignment(MEMBERS, dealt)
    assert casting.problem_list.count() == 1  # the "every novel has one guest star" line
    assert "works" in casting.headline.text()
    assert casting.undo_stack.undoText() == "Deal guest-star novels"
    guests = casting.model.index(0, COL_GUESTS).data()
    assert guests.startswith("4: ") and "5: " in guests
    casting.undo_stack.undo()
    assert casting.assignment == {}
    casting.undo_stack.redo()
    assert casting.assignment == dealt


def test_manual_edit_is_checked_live_and_undoable(qtbot: Any, casting: GroupCastingWidget) -> None:
    """Casting someone in their own novel is flagged in the cell and the list (rule V6)."""
    casting.deal()
    model = casting.model
    index = model.index(0, COL_PHASE4)
    assert model.setData(index, "ada")  # Ada in her own novel
    assert casting.assignment["ada"].phase4 == "ada"
    assert casting.undo_stack.undoText() == "Cast Ada Thorne in Ada Thorne's novel (Phase Four)"
    assert "own novel" in str(index.data(Qt.ItemDataRole.ToolTipRole))
    assert index.data(Qt.ItemDataRole.BackgroundRole) is not None
    texts = [casting.problem_list.item(i).text() for i in range(casting.problem_list.count())]
    assert any("cannot guest-star in their own novel" in t for t in texts)
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        casting.grab().save(str(SHOTS / "creation-group-casting.png"))
    casting.undo_stack.undo()
    assert not check_assignment(MEMBERS, casting.assignment)


def test_edit_a_cell_with_the_keyboard_through_the_delegate(
    qtbot: Any, casting: GroupCastingWidget
) -> None:
    """F2 opens the novel chooser; choosing with the arrow keys casts the member."""
    index = casting.model.index(1, COL_PHASE5)
    casting.table.setCurrentIndex(index)
    casting.table.setFocus()
    qtbot.keyClick(casting.table, Qt.Key.Key_F2)
    editor = casting.table.findChild(QComboBox)
    assert editor is not None
    assert editor.count() == 3  # "not chosen" + the two other novels
    assert [editor.itemData(i) for i in range(3)] == [None, "ada", "kid"]
    qtbot.keyClick(editor, Qt.Key.Key_End)
    assert casting.assignment["vell"] == Casting(phase5="kid")
    assert casting.undo_stack.undoText() == "Cast Dr. Vell in Kid Brass's novel (Phase Five)"


def test_two_players_cannot_be_dealt_sotc_w5(qtbot: Any) -> None:
    """With two characters phase five is impossible (warning W5); the deal explains why."""
    widget = GroupCastingWidget(MEMBERS[:2], {})
    qtbot.addWidget(widget)
    widget.deal()
    assert widget.undo_stack.count() == 0
    assert "at least 3" in widget.headline.text()
    texts = [widget.problem_list.item(i).text() for i in range(widget.problem_list.count())]
    assert any("phase five needs at least 3" in t for t in texts)
