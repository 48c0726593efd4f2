"""Rules layer: the pure state of a conflict: participants, scene, turn order.

An :class:`Encounter` is a frozen pydantic aggregate. It never changes: :mod:`rules.conflict`
builds a new one for every transition (described by an event of :mod:`rules.encounter.events`)
and returns it with a log entry.

The shapes follow the encounter-tracker checklist of SotC "How To Do Things" (digest 6.16).
Nothing here names a game system: the tracks are named by the system's conflict rules
(:class:`rules.conflict_rules.TrackSpec`) and its settings are stored as plain JSON.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from rules.character import MAX_NAME, ConflictKind, Consequence, Severity
from rules.names import find_name

PAYLOAD_VERSION = 3
"""Version of the stored encounter payload (``EncounterRecord.payload``). Version 2: tracks
named by the system (``tracks``) instead of ``health``/``composure`` booleans; the system's
settings as JSON (``settings``) instead of ``rules``. Version 3: a participant's initiative by
conflict kind (``initiative``) instead of ``init_physical``/``init_social``, and what only its
system reads (extra consequence slots, armor, how hits land) in ``options``."""

MAX_PARTICIPANTS = 500
MAX_FACES = 20

Kind = Literal["pc", "npc", "minions", "companion"]
TrackName = str
"""A track's key, as the system's conflict rules name it."""

LEGACY_TRACKS = ("health", "composure")
"""The two tick tracks of payload version 1, read into ``tracks`` under the same keys."""
Side = str

OptionValue = bool | int | str | tuple[int | str, ...]
"""One value of a participant's system options (JSON scalars and flat lists)."""

LEGACY_INITIATIVE: dict[str, tuple[ConflictKind, ...]] = {
    "init_physical": ("physical",),
    "init_social": ("social", "mental"),
}
"""Payload version 2's initiative fields and the conflict kinds each one stood for."""

