"""Each system's creation flow and encounter window at 150% text size (issue #23: a GM at a
projector or a 4K screen). Every step title fits the Steps list and no header of the
encounter's turn order is cut; with FATESMITH_SCREENSHOTS=1 the windows are saved to
docs/screenshots as ``<system>-creation-150.png`` and ``<system>-encounter-150.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QListWidget

from gui.theme import apply_scale, ui_scale
from rules.encounter import AddParticipantEvent, StartEvent
from tests.gui.table_tour import new_campaign, new_character, new_encounter, real_editor_window
from tests.gui.test_encounter_turn_defaults import CASTS
from tests.gui.test_ui_scale_sizes import clipped, save

SYSTEMS = ("sotc", "strange-fate", "fate2", "art")


@pytest.fixture
def at_150(settings: Any) -> Iterator[QApplication]:
    """The text size preference at 150% (the window applies it as it opens)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    settings.ui_scale = 1.5
    yield app
    apply_scale(app, 1.0)


@pytest.mark.parametrize("system", SYSTEMS)
def test_creation_and_encounter_at_150(
    at_150: QApplication,
    make_window: Any,
    qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    system: str,
) -> None:
    window = real_editor_window(make_window)
    assert ui_scale() == 1.5
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    tab = new_character(window, qtbot, monkeypatch, system)
    qtbot.wait(20)
    save(window, f"{system}-creation-150.png", tmp_path)
    [steps] = [w for w in tab.findChildren(QListWidget) if w.accessibleName() == "Creation steps"]
    viewport, fm = steps.viewport().rect(), steps.fontMetrics()
    for row in range(steps.count()):
        item = steps.item(row)
        assert viewport.contains(steps.visualItemRect(item)), item.text()
        assert fm.horizontalAdvance(item.text()) + 8 <= viewport.width(), item.text()

    campaign = new_campaign(window, monkeypatch, system, f"Big Screen {system}")
    encounter = new_encounter(window, qtbot, monkeypatch, campaign, "On the projector", 7)
    encounter.resize(1920, 1080)
    cr = encounter.doc.conflict_rules
    for seat, (pid, side, skills) in enumerate(CASTS[system][:2]):
        p = cr.npc_participant(pid=pid, name=pid.title(), skills=skills, side=side, seat=seat)
        assert encounter.push(AddParticipantEvent(participant=p))
    assert encounter.push(StartEvent())
    qtbot.wait(20)
    save(encounter, f"{system}-encounter-150.png", tmp_path)
    cut = {c for c in clipped(encounter.table) if c.startswith("header")}
    assert not cut, cut
