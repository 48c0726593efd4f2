"""FATE 2.0 as a game-system plug-in: loading, the protocol, settings, data errors, the schema,
and validation that never raises on any character the model accepts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.errors import CatalogError, FatesmithError
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.plugin import PLUGIN
from rules.systems.fate2.settings import Fate2Settings, SkillDef
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import GameSystem, RegistryEntry
from rules.validation import Problem
from storage.json_io import character_file_schema
from storage.systems_catalog import load_registry, load_system, read_json, systems_root


@pytest.fixture(scope="module")
def fate2() -> Fate2System:
    system = load_system(RegistryEntry(id="fate2", package="fate2"))
    assert isinstance(system, Fate2System)
    return system


def test_loads_through_the_plugin_loader(fate2: Fate2System) -> None:
    """The loader finds ``rules.systems.fate2.plugin.PLUGIN`` and builds the system."""
    system: GameSystem = fate2
    assert system.id == "fate2" and system.info.package == "fate2"
    assert system.character_type is Fate2Character
    assert system.settings_type is Fate2Settings
    assert system.payload_version == 1 and system.data_kinds == ()
    assert system.conflict_rules() is not None  # tests/rules/test_fate2_conflict.py
    assert system.with_data({}) is system
    assert [s.key for s in system.creation_steps][:2] == ["concept", "phases"]
    with pytest.raises(FatesmithError):
        system.upgrade_payload({}, 0)


def test_ladder_is_the_books(fate2: Fate2System) -> None:
    """§1 The Ladder: Legendary +6 down to Abysmal -4, Average 0; untrained skills Mediocre."""
    ladder = fate2.ladder
    assert [(r.value, r.adjective) for r in ladder.rungs] == [
        (6, "Legendary"), (5, "Epic"), (4, "Superb"), (3, "Great"), (2, "Good"), (1, "Fair"),
        (0, "Average"), (-1, "Mediocre"), (-2, "Poor"), (-3, "Terrible"), (-4, "Abysmal"),
    ]  # fmt: skip
    assert fate2.info.default_skill == -1


def test_default_settings_carry_the_sample_list(fate2: Fate2System) -> None:
    """§10 A Sample List: 55 skills, the GM's starting point; five phases of four ranks."""
    defaults = fate2.default_settings()
    assert defaults.phases == 5 and defaults.ranks_per_phase == 4
    names = fate2.skill_names()
    assert len(names) == 55 and "Pyromancy" in names and "Area Knowledge (The Court)" in names
    assert fate2.parse_settings({}) == defaults
    assert fate2.parse_settings(None) == defaults
    assert {s.category for s in defaults.skills or ()} == {c.name for c in fate2.catalog.categories}


def test_gm_edits_the_skill_list(fate2: Fate2System) -> None:
    """§10 Putting Together the Skill List: add, rename and remove skills; a difficult skill
    carries its lower default (§7 Difficult Skills)."""
    base = fate2.default_settings()
    skills = [s for s in base.skills or () if s.name != "Pyromancy"]
    skills = [s.model_copy(update={"name": "Bows"}) if s.name == "Pirate" else s for s in skills]
    skills.append(SkillDef(name="Wolf Mobility", category="Magical", default=-2))
    edited = base.with_skill_list(tuple(skills))
    stored = json.loads(edited.model_dump_json())
    again = fate2.parse_settings(stored)
    assert again == edited
    names = fate2.skill_names(again)
    assert "Bows" in names and "Pirate" not in names and "Pyromancy" not in names
    assert (
        fate2.resolve(again.model_copy(update={"difficult_skills": True})).default_of(
            "wolf mobility"
        )
        == -2
    )
    with pytest.raises(ValidationError, match="twice"):
        base.with_skill_list((SkillDef(name="Spot"), SkillDef(name="spot ")))


def test_listing_headline_is_the_peak_skill(fate2: Fate2System) -> None:
    """The library's headline: the highest skill on the FATE 2.0 ladder."""
    c = Fate2Character(name="Sybil", skills={"Knife": 3, "Hide": 2}, goal="Master Thief")
    facts = fate2.listing(c)
    assert facts.headline == "Knife Great (+3)" and facts.headline_rank == 3
    assert ("aspect", "Master Thief") in facts.search_entries  # searched as an aspect
    assert ("skill", "Hide") in facts.search_entries
    assert fate2.listing(Fate2Character()).headline == ""


def test_bad_data_file_names_file_and_field() -> None:
    """Data errors name the file inside fate2/ and the field."""
    folder = systems_root().joinpath("fate2")
    files: dict[str, Any] = {name: read_json(folder, name) for name in PLUGIN.data_files}
    info = load_system(RegistryEntry(id="fate2", package="fate2")).info
    broken = json.loads(json.dumps(files["shorthand.json"]))
    broken["rows"][3]["counts"] = [4, 3, 3]
    with pytest.raises(CatalogError) as caught:
        PLUGIN.build(info, {**files, "shorthand.json": broken})
    assert caught.value.file == "fate2/shorthand.json"
    assert "costs 19 ranks, not 16" in caught.value.message
    with pytest.raises(CatalogError) as caught:
        PLUGIN.build(info, {"shorthand.json": files["shorthand.json"]})
    assert caught.value.file == "fate2/skills.json"


