"""Rules layer: what the players may see of an encounter, as one redacted public state.

:func:`public_view` is the only road from an :class:`~rules.encounter.Encounter` to the page
the app serves to the players' own devices: participants and aspects the GM hid never enter
the result (nor any log line that names them), the GM's fate points stay behind the screen,
and the stress of the GM's characters is shown as the GM chose: exact boxes, the system's
words for how they fare (:attr:`rules.systems.registry.SystemInfo.condition_words`), or
nothing. It is a pure function of its arguments; the result serialises to the JSON the page
reads (:meth:`PublicState.to_json`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules.conflict import initiative_value
from rules.conflict_rules import ConflictRules
from rules.encounter.events import (
    AddAspectEvent,
    AddParticipantEvent,
    EditAspectEvent,
    LogEntry,
    SetHiddenEvent,
)
from rules.encounter.state import Encounter, Participant
from rules.ladder import Ladder

StressMode = Literal["exact", "words", "hidden"]
"""How the GM's characters' stress reaches the players: every box, words, or not at all."""

STRESS_MODES: tuple[StressMode, ...] = ("exact", "words", "hidden")

DEFAULT_LOG_LINES = 6

_FROZEN = ConfigDict(frozen=True, extra="forbid")

# Events whose line tells how a participant is harmed or what they have left: under a stress
# mode other than "exact" their lines about the GM's characters stay behind the screen.
_HARM_EVENTS = frozenset(
    {
        "attack",
        "apply_stress",
        "set_box",
        "take_consequence",
        "remove_consequence",
        "take_out",
        "concede",
        "recover",
        "system_action",
    }
)
# Events whose line tells the fate points of whoever they name: only player characters' show.
_POINT_EVENTS = frozenset({"spend_fate_point", "grant_fate_point", "concede"})
# The fields of an event that name the participant harmed (or paying).
_TARGET_FIELDS = ("who", "defender", "target", "targets")


class PublicTrack(BaseModel):
    """One harm track as the players see it: its label and each box (0 clear, n checked)."""

    model_config = _FROZEN

    label: str
    boxes: tuple[int, ...]
    text: str


class PublicParticipant(BaseModel):
    """One participant the players may see.

    Attributes:
        key: A key for the page (``p1``, ``p2``...: position in the public list).
        name: The name.
        kind: ``pc``, ``npc``, ``minions`` or ``companion``.
        gm_side: On the GM's side (not a player character nor on a player character's side).
        initiative: The initiative in the system's words (empty before the start).
        status: Taken out, acting, holding... in words.
        current: Whose turn it is.
        on_deck: Who acts next.
        taken_out: Out of the conflict.
        tracks: The harm tracks, exact (empty when the GM shows words or nothing).
        condition: How they fare in the system's words (the "words" stress mode), else empty.
        consequences: Consequences held, ``"mild: Bruised Ribs"``.
        fate_points: A player character's fate points (None for the GM's).
        aspects: Public aspects on them (temporary ones with their free tags).
        zone: The zone's name, or empty.
    """

    model_config = _FROZEN

    key: str
    name: str
    kind: str
    gm_side: bool
    initiative: str
    status: str
    current: bool
    on_deck: bool
    taken_out: bool
    tracks: tuple[PublicTrack, ...]
    condition: str
    consequences: tuple[str, ...]
    fate_points: int | None
    aspects: tuple[str, ...]
    zone: str


class PublicAspect(BaseModel):
    """A public scene aspect with its free tags (and who holds them, when public)."""

    model_config = _FROZEN

    text: str
    free_tags: int
    tag_owner: str
    sticky: bool


class PublicZone(BaseModel):
    """A zone and who is visibly in it."""

    model_config = _FROZEN

    name: str
    here: tuple[str, ...]


class PublicBorder(BaseModel):
    """A border between two zones and its difficulty (0: open)."""

    model_config = _FROZEN

    between: tuple[str, str]
    value: int


class PublicState(BaseModel):
    """Everything the players' page shows; nothing else leaves the app.

    Attributes:
        title: The scene's name.
        system: The game system's name.
        phase: ``getting ready``, the exchange in the system's words, or ``the scene is over``.
        up: Whose turn it is (empty when nobody public is acting).
        on_deck: Who acts next (empty when nobody public is next).
        stress: The stress mode the GM chose for their characters.
        points_label: The system's name for fate points.
        participants: The public participants, in turn order.
        scene_aspects: The public scene aspects.
        zones: The zones, in the scene's order.
        borders: The borders between zones.
        last_roll: The last roll in words, or empty.
        log: The last few public log lines, oldest first.
    """

    model_config = _FROZEN

    title: str
    system: str
    phase: str
    up: str
    on_deck: str
    stress: StressMode
    points_label: str
    participants: tuple[PublicParticipant, ...]
    scene_aspects: tuple[PublicAspect, ...]
    zones: tuple[PublicZone, ...]
    borders: tuple[PublicBorder, ...]
    last_roll: str
    log: tuple[str, ...]

    def to_json(self) -> str:
        """The JSON the page reads."""
        return self.model_dump_json()


def gm_side(state: Encounter, p: Participant) -> bool:
    """Whether ``p`` is one of the GM's characters: not a player character, nor on a side a
    player character is on (the player view's rule for hiding stress)."""
    if p.kind == "pc":
        return False
    return p.side not in {q.side for q in state.participants if q.kind == "pc"}


def condition_level(p: Participant) -> int:
    """How ``p`` fares, 0-3: unharmed; some stress; consequences or over half of a track
    checked (a group: some of its members down); out of the conflict."""
    if p.taken_out or (p.is_group and p.count and p.remaining == 0):
        return 3
    checked = [sum(1 for b in t if b) for t in p.tracks.values()]
    if p.consequences or (p.is_group and p.count and p.remaining < p.count):
        return 2
    if any(2 * c > len(t) for c, t in zip(checked, p.tracks.values(), strict=True) if t):
        return 2
    return 1 if any(checked) else 0


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a dumped event (field values, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _secrets(state: Encounter, log: Sequence[LogEntry]) -> tuple[set[str], list[str]]:
    """What no public log line may name: (ids and texts that may appear as an event's field
    values, texts that may appear inside a line). Hidden participants and aspects of the
    current state, and those hidden at some point that are no longer in the scene (removed
    while hidden: their lines remain in the log)."""
    present = {p.id for p in state.participants}
    present_aspects = {a.id for a in state.aspects}
    values: set[str] = set()
    texts: list[str] = []
    for p in state.participants:
        if p.hidden:
            values.update((p.id, p.name))
            texts.append(p.name)
    for a in state.aspects:
        if a.hidden:
            values.update((a.id, a.text))
            texts.append(a.text)
    names: dict[str, str] = {}
    for entry in log:
        event = entry.event
        if isinstance(event, AddParticipantEvent):
            q = event.participant
            names[q.id] = q.name
            if q.hidden and q.id not in present:
                values.update((q.id, q.name))
                texts.append(q.name)
        elif isinstance(event, SetHiddenEvent) and event.hidden and event.who not in present:
            values.add(event.who)
            if event.who in names:
                values.add(names[event.who])
                texts.append(names[event.who])
        elif isinstance(event, AddAspectEvent) and event.hidden:
            if event.text not in {a.text for a in state.aspects if not a.hidden}:
                values.add(event.text)
                texts.append(event.text)
        elif (
            isinstance(event, EditAspectEvent)
            and event.hidden
            and event.aspect not in present_aspects
        ):
            values.add(event.aspect)
    values.discard("")  # an unnamed participant: an empty field names nobody
    return values, [t.casefold() for t in texts if t.strip()]


def _public_lines(
    state: Encounter, log: Sequence[LogEntry], stress: StressMode, count: int
) -> tuple[str, ...]:
    """The last ``count`` log lines the players may read, oldest first."""
    if count <= 0:
        return ()
    values, texts = _secrets(state, log)
    gm_ids = {p.id for p in state.participants if gm_side(state, p)}
    npc_ids = {p.id for p in state.participants if p.kind != "pc"}
    out: list[str] = []
    for entry in reversed(log):
        event = entry.event
        dumped = event.model_dump()
        if dumped.get("hidden") is True:
            continue  # the GM hid something: the line says what
        if isinstance(event, AddParticipantEvent) and event.participant.hidden:
            continue
        if any(s in values for s in _strings(dumped)):
            continue
        folded = entry.text.casefold()
        if any(t in folded for t in texts):
            continue
        targets = {s for f in _TARGET_FIELDS if f in dumped for s in _strings(dumped[f])} | (
            {dumped["actor"]} if dumped.get("actor") else set()
        )
        if event.do in _POINT_EVENTS and targets & npc_ids:
            continue  # the GM's fate points stay behind the screen
        if stress != "exact" and event.do in _HARM_EVENTS and targets & gm_ids:
            continue  # how the GM's characters are hurt, told only as the GM chose
        out.append(entry.text)
        if len(out) == count:
            break
    return tuple(reversed(out))


def participant_status(
    state: Encounter,
    p: Participant,
    *,
    visible: set[str] | None = None,
    counts: bool = True,
    mark: str = "",
) -> str:
    """``p``'s state in the turn order, in words ("acting, full defense", "with Baron"): the
    GM's table and the players' page say it alike.

    Args:
        visible: The participants the reader may see (None: all); a leader outside it is not
            named.
        counts: Whether a group says how many of it stand (its stress shows as much).
        mark: What goes before "acting" (the GM's table: a pointer).
    """
    if p.taken_out:
        return "conceded" if p.conceded else "taken out"
    bits = []
    if state.current == p.id:
        bits.append(f"{mark}held action" if state.interrupt == p.id else f"{mark}acting")
    if p.full_defense:
        bits.append("full defense")
    if p.holding:
        bits.append("holding")
    elif p.acted and state.current != p.id:
        bits.append("acted")
    if p.attached_to and (visible is None or p.attached_to in visible):
        leader = state.find(p.attached_to)
        bits.append(f"with {leader.name if leader else p.attached_to}")
    if p.is_group and counts:  # how many stand follows from the group's stress
        bits.append(f"{p.remaining}/{p.count} standing")
    return ", ".join(bits)


def on_deck(state: Encounter) -> str | None:
    """Who acts after the current actor: the next in the order still in the conflict, not
    hidden and not yet acted this exchange, else the first such of the next exchange; or None.
    """
    if not state.started or state.ended or not state.order:
        return None
    current = state.current
    start = state.order.index(current) + 1 if current in state.order else state.turn + 1

    def ready(pid: str, this_exchange: bool) -> bool:
        p = state.find(pid)
        if p is None or p.hidden or p.taken_out or pid == current:
            return False
        return not (this_exchange and p.acted)

    for pid in state.order[start:]:
        if ready(pid, True):
            return pid
    for pid in state.order:  # everyone has acted: the next exchange's first
        if ready(pid, False):
            return pid
    return None


def _display_order(state: Encounter) -> tuple[str, ...]:
    order = state.order if state.started else ()
    rest = tuple(p.id for p in state.participants if p.id not in order)
    return (*order, *rest)


def _last_roll(
    state: Encounter, rules: ConflictRules, ladder: Ladder | None, hidden: set[str]
) -> str:
    """The last rolled action in words (the player view's), or empty when it involves anyone
    hidden."""
    last = state.last
    if last is None:
        return ""
    involved = {r.who for r in last.rolls} | {last.actor} | ({last.target} - {None})
    if involved & hidden:
        return ""

    def effort(value: int) -> str:
        return ladder.render(value) if ladder is not None else f"{value:+d}"

    parts = []
    for r in last.rolls:
        p = state.find(r.who)
        parts.append(f"{p.name if p else r.who} {effort(r.effort)}")
    text = " vs ".join(parts)
    if (
        last.opposition is not None
        and len(last.rolls) == 2
        and last.opposition != last.rolls[1].effort
    ):
        text += f", blocked at {effort(last.opposition)}"
    first = last.rolls[0].effort if last.rolls else 0
    words = rules.result_words(last.action, first, last.opposition, last.shifts)
    if words is not None:
        text += f" \u2192 {words}"
    elif last.action in ("attack", "maneuver", "pass_block", "sprint") or (
        last.action == "roll" and last.opposition is not None
    ):
        text += f" \u2192 {rules.margin_text(last.shifts)}"
    if last.spin:
        text += ", spin"
    return text


def public_view(
    state: Encounter,
    rules: ConflictRules,
    *,
    log: Sequence[LogEntry] = (),
    stress: StressMode = "exact",
    condition_words: tuple[str, str, str, str] = ("unhurt", "hurt", "badly hurt", "taken out"),
    system_name: str = "",
    ladder: Ladder | None = None,
    log_lines: int = DEFAULT_LOG_LINES,
) -> PublicState:
    """The encounter as the players may see it.

    Args:
        state: The encounter now.
        rules: Its system's conflict rules (under the scene's settings).
        log: The encounter's log so far (its last public lines are shown).
        stress: How the GM's characters' stress is shown: ``exact`` boxes, ``words``
            (``condition_words``), or ``hidden``.
        condition_words: The system's four words for how a participant fares.
        system_name: The game system's name, for the page's heading.
        ladder: The system's ladder, to read efforts by their rung (None: numbers).
        log_lines: How many log lines at most.

    Returns:
        The public state: nothing hidden is in it, not even as a count.
    """
    hidden = {p.id for p in state.participants if p.hidden}
    visible = {p.id for p in state.participants if not p.hidden}
    current = state.current if state.current in visible else None
    deck = on_deck(state)
    zone_names = {z.id: z.name or z.id for z in state.zones}
    labels = {t.key: t.label for t in rules.tracks}
    participants: list[PublicParticipant] = []
    for pid in _display_order(state):
        p = state.find(pid)
        if p is None or p.hidden:
            continue
        gm = gm_side(state, p)
        takes_turns = state.started and pid in state.order
        initiative = rules.initiative_text(initiative_value(state, p)) if takes_turns else ""
        exact = not gm or stress == "exact"
        tracks = (
            tuple(
                PublicTrack(
                    label=labels.get(key, key),
                    boxes=boxes,
                    text=rules.track_text(p, key) or "",
                )
                for key, boxes in p.tracks.items()
                if boxes
            )
            if exact
            else ()
        )
        condition = condition_words[condition_level(p)] if gm and stress == "words" else ""
        held = [
            a.text + (f" ({a.free_tags} free)" if a.free_tags else "")
            for a in state.aspects
            if a.holder == p.id and not a.hidden
        ]
        participants.append(
            PublicParticipant(
                key=f"p{len(participants) + 1}",
                name=p.name,
                kind=p.kind,
                gm_side=gm,
                initiative=initiative,
                status=participant_status(state, p, visible=visible, counts=exact),
                current=pid == current,
                on_deck=pid == deck,
                taken_out=p.taken_out,
                tracks=tracks,
                condition=condition,
                consequences=tuple(f"{c.severity}: {c.text}" for c in p.consequences),
                fate_points=p.fate_points if p.kind == "pc" else None,
                aspects=(*held, *p.aspects),
                zone=zone_names.get(p.zone, "") if p.zone else "",
            )
        )
    scene = tuple(
        PublicAspect(
            text=a.text,
            free_tags=a.free_tags,
            tag_owner=_name_if_visible(state, a.free_tag_owner, visible) if a.free_tags else "",
            sticky=a.sticky,
        )
        for a in state.aspects
        if not a.hidden and a.holder is None
    )
    zones = tuple(
        PublicZone(
            name=z.name or z.id,
            here=tuple(
                p.name
                for p in state.participants
                if p.zone == z.id and not p.hidden and not p.taken_out
            ),
        )
        for z in state.zones
    )
    borders = tuple(
        PublicBorder(between=(zone_names.get(x, x), zone_names.get(y, y)), value=b.value)
        for b in state.borders
        for x, y in (b.between,)
    )
    if state.ended:
        phase = "the scene is over"
    elif state.started:
        phase = rules.exchange_text(state.exchange)
    else:
        phase = "getting ready"
    return PublicState(
        title=state.name,
        system=system_name,
        phase=phase,
        up=_name_if_visible(state, current, visible),
        on_deck=_name_if_visible(state, deck, visible),
        stress=stress,
        points_label=rules.points_label,
        participants=tuple(participants),
        scene_aspects=scene,
        zones=zones,
        borders=borders,
        last_roll=_last_roll(state, rules, ladder, hidden),
        log=_public_lines(state, log, stress, log_lines),
    )


def _name_if_visible(state: Encounter, pid: str | None, visible: Iterable[str]) -> str:
    if pid is None or pid not in set(visible):
        return ""
    p = state.find(pid)
    return p.name if p is not None else ""
