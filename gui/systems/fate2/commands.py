"""GUI layer: FATE 2.0's undo commands, one class per user action (STYLE.md "Commands").

Every command builds the next immutable character in its constructor and hands it to the
document on redo (the snapshots of :class:`gui.documents.commands.CharacterCommand`). Edits of
the phase history rebuild the sheet from the phases (``rules.systems.fate2.builder``), so the
skills, aspect levels and extras' ranks on the sheet are always what the ticks buy (§2 Looking at
the Pyramid). Phases are addressed by their position in the history, skills and extras by name,
aspects by position on the sheet; never by view rows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from gui.documents.character_document import CharacterDocument
from gui.documents.commands import CharacterCommand
from rules.character import CharacterBase
from rules.evolve import evolve
from rules.systems.fate2.builder import sheet_from_phases
from rules.systems.fate2.character import (
    Fate2Aspect,
    Fate2Character,
    Fate2Extra,
    Fate2Phase,
    PhaseKind,
)
from rules.systems.fate2.history import key
from rules.systems.fate2.settings import Fate2Settings
from rules.systems.fate2.system import Fate2System

ID_EDIT_FIELD = 4301
ID_EDIT_PHASE_TEXT = 4302

TEXT_FIELDS = {"name": "name", "player": "player", "concept": "concept", "goal": "goal",
               "notes": "notes"}  # fmt: skip
"""Character text fields a page edits -> the words the undo menu uses."""


def fate2_of(document: CharacterDocument) -> tuple[Fate2Character, Fate2System, Fate2Settings]:
    """The document's character, system and settings, typed."""
    character, system, settings = document.character, document.system, document.settings
    assert isinstance(character, Fate2Character)
    assert isinstance(system, Fate2System)
    assert isinstance(settings, Fate2Settings)
    return character, system, settings


def rebuilt(document: CharacterDocument, character: Fate2Character) -> Fate2Character:
    """``character`` with its sheet made what its phases build."""
    _, system, settings = fate2_of(document)
    return sheet_from_phases(character, system.resolve(settings))


def rebuilt_character(
    system: Fate2System,
    settings: Fate2Settings,
    character: CharacterBase,
    phases: tuple[Fate2Phase, ...],
) -> Fate2Character:
    """A new ``character`` given ``phases`` and the sheet they build (a quick NPC)."""
    assert isinstance(character, Fate2Character)
    return sheet_from_phases(evolve(character, phases=phases), system.resolve(settings))


class Fate2Command(CharacterCommand):
    """Base: ``change`` turns the current character into the next one; the sheet follows."""

    def __init__(
        self,
        document: CharacterDocument,
        text: str,
        change: Callable[[Fate2Character], Fate2Character],
    ) -> None:
        super().__init__(document, text)
        character, _, _ = fate2_of(document)
        self._after = rebuilt(document, change(character))


def _phase_edit(index: int, **changes: object) -> Callable[[Fate2Character], Fate2Character]:
    def change(c: Fate2Character) -> Fate2Character:
        phases = list(c.phases)
        phases[index] = evolve(phases[index], **changes)
        return evolve(c, phases=tuple(phases))

    return change


def _set_count(counts: dict[str, int], name: str, n: int) -> dict[str, int]:
    """``counts`` with ``name`` (matched case-insensitively) at ``n``; 0 removes it."""
    out = {k: v for k, v in counts.items() if key(k) != key(name)}
    if n > 0:
        out[next((k for k in counts if key(k) == key(name)), name.strip())] = n
    return out


# -- text fields ----------------------------------------------------------------------------------


class EditFieldCommand(Fate2Command):
    """Type into one of the character's text fields (consecutive typing merges)."""

    def __init__(self, document: CharacterDocument, field: str, text: str) -> None:
        if field not in TEXT_FIELDS:
            raise ValueError(f"not an editable field: {field!r}")
        self.field = field
        super().__init__(
            document, f"Edit {TEXT_FIELDS[field]}", lambda c: evolve(c, **{field: text})
        )

    def id(self) -> int:
        """Text edits merge with the next edit of the same field."""
        return ID_EDIT_FIELD

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Keep one undo step per run of typing in one field."""
        if not isinstance(other, EditFieldCommand) or other.field != self.field:
            return False
        self._after = other._after
        return True


class SetFatePointsCommand(Fate2Command):
    """Record the current fate points (None: the starting amount)."""

    def __init__(self, document: CharacterDocument, points: int | None) -> None:
        super().__init__(document, "Set fate points", lambda c: evolve(c, fate_points=points))


# -- phases ---------------------------------------------------------------------------------------


class AddPhaseCommand(Fate2Command):
    """Add a phase at the end of the history."""

    def __init__(self, document: CharacterDocument, kind: PhaseKind = "normal") -> None:
        super().__init__(
            document,
            "Add a phase",
            lambda c: evolve(c, phases=(*c.phases, Fate2Phase(kind=kind))),
        )


class RemovePhaseCommand(Fate2Command):
    """Remove one phase (its ticks and aspects go with it)."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        super().__init__(
            document,
            f"Remove phase {index + 1}",
            lambda c: evolve(c, phases=c.phases[:index] + c.phases[index + 1 :]),
        )


