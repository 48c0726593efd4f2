"""The ART Engine's encounter window at the table (issue #23): it reads rolls on the Action
Results Table saved in the library (as the character's own Roll dialog does), also after a
restart; an adventurer's roll adds its skills to the trait ("Using Skills": an attribute and up
to two skills; ART Engine, Chapter 3 "Summary of a Trait Roll"); the table box is readable at
the window's default size; the library lists a running ART encounter by its round (the ART
Engine counts combat in rounds, Chapter 5 "Combat Rounds").

The table is the INVENTED test table (tests/data/art/made-up-table.csv), not the published one.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from gui.encounter import open_encounter_window
from gui.models.encounter_model import encounter_item
from gui.systems.art.encounter import ArtSceneControls, FoePrompt
from rules.encounter import AddParticipantEvent, AttackEvent, NextExchangeEvent, StartEvent
from rules.system_data import SystemData
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table_csv import parse_table_csv
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
ADA = REPO / "docs/examples/encounters/characters/art-ada.fatesmith.json"
TABLE = REPO / "tests/data/art/made-up-table.csv"
FOE = {
    "name": "Tomb Guardian",
    "skills": {"Attack": 5, "Defense": 4, "Alertness": 4, "Agility": 4, "Health 1": 4,
               "Health 2": 5, "Health 3": 6, "Health 4": 7, "Damage": 1},
    "side": "tomb",
}  # fmt: skip
LOADED = "Rolls are read on the library's Action Results Table."


def _open(registry: Any, path: Path) -> Any:
    from storage.library import Library

    return Library.open(f"sqlite:///{path}", registry=registry, samples=False)


@pytest.fixture
def library_path(registry: Any, tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite3"
    lib = _open(registry, path)
    parsed, _problems = parse_table_csv(TABLE.read_text("utf-8"))
    assert parsed is not None
    lib.save_system_document(
        SystemData(system="art", key=TABLE_KEY, provenance="user",
                   content=parsed.model_dump(mode="json")),
        expected_version=None,
    )  # fmt: skip
    lib.save_character(read_character_file(ADA, registry), expected_version=None)
    lib.close()
    return path


def _table_box(window: Any) -> Any:
    (controls,) = window.scene.findChildren(ArtSceneControls)
    return controls.table


def test_the_encounter_reads_the_table_saved_in_the_library(
    qtbot: Any, registry: Any, library_path: Path
) -> None:
    """The app hands the window its start-up registry (not bound to any library): the
    encounter must still read the library's table, and again after a restart."""
    lib = _open(registry, library_path)
    try:
        window = open_encounter_window(lib, None, registry, system="art")
        qtbot.addWidget(window)
        assert window.doc.conflict_rules.table is not None
        assert _table_box(window).status.text() == LOADED
        foe = window.doc.conflict_rules.npc_participant(pid="g", name="G", skills=FOE["skills"])
        assert window.push(AddParticipantEvent(participant=foe))  # saved with its first change
        record_id = window.doc.record_id
        window.close()
    finally:
        lib.close()
    lib = _open(registry, library_path)  # a restart: the saved encounter reopened
    try:
        window = open_encounter_window(lib, lib.get_encounter(record_id), registry)
        qtbot.addWidget(window)
        assert window.doc.conflict_rules.table is not None
        assert _table_box(window).status.text() == LOADED
    finally:
        lib.close()


def test_an_adventurers_attack_adds_its_skills(
    qtbot: Any, registry: Any, library_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib = _open(registry, library_path)
    try:
        window = open_encounter_window(lib, None, lib.registry, rng=random.Random(4),
                                       system="art")  # fmt: skip
        qtbot.addWidget(window)
        (summary,) = lib.list_characters()
        assert window.add_character(lib.get_character(summary.id).character, pid="ada")
        monkeypatch.setattr(FoePrompt, "ask", classmethod(lambda cls, parent: dict(FOE)))
        assert window.add_npc()
        panel = window.dice
        # before the start an adventurer rolls initiative, a foe does not (Chapter 5
        # "Initiative": its Alertness places it)
        panel.select(actor="tomb-guardian")
        assert panel.skill.currentText() == "Attack"
        panel.select(actor="ada")
        assert panel.skill.currentText() == "Initiative"
        assert window.push(StartEvent())
        panel.select(actor="ada", target="tomb-guardian")
        assert panel.skill.currentText() == "Attack"
        assert not panel.added_box.isHidden()
        first = panel.added_skills[0]
        labels = [first.itemText(i) for i in range(first.count())]
        assert "Swordplay +2" in labels and "Climb +3" in labels, labels
        first.setCurrentIndex(first.findData("Swordplay"))
        event = panel.build("attack")
        assert isinstance(event, AttackEvent) and event.skill == "Attack + Swordplay"
        assert window.push(event)
        assert "Swordplay" in window.doc.log[-1].text
        # the foe rolls no skills of its own: nothing to add
        panel.select(actor="tomb-guardian", target="ada")
        assert panel.added_skills[0].count() == 1  # "(none)"
    finally:
        lib.close()


def test_the_table_box_is_not_clipped(qtbot: Any, registry: Any, library_path: Path) -> None:
    lib = _open(registry, library_path)
    try:
        for loaded in (True, False):
            reg = lib.registry if loaded else registry
            window = open_encounter_window(None if not loaded else lib, None, reg, system="art")
            qtbot.addWidget(window)
            window.show()
            qtbot.waitExposed(window)
            box = _table_box(window)
            for label in box.findChildren(QLabel):
                if label.isVisible() and label.text():
                    need = label.heightForWidth(label.width())
                    assert label.height() >= need, (label.text(), label.height(), need)
            assert window.height() == 760, "the panels do not fit the default size"
            window.grab().save(f"/tmp/art-encounter-{'table' if loaded else 'none'}.png")
            window.close()
    finally:
        lib.close()


def test_the_library_lists_an_art_encounter_by_its_round(
    qtbot: Any, registry: Any, library_path: Path
) -> None:
    lib = _open(registry, library_path)
    try:
        window = open_encounter_window(lib, None, lib.registry, system="art")
        qtbot.addWidget(window)
        monkey = dict(FOE)
        cr = window.doc.conflict_rules
        for pid, side in (("a", "tomb"), ("b", "heroes")):
            p = cr.npc_participant(pid=pid, name=pid, skills=monkey["skills"], side=side)
            assert window.push(AddParticipantEvent(participant=p))
        assert window.push(StartEvent()) and window.push(NextExchangeEvent())
        record = lib.get_encounter(window.doc.record_id)
        assert encounter_item(record, {}).status == "Round 2"
        sotc = open_encounter_window(lib, None, lib.registry, system="sotc")
        qtbot.addWidget(sotc)
        for pid, side in (("a", "x"), ("b", "y")):
            p = sotc.doc.conflict_rules.npc_participant(pid=pid, name=pid, skills={}, side=side)
            assert sotc.push(AddParticipantEvent(participant=p))
        assert sotc.push(StartEvent())
        assert encounter_item(lib.get_encounter(sotc.doc.record_id), {}).status == "Exchange 1"
    finally:
        lib.close()


def test_each_systems_word_for_an_exchange_is_the_same_in_its_data_and_its_rules(
    registry: Any,
) -> None:
    """The listing reads the word from ``system.json``; the window from the conflict rules."""
    for system in registry:
        rules = system.conflict_rules()
        if rules is not None:
            assert registry.info(system.id).exchange_word == rules.exchange_word, system.id
