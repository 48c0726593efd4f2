"""The encounter's cast lists do not call a character without a player an "NPC" (issue #23:
a PC whose player is not written in is not a GM's character)."""

from __future__ import annotations

import uuid
from types import SimpleNamespace
from typing import Any

from gui.encounter.empty_cast import EmptyCastPanel
from gui.encounter.prompts import CharacterPicker

ADA = SimpleNamespace(id=uuid.uuid4(), name="Ada", player="")
BO = SimpleNamespace(id=uuid.uuid4(), name="Bo", player="Sam")


def test_the_library_picker_says_no_player(qtbot: Any) -> None:
    picker = CharacterPicker([ADA, BO])
    qtbot.addWidget(picker)
    texts = [picker.list.item(i).text() for i in range(picker.list.count())]
    assert texts == ["Ada (no player)", "Bo (Sam)"]


def test_the_empty_scene_list_says_no_player(qtbot: Any) -> None:
    panel = EmptyCastPanel(
        add_from_library=lambda: None,
        add_npc=lambda: None,
        add_minions=lambda: None,
        add_character_id=lambda _id: None,
    )
    qtbot.addWidget(panel)
    panel.set_characters([BO, ADA])
    texts = [panel.items.item(r).text() for r in range(panel.items.rowCount())]
    assert texts == ["Ada (no player)", "Bo (Sam)"]
    assert not any("NPC" in t for t in texts)


def test_add_from_library_offers_only_the_encounters_system(
    qtbot: Any, registry: Any, tmp_path: Any, monkeypatch: Any
) -> None:
    """A Strange Fate character cannot join a SotC conflict: the picker lists only the
    encounter's system's characters and says why the others are missing (issue #23)."""
    from gui.encounter import open_encounter_window
    from storage.library import Library

    monkeypatch.delenv("FATESMITH_NO_SAMPLES", raising=False)
    library = Library.open(f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry)
    try:
        every = library.list_characters()
        assert {s.system for s in every} >= {"sotc", "strange-fate", "fate2", "art"}
        window = open_encounter_window(library, None, registry, system="strange-fate")
        qtbot.addWidget(window)
        seen: dict[str, Any] = {}

        def ask(cls: Any, parent: Any, rows: Any, note: str = "") -> list[Any]:
            seen.update(rows=list(rows), note=note)
            return [rows[0].id]

        monkeypatch.setattr(CharacterPicker, "ask", classmethod(ask))
        window.add_from_library()
        assert seen["rows"] and {s.system for s in seen["rows"]} == {"strange-fate"}
        others = len(every) - len(seen["rows"])
        assert "only Strange Fate characters can join" in seen["note"]
        assert f"{others} characters of other game systems are not listed" in seen["note"]
        assert [p.name for p in window.doc.state.participants] == [seen["rows"][0].name]
    finally:
        library.close()
