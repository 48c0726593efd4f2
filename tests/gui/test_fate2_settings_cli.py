"""FATE 2.0's campaign settings page, quick NPCs (dialog and command line).

The settings page round-trips every creation rule and option (2. GM Overview; 6. Character
Creation Options; 7. GM's Toolbox; 8. Changing Wound Boxes) and edits the GM's skill list
(10. Skill Lists); the quick NPC is 10. Utilities: Pyramid Shorthand, in the app and in
``fatesmith fate2 quick-npc``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.cli import main, system_cli_plugins
from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.system_ui import SettingsConflict
from gui.systems.fate2.quick_npc import QuickNpcDialog
from gui.systems.fate2.settings_page import Fate2SettingsPage, SkillListModel
from gui.widgets.creation_flow import CreationFlowView
from rules.systems.fate2.settings import Fate2Settings, SkillDef, WoundBoxes
from rules.systems.fate2.system import Fate2System
from rules.validation import Severity


@pytest.fixture
def fate2(registry: Any) -> Fate2System:
    system = registry.get("fate2")
    assert isinstance(system, Fate2System)
    return system


def test_settings_page_round_trips_every_option(qtbot: Any, fate2: Fate2System) -> None:
    """What the page shows is what it gives back, for the book's settings and a house's."""
    ui = system_ui(fate2)
    book = fate2.default_settings()
    page = ui.settings_page(book)
    qtbot.addWidget(page)
    assert isinstance(page, Fate2SettingsPage)
    assert page.settings() == book
    if os.environ.get("FATESMITH_SCREENSHOTS"):  # docs/screenshots/fate2-settings.png
        page.resize(1000, 720)
        page.show()
        qtbot.waitExposed(page)
        folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
        assert page.grab().save(str(folder / "fate2-settings.png"))
    house = Fate2Settings(
        phases=8, ranks_per_phase=5, aspects_per_phase=2, skills=book.skills, aspect_cap=3,
        cap_rules=("half-of-levels", "not-above-peak-skill"), starting_fate_points=2,
        skill_shape="column", plot_aspects=True, plot_bonus=2, free_aspects=3, potential=True,
        granted_potential=1, destiny=True, difficult_skills=True, extras=True,
        extras_in_pyramid=True, wound_boxes=WoundBoxes(clipped=2, hurt=4, injured=1),
        wound_overflow=False,
    )  # fmt: skip
    page = ui.settings_page(house)
    qtbot.addWidget(page)
    assert isinstance(page, Fate2SettingsPage)
    assert page.settings() == house


def test_skill_list_add_rename_remove_and_defaults(
    qtbot: Any, qtmodeltester: Any, fate2: Fate2System
) -> None:
    """The GM's list starts from 10. A Sample List; add, rename, remove; difficult defaults."""
    page = Fate2SettingsPage(fate2.default_settings(), fate2.catalog.sample_list, fate2.ladder)
    qtbot.addWidget(page)
    model = page.skill_model
    qtmodeltester.check(model, force_py=True)
    assert model.skills() == fate2.catalog.sample_list
    first = model.index(0, 0)
    assert model.setData(first, "Tumbling")
    assert not model.setData(model.index(1, 0), "tumbling")  # a name already taken
    assert not model.setData(model.index(1, 0), "   ")
    qtbot.mouseClick(page.add_skill, Qt.MouseButton.LeftButton)
    assert model.skills()[-1].name == "New skill"
    assert not model.flags(model.index(0, 2)) & Qt.ItemFlag.ItemIsEditable
    page.difficult.setChecked(True)
    assert model.flags(model.index(0, 2)) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(model.index(0, 2), -3)
    assert not model.setData(model.index(0, 2), 0)  # a default is Mediocre or below
    # 5. Special Skills and the Pyramid: a skill's own pyramid, none, or back to the main one
    assert model.data(model.index(0, 3)) == "main"
    assert model.setData(model.index(0, 3), "Magic") and model.skills()[0].pyramid == "Magic"
    assert model.setData(model.index(2, 3), "none") and model.skills()[2].pyramid is None
    assert model.data(model.index(2, 3)) == "none"
    assert model.setData(model.index(2, 3), "Main") and model.skills()[2].pyramid == ""
    page.skills.setCurrentIndex(model.index(1, 0))
    removed = model.skills()[1].name
    qtbot.mouseClick(page.remove_skill, Qt.MouseButton.LeftButton)
    settings = page.settings()
    assert settings.skills is not None
    names = [s.name for s in settings.skills]
    assert names[0] == "Tumbling" and "New skill" in names and removed not in names
    assert settings.skills[0].default == -3 and settings.difficult_skills
    assert settings.skills[0].pyramid == "Magic"
    qtbot.mouseClick(page.book_skills, Qt.MouseButton.LeftButton)
    assert page.settings().skills == fate2.catalog.sample_list
    while model.rowCount():
        model.removeRows(0, 1)
    with pytest.raises(SettingsConflict):
        page.settings()
    assert SkillListModel((SkillDef(name="A"),), fate2.ladder).rowCount() == 1


