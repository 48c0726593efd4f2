"""The ART Engine's printed sheets (storage/systems/art/), read back with pypdf.

The book prints no character sheet (ART Engine, Chapter 2 "Creating an Adventurer"; digest
shared/rules/art-engine.md section 13, A2): the sheet carries Chapter 2's fields in its order,
and the numbers the rules derive (Health boxes by level from Stamina, "Health"; Defense,
"Armor & Defense"; weapon Attack, "Weapon Attack").
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from rules.systems.art.character import (
    Armor,
    ArtCharacter,
    GearItem,
    PerkTake,
    Shield,
    Treasure,
    Trophy,
    Weapon,
)
from storage.pdf.render import render, render_blank
from storage.pdf.sheet_layout import StuntsBlock, TracksBlock
from storage.system_sheets import (
    blank_layouts,
    build_card,
    build_sheet,
    find_sheet_plugin,
    sheet_kinds,
)
from storage.systems_catalog import default_registry
from tests.rules.test_art_support import BALANCED

GOALS = "Find the lost expedition of her grandfather and bring its maps home."


def adventurer(**changes: Any) -> ArtCharacter:
    """A finished adventurer with gear of every kind (balanced method, all attributes 7)."""
    data: dict[str, Any] = {
        "name": "Ada Quill",
        "player": "Sam",
        "goals": GOALS,
        "stage": "play",
        "attribute_method": "balanced",
        "attributes": {**BALANCED, "AGI": 9, "STA": 6},
        "attribute_inspiration": {"AGI": 2},
        "skills": {"Climb": 3, "Swordplay": 2, "Navigation": 1},
        "skill_inspiration": {"Climb": 1},
        "health_checked": (False, True, False, False),
        "fame": 3,
        "fame_spent": 1,
        "glory": 12,
        "fortune": "Middle Class",
        "experience": 4,
        "perks": (PerkTake(name="Breakfall", rank=2), PerkTake(name="Riposte")),
        "armor": Armor(name="chain shirt", cost="Getting By"),
        "shield": Shield(name="buckler", cost="Struggling"),
        "weapons": (
            Weapon(name="sabre", weapon_class="Blade", cost="Getting By"),
            Weapon(name="hunting bow", weapon_class="Bow", cost="Struggling", slot="at_hand"),
        ),
        "gear": (GearItem(name="climbing kit", slot="stowed"), GearItem(name="grenades",
                                                                        grenades=4)),
        "treasures": (Treasure(name="jade idol", value="Comfortable"),),
        "trophies": (Trophy(name="the Warden's key", cost="Getting By",
                            ability="Opens any lock in the drowned city."),),
    }  # fmt: skip
    data.update(changes)
    return ArtCharacter.model_validate(data)


def pdf_pages(layouts: Any) -> list[str]:
    buf = io.BytesIO()
    render(layouts, buf, invariant=True)
    return [page.extract_text() for page in PdfReader(io.BytesIO(buf.getvalue())).pages]


@pytest.fixture(scope="module")
def art(registry: Any) -> Any:
    return registry.get("art")


def test_art_plugin_is_found_from_its_registered_package(art: Any) -> None:
    assert find_sheet_plugin(art.info) is not None
    assert [k.key for k in sheet_kinds(art.info)] == ["sheet", "blank"]


def test_health_boxes_carry_their_wound_levels_and_checks(art: Any) -> None:
    """Stamina 6 gives IN IN PR PS ("Health" table; A8), the second box checked."""
    sheet = build_sheet(adventurer(), art)
    health = next(b for b in sheet.blocks if isinstance(b, TracksBlock))
    assert health.title == "Health"
    (track,) = health.tracks
    assert track.label == "1 IN · 2 IN · 3 PR · 4 PS"
    assert track.boxes == 4 and track.checked == (False, True, False, False)


def test_sheet_is_one_page_with_every_field(art: Any) -> None:
    pages = pdf_pages([build_sheet(adventurer(), art)])
    assert len(pages) == 1
    text = " ".join(" ".join(pages).split())
    for expected in (
        "Ada Quill", "Sam", "Middle Class", "3 (2 left)", "12 / 30", "Agility 9 (2 ip)",
        "Climb (1 ip)", "Swordplay", "+3", "1 IN · 2 IN · 3 PR · 4 PS",
        "Breakfall", "rank 2", "Riposte", "chain shirt", "buckler", "sabre", "hunting bow",
        "Attack", "climbing kit", "4 grenade(s)", "jade idol", "Comfortable", "the Warden's key",
        "Opens any lock", "Find the lost expedition",
    ):  # fmt: skip
        assert expected in text, expected


def test_defense_and_attack_are_the_derived_numbers(art: Any) -> None:
    """Defense = Agility + the armor's modifier ("Armor & Defense"); the sheet prints what
    ``derive`` gives, the shield's bonus beside it."""
    derived = art.derive(adventurer())
    text = " ".join(" ".join(pdf_pages([build_sheet(adventurer(), art)])).split())
    assert f"{derived.defense}; with shield {derived.defense_with_shield}" in text
    for line in derived.weapons:
        assert line.attack is not None
        assert f"Attack {line.attack} ·" in text


