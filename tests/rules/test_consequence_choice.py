"""``take_consequence`` with a ``severity`` (rules/conflict/harm.py): by default the slots fill
in order, so only the next one may be named (SotC "Consequences": mild, then moderate, then
severe); a system lists more free slots through ``ConflictRules.free_consequences``."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import Encounter
from rules.errors import RuleViolation
from tests.rules.test_encounter_fake_system import LevelsRules


def test_by_default_only_the_next_slot_may_be_named() -> None:
    cr = LevelsRules()
    ada = cr.npc_participant(pid="ada", name="Ada", skills={"Sword": 2}, side="a")
    state = Encounter(name="Alley", system="fake", participants=(ada,))
    assert cr.free_consequences(ada, "physical") == ("mild",)
    with pytest.raises(RuleViolation, match="no free severe consequence"):
        conflict.take_consequence(cr, state, who="ada", text="Cut", severity="severe")
    state, entry = conflict.take_consequence(cr, state, who="ada", text="Cut", severity="mild")
    assert "mild consequence" in entry.text
