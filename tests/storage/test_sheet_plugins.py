"""Tests for the storage-side sheet plug-ins (storage.system_sheets): what each game system
prints, how its plug-in is found, and the generic sheets of a system without one.

Issue 9, "PDF sheets per system": a system's layouts live with the system; the print dialog and
``fatesmith sheet --kind`` offer the kinds the system declares.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.sotc.character import Phase, SotcCharacter
from rules.systems.sotc.settings import SotcSettings
from storage.pdf.sheet_layout import SkillsBlock, TracksBlock
from storage.system_sheets import (
    BLANK,
    GENERIC,
    GM_KINDS,
    UnknownSheetKindError,
    blank_kind,
    blank_layouts,
    build_card,
    build_sheet,
    character_aspects,
    character_layouts,
    common_kinds,
    default_kind,
    find_sheet_plugin,
    layouts_for,
    sheet_kind,
    sheet_kinds,
    sheet_plugin,
)
from storage.systems.sotc.plugin import PLUGIN as SOTC_SHEETS
from tests.storage.test_sheet_layout import COMPLETE, SKY_HOBO, load


def test_sotc_plugin_is_found_from_its_registered_package(registry: Any) -> None:
    """storage.systems.<package>.plugin.PLUGIN, the package coming from systems.json."""
    info = registry.info("sotc")
    assert info.package == "sotc"
    assert find_sheet_plugin(info) is SOTC_SHEETS
    assert sheet_plugin(info) is SOTC_SHEETS


def test_sotc_declares_sheet_worksheet_full_and_blank(registry: Any) -> None:
    """SotC "Character Sheet" and "Character Worksheet", both, and the pair blank."""
    info = registry.info("sotc")
    kinds = sheet_kinds(info)
    assert [(k.key, k.needs_character) for k in kinds] == [
        ("sheet", True), ("worksheet", True), ("full", True), ("blank", False)
    ]  # fmt: skip
    assert default_kind(info).key == "sheet"
    assert blank_kind(info).key == "blank"


@pytest.mark.parametrize("system_id", ["ladder-only"])
def test_a_system_without_a_storage_plugin_gets_the_generic_blank_sheet(
    ladder_only_registry: Any, system_id: str
) -> None:
    """No package (ladder only): the generic plug-in, whose only kind is the blank sheet."""
    info = ladder_only_registry.info(system_id)
    assert find_sheet_plugin(info) is None
    assert sheet_plugin(info) is GENERIC
    assert sheet_kinds(info) == (BLANK,)
    (layout,) = blank_layouts(info)
    assert layout.heading == "Character Sheet" and layout.system_name == info.name
    skills = next(b for b in layout.blocks if isinstance(b, SkillsBlock))
    assert skills.rows[0].label == info.ladder.render(skills.rows[0].value)


def test_a_package_without_storage_sheets_is_generic_too(registry: Any) -> None:
    """A system with rules and GUI packages but no storage/systems/<package>/ prints generic."""
    info = registry.info("fate2").model_copy(update={"package": "no_sheets_here"})
    assert find_sheet_plugin(info) is None
    assert sheet_kinds(info) == (BLANK,)
    assert blank_layouts(info)[0].doc_title == f"{info.name}: blank character sheet"


def test_unknown_kind_is_refused_with_the_systems_kinds(
    registry: Any, sotc: Any, ladder_only_registry: Any
) -> None:
    """The error lists what the system does print."""
    with pytest.raises(UnknownSheetKindError, match="its kinds are: sheet, worksheet, full, blank"):
        sheet_kind(registry.info("sotc"), "poster")
    with pytest.raises(UnknownSheetKindError, match="its kinds are: blank"):
        blank_layouts(ladder_only_registry.info("ladder-only"), "worksheet")
    with pytest.raises(UnknownSheetKindError, match="poster"):
        layouts_for([load(SKY_HOBO, registry)], registry, "poster")


def test_a_kind_printed_from_a_character_has_no_blank(registry: Any, sotc: Any) -> None:
    """And the other way round: the plug-in refuses to fill in its blank kind."""
    with pytest.raises(ValueError, match="printed from a character"):
        blank_layouts(registry.info("sotc"), "worksheet")
    with pytest.raises(ValueError, match="printed blank"):
        SOTC_SHEETS.fill("blank", load(SKY_HOBO, registry), sotc)
    with pytest.raises(UnknownSheetKindError, match="its kinds are: sheet"):
        SOTC_SHEETS.blank("worksheet", registry.info("sotc"))


def test_layouts_for_prints_each_system_its_kind(registry: Any) -> None:
    """Default kind: the sheet; "full": sheet then worksheet; "blank": one set per system."""
    chars = [load(SKY_HOBO, registry), load(COMPLETE, registry)]
    assert [lay.heading for lay in layouts_for(chars, registry)] == ["Character Sheet"] * 2
    full = layouts_for(chars, registry, "full")
    assert [(lay.kind, lay.character_name) for lay in full] == [
        ("sheet", "Diego MacKinnon"), ("worksheet", "Diego MacKinnon"),
        ("sheet", "Irène Vasquez-Okonkwo"), ("worksheet", "Irène Vasquez-Okonkwo"),
    ]  # fmt: skip
    blanks = layouts_for(chars, registry, "blank")
    assert [(lay.kind, lay.character_name) for lay in blanks] == [("sheet", ""), ("worksheet", "")]


def test_full_is_two_parts_so_build_sheet_refuses_it(registry: Any, sotc: Any) -> None:
    hobo = load(SKY_HOBO, registry)
    assert len(character_layouts(hobo, sotc, "full")) == 2
    with pytest.raises(ValueError, match="2 parts"):
        build_sheet(hobo, sotc, "full")


def test_campaign_settings_reach_the_sheet_sotc_stress(registry: Any, sotc: Any) -> None:
    """SotC "Stress": a campaign with 3 base boxes prints two fewer Health boxes than the book."""
    hobo = load(SKY_HOBO, registry)
    book = build_sheet(hobo, sotc).blocks[4]
    short = build_sheet(hobo, sotc, "sheet", SotcSettings(stress_boxes=3)).blocks[4]
    assert isinstance(book, TracksBlock) and isinstance(short, TracksBlock)
    assert short.tracks[0].boxes == book.tracks[0].boxes - 2
    by_system = layouts_for([hobo], registry, None, {"sotc": SotcSettings(stress_boxes=3)})
    assert by_system[0].blocks[4] == short


def test_the_generic_card_lists_skills_by_rung(registry: Any, sotc: Any) -> None:
    """What every system's NPC card can say; SotC's adds aspects, stunts and tracks."""
    hobo = load(SKY_HOBO, registry)
    plain = GENERIC.card(hobo, sotc)
    assert plain.title == "Diego MacKinnon" and not plain.tracks
    assert [line.label for line in plain.lines] == [
        "Superb (+5)", "Great (+4)", "Good (+3)", "Fair (+2)", "Average (+1)"
    ]  # fmt: skip
    full = build_card(hobo, sotc)
    assert full.lines[: len(plain.lines)] == plain.lines
    assert [t.label for t in full.tracks] == ["Health", "Composure"]


def test_aspects_come_from_the_systems_listing(sotc: Any) -> None:
    hero = SotcCharacter(
        name="A", phases=(Phase(aspects=("One", "Two")), Phase(aspects=("Three",)))
    )
    assert character_aspects(hero, sotc) == hero.all_aspects() == ("One", "Two", "Three")


def test_common_kinds_of_mixed_systems(registry: Any, ladder_only_registry: Any) -> None:
    """The print dialog offers what every selected character's system prints."""
    sotc, art = registry.info("sotc"), registry.info("art")
    generic = ladder_only_registry.info("ladder-only")
    assert [k.key for k in common_kinds([sotc])] == ["sheet", "worksheet", "full", "blank"]
    assert [k.key for k in common_kinds([sotc, art])] == ["sheet", "blank"]
    assert [k.key for k in common_kinds([sotc, generic])] == ["blank"]
    assert common_kinds([]) == ()


