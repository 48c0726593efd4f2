"""GUI layer: Strange Fate's undo commands, one class per user action (STYLE.md "Commands").

Every command builds the next immutable character in its constructor and hands it to the
document on redo (:class:`gui.documents.commands.CharacterCommand` keeps both snapshots). Skills
are addressed by name, aspects, Gifts, Invulnerabilities and Weaknesses by position; never by
view rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from gui.documents.character_document import CharacterDocument
from gui.documents.commands import CharacterCommand
from rules.systems.strange_fate.catalog import SampleSkill
from rules.systems.strange_fate.character import (
    Aspect,
    Companion,
    DesignedSkill,
    EquipmentItem,
    Gift,
    Invulnerability,
    SkillDrawback,
    StrangeFateCharacter,
    Weakness,
)
from rules.systems.strange_fate.system import StrangeFateSystem, add_sample

ID_EDIT_FIELD = 5201

FIELDS = {
    "name": "name", "player": "player", "archetype": "Archetype",
    "social_class": "Social Class", "era": "era", "role": "role", "fate_points": "Fate Points",
}  # fmt: skip
"""Character fields a page edits -> the words the undo menu uses."""

QUESTIONS = ("humble_beginnings", "follies_of_youth", "first_awakenings", "mysterious_origins",
             "great_failing")  # fmt: skip


def sf_of(document: CharacterDocument) -> tuple[StrangeFateCharacter, StrangeFateSystem]:
    """The document's character and system, typed."""
    character, system = document.character, document.system
    assert isinstance(character, StrangeFateCharacter)
    assert isinstance(system, StrangeFateSystem)
    return character, system


class SfCommand(CharacterCommand):
    """Base: ``change`` turns the current character into the next one."""

    def __init__(
        self,
        document: CharacterDocument,
        text: str,
        change: Callable[[StrangeFateCharacter], StrangeFateCharacter],
    ) -> None:
        super().__init__(document, text)
        character, _ = sf_of(document)
        self._after = change(character)


def _update(**changes: Any) -> Callable[[StrangeFateCharacter], StrangeFateCharacter]:
    return lambda c: c.model_copy(update=changes)


class EditFieldCommand(SfCommand):
    """Type into (or choose) one of the character's fields; typing in one field merges."""

    def __init__(self, document: CharacterDocument, field: str, value: Any) -> None:
        if field not in FIELDS:
            raise ValueError(f"not an editable field: {field!r}")
        self.field = field
        super().__init__(document, f"Edit {FIELDS[field]}", _update(**{field: value}))

    def id(self) -> int:
        """Edits of one field merge."""
        return ID_EDIT_FIELD

    def mergeWith(self, other: QUndoCommand) -> bool:
        """One undo step per run of typing in one field."""
        if not isinstance(other, EditFieldCommand) or other.field != self.field:
            return False
        self._after = other._after
        return True


class EditAnswerCommand(SfCommand):
    """Answer one of the Five Questions (typing merges)."""

    def __init__(self, document: CharacterDocument, question: str, text: str) -> None:
        if question not in QUESTIONS:
            raise ValueError(f"not a question: {question!r}")
        self.question = question

        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            return c.model_copy(update={"answers": c.answers.model_copy(update={question: text})})

        super().__init__(document, "Answer " + question.replace("_", " ").title(), change)

    def id(self) -> int:
        """Typing in one answer merges."""
        return ID_EDIT_FIELD + 1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """One undo step per run of typing in one answer."""
        if not isinstance(other, EditAnswerCommand) or other.question != self.question:
            return False
        self._after = other._after
        return True


class SetAspectCommand(SfCommand):
    """Write aspect ``index`` (typing in its text merges); an index past the end appends."""

    def __init__(self, document: CharacterDocument, index: int, aspect: Aspect) -> None:
        self.index = index

        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            aspects = list(c.aspects)
            if index < len(aspects):
                aspects[index] = aspect
            else:
                aspects.append(aspect)
            return c.model_copy(update={"aspects": tuple(aspects)})

        super().__init__(document, "Edit aspect", change)

    def id(self) -> int:
        """Typing in one aspect merges."""
        return ID_EDIT_FIELD + 2

    def mergeWith(self, other: QUndoCommand) -> bool:
        """One undo step per run of typing in one aspect."""
        if not isinstance(other, SetAspectCommand) or other.index != self.index:
            return False
        self._after = other._after
        return True


