"""GUI layer: the ART Engine editor's undo commands (the one mutation path of its pages).

Each command builds the next immutable :class:`rules.systems.art.character.ArtCharacter` in its
constructor and swaps it in on redo/undo (:class:`gui.documents.commands.CharacterCommand`).
Random attribute scores are rolled in the constructor, so redo after undo gives the same scores
(ART Engine, Chapter 2 "Random Method").
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from gui.documents.character_document import CharacterDocument
from gui.documents.commands import CharacterCommand
from rules.systems.art.attributes import roll_random_attributes
from rules.systems.art.character import ArtCharacter

TEXT_MERGE_ID = 7301
"""Typing into one field merges into one undo step (per field)."""


def art(document: CharacterDocument) -> ArtCharacter:
    """The document's adventurer."""
    character = document.character
    assert isinstance(character, ArtCharacter)
    return character


class UpdateCommand(CharacterCommand):
    """Set fields of the adventurer (``model_validate`` keeps the model's checks).

    Args:
        document: The adventurer's document.
        text: The undo text.
        changes: Field name -> new value.
    """

    def __init__(self, document: CharacterDocument, text: str, **changes: Any) -> None:
        super().__init__(document, text)
        data = art(document).model_dump()
        data.update(
            {k: v.model_dump() if isinstance(v, BaseModel) else v for k, v in changes.items()}
        )
        self._after = ArtCharacter.model_validate(data)


class FieldCommand(UpdateCommand):
    """Set one field; successive edits of the same field (typing a name, stepping a spin box)
    merge into one undo step."""

    def __init__(self, document: CharacterDocument, field: str, value: Any, label: str) -> None:
        super().__init__(document, f"Edit {label}", **{field: value})
        self.field = field

    def id(self) -> int:
        """Mergeable with other edits of single fields."""
        return TEXT_MERGE_ID

    def mergeWith(self, other: Any) -> bool:
        """Merge a following edit of the same field."""
        if not isinstance(other, FieldCommand) or other.field != self.field:
            return False
        self._after = other._after
        return True


def set_attribute(document: CharacterDocument, key: str, value: int | None) -> UpdateCommand:
    """Set (or clear, with None) one attribute score."""
    attributes = dict(art(document).attributes)
    if value is None:
        attributes.pop(key, None)  # type: ignore[call-overload]
    else:
        attributes[key] = value  # type: ignore[index]
    return UpdateCommand(document, f"Set {key}", attributes=attributes)


def set_pair(document: CharacterDocument, key: str, pair: tuple[int, int] | None) -> UpdateCommand:
    """Balanced method: record the two numbers of ``key`` (and its score, their sum)."""
    c = art(document)
    pairs = dict(c.balanced_pairs)
    attributes = dict(c.attributes)
    if pair is None:
        pairs.pop(key, None)  # type: ignore[call-overload]
    else:
        pairs[key] = pair  # type: ignore[index]
        attributes[key] = pair[0] + pair[1]  # type: ignore[index]
    return UpdateCommand(document, f"Pair {key}", balanced_pairs=pairs, attributes=attributes)


class RollAttributesCommand(UpdateCommand):
    """Random method: roll ten scores of 2d6 (rolled once, here; redo gives the same).

    Args:
        document: The adventurer's document.
        rng: The dice (tests inject a seeded one).
    """

    def __init__(self, document: CharacterDocument, rng: random.Random) -> None:
        rolls = roll_random_attributes(rng)
        super().__init__(
            document,
            "Roll attributes",
            attribute_method="random",
            attribute_rolls=rolls,
            attributes={},
            balanced_pairs={},
        )
        self.rolls = rolls


def set_method(document: CharacterDocument, method: str | None) -> UpdateCommand:
    """Choose the attribute method (the other method's records are cleared)."""
    return UpdateCommand(
        document,
        "Choose attribute method",
        attribute_method=method,
        attribute_rolls=(),
        balanced_pairs={},
        attributes={},
    )


def set_item(
    document: CharacterDocument, field: str, row: int, item: BaseModel, label: str
) -> UpdateCommand:
    """Replace item ``row`` of list field ``field`` (weapons, gear, treasures, ...)."""
    items = list(getattr(art(document), field))
    items[row] = item
    return UpdateCommand(document, f"Edit {label}", **{field: tuple(items)})


def add_item(document: CharacterDocument, field: str, item: BaseModel, label: str) -> UpdateCommand:
    """Append ``item`` to list field ``field``."""
    items = (*getattr(art(document), field), item)
    return UpdateCommand(document, f"Add {label}", **{field: items})


def remove_item(document: CharacterDocument, field: str, row: int, label: str) -> UpdateCommand:
    """Remove item ``row`` of list field ``field``."""
    items = list(getattr(art(document), field))
    del items[row]
    return UpdateCommand(document, f"Remove {label}", **{field: tuple(items)})


def set_skill(
    document: CharacterDocument, name: str, value: int | None, old_name: str | None = None
) -> UpdateCommand:
    """Set a skill's rating (None removes it); ``old_name`` renames a skill in place."""
    skills = dict(art(document).skills)
    if old_name is not None and old_name != name:
        skills = {(name if k == old_name else k): v for k, v in skills.items()}
    if value is None:
        skills.pop(name, None)
    else:
        skills[name] = value
    return UpdateCommand(document, f"Skill {name}", skills=skills)
