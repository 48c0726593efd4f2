"""FATE 2.0 sheets: the layout's fields (digest fate2.md section 13), the rendered pages, long
text flowing onto later pages, the blank sheet and phase worksheet, the NPC card, the CLI."""

from __future__ import annotations

import io
import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from gui.cli import EXIT_INVALID, main
from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Extra, Fate2Phase
from rules.systems.fate2.settings import Fate2Settings, SkillDef, WoundBoxes
from storage.json_io import write_character_file
from storage.pdf.cards import render_cards
from storage.pdf.render import render, render_blank
from storage.pdf.sheet_layout import (
    FieldsBlock,
    GadgetsBlock,
    HeaderBlock,
    SkillsBlock,
    TracksBlock,
)
from storage.system_sheets import (
    blank_layouts,
    build_card,
    build_sheet,
    common_kinds,
    default_kind,
    sheet_kinds,
)

PAPERS = ("letter", "a4")


def phase(aspect: str, ranks: dict[str, int], events: str = "") -> Fate2Phase:
    return Fate2Phase(aspects=(aspect,), ranks=ranks, events=events)


# §2 Sample Creation: Sybil, phase by phase (the phases win over the printed sheet, AMB-19).
SYBIL = Fate2Character(
    id=uuid.UUID("00000000-0000-4000-8000-0000000f2501"),
    name="Sybil",
    player="Deborah",
    concept="something of a trickster",
    skills={"Knife": 3, "Bluff": 2, "Hide": 2, "Healing": 1, "Pickpocket": 1, "Alertness": 1,
            "Herb Lore": 0, "Move Silently": 0, "Pick Locks": 0, "Streetwise": 0},
    aspects=(Fate2Aspect(name="Herbalist", level=1),
             Fate2Aspect(name="Gypsy", level=2, checked=1, notes="Knows every road and fair."),
             Fate2Aspect(name="Guild Thief", level=1), Fate2Aspect(name="Hunted", level=1)),
    phases=(
        phase("Herbalist", {"Knife": 1, "Healing": 1, "Herb Lore": 1, "Alertness": 1},
              "Gathers herbs with her grandmother."),
        phase("Gypsy", {"Knife": 1, "Bluff": 1, "Pickpocket": 1, "Healing": 1}),
        phase("Gypsy", {"Knife": 1, "Bluff": 1, "Move Silently": 1, "Hide": 1}),
        phase("Guild Thief", {"Pick Locks": 1, "Pickpocket": 1, "Bluff": 1, "Hide": 1}),
        phase("Hunted", {"Knife": 1, "Hide": 1, "Alertness": 1, "Streetwise": 1}),
    ),
    goal="Master Thief",
    fate_points=2,
    injured=1,
)  # fmt: skip


@pytest.fixture(scope="module")
def fate2(registry: Any) -> Any:
    return registry.get("fate2")


def blocks(layout: Any, kind: type) -> list[Any]:
    return [b for b in layout.blocks if isinstance(b, kind)]


def pdf_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


# -- the plug-in -----------------------------------------------------------------------------------


def test_fate2_prints_its_own_sheet_and_blank(registry: Any) -> None:
    """``fatesmith sheet --kind`` offers FATE 2.0's kinds: its sheet (the default), its phase
    worksheet (issue 23) and blank."""
    info = registry.info("fate2")
    assert [k.key for k in sheet_kinds(info)] == ["sheet", "worksheet", "blank"]
    assert default_kind(info).key == "sheet"
    common = [k.key for k in common_kinds([registry.info("sotc"), info])]
    assert common == ["sheet", "worksheet", "blank"]


def test_other_systems_are_refused(registry: Any, fate2: Any) -> None:
    from rules.character import CharacterBase

    with pytest.raises(ValueError, match="cannot be printed"):
        build_sheet(CharacterBase(system="sotc", name="Z"), fate2)
    with pytest.raises(ValueError, match=r"are not FATE 2\.0"):
        from storage.systems.fate2.plugin import PLUGIN

        PLUGIN.fill("sheet", SYBIL, fate2, registry.get("sotc").default_settings())