def test_character_schema_is_documented_and_unique() -> None:
    """The character file's JSON Schema documents every field; model names cannot clash with
    another system's in the shared ``$defs``."""
    schema = Fate2Character.model_json_schema()
    for name in ("skills", "aspects", "phases", "extras", "goal", "free_aspects"):
        assert schema["properties"][name].get("description"), name
    assert set(schema["$defs"]) == {"Fate2Aspect", "Fate2Extra", "Fate2Phase"}
    assert schema["properties"]["system"]["const"] == "fate2"


def test_file_round_trip() -> None:
    """A character survives JSON: skills at Mediocre included."""
    c = Fate2Character(name="X", skills={"Knife": 1, "Cooking": -1})
    assert Fate2Character.model_validate_json(c.model_dump_json()) == c
    assert c.skill("knife") == 1 and c.skill("Swimming") == -1  # untrained: Mediocre (§2)


# -- never raises ----------------------------------------------------------------------------

NAMES = ["Knife", "knife ", "Hide", "Bluff", "Mobility", "", " ", "Cloak", "Goons", "Gypsy"]
name = st.sampled_from(NAMES)
text = st.text(max_size=12)
small = st.integers(-6, 9)
phase_doc = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from(["normal", "absent", "potential", "destiny", "arc"]),
        "plot": st.booleans(),
        "aspects": st.lists(name, max_size=3),
        "ranks": st.dictionaries(name, small, max_size=5),
        "extras": st.dictionaries(name, small, max_size=2),
        "renames": st.dictionaries(name, name, max_size=2),
    },
)
document = st.fixed_dictionaries(
    {},
    optional={
        "name": text,
        "skills": st.dictionaries(name, st.integers(-8, 12) | st.just(100), max_size=8),
        "aspects": st.lists(
            st.fixed_dictionaries(
                {"name": name},
                optional={"level": st.integers(1, 6), "checked": st.integers(0, 8)},
            ),
            max_size=4,
        ),
        "goal": text,
        "phases": st.lists(phase_doc, max_size=7),
        "free_aspects": st.lists(name, max_size=3),
        "extras": st.lists(
            st.fixed_dictionaries(
                {"name": name},
                optional={
                    "kind": st.sampled_from(
                        ["intrinsic", "item", "servant", "minions", "contact", "resource"]
                    ),
                    "ranks": st.integers(0, 8),
                    "aspects": st.lists(text, max_size=3),
                    "controlling_aspect": name,
                    "in_pyramid": st.none() | st.booleans(),
                },
            ),
            max_size=3,
        ),
        "skill_defaults": st.dictionaries(name, st.integers(-9, 3), max_size=3),
        "fate_points": st.none() | st.integers(0, 9),
    },
)
campaigns = st.builds(
    Fate2Settings,
    phases=st.integers(1, 8),
    ranks_per_phase=st.integers(0, 6),
    skill_shape=st.sampled_from(["pyramid", "column"]),
    aspect_cap=st.none() | st.integers(1, 4),
    cap_rules=st.sampled_from([(), ("half-of-levels",), ("not-above-peak-skill",)]),
    plot_aspects=st.booleans(),
    free_aspects=st.integers(0, 2),
    potential=st.booleans(),
    granted_potential=st.integers(0, 2),
    destiny=st.booleans(),
    difficult_skills=st.booleans(),
    extras=st.booleans(),
    extras_in_pyramid=st.booleans(),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document, campaigns)
def test_validation_never_raises(fate2: Fate2System, doc: dict[str, Any], s: Fate2Settings) -> None:
    """Any character the schema admits, however half-made, is reported on, not raised on."""
    character = Fate2Character.model_validate(doc)
    problems = fate2.validate(character, s)
    assert all(isinstance(p, Problem) and p.message and p.path and p.section for p in problems)
    assert all(p.code.startswith("FATE2-") for p in problems)
    derived = fate2.derive(character, s)
    assert len(derived.pyramid_ok_by_phase) == len(character.phases)
    assert (derived.ranks_total is None) == (not character.phases)
    fate2.listing(character, s)


def test_registration_line_is_all_that_is_missing(tmp_path: Path) -> None:
    """With ``{"id": "fate2", "package": "fate2"}`` in systems.json (the lead's step), the
    registry serves FATE 2.0 beside SotC and the character-file schema has no clashing models."""
    root = tmp_path / "systems"
    shutil.copytree(Path(str(systems_root())), root)
    index = json.loads((root / "systems.json").read_text(encoding="utf-8"))
    index["systems"] = [
        {"id": "fate2", "package": "fate2"} if e["id"] == "fate2" else e for e in index["systems"]
    ]
    (root / "systems.json").write_text(json.dumps(index), encoding="utf-8")
    registry = load_registry(root)
    assert registry.is_implemented("fate2") and registry.is_implemented("sotc")
    schema = character_file_schema(registry)
    titles = [b["title"] for b in schema["oneOf"]]
    assert "FATE 2.0 (Fantastic Adventures) character" in titles
    assert {"Fate2Phase", "Phase"} <= set(schema["$defs"])
    sybil = registry.get("fate2").new_character("Sybil")
    assert registry.get("fate2").validate(sybil)