def test_quick_npc_dialog_fills_the_builder(
    qtbot: Any, fate2: Fate2System, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The builder's Quick NPC button: the shorthand's five-phase pyramid, bought phase by
    phase, every phase balanced; only the aspects are left to name. Undo restores."""
    settings = fate2.default_settings()
    dialog = QuickNpcDialog(fate2, settings)
    qtbot.addWidget(dialog)
    dialog.phases.setValue(5)
    assert not dialog.ok.isEnabled() and "10 more name(s) needed" in dialog.preview.text()
    qtbot.mouseClick(dialog.fill, Qt.MouseButton.LeftButton)
    assert dialog.ok.isEnabled()
    phases = dialog.result_phases()
    assert phases is not None and len(phases) == 5
    monkeypatch.setattr(QuickNpcDialog, "ask", classmethod(lambda cls, *a, **k: phases))
    document = CharacterDocument(fate2.new_character("Guard"), fate2, version=None)
    ui = system_ui(fate2)
    view = CreationFlowView(document, ui.creation_flow(document, None), None)
    qtbot.addWidget(view)
    page: Any = view.pages["phases"]
    qtbot.mouseClick(page.quick, Qt.MouseButton.LeftButton)
    derived: Any = document.derived
    assert derived.pyramid_ok_by_phase == (True,) * 5
    assert sorted(document.character.skills.values(), reverse=True)[:3] == [3, 2, 2]
    codes = {p.code for p in document.problems if p.severity is Severity.ERROR}
    assert codes == {"FATE2-phase-aspects"}  # the user names the aspects
    document.undo_stack.undo()
    assert document.character.phases == ()


def test_new_quick_npc_kind_and_start_blank(fate2: Fate2System, monkeypatch: Any) -> None:
    """File > New Quick NPC asks first; "Start blank" gives a blank character."""
    ui = system_ui(fate2)
    assert [k.key for k in ui.new_character_kinds()] == ["standard", "quick-npc"]
    monkeypatch.setattr(QuickNpcDialog, "ask", classmethod(lambda cls, *a, **k: None))
    assert ui.new_character("quick-npc").phases == ()  # type: ignore[attr-defined]
    from rules.systems.fate2.builder import quick_npc_phases

    phases = quick_npc_phases(3, [f"Skill {n}" for n in range(8)])
    monkeypatch.setattr(QuickNpcDialog, "ask", classmethod(lambda cls, *a, **k: phases))
    npc: Any = ui.new_character("quick-npc")
    assert npc.phases == phases
    assert sorted(npc.skills.values(), reverse=True) == [2, 1, 1, 0, 0, 0, 0, 0]


def test_cli_quick_npc(capsys: pytest.CaptureFixture[str]) -> None:
    """``fatesmith fate2 quick-npc``: the shorthand's row, filled highest first."""
    assert "fate2" in [system for system, _ in system_cli_plugins()]
    names = "Knife,Bluff,Hide,Healing,Pickpocket,Alertness,Herb Lore,Stealth,Locks,Streets"
    assert main(["fate2", "quick-npc", "--phases", "5", "--skills", names, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ranks"] == 20
    assert [(r["value"], r["count"]) for r in out["pyramid"]] == [(3, 1), (2, 2), (1, 3), (0, 4)]
    assert out["skills"]["Knife"] == 3 and out["skills"]["Streets"] == 0
    assert main(["fate2", "quick-npc", "--phases", "2"]) == 0
    text = capsys.readouterr().out
    assert "Fair (+1)" in text and "____" in text
    assert main(["fate2", "quick-npc", "--phases", "5", "--skills", "A,B"]) == 2
    assert "holds 10 skills" in capsys.readouterr().err


def test_cli_quick_npc_loads_no_qt() -> None:
    """The system's commands are text commands: no Qt is imported."""
    code = (
        "import sys, contextlib, io\n"
        "from gui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['fate2', 'quick-npc', '--phases', '3'])\n"
        "print('PySide6' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