# -- the layout ------------------------------------------------------------------------------------


def test_sheet_fields_follow_section_13(fate2: Any) -> None:
    """Digest 13: name, player, concept; fate points current and starting; skills by rung
    (the pyramid); aspects with level, adjective and check boxes; the goal; the wound track
    (Clipped 3, Hurt 3, Injured 2, Taken Out X) with the Injured box carried; the campaign
    settings; the phase history."""
    sheet = build_sheet(SYBIL, fate2)
    (header,) = blocks(sheet, HeaderBlock)
    fields = {f.label: f.value for row in header.rows for f in row}
    assert fields["Name"] == "Sybil" and fields["Player"] == "Deborah"
    assert fields["Fate Points"] == "2 (of 3)"  # §2 Fate Points: half of five, rounded up
    assert fields["Aspect levels"] == "5" and header.subtitle == "something of a trickster"
    (skills,) = blocks(sheet, SkillsBlock)
    assert [(r.label, r.entries) for r in skills.rows] == [
        ("Great (+3)", ("Knife",)),
        ("Good (+2)", ("Bluff", "Hide")),
        ("Fair (+1)", ("Alertness", "Healing", "Pickpocket")),
        ("Average (+0)", ("Herb Lore", "Move Silently", "Pick Locks", "Streetwise")),
    ]
    aspects, wounds = blocks(sheet, TracksBlock)
    assert [(t.label, t.boxes, t.checked) for t in aspects.tracks] == [
        ("Herbalist — Fair (+1)", 1, ()),
        ("Gypsy — Good (+2)", 2, (True,)),
        ("Guild Thief — Fair (+1)", 1, ()),
        ("Hunted — Fair (+1)", 1, ()),
    ]
    assert [(t.label, t.boxes, t.checked) for t in wounds.tracks] == [
        ("Clipped (1)", 3, ()),
        ("Hurt (2-4)", 3, ()),
        ("Injured (5-6)", 2, (True,)),
        ("Taken Out (7+)", 1, ()),
    ]
    by_title = {b.title: b for b in blocks(sheet, FieldsBlock)}
    assert by_title["Goal"].fields[0].value == "Master Thief"
    pyramid = {f.label: f.value for f in by_title["Pyramid"].fields}
    assert pyramid["Skill pyramid, rung by rung"] == (
        "Great 1 · Good 2 · Fair 3 · Average 4 — balanced"
    )
    assert pyramid["Balanced after each phase"] == "1 ok, 2 ok, 3 ok, 4 ok, 5 ok"
    assert pyramid["Ranks"] == "20 ranks from the phases, 20 ranks on skills, 0 unspent"
    assert by_title["Invoking the aspects"].fields[0].value == "Knows every road and fair."
    assert "5 phases of 4 ranks" in by_title["Campaign"].fields[0].value
    history = by_title["Phase history"].fields
    assert [f.label for f in history] == [f"Phase {n}" for n in range(1, 6)]
    assert history[0].value == (
        "Gathers herbs with her grandmother.\nAspect: Herbalist.\n"
        "Skills: Knife +1, Healing +1, Herb Lore +1, Alertness +1."
    )


def test_a_phase_that_breaks_the_pyramid_says_so(fate2: Any) -> None:
    """§2 Looking at the Pyramid: the pyramid must balance after every phase."""
    spiky = Fate2Character(
        name="Spike",
        skills={"Sword": 2, "Ride": 1, "Hunt": 0},
        phases=(phase("Knight", {"Sword": 3, "Ride": 1}), phase("Squire", {"Ride": 1, "Hunt": 1,
                "Sword": 0})),
    )  # fmt: skip
    pyramid = next(
        b for b in blocks(build_sheet(spiky, fate2), FieldsBlock) if b.title == "Pyramid"
    )
    assert pyramid.fields[1].value.startswith("1 BREAKS")