class SetTicksCommand(Fate2Command):
    """Set how many ranks a phase buys of one skill (one tick a rank)."""

    def __init__(self, document: CharacterDocument, index: int, skill: str, ticks: int) -> None:
        character, _, _ = fate2_of(document)
        ranks = _set_count(dict(character.phases[index].ranks), skill, max(0, ticks))
        super().__init__(
            document,
            f"{skill.strip()}: {max(0, ticks)} tick{'s' if ticks != 1 else ''} in phase "
            f"{index + 1}",
            _phase_edit(index, ranks=ranks),
        )


class SetExtraTicksCommand(Fate2Command):
    """Set how many ranks a phase puts into one extra."""

    def __init__(self, document: CharacterDocument, index: int, extra: str, ticks: int) -> None:
        character, _, _ = fate2_of(document)
        extras = _set_count(dict(character.phases[index].extras), extra, max(0, ticks))
        super().__init__(
            document,
            f"{extra.strip()}: {max(0, ticks)} rank{'s' if ticks != 1 else ''} in phase "
            f"{index + 1}",
            _phase_edit(index, extras=extras),
        )


class SetPhaseKindCommand(Fate2Command):
    """Make a phase normal, missed, a potential or Destiny phase, or an arc."""

    def __init__(self, document: CharacterDocument, index: int, kind: PhaseKind) -> None:
        super().__init__(document, f"Phase {index + 1}: {kind}", _phase_edit(index, kind=kind))


class SetPhasePlotCommand(Fate2Command):
    """Mark a phase as a plot phase, or not (§6 Aspects as Plot Hooks)."""

    def __init__(self, document: CharacterDocument, index: int, plot: bool) -> None:
        text = f"Phase {index + 1}: {'plot phase' if plot else 'not a plot phase'}"
        super().__init__(document, text, _phase_edit(index, plot=plot))


class EditPhaseTextCommand(Fate2Command):
    """Type a phase's aspects (``;`` between several) or events (typing merges)."""

    def __init__(self, document: CharacterDocument, index: int, field: str, text: str) -> None:
        if field == "aspects":
            value: object = tuple(a.strip() for a in text.split(";") if a.strip())
            words = "aspect"
        elif field == "events":
            value, words = text, "events"
        else:
            raise ValueError(f"not a phase text field: {field!r}")
        self.target = (index, field)
        super().__init__(
            document, f"Edit phase {index + 1} {words}", _phase_edit(index, **{field: value})
        )

    def id(self) -> int:
        """Typing in one phase field merges."""
        return ID_EDIT_PHASE_TEXT

    def mergeWith(self, other: QUndoCommand) -> bool:
        """One undo step per run of typing in the same phase field."""
        if not isinstance(other, EditPhaseTextCommand) or other.target != self.target:
            return False
        self._after = other._after
        return True


def parse_renames(text: str) -> dict[str, str]:
    """``Sneak -> Stealth; Swordfighting -> Sword`` as old -> new (an arrow ``\u2192`` too);
    pieces without both names, or renaming a skill to itself, are left out."""
    out: dict[str, str] = {}
    for piece in text.replace("\u2192", "->").split(";"):
        old, arrow, new = piece.partition("->")
        old, new = " ".join(old.split()), " ".join(new.split())
        if arrow and old and new and key(old) != key(new):
            out[old] = new
    return out


def show_renames(renames: dict[str, str]) -> str:
    """Renames as the builder shows them: ``Sneak \u2192 Stealth; ...``."""
    return "; ".join(f"{old} \u2192 {new}" for old, new in renames.items())


class SetPhaseRenamesCommand(Fate2Command):
    """Rename skills from one phase on (Appendix IV: Juram's Sneak becomes Stealth, D§5 AMB-28):
    the phase records old -> new, and that phase's and later phases' ticks under the old name
    move to the new one; earlier phases keep the old name, and the skill keeps its ticks."""

    def __init__(self, document: CharacterDocument, index: int, renames: dict[str, str]) -> None:
        def change(c: Fate2Character) -> Fate2Character:
            def moved(counts: dict[str, int]) -> dict[str, int]:
                out: dict[str, int] = {}
                for name, n in counts.items():
                    target = next((v for k, v in renames.items() if key(k) == key(name)), name)
                    hit = next((k for k in out if key(k) == key(target)), target)
                    out[hit] = out.get(hit, 0) + n
                return out

            phases = tuple(
                evolve(p, renames=dict(renames)) if i == index else p
                for i, p in enumerate(c.phases)
            )
            phases = tuple(
                evolve(p, ranks=moved(dict(p.ranks))) if i >= index else p
                for i, p in enumerate(phases)
            )
            return evolve(c, phases=phases)

        words = show_renames(renames) or "no renames"
        super().__init__(document, f"Phase {index + 1}: {words}", change)


