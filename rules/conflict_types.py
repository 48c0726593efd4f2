"""Rules layer: the values a game system's conflict rules hand the engine.

Split from :mod:`rules.conflict_rules` (which re-exports every name here): the shared actions,
a harm track's description (:class:`TrackSpec`), how a roll reads (:class:`RollReading`) and a
system action's form (:class:`ActionSpec` with its :class:`ActionParam` fields). Plain pydantic
values; nothing here names a game system.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.character import ConflictKind
from rules.encounter import OptionValue, ParamValue, SystemActionEvent
from rules.errors import RuleViolation

SHARED_ACTIONS = ("attack", "maneuver", "block", "roll", "invoke")
"""The actions every system may share: an attack, a maneuver (placing an aspect), a block, a
roll against a difficulty, and invoking or tagging aspects."""


class TrackSpec(BaseModel):
    """One harm track a system's participants carry.

    Attributes:
        key: The name events and payloads use (``health``, ``composure``, ``wounds``...).
        label: What the GUI and the CLI call it.
        kinds: The conflict kinds whose hits land on it.
        levels: The highest value one box holds (1: a tick; more: wound levels).
        clears_after_scene: Whether the track empties when the scene ends.
        harm: What the log calls what the track takes ("no stress", "takes 2 health stress").
        level_names: Names of the levels a box holds, lowest first, for the log ("Hurt" for
            a box at level 2 reads "Wounds box 4 (Hurt)"); empty: boxes are numbered only.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=40)
    label: str = Field(min_length=1, max_length=80)
    kinds: tuple[ConflictKind, ...] = ()
    levels: int = Field(default=1, ge=1, le=20)
    clears_after_scene: bool = True
    harm: str = Field(default="stress", min_length=1, max_length=40)
    level_names: tuple[str, ...] = Field(default=(), max_length=20)

    def box_words(self, box: int, level: int) -> str:
        """Box ``box`` (0-based) holding ``level``, for the log: ``health box 2``, ``wounds box
        1 at level 4``, or with level names ``Wounds box 4 (Hurt)``."""
        if self.level_names:
            name = self.level_names[min(level, len(self.level_names)) - 1] if level > 0 else ""
            return f"{self.label} box {box + 1}" + (f" ({name})" if name else "")
        return f"{self.key} box {box + 1}" + (f" at level {level}" if self.levels > 1 else "")


class RollReading(BaseModel):
    """How a system read one roll (:meth:`ConflictRules.read_roll`).

    Attributes:
        effort: The roll's effort, compared with the opposition as any effort is; None when the
            roll cannot be read yet (the system needs a reading the event does not carry).
        text: The roll in the system's words for the log (empty: the engine's own line); when
            ``effort`` is None, what is missing.
        initiative: The roller's initiative this roll fixes (a system whose initiative is
            rolled), or None.
        options: System options of the roller a ``roll`` event, or an ``attack`` for its
            attacker's and defender's rolls, sets (a value of None removes the option), e.g.
            the time an action spends; empty: none.
        verdict: Whether a ``roll`` event's line gives the verdict against its difficulty
            (:meth:`ConflictRules.roll_verdict`); False for a roll that has none, such as an
            initiative roll.
        points: The roller's points (``Participant.fate_points``) after this roll, for a
            system where a roll gives points back; None (the default): unchanged.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    effort: int | None
    text: str = Field(default="", max_length=1000)
    initiative: int | None = None
    options: dict[str, OptionValue | None] = Field(default_factory=dict, max_length=32)
    verdict: bool = True
    points: int | None = Field(default=None, ge=0, le=1000)


class ActionParam(BaseModel):
    """One parameter of a system action, as a form shows it and a script writes it.

    Attributes:
        name: The key in ``SystemActionEvent.params``.
        label: What the GUI calls it.
        type: ``int`` (between ``minimum`` and ``maximum``), ``bool``, ``str`` (free text) or
            ``choice`` (one of ``choices``).
        default: The value when left out; None: the parameter must be given.
        minimum: Lowest ``int`` value.
        maximum: Highest ``int`` value.
        choices: The values of a ``choice``.
        help: A line on what it does.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    label: str = Field(min_length=1, max_length=80)
    type: Literal["int", "bool", "str", "choice"] = "int"
    default: ParamValue | None = None
    minimum: int = -100
    maximum: int = 100
    choices: tuple[str, ...] = ()
    help: str = Field(default="", max_length=400)

    def check(self, value: ParamValue) -> ParamValue:
        """``value`` if this parameter takes it (an ``int`` given as a whole float is not).

        Raises:
            RuleViolation: the value has the wrong type, or is out of range.
        """
        if self.type == "bool":
            if not isinstance(value, bool):
                raise RuleViolation(f"{self.name} must be true or false")
        elif self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleViolation(f"{self.name} must be a whole number")
            if not self.minimum <= value <= self.maximum:
                raise RuleViolation(
                    f"{self.name} must be between {self.minimum} and {self.maximum}"
                )
        elif not isinstance(value, str):
            raise RuleViolation(f"{self.name} must be text")
        elif self.type == "choice" and value not in self.choices:
            raise RuleViolation(f"{self.name} must be one of {', '.join(self.choices)}")
        return value


class ActionSpec(BaseModel):
    """An action a system offers beyond the shared ones (:class:`SystemActionEvent`).

    Attributes:
        name: ``SystemActionEvent.action``.
        label: What the GUI's menu calls it.
        section: The book section it follows (shown with the form, cited in the log).
        group: The menu it goes under (``Hazards``, ``Recovery``...).
        actor: Whether the action needs an actor (``required``), may have one
            (``optional``) or has none (``none``: the scene or the GM acts).
        min_targets: Fewest targets.
        max_targets: Most targets.
        params: The parameters, in the order a form shows them.
        help: A line on what it does.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    label: str = Field(min_length=1, max_length=80)
    section: str = Field(default="", max_length=200)
    group: str = Field(default="", max_length=80)
    actor: Literal["required", "optional", "none"] = "required"
    min_targets: int = Field(default=0, ge=0, le=50)
    max_targets: int = Field(default=0, ge=0, le=50)
    params: tuple[ActionParam, ...] = ()
    help: str = Field(default="", max_length=800)

    def checked_params(self, event: SystemActionEvent) -> dict[str, ParamValue]:
        """``event``'s parameters with the defaults filled in, after checking the actor, the
        targets and each value against this spec.

        Raises:
            RuleViolation: what is missing, unknown or out of range.
        """
        if self.actor == "required" and event.actor is None:
            raise RuleViolation(f"{self.label} needs someone to act")
        if self.actor == "none" and event.actor is not None:
            raise RuleViolation(f"{self.label} has no actor")
        n = len(event.targets)
        if not self.min_targets <= n <= self.max_targets:
            want = (
                str(self.min_targets)
                if self.min_targets == self.max_targets
                else f"{self.min_targets} to {self.max_targets}"
            )
            raise RuleViolation(f"{self.label} takes {want} target(s), not {n}")
        if len(set(event.targets)) != n:
            raise RuleViolation(f"{self.label} names a target twice")
        known = {p.name for p in self.params}
        unknown = sorted(set(event.params) - known)
        if unknown:
            raise RuleViolation(f"{self.label} has no parameter {unknown[0]!r}")
        out: dict[str, ParamValue] = {}
        for param in self.params:
            if param.name in event.params:
                out[param.name] = param.check(event.params[param.name])
            elif param.default is None:
                raise RuleViolation(f"{self.label} needs {param.name}")
            else:
                out[param.name] = param.default
        return out