def test_extras_minions_and_difficult_skills(fate2: Any) -> None:
    """§5: extras with their ranks and aspects; minions a scene = ranks x the controlling
    aspect's level (Juram's Spirit Guides, AMB-15); §7 Difficult Skills: a default below
    Mediocre is printed; §8 The Death Spiral option and changed wound boxes show."""
    juram = Fate2Character(
        name="Juram",
        skills={"Voices of the Dead": 2, "Sense Spirit Realm": 1, "Shapeshift": -2},
        skill_defaults={"Shapeshift": -3},
        aspects=(Fate2Aspect(name="Void Ancestry", level=2),),
        extras=(
            Fate2Extra(name="Cloak of Faces", kind="item", ranks=2,
                       aspects=("Appearance Changing", "Concealment")),
            Fate2Extra(name="Spirit Guides", kind="minions", ranks=2,
                       controlling_aspect="Void Ancestry"),
        ),
    )  # fmt: skip
    settings = Fate2Settings(
        difficult_skills=True,
        wound_overflow=False,
        wound_boxes=WoundBoxes(clipped=0, hurt=4, injured=3),
        skills=(SkillDef(name="Voices of the Dead"), SkillDef(name="Sense Spirit Realm")),
    )
    sheet = build_sheet(juram, fate2, settings=settings)
    (extras,) = blocks(sheet, GadgetsBlock)
    cloak, guides = extras.entries
    assert cloak.kind_label == "Personal item · 2 ranks"
    assert [i.label for i in cloak.improvements] == ["Appearance Changing", "Concealment"]
    assert guides.improvements[-1].label == "Under Void Ancestry 2"
    assert guides.improvements[-1].value.startswith("4 a scene")
    (skills,) = blocks(sheet, SkillsBlock)
    assert ("Poor (-2)", ("Shapeshift (default -3)",)) in [
        (r.label, r.entries) for r in skills.rows
    ]
    _, wounds = blocks(sheet, TracksBlock)
    assert wounds.title == "Wound track (no overflow)"
    assert [t.boxes for t in wounds.tracks] == [0, 4, 3, 1]


# -- rendering -------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_sheet_renders_on_two_pages(fate2: Any, paper: str) -> None:
    """The sheet's first page holds skills, aspects, the wound track and the goal; the phase
    history follows (it starts on the first page on the taller A4)."""
    out = io.BytesIO()
    pages = render([build_sheet(SYBIL, fate2)], out, paper, invariant=True)
    text = pdf_text(out.getvalue())
    assert pages == len(text) == 2
    for word in ("Sybil", "Great (+3)", "Knife", "Gypsy — Good (+2)", "Wound track",
                 "Taken Out (7+)", "Master Thief"):  # fmt: skip
        assert word in text[0], word
    assert "Phase history" in " ".join(text) and "Aspect: Hunted." in text[1]


def test_long_text_flows_and_nothing_is_cut_off(fate2: Any) -> None:
    """Long notes and long phase stories continue on later pages, to their last word."""
    story = " ".join(f"word{i}" for i in range(1500))
    long = SYBIL.model_copy(update={
        "notes": story + " THE-END",
        "phases": tuple(p.model_copy(update={"events": story + f" PHASE-{n}-END"})
                        for n, p in enumerate(SYBIL.phases, start=1)),
    })  # fmt: skip
    out = io.BytesIO()
    pages = render([build_sheet(long, fate2)], out, "letter", invariant=True)
    text = " ".join(pdf_text(out.getvalue()))
    assert pages > 4
    for n in range(1, 6):
        assert f"PHASE-{n}-END" in text
    assert "THE-END" in text and text.count("word1499") == 6


