"""GUI tests: the shell hands the editor the campaign's casting (SotC, Character Creation:
Phases Four and Five, guest-starring in another character's novel) and offers File > New Fast
Character (SotC, Character Creation: Fast Character Creation)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from gui.systems.sotc.commands import ChooseGuestNovelCommand
from tests.gui.conftest import stub_editor

VANCE = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-000000000a01")
OKAFOR = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-000000000a02")
DELGADO = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-000000000a03")
WREN = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-000000000a04")


def test_the_editor_gets_the_names_cast_into_this_novel(make_window: Any) -> None:
    """Phases Four and Five: Okafor and Delgado guest-star in Vance's novel (the sample
    campaign's casting); an open member's unsaved casting counts."""
    seen: dict[str, Any] = {}

    def editor(document: Any, **kwargs: Any) -> Any:
        # What the system's creation flow is given: the window's casting reader.
        reader = kwargs["ui"].novels(kwargs["workspace"])
        seen[document.character.name] = {"guest_stars": lambda: reader.guest_stars_for(document)}
        return stub_editor(document, **kwargs)

    window = make_window(editor=editor)
    vance = window.characters.open_character(VANCE)
    guest_stars = seen[vance.document.character.name]["guest_stars"]
    assert guest_stars() == ["Professor Anselm Okafor", '"Kid" Rosa Delgado']
    # Nobody is cast into Wren's novel (he has none yet).
    wren = window.characters.open_character(WREN)
    assert seen[wren.document.character.name]["guest_stars"]() == []
    # Delgado, open in a tab, moves her Phase Four elsewhere: Vance's list follows at once.
    delgado = window.characters.open_character(DELGADO)
    delgado.document.undo_stack.push(ChooseGuestNovelCommand(delgado.document, 4, None))
    assert guest_stars() == ["Professor Anselm Okafor"]
    delgado.document.undo_stack.undo()
    assert guest_stars() == ["Professor Anselm Okafor", '"Kid" Rosa Delgado']
    # Outside a campaign there is no casting.
    fresh = window.characters.new_character()
    reader = window.uis.get("sotc").novels(window.workspace)
    assert fresh is not None and reader.guest_stars_for(fresh.document) == []


def test_the_real_editor_receives_the_casting(make_window: Any) -> None:
    from gui.shell.characters import default_editor as default_editor_factory

    window = make_window(editor=default_editor_factory)
    tab = window.characters.open_character(VANCE)
    assert tab.editor.flow.guest_stars() == ["Professor Anselm Okafor", '"Kid" Rosa Delgado']


def test_new_fast_character_starts_fast_creation(make_window: Any) -> None:
    """SotC, Character Creation: Fast Character Creation, from File > New Fast Character."""
    from gui.shell.characters import default_editor as default_editor_factory

    window = make_window(editor=default_editor_factory)
    file_menu = window.menuBar().actions()[0].menu()
    file_menu.aboutToShow.emit()  # the systems' ways to start a character join the menu
    # With several systems registered the menu text names the system ("... (Spirit of the ...)").
    [fast] = [
        a for a in file_menu.actions() if a.text().replace("&", "").startswith("New Fast Character")
    ]
    assert file_menu.actions().index(fast) == file_menu.actions().index(window.act.new) + 1
    assert "Fast Character Creation" in fast.toolTip()
    fast.trigger()
    tab = window.documents.current()
    assert tab is not None and tab.document.character.creation_mode == "fast"
    assert tab.editor.flow.is_fast()
    assert tab.document.version is None  # a new, unsaved character
    from gui.dialogs.choose import SystemChoiceDialog

    with pytest.MonkeyPatch.context() as patch:  # File > New asks which system
        patch.setattr(SystemChoiceDialog, "ask", classmethod(lambda cls, *a: "sotc"))
        window.act.new.trigger()
    assert window.documents.current().document.character.creation_mode == "standard"