def test_custom_perks_are_marked(art: Any) -> None:
    sheet = build_sheet(adventurer(perks=(PerkTake(name="Sea Legs", xp=3),)), art)
    perks = next(b for b in sheet.blocks if isinstance(b, StuntsBlock))
    assert perks.entries[0].custom and perks.entries[0].detail == "3 XP"


def test_long_goals_and_notes_flow_onto_more_pages(art: Any) -> None:
    long = " ".join(f"Sentence {i} of a very long history of the expedition." for i in range(300))
    pages = pdf_pages([build_sheet(adventurer(goals=long, notes=long), art)])
    assert len(pages) >= 3
    text = " ".join(" ".join(pages).split())
    assert "Sentence 299 of a very long history" in text  # nothing is cut off
    assert text.count("Sentence 299 of") == 2


def test_a_half_made_adventurer_prints(art: Any) -> None:
    pages = pdf_pages([build_sheet(ArtCharacter(name="Nobody yet"), art)])
    assert len(pages) == 1 and "Nobody yet" in pages[0]


def test_blank_sheet_is_one_page_with_the_prompts(art: Any) -> None:
    buf = io.BytesIO()
    assert render_blank(["art"], art_registry(art), buf, invariant=True) == 1
    text = " ".join(PdfReader(io.BytesIO(buf.getvalue())).pages[0].extract_text().split())
    for expected in (
        "Character Sheet",
        "FAME",
        "GLORY",
        "FORTUNE",
        "Strength",
        "Perks",
        "Health",
        "HEALTH RANK",
        "Defense",
        "Treasures and trophies",
        "Goals and motivation",
        "Skill and +rating",
        "Weapons (class, cost, features, Attack, range)",
    ):
        assert expected in text, expected  # fmt: skip
    assert len(blank_layouts(art.info)) == 1


def art_registry(art: Any) -> Any:
    """The registry the CLI and the GUI print from."""
    return default_registry()


def test_card_lists_attributes_defense_and_health(art: Any) -> None:
    card = build_card(adventurer(), art)
    assert card.title == "Ada Quill"
    assert [t.label for t in card.tracks] == ["IN", "IN", "PR", "PS"]
    labels = [line.label for line in card.lines]
    assert labels[:2] == ["Attributes", "Defense"]


def test_another_systems_character_is_refused(art: Any, registry: Any) -> None:
    sotc = registry.get("sotc")
    with pytest.raises(ValueError, match="cannot be printed"):
        find_sheet_plugin(art.info).fill("sheet", sotc.new_character("x"), art)  # type: ignore[union-attr]
