"""A character without a player's name is not called an NPC (issue 23): a PC whose player is
not written in yet is still a PC. The library's Player column says so in words, and
``with_player`` is how a list of characters names one."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from gui.models.columns import CHARACTER_COLUMNS, with_player
from gui.models.library_model import LibraryModel
from tests.gui.test_library_model import summary


def test_the_player_column_explains_an_empty_player(qtmodeltester: Any) -> None:
    nobody = summary("Ada")._replace(player="")
    model = LibraryModel()
    model.set_rows([nobody, summary("Bea")])
    qtmodeltester.check(model)
    column = [c.key for c in CHARACTER_COLUMNS].index("player")
    tips = [model.index(row, column).data(Qt.ItemDataRole.ToolTipRole) for row in range(2)]
    texts = {model.index(row, 0).data(): tips[row] for row in range(2)}
    assert "No player" in texts["Ada"] and "NPC" not in texts["Ada"]
    assert texts["Bea"] == "Played by P"


def test_with_player_never_says_npc() -> None:
    assert with_player("Ada", "") == "Ada (no player)"
    assert with_player("Ada", "Sam") == "Ada (Sam)"
    assert with_player("", " ") == "(unnamed) (no player)"
