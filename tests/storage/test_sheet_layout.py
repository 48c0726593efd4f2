"""Tests for the pure layout step of PDF export (storage.pdf.sheet_layout, the SotC plug-in's
layouts in storage.systems.sotc, reached through storage.system_sheets).

The order and labels checked here are the SotC Character Sheet and Character Story Worksheet
(SotC "Character Sheet" / "Character Worksheet"; digest shared/rules/sotc.md section 12).
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from rules.character import CharacterBase, Condition, Consequence
from rules.systems.sotc.character import (
    PHASE_LABELS,
    Gadget,
    GadgetImprovement,
    NovelRef,
    Phase,
    SotcCharacter,
    StuntPick,
)
from storage.json_io import read_character_file
from storage.pdf.sheet_layout import (
    AspectsBlock,
    ConsequencesBlock,
    FieldsBlock,
    GadgetsBlock,
    HeaderBlock,
    SheetLayout,
    SkillsBlock,
    StuntsBlock,
    TracksBlock,
    minion_card,
)
from storage.system_sheets import blank_layouts, build_card, build_sheet

CHARACTERS = Path(__file__).resolve().parents[1] / "data" / "characters"
COMPLETE = CHARACTERS / "pdf-complete.fatesmith.json"
SKY_HOBO = CHARACTERS / "pdf-sky-hobo.fatesmith.json"


def load(path: Path, registry: Any) -> SotcCharacter:
    """Read a fixture character file."""
    character = read_character_file(path, registry)
    assert isinstance(character, SotcCharacter)
    return character


def filler(tag: str, length: int) -> str:
    """Text of exactly ``length`` characters starting with a unique ``tag``."""
    words = f"{tag} " + " ".join(f"{tag.lower()}w{i}" for i in range(length))
    return words[:length].rstrip() + "x" * (length - len(words[:length].rstrip()))


def longest_character() -> SotcCharacter:
    """A SotC character with every printed field near its model maximum."""
    skills = {f"Skill{i:02d}-" + "k" * 40: 1 + i % 5 for i in range(15)}
    phases = []
    for n in range(1, 6):
        phases.append(
            Phase(
                events=filler(f"EVENTS{n}", 2000),
                aspects=(filler(f"ASPECT{n}A", 200), filler(f"ASPECT{n}B", 200)),
                mentor=filler("MENTOR", 200) if n == 2 else "",
                mentor_fate=filler("MENTORFATE", 1000) if n == 2 else "",
                novel_title=filler("NOVELTITLE", 200) if n == 3 else "",
                guest_stars=(filler("GUESTA", 200), filler("GUESTB", 200)) if n == 3 else (),
                guest_star_in=(
                    NovelRef(title=filler(f"GUESTIN{n}", 200), author=filler(f"AUTHOR{n}", 200))
                    if n >= 4
                    else None
                ),
            )
        )
    stunts = tuple(
        StuntPick(
            name=filler(f"STUNT{i:02d}", 120),
            skill="Mysteries",
            custom=True,
            description=filler(f"STUNTTEXT{i:02d}", 2000),
            detail=filler(f"DETAIL{i:02d}", 200),
        )
        for i in range(8)
    )
    gadgets = (
        Gadget(
            name=filler("GADGET", 200),
            base=filler("BASE", 200),
            description=filler("GADGETTEXT", 2000),
            improvements=tuple(
                GadgetImprovement(name=filler(f"IMP{i}", 100), detail=filler(f"IMPD{i}", 400))
                for i in range(6)
            ),
        ),
    )
    return SotcCharacter(
        id=uuid.UUID("5c0e7a1e-0000-4000-8000-0000000000ff"),
        name=filler("NAME", 200),
        player=filler("PLAYER", 200),
        concept=filler("CONCEPT", 200),
        skills=skills,
        phases=tuple(phases),
        stunts=stunts,
        gadgets=gadgets,
        fate_points=999,
        condition=Condition(
            consequences=tuple(
                Consequence(severity=sev, text=filler(f"CONSEQ{i}", 200))  # type: ignore[arg-type]
                for i, sev in enumerate(("mild", "moderate", "severe", "extra"))
            )
        ),
        notes=filler("NOTES", 3000),
    )


def kinds(layout: SheetLayout) -> list[str]:
    """The block kinds of a layout, in order."""
    return [b.kind for b in layout.blocks]


def test_sheet_blocks_follow_the_book_order_sotc_character_sheet(registry: Any, sotc: Any) -> None:
    """SotC "Character Sheet": header, skills, aspects, stunts, Health/Composure, consequences."""
    layout = build_sheet(load(COMPLETE, registry), sotc)
    assert kinds(layout) == [
        "header", "skills", "aspects", "stunts", "tracks", "consequences", "gadgets", "fields"
    ]  # fmt: skip
    assert [b.area for b in layout.blocks][:6] == ["top", "top", "main", "main", "side", "side"]
    header = layout.blocks[0]
    assert isinstance(header, HeaderBlock)
    labels = [[f.label for f in row] for row in header.rows]
    assert labels == [["Name", "Refresh Rate"], ["Player", "Fate Points"]]
    assert header.rows[0][0].value == "Irène Vasquez-Okonkwo"
    assert header.rows[0][1].value == "10"  # refresh = ten aspects (SotC "Fate Points")
    assert header.rows[1][1].value == "8"  # recorded fate points
    assert layout.author == "Zoë Ångström"
    assert "Irène" in layout.doc_title


def test_skill_rows_are_labelled_superb_to_average_sotc_skills(registry: Any, sotc: Any) -> None:
    """SotC sheet rung labels, with 1/2/3/4/5 slots (SotC "Skills": the pyramid)."""
    layout = build_sheet(load(SKY_HOBO, registry), sotc)
    skills = layout.blocks[1]
    assert isinstance(skills, SkillsBlock)
    assert [r.label for r in skills.rows] == [
        "Superb (+5)", "Great (+4)", "Good (+3)", "Fair (+2)", "Average (+1)"
    ]  # fmt: skip
    assert [r.slots for r in skills.rows] == [1, 2, 3, 4, 5]
    assert skills.rows[0].entries == ("Rapport",)
    assert skills.rows[1].entries == ("Endurance", "Stealth")


def test_skills_above_superb_and_extra_rung_entries_get_rows(sotc: Any) -> None:
    """After advancement a skill may pass Superb or a rung may hold more; nothing is dropped."""
    character = SotcCharacter(name="X", skills={"Might": 6, "Guns": 5, "Fists": 5, "Art": -1})
    rows = build_sheet(character, sotc).blocks[1].rows  # type: ignore[union-attr]
    assert [(r.value, r.entries, r.slots) for r in rows] == [
        (6, ("Might",), 1), (5, ("Fists", "Guns"), 2), (4, (), 2), (3, (), 3), (2, (), 4),
        (1, (), 5), (-1, ("Art",), 1),
    ]  # fmt: skip
    assert rows[0].label == "Fantastic (+6)"


def test_tracks_have_exactly_the_derived_boxes_sotc_endurance_resolve(
    registry: Any, sotc: Any
) -> None:
    """Health 5 + Endurance band, Composure 5 + Resolve band (Sky Hobo: 7 and 6, as the book)."""
    hobo = load(SKY_HOBO, registry)
    tracks = build_sheet(hobo, sotc).blocks[4]
    assert isinstance(tracks, TracksBlock)
    assert [(t.label, t.boxes) for t in tracks.tracks] == [("Health", 7), ("Composure", 6)]
    derived = sotc.derive(hobo)
    assert tracks.tracks[0].boxes == derived.health_boxes
    irene = build_sheet(load(COMPLETE, registry), sotc).blocks[4]
    assert isinstance(irene, TracksBlock)
    assert irene.tracks[0].checked[:3] == (True, True, False)


def test_stunts_carry_catalogue_summaries_or_custom_descriptions(registry: Any, sotc: Any) -> None:
    """Catalogue stunts print their one-line summary; custom stunts their own description."""
    stunts = build_sheet(load(SKY_HOBO, registry), sotc).blocks[3]
    assert isinstance(stunts, StuntsBlock)
    by_name = {e.name: e for e in stunts.entries}
    assert [e.name for e in stunts.entries] == [
        "Jury-Rig", "Mighty Leap", "Danger Sense", "Clever Disguise", "Personal Gadget"
    ]  # fmt: skip
    assert by_name["Mighty Leap"].text == sotc.catalog.stunt("Mighty Leap").summary
    assert by_name["Mighty Leap"].skill == "Athletics"
    assert by_name["Jury-Rig"].custom
    assert by_name["Jury-Rig"].text.startswith("No penalty for poor tools")


def test_gadget_improvements_are_listed(registry: Any, sotc: Any) -> None:
    """The Hobo Harpoon with its three improvements (SotC sample sheet, "Personal Gadgets")."""
    gadgets = build_sheet(load(SKY_HOBO, registry), sotc).blocks[6]
    assert isinstance(gadgets, GadgetsBlock)
    (harpoon,) = gadgets.entries
    assert harpoon.name == "The Hobo Harpoon"
    assert [i.label for i in harpoon.improvements] == [
        "Additional Capability", "Upgrade", "Craftsmanship"
    ]  # fmt: skip


def test_consequence_slots_fill_mild_moderate_severe_sotc_consequences(sotc: Any) -> None:
    """Slots in order mild, moderate, severe; Feel the Burn adds a physical-only moderate."""
    plain = build_sheet(SotcCharacter(name="A"), sotc).blocks[5]
    assert isinstance(plain, ConsequencesBlock)
    assert [s.label for s in plain.slots] == ["Mild", "Moderate", "Severe"]
    held = SotcCharacter(
        name="B",
        skills={"Endurance": 3},
        stunts=(StuntPick(name="Feel the Burn", skill="Endurance"),),
        condition=Condition(consequences=(Consequence(severity="moderate", text="Cracked rib"),)),
    )
    slots = build_sheet(held, sotc).blocks[5].slots  # type: ignore[union-attr]
    assert [(s.label, s.text) for s in slots] == [
        ("Mild", ""), ("Moderate", "Cracked rib"), ("Moderate", ""), ("Severe", "")
    ]  # fmt: skip
    assert slots[2].note == "extra slot, physical only"


def test_more_consequences_than_slots_print_on_extra_rows_sotc_consequences(sotc: Any) -> None:
    """Three mild consequences (a hand-edited file): the first fills the Mild slot, the others
    print on rows of their own after the slots, none in a Moderate or Severe slot (found by
    tests/test_system_contract.py; it used to raise IndexError)."""
    held = SotcCharacter(
        name="C",
        condition=Condition(
            consequences=tuple(Consequence(severity="mild", text=t) for t in ("A", "B", "C"))
        ),
    )
    slots = build_sheet(held, sotc).blocks[5].slots  # type: ignore[union-attr]
    assert [(s.label, s.text) for s in slots] == [
        ("Mild", "A"), ("Moderate", ""), ("Severe", ""), ("Mild", "B"), ("Mild", "C")
    ]  # fmt: skip


def test_worksheet_has_the_five_phases_with_book_prompts_sotc_worksheet(
    registry: Any, sotc: Any
) -> None:
    """Character Story Worksheet: phase labels and each phase's prompts in the book's order."""
    layout = build_sheet(load(COMPLETE, registry), sotc, "worksheet")
    assert layout.kind == "worksheet"
    phases = [b for b in layout.blocks if isinstance(b, FieldsBlock)]
    assert [p.title for p in phases] == list(PHASE_LABELS)
    prompts = [[f.label for f in p.fields] for p in phases]
    assert prompts[0] == ["Events", "First Aspect", "Second Aspect"]
    assert prompts[1] == [
        "Who inspired you to greatness?", "What became of them?", "Events", "First Aspect",
        "Second Aspect",
    ]  # fmt: skip
    assert prompts[2] == [
        "Title of your Novel", "Guest Stars in your novel", "Events", "First Aspect",
        "Second Aspect",
    ]  # fmt: skip
    assert prompts[3] == prompts[4] == [
        "Guest starring in …", "Events", "First Aspect", "Second Aspect"
    ]  # fmt: skip
    assert phases[1].fields[0].value == "Professor Ἀλέξανδρος Papadakis"
    assert phases[3].fields[0].value == "The Ziggurat Engine (Dr. Kasimir Rook)"


def test_blank_sotc_is_sheet_and_worksheet_with_ten_boxes(registry: Any) -> None:
    """The blank SotC sheet prints 10 boxes per track and empty pyramid slots (SotC sheet)."""
    sheet, worksheet = blank_layouts(registry.info("sotc"))
    assert (sheet.kind, worksheet.kind) == ("sheet", "worksheet")
    tracks = next(b for b in sheet.blocks if isinstance(b, TracksBlock))
    assert [(t.label, t.boxes) for t in tracks.tracks] == [("Health", 10), ("Composure", 10)]
    skills = next(b for b in sheet.blocks if isinstance(b, SkillsBlock))
    assert [(r.slots, r.entries) for r in skills.rows] == [(n, ()) for n in (1, 2, 3, 4, 5)]
    aspects = next(b for b in sheet.blocks if isinstance(b, AspectsBlock))
    assert sum(len(g.aspects) for g in aspects.groups) == 10


@pytest.mark.parametrize("system_id", ["ladder-only"])
def test_blank_generic_sheet_uses_the_system_ladder(
    ladder_only_registry: Any, system_id: str
) -> None:
    """Systems without sheets of their own get a clean titled blank sheet of their ladder."""
    info = ladder_only_registry.info(system_id)
    (layout,) = blank_layouts(info)
    assert layout.heading == "Character Sheet"
    assert layout.system_name == info.name
    assert layout.doc_title == f"{info.name}: blank character sheet"
    printed = layout.model_dump_json()
    assert "yet" not in printed and "implement" not in printed  # nothing about Fatesmith
    skills = next(b for b in layout.blocks if isinstance(b, SkillsBlock))
    expected = [
        info.ladder.render(r.value) for r in info.ladder.rungs if r.value > info.default_skill
    ]
    assert [r.label for r in skills.rows] == expected


def test_only_sotc_characters_have_sheets(sotc: Any) -> None:
    """A character of another system is refused, instead of printing junk on a SotC sheet."""
    with pytest.raises(ValueError, match="cannot be printed"):
        build_sheet(CharacterBase(system="fate2", name="Z"), sotc)


def test_card_lists_skills_aspects_stunts_and_tracks(registry: Any, sotc: Any) -> None:
    """NPC card content, and a minion group's card with one box row per minion (SotC Minions)."""
    card = build_card(load(SKY_HOBO, registry), sotc)
    assert card.title == "Diego MacKinnon"
    assert card.lines[0].label == "Superb (+5)" and card.lines[0].value == "Rapport"
    assert [t.boxes for t in card.tracks] == [7, 6]
    assert any(line.label == "Stunts" and "Mighty Leap" in line.value for line in card.lines)
    minions = minion_card("Thugs", "Fair", 4, 2)
    assert [t.boxes for t in minions.tracks] == [2, 2, 2, 2]


def test_longest_character_layout_keeps_every_field(sotc: Any) -> None:
    """Nothing is truncated in the layout step: every long field reaches the layout intact."""
    character = longest_character()
    dumped = (
        build_sheet(character, sotc).model_dump_json()
        + build_sheet(character, sotc, "worksheet").model_dump_json()
    )
    for phase in character.phases:
        assert phase.events in dumped
        for aspect in phase.aspects:
            assert aspect in dumped
    for stunt in character.stunts:
        assert stunt.description in dumped and stunt.detail in dumped


def test_sky_hobo_sheet_snapshot(registry: Any, sotc: Any, snapshot: Any) -> None:
    """The whole layout of the book's sample character, as data (SotC sample sheet)."""
    hobo = load(SKY_HOBO, registry)
    assert build_sheet(hobo, sotc).model_dump(mode="json") == snapshot
    assert build_sheet(hobo, sotc, "worksheet").model_dump(mode="json") == snapshot
