"""GUI layer: undo commands for a SotC character between fights (SotC "Fate Points",
"Stress", "Consequences", "Removing Consequences", "The Long Game: Advancement").

One class per user action (STYLE.md "Commands"): each constructor builds the next character
with the pure functions of :mod:`rules.systems.sotc.play`; ``redo()``/``undo()`` swap the two
snapshots through the document.
"""

from __future__ import annotations

from typing import Any, Literal

from PySide6.QtGui import QUndoCommand

from gui.documents.character_document import CharacterDocument
from gui.documents.commands import CharacterCommand
from rules.character import Condition, ConflictKind, Consequence, Severity
from rules.encounter import RecoveryPeriod
from rules.systems.sotc.character import Advancement, SotcCharacter
from rules.systems.sotc.conflict import SotcConflictRules
from rules.systems.sotc.play import advance, recover, refresh, unadvance, with_condition
from rules.systems.sotc.treatment_marks import cure_poison

ID_FATE_POINTS = 4201
"""Command id of fate point edits: consecutive steps of the spin box merge into one undo step."""

Track = Literal["health", "composure"]
PERIOD_TEXT: dict[RecoveryPeriod, str] = {
    "breather": "a breather",
    "night": "a night's rest",
    "downtime": "downtime",
}
KIND_TEXT = {"aspect": "aspect", "stunt": "stunt", "peak": "peak raise", "shuffle": "shuffle"}


def _sotc(document: CharacterDocument) -> SotcCharacter:
    character = document.character
    if not isinstance(character, SotcCharacter):
        raise TypeError(f"not a Spirit of the Century character: {type(character).__name__}")
    return character


def _derived(document: CharacterDocument) -> Any:
    return document.derived


class _PlayCommand(CharacterCommand):
    """A command whose next character is given when it is built."""

    def __init__(self, document: CharacterDocument, text: str, after: SotcCharacter) -> None:
        super().__init__(document, text)
        self._after = after


class SetFatePointsCommand(_PlayCommand):
    """Set the current fate point pool (a compel earned, a point spent, a GM's award)."""

    def __init__(self, document: CharacterDocument, value: int) -> None:
        character = _sotc(document)
        super().__init__(
            document,
            f"Fate points: {value}",
            character.model_copy(update={"fate_points": max(0, min(1000, value))}),
        )

    def id(self) -> int:
        """Shared by every fate point edit, so a run of spin box steps merges."""
        return ID_FATE_POINTS

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Absorb the next fate point edit of the same document."""
        if not isinstance(other, SetFatePointsCommand) or other.document is not self.document:
            return False
        self._after = other._after
        self.setText(other.text())
        return True


class RefreshFatePointsCommand(_PlayCommand):
    """A refresh at the start of a session: the pool comes up to the refresh rate, never
    down (SotC "Refreshing Fate Points")."""

    def __init__(self, document: CharacterDocument) -> None:
        derived = _derived(document)
        super().__init__(
            document,
            "Refresh fate points",
            refresh(_sotc(document), derived.fate_points, derived.refresh),
        )


def track_marks(character: SotcCharacter, track: Track, boxes: int) -> tuple[bool, ...]:
    """The checked state of each of the track's ``boxes`` (a short record padded clear)."""
    marks = getattr(character.condition, track)
    return tuple(marks[:boxes]) + (False,) * max(0, boxes - len(marks))


class ToggleStressCommand(_PlayCommand):
    """Check or clear one stress box (SotC "Stress")."""

    def __init__(self, document: CharacterDocument, track: Track, index: int) -> None:
        character = _sotc(document)
        boxes = getattr(_derived(document), f"{track}_boxes")
        marks = list(track_marks(character, track, boxes))
        if not 0 <= index < len(marks):
            raise IndexError(f"no {track} box {index + 1}")
        marks[index] = not marks[index]
        condition = character.condition.model_copy(update={track: tuple(marks)})
        verb = "Check" if marks[index] else "Clear"
        super().__init__(
            document,
            f"{verb} {track.title()} box {index + 1}",
            with_condition(character, condition),
        )


class AddConsequenceCommand(_PlayCommand):
    """Write down a consequence the character carries (SotC "Consequences")."""

    def __init__(
        self,
        document: CharacterDocument,
        severity: Severity,
        text: str,
        kind: ConflictKind = "physical",
    ) -> None:
        character = _sotc(document)
        taken = Consequence(severity=severity, text=text.strip(), kind=kind)
        consequences = (*character.condition.consequences, taken)
        super().__init__(
            document,
            f"Add {severity} consequence",
            with_condition(
                character, character.condition.model_copy(update={"consequences": consequences})
            ),
        )


class RemoveConsequenceCommand(_PlayCommand):
    """Strike out one consequence (healed, or written by mistake)."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        character = _sotc(document)
        held = character.condition.consequences
        if not 0 <= index < len(held):
            raise IndexError(f"no consequence {index + 1}")
        rest = held[:index] + held[index + 1 :]
        super().__init__(
            document,
            f"Remove consequence \u201c{held[index].text}\u201d",
            with_condition(
                character, character.condition.model_copy(update={"consequences": rest})
            ),
        )


class RecoverCommand(_PlayCommand):
    """Time passes: stress clears and the consequences ``period`` heals go (SotC "Removing
    Consequences"), by the conflict rules' own recovery."""

    def __init__(
        self, document: CharacterDocument, period: RecoveryPeriod, *, back_to_back: bool = False
    ) -> None:
        character = _sotc(document)
        rules = document.system.conflict_rules(document.settings)
        if not isinstance(rules, SotcConflictRules):
            raise TypeError("not Spirit of the Century conflict rules")
        boxes = _derived(document)
        # Stress is recorded box by box: a character never hurt gets full clear tracks.
        condition = Condition(
            health=track_marks(character, "health", boxes.health_boxes),
            composure=track_marks(character, "composure", boxes.composure_boxes),
            consequences=character.condition.consequences,
        )
        after = recover(
            with_condition(character, condition), rules, period, back_to_back=back_to_back
        )
        more = " (back to back)" if back_to_back else ""
        super().__init__(document, f"Recover after {PERIOD_TEXT[period]}{more}", after)


class CurePoisonCommand(_PlayCommand):
    """The slow poison is cured: its consequences now recover with time like any other (SotC
    "Poisons", SRD L5581).

    Raises:
        RuleViolation: no consequence waits for a cure.
    """

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "Cure the poison", cure_poison(_sotc(document)))


class AddAdvancementCommand(_PlayCommand):
    """Record an advancement (SotC "The Long Game"): its aspect, stunt or peak raise with it."""

    def __init__(self, document: CharacterDocument, entry: Advancement) -> None:
        super().__init__(
            document, f"Record {KIND_TEXT[entry.kind]} advancement", advance(_sotc(document), entry)
        )


class RemoveAdvancementCommand(_PlayCommand):
    """Strike advancement ``index`` from the log, with what it granted."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        character = _sotc(document)
        if not 0 <= index < len(character.advancements):
            raise IndexError(f"no advancement {index + 1}")
        kind = character.advancements[index].kind
        super().__init__(
            document, f"Remove {KIND_TEXT[kind]} advancement", unadvance(character, index)
        )
