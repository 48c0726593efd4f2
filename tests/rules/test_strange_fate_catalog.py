"""Strange Fate catalogue and diagram data: counts, label parsing, CatalogError reporting."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import CatalogError
from rules.systems.strange_fate.catalog import (
    CATALOG_FILES,
    StrangeFateCatalog,
    UnknownTrappingError,
    parse_catalog,
    parse_trapping_label,
)
from rules.systems.strange_fate.diagram import DIAGRAM_FILE, Diagram, parse_diagram

DATA_DIR = Path(__file__).parents[2] / "resources/systems/strange-fate"


def _raw() -> dict[str, Any]:
    return {n: json.loads((DATA_DIR / n).read_text(encoding="utf-8")) for n in CATALOG_FILES}


@pytest.fixture(scope="module")
def catalog() -> StrangeFateCatalog:
    return parse_catalog(_raw())


@pytest.fixture(scope="module")
def diagram() -> Diagram:
    return parse_diagram(json.loads((DATA_DIR / DIAGRAM_FILE).read_text(encoding="utf-8")))


def test_counts_match_the_book(catalog: StrangeFateCatalog) -> None:
    """Trapping list L1206-L1354 (41), Common skills L1053-L1105 (28), Extras table L2638-L2646
    (5), sample Unique skills L2833-L3009 (12) and Strange skills L3011-L3621 (36)."""
    assert len(catalog.trappings) == 41
    assert len(catalog.common_skills) == 28
    assert [e.name for e in catalog.extras] == ["Psychic", "Range", "Spray", "Unusual", "Zone"]
    assert sum(s.kind == "unique" for s in catalog.samples) == 12
    assert sum(s.kind == "strange" for s in catalog.samples) == 36


def test_common_skills_keep_their_trappings(catalog: StrangeFateCatalog) -> None:
    """Athletics (L1525) carries Move twice, once with Unusual: Swimming; Horsemanship's
    Treatment covers two scopes (L1573); Marksmanship's Shoot has Range (L1703)."""
    athletics = next(c for c in catalog.common_skills if c.name == "Athletics")
    assert [u.label for u in athletics.trappings] == ["Climb", "Dodge", "Leap", "Move", "Move"]
    assert athletics.trappings[-1].extras[0].note == "Swimming"
    horse = next(c for c in catalog.common_skills if c.name == "Horsemanship")
    assert horse.trappings[-1].label == "Treatment [Physical, Mental]"
    marks = next(c for c in catalog.common_skills if c.name == "Marksmanship")
    assert marks.trappings[0].extras[0].extra == "Range"


def test_sample_printed_costs(catalog: StrangeFateCatalog) -> None:
    """Printed numbers after the names: Archbishop of York (26) L3001, Grip of the Hundred-Hand
    Giant (15) L3453 with Range x3 [5 zones] (+3) L3459, Pickpocket's per-trapping prices
    Hide (2), Skulk (2), Notice (1) L2867."""
    assert catalog.sample("Archbishop of York").printed == 26
    grip = catalog.sample("Grip of the Hundred-Hand Giant")
    assert grip.printed == 15
    assert grip.trappings[0].extras[0].count == 3
    assert grip.trappings[0].printed_extras == 3
    pick = catalog.sample("Pickpocket")
    assert {u.trapping: u.printed_points for u in pick.trappings if u.printed_points} == {
        "Hide": 2,
        "Skulk": 2,
        "Notice": 1,
    }
    jupiter = catalog.sample("Jupiterian Body")
    assert jupiter.trappings[0].label == "Stress Capacity [Health]"
    assert jupiter.trappings[0].printed_as == "Stress Capacity [Physical]"  # misprint, L3109


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Environment [Urban]", "Environment [Urban]"),
        ("environment [subterranean]", "Environment [Subterranean]"),
        ("Environment [Underwater]", "Environment [Underwater]"),  # open-ended, L1996
        ("Environment", "Environment"),  # Seamanship names no type, L1753
        ("Stress Capacity [Health]", "Stress Capacity [Health]"),
        ("Stress Capacity [Mental]", "Stress Capacity [Composure]"),  # L1246 vs L2504
        ("Variable [Scene]", "Variable [Scene]"),
        ("Variable [Session]", "Variable [Session]"),
        ("Initiative [Social]", "Initiative [Social]"),
        ("Treatment [Physical, Mental]", "Treatment [Physical, Mental]"),
        ("Minions [Advanced]", "Minions [Advanced]"),
        ("Minions", "Minions"),
    ],
)
def test_labels_take_the_books_details(catalog: StrangeFateCatalog, text: str, label: str) -> None:
    """Bracketed details: scopes (L1246, L1288, L1310), environment types (L1996), Variable's
    frequency (L1350, L2582), Minions' Simple/Advanced form (L2266)."""
    assert parse_trapping_label(catalog, text).label == label


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("Stres Capacity [Health]", "Stress Capacity"),
        ("Variable", "Variable [Scene]"),
        ("Variable [Story]", "Variable [Scene]"),
        ("Initiative [Socail]", "Initiative [Social]"),
        ("Resist Damage [Physical]", None),
    ],
)
def test_bad_labels_suggest_the_closest(
    catalog: StrangeFateCatalog, text: str, suggestion: str | None
) -> None:
    with pytest.raises(UnknownTrappingError) as info:
        parse_trapping_label(catalog, text)
    if suggestion is not None:
        assert suggestion in info.value.suggestions