class RemoveAspectCommand(SfCommand):
    """Remove aspect ``index``."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        super().__init__(
            document,
            "Remove aspect",
            lambda c: c.model_copy(
                update={"aspects": tuple(a for i, a in enumerate(c.aspects) if i != index)}
            ),
        )


class SetSkillCommand(SfCommand):
    """Give a skill a rating (adding a Common skill when it is new)."""

    def __init__(self, document: CharacterDocument, name: str, rating: int) -> None:
        super().__init__(
            document,
            f"Set {name} to {rating}",
            lambda c: c.model_copy(update={"skills": {**c.skills, name: rating}}),
        )


class SetTierCommand(SfCommand):
    """Set a skill's Power Tier (Mundane removes it from ``tiers``)."""

    def __init__(self, document: CharacterDocument, name: str, tier: str) -> None:
        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            tiers: dict[str, Any] = {k: v for k, v in c.tiers.items() if k != name}
            if tier != "Mundane":
                tiers[name] = tier
            return c.model_copy(update={"tiers": tiers})

        super().__init__(document, f"Make {name} {tier}", change)


class RemoveSkillCommand(SfCommand):
    """Remove a skill (its design, tier and Tier Benefits too)."""

    def __init__(self, document: CharacterDocument, name: str) -> None:
        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            return c.model_copy(
                update={
                    "skills": {k: v for k, v in c.skills.items() if k != name},
                    "designed": {k: v for k, v in c.designed.items() if k != name},
                    "tiers": {k: v for k, v in c.tiers.items() if k != name},
                    "tier_benefits": {k: v for k, v in c.tier_benefits.items() if k != name},
                }
            )

        super().__init__(document, f"Remove {name}", change)


class PutDesignedSkillCommand(SfCommand):
    """Put a skill designed in the skill designer on the character (or replace its design)."""

    def __init__(
        self,
        document: CharacterDocument,
        name: str,
        design: DesignedSkill,
        rating: int,
        tier: str = "Mundane",
        replaces: str | None = None,
    ) -> None:
        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            old = replaces or name
            skills = {k: v for k, v in c.skills.items() if k != old}
            designed = {k: v for k, v in c.designed.items() if k != old}
            tiers: dict[str, Any] = {k: v for k, v in c.tiers.items() if k != old}
            if tier != "Mundane":
                tiers[name] = tier
            return c.model_copy(
                update={
                    "skills": {**skills, name: rating},
                    "designed": {**designed, name: design},
                    "tiers": tiers,
                }
            )

        super().__init__(document, f"Design {name}", change)


class AddSampleSkillCommand(SfCommand):
    """Add one of the book's sample skills in one step (its Drawbacks' aspects included)."""

    def __init__(self, document: CharacterDocument, sample: SampleSkill, rating: int) -> None:
        super().__init__(
            document, f"Add sample skill {sample.name}", lambda c: add_sample(c, sample, rating)
        )


class AddGiftCommand(SfCommand):
    """Buy a Gift."""

    def __init__(self, document: CharacterDocument, gift: Gift) -> None:
        super().__init__(
            document,
            f"Add Gift {gift.name}",
            lambda c: c.model_copy(update={"gifts": (*c.gifts, gift)}),
        )


