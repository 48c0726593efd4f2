"""GUI layer: undo commands for editing a character and for casting guest stars.

One class per user action (STYLE.md "Commands"). Each constructor captures the values before and
after; ``redo()``/``undo()`` only build the next immutable character and hand it to the document.
Fields are addressed by the validator's stable paths (``"phases[1].mentor"``), skills by name and
stunts by (name, take number), never by view rows.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand

from gui.documents.character_document import CharacterDocument
from gui.documents.commands import CharacterCommand as _CharacterCommand
from gui.documents.commands import ReplaceCharacterCommand
from rules.character import MAX_NAME, MAX_TEXT, CharacterBase
from rules.names import find_name
from rules.systems.sotc.character import (
    ASPECTS_PER_PHASE,
    PHASE_COUNT,
    Gadget,
    GadgetImprovement,
    NovelRef,
    SotcCharacter,
    StuntPick,
)
from rules.systems.sotc.group import Casting, Member, deal

ID_EDIT_TEXT = 4101
"""Command id shared by text edits; consecutive edits of one field merge into one undo step."""

ORDINALS = ("One", "Two", "Three", "Four", "Five")

TOP_FIELDS: dict[str, tuple[str, int]] = {
    "name": ("name", MAX_NAME),
    "player": ("player", MAX_NAME),
    "concept": ("concept", MAX_NAME),
    "description": ("description", MAX_TEXT),
    "notes": ("notes", MAX_TEXT),
}
PHASE_FIELDS: dict[str, tuple[str, int]] = {
    "events": ("summary", MAX_TEXT),
    "mentor": ("mentor", MAX_NAME),
    "mentor_fate": ("mentor's fate", MAX_TEXT),
    "novel_title": ("novel title", MAX_NAME),
}
_PHASE_PATH = re.compile(r"^phases\[(\d)\]\.(\w+)(?:\[(\d)\])?$")
GADGET_FIELDS: dict[str, tuple[str, int]] = {
    "name": ("name", MAX_NAME),
    "base": ("base item", MAX_NAME),
    "description": ("description", MAX_TEXT),
}
STUNT_FIELDS: dict[str, tuple[str, int]] = {
    "detail": ("details", MAX_TEXT),
    "description": ("description", MAX_TEXT),
}
_GADGET_PATH = re.compile(r"^gadgets\[(\d+)\]\.(\w+)$")
_IMPROVEMENT_PATH = re.compile(r"^gadgets\[(\d+)\]\.improvements\[(\d+)\]\.detail$")
_STUNT_PATH = re.compile(r"^stunts\[(\d+)\]\.(\w+)$")


def _parse_phase_path(path: str) -> tuple[int, str, int | None]:
    """Split ``phases[i].field`` or ``phases[i].aspects[j]`` into (phase number, field, slot)."""
    match = _PHASE_PATH.match(path)
    if match is None:
        raise ValueError(f"not an editable character path: {path!r}")
    number = int(match.group(1)) + 1
    field = match.group(2)
    slot = None if match.group(3) is None else int(match.group(3))
    if not 1 <= number <= PHASE_COUNT:
        raise ValueError(f"no phase {number} in {path!r}")
    if field == "aspects":
        if slot is None or not 0 <= slot < ASPECTS_PER_PHASE:
            raise ValueError(f"aspect slot missing or out of range in {path!r}")
    elif field not in PHASE_FIELDS or slot is not None:
        raise ValueError(f"not an editable phase field: {path!r}")
    return number, field, slot


def _parse_item_path(path: str) -> tuple[str, int, str, int | None] | None:
    """Split a gadget or stunt text path into (collection, index, field, improvement index).

    ``gadgets[i].name|base|description``, ``gadgets[i].improvements[j].detail`` and
    ``stunts[i].detail|description``; None for any other path.
    """
    match = _IMPROVEMENT_PATH.match(path)
    if match is not None:
        return "gadgets", int(match.group(1)), "detail", int(match.group(2))
    match = _GADGET_PATH.match(path)
    if match is not None and match.group(2) in GADGET_FIELDS:
        return "gadgets", int(match.group(1)), match.group(2), None
    match = _STUNT_PATH.match(path)
    if match is not None and match.group(2) in STUNT_FIELDS:
        return "stunts", int(match.group(1)), match.group(2), None
    if path.startswith(("gadgets[", "stunts[")):
        raise ValueError(f"not an editable character path: {path!r}")
    return None


def gadget_label(character: CharacterBase | None, index: int) -> str:
    """How undo texts name gadget ``index``: its quoted name, or "gadget 2" while unnamed."""
    if isinstance(character, SotcCharacter) and 0 <= index < len(character.gadgets):
        name = character.gadgets[index].name.strip()
        if name:
            return f"\u201c{name}\u201d"
    return f"gadget {index + 1}"


def stunt_label(character: CharacterBase | None, index: int) -> str:
    """How undo texts name the stunt taken at ``index`` (its name; "stunt 3" if out of range)."""
    if isinstance(character, SotcCharacter) and 0 <= index < len(character.stunts):
        return character.stunts[index].name
    return f"stunt {index + 1}"


def field_label(path: str, character: CharacterBase | None = None) -> str:
    """A user-visible name for a text field path, for undo texts ("Phase Two mentor").

    Gadget and stunt fields are named after the item when ``character`` is given
    ("\u201cHarpoon Gun\u201d base item", "Linguist details").
    """
    if path in TOP_FIELDS:
        return TOP_FIELDS[path][0]
    item = _parse_item_path(path)
    if item is not None:
        kind, index, field, sub = item
        if kind == "stunts":
            return f"{stunt_label(character, index)} {STUNT_FIELDS[field][0]}"
        gadget = gadget_label(character, index)
        if sub is None:
            return f"{gadget} {GADGET_FIELDS[field][0]}"
        improvement = f"improvement {sub + 1}"
        if isinstance(character, SotcCharacter) and index < len(character.gadgets):
            found = character.gadgets[index].improvements
            if sub < len(found):
                improvement = found[sub].name
        return f"{improvement} detail on {gadget}"
    number, field, slot = _parse_phase_path(path)
    phase = f"Phase {ORDINALS[number - 1]}"
    if field == "aspects":
        assert slot is not None
        return f"{phase} aspect {slot + 1}"
    if number == 3 and field == "events":
        return f"{phase} blurb"
    return f"{phase} {PHASE_FIELDS[field][0]}"


def max_length(path: str) -> int:
    """The longest text the field at ``path`` may hold."""
    if path in TOP_FIELDS:
        return TOP_FIELDS[path][1]
    item = _parse_item_path(path)
    if item is not None:
        kind, _index, field, _sub = item
        return (STUNT_FIELDS if kind == "stunts" else GADGET_FIELDS)[field][1]
    _number, field, _slot = _parse_phase_path(path)
    return MAX_NAME if field == "aspects" else PHASE_FIELDS[field][1]


def _read_item(character: SotcCharacter, item: tuple[str, int, str, int | None]) -> str:
    kind, index, field, sub = item
    if kind == "stunts":
        if index >= len(character.stunts):
            return ""
        return str(getattr(character.stunts[index], field))
    if index >= len(character.gadgets):
        return ""
    gadget = character.gadgets[index]
    if sub is None:
        return str(getattr(gadget, field))
    return gadget.improvements[sub].detail if sub < len(gadget.improvements) else ""


def _write_item(
    character: SotcCharacter, item: tuple[str, int, str, int | None], value: str
) -> SotcCharacter:
    kind, index, field, sub = item
    if kind == "stunts":
        if index >= len(character.stunts):
            raise ValueError(f"no stunt {index + 1}")
        stunts = list(character.stunts)
        stunts[index] = stunts[index].model_copy(update={field: value[:MAX_TEXT]})
        return character.model_copy(update={"stunts": tuple(stunts)})
    if index >= len(character.gadgets):
        raise ValueError(f"no gadget {index + 1}")
    gadget = character.gadgets[index]
    if sub is None:
        gadget = gadget.model_copy(update={field: value[: GADGET_FIELDS[field][1]]})
    else:
        if sub >= len(gadget.improvements):
            raise ValueError(f"no improvement {sub + 1} on gadget {index + 1}")
        improvements = list(gadget.improvements)
        improvements[sub] = improvements[sub].model_copy(update={"detail": value[:MAX_TEXT]})
        gadget = gadget.model_copy(update={"improvements": tuple(improvements)})
    return _with_gadget(character, index, gadget)


def read_text(character: CharacterBase, path: str) -> str:
    """The text stored at ``path`` ("" for an aspect slot not written yet or a missing item)."""
    if path in TOP_FIELDS:
        return str(getattr(character, path))
    assert isinstance(character, SotcCharacter)
    item = _parse_item_path(path)
    if item is not None:
        return _read_item(character, item)
    number, field, slot = _parse_phase_path(path)
    phase = character.phase(number)
    if field == "aspects":
        assert slot is not None
        return phase.aspects[slot] if slot < len(phase.aspects) else ""
    return str(getattr(phase, field))


def write_text(character: CharacterBase, path: str, value: str) -> CharacterBase:
    """A copy of ``character`` with the text at ``path`` replaced (clipped to the field's limit).

    Aspect slots keep their position; trailing blank slots are dropped so an unwritten second
    aspect is "missing", not "blank".
    """
    if path in TOP_FIELDS:
        return character.model_copy(update={path: value[: TOP_FIELDS[path][1]]})
    assert isinstance(character, SotcCharacter)
    item = _parse_item_path(path)
    if item is not None:
        return _write_item(character, item, value)
    number, field, slot = _parse_phase_path(path)
    phase = character.phase(number)
    if field == "aspects":
        assert slot is not None
        aspects = list(phase.aspects)
        while len(aspects) <= slot:
            aspects.append("")
        aspects[slot] = value[:MAX_NAME]
        while aspects and not aspects[-1].strip():
            aspects.pop()
        phase = phase.model_copy(update={"aspects": tuple(aspects)})
    else:
        phase = phase.model_copy(update={field: value[: PHASE_FIELDS[field][1]]})
    return character.with_phase(number, phase)


def _with_gadget(character: SotcCharacter, index: int, gadget: Gadget) -> SotcCharacter:
    gadgets = list(character.gadgets)
    gadgets[index] = gadget
    return character.model_copy(update={"gadgets": tuple(gadgets)})


def _sotc(document: CharacterDocument) -> SotcCharacter:
    character = document.character
    assert isinstance(character, SotcCharacter)
    return character


# -- character edits -----------------------------------------------------------------------------


class EditTextCommand(_CharacterCommand):
    """Type into a text field (name, concept, a phase's summary, mentor, title or aspect).

    Consecutive edits of the same field merge into one undo step.
    """

    def __init__(self, document: CharacterDocument, path: str, value: str) -> None:
        super().__init__(document, f"Edit {field_label(path, document.character)}")
        self.path = path
        self._after = write_text(document.character, path, value)

    def id(self) -> int:
        """Merge id shared by all text edits."""
        return ID_EDIT_TEXT

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Absorb a later edit of the same field of the same document."""
        if not isinstance(other, EditTextCommand):
            return False
        if other.path != self.path or other.document is not self._document:
            return False
        self._after = other._after
        return True


class ChooseGuestNovelCommand(_CharacterCommand):
    """Choose the novel the character guest-stars in during phase four or five."""

    def __init__(self, document: CharacterDocument, phase: int, novel: NovelRef | None) -> None:
        if phase not in (4, 5):
            raise ValueError("guest-star novels belong to phases four and five")
        what = f"\u201c{novel.title}\u201d" if novel is not None and novel.title else "no novel"
        super().__init__(document, f"Choose {what} for Phase {ORDINALS[phase - 1]}")
        character = _sotc(document)
        updated = character.phase(phase).model_copy(update={"guest_star_in": novel})
        self._after = character.with_phase(phase, updated)


# -- skills ----------------------------------------------------------------------------------------


def _skill_key(skills: Mapping[str, int], name: str) -> str | None:
    return find_name(skills, name)


def _with_rating(character: CharacterBase, name: str, rating: int | None) -> CharacterBase:
    """A copy with ``name`` rated ``rating``; None or 0 removes it (unlisted = Mediocre)."""
    skills = dict(character.skills)
    key = _skill_key(skills, name)
    if rating is None or rating == 0:
        if key is not None:
            del skills[key]
    else:
        skills[key or name] = rating
    return character.model_copy(update={"skills": skills})


def _rating(character: CharacterBase, name: str) -> int | None:
    key = _skill_key(character.skills, name)
    return None if key is None else character.skills[key]


class PlaceSkillCommand(_CharacterCommand):
    """Put a skill on a rung of the pyramid, move it to another rung, or take it off (rating 0)."""

    def __init__(self, document: CharacterDocument, skill: str, rating: int) -> None:
        super().__init__(document, "")
        self.skill = skill
        before = _rating(document.character, skill)
        ladder = document.system.ladder
        if not rating:
            self.setText(f"Remove {skill} from the pyramid")
        elif before is None:
            self.setText(f"Place {skill} at {ladder.render(rating)}")
        else:
            self.setText(f"Move {skill} from {ladder.render(before)} to {ladder.render(rating)}")
        self._after = _with_rating(document.character, skill, rating or None)


class SwapSkillsCommand(_CharacterCommand):
    """Swap the ratings of two skills (dragging one placed skill onto another's slot)."""

    def __init__(
        self, document: CharacterDocument, first: str, second: str, *, text: str = ""
    ) -> None:
        super().__init__(document, text or f"Swap {first} and {second}")
        character = document.character
        one, two = _rating(character, first), _rating(character, second)
        self._after = _with_rating(_with_rating(character, first, two), second, one)


# -- stunts ----------------------------------------------------------------------------------------


def _with_stunts(character: SotcCharacter, stunts: Sequence[StuntPick]) -> SotcCharacter:
    return character.model_copy(update={"stunts": tuple(stunts)})


def _take_position(stunts: Sequence[StuntPick], name: str, take: int) -> int:
    """Position of the ``take``-th (0-based) pick called ``name``; raises KeyError if absent."""
    seen = 0
    for i, pick in enumerate(stunts):
        if pick.name.casefold() == name.casefold():
            if seen == take:
                return i
            seen += 1
    raise KeyError(name)


class TakeStuntCommand(_CharacterCommand):
    """Take a stunt from the catalogue, or add a custom stunt (flagged for the GM)."""

    def __init__(self, document: CharacterDocument, pick: StuntPick) -> None:
        kind = "custom stunt" if pick.custom else "stunt"
        super().__init__(document, f"Take {kind} {pick.name}")
        character = _sotc(document)
        self._after = _with_stunts(character, (*character.stunts, pick))


class RemoveStuntCommand(_CharacterCommand):
    """Give up one take of a stunt (named by stunt and take number, never by row)."""

    def __init__(self, document: CharacterDocument, name: str, take: int = 0) -> None:
        super().__init__(document, f"Remove stunt {name}")
        character = _sotc(document)
        stunts = list(character.stunts)
        del stunts[_take_position(stunts, name, take)]
        self._after = _with_stunts(character, stunts)


def package_picks(
    catalog: Any, package: str, choices: Sequence[str] = (), taken: Sequence[str] = ()
) -> tuple[StuntPick, ...]:
    """The stunts a Quick Pick package adds to a character that already has ``taken``.

    Args:
        catalog: The SotC catalogue.
        package: The package name.
        choices: One stunt chosen from each of the package's ``core_choices`` groups (the first
            alternative is used when a choice is missing).
        taken: Stunts the character already has; each counts against one listed take.

    Returns:
        The picks to append, in the package's order.
    """
    pkg = catalog.package(package)
    wanted = list(pkg.core)
    for i, group in enumerate(pkg.core_choices):
        chosen = choices[i] if i < len(choices) and choices[i] in group else group[0]
        wanted.append(chosen)
    have = Counter(n.casefold() for n in taken)
    out: list[StuntPick] = []
    for name in wanted:
        if have[name.casefold()] > 0:
            have[name.casefold()] -= 1
            continue
        stunt = catalog.stunt(name)
        out.append(StuntPick(name=stunt.name, skill=stunt.skill))
    return tuple(out)


class ApplyPackageCommand(_CharacterCommand):
    """Apply a Quick Pick stunt package: every core stunt not yet taken, in one step."""

    def __init__(
        self, document: CharacterDocument, package: str, choices: Sequence[str] = ()
    ) -> None:
        super().__init__(document, f"Apply Quick Pick package {package}")
        character = _sotc(document)
        catalog = getattr(document.system, "catalog")  # noqa: B009 - SotC systems carry one
        self.added = package_picks(catalog, package, choices, character.stunt_names())
        self._after = _with_stunts(character, (*character.stunts, *self.added))


class SetStuntSkillCommand(_CharacterCommand):
    """Choose the skill a custom stunt belongs to (catalogue stunts keep the book's skill)."""

    def __init__(self, document: CharacterDocument, index: int, skill: str) -> None:
        character = _sotc(document)
        if not 0 <= index < len(character.stunts):
            raise ValueError(f"no stunt {index + 1}")
        super().__init__(document, f"Set {stunt_label(character, index)} skill to {skill}")
        stunts = list(character.stunts)
        stunts[index] = stunts[index].model_copy(update={"skill": skill[:MAX_NAME]})
        self._after = _with_stunts(character, stunts)


# -- gadgets ---------------------------------------------------------------------------------------

GADGET_KINDS: dict[str, str] = {
    "personal": "personal gadget",
    "artifact": "personal artifact",
    "other": "other device",
}
"""Gadget kinds and how undo texts and the editor name them (SotC "Personal Gadgets")."""


def _gadget_at(character: SotcCharacter, index: int) -> Gadget:
    if not 0 <= index < len(character.gadgets):
        raise ValueError(f"no gadget {index + 1}")
    return character.gadgets[index]


class AddGadgetCommand(_CharacterCommand):
    """Add a personal gadget, artifact or other device at the end of the list."""

    def __init__(self, document: CharacterDocument, gadget: Gadget | None = None) -> None:
        gadget = gadget or Gadget()
        what = f"\u201c{gadget.name}\u201d" if gadget.name.strip() else GADGET_KINDS[gadget.kind]
        super().__init__(document, f"Add {what}")
        character = _sotc(document)
        self.index = len(character.gadgets)
        self._after = character.model_copy(update={"gadgets": (*character.gadgets, gadget)})


class RemoveGadgetCommand(_CharacterCommand):
    """Remove gadget ``index`` with its improvements."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        character = _sotc(document)
        _gadget_at(character, index)
        super().__init__(document, f"Remove {gadget_label(character, index)}")
        gadgets = list(character.gadgets)
        del gadgets[index]
        self._after = character.model_copy(update={"gadgets": tuple(gadgets)})


class SetGadgetKindCommand(_CharacterCommand):
    """Make a gadget a personal gadget, a personal artifact or another stunt's device."""

    def __init__(self, document: CharacterDocument, index: int, kind: str) -> None:
        if kind not in GADGET_KINDS:
            raise ValueError(f"unknown gadget kind {kind!r}")
        character = _sotc(document)
        gadget = _gadget_at(character, index)
        super().__init__(document, f"Make {gadget_label(character, index)} a {GADGET_KINDS[kind]}")
        self._after = _with_gadget(character, index, gadget.model_copy(update={"kind": kind}))


class AddImprovementCommand(_CharacterCommand):
    """Put an improvement from the book (or one the GM invents) on a gadget."""

    def __init__(
        self, document: CharacterDocument, index: int, name: str, detail: str = ""
    ) -> None:
        character = _sotc(document)
        gadget = _gadget_at(character, index)
        super().__init__(document, f"Add {name} to {gadget_label(character, index)}")
        improvement = GadgetImprovement(name=name[:MAX_NAME], detail=detail[:MAX_TEXT])
        self.position = len(gadget.improvements)
        updated = gadget.model_copy(update={"improvements": (*gadget.improvements, improvement)})
        self._after = _with_gadget(character, index, updated)


class RemoveImprovementCommand(_CharacterCommand):
    """Take improvement ``position`` off gadget ``index``."""

    def __init__(self, document: CharacterDocument, index: int, position: int) -> None:
        character = _sotc(document)
        gadget = _gadget_at(character, index)
        if not 0 <= position < len(gadget.improvements):
            raise ValueError(f"no improvement {position + 1} on gadget {index + 1}")
        name = gadget.improvements[position].name
        super().__init__(document, f"Remove {name} from {gadget_label(character, index)}")
        improvements = list(gadget.improvements)
        del improvements[position]
        updated = gadget.model_copy(update={"improvements": tuple(improvements)})
        self._after = _with_gadget(character, index, updated)


# -- creation mode and the novel's guest stars ---------------------------------------------------


class SetCreationModeCommand(_CharacterCommand):
    """Switch between standard creation (five phases) and fast creation (fill in during play).

    SotC "Fast Character Creation": nothing is lost either way; the validator only changes what
    it asks for.
    """

    def __init__(self, document: CharacterDocument, mode: str) -> None:
        if mode not in ("standard", "fast"):
            raise ValueError(f"unknown creation mode {mode!r}")
        label = "fast creation" if mode == "fast" else "standard creation"
        super().__init__(document, f"Switch to {label}")
        self._after = _sotc(document).model_copy(update={"creation_mode": mode})


def _guest_text(before: Sequence[str], after: Sequence[str]) -> str:
    added = [n for n in after if n not in before]
    removed = [n for n in before if n not in after]
    if added and not removed:
        return f"Add guest star{'s' if len(added) > 1 else ''} {', '.join(added)}"
    if removed and not added:
        return f"Remove guest star{'s' if len(removed) > 1 else ''} {', '.join(removed)}"
    if len(added) == 1 and len(removed) == 1:
        return f"Rename guest star {removed[0]} to {added[0]}"
    return "Edit guest stars"


class SetGuestStarsCommand(_CharacterCommand):
    """Set who guest-stars in the character's own novel (the Phase Three worksheet list)."""

    def __init__(self, document: CharacterDocument, names: Sequence[str]) -> None:
        character = _sotc(document)
        phase = character.phase(3)
        cleaned: list[str] = []
        for name in names:
            name = name.strip()[:MAX_NAME]
            if name and name.casefold() not in {n.casefold() for n in cleaned}:
                cleaned.append(name)
        super().__init__(document, _guest_text(phase.guest_stars, cleaned))
        updated = phase.model_copy(update={"guest_stars": tuple(cleaned[:20])})
        self._after = character.with_phase(3, updated)


# -- whole state -----------------------------------------------------------------------------------


# -- group casting --------------------------------------------------------------------------------


class CastingTarget(Protocol):
    """What the casting commands edit: a guest-star assignment (member key -> Casting)."""

    @property
    def assignment(self) -> dict[str, Casting]:
        """The current assignment."""

    def set_assignment(self, assignment: dict[str, Casting]) -> None:
        """Replace the assignment (commands only)."""


class CastGuestStarCommand(QUndoCommand):
    """Choose by hand whose novel one member guest-stars in during phase four or five."""

    def __init__(
        self,
        target: CastingTarget,
        member: str,
        phase: int,
        novel_owner: str | None,
        *,
        describe: Callable[[str], str] = str,
    ) -> None:
        if phase not in (4, 5):
            raise ValueError("guest stars are cast for phases four and five")
        where = f"{describe(novel_owner)}'s novel" if novel_owner else "no novel"
        super().__init__(f"Cast {describe(member)} in {where} (Phase {ORDINALS[phase - 1]})")
        self._target = target
        self._before = dict(target.assignment)
        field = f"phase{phase}"
        current = self._before.get(member, Casting())
        self._after = {**self._before, member: current.model_copy(update={field: novel_owner})}

    def redo(self) -> None:
        """Apply the choice."""
        self._target.set_assignment(dict(self._after))

    def undo(self) -> None:
        """Restore the previous assignment."""
        self._target.set_assignment(dict(self._before))


class DealGuestStarsCommand(QUndoCommand):
    """Deal the guest-star novels at random, like the book's shuffled title cards.

    The deal is made in the constructor, so redo after undo gives the very same deal.
    """

    def __init__(
        self, target: CastingTarget, members: Sequence[Member], rng: random.Random
    ) -> None:
        super().__init__("Deal guest-star novels")
        self._target = target
        self._before = dict(target.assignment)
        result = deal(members, rng)
        self.reason = result.reason
        self.ok = result.assignment is not None
        self._after = dict(result.assignment) if result.assignment is not None else self._before

    def redo(self) -> None:
        """Install the deal."""
        self._target.set_assignment(dict(self._after))

    def undo(self) -> None:
        """Restore the assignment from before the deal."""
        self._target.set_assignment(dict(self._before))


__all__ = [
    "GADGET_KINDS",
    "AddGadgetCommand",
    "AddImprovementCommand",
    "ApplyPackageCommand",
    "CastGuestStarCommand",
    "ChooseGuestNovelCommand",
    "DealGuestStarsCommand",
    "EditTextCommand",
    "PlaceSkillCommand",
    "RemoveGadgetCommand",
    "RemoveImprovementCommand",
    "RemoveStuntCommand",
    "ReplaceCharacterCommand",
    "SetCreationModeCommand",
    "SetGadgetKindCommand",
    "SetGuestStarsCommand",
    "SetStuntSkillCommand",
    "SwapSkillsCommand",
    "TakeStuntCommand",
    "field_label",
    "gadget_label",
    "max_length",
    "package_picks",
    "read_text",
    "stunt_label",
    "write_text",
]
