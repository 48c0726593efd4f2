"""The Cast menu's dialogs: a named NPC written inline (skills, stress boxes, grit, fate points)
and a companion (quality, scope, patron, Skilled advances; its own stress track under the "How
To Do Things" switch). SotC "Endurance" / "Resolve" (track sizes, digest 2.6), "Concessions and
grit" (L1380-L1392, digest 6.8), "Companions" (L1506-L1551, digest 6.11);
fate-doing-things.md section 10 (RULE-N3)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import CompanionPrompt, NpcPrompt, parse_skills
from gui.systems.sotc.encounter_prompts import SotcCompanionPrompt
from rules.systems.sotc.conflict import SotcConflictRules
from rules.systems.sotc.settings import HOW_TO_DO_THINGS, SotcSettings


@pytest.fixture
def window(qtbot: QtBot, registry: Any) -> Any:
    w = open_encounter_window(None, None, registry, rng=random.Random(1))
    qtbot.addWidget(w)
    return w


def test_skills_typed_in_one_line(registry: Any) -> None:
    ladder = registry.get("sotc").ladder
    assert parse_skills("Weapons 4, Athletics +3; Alertness Good\nSleight of Hand -1", ladder) == {
        "Weapons": 4,
        "Athletics": 3,
        "Alertness": 3,
        "Sleight of Hand": -1,
    }
    assert parse_skills("  ") == {}
    with pytest.raises(ValueError, match="Fists"):
        parse_skills("Fists")
    with pytest.raises(ValueError, match="Splendid"):
        parse_skills("Fists Splendid", ladder)


def test_npc_dialog_sizes_tracks_from_endurance_and_resolve(qtbot: QtBot, registry: Any) -> None:
    """Base boxes (5 in the book, 3 under "How To Do Things") plus the Endurance / Resolve band:
    Average-Fair +1, Good-Great +2 (SotC "Endurance", digest 2.6)."""
    dialog = NpcPrompt(SotcConflictRules(), registry.get("sotc").ladder)
    qtbot.addWidget(dialog)
    dialog.name.setText("Baron Von Kessel")
    dialog.skills.setText("Weapons 4, Alertness Great, Endurance 1, Resolve 3")
    assert dialog.preview.text() == "Health 6 boxes, Composure 7 boxes"
    dialog.track_spins["composure"].setValue(4)  # the GM's say wins
    dialog.grit.setValue(2)
    dialog.fate_points.setValue(3)
    dialog.aspects.setText("Monocled Menace; Old Grudge")
    answer = dialog.answer()
    assert answer["skills"]["Alertness"] == 4
    tracks = answer["tracks"]
    assert (tracks["health"], tracks["composure"], answer["grit"], answer["fate_points"]) == (
        6, 4, 2, 3
    )  # fmt: skip
    assert answer["aspects"] == ("Monocled Menace", "Old Grudge")
    htdt = NpcPrompt(SotcConflictRules(HOW_TO_DO_THINGS))
    qtbot.addWidget(htdt)
    htdt.skills.setText("Endurance 3")
    assert htdt.preview.text().startswith("Health 5 boxes, Composure 3 boxes")
    htdt.skills.setText("Endurance")
    assert "rating" in htdt.preview.text()
    htdt.accept()  # unreadable skills: the dialog stays open
    assert htdt.result() == 0


def test_npc_dialog_warns_of_skills_outside_the_campaign_list_but_saves(
    window: Any, qtbot: QtBot, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The campaign's skill list (SotC "Skills", renamed or dropped by the group, L5782) names
    what a typed skill should be; an unknown one is flagged inline, and the GM may keep it."""
    rules = SotcSettings(renamed_skills={"Guns": "Firearms"})
    known = registry.get("sotc").skill_names(rules)
    dialog = NpcPrompt(SotcConflictRules(rules), registry.get("sotc").ladder, known_skills=known)
    qtbot.addWidget(dialog)
    dialog.skills.setText("Firearms 3, weapons 2, Alertness Good")
    assert dialog.unknown.isHidden()  # a renamed skill and any letter case are known
    dialog.skills.setText("Firearms 3, Guns 2, Kung Fu 4, Athletics 1")
    assert not dialog.unknown.isHidden()
    assert "Not in the campaign's skill list: Guns, Kung Fu " in dialog.unknown.text()
    assert "Athletics" not in dialog.unknown.text() and "Firearms" not in dialog.unknown.text()
    dialog.accept()  # custom skills are allowed: it saves anyway
    assert dialog.result() == 1 and dialog.answer()["skills"]["Kung Fu"] == 4
    dialog.skills.setText("Kung Fu")  # unreadable: the read error replaces the warning
    assert dialog.unknown.isHidden() and "rating" in dialog.preview.text()
    unchecked = NpcPrompt(
        SotcConflictRules(rules)
    )  # no list given (no registry): nothing to check against
    qtbot.addWidget(unchecked)
    unchecked.skills.setText("Kung Fu 4")
    assert unchecked.unknown.isHidden()

    seen: dict[str, Any] = {}

    def ask(*a: Any, **k: Any) -> None:
        seen["known"] = a[-1]
        return None

    monkeypatch.setattr(NpcPrompt, "ask", classmethod(ask))
    assert not window.add_npc()
    assert seen["known"] == registry.get("sotc").skill_names(SotcSettings())


