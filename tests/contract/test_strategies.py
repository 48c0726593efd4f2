"""The contract's generic strategies on a model shaped unlike SotC's: FATE 2.0's character keeps
a phase history (a list of phases, each with dicts of ranks, extras and renames), aspects and
extras as lists of models (FATE 2.0 §2 Character Creation, §5 Extras, §6).

FATE 2.0 is not registered yet (its registration line has no package), so it is built here
straight from its plug-in; once it registers, tests/test_system_contract.py runs it through the
whole contract. These tests show that the strategies reach its nested fields and that its rules
stand up to what they draw.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.systems.registry import GameSystem, RegistryEntry
from rules.validation import Problem
from storage.systems_catalog import load_system
from tests.contract.strategies import (
    EXAMPLES,
    characters,
    field_paths,
    settings_of,
    unreached_fields,
)


@pytest.fixture(scope="module")
def fate2() -> GameSystem:
    """FATE 2.0, loaded from its registration entry as it will be registered."""
    return load_system(RegistryEntry(id="fate2", package="fate2"))


def test_nested_lists_and_dicts_of_models_are_in_the_field_paths(fate2: GameSystem) -> None:
    """The paths the draws must reach go inside the phase history and the extras."""
    paths = field_paths(fate2.character_type)
    assert {"phases", "phases.ranks", "phases.extras", "phases.renames", "phases.kind"} <= paths
    assert {"aspects.level", "aspects.checked", "extras.aspects", "extras.in_pyramid"} <= paths
    assert {"skills", "skill_defaults", "fate_points"} <= paths


def test_the_draws_reach_every_field_of_a_phase_history(fate2: GameSystem) -> None:
    assert unreached_fields(fate2) == set()
    assert unreached_fields(fate2, "settings") == set()


@EXAMPLES
@given(data=st.data())
def test_fate2_validation_and_derivation_never_raise(
    fate2: GameSystem, data: st.DataObject
) -> None:
    """The contract's first part, on what the strategies draw for FATE 2.0."""
    character = data.draw(characters(fate2))
    campaign = data.draw(settings_of(fate2))
    problems = fate2.validate(character, campaign)
    assert all(isinstance(p, Problem) and p.message and p.path and p.section for p in problems)
    fate2.derive(character, campaign)
    fate2.listing(character, campaign)
