"""GUI tests: CharacterDocument caches problems and derived values, and the problem model.

Book sections: SotC "Character Creation" (validator rules, digest sotc.md 2.8) and "Skills"
(stress boxes from Endurance, digest 2.6).
"""

from __future__ import annotations

from typing import Any

from gui.documents.character_document import CharacterDocument
from gui.models.problem_model import PathRole, ProblemModel, SeverityRole
from rules.systems.sotc.character import Phase, SotcCharacter, StuntPick


def make_document(sotc: Any, character: SotcCharacter | None = None) -> CharacterDocument:
    return CharacterDocument(character or SotcCharacter(), sotc, version=None)


def test_new_document_caches_problems_and_derived_sotc_character_creation(sotc: Any) -> None:
    """A blank character is reported incomplete (SotC "Character Creation": name, phases...)."""
    doc = make_document(sotc)
    codes = {p.code for p in doc.problems}
    assert "SOTC-V1-name" in codes
    assert "SOTC-V7-rung-under" in codes
    assert doc.derived.health_boxes == 5  # type: ignore[attr-defined]
    assert doc.title() == "Unnamed character"
    assert doc.error_count() == len([p for p in doc.problems if p.severity.value == "error"])


def test_replace_character_emits_and_recomputes_stress_from_endurance(
    sotc: Any, qtbot: Any
) -> None:
    """Endurance at Superb adds 3 Health boxes to the base 5 (SotC "Endurance", digest 2.6)."""
    doc = make_document(sotc)
    new = SotcCharacter(name="Ada", skills={"Endurance": 5})
    with qtbot.waitSignals([doc.character_replaced, doc.problems_changed]):
        doc.replace_character(new)
    assert doc.character is new
    assert doc.derived.health_boxes == 8  # type: ignore[attr-defined]
    assert "SOTC-V1-name" not in {p.code for p in doc.problems}
    assert doc.title() == "Ada"


def test_mark_saved_sets_version_and_clean_state(sotc: Any) -> None:
    doc = make_document(sotc)
    from gui.systems.sotc.commands import EditTextCommand

    doc.undo_stack.push(EditTextCommand(doc, "name", "Ada"))
    assert not doc.undo_stack.isClean()
    doc.mark_saved(7)
    assert doc.version == 7
    assert doc.undo_stack.isClean()


def test_stunt_check_reports_missing_prerequisite_sotc_stunts(sotc: Any) -> None:
    """Gift of Tongues needs Linguist (SotC "Stunts", Academics)."""
    from gui.systems.sotc.stunt_checks import stunt_check

    doc = make_document(sotc)
    check = stunt_check(doc, "Gift of Tongues")
    assert not check.met
    assert any("Linguist" in r for r in check.reasons)
    doc.replace_character(SotcCharacter(stunts=(StuntPick(name="Linguist"),)))
    assert stunt_check(doc, "Gift of Tongues").met
    assert stunt_check(doc, "No Such Stunt") is None


def test_problem_model_lists_errors_first_with_paths(sotc: Any, qtmodeltester: Any) -> None:
    doc = make_document(sotc, SotcCharacter(name="Ada", phases=(Phase(aspects=("X", "x")),)))
    model = ProblemModel(doc)
    qtmodeltester.check(model)
    severities = [model.index(r, 0).data(SeverityRole) for r in range(model.rowCount())]
    assert severities == sorted(severities)  # "error" < "warning"
    assert "warning" in severities
    paths = {model.index(r, 0).data(PathRole) for r in range(model.rowCount())}
    assert "phases[1].mentor" in paths
    doc.replace_character(doc.character.model_copy(update={"name": ""}))
    qtmodeltester.check(model)
    paths = {model.index(r, 0).data(PathRole) for r in range(model.rowCount())}
    assert "name" in paths
