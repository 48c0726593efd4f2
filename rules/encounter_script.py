"""Rules layer: encounter scripts (cast, scene, events) parsed, validated and run; stored payloads.

A script is the JSON document described in docs/encounter-script.md: its game system, a cast
(character files by relative path, inline NPCs, minion groups, companions), the scene (aspects,
zones, borders), the system's settings, an optional seed, and the list of events, each naming a
transition of :mod:`rules.conflict` with its arguments. Reading files is the caller's job (the
CLI or the GUI): this module gets parsed JSON, already-loaded characters and the registry of
systems, and never does I/O. Any system whose ``conflict_rules`` is not None runs scripts.

The same models serialise the encounter saved in the library (:class:`EncounterPayload`), with
the upgrade of older payloads (:func:`upgrade_payload`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.character import MAX_NAME, CharacterBase, ConflictKind
from rules.conflict import apply_event, companion, fill_dice, minion_group, replay
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    LEGACY_TRACKS,
    PAYLOAD_VERSION,
    Aspect,
    Border,
    Encounter,
    Event,
    LogEntry,
    OptionValue,
    Participant,
    Zone,
    legacy_participant,
    legacy_settings,
)
from rules.errors import FatesmithError, RuleViolation
from rules.ladder import Ladder
from rules.systems.registry import SystemRegistry
from rules.validation import field_path

FORMAT: Literal["fatesmith-encounter-script"] = "fatesmith-encounter-script"
FORMAT_VERSION = 2
"""Version 2: ``settings`` (the system's, as JSON) instead of ``rules``; an NPC's ``tracks``
sizes instead of ``health``/``composure``. Version-1 scripts are read as they are."""
MAX_EVENTS = 20_000

_FROZEN = ConfigDict(frozen=True, extra="forbid")

Quality = int | str


class EncounterScriptError(FatesmithError):
    """An encounter script that cannot be read or run; the message is one line."""


class NpcSpec(BaseModel):
    """A named NPC written inline: skills and, optionally, its track sizes and fate points
    (``tracks``: track key -> boxes; version-1 scripts give ``health``/``composure``)."""

    model_config = _FROZEN

    name: str = Field(default="", max_length=MAX_NAME)
    skills: dict[str, int] = Field(default_factory=dict, max_length=200)
    fate_points: int = Field(default=0, ge=0, le=1000)
    aspects: tuple[str, ...] = Field(default=(), max_length=50)
    tracks: dict[str, Annotated[int, Field(ge=0, le=50)]] = Field(
        default_factory=dict, max_length=8
    )
    stunts: tuple[str, ...] = Field(default=(), max_length=40)
    armor: int = Field(default=0, ge=0, le=10)

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        if isinstance(data, dict) and any(k in data for k in LEGACY_TRACKS):
            data = dict(data)
            tracks = dict(data.get("tracks") or {})
            for key in LEGACY_TRACKS:
                value = data.pop(key, None)
                if value is not None:
                    tracks.setdefault(key, value)
            data["tracks"] = tracks
        return data


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
        options: System options added to the participant's own (a power tier, say), checked
            by the system's conflict rules (``participant_options_problem``).
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
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)

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
    system: str | None = Field(default=None, min_length=1, max_length=40)
    conflict: ConflictKind = "physical"
    settings: dict[str, Any] = Field(default_factory=dict, max_length=100)
    seed: int | None = None
    scene: Scene = Scene()
    cast: tuple[CastEntry, ...] = Field(default=(), max_length=500)
    events: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        return legacy_settings(data)

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
        fmt = data.get("format")
        found = 'its "format" is null' if fmt is None else f"its format is {fmt!r}"
        raise EncounterScriptError(
            f'not an encounter script ({found}; a script says "format": {FORMAT!r})'
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


def script_system(script: EncounterScript, registry: SystemRegistry) -> str:
    """The system a script runs under: the one it names; a version-1 script that names none
    was written when only the first registered system had conflicts, so it means that one.

    Raises:
        EncounterScriptError: no system registered.
    """
    if script.system is not None:
        return script.system
    for info in registry.infos():
        return info.id
    raise EncounterScriptError("no game system is registered")


def script_rules(script: EncounterScript, registry: SystemRegistry) -> ConflictRules:
    """The conflict rules of the script's system under the script's settings.

    Raises:
        EncounterScriptError: an unknown system, one without conflict rules, bad settings.
    """
    system_id = script_system(script, registry)
    try:
        system = registry.get(system_id)
        settings = system.parse_settings(script.settings)
    except FatesmithError as exc:
        raise EncounterScriptError(str(exc)) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = field_path(first["loc"])
        raise EncounterScriptError(f"field settings.{where}: {first['msg']}") from None
    cr = system.conflict_rules(settings)
    if cr is None:
        raise EncounterScriptError(f"conflicts are not available for the {system_id!r} system yet")
    return cr


def build_encounter(
    script: EncounterScript,
    characters: Mapping[str, CharacterBase],
    cr: ConflictRules,
    ladder: Ladder | None = None,
    *,
    system: str | None = None,
) -> Encounter:
    """The encounter before its first event.

    Args:
        script: The parsed script.
        characters: Cast id -> the character loaded from that entry's ``file``.
        cr: The system's conflict rules under the script's settings (:func:`script_rules`);
            they build the participants from the characters.
        ladder: The system's ladder, for qualities written as adjectives.
        system: The system id (:func:`script_system`); default: the one the script names.

    Raises:
        EncounterScriptError: a missing character, an unknown zone or patron.
    """
    system_id = system or script.system
    if system_id is None:
        raise EncounterScriptError("the script names no game system")
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
            if character.system != system_id:
                raise EncounterScriptError(
                    f"{where}: a {character.system!r} character cannot join a {system_id!r} "
                    "conflict"
                )
            try:
                p = cr.participant_from_character(
                    character, pid=entry.id, kind=entry.kind, side=entry.side, seat=s,
                    grit=entry.grit, zone=entry.zone,
                )  # fmt: skip
            except RuleViolation as exc:
                raise EncounterScriptError(f"{where}: {exc}") from None
        elif entry.npc is not None:
            n = entry.npc
            known = {t.key for t in cr.tracks}
            for key in n.tracks:
                if key not in known:
                    raise EncounterScriptError(
                        f"{where}: no track {key!r} in this system ({', '.join(sorted(known))})"
                    )
            p = cr.npc_participant(
                pid=entry.id, name=n.name, skills=n.skills, fate_points=n.fate_points,
                aspects=n.aspects, tracks=n.tracks, grit=entry.grit, side=entry.side, seat=s,
                zone=entry.zone, stunts=n.stunts, armor=n.armor,
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
        if entry.options:
            p = p.model_copy(update={"options": {**p.options, **entry.options}})
            problem = cr.participant_options_problem(p.options)
            if problem:
                raise EncounterScriptError(f"{where}: options: {problem}")
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
        name=script.name, system=system_id, settings=cr.settings_data, kind=script.conflict,
        participants=tuple(participants), aspects=aspects, zones=script.scene.zones,
        borders=script.scene.borders, next_aspect=len(aspects) + 1,
    )  # fmt: skip


def run_events(
    cr: ConflictRules, initial: Encounter, events: tuple[Event, ...], rng: random.Random
) -> tuple[Encounter, tuple[LogEntry, ...]]:
    """Apply ``events`` in order, drawing missing dice from ``rng`` (the log keeps the faces).

    Raises:
        EncounterScriptError: naming the event the rules refused, and why.
    """
    state = initial
    log: list[LogEntry] = []
    for i, event in enumerate(events):
        filled = fill_dice(cr, event, rng, state)
        try:
            state, entry = apply_event(cr, state, filled)
        except RuleViolation as exc:
            raise EncounterScriptError(f"events[{i}] ({event.do}): {exc}") from None
        log.append(entry)
    return state, tuple(log)


def participant_summary(p: Participant, cr: ConflictRules | None = None) -> dict[str, Any]:
    """One participant as plain JSON (the ``--json`` output and the player view): each track
    under its key, a list of booleans for a tick track, of levels for one that holds levels."""
    levels = {t.key: t.levels for t in cr.tracks} if cr is not None else {}
    out: dict[str, Any] = {
        "name": p.name,
        "kind": p.kind,
        "side": p.side,
        **{
            key: [bool(b) for b in boxes] if levels.get(key, 1) == 1 else list(boxes)
            for key, boxes in p.tracks.items()
        },
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


def state_summary(
    state: Encounter, log: tuple[LogEntry, ...] = (), cr: ConflictRules | None = None
) -> dict[str, Any]:
    """The whole encounter as plain JSON: participants by id, aspects, the turn and the log."""
    return {
        "name": state.name,
        "system": state.system,
        "conflict": state.kind,
        "exchange": state.exchange,
        "current": state.current,
        "ended": state.ended,
        "order": list(state.order),
        "participants": {p.id: participant_summary(p, cr) for p in state.participants},
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


def _upgrade_encounter(data: Any, version: int) -> Any:
    if not isinstance(data, dict):
        return data
    out = dict(legacy_settings(data))
    out["participants"] = [legacy_participant(p) for p in out.get("participants") or ()]
    out["version"] = version
    return out


def _upgrade_event(event: Any) -> Any:
    if not isinstance(event, dict):
        return event
    if event.get("do") == "set_scene":
        return legacy_settings(event)
    if event.get("do") == "add_participant":
        return {**event, "participant": legacy_participant(event.get("participant"))}
    return event


def upgrade_payload(data: Mapping[str, Any]) -> dict[str, Any]:
    """A stored payload brought up to :data:`rules.encounter.PAYLOAD_VERSION`.

    Version 1 -> 2: the encounter's ``rules`` become its ``settings``; each participant's
    ``health``/``composure`` booleans become tracks of the same names (0 clear, 1 checked);
    logged ``set_scene`` and ``add_participant`` events likewise. Version 2 -> 3: each
    participant's ``init_physical``/``init_social`` become its ``initiative`` by conflict kind
    and the fields only its system reads move into its ``options``
    (:func:`rules.encounter.legacy_participant`), in the states and the logged
    ``add_participant`` events. Nothing a replay computes changes.

    Raises:
        EncounterScriptError: a payload from a newer Fatesmith.
    """
    out = dict(data)
    version = out.get("version", 1)
    if not isinstance(version, int) or version < 1:
        version = 1
    if version > PAYLOAD_VERSION:
        raise EncounterScriptError(
            f"this encounter was saved by a newer Fatesmith (payload {version}); update to open it"
        )
    if version < PAYLOAD_VERSION:
        # each step is what legacy_participant / legacy_settings read; they apply together
        out["initial"] = _upgrade_encounter(out.get("initial"), PAYLOAD_VERSION)
        out["state"] = _upgrade_encounter(out.get("state"), PAYLOAD_VERSION)
        out["log"] = [
            {**e, "event": _upgrade_event(e.get("event"))} if isinstance(e, dict) else e
            for e in out.get("log") or ()
        ]
        out["version"] = PAYLOAD_VERSION
    return out


def from_payload(data: Mapping[str, Any]) -> EncounterPayload:
    """Read a stored payload back (older payloads are upgraded first).

    Raises:
        EncounterScriptError: a payload from a newer Fatesmith, or a damaged one.
    """
    data = upgrade_payload(data)
    try:
        return EncounterPayload.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise EncounterScriptError(
            f"the saved encounter is damaged (field {field_path(first['loc'])}: {first['msg']})"
        ) from None


def template_of(
    cr: ConflictRules, initial: Encounter, log: tuple[LogEntry, ...], state: Encounter
) -> Encounter:
    """The prepared scene of an encounter, to store as a template and start again and again.

    That is the encounter as it was framed: the state just before the first ``start`` in the
    log (cast, scene aspects, zones and borders, all before any blow), or the current state
    when the conflict has not started; with a fresh step counter and no last roll.
    """
    framed = state
    for i, entry in enumerate(log):
        if entry.event.do == "start":
            framed = replay(cr, initial, [e.event for e in log[:i]])[0]
            break
    return framed.model_copy(update={"step": 0, "last": None})