class RenameSkillCommand(Fate2Command):
    """Rename a skill everywhere: every phase's ticks, the sheet, its own default."""

    def __init__(self, document: CharacterDocument, old: str, new: str) -> None:
        new = " ".join(new.split())

        def rename(counts: dict[str, int]) -> dict[str, int]:
            return {(new if key(k) == key(old) else k): v for k, v in counts.items()}

        def change(c: Fate2Character) -> Fate2Character:
            phases = tuple(evolve(p, ranks=rename(dict(p.ranks))) for p in c.phases)
            return evolve(
                c,
                phases=phases,
                skills=rename(dict(c.skills)),
                skill_defaults=rename(dict(c.skill_defaults)),
            )

        super().__init__(document, f"Rename {old} to {new}", change)


class SetSkillValueCommand(Fate2Command):
    """Set a skill's value on a sheet without a phase history (None: back to untrained)."""

    def __init__(self, document: CharacterDocument, skill: str, value: int | None) -> None:
        def change(c: Fate2Character) -> Fate2Character:
            skills = {k: v for k, v in c.skills.items() if key(k) != key(skill)}
            if value is not None:
                skills[skill.strip()] = value
            return evolve(c, skills=skills)

        super().__init__(document, f"Set {skill.strip()}", change)


# -- aspects and extras ---------------------------------------------------------------------------


class EditAspectCommand(Fate2Command):
    """Change an aspect's notes, sign, checked boxes (or, without history, its level)."""

    def __init__(self, document: CharacterDocument, index: int, aspect: Fate2Aspect) -> None:
        def change(c: Fate2Character) -> Fate2Character:
            aspects = list(c.aspects)
            aspects[index] = aspect
            return evolve(c, aspects=tuple(aspects))

        super().__init__(document, f"Edit aspect {aspect.name}", change)


class AddAspectCommand(Fate2Command):
    """Add an aspect to a sheet without a phase history."""

    def __init__(self, document: CharacterDocument, name: str) -> None:
        super().__init__(
            document,
            f"Add aspect {name}",
            lambda c: evolve(c, aspects=(*c.aspects, Fate2Aspect(name=name))),
        )


class RemoveAspectCommand(Fate2Command):
    """Remove an aspect from a sheet without a phase history."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        super().__init__(
            document,
            "Remove an aspect",
            lambda c: evolve(c, aspects=c.aspects[:index] + c.aspects[index + 1 :]),
        )


class SetFreeAspectsCommand(Fate2Command):
    """Set the free aspect levels taken outside the phases (§6 Free Aspects)."""

    def __init__(self, document: CharacterDocument, names: tuple[str, ...]) -> None:
        super().__init__(document, "Set free aspects", lambda c: evolve(c, free_aspects=names))


class AddExtraCommand(Fate2Command):
    """Add an extra (ranks are ticked in the phases)."""

    def __init__(self, document: CharacterDocument, extra: Fate2Extra) -> None:
        super().__init__(
            document,
            f"Add extra {extra.name}",
            lambda c: evolve(c, extras=(*c.extras, extra)),
        )


class EditExtraCommand(Fate2Command):
    """Change an extra; a new name follows it into every phase's ranks."""

    def __init__(self, document: CharacterDocument, index: int, extra: Fate2Extra) -> None:
        character, _, _ = fate2_of(document)
        old = character.extras[index].name

        def change(c: Fate2Character) -> Fate2Character:
            extras = list(c.extras)
            extras[index] = extra
            phases = c.phases
            if old.strip() and key(old) != key(extra.name):
                phases = tuple(
                    evolve(
                        p,
                        extras={
                            (extra.name if key(k) == key(old) else k): v
                            for k, v in p.extras.items()
                        },
                    )
                    for p in c.phases
                )
            return evolve(c, extras=tuple(extras), phases=phases)

        super().__init__(document, f"Edit extra {extra.name or old}", change)


class RemoveExtraCommand(Fate2Command):
    """Remove an extra and the ranks the phases put into it."""

    def __init__(self, document: CharacterDocument, index: int) -> None:
        character, _, _ = fate2_of(document)
        name = character.extras[index].name

        def change(c: Fate2Character) -> Fate2Character:
            phases = tuple(
                evolve(p, extras={k: v for k, v in p.extras.items() if key(k) != key(name)})
                for p in c.phases
            )
            return evolve(c, extras=c.extras[:index] + c.extras[index + 1 :], phases=phases)

        super().__init__(document, f"Remove extra {name}", change)


class FillFromShorthandCommand(Fate2Command):
    """Replace the phase history by a quick NPC's (§10 Pyramid Shorthand), aspects kept blank."""

    def __init__(self, document: CharacterDocument, phases: tuple[Fate2Phase, ...]) -> None:
        super().__init__(
            document,
            "Fill from the Pyramid Shorthand",
            lambda c: evolve(c, phases=phases, skills={}, aspects=(), free_aspects=()),
        )
