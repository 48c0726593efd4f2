"""FATE 2.0's wound track in the encounter window (issue #23). The track is rows of boxes
(§8 Table 2 Wound Track: Clipped, Hurt, Injured) and then Taken Out, the one X: a marked box is
a checked box in its row (not its level drawn as a bold digit), the rows stand apart, and the
Taken Out box is checked only when the participant is taken out (it always read ☒)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFont, QFontMetrics

from gui.encounter import open_encounter_window
from rules.encounter import AddParticipantEvent, AttackEvent, StartEvent, TakeOutEvent

CLEAR, MARKED = "\u2610", "\u2612"


@pytest.fixture
def window(qtbot: Any, registry: Any, tmp_path: Path) -> Any:
    from storage.library import Library

    lib = Library.open(f"sqlite:///{tmp_path / 'l.db'}", registry=registry, samples=False)
    win = open_encounter_window(lib, None, lib.registry, rng=random.Random(1), system="fate2")
    qtbot.addWidget(win)
    cr = win.doc.conflict_rules
    for seat, (pid, side, skills) in enumerate(
        (("ann", "heroes", {"Duellist": 3, "Alertness": 2}),
         ("bob", "villains", {"Brawler": 1, "Alertness": 1}))
    ):  # fmt: skip
        p = cr.npc_participant(pid=pid, name=pid.title(), skills=skills, side=side, seat=seat)
        assert win.push(AddParticipantEvent(participant=p))
    assert win.push(StartEvent())
    win.show()
    qtbot.waitExposed(win)
    yield win
    lib.close()


def _cell(window: Any, pid: str) -> Any:
    model = window.model
    return model.index(model.row_of(pid), model.column_index["wounds"])


def test_a_hurt_box_is_a_checked_box_in_its_row(window: Any) -> None:
    # Ann's Superb against Bob's Average: MoS 4, Hurt (§8 Table 1): a Hurt box (Table 2)
    assert window.push(AttackEvent(attacker="ann", defender="bob", skill="Duellist",
                                   defense_skill="Brawler", dice=(1, 0, 0, 0),
                                   defense_dice=(-1, 0, 0, 0)))  # fmt: skip
    window.mark_stress()
    bob = window.doc.state.find("bob")
    assert bob.track("wounds")[3] == 2  # box 4 holds its row's level, Hurt
    text = _cell(window, "bob").data()
    assert not any(ch.isdigit() for ch in text), text
    rows = text.split()
    assert rows == [CLEAR * 3, MARKED + CLEAR * 2, CLEAR * 2, "Out", CLEAR], text
    ann = _cell(window, "ann").data()
    assert ann.endswith(f"Out {CLEAR}"), ann
    assert window.push(TakeOutEvent(who="bob", by="ann"))
    assert _cell(window, "bob").data().endswith(f"Out {MARKED}")


def test_a_click_on_a_box_of_the_grouped_track_toggles_that_box(qtbot: Any, window: Any) -> None:
    index = _cell(window, "bob")
    text = index.data()
    font = index.data(Qt.ItemDataRole.FontRole)
    metrics = QFontMetrics(font if isinstance(font, QFont) else window.table.font())
    rect = window.table.visualRect(index)
    fifth = [i for i, ch in enumerate(text) if ch in (CLEAR, MARKED)][4]  # box 5: Hurt's second
    x = (
        rect.x()
        + 4
        + metrics.horizontalAdvance(text[:fifth])
        + metrics.horizontalAdvance(CLEAR) // 2
    )
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(x, rect.center().y()))  # fmt: skip
    assert window.doc.state.find("bob").track("wounds")[4] != 0
    assert window.doc.state.find("bob").track("wounds")[:4] == (0, 0, 0, 0)
