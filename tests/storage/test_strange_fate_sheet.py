"""Tests for the Strange Fate sheet plug-in (storage/systems/strange_fate): the Character Sheet
prints every designed skill with its trappings, Extras, Drawbacks and the walk's cost («Putting
It Together», L1376-L1380), the Common skills, aspects of each kind, Gifts, Power Tiers, Refresh
(«Power Tier and Refresh», L1394-L1423), stress and consequences by scope («Refine Details»,
L496-L502); long text flows onto further pages; the blank sheet is for hand-filling.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from rules.systems.strange_fate.conflict_state import HeldConsequence, StrangeFateCondition
from storage.pdf.render import render, render_blank
from storage.pdf.sheet_layout import (
    ConsequencesBlock,
    GadgetsBlock,
    SkillsBlock,
    TracksBlock,
)
from storage.system_sheets import (
    blank_layouts,
    build_card,
    build_sheet,
    default_kind,
    find_sheet_plugin,
    sheet_kinds,
)
from storage.systems.strange_fate.plugin import PLUGIN
from tests.rules.strange_fate_builders import professor, system
from tests.storage.test_pdf_render import one_line, pdf_pages, squash


def hurt_professor() -> Any:
    return professor().model_copy(
        update={
            "player": "Ada",
            "condition": StrangeFateCondition(
                health=(True, True),
                consequences=(
                    HeldConsequence(severity="trifling", scope="physical", text="Bruised Ribs"),
                ),
            ),
        }
    )


def pdf(layouts: list[Any], paper: str = "a4") -> tuple[int, list[str]]:
    out = io.BytesIO()
    pages = render(layouts, out, paper, True)
    return pages, pdf_pages(out.getvalue())


def test_plugin_is_found_and_declares_sheet_and_blank(registry: Any) -> None:
    info = registry.info("strange-fate")
    assert find_sheet_plugin(info) is PLUGIN
    assert [(k.key, k.needs_character) for k in sheet_kinds(info)] == [
        ("sheet", True),
        ("blank", False),
    ]
    assert default_kind(info).key == "sheet"


def test_designed_skills_print_trappings_drawbacks_and_the_walks_cost() -> None:
    """The Oxford Professor (L1376-L1380): Networking and Information free in a Unique skill,
    the walk's steps beside each trapping, a Minor Complication -1 (L2716): 3 + 7 - 1 = 9."""
    sheet = build_sheet(hurt_professor(), system())
    designed = next(b for b in sheet.blocks if isinstance(b, GadgetsBlock))
    oxford = next(e for e in designed.entries if e.name == "Oxford Professor")
    lines = {f.label: f.value for f in oxford.improvements}
    assert lines["Networking"] == "free" and lines["Information"] == "free"
    assert lines["Languages"] == "1 pt"  # unconnected, always 1 (L1390)
    assert lines["Wealth"].startswith("2 pts (box 1; lines 1: Networking")
    assert lines["Drawback: Complication (minor)"] == "\u201cAbsent-Minded\u201d"
    assert lines["Cost"] == "rating 3 + trappings 7 \u2212 Drawbacks 1 = 9 skill points"
    assert oxford.kind_label == "Unique skill · +3"
    strength = next(e for e in designed.entries if e.name == "Strength Training")
    assert strength.kind_label == "Strange skill · +3 (E)"
    costs = [f.value for f in strength.improvements if f.label == "Cost"]
    assert "the book prints 7 for Strength Training" in costs[0]


def test_ladder_tracks_and_consequences_by_scope() -> None:
    sheet = build_sheet(hurt_professor(), system())
    skills = next(b for b in sheet.blocks if isinstance(b, SkillsBlock))
    assert skills.rows[0].entries == ("Oxford Professor", "Strength Training (E)")
    tracks = next(b for b in sheet.blocks if isinstance(b, TracksBlock))
    # three boxes each (L500), +2 Health and +2 Composure from Fair Stress Capacity (L2504)
    assert [(t.label, t.boxes) for t in tracks.tracks] == [
        ("Health (Physical)", 5),
        ("Composure (Mental)", 5),
        ("Reputation (Social)", 3),
    ]
    assert tracks.tracks[0].checked == (True, True)
    slots = next(b for b in sheet.blocks if isinstance(b, ConsequencesBlock)).slots
    assert [s.label for s in slots[:3]] == ["Trifling", "Middling", "Grievous"]
    assert slots[0].text == "Bruised Ribs" and slots[0].note.endswith("physical")
    assert "absorbs 2" in slots[0].note and "absorbs 6" in slots[2].note  # L4211-L4216


def test_printed_pdf_has_every_part(registry: Any) -> None:
    pages, text = pdf([build_sheet(hurt_professor(), system())])
    assert pages == 3
    allt = one_line(" ".join(text))
    for needle in (
        "Professor Archibald Hale",
        "Changed · Middle Class",
        "Power Tier Extraordinary",
        "Skill points: 30 of 30 spent",
        "Remade by the Moreau Serum",
        "Knowledge Must Be Shared",
        "Unique and Strange skills",
        "Common skills",
        "Stress Capacity [Health] · 2 skill points",
        "Gifts",
        "Companion",
        "Middle Century 8 − Power Tiers 1 − Gifts 1 − Invulnerabilities 1 + Weaknesses 1 = 6",
        "fire (minor, narrow)",
        "Reputation (Social)",
        "Bruised Ribs",
        "Swordstick",
        "Trusted the wrong colleague with the formula.",
    ):
        assert needle in allt, needle


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_text_flows_across_pages_and_nothing_is_cut(paper: str) -> None:
    note = " ".join(f"Adventure {i} in the Carpathians." for i in range(400))
    failing = "He trusted the wrong colleague. " * 60
    hero = hurt_professor()
    hero = hero.model_copy(
        update={
            "notes": note,
            "answers": hero.answers.model_copy(update={"great_failing": failing}),
        }
    )
    pages, text = pdf([build_sheet(hero, system())], paper)
    assert pages >= 5
    joined = squash("".join(text))
    assert squash(note) in joined
    assert squash(failing.strip()) in joined


def test_blank_sheet_for_hand_filling(registry: Any) -> None:
    info = registry.info("strange-fate")
    (layout,) = blank_layouts(info)
    assert layout.character_name == ""
    tracks = next(b for b in layout.blocks if isinstance(b, TracksBlock))
    assert [t.boxes for t in tracks.tracks] == [9, 9, 9]
    out = io.BytesIO()
    assert render_blank(["strange-fate"], registry, out, "a4") == 2
    text = one_line(" ".join(pdf_pages(out.getvalue())))
    for needle in ("Superb (+5)", "Unique and Strange skills", "Trifling", "Grievous", "Gifts"):
        assert needle in text
    assert "yet" not in text
    first = PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()
    assert "Health (Physical)" in first and "Consequences" in first


def test_npc_card_has_tiers_gifts_and_three_tracks() -> None:
    card = build_card(hurt_professor(), system())
    values = {f.label: f.value for f in card.lines}
    assert "Strength Training (E)" in values["Good (+3)"]
    assert values["Gifts"] == "Equipment, Companion"
    assert values["Consequences"] == "Trifling (physical): Bruised Ribs"
    assert [t.label for t in card.tracks] == ["Health", "Composure", "Reputation"]


def test_other_systems_characters_are_refused() -> None:
    from rules.systems.sotc.character import SotcCharacter

    with pytest.raises(ValueError, match="Strange Fate sheet"):
        PLUGIN.fill("sheet", SotcCharacter(name="X"), system())