class SetGiftCommand(SfCommand):
    """Change Gift ``index`` (its target, skill, aspect or note; typing merges)."""

    def __init__(self, document: CharacterDocument, index: int, gift: Gift) -> None:
        self.index = index

        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            gifts = list(c.gifts)
            old = gifts[index].target
            gifts[index] = gift
            update: dict[str, Any] = {"gifts": tuple(gifts)}
            # Renaming a Companion's or an item's Gift target renames what it made.
            if old and old != gift.target and not any(g.target == old for g in gifts):
                field = {"Companion": "companions", "Equipment": "equipment"}.get(gift.name)
                if field is not None:
                    update[field] = tuple(
                        x.model_copy(update={"name": gift.target}) if x.name == old else x
                        for x in getattr(c, field)
                    )
            return c.model_copy(update=update)

        super().__init__(document, f"Edit Gift {gift.name}", change)

    def id(self) -> int:
        """Typing in one Gift merges."""
        return ID_EDIT_FIELD + 3

    def mergeWith(self, other: QUndoCommand) -> bool:
        """One undo step per run of typing in one Gift."""
        if not isinstance(other, SetGiftCommand) or other.index != self.index:
            return False
        self._after = other._after
        return True


def _without(items: tuple[Any, ...], index: int) -> tuple[Any, ...]:
    return tuple(x for i, x in enumerate(items) if i != index)


class RemoveGiftCommand(SfCommand):
    """Remove Gift ``index``."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        super().__init__(
            document,
            "Remove Gift",
            lambda c: c.model_copy(update={"gifts": _without(c.gifts, index)}),
        )


class AddInvulnerabilityCommand(SfCommand):
    """Take an Invulnerability."""

    def __init__(self, document: CharacterDocument, item: Invulnerability) -> None:
        super().__init__(
            document,
            f"Add Invulnerability to {item.category}",
            lambda c: c.model_copy(update={"invulnerabilities": (*c.invulnerabilities, item)}),
        )


class RemoveInvulnerabilityCommand(SfCommand):
    """Remove Invulnerability ``index``."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        super().__init__(
            document,
            "Remove Invulnerability",
            lambda c: c.model_copy(
                update={"invulnerabilities": _without(c.invulnerabilities, index)}
            ),
        )


class AddWeaknessCommand(SfCommand):
    """Take a Weakness."""

    def __init__(self, document: CharacterDocument, item: Weakness) -> None:
        super().__init__(
            document,
            f"Add Weakness to {item.category}",
            lambda c: c.model_copy(update={"weaknesses": (*c.weaknesses, item)}),
        )


class RemoveWeaknessCommand(SfCommand):
    """Remove Weakness ``index``."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        super().__init__(
            document,
            "Remove Weakness",
            lambda c: c.model_copy(update={"weaknesses": _without(c.weaknesses, index)}),
        )


class SetTierBenefitsCommand(SfCommand):
    """Choose the trappings whose Tier Benefit a skill takes (at most its rating, L1200)."""

    def __init__(self, document: CharacterDocument, skill: str, chosen: tuple[str, ...]) -> None:
        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            benefits = {k: v for k, v in c.tier_benefits.items() if k != skill}
            if chosen:
                benefits[skill] = chosen
            return c.model_copy(update={"tier_benefits": benefits})

        super().__init__(document, f"Choose Tier Benefits of {skill}", change)


class SetCommonDrawbacksCommand(SfCommand):
    """Set the Drawbacks of a Common skill (one raised to Superhuman or above is Strange and
    needs one, L1151, L1446); an empty tuple removes them."""

    def __init__(
        self, document: CharacterDocument, skill: str, drawbacks: tuple[SkillDrawback, ...]
    ) -> None:
        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            kept = {k: v for k, v in c.common_drawbacks.items() if k != skill}
            if drawbacks:
                kept[skill] = drawbacks
            return c.model_copy(update={"common_drawbacks": kept})

        super().__init__(document, f"Drawbacks of {skill}", change)


class PutMadeCommand(SfCommand):
    """Write the Companion or Equipment item called ``made.name`` (added when new)."""

    def __init__(self, document: CharacterDocument, made: Companion | EquipmentItem) -> None:
        field = "companions" if isinstance(made, Companion) else "equipment"

        def change(c: StrangeFateCharacter) -> StrangeFateCharacter:
            items = list(getattr(c, field))
            at = next((i for i, x in enumerate(items) if x.name == made.name), None)
            if at is None:
                items.append(made)
            else:
                items[at] = made
            return c.model_copy(update={field: tuple(items)})

        super().__init__(document, f"Edit {made.name}", change)
