"""Rules layer: the events of a conflict, one model per transition, and the log entry.

Every transition is described by an event model (the ``do`` field names it); an event carries
everything the transition needs, dice faces included, so folding the logged events over the
initial state (:mod:`rules.encounter.state`) reproduces the fight exactly. The same event models
are the steps of an encounter script.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.character import MAX_NAME, ConflictKind, Severity
from rules.encounter.state import MAX_FACES, Participant, TrackName, legacy_settings

_FROZEN = ConfigDict(frozen=True, extra="forbid")

Dice = tuple[int, ...] | None
"""Dice faces as read off the table (Fudge: -1, 0, +1), or None: drawn from the script seed."""


class Invoke(BaseModel):
    """An aspect used on a roll: +2, or a reroll whose faces replace the dice.

    Attributes:
        aspect: A temporary or scene aspect's id, or the text of a permanent aspect or
            consequence of participant ``on``.
        by: Who invokes or tags it (pays the fate point, or uses the free tag).
        on: Whose permanent aspect or consequence it is (None: ``by`` for a bare text).
        free: Use a free tag instead of a fate point.
        reroll: New faces for a reroll; None means +2.
    """

    model_config = _FROZEN

    aspect: str = Field(min_length=1, max_length=MAX_NAME)
    by: str
    on: str | None = None
    free: bool = False
    reroll: tuple[int, ...] | None = Field(default=None, max_length=MAX_FACES)


class _Event(BaseModel):
    model_config = _FROZEN


class StartEvent(_Event):
    """Frame done: fix the initiative order and begin exchange 1."""

    do: Literal["start"] = "start"


class NextTurnEvent(_Event):
    """The current actor is done; the next one in order acts (a new exchange after the last)."""

    do: Literal["next_turn"] = "next_turn"


class NextExchangeEvent(_Event):
    """End the exchange now and begin the next."""

    do: Literal["next_exchange"] = "next_exchange"


class RollEvent(_Event):
    """A simple action: skill + dice against a difficulty (default Mediocre, digest 13 #1).

    ``difficulty_tier``: the power tier of a static difficulty that has one (None: the
    roller's own), for systems whose dice depend on tiers (``ConflictRules.static_dice``).
    """

    do: Literal["roll"] = "roll"
    who: str
    skill: str = Field(max_length=MAX_NAME)
    dice: Dice = None
    difficulty: int = 0
    difficulty_tier: int | None = Field(default=None, ge=0, le=20)
    modifier: int = 0
    invokes: tuple[Invoke, ...] = ()
    spin: int = Field(default=0, ge=-1, le=1)
    uses_action: bool = True
    note: str = Field(default="", max_length=MAX_NAME)
    reading: str | None = Field(default=None, max_length=40)
    """What the user read for this roll, for a system that reads rolls its own way and needs
    it (a column off a printed table); None for the others."""


class AttackEvent(_Event):
    """An attack: a contest of the attacker's and the defender's skills (SotC "Attacks")."""

    do: Literal["attack"] = "attack"
    attacker: str
    defender: str
    skill: str = Field(max_length=MAX_NAME)
    defense_skill: str = Field(max_length=MAX_NAME)
    dice: Dice = None
    defense_dice: Dice = None
    modifier: int = 0
    defense_modifier: int = 0
    invokes: tuple[Invoke, ...] = ()
    defense_invokes: tuple[Invoke, ...] = ()
    spin: int = Field(default=0, ge=-1, le=1)
    defense_spin: int = Field(default=0, ge=-1, le=1)
    reading: str | None = Field(default=None, max_length=40)
    defense_reading: str | None = Field(default=None, max_length=40)
    """What the user read for the attack's and the defense's rolls (see ``RollEvent``)."""


class ApplyStressEvent(_Event):
    """Check a box: the pending hit on ``who`` (amount None) or a hit of ``amount`` (hazards).

    ``boxes`` (numbered from 1): One Hit to the Body: the lower empty boxes, adding up to the
    pending hit, to check instead of rolling up.
    """

    do: Literal["apply_stress"] = "apply_stress"
    who: str
    amount: int | None = Field(default=None, ge=1, le=100)
    track: TrackName | None = None
    boxes: tuple[int, ...] = Field(default=(), max_length=20)


class SetBoxEvent(_Event):
    """The GM checks or clears one box by hand (box numbers count from 1); ``level`` sets a
    box that holds levels (checked: 1, cleared: 0)."""

    do: Literal["set_box"] = "set_box"
    who: str
    track: TrackName = Field(min_length=1, max_length=40)
    box: int = Field(ge=1)
    checked: bool = True
    level: int | None = Field(default=None, ge=0, le=20)


class TakeConsequenceEvent(_Event):
    """Take a consequence: absorbs the whole pending hit on ``who`` (SotC "Consequences").

    ``companion`` uses the attached companion's extra consequence (the companion is removed).
    ``severity`` picks a free slot instead of the lightest (for systems whose consequences
    absorb by severity, where a heavier one alone may suit the hit better).
    """

    do: Literal["take_consequence"] = "take_consequence"
    who: str
    text: str = Field(min_length=1, max_length=MAX_NAME)
    companion: bool = False
    severity: Severity | None = None


class RemoveConsequenceEvent(_Event):
    """Remove one held consequence mid-conflict (first aid, stunts); its slot stays used."""

    do: Literal["remove_consequence"] = "remove_consequence"
    who: str
    text: str = Field(min_length=1, max_length=MAX_NAME)


class ConcedeEvent(_Event):
    """Offer a concession after taking a consequence; ``accepted`` by the opponent or not."""

    do: Literal["concede"] = "concede"
    who: str
    to: str
    accepted: bool
    terms: str = Field(default="", max_length=2000)
    reasonable: bool = True


class TakeOutEvent(_Event):
    """Take ``who`` out (a hit past the severe consequence, or the GM's ruling)."""

    do: Literal["take_out"] = "take_out"
    who: str
    by: str | None = None
    override: bool = False


class ManeuverEvent(_Event):
    """A maneuver; against a participant when ``target`` is set, else against a difficulty."""

    do: Literal["maneuver"] = "maneuver"
    actor: str
    skill: str = Field(max_length=MAX_NAME)
    aspect: str = Field(min_length=1, max_length=MAX_NAME)
    target: str | None = None
    defense_skill: str = Field(default="", max_length=MAX_NAME)
    dice: Dice = None
    defense_dice: Dice = None
    difficulty: int = 0
    modifier: int = 0
    defense_modifier: int = 0
    invokes: tuple[Invoke, ...] = ()
    defense_invokes: tuple[Invoke, ...] = ()
    spin: int = Field(default=0, ge=-1, le=1)
    defense_spin: int = Field(default=0, ge=-1, le=1)
    sticky: bool = False
    refused: bool = False


class BlockEvent(_Event):
    """A block: the roll is the block strength for the rest of the exchange; a ``persistent``
    one stands on without the blocker (``ConflictRules.persistent_block_bonus``)."""

    do: Literal["block"] = "block"
    actor: str
    skill: str = Field(max_length=MAX_NAME)
    dice: Dice = None
    protects: str | None = None
    against: str = Field(default="", max_length=MAX_NAME)
    penalty: int = Field(default=0, ge=0, le=20)
    invokes: tuple[Invoke, ...] = ()
    spin: int = Field(default=0, ge=-1, le=1)
    persistent: bool = False


class PassBlockEvent(_Event):
    """Try to get past a block: the action's skill against the strength, 1 shift needed."""

    do: Literal["pass_block"] = "pass_block"
    actor: str
    blocker: str
    skill: str = Field(max_length=MAX_NAME)
    dice: Dice = None
    invokes: tuple[Invoke, ...] = ()
    spin: int = Field(default=0, ge=-1, le=1)


class FullDefenseEvent(_Event):
    """Give up the exchange's action for +2 on every defense this exchange."""

    do: Literal["full_defense"] = "full_defense"
    who: str


class HoldEvent(_Event):
    """The current actor holds its action; the next in order acts."""

    do: Literal["hold"] = "hold"
    who: str


class ResumeEvent(_Event):
    """A holding participant takes its turn now, between two other turns."""

    do: Literal["resume"] = "resume"
    who: str


class MoveEvent(_Event):
    """Move to a zone: one zone as a supplemental action, or a sprint (Athletics roll)."""

    do: Literal["move"] = "move"
    who: str
    to: str
    sprint: bool = False
    dice: Dice = None
    skill: str = "Athletics"


class AttachEvent(_Event):
    """Attach a minion group or companion to a character (``to`` None detaches); free."""

    do: Literal["attach"] = "attach"
    who: str
    to: str | None = None


class SpendFatePointEvent(_Event):
    """Spend a fate point (declaration, stunt, +1 bonus... the reason is free text)."""

    do: Literal["spend_fate_point"] = "spend_fate_point"
    who: str
    reason: str = Field(default="", max_length=MAX_NAME)


class GrantFatePointEvent(_Event):
    """Give fate points (compel accepted, GM award)."""

    do: Literal["grant_fate_point"] = "grant_fate_point"
    who: str
    amount: int = Field(default=1, ge=1, le=100)
    reason: str = Field(default="", max_length=MAX_NAME)


class AddAspectEvent(_Event):
    """Put an aspect on the scene (``holder`` None) or on a participant."""

    do: Literal["add_aspect"] = "add_aspect"
    text: str = Field(min_length=1, max_length=MAX_NAME)
    holder: str | None = None
    created_by: str | None = None
    free_tags: int = Field(default=0, ge=0, le=10)
    sticky: bool = True
    hidden: bool = False


class RemoveAspectEvent(_Event):
    """Remove a scene or temporary aspect by id."""

    do: Literal["remove_aspect"] = "remove_aspect"
    aspect: str


class TagAspectEvent(_Event):
    """Use an aspect outside a roll (for effect): pays or uses the free tag, like on a roll."""

    do: Literal["tag_aspect"] = "tag_aspect"
    invoke: Invoke


class AddParticipantEvent(_Event):
    """Someone joins (reinforcements); they take their initiative place."""

    do: Literal["add_participant"] = "add_participant"
    participant: Participant


class RemoveParticipantEvent(_Event):
    """Someone leaves the scene altogether."""

    do: Literal["remove_participant"] = "remove_participant"
    who: str


class SetHiddenEvent(_Event):
    """Hide a participant from the player view, or show it again."""

    do: Literal["set_hidden"] = "set_hidden"
    who: str
    hidden: bool = True


class SetSceneEvent(_Event):
    """Frame the scene: its name and whether the conflict is physical, social or mental.

    Fields left None are unchanged. The kind picks the initiative skill, so it is fixed once
    the conflict has started (SotC "Establish Initiative": the order is set once). The system's
    ``settings`` too (as JSON; version-1 scripts call them ``rules``); and while anyone is in the
    scene, only settings that do not size the tracks may change (the system says which).
    """

    do: Literal["set_scene"] = "set_scene"
    name: str | None = Field(default=None, max_length=MAX_NAME)
    kind: ConflictKind | None = None
    settings: dict[str, Any] | None = Field(default=None, max_length=100)

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        return legacy_settings(data)


class AddZoneEvent(_Event):
    """Add a zone to the scene (SotC "Framing the Scene": about three to five)."""

    do: Literal["add_zone"] = "add_zone"
    zone: str = Field(min_length=1, max_length=64)
    name: str = Field(default="", max_length=MAX_NAME)


class RenameZoneEvent(_Event):
    """Give a zone another name."""

    do: Literal["rename_zone"] = "rename_zone"
    zone: str = Field(min_length=1, max_length=64)
    name: str = Field(default="", max_length=MAX_NAME)


class RemoveZoneEvent(_Event):
    """Remove a zone, its borders, and everyone's place in it."""

    do: Literal["remove_zone"] = "remove_zone"
    zone: str = Field(min_length=1, max_length=64)


class SetBorderEvent(_Event):
    """Join two zones with a border of ``value`` (0 = open), or part them (``value`` None)."""

    do: Literal["set_border"] = "set_border"
    between: tuple[str, str]
    value: int | None = Field(default=0, ge=0, le=20)


class PlaceEvent(_Event):
    """Put a participant in a zone while framing or by the GM's say (no roll, no penalty);
    ``zone`` None takes it off the map. Whoever is attached to it comes along."""

    do: Literal["place"] = "place"
    who: str
    zone: str | None = None


class EditAspectEvent(_Event):
    """Change a scene or temporary aspect: its text, fragile or sticky, free tags, hidden.

    Fields left None are unchanged.
    """

    do: Literal["edit_aspect"] = "edit_aspect"
    aspect: str
    text: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    sticky: bool | None = None
    free_tags: int | None = Field(default=None, ge=0, le=10)
    hidden: bool | None = None


class EndSceneEvent(_Event):
    """End the scene: stress clears unless ``clear_stress`` is off; mild consequences go after a
    breather (SotC "Removing Consequences"); temporary aspects go."""

    do: Literal["end_scene"] = "end_scene"
    clear_stress: bool = True
    breather: bool = True


class GmOverrideEvent(_Event):
    """The GM lets ``who`` take one action the action economy forbids (a second action this
    exchange, an action after a full defense, a supplemental move after acting); logged with
    the GM's reason, spent by that next action."""

    do: Literal["gm_override"] = "gm_override"
    who: str
    reason: str = Field(min_length=1, max_length=MAX_NAME)


RecoveryPeriod = Literal["breather", "night", "downtime"]


class RecoverEvent(_Event):
    """Time passes: consequences recover (breather: mild; 6+ hours: moderate; days: severe).

    ``elapsed`` instead names the in-game time that passed as a step of the system's time chart
    (``ConflictRules.time_chart``; SotC: "an hour", "a few days"), for recovery that care or a
    stunt has shortened by steps.
    """

    do: Literal["recover"] = "recover"
    period: RecoveryPeriod | None = None
    who: str | None = None
    back_to_back: bool = False
    elapsed: str | None = Field(default=None, min_length=1, max_length=40)

    @model_validator(mode="after")
    def _one_measure(self) -> RecoverEvent:
        if (self.period is None) == (self.elapsed is None):
            raise ValueError("give either period or elapsed")
        return self


ParamValue = int | str | bool
"""One parameter of a system action (JSON scalars)."""


class SystemActionEvent(_Event):
    """An action the game system defines beyond the shared ones (a hazard, first aid, an
    ambush...): the system lists what it offers (``ConflictRules.actions``) and applies it
    (``ConflictRules.apply_action``) with the engine's own steps, so undo, replay and scripts
    treat it like any other event.

    Attributes:
        action: The action's name, as the system lists it.
        actor: Who acts (None: the scene or the GM, e.g. a fire).
        targets: Whom it affects, in order.
        params: The action's parameters by name (the system states their types and ranges).
        dice: The faces of each roll the action makes, in the order the system rolls them;
            None: drawn from the script seed (the system says how many rolls it needs).
    """

    do: Literal["system_action"] = "system_action"
    action: str = Field(min_length=1, max_length=64)
    actor: str | None = None
    targets: tuple[str, ...] = Field(default=(), max_length=50)
    params: dict[str, ParamValue] = Field(default_factory=dict, max_length=32)
    dice: tuple[Annotated[tuple[int, ...], Field(max_length=MAX_FACES)], ...] | None = Field(
        default=None, max_length=60
    )


Event = Annotated[
    StartEvent
    | NextTurnEvent
    | NextExchangeEvent
    | RollEvent
    | AttackEvent
    | ApplyStressEvent
    | SetBoxEvent
    | TakeConsequenceEvent
    | RemoveConsequenceEvent
    | ConcedeEvent
    | TakeOutEvent
    | ManeuverEvent
    | BlockEvent
    | PassBlockEvent
    | FullDefenseEvent
    | HoldEvent
    | ResumeEvent
    | MoveEvent
    | AttachEvent
    | SpendFatePointEvent
    | GrantFatePointEvent
    | AddAspectEvent
    | RemoveAspectEvent
    | TagAspectEvent
    | AddParticipantEvent
    | RemoveParticipantEvent
    | SetHiddenEvent
    | SetSceneEvent
    | AddZoneEvent
    | RenameZoneEvent
    | RemoveZoneEvent
    | SetBorderEvent
    | PlaceEvent
    | EditAspectEvent
    | EndSceneEvent
    | RecoverEvent
    | GmOverrideEvent
    | SystemActionEvent,
    Field(discriminator="do"),
]
"""Every transition, as data (the ``do`` field names it)."""


class LogEntry(BaseModel):
    """One transition, as it happened: the event (dice included) and a line for the log.

    Attributes:
        index: Position in the log (0-based).
        exchange: The exchange it happened in (0 before the start).
        event: The event, with every die it used.
        text: Human-readable summary.
    """

    model_config = _FROZEN

    index: int
    exchange: int
    event: Event
    text: str