def test_add_npc_from_the_cast_menu_is_undoable(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = {
        "name": "Baron Von Kessel",
        "skills": {"Weapons": 4, "Alertness": 4},
        "aspects": ("Monocled Menace",),
        "tracks": {"health": 6, "composure": 5},
        "grit": 2,
        "fate_points": 3,
        "side": "",
    }
    monkeypatch.setattr(NpcPrompt, "ask", classmethod(lambda *a, **k: dict(answer)))
    assert window.add_npc()
    baron = window.doc.participant("baron-von-kessel")
    assert baron.kind == "npc" and baron.side == "gm" and baron.grit == 2
    assert (len(baron.track("health")), len(baron.track("composure")), baron.fate_points) == (
        6,
        5,
        3,
    )
    assert baron.initiative["physical"] == 4 and baron.aspects == ("Monocled Menace",)
    assert window.add_npc()  # the same name again gets an id of its own
    assert window.doc.participant("baron-von-kessel-2") is not None
    window.doc.undo_stack.undo()
    window.doc.undo_stack.undo()
    assert window.doc.state.participants == ()
    window.doc.undo_stack.redo()
    assert window.doc.participant("baron-von-kessel") == baron


def test_companion_dialog_and_the_htdt_switch(
    window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Book: no stress boxes, the patron's extra consequence. "How To Do Things": 1 + quality
    boxes that soak the patron's hits, one companion attached at a time; Skilled advances never
    above the companion's quality."""
    panel = window.scene.system_controls  # SotC's own switches on the scene panel
    panel.variant.setCurrentIndex(1)
    panel.variant.activated.emit(1)
    assert (
        window.doc.state.settings["stress_boxes"] == 3
        and window.doc.state.settings["companions_have_stress"]
    )
    monkeypatch.setattr(
        NpcPrompt,
        "ask",
        classmethod(lambda *a, **k: {"name": "Jack", "skills": {"Fists": 4}, "side": "heroes"}),
    )
    assert window.add_npc()
    assert not panel.variant.isEnabled()  # the cast is in: tracks are sized

    dialog = SotcCompanionPrompt(window.doc.conflict_rules, [("Jack", "jack")])
    qtbot.addWidget(dialog)
    dialog.name.setText("Sparky")
    dialog.quality.setCurrentIndex(1)  # Fair
    assert "3 boxes" in dialog.preview.text()
    dialog.scope["social"].setChecked(True)
    dialog.skills.setText("Mechanics 2, Stealth 3")
    assert "Above its quality: Stealth" in dialog.preview.text()
    with pytest.raises(ValueError, match="Stealth"):
        dialog.answer()
    dialog.skills.setText("Mechanics 2")
    answer = dialog.answer()
    assert answer == {
        "name": "Sparky",
        "quality": 2,
        "scope": ("physical", "social"),
        "patron": "jack",
        "skills": {"Mechanics": 2},
    }
    book = CompanionPrompt(SotcConflictRules(), [])
    qtbot.addWidget(book)
    assert "No stress boxes" in book.preview.text() and book.answer()["patron"] is None

    monkeypatch.setattr(CompanionPrompt, "ask", classmethod(lambda *a, **k: dict(answer)))
    assert window.add_companion()
    sparky = window.doc.participant("sparky")
    assert sparky.kind == "companion" and sparky.attached_to == "jack" and sparky.side == "heroes"
    assert len(sparky.track("health")) == 3 and sparky.skills == {"Mechanics": 2}
    assert not window.add_companion()  # a second one attached to Jack: refused, and said why
    assert "already has Sparky attached" in window.status.text()


def test_sotc_brings_its_own_encounter_prompts(window: Any, qtbot: QtBot, registry: Any) -> None:
    """The window asks the encounter's system for its prompts: SotC's NPC dialog adds the
    stunts that change where stress lands and armor (SRD L3069, L3083, L4149, L4935), its dice
    panel offers its attack and defense skills, its scene panel its two framing switches."""
    from gui.systems.sotc.encounter_prompts import SotcEncounterPrompts, SotcNpcPrompt

    assert isinstance(window.prompts, SotcEncounterPrompts)
    assert window.dice.skill.itemText(0) == "Fists"
    assert window.dice.defense_skill.findText("Athletics") >= 0
    assert "Alertness" in window.scene.kind.toolTip()
    dialog = SotcNpcPrompt(SotcConflictRules(), registry.get("sotc").ladder)
    qtbot.addWidget(dialog)
    dialog.skills.setText("Fists 3")
    dialog.stunts.setText("Man of Iron; One Hit to the Body")
    dialog.armor.setValue(2)
    answer = dialog.answer()
    assert answer["stunts"] == ("Man of Iron", "One Hit to the Body") and answer["armor"] == 2
    plain = NpcPrompt(SotcConflictRules())  # the generic dialog asks for neither
    qtbot.addWidget(plain)
    assert not hasattr(plain, "stunts") and "stunts" not in plain.answer()