@pytest.mark.parametrize("paper", PAPERS)
def test_blank_is_one_sheet_page_and_one_phase_page(registry: Any, paper: str) -> None:
    """The blank sheet fits one page (pyramid boxes Superb to Average, aspect lines with check
    boxes, the book's wound track); the phase worksheet holds five phases on one more."""
    sheet, worksheet = blank_layouts(registry.info("fate2"))
    (skills,) = blocks(sheet, SkillsBlock)
    assert [(r.label, r.slots) for r in skills.rows] == [
        ("Superb (+4)", 1), ("Great (+3)", 2), ("Good (+2)", 3), ("Fair (+1)", 4),
        ("Average (+0)", 5),
    ]  # fmt: skip
    _, wounds = blocks(sheet, TracksBlock)
    assert [t.boxes for t in wounds.tracks] == [3, 3, 2, 1]
    assert [b.title for b in worksheet.blocks] == [f"Phase {n}" for n in range(1, 6)]
    out = io.BytesIO()
    assert render_blank(["fate2"], registry, out, paper, invariant=True) == 2
    first, second = pdf_text(out.getvalue())
    assert "Character Sheet" in first and "Hurt (2-4)" in first and "Mediocre (-1)" in first
    assert "Phase Worksheet" in second and "Phase 5" in second


def test_npc_card(fate2: Any) -> None:
    """The card: skills by rung, aspects with levels, fate points, the wound rows."""
    card = build_card(SYBIL, fate2)
    lines = {f.label: f.value for f in card.lines}
    assert lines["Great (+3)"] == "Knife"
    assert lines["Aspects"] == "Herbalist 1 · Gypsy 2 · Guild Thief 1 · Hunted 1"
    assert lines["Fate Points"] == "2"
    assert [(t.label, t.boxes, t.checked) for t in card.tracks] == [
        ("Clipped", 3, ()), ("Hurt", 3, ()), ("Injured", 2, (True,)),
    ]  # fmt: skip
    assert render_cards([card], io.BytesIO()) == 1


def test_cli_prints_a_fate2_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``fatesmith sheet FILE -o OUT.pdf`` prints a FATE 2.0 character on its own sheet."""
    source = tmp_path / "sybil.fatesmith.json"
    write_character_file(source, SYBIL)
    out = tmp_path / "sybil.pdf"
    assert main(["sheet", str(source), "-o", str(out)]) == 0
    assert "Skills (the pyramid)" in pdf_text(out.read_bytes())[0]
    assert main(["sheet", str(source), "-o", str(out), "--kind", "poster"]) == 2
    assert "(fate2) prints sheet, worksheet, blank" in capsys.readouterr().err


def test_cli_validate_text_shows_the_derived_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``fatesmith validate FILE`` (text) prints what ``--json`` puts under ``derived``: 2.
    Sample Creation's Sybil has 20 ranks over five phases, all spent, 3 fate points (half of five,
    rounded up, §2 Fate Points), Knife Great at the peak, the pyramid balanced after each phase
    (§2 Buying Skills); without phases the ranks are not counted, the list is empty and the
    character is not valid (its phases are still to write)."""
    source = tmp_path / "sybil.fatesmith.json"
    write_character_file(source, SYBIL)
    assert main(["validate", str(source)]) == 0
    text = capsys.readouterr().out
    assert "ranks_total 20, ranks_spent 20" in text and "fate_points 3" in text
    assert "peak 3, peak_skill Knife" in text
    assert "pyramid_ok_by_phase [true, true, true, true, true]" in text
    assert main(["validate", "--json", str(source)]) == 0
    derived = json.loads(capsys.readouterr().out)["derived"]
    assert (derived["ranks_total"], derived["peak"]) == (20, 3)
    write_character_file(source, SYBIL.model_copy(update={"phases": ()}))
    assert main(["validate", str(source)]) == EXIT_INVALID  # phases unwritten (issue 23)
    text = capsys.readouterr().out
    assert "NOT valid, 1 error(s)" in text and "none is written yet" in text
    assert "ranks_total null" in text and "pyramid_ok_by_phase []" in text
