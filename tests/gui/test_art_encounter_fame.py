"""Regaining Fame in the ART encounter window (issue #12; ART Engine "Regaining Fame",
L1091-1093): the turn order's Fame column, which holds the Fame not yet spent, shows the full
Fame again after an Awesome roll entered through the dice panel and the table box. No table is
loaded: the column is entered as read off a printed table (no published number is used). Book
lines cite shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.systems.art.encounter import ArtSceneControls
from rules.encounter import SpendFatePointEvent
from rules.systems.art.scale import Result
from tests.gui.test_art_encounter import _add_cast, _click, _library, _window


def _fame_shown(window: Any, pid: str) -> str:
    model = window.model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    return str(model.index(model.row_of(pid), headers.index("Fame")).data())


def test_the_fame_column_shows_fame_regained_on_an_awesome_roll(
    qtbot: Any, qtmodeltester: Any, registry: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada Quill (Fame 3, one spent) shows 2 Fame, spends one more (1), rolls Strength on the
    dice panel and enters Awesome in the table box: she recovers all expended Fame (L1091-1092)
    and the column shows 3; the log says so in ART's words."""
    lib = _library(registry, tmp_path / "none.sqlite3", table=False)
    try:
        window = _window(qtbot, lib, seed=9)
        _add_cast(window, lib, monkeypatch)
        qtmodeltester.check(window.model)
        assert _fame_shown(window, "ada") == "2"
        assert window.push(SpendFatePointEvent(who="ada", reason="first aid"))
        assert _fame_shown(window, "ada") == "1"
        window.dice.select(actor="ada", target="")
        window.dice.skill.setCurrentText("Strength")
        window.dice.difficulty.setValue(int(Result.PS))
        window.dice.dice.setText("91")
        _click(qtbot, window.dice.roll_button)
        assert "No Action Results Table is loaded" in window.doc.log[-1].text
        assert _fame_shown(window, "ada") == "1"  # unread: nothing regained yet
        controls = window.scene.system_controls
        assert isinstance(controls, ArtSceneControls)
        box = controls.table
        box.column.setCurrentIndex(box.column.findData(int(Result.AW)))
        _click(qtbot, box.read_button)
        assert "Ada Quill recovers all expended Fame (2 back, 3 to spend)" in (
            window.doc.log[-1].text
        )
        assert _fame_shown(window, "ada") == "3"
        window.doc.undo_stack.undo()
        assert _fame_shown(window, "ada") == "1"  # undone with its roll
    finally:
        lib.close()
