"""Rules layer: encounter scripts (cast, scene, events) parsed, validated and run; stored payloads.

A script is the JSON document described in docs/encounter-script.md: a cast (character files
by relative path, inline NPCs, minion groups, companions), the scene (aspects, zones, borders),
campaign rule switches, an optional seed, and the list of events, each naming a transition of
:mod:`rules.combat` with its arguments. Reading files is the caller's job (the CLI or the GUI):
this module gets parsed JSON and already-loaded characters, and never does I/O.

The same models serialise the encounter saved in the library (:class:`EncounterPayload`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.character import MAX_NAME, CharacterBase, ConflictKind
from rules.combat import (
    apply_event,
    companion,
    conflict_rules_for,
    fill_dice,
    minion_group,
    replay,
)
from rules.encounter import (
    PAYLOAD_VERSION,
    Aspect,
    Border,
    Encounter,
    Event,
    LogEntry,
    Participant,
    Zone,
)
from rules.errors import FatesmithError, RuleViolation
from rules.ladder import Ladder
from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.conflict import npc_participant, participant_from_character
from rules.systems.sotc.settings import SotcSettings
from rules.validation import field_path

FORMAT: Literal["fatesmith-encounter-script"] = "fatesmith-encounter-script"
FORMAT_VERSION = 1
MAX_EVENTS = 20_000

_FROZEN = ConfigDict(frozen=True, extra="forbid")

Quality = int | str


class EncounterScriptError(FatesmithError):
    """An encounter script that cannot be read or run; the message is one line."""


class NpcSpec(BaseModel):
    """A named NPC written inline: skills and, optionally, its tracks and fate points."""

    model_config = _FROZEN

    name: str = Field(default="", max_length=MAX_NAME)
    skills: dict[str, int] = Field(default_factory=dict, max_length=200)
    fate_points: int = Field(default=0, ge=0, le=1000)
    aspects: tuple[str, ...] = Field(default=(), max_length=50)
    health: int | None = Field(default=None, ge=0, le=50)
    composure: int | None = Field(default=None, ge=0, le=50)
    stunts: tuple[str, ...] = Field(default=(), max_length=40)
    armor: int = Field(default=0, ge=0, le=10)


class MinionSpec(BaseModel):
    """A minion group: quality (Average, Fair, Good or a number), how many, which conflicts."""

    model_config = _FROZEN

    name: str = Field(default="", max_length=MAX_NAME)
    quality: Quality = 1
    count: int = Field(ge=1, le=200)
    scope: tuple[ConflictKind, ...] = ("physical",)
    attached_to: str | None = None


class CompanionSpec(BaseModel):
    """A companion: quality, scope, its patron, and skills from Skilled advances."""

    model_config = _FROZEN

    name: str = Field(default="", max_length=MAX_NAME)
    quality: Quality = 1
    scope: tuple[ConflictKind, ...] = ("physical",)
    patron: str | None = None
    skills: dict[str, int] = Field(default_factory=dict, max_length=50)


class CastEntry(BaseModel):
    """One participant: exactly one of ``file``, ``npc``, ``minions``, ``companion``.

    Attributes:
        id: The participant id the events use.
        file: A character file, relative to the script's folder.
        kind: For a character file: ``pc`` or ``npc``.
        side: Free label of the side (tags across sides pay the tagged one).
        zone: Starting zone id.
        seat: Manual tie-break and rotating-initiative seat (default: cast order).
        grit: NPC grit (consequences before conceding).
        hidden: Hidden from the player view.
    """

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    file: str | None = Field(default=None, max_length=1000)
    kind: Literal["pc", "npc"] = "pc"
    npc: NpcSpec | None = None
    minions: MinionSpec | None = None
    companion: CompanionSpec | None = None
    side: str = Field(default="", max_length=MAX_NAME)
    zone: str | None = None
    seat: int | None = None
    grit: int | None = Field(default=None, ge=0, le=10)
    hidden: bool = False

    @model_validator(mode="after")
    def _one_source(self) -> CastEntry:
        given = [x for x in (self.file, self.npc, self.minions, self.companion) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of file, npc, minions or companion")
        return self


class SceneAspect(BaseModel):
    """A scene aspect laid out when framing the scene."""

    model_config = _FROZEN

    text: str = Field(min_length=1, max_length=MAX_NAME)
    sticky: bool = True
    hidden: bool = False


class Scene(BaseModel):
    """Scene aspects, zones and borders."""

    model_config = _FROZEN

    aspects: tuple[SceneAspect, ...] = Field(default=(), max_length=100)
    zones: tuple[Zone, ...] = Field(default=(), max_length=100)
    borders: tuple[Border, ...] = Field(default=(), max_length=500)


class EncounterScript(BaseModel):
    """A whole encounter script (docs/encounter-script.md)."""

    model_config = _FROZEN

    format: Literal["fatesmith-encounter-script"] = FORMAT
    format_version: int = Field(default=FORMAT_VERSION, ge=1)
    name: str = Field(default="", max_length=MAX_NAME)
    system: str = "sotc"
    conflict: ConflictKind = "physical"
    rules: SotcSettings = SotcSettings()
    seed: int | None = None
    scene: Scene = Scene()
    cast: tuple[CastEntry, ...] = Field(default=(), max_length=500)
    events: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)

    @model_validator(mode="after")
    def _unique_ids(self) -> EncounterScript:
        seen: set[str] = set()
        for entry in self.cast:
            if entry.id in seen:
                raise ValueError(f"two cast members have the id {entry.id!r}")
            seen.add(entry.id)
        return self


def parse_script(data: Any) -> EncounterScript:
    """Validate a parsed script document.

    Raises:
        EncounterScriptError: naming the first offending field.
    """
    if not isinstance(data, dict):
        raise EncounterScriptError("not an encounter script (expected a JSON object)")
    if data.get("format", FORMAT) != FORMAT:
        raise EncounterScriptError(
            f"not an encounter script (format is {data.get('format')!r}, expected {FORMAT!r})"
        )
    version = data.get("format_version", FORMAT_VERSION)
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise EncounterScriptError(
            f"written by a newer Fatesmith (script format {version}; this version reads up to "
            f"{FORMAT_VERSION})"
        )
    try:
        return EncounterScript.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = tuple(x for x in first["loc"] if not (isinstance(x, str) and x.endswith("Event")))
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise EncounterScriptError(f"field {field_path(loc)}: {first['msg']}{more}") from None


def quality_value(quality: Quality, ladder: Ladder | None) -> int:
    """A minion or companion quality as a number (``"Fair"`` -> 2 on the SotC ladder)."""
    if isinstance(quality, int):
        return quality
    if ladder is None:
        raise EncounterScriptError(f"quality {quality!r} needs a ladder; give a number")
    try:
        return ladder.parse(quality)
    except ValueError as exc:
        raise EncounterScriptError(f"quality {quality!r}: {exc}") from None


Deriver = Callable[[CharacterBase, SotcSettings], Any]
"""A system's ``derive``; its result must provide :class:`DerivedStress`'s fields."""


def build_encounter(
    script: EncounterScript,
    characters: Mapping[str, CharacterBase],
    derive: Deriver,
    ladder: Ladder | None = None,
) -> Encounter:
    """The encounter before its first event.

    Args:
        script: The parsed script.
        characters: Cast id -> the character loaded from that entry's ``file``.
        derive: The system's ``derive`` (track sizes, fate points, consequence slots).
        ladder: The system's ladder, for qualities written as adjectives.

    Raises:
        EncounterScriptError: a missing character, an unknown zone or patron.
    """
    cr = conflict_rules_for(script.system, script.rules)
    zones = {z.id for z in script.scene.zones}
    ids = {c.id for c in script.cast}
    for b in script.scene.borders:
        for z in b.between:
            if z not in zones:
                raise EncounterScriptError(f"scene.borders: unknown zone {z!r}")
    participants: list[Participant] = []
    for seat, entry in enumerate(script.cast):
        where = f"cast {entry.id!r}"
        if entry.zone is not None and entry.zone not in zones:
            raise EncounterScriptError(f"{where}: unknown zone {entry.zone!r}")
        s = entry.seat if entry.seat is not None else seat
        if entry.file is not None:
            character = characters.get(entry.id)
            if character is None:
                raise EncounterScriptError(f"{where}: character file {entry.file!r} not loaded")
            if not isinstance(character, SotcCharacter):
                raise EncounterScriptError(
                    f"{where}: {character.system!r} characters cannot join conflicts yet"
                )
            p = participant_from_character(
                character, derive(character, script.rules), pid=entry.id, kind=entry.kind,
                side=entry.side, seat=s, grit=entry.grit, zone=entry.zone,
            )  # fmt: skip
        elif entry.npc is not None:
            n = entry.npc
            p = npc_participant(
                pid=entry.id, name=n.name, skills=n.skills, rules=script.rules,
                fate_points=n.fate_points, aspects=n.aspects, health=n.health,
                composure=n.composure, grit=entry.grit, side=entry.side, seat=s, zone=entry.zone,
                stunts=n.stunts, armor=n.armor,
            )  # fmt: skip
        elif entry.minions is not None:
            m = entry.minions
            if m.attached_to is not None and m.attached_to not in ids:
                raise EncounterScriptError(f"{where}: unknown leader {m.attached_to!r}")
            try:
                p = minion_group(
                    cr, pid=entry.id, name=m.name, quality=quality_value(m.quality, ladder),
                    count=m.count, scope=m.scope, side=entry.side, seat=s, zone=entry.zone,
                    attached_to=m.attached_to,
                )  # fmt: skip
            except (RuleViolation, ValidationError) as exc:
                raise EncounterScriptError(f"{where}: {exc}") from None
        else:
            c = entry.companion
            assert c is not None
            if c.patron is not None and c.patron not in ids:
                raise EncounterScriptError(f"{where}: unknown patron {c.patron!r}")
            p = companion(
                cr, pid=entry.id, name=c.name, quality=quality_value(c.quality, ladder),
                patron=c.patron, scope=c.scope, skills=c.skills, side=entry.side, seat=s,
            )  # fmt: skip
        if entry.hidden:
            p = p.model_copy(update={"hidden": True})
        participants.append(p)
    patrons = {p.id: p for p in participants}
    participants = [
        p.model_copy(update={"zone": patrons[p.attached_to].zone})
        if p.kind == "companion" and p.attached_to in patrons
        else p
        for p in participants
    ]
    aspects = tuple(
        Aspect(id=f"a{i}", text=a.text, sticky=a.sticky, hidden=a.hidden)
        for i, a in enumerate(script.scene.aspects, start=1)
    )
    return Encounter(
        name=script.name, system=script.system, rules=script.rules, kind=script.conflict,
        participants=tuple(participants), aspects=aspects, zones=script.scene.zones,
        borders=script.scene.borders, next_aspect=len(aspects) + 1,
    )  # fmt: skip


def run_events(
    initial: Encounter, events: tuple[Event, ...], rng: random.Random
) -> tuple[Encounter, tuple[LogEntry, ...]]:
    """Apply ``events`` in order, drawing missing dice from ``rng`` (the log keeps the faces).

    Raises:
        EncounterScriptError: naming the event the rules refused, and why.
    """
    state = initial
    log: list[LogEntry] = []
    for i, event in enumerate(events):
        filled = fill_dice(event, rng, initial.system)
        try:
            state, entry = apply_event(state, filled)
        except RuleViolation as exc:
            raise EncounterScriptError(f"events[{i}] ({event.do}): {exc}") from None
        log.append(entry)
    return state, tuple(log)


def participant_summary(p: Participant) -> dict[str, Any]:
    """One participant as plain JSON (the ``--json`` output and the player view)."""
    out: dict[str, Any] = {
        "name": p.name,
        "kind": p.kind,
        "side": p.side,
        "health": list(p.health),
        "composure": list(p.composure),
        "consequences": [{"severity": c.severity, "text": c.text} for c in p.consequences],
        "fate_points": p.fate_points,
        "taken_out": p.taken_out,
        "conceded": p.conceded,
        "zone": p.zone,
    }
    if p.is_group:
        out.update(remaining=p.remaining, count=p.count, quality=p.quality)
    if p.attached_to is not None:
        out["attached_to"] = p.attached_to
    return out


def state_summary(state: Encounter, log: tuple[LogEntry, ...] = ()) -> dict[str, Any]:
    """The whole encounter as plain JSON: participants by id, aspects, the turn and the log."""
    return {
        "name": state.name,
        "system": state.system,
        "conflict": state.kind,
        "exchange": state.exchange,
        "current": state.current,
        "ended": state.ended,
        "order": list(state.order),
        "participants": {p.id: participant_summary(p) for p in state.participants},
        "aspects": [
            {
                "id": a.id,
                "text": a.text,
                "on": a.holder,
                "free_tags": a.free_tags,
                "sticky": a.sticky,
            }
            for a in state.aspects
        ],
        "log": [e.text for e in log],
    }


class EncounterPayload(BaseModel):
    """What the library stores for an encounter (``EncounterRecord.payload``).

    Attributes:
        version: Payload version (:data:`rules.encounter.PAYLOAD_VERSION`).
        initial: The encounter before its first event (a template is just this).
        log: Every transition so far, dice included.
        state: The current state (equal to replaying ``log`` over ``initial``).
    """

    model_config = _FROZEN

    version: int = PAYLOAD_VERSION
    initial: Encounter
    log: tuple[LogEntry, ...] = ()
    state: Encounter


def to_payload(initial: Encounter, log: tuple[LogEntry, ...], state: Encounter) -> dict[str, Any]:
    """The JSON dict stored in the library."""
    payload = EncounterPayload(initial=initial, log=log, state=state)
    data: dict[str, Any] = payload.model_dump(mode="json")
    return data


def from_payload(data: Mapping[str, Any]) -> EncounterPayload:
    """Read a stored payload back.

    Raises:
        EncounterScriptError: a payload from a newer Fatesmith, or a damaged one.
    """
    version = data.get("version")
    if isinstance(version, int) and version > PAYLOAD_VERSION:
        raise EncounterScriptError(
            f"this encounter was saved by a newer Fatesmith (payload {version}); update to open it"
        )
    try:
        return EncounterPayload.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise EncounterScriptError(
            f"the saved encounter is damaged (field {field_path(first['loc'])}: {first['msg']})"
        ) from None


def template_of(initial: Encounter, log: tuple[LogEntry, ...], state: Encounter) -> Encounter:
    """The prepared scene of an encounter, to store as a template and start again and again.

    That is the encounter as it was framed: the state just before the first ``start`` in the
    log (cast, scene aspects, zones and borders, all before any blow), or the current state
    when the conflict has not started; with a fresh step counter and no last roll.
    """
    framed = state
    for i, entry in enumerate(log):
        if entry.event.do == "start":
            framed = replay(initial, [e.event for e in log[:i]])[0]
            break
    return framed.model_copy(update={"step": 0, "last": None})