def test_catalog_errors_name_file_and_field() -> None:
    raw = copy.deepcopy(_raw())
    raw["samples.json"]["samples"][3]["trappings"][0]["trapping"] = "Telekinesis"
    with pytest.raises(CatalogError) as info:
        parse_catalog(raw)
    assert info.value.file == "samples.json"
    assert info.value.field == "samples[3].trappings[0].trapping"

    raw = copy.deepcopy(_raw())
    raw["extras.json"]["extras"][0]["cost"] = "one"
    with pytest.raises(CatalogError) as info:
        parse_catalog(raw)
    assert (info.value.file, info.value.field) == ("extras.json", "extras[0].cost")

    raw = copy.deepcopy(_raw())
    raw["samples.json"]["samples"][0]["drawbacks"][0]["severity"] = "major"  # Minor Complication
    raw["samples.json"]["samples"][1]["drawbacks"][0]["drawback"] = "Taxing"
    raw["samples.json"]["samples"][1]["drawbacks"][0]["severity"] = "minor"  # Taxing is Major
    with pytest.raises(CatalogError) as info:
        parse_catalog(raw)
    assert info.value.field == "samples[1].drawbacks[0].severity"


def test_diagram_errors_name_file_and_field(diagram: Diagram) -> None:
    data = diagram.model_dump(mode="json")
    data["lines"][0]["b"] = "Telekinesis"
    with pytest.raises(CatalogError) as info:
        parse_diagram(data)
    assert (info.value.file, info.value.field) == ("diagram.json", "lines[0].b")
    data = diagram.model_dump(mode="json")
    data["boxes"][0]["provenance"] = {"kind": "stated"}
    with pytest.raises(CatalogError) as info:
        parse_diagram(data)
    assert info.value.field.startswith("boxes[0].provenance")


def test_diagram_has_a_box_per_trapping(catalog: StrangeFateCatalog, diagram: Diagram) -> None:
    assert sorted(b.trapping for b in diagram.boxes) == sorted(t.name for t in catalog.trappings)


def test_stated_facts_carry_their_lines(diagram: Diagram) -> None:
    """L1380 (Oxford Professor), L1410 (strong professor), L1368/L1390 (PF to Dexterity),
    L1390 (Languages and Environment unconnected), L2582 (Shoot 2, Variable 4/2)."""
    stated = {b.trapping: b for b in diagram.boxes if b.provenance.kind == "stated"}
    assert stated["Wealth"].border == "solid" and 1380 in stated["Wealth"].provenance.lines
    assert stated["Resist Damage"].border == "dotted"
    assert stated["Stress Capacity"].border == "dotted"
    assert stated["Shoot"].border == "dotted" and stated["Shoot"].provenance.lines == (2582,)
    assert stated["Variable"].prices == {"Scene": 4, "Session": 2}
    assert stated["Minions"].prices["Simple"] == 2 and stated["Minions"].prices["Advanced"] == 4
    ends = {name for line in diagram.lines for name in (line.a, line.b)}
    assert "Languages" not in ends and "Environment" not in ends
    keys = {line.key: line for line in diagram.lines}
    assert keys[frozenset(("Networking", "Wealth"))].style == "thin"
    assert keys[frozenset(("Information", "Research"))].style == "thin"
    assert keys[frozenset(("Resist Damage", "Stress Capacity"))].provenance.kind == "stated"
    for line in diagram.lines:
        if line.provenance.kind == "inferred":
            assert line.provenance.samples
