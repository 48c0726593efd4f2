"""Encounter templates in the window: "Save as template" stores the prepared scene; "New from
template" starts it as often as wanted, each run a separate library record (issue 6), with the
library characters as they are now."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter import list_templates, open_encounter_window
from gui.encounter.prompts import ChoicePrompt, TextPrompt
from rules.conflict import minion_group
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    AddZoneEvent,
    AttackEvent,
    PlaceEvent,
    StartEvent,
)
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
JACK = REPO / "docs" / "examples" / "encounters" / "characters" / "jack-corrigan.fatesmith.json"


@pytest.fixture
def library(library_url: str, registry: Any) -> Any:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def pick(name: str) -> Any:
    def ask(cls: Any, parent: Any, title: str, label: str, choices: Any) -> Any:
        return next(value for text, value in choices if text == name)

    return classmethod(ask)


def test_save_a_template_and_start_it_twice(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    jack = read_character_file(JACK, registry)
    library.save_character(jack, expected_version=None)
    window = open_encounter_window(library, None, registry, rng=random.Random(2))
    qtbot.addWidget(window)
    assert window.add_character(library.get_character(jack.id).character, pid="jack")
    cr = window.doc.conflict_rules
    thugs = minion_group(cr, pid="thugs", name="Thugs", quality=1, count=4, side="gm")
    for event in (
        AddParticipantEvent(participant=thugs),
        AddZoneEvent(zone="dock", name="The Dock"),
        PlaceEvent(who="jack", zone="dock"),
        AddAspectEvent(text="Fog on the Water"),
        StartEvent(),
        AttackEvent(
            attacker="jack",
            defender="thugs",
            skill="Fists",
            defense_skill="Fists",
            dice=(1, 1, 1, 0),
            defense_dice=(0, 0, 0, 0),
        ),
    ):
        assert window.push(event), window.status.text()
    assert window.doc.state.find("thugs").remaining < 4

    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Dock ambush"))
    template_id = window.save_as_template()
    assert template_id is not None
    [template] = list_templates(library)
    assert template.id == template_id and template.is_template and template.name == "Dock ambush"

    # Jack spends a fate point elsewhere before the next session: the runs bring that along
    stored = library.get_character(jack.id)
    spent = stored.character.model_copy(update={"fate_points": stored.character.fate_points - 1})
    library.save_character(spent, expected_version=stored.version)

    monkeypatch.setattr(ChoicePrompt, "ask", pick("Dock ambush"))
    runs = []
    for _ in range(2):
        run = window.new_from_template()
        assert run is not None
        qtbot.addWidget(run)
        state = run.doc.state
        assert not state.started and state.find("thugs").remaining == 4
        assert [a.text for a in state.aspects] == ["Fog on the Water"]
        assert state.find("jack").zone == "dock"
        assert state.find("jack").fate_points == window.doc.participant("jack").fate_points - 1
        assert run.push(StartEvent())
        runs.append(run)
    assert runs[0].doc.record_id != runs[1].doc.record_id
    records = {r.id: r for r in library.list_encounters()}
    assert runs[0].doc.record_id in records and runs[1].doc.record_id in records
    assert window.doc.record_id in records and len(records) == 4
    assert not records[runs[0].doc.record_id].is_template
    assert records[template_id].payload == template.payload  # the template itself is unchanged
    # a run goes on by itself: the other run and the template do not move
    assert runs[0].push(AttackEvent(attacker="jack", defender="thugs", skill="Fists",
                                    defense_skill="Fists", dice=(1, 1, 0, 0),
                                    defense_dice=(0, 0, 0, 0)))  # fmt: skip
    assert runs[1].doc.state.find("thugs").remaining == 4


def test_templates_need_a_library(qtbot: QtBot, registry: Any) -> None:
    window = open_encounter_window(None, None, registry)
    qtbot.addWidget(window)
    assert window.save_as_template() is None and window.new_from_template() is None
    assert "library" in window.status.text()
