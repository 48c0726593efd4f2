"""GUI tests: every character command round-trips push -> undo -> redo, with meaningful text.

Book sections cited per test: SotC "Character Creation" (phases, skills, stunts), "Quick Pick
Stunt Packages", "Phase Four and Five (Guest Star)".
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QUndoCommand

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import (
    ApplyPackageCommand,
    CastGuestStarCommand,
    ChooseGuestNovelCommand,
    DealGuestStarsCommand,
    EditTextCommand,
    PlaceSkillCommand,
    RemoveStuntCommand,
    ReplaceCharacterCommand,
    SwapSkillsCommand,
    TakeStuntCommand,
    field_label,
    read_text,
    write_text,
)
from rules.systems.sotc.character import NovelRef, SotcCharacter, StuntPick
from rules.systems.sotc.group import Casting, Member, check_assignment


def make_document(sotc: Any, **fields: Any) -> CharacterDocument:
    return CharacterDocument(SotcCharacter(**fields), sotc, version=None)


def round_trip(doc: CharacterDocument, command: QUndoCommand) -> None:
    """Push, undo and redo; the states before and after must be restored exactly."""
    before = doc.character
    doc.undo_stack.push(command)
    after = doc.character
    assert after != before
    doc.undo_stack.undo()
    assert doc.character == before
    doc.undo_stack.redo()
    assert doc.character == after


CASES: list[tuple[str, Callable[[CharacterDocument], QUndoCommand], str]] = [
    ("name", lambda d: EditTextCommand(d, "name", "Ada Thorne"), "Edit name"),
    ("mentor", lambda d: EditTextCommand(d, "phases[1].mentor", "Major Pryce"),
     "Edit Phase Two mentor"),
    ("aspect", lambda d: EditTextCommand(d, "phases[0].aspects[1]", "Stubborn"),
     "Edit Phase One aspect 2"),
    ("blurb", lambda d: EditTextCommand(d, "phases[2].events", "Races a rival."),
     "Edit Phase Three blurb"),
    ("novel", lambda d: ChooseGuestNovelCommand(d, 4, NovelRef(title="Glass City", author="Vell")),
     "Choose \u201cGlass City\u201d for Phase Four"),
    ("place", lambda d: PlaceSkillCommand(d, "Guns", 4), "Place Guns at Great (+4)"),
    ("move", lambda d: PlaceSkillCommand(d, "Fists", 2),
     "Move Fists from Superb (+5) to Fair (+2)"),
    ("remove", lambda d: PlaceSkillCommand(d, "Fists", 0), "Remove Fists from the pyramid"),
    ("swap", lambda d: SwapSkillsCommand(d, "Fists", "Drive"), "Swap Fists and Drive"),
    ("take", lambda d: TakeStuntCommand(d, StuntPick(name="Linguist", skill="Academics")),
     "Take stunt Linguist"),
    ("custom", lambda d: TakeStuntCommand(d, StuntPick(name="Jury-Rig", skill="Engineering",
                                                       custom=True)),
     "Take custom stunt Jury-Rig"),
    ("drop", lambda d: RemoveStuntCommand(d, "Danger Sense"), "Remove stunt Danger Sense"),
    ("package", lambda d: ApplyPackageCommand(d, "Rosetta Stone"),
     "Apply Quick Pick package Rosetta Stone"),
    ("replace", lambda d: ReplaceCharacterCommand(d, SotcCharacter(name="New"), "Start over"),
     "Start over"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "factory", "text"), CASES, ids=[c[0] for c in CASES])
def test_every_command_round_trips_with_meaningful_text(
    sotc: Any, key: str, factory: Callable[[CharacterDocument], QUndoCommand], text: str
) -> None:
    doc = make_document(
        sotc,
        skills={"Fists": 5, "Drive": 1},
        stunts=(StuntPick(name="Danger Sense", skill="Alertness"),),
    )
    command = factory(doc)
    assert command.text() == text
    round_trip(doc, command)
    assert doc.undo_stack.undoText() == text


def test_text_edits_of_one_field_merge_into_one_undo_step(sotc: Any) -> None:
    """Typing "Ada" letter by letter is one undo step; another field starts a new one."""
    doc = make_document(sotc)
    for text in ("A", "Ad", "Ada"):
        doc.undo_stack.push(EditTextCommand(doc, "name", text))
    assert doc.undo_stack.count() == 1
    assert doc.character.name == "Ada"
    doc.undo_stack.push(EditTextCommand(doc, "concept", "Aviatrix"))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.name == ""
    doc.undo_stack.redo()
    assert doc.character.name == "Ada"


def test_aspect_slots_keep_position_and_drop_trailing_blanks_sotc_phases(sotc: Any) -> None:
    """Each phase holds two aspects (SotC "The Phases"); a blank second slot is "missing"."""
    c = SotcCharacter()
    c2 = write_text(c, "phases[0].aspects[1]", "Second")
    assert c2.phases[0].aspects == ("", "Second")  # type: ignore[attr-defined]
    c3 = write_text(c2, "phases[0].aspects[1]", "")
    assert c3.phases[0].aspects == ()  # type: ignore[attr-defined]
    assert read_text(c2, "phases[0].aspects[0]") == ""
    assert field_label("phases[4].novel_title") == "Phase Five novel title"
    with pytest.raises(ValueError):
        write_text(c, "phases[0].aspects[2]", "x")
    with pytest.raises(ValueError):
        write_text(c, "skills", "x")


def test_take_then_undo_removes_the_right_take_of_a_repeatable_stunt(sotc: Any) -> None:
    """Linguist may be taken more than once (SotC "Stunts", Academics)."""
    doc = make_document(sotc, stunts=(StuntPick(name="Linguist", detail="first"),))
    doc.undo_stack.push(TakeStuntCommand(doc, StuntPick(name="Linguist", detail="second")))
    doc.undo_stack.undo()
    assert [p.detail for p in doc.character.stunts] == ["first"]  # type: ignore[attr-defined]


def test_package_adds_only_stunts_not_yet_taken_sotc_quick_picks(sotc: Any) -> None:
    """Rosetta Stone: Linguist, Gift of Tongues, Walking Library (SotC "Quick Pick Packages")."""
    doc = make_document(sotc, stunts=(StuntPick(name="Linguist", skill="Academics"),))
    cmd = ApplyPackageCommand(doc, "Rosetta Stone")
    assert [p.name for p in cmd.added] == ["Gift of Tongues", "Walking Library"]
    doc.undo_stack.push(cmd)
    assert doc.character.stunt_names() == (  # type: ignore[attr-defined]
        "Linguist",
        "Gift of Tongues",
        "Walking Library",
    )
    assert not [p for p in doc.problems if p.code == "SOTC-V9-prerequisite"]
    doc.undo_stack.undo()
    assert doc.character.stunt_names() == ("Linguist",)  # type: ignore[attr-defined]


class _Target:
    def __init__(self) -> None:
        self.assignment: dict[str, Casting] = {}

    def set_assignment(self, assignment: dict[str, Casting]) -> None:
        self.assignment = assignment


MEMBERS = [Member(key=k, name=k.title(), novel=f"{k} novel") for k in ("ada", "bo", "cy")]


def test_deal_command_is_valid_and_redo_gives_the_same_deal_sotc_guest_star() -> None:
    """A deal is a derangement in both phases (SotC "Phase Four and Five (Guest Star)")."""
    target = _Target()
    cmd = DealGuestStarsCommand(target, MEMBERS, random.Random(3))
    assert cmd.ok and cmd.text() == "Deal guest-star novels"
    cmd.redo()
    dealt = dict(target.assignment)
    assert not check_assignment(MEMBERS, dealt)
    cmd.undo()
    assert target.assignment == {}
    cmd.redo()
    assert target.assignment == dealt


def test_cast_command_round_trip() -> None:
    target = _Target()
    cmd = CastGuestStarCommand(target, "ada", 4, "bo", describe=str.title)
    assert cmd.text() == "Cast Ada in Bo's novel (Phase Four)"
    cmd.redo()
    assert target.assignment["ada"] == Casting(phase4="bo")
    cmd.undo()
    assert target.assignment == {}
    cmd.redo()
    assert target.assignment["ada"].phase4 == "bo"
