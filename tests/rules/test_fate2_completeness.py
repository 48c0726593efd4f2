"""FATE 2.0: a character is complete only when the book's creation is done (issue 23).

§2 Character Creation: "for each phase" the player chooses the phase's aspect and spends its
ranks; a character with only a name has none of that written, and a phase that leaves ranks
unspent is not finished (§2 Buying Skills; AMB-13: "one skill level, which I've gotta spend").
Both are errors, so the character is "In progress" with each missing piece named; an error never
stops a work in progress being saved.
"""

from __future__ import annotations

import pytest

from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Phase
from rules.systems.fate2.settings import Fate2Settings, SkillDef
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import RegistryEntry
from rules.validation import Severity, has_errors
from storage.systems_catalog import load_system

ANY_LIST = Fate2Settings(skills=tuple(SkillDef(name=n) for n in "ABCDEFGHIJKLMN"))


@pytest.fixture(scope="module")
def fate2() -> Fate2System:
    system = load_system(RegistryEntry(id="fate2", package="fate2"))
    assert isinstance(system, Fate2System)
    return system


def built(phases: tuple[Fate2Phase, ...], fate2: Fate2System) -> Fate2Character:
    bare = Fate2Character(name="Test", phases=phases)
    last = fate2.resolve().replay(bare)[-1]
    aspects = tuple(Fate2Aspect(name=n, level=lv) for n, lv in last.aspects.items())
    return bare.model_copy(update={"skills": last.skills, "aspects": aspects})


def test_a_name_alone_is_not_a_finished_character(fate2: Fate2System) -> None:
    """The campaign says five phases and none is written: the phases are still to do, named."""
    c = Fate2Character(name="Only a name")
    problems = fate2.validate(c, ANY_LIST)
    assert has_errors(problems)
    todo = [p for p in problems if p.severity is Severity.ERROR and p.path == "phases"]
    assert [p.code for p in todo] == ["FATE2-phase-count"]
    assert "5 phases" in todo[0].message and "none" in todo[0].message
    assert todo[0].section.endswith("2. Character Creation: Phases")


def test_a_final_sheet_without_phases_is_still_in_progress(fate2: Fate2System) -> None:
    """A balanced final pyramid is not the book's creation: the phases are what is checked."""
    c = Fate2Character(name="Bare", skills={"A": 1, "B": 0, "C": 0})
    problems = fate2.validate(c, ANY_LIST)
    assert "FATE2-phase-count" in [p.code for p in problems if p.severity is Severity.ERROR]


def test_unspent_ranks_are_a_to_do_not_a_note(fate2: Fate2System) -> None:
    """§2 Buying Skills: a phase's ranks are spent in that phase; three of four spent is
    unfinished (an error naming the phase and what is left), not a note for the GM."""
    one = ANY_LIST.model_copy(update={"phases": 1})
    c = built((Fate2Phase(aspects=("A",), ranks={"A": 1, "B": 1, "C": 1}),), fate2)
    problems = fate2.validate(c, one)
    unspent = [p for p in problems if p.code == "FATE2-phase-unspent"]
    assert [p.severity for p in unspent] == [Severity.ERROR]
    assert unspent[0].path == "phases[0].ranks"
    assert "Phase 1" in unspent[0].message and "1 rank" in unspent[0].message
