"""GUI table tour, Strange Fate (issue 23): the real main window, its real dialogs and the real
encounter window, through a Strange Fate campaign's whole table flow.

A new Strange Fate campaign; the Oxford don of tests/gui/test_strange_fate_app.py built through
the creation pages («Character Creation», L331-L346), with his player; saved, reopened and
printed; then a new encounter of the campaign with him from the library and a named NPC, two
exchanges of attacks played.

The numbers follow the SRD (digest strange-fate.md): «Attack» (L4179-L4189: the offensive
trapping against the defence; a tie misses, the difference is the stress), «Stress»
(L4191-L4199: k stress checks box k and those to its left), «Consequences» (L4201-L4224:
Trifling absorbs 2, Middling 4, Grievous 6), the stress boxes (L500, L2504: 3, +1 for an
Endurance of +1, +2 for +2 or +3), «Initiative» (L4142-L4159: Initiative [Physical], Alertness,
by rating), the dice (L201-L209: 4dF) and the Power Tiers of an opposed roll (L1153: the
side a tier higher rolls 3dF+1d6).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.encounter.prompts import NpcPrompt, TextPrompt
from rules.validation import Severity
from tests.gui import table_tour as tour
from tests.gui.test_strange_fate_app import build_professor

PROFESSOR = "Professor Archibald Hale"


def test_strange_fate_table_tour(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    qtmodeltester: Any,
) -> None:  # fmt: skip
    """Campaign, character, save, reopen, print, encounter, two exchanges (seed 142).

    The NPC, Lord Ashdown: Arms +3, Athletics +2, Alertness +2, Endurance +1: Health 4,
    Composure 3, Reputation 3. The Professor's Endurance and Resolve +2: Health 5, Composure 5.
    Alertness orders the exchange: Ashdown (+2) before the Professor (+1), both Mundane.
    """
    window = tour.real_editor_window(make_window)
    campaign = tour.new_campaign(window, monkeypatch, "strange-fate", "The Ashdown Affair")

    # -- a character through the creation pages ------------------------------------------------
    tab = tour.new_character(window, qtbot, monkeypatch, "strange-fate")
    document = build_professor(qtbot, tab.editor)
    tab.editor.show_step("archetype")
    # The page had no Player field: a PC built in the app joined every scene as the GM's NPC.
    tour.type_into(qtbot, tab.editor.flow.pages["archetype"].player, "Morgan")
    assert document.character.player == "Morgan"
    assert [p.code for p in document.problems if p.severity is Severity.ERROR] == []
    qtmodeltester.check(tab.editor.validation_panel.model)

    # -- saved, reopened, printed ---------------------------------------------------------------
    tab = tour.save_and_reopen(window, qtbot)
    professor = tab.document.character
    assert professor.name == PROFESSOR and professor.player == "Morgan"
    assert professor.skills["Strength Training"] == 3
    assert tab.editor.flow.pages["archetype"].player.text() == "Morgan"
    text = " ".join(tour.print_pdf_text(window, qtbot, monkeypatch, tmp_path / "p.pdf").split())
    for words in (PROFESSOR, "Strange Fate", "Oxford Professor", "Strength Training",
                  "Fisticuffs +1", "Health", "Composure", "Reputation", "Trifling absorbs 2",
                  "Middling absorbs 4", "Grievous absorbs 6", "Tier Benefit: Physical Force",
                  "Remade by the Moreau Serum", "Signature Aspect"):  # fmt: skip
        assert words in text, words

    # -- a new encounter of the campaign: the Professor from the library and a named NPC -------
    encounter = tour.new_encounter(window, qtbot, monkeypatch, campaign, "Balliol by Night", 142)
    offered = tour.add_from_library(encounter, monkeypatch, PROFESSOR)
    sf_count = sum(s.system == "strange-fate" for s in window.library.list_characters())
    assert f"{PROFESSOR} (Morgan)" in offered and len(offered) == sf_count

    def fill_npc(dialog: Any) -> None:
        tour.type_into(qtbot, dialog.name, "Lord Ashdown")
        tour.type_into(qtbot, dialog.skills, "Arms 3, Athletics 2, Alertness 2, Endurance 1")
        assert dialog.preview.text() == "Health 4 boxes, Composure 3 boxes, Reputation 3 boxes"

    tour.answer_exec(monkeypatch, NpcPrompt, fill_npc)
    encounter.actions_by_name["add_npc"].trigger()
    hale, ashdown = encounter.doc.state.participants
    assert (hale.kind, hale.side, ashdown.kind) == ("pc", "players", "npc")
    assert [len(hale.track(t)) for t in ("health", "composure", "reputation")] == [5, 5, 3]
    assert [len(ashdown.track(t)) for t in ("health", "composure", "reputation")] == [4, 3, 3]
    encounter.actions_by_name["start"].trigger()
    qtmodeltester.check(encounter.model)
    assert tour.log_lines(encounter)[-1].endswith(
        f"Exchange 1 begins. Initiative: Lord Ashdown (+2), {PROFESSOR} (+1)"
    )

    # -- exchange 1 --------------------------------------------------------------------------
    # Ashdown: Arms +3 (Mundane), +4 on the dice = 7, against the Professor's best defence,
    # Strength Training +3 (Resist Damage), Extraordinary: one tier above, so 3dF+1d6
    # («Power Tiers», L1153): 0-1+0 and a 3 = +2, so 5: 2 stress. The GM picks the slot on the
    # scene panel, each free one with what it absorbs: the Trifling takes all 2.
    event = tour.attack(encounter, ashdown.id, "Arms", hale.id, "Strength Training")
    assert (event.dice, event.defense_dice) == ((1, 1, 1, 1), (0, -1, 0, 3))
    assert "Strength Training +3 [0 - 0 3] = +5; 2 shifts" in tour.log_lines(encounter)[-1]
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts) == (hale.id, 2)
    slot = encounter.scene.consequence_slot
    assert not encounter.scene.slot_row.isHidden()
    assert [slot.itemText(i) for i in range(slot.count())] == [
        "Trifling (absorbs 2)",
        "Middling (absorbs 4)",
        "Grievous (absorbs 6)",
    ]
    assert slot.currentText() == "Trifling (absorbs 2)"  # the lightest that takes it all
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Bloodied Lip"))
    encounter.actions_by_name["consequence"].trigger()
    assert encounter.doc.state.pending_hit is None
    assert tour.log_lines(encounter)[-1].endswith(
        f"{PROFESSOR} takes a Trifling consequence: \u201cBloodied Lip\u201d, absorbing the "
        "2-point hit"
    )
    encounter.actions_by_name["next_turn"].trigger()
    # The Professor: Fisticuffs +1, -1 = 0, against Arms +3, -1 = 2: a miss.
    event = tour.attack(encounter, hale.id, "Fisticuffs", ashdown.id, "Arms")
    assert (sum(event.dice), sum(event.defense_dice)) == (-1, -1)
    assert encounter.doc.state.pending_hit is None
    assert tour.log_lines(encounter)[-1].endswith("= +2; no stress")
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Exchange 2 begins")

    # -- exchange 2 ----------------------------------------------------------------------------
    # Ashdown: +3 +2 = 5 against +3, -1-1+0 and a 1 = -1, so 2: 3 stress. The Trifling is
    # taken; the GM chooses the Middling (absorbs 4) over the Grievous.
    event = tour.attack(encounter, ashdown.id, "Arms", hale.id, "Strength Training")
    assert (event.dice, event.defense_dice) == ((1, -1, 1, 1), (-1, 0, -1, 1))
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts) == (hale.id, 3)
    assert [slot.itemText(i) for i in range(slot.count())] == [
        "Middling (absorbs 4)",
        "Grievous (absorbs 6)",
    ]
    slot.setCurrentIndex(slot.findText("Middling (absorbs 4)"))
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Cracked Jaw"))
    encounter.actions_by_name["consequence"].trigger()
    assert tour.log_lines(encounter)[-1].endswith(
        f"{PROFESSOR} takes a Middling consequence: \u201cCracked Jaw\u201d, absorbing the "
        "3-point hit"
    )
    assert encounter.doc.participant(hale.id).track("health") == (0,) * 5
    encounter.actions_by_name["next_turn"].trigger()
    # The Professor: +1 +2 = 3 against +3 -1 = 2: 1 stress, box 1.
    event = tour.attack(encounter, hale.id, "Fisticuffs", ashdown.id, "Arms")
    assert (sum(event.dice), sum(event.defense_dice)) == (2, -1)
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (ashdown.id, 1, 0)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(ashdown.id).track("health") == (1, 0, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Exchange 3 begins")
    qtmodeltester.check(encounter.model)
    stored = window.library.get_encounter(encounter.doc.record_id)
    assert stored.campaign_id == campaign.id and stored.payload["state"]["exchange"] == 3

    # Encounter > Write results: the stored record and its open tab take the harm.
    tour.write_results(encounter)
    stored_pc = window.library.get_character(professor.id).character
    condition = stored_pc.condition
    assert condition.health == (False,) * 5
    assert [(c.severity, c.scope, c.text) for c in condition.consequences] == [
        ("trifling", "physical", "Bloodied Lip"),
        ("middling", "physical", "Cracked Jaw"),
    ]
    assert tab.document.character == stored_pc

    # -- pictures to look at --------------------------------------------------------------------
    tour.grab(encounter, "strange-fate-encounter")
    window.show()
    for step in ("archetype", "questions", "skills", "aspects", "gifts", "details"):
        tab.editor.show_step(step)
        tour.grab(window, f"strange-fate-creation-{step}")


def test_the_professors_defence_is_his_strange_skill_with_resist_damage(registry: Any) -> None:
    """The Professor's best defence against a Strike is his Strength Training +3,
    Extraordinary, for its Resist Damage (SRD «Attack», L4179-L4189; digest 14.4: Parry, Dodge,
    Resist Damage), not Fisticuffs +1 (Parry): the turn defaults read only Common skills'
    trappings before (the tour's first version defended with Fisticuffs)."""
    from gui.plugins import system_ui
    from tests.rules.strange_fate_builders import professor

    sf = registry.get("strange-fate")
    hero = professor()
    assert hero.skills["Strength Training"] == 3 and hero.skills["Fisticuffs"] == 1
    cr = sf.conflict_rules(None)
    p = cr.participant_from_character(hero, pid="hale", kind="pc", side="players", seat=0)
    prompts = system_ui(sf).encounter_prompts()
    offered = prompts.defense_skills(sf.skill_names(None), p)
    assert prompts.defense_default(cr, p, "physical", offered) == "Strength Training"
