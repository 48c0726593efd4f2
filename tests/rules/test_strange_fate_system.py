"""Strange Fate as a game-system plug-in: loading, the user-editable diagram, settings, listing,
and system.json's ladder against «The Adjective Ladder» (L408-L428)."""

from __future__ import annotations

import copy
import json

import pytest
from pydantic import ValidationError

from rules.system_data import SystemData
from rules.systems.strange_fate.diagram import parse_diagram
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.systems.strange_fate.system import DIAGRAM_KEY, StrangeFateSystem
from tests.rules.strange_fate_builders import professor, system


def test_plugin_loads_through_the_system_catalogue() -> None:
    sf = system()
    assert isinstance(sf, StrangeFateSystem)
    assert sf.id == "strange-fate"
    assert sf.character_type().system == "strange-fate"  # type: ignore[call-arg]
    assert [s.key for s in sf.creation_steps] == [
        "archetype", "questions", "skills", "aspects", "gifts", "details",
    ]  # fmt: skip


def test_ladder_matches_the_book() -> None:
    """«The Adjective Ladder» (L408-L428): Terrible (-2) to Divine (+10)."""
    book = {10: "Divine", 9: "Mythic", 8: "Legendary", 7: "Epic", 6: "Fantastic", 5: "Superb",
            4: "Great", 3: "Good", 2: "Fair", 1: "Average", 0: "Mediocre", -1: "Poor",
            -2: "Terrible"}  # fmt: skip
    rungs = {r.value: r.adjective for r in system().ladder.rungs}
    assert rungs == book


def test_data_kind_declares_the_bundled_diagram() -> None:
    kinds = system().data_kinds
    assert [k.key for k in kinds] == [DIAGRAM_KEY]
    assert kinds[0].bundled is not None
    assert parse_diagram(kinds[0].bundled) == system().book.diagram


def _corrected() -> dict[str, object]:
    """The bundled diagram with every line removed: each box then pays its border only."""
    bundled = system().data_kinds[0].bundled
    assert bundled is not None
    content = copy.deepcopy(bundled)
    content["lines"] = []
    return content


def test_a_corrected_diagram_changes_skill_costs() -> None:
    """Issue 10: corrections live in the library and every cost recomputes. The Oxford
    Professor pays 3 points of lines on the bundled diagram (L1380); with no lines they go."""
    c = professor()
    before = system().derive(c).skill_costs["Oxford Professor"]
    bound = system().with_data(
        {
            DIAGRAM_KEY: SystemData(
                system="strange-fate", key=DIAGRAM_KEY, provenance="user", content=_corrected()
            )
        }
    )
    after = bound.derive(c).skill_costs["Oxford Professor"]
    assert before == 9
    assert after == 9 - 3
    assert system().derive(c).skill_costs["Oxford Professor"] == 9  # the original is untouched


def test_a_broken_stored_diagram_keeps_the_bundled_one() -> None:
    broken = SystemData(system="strange-fate", key=DIAGRAM_KEY, content={"boxes": []})
    bound = system().with_data({DIAGRAM_KEY: broken})
    assert bound.data_problem
    assert bound.derive(professor()).skill_costs == system().derive(professor()).skill_costs
    assert system().with_data({}) is system()


def test_settings_round_trip_and_refuse_unknown_fields() -> None:
    sf = system()
    assert sf.parse_settings(None) == StrangeFateSettings()
    settings = StrangeFateSettings(era="late", tier_dice="d6-extra", common_skills=False)
    assert sf.parse_settings(json.loads(settings.model_dump_json())) == settings
    with pytest.raises(ValidationError):
        sf.parse_settings({"era": "victorian"})
    assert sf.skill_names(settings) == ()
    early = sf.skill_names(StrangeFateSettings(era="early"))
    assert "Drive" not in early and "Academics" in early
    assert len(sf.skill_names()) == 28


def test_listing_headline_and_search_entries() -> None:
    facts = system().listing(professor())
    assert facts.headline == "Extraordinary: Strength Training +3 (E)"
    assert facts.headline_rank == 103
    assert ("description", "Physical Force") in facts.search_entries  # searched as words
    assert ("stunt", "Companion") in facts.search_entries  # a Gift is a stunt
    assert ("aspect", "Knowledge Must Be Shared") in facts.search_entries
    assert facts.description == "Changed Middle Class"


def test_character_schema_documents_every_field() -> None:
    """The JSON schema of the character file holds its documented fields."""
    schema = system().character_type.model_json_schema()
    assert schema["properties"]["system"]["const"] == "strange-fate"
    for name in ("designed", "tiers", "gifts", "aspects", "answers", "invulnerabilities"):
        assert name in schema["properties"]
    assert "DesignedSkill" in schema["$defs"]


def test_conflict_rules_not_yet() -> None:
    assert system().conflict_rules() is None
