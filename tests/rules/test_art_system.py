"""The ART Engine as a game system: its plug-in, the bound Action Results Table, and a
validator that never raises on any character the model accepts."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.system_data import SystemData
from rules.systems.art.character import ArtCharacter
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.rolls import TraitRoll
from rules.systems.art.scale import Fortune, Result
from rules.systems.art.settings import ArtSettings
from rules.systems.art.system import TABLE_KEY, ArtSystem
from rules.systems.registry import RegistryEntry
from storage.systems_catalog import load_system
from tests.rules.test_art_support import balanced_adventurer, fake_row, fake_table


def _system() -> ArtSystem:
    system = load_system(RegistryEntry(id="art", package="art"))
    assert isinstance(system, ArtSystem)
    return system


def _data(content: dict[str, Any]) -> dict[str, SystemData]:
    return {TABLE_KEY: SystemData(system="art", key=TABLE_KEY, provenance="user", content=content)}


def test_plugin_loads_and_declares_the_table_as_user_data() -> None:
    system = _system()
    assert system.id == "art" and system.info.package == "art"
    assert system.ladder.top.adjective == "Extreme"
    assert [(k.key, k.bundled) for k in system.data_kinds] == [("action-results-table", None)]
    assert system.character_type is ArtCharacter
    assert system.settings_type is ArtSettings
    rules = system.conflict_rules()
    assert isinstance(rules, ArtConflictRules) and rules.table is None
    assert system.skill_names() == ()
    assert [s.key for s in system.creation_steps] == [
        "attributes",
        "health",
        "gear",
        "goals",
        "skills",
        "perks",
    ]


def test_no_table_loaded_rolls_still_work_and_say_so() -> None:
    system = _system()
    assert system.table is None
    assert "No Action Results Table is loaded" in system.table_status
    outcome = system.roll(TraitRoll(attribute=9, skills=(4, 1)), random.Random(1))
    assert outcome.needs_column and "No Action Results Table is loaded" in outcome.notice


def test_with_data_binds_a_valid_table() -> None:
    bound = _system().with_data(_data(fake_table().model_dump(mode="json")))
    assert bound.table == fake_table() and bound.table_problems == ()
    assert bound.table_status == "Action Results Table loaded."
    outcome = bound.roll(TraitRoll(attribute=14), random.Random(2))
    assert outcome.table_loaded and outcome.column is not None


def test_a_table_with_errors_is_kept_out_of_rolls() -> None:
    broken = fake_table().model_copy(update={"rows": (fake_row(14),)})
    bound = _system().with_data(_data(broken.model_dump(mode="json")))
    assert bound.table is None
    assert any(p.code == "ART-T-row-missing" for p in bound.table_problems)
    assert "has errors" in bound.table_status
    assert bound.roll(TraitRoll(attribute=5), random.Random(3)).needs_column


def test_settings_round_trip() -> None:
    system = _system()
    assert system.parse_settings(None) == system.default_settings() == ArtSettings()
    chosen = system.parse_settings({"attribute_method": "random", "shotgun_attack": 2})
    assert chosen == ArtSettings(attribute_method="random", shotgun_attack=2)


def test_derived_values_for_validate_json() -> None:
    system = _system()
    c = balanced_adventurer(health_checked=(False, True, False, False))
    derived = system.derive(c).model_dump(mode="json")
    assert derived["health"][1] == {
        "level": "PR",
        "level_name": "Poor",
        "level_index": 4,
        "checked": True,
    }
    assert (derived["fame"], derived["glory"], derived["fortune"]) == (1, 0, 5)
    facts = system.listing(balanced_adventurer(skills={"Climb": 1}))
    assert facts.headline == "Fame 1, Middle Class" and ("skill", "Climb") in facts.search_entries


def test_character_round_trips_through_json() -> None:
    c = balanced_adventurer(
        armor={"cost": "Poor"},
        weapons=[{"name": "sword", "weapon_class": "Blade", "cost": "Struggling"}],
        treasures=[{"name": "jade jaguar", "value": "Affluent"}],
        perks=[{"name": "Mimicry"}],
    )
    again = ArtCharacter.model_validate_json(c.model_dump_json())
    assert again == c
    assert again.armor is not None and again.armor.cost is Fortune.POOR


ATTRS = ["AGI", "ALE", "CHA", "CRA", "CUN", "DEX", "FAT", "INT", "STA", "STR"]
FORTUNES = ["Destitute", "Poor", "Comfortable", "Filthy Rich", 0, 12]
CLASSES = ["Blade", "Spear", "Bow", "Rifle", "Shotgun", "Machine Gun", "Handgun", "Nope", ""]
FEATURES = ["Thrown", "Thrown Only", "Entangle", "Reach", "Scope", "Silent", "Shotgun",
            "Tripod", "Autofire", "Laser"]  # fmt: skip
PERKS = ["Breakfall", "Mimicry", "Advanced Mimicry", "Healer", "Shield Use", "Made Up", ""]
small = st.integers(-3, 30)
document = st.fixed_dictionaries(
    {},
    optional={
        "name": st.text(max_size=10),
        "stage": st.sampled_from(["creation", "play"]),
        "goals": st.text(max_size=10),
        "attribute_method": st.sampled_from(["random", "balanced"]),
        "attributes": st.dictionaries(st.sampled_from(ATTRS), small, max_size=10),
        "attribute_rolls": st.lists(small, max_size=10),
        "balanced_pairs": st.dictionaries(
            st.sampled_from(ATTRS), st.tuples(st.integers(-1, 8), st.integers(-1, 8)), max_size=10
        ),
        "skills": st.dictionaries(st.sampled_from(["Climb", "Swim", ""]), small, max_size=3),
        "skill_inspiration": st.dictionaries(st.sampled_from(["Climb", "Run"]), small),
        "health_rank": st.none() | st.integers(0, 40),
        "health_checked": st.lists(st.booleans(), max_size=4),
        "fame": st.integers(0, 30),
        "fame_spent": st.integers(0, 30),
        "glory": st.integers(0, 400),
        "fortune": st.none() | st.sampled_from(FORTUNES),
        "equipping_others": st.integers(0, 15),
        "perks": st.lists(
            st.fixed_dictionaries(
                {"name": st.sampled_from(PERKS)}, optional={"rank": st.integers(0, 9)}
            ),
            max_size=4,
        ),
        "armor": st.none() | st.fixed_dictionaries({"cost": st.sampled_from(FORTUNES)}),
        "shield": st.none() | st.fixed_dictionaries({"cost": st.sampled_from(FORTUNES)}),
        "weapons": st.lists(
            st.fixed_dictionaries(
                {"weapon_class": st.sampled_from(CLASSES), "cost": st.sampled_from(FORTUNES)},
                optional={
                    "features": st.lists(st.sampled_from(FEATURES), max_size=3),
                    "small_or_hafted": st.booleans(),
                    "slot": st.sampled_from(["ready", "at_hand", "stowed"]),
                },
            ),
            max_size=4,
        ),
        "gear": st.lists(
            st.fixed_dictionaries(
                {}, optional={"grenades": st.integers(0, 30), "cost": st.sampled_from(FORTUNES)}
            ),
            max_size=12,
        ),
        "trophies": st.lists(
            st.fixed_dictionaries({"cost": st.sampled_from(FORTUNES)}), max_size=2
        ),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=document,
    method=st.sampled_from([None, "random", "balanced"]),
    shotgun=st.sampled_from([2, 4]),
)
def test_validation_and_derivation_never_raise(
    data: dict[str, Any], method: str | None, shotgun: int
) -> None:
    system = _system()
    c = ArtCharacter.model_validate(data)
    rules = system.parse_settings({"attribute_method": method, "shotgun_attack": shotgun})
    problems = system.validate(c, rules)
    assert all(p.code.startswith("ART-") and p.message and p.section for p in problems)
    derived = system.derive(c, rules)
    assert len(derived.health) in (0, 4)
    system.listing(c, rules)


def test_wounding_a_character_and_henchmen_under_settings() -> None:
    """L1422-1432 on a character: Stamina 9 gives IN/PR/PS/GD; Poor checks PR, Great later
    checks GD and PS. L988-1004: a Good henchman trait is 17-20."""
    system = _system()
    c = balanced_adventurer(attributes={**balanced_adventurer().attributes, "STA": 9})
    c, first = system.wound(c, Result.PR)
    assert first.marked == (1,) and c.health_checked == (False, True, False, False)
    c, last = system.wound(c, Result.GT)
    assert last.marked == (3, 2) and last.staggered
    assert system.henchman_trait(Result.GD) == 17
    assert system.henchman_trait(Result.GD, ArtSettings(henchman_trait="middle")) == 18