LEGACY_OPTIONS = ("extra_physical", "extra_social", "armor", "roll_down", "fill_lower")
"""Payload version 2's participant fields that only a system reads; version 3 keeps them, under
the same names, in ``options`` (a zero or an empty list is left out: it was the default)."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")


def legacy_participant(data: Any) -> Any:
    """A participant dict of an older payload in today's shape; anything else as it is.

    Version 1: the ``health``/``composure`` booleans move into ``tracks`` (0 = clear,
    1 = checked). Version 2: ``init_physical``/``init_social`` become ``initiative`` by
    conflict kind, and the fields of :data:`LEGACY_OPTIONS` move into ``options``.
    """
    if not isinstance(data, dict):
        return data
    legacy = (*LEGACY_TRACKS, *LEGACY_INITIATIVE, *LEGACY_OPTIONS)
    if not any(k in data for k in legacy):
        return data
    out = {k: v for k, v in data.items() if k not in legacy}
    if any(k in data for k in LEGACY_TRACKS):
        tracks = dict(out.get("tracks") or {})
        for key in LEGACY_TRACKS:
            if key in data and isinstance(data[key], list | tuple):
                tracks.setdefault(key, [int(bool(b)) for b in data[key]])
        out["tracks"] = tracks
    if any(k in data for k in LEGACY_INITIATIVE):
        initiative = dict(out.get("initiative") or {})
        for key, kinds in LEGACY_INITIATIVE.items():
            for kind in kinds:
                if data.get(key):
                    initiative.setdefault(kind, data[key])
        out["initiative"] = initiative
    if any(k in data for k in LEGACY_OPTIONS):
        options = dict(out.get("options") or {})
        for key in LEGACY_OPTIONS:
            if data.get(key):
                options.setdefault(key, data[key])
        out["options"] = options
    return out


def legacy_settings(data: Any) -> Any:
    """A version-1 encounter or scene event dict with ``rules`` renamed ``settings``."""
    if isinstance(data, dict) and "rules" in data and "settings" not in data:
        data = {("settings" if k == "rules" else k): v for k, v in data.items()}
    return data


class Participant(BaseModel):
    """One side's actor in a conflict: a character, a minion group or a companion.

    Attributes:
        id: Stable id inside the encounter (script ids, undo commands and logs use it).
        name: Display name.
        kind: ``pc``, ``npc`` (named NPC), ``minions`` (a group) or ``companion``.
        side: Free label of the side it fights for; tags across sides pay the tagged one.
        character_id: The library character it was built from, if any.
        skills: Skill ratings (minions and companions use ``quality`` instead when unlisted).
        initiative: Initiative value in each kind of conflict (the system says from which
            skill: SotC's Alertness in physical conflicts, Empathy in social and mental ones;
            a kind left out is 0).
        tie_edge: Per conflict kind, an edge that wins initiative ties before ``tiebreak``
            is looked at (SotC: Ready for Anything in physical conflicts, Preemptive Grace in
            social ones; equal edges fall through to ``tiebreak``; a kind left out is 0).
        tiebreak: Initiative tie-breaker (SotC: Resolve).
        seat: Manual order for remaining ties and for rotating initiative.
        tracks: Each harm track the system names (:class:`rules.conflict_rules.TrackSpec`):
            the value of each box, 0 clear, n checked or holding wound level n (a minion group:
            every minion's boxes in a row).
        consequences: Consequences held now.
        spent_slots: Severities of consequences removed during this conflict; their slots stay
            used for ordering until the scene ends (SotC "Consequences"; digest 13 #3).
        fate_points: Current fate points.
        aspects: Permanent aspects (invokable by name).
        grit: NPC grit: consequences taken before offering a concession (None = not used).
        zone: Zone id, or None.
        attached_to: A minion group's leader or a companion's patron (participant id).
        quality: Minion or companion quality on the ladder (Average 1, Fair 2, Good 3...).
        count: Minions in the group at the start.
        scope: The conflict kinds a minion group or companion is effective in.
        acted: Took its action this exchange.
        holding: Holding its action this exchange.
        full_defense: On full defense this exchange (+2 to every defense).
        taken_out: Out of the conflict.
        conceded: Taken out by an accepted concession (on its own terms).
        penalty: Pending supplemental-action penalty on its next rolled action (moving, etc.).
        consequences_taken: Consequences taken during this conflict (for grit).
        hidden: Hidden from the player view.
        extra_stress_vs_groups: Extra stress this participant's successful attacks deal to
            two or more minions (SotC Brawler: +1).
        options: What only the participant's system reads, opaque here and checked by its
            conflict rules (``ConflictRules.participant_options_problem``): SotC keeps extra
            consequence slots, armor and the stunts that change where a hit lands; a system
            with power tiers or wound thresholds keeps those.
    """

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(default="", max_length=MAX_NAME)
    kind: Kind = "npc"
    side: Side = Field(default="", max_length=MAX_NAME)
    character_id: uuid.UUID | None = None
    skills: dict[str, int] = Field(default_factory=dict, max_length=200)
    initiative: dict[ConflictKind, int] = Field(default_factory=dict, max_length=3)
    tie_edge: dict[ConflictKind, int] = Field(default_factory=dict, max_length=3)
    tiebreak: int = 0
    seat: int = 0
    tracks: dict[str, Annotated[tuple[int, ...], Field(max_length=400)]] = Field(
        default_factory=dict, max_length=8
    )
    consequences: tuple[Consequence, ...] = Field(default=(), max_length=20)
    spent_slots: tuple[Severity, ...] = Field(default=(), max_length=20)
    fate_points: int = Field(default=0, ge=0, le=1000)
    aspects: tuple[str, ...] = Field(default=(), max_length=50)
    grit: int | None = Field(default=None, ge=0, le=10)
    zone: str | None = None
    attached_to: str | None = None
    quality: int = Field(default=0, ge=0, le=10)
    count: int = Field(default=0, ge=0, le=200)
    scope: tuple[ConflictKind, ...] = ()
    acted: bool = False
    holding: bool = False
    full_defense: bool = False
    taken_out: bool = False
    conceded: bool = False
    penalty: int = Field(default=0, ge=0, le=100)
    consequences_taken: int = Field(default=0, ge=0, le=100)
    hidden: bool = False
    extra_stress_vs_groups: int = Field(default=0, ge=0, le=10)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        return legacy_participant(data)

    @field_validator("initiative", "tie_edge")
    @classmethod
    def _no_zero_initiative(cls, value: dict[ConflictKind, int]) -> dict[ConflictKind, int]:
        # a kind left out reads 0: one spelling for the same participant
        return {k: v for k, v in value.items() if v}

    @property
    def is_group(self) -> bool:
        """Whether this is a minion group."""
        return self.kind == "minions"

    def track(self, name: TrackName) -> tuple[int, ...]:
        """The boxes of one track (empty when the participant has no such track)."""
        return self.tracks.get(name, ())

    @property
    def per_minion(self) -> int:
        """Boxes per minion (a group's track is ``count`` runs of this many boxes)."""
        if not self.count:
            return 0
        return max((len(t) for t in self.tracks.values()), default=0) // self.count

    @property
    def remaining(self) -> int:
        """Minions still standing (sequential stress fills whole minions one after another)."""
        if not self.is_group:
            return 0 if self.taken_out else 1
        per = self.per_minion
        if per == 0:
            return 0
        down = max((sum(1 for b in t if b) for t in self.tracks.values()), default=0) // per
        return max(0, self.count - down)

    def skill(self, name: str, kind: ConflictKind) -> int:
        """Rating of skill ``name`` in a conflict of ``kind``.

        Minion groups roll their quality in their scope and Mediocre outside it (digest 13 #8);
        companions use their listed skills, else their quality in scope.
        """
        key = find_name(self.skills, name)
        if key is not None:
            return self.skills[key]
        if self.kind in ("minions", "companion"):
            return self.quality if (not self.scope or kind in self.scope) else 0
        return 0


class Aspect(BaseModel):
    """A scene aspect or a temporary aspect on a participant (SotC "Temporary Aspects").

    Attributes:
        id: Stable id (``a1``, ``a2``...).
        text: The aspect.
        holder: The participant it is on, or None for the scene.
        created_by: Who brought it into play.
        free_tags: Free tags left (one for whoever created or revealed it).
        free_tag_owner: Who may use the free tag (the creator, or whoever it was passed to).
        sticky: Sticky aspects survive being tagged; fragile ones vanish after one tag.
        hidden: Hidden from the player view.
    """

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=32)
    text: str = Field(min_length=1, max_length=MAX_NAME)
    holder: str | None = None
    created_by: str | None = None
    free_tags: int = Field(default=0, ge=0, le=10)
    free_tag_owner: str | None = None
    sticky: bool = True
    hidden: bool = False


class Zone(BaseModel):
    """A loosely bounded area of the scene (SotC "Framing the Scene")."""

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(default="", max_length=MAX_NAME)


class Border(BaseModel):
    """A passage between two zones; ``value`` is the border's difficulty (0 = open)."""

    model_config = _FROZEN

    between: tuple[str, str]
    value: int = Field(default=0, ge=0, le=20)


class Block(BaseModel):
    """A block action's standing effect, until the end of the exchange it was made in.

    Attributes:
        by: The blocker.
        strength: The block's effort.
        protects: The protected participant, for a protecting block.
        against: What the block prevents, in words (for other blocks).
        exchange: The exchange it lasts through.
        tier: The power tier its strength stands at (the blocker's skill's; 0 in a system
            without tiers).
        tried: Who has made a free attempt to get past it (an attempt that keeps the action:
            one a character, as the action itself is).
        persistent: It stands from exchange to exchange without the blocker (``exchange`` is
            the one it was raised in), until the blocker is out or the scene ends.
    """

    model_config = _FROZEN

    by: str
    strength: int
    protects: str | None = None
    against: str = Field(default="", max_length=MAX_NAME)
    exchange: int
    tier: int = Field(default=0, ge=0, le=20)
    tried: tuple[str, ...] = Field(default=(), max_length=MAX_PARTICIPANTS)
    persistent: bool = False

    @model_serializer(mode="wrap")
    def _tier_when_tiered(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # a system without tiers writes the payload it always wrote (older readers accept it)
        data: dict[str, Any] = handler(self)
        if not self.tier:
            data.pop("tier", None)
        if not self.tried:
            data.pop("tried", None)
        if not self.persistent:
            data.pop("persistent", None)
        return data


class Spin(BaseModel):
    """Defensive spin: a +/-1 its owner may put on one roll of the next rolled action."""

    model_config = _FROZEN

    owner: str


class PendingHit(BaseModel):
    """Stress a named target must still absorb: with a box, a consequence, or by going out.

    Attributes:
        target: Who was hit.
        shifts: The hit's value.
        track: The track the hit lands on.
        attacker: Who inflicted it (for concessions).
        box: The box the hit would check (after rolling up), or None when no box can take it.
    """

    model_config = _FROZEN

    target: str
    shifts: int = Field(ge=1)
    track: TrackName
    attacker: str | None = None
    box: int | None = None


class RollRecord(BaseModel):
    """One roll of an action: who, which skill, the faces and every modifier (``standing``:
    the note of the system's standing modifier in ``bonus``, e.g. a wound penalty, shown in
    the log's roll line; ``pool`` is the dice expression when the roll's power tiers changed
    the system's plain pool, empty for the plain pool)."""

    model_config = _FROZEN

    who: str
    skill: str
    rating: int
    faces: tuple[int, ...]
    bonus: int = 0
    effort: int
    notes: tuple[str, ...] = ()
    standing: str = ""
    reading: str = Field(default="", max_length=1000)
    """The roll in its system's words, when the system reads rolls its own way (else empty)."""
    pool: str = Field(default="", max_length=80)


class Outcome(BaseModel):
    """The result of the last rolled action, for the dice panel and the player view."""

    model_config = _FROZEN

    action: str
    actor: str
    target: str | None = None
    rolls: tuple[RollRecord, ...] = ()
    opposition: int | None = None
    shifts: int = 0
    success: bool = False
    spin: bool = False
    text: str = ""


class Encounter(BaseModel):
    """A conflict: who is in it, the scene and where the turn order stands.

    Attributes:
        version: Payload format version.
        name: The scene's name.
        system: Game-system id whose conflict rules apply.
        settings: The system's campaign settings as JSON (empty: the book's defaults).
        kind: Physical, social or mental: picks the track and the initiative skill.
        participants: Everyone in the scene, in the order they were added.
        aspects: Scene and temporary aspects.
        zones: Zones of the scene.
        borders: Passages between zones (adjacency and border values).
        started: Initiative fixed and exchanges running.
        ended: The scene is over.
        exchange: Exchange number (1 after the start).
        order: Initiative order of the participants who take turns.
        turn: Index into ``order`` of the current actor.
        interrupt: A holding participant acting now, between two turns.
        blocks: Blocks standing this exchange.
        pending_hit: A hit on a named target still to be absorbed.
        spin: Defensive spin waiting for the next rolled action.
        pending_fp: Fate points owed at the end of the exchange (tags to someone's detriment).
        concession_open: Who just took a consequence and so may offer a concession.
        overrides: Participants the GM has let take one action the action economy forbids
            (``gm_override``); each is spent by that participant's next action.
        last: The last rolled action.
        next_aspect: Counter for aspect ids.
        step: Transitions applied so far (the next log entry's index).
    """

    model_config = _FROZEN

    version: int = PAYLOAD_VERSION
    name: str = Field(default="", max_length=MAX_NAME)
    system: str = Field(min_length=1, max_length=40)
    settings: dict[str, Any] = Field(default_factory=dict, max_length=100)
    kind: ConflictKind = "physical"
    participants: tuple[Participant, ...] = Field(default=(), max_length=MAX_PARTICIPANTS)
    aspects: tuple[Aspect, ...] = Field(default=(), max_length=1000)
    zones: tuple[Zone, ...] = Field(default=(), max_length=100)
    borders: tuple[Border, ...] = Field(default=(), max_length=500)
    started: bool = False
    ended: bool = False
    exchange: int = 0
    order: tuple[str, ...] = ()
    turn: int = 0
    interrupt: str | None = None
    blocks: tuple[Block, ...] = ()
    pending_hit: PendingHit | None = None
    spin: Spin | None = None
    pending_fp: tuple[str, ...] = ()
    concession_open: str | None = None
    overrides: tuple[str, ...] = ()
    last: Outcome | None = None
    next_aspect: int = 1
    step: int = 0

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        return legacy_settings(data)

    def find(self, pid: str) -> Participant | None:
        """The participant ``pid``, or None."""
        for p in self.participants:
            if p.id == pid:
                return p
        return None

    def aspect(self, aspect_id: str) -> Aspect | None:
        """The scene or temporary aspect ``aspect_id``, or None."""
        for a in self.aspects:
            if a.id == aspect_id:
                return a
        return None

    @property
    def current(self) -> str | None:
        """Whose turn it is (a holder acting now wins), or None outside exchanges."""
        if self.interrupt is not None:
            return self.interrupt
        if not self.started or self.ended or not (0 <= self.turn < len(self.order)):
            return None
        return self.order[self.turn]