def test_every_registered_system_declares_well_formed_kinds(registry: Any) -> None:
    """Keys unique, at least one blank kind, and none taken from the game master's aids."""
    gm = {k.key for k in GM_KINDS}
    for info in registry.infos():
        keys = [k.key for k in sheet_kinds(info)]
        assert len(keys) == len(set(keys)), info.id
        assert not gm & set(keys), info.id
        assert not blank_kind(info).needs_character
        assert blank_layouts(info), info.id


def test_no_blank_sheet_says_a_system_lacks_something(
    registry: Any, ladder_only_registry: Any
) -> None:
    """Issue 14: generic blank sheets printed "does not implement ... yet" on the handout."""
    import io

    from pypdf import PdfReader

    from storage.pdf.render import render_blank

    infos = [*registry.infos(), *ladder_only_registry.infos()]
    for info in {i.id: i for i in infos}.values():
        source = registry if info.id in {i.id for i in registry.infos()} else ladder_only_registry
        for kind in sheet_kinds(info):
            if kind.needs_character:
                continue
            out = io.BytesIO()
            render_blank([info.id], source, out, kind=kind.key)
            text = " ".join(p.extract_text() or "" for p in PdfReader(out).pages).lower()
            for phrase in ("implement", " yet", "not supported", "todo"):
                assert phrase not in text, (info.id, kind.key, phrase)
