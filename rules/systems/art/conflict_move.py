"""Rules layer: ART Engine movement across the bands of the range track in combat rounds.

ART Engine, Chapter 5 "Movement": the narrator places each token in a band of
the range track, and the number of bands between two tokens is how far apart they are ("Range
Track"). Moving within a band is free; moving to another band takes an Agility roll
read on the Movement Roll table, with no difficulty ("Movement Rates", L1921-1925; the table
L1929-1940): Catastrophic stumbles (0 bands), Pathetic to Inferior move 1 band (the action),
Poor 1 band as a free action, Passable up to 2 bands or 1 free, Good 3 or 1 free, Great 4 or 1
free, Super 4 or 2 free, Awesome 5 or 2 free. The movement may be split around the action within
the turn: one roll gives the round's allowance, each move spends from it, free while
the bands moved stay within the free figure, else taking the action. Leaving a band where the
foes outnumber the mover's friends (not counting the mover) costs 2 bands instead of 1
("Escaping Foes"). Foes do not roll: their Agility rating is read on the table
("Foe Movement", L1956-1958; Extreme as Awesome, and the free and action figures as for an
adventurer: judgment calls, docs/rules-notes.md).

The bands are the scene's places (``Encounter.zones``) in their order on the track; the
distance between two is how many places apart they stand in that order. A move beyond the
round's allowance, or one that needs the action after the action was taken, is refused with the
reason in the log (the state keeps only the Agility roll) unless the GM allows it with a GM
override, which the move spends. The round's roll and the bands moved are a participant option
(:data:`OPT_MOVE`) tagged with the round, so a new round needs a new roll.

Not modelled: rough terrain ending a move (L1948-1950: the GM stops the token), sneaking
(L1952-1954), stopping a foe and chases, which are rolls the GM reads.
"""

from __future__ import annotations

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, OptionValue, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.art import conflict_cast as cast
from rules.systems.art import conflict_fame as fame
from rules.systems.art.scale import Result

MOVE_BANDS = "move_bands"
"""The action's name."""
SECTION = 'ART Engine, Chapter 5 "Movement Rates", "Movement Roll", "Escaping Foes"'
"""The book's sections the action follows."""
AGILITY = "Agility"
"""The movement roll's trait ("Movement Rates")."""
OPT_MOVE = cast.OPT_MOVE
"""Participant option: (the round, the Agility column, bands moved, 1 when the action went)."""
ACTION_BANDS: dict[Result, int] = {
    Result.CT: 0, Result.PT: 1, Result.FB: 1, Result.IN: 1, Result.PR: 1,
    Result.PS: 2, Result.GD: 3, Result.GT: 4, Result.SP: 4, Result.AW: 5,
}  # fmt: skip
"""The most bands a round's movement goes when it takes the action."""
FREE_BANDS: dict[Result, int] = {
    Result.CT: 0, Result.PT: 0, Result.FB: 0, Result.IN: 0, Result.PR: 1,
    Result.PS: 1, Result.GD: 1, Result.GT: 1, Result.SP: 2, Result.AW: 2,
}  # fmt: skip
"""The most bands it goes as a free action."""
ESCAPE_COST = 2
"""Bands it costs to leave a band where the foes outnumber the friends ("Escaping Foes")."""
COLUMNS = ("", *(Result(i).title for i in range(int(Result.AW) + 1)))
"""The ``reading`` choices: none (read on the loaded table), or the column read off a printed
table."""

ACTION = ActionSpec(
    name=MOVE_BANDS,
    label="Move across bands",
    section=SECTION,
    group="Movement",
    params=(
        ActionParam(
            name="to",
            label="To band",
            type="str",
            help="The band on the range track to move to (its name or id).",
        ),
        ActionParam(
            name="reading",
            label="Agility column",
            type="choice",
            choices=COLUMNS,
            default="",
            help="The column of the round's Agility roll read off a printed table (empty: "
            "read on the loaded table); not used once the round's roll is made, nor for a foe.",
        ),
    ),
    help="An Agility roll on the Movement Roll table, once a round: the bands a round's "
    "movement may go as a free action or with the action, spent move by move.",
)
"""The movement action (combat rounds only)."""


def _band_index(state: Encounter, band: str) -> int:
    """Where band ``band`` (its id, else its name in any case) is on the track.

    Raises:
        RuleViolation: no such band.
    """
    for i, z in enumerate(state.zones):
        if z.id == band:
            return i
    for i, z in enumerate(state.zones):
        if z.name and z.name.casefold() == band.casefold():
            return i
    raise RuleViolation(f"there is no band {band!r} on the range track")


def _band_name(state: Encounter, band: str) -> str:
    return next((z.name or z.id for z in state.zones if z.id == band), band)


def escaping(state: Encounter, p: Participant) -> bool:
    """Whether leaving ``p``'s band costs two bands: the foes in it outnumber ``p``'s friends
    there, ``p`` not counted ("Escaping Foes")."""
    foes = friends = 0
    for q in state.participants:
        if q.id == p.id or q.zone != p.zone or q.taken_out:
            continue
        size = q.remaining if q.is_group else 1
        if cast.is_foe(q) != cast.is_foe(p):
            foes += size
        else:
            friends += size
    return foes > friends


def _round_roll(p: Participant, exchange: int) -> tuple[Result, int, bool] | None:
    """``p``'s movement this round: (the Agility column, bands moved, whether it took the
    action), or None before the round's roll."""
    raw = p.options.get(OPT_MOVE)
    if not isinstance(raw, tuple) or len(raw) != 4 or raw[0] != exchange:
        return None
    _round, column, moved, took = raw
    if not isinstance(column, int) or not isinstance(moved, int):
        return None
    return Result(column), moved, bool(took)


def _roll(
    state: Encounter, cr: ConflictRules, p: Participant, event: SystemActionEvent
) -> tuple[Result | None, str]:
    """The round's Agility column and its line for the log (None and what is missing when the
    roll cannot be read): a foe's rating, or the adventurer's d100 read as any roll is, Fame
    spent before rolling held back for the next roll (its reading's options are not applied)."""
    if cast.is_foe(p):
        key = next((k for k in p.skills if k.casefold() == AGILITY.casefold()), None)
        if key is None:
            raise RuleViolation(f"{p.name} has no Agility rating to move by")
        column = Result(max(0, min(int(Result.AW), p.skills[key])))  # Extreme moves as Awesome
        return column, f"{p.name} moves by its Agility rating, {column.title} (foes do not roll)"
    faces = steps.faces(cr, event.dice[0] if event.dice else None, p.name)
    pool = cr.dice_for()
    reading = str(event.params.get("reading") or "") or None
    read = cr.read_roll(
        fame.held_back(p), AGILITY, rating=p.skill(AGILITY, state.kind), faces=faces,
        resolved=cr.resolve(pool, faces), bonus=0, reading=reading, difficulty=None,
    )  # fmt: skip
    if read.effort is None:
        return None, read.text
    column = Result(read.effort)
    return column, f"{p.name} rolls Agility to move: {read.text}{fame.waits(p)}"


def _allowance(column: Result) -> str:
    action, free = ACTION_BANDS[column], FREE_BANDS[column]
    if not action:
        return "stumbles: 0 bands this round"
    if free == action:
        return f"{free} band{'s' if free != 1 else ''} this round as a free action"
    up_to = f"up to {action} bands" if action > 1 else "1 band"
    if not free:
        return f"{up_to} this round, taking the action"
    return f"{up_to} this round with the action, or {free} as a free action"


def apply_move(
    state: Encounter, cr: ConflictRules, event: SystemActionEvent, exploring: bool
) -> tuple[Encounter, str]:
    """Apply :data:`ACTION`: roll (once a round) and move, or refuse with the reason logged.

    Raises:
        RuleViolation: in exploration phases, before the start, no such band, or ``p`` is not
            on the range track.
    """
    _spec, event = steps.check_action(cr, event)
    if exploring:
        raise RuleViolation("exploration phases have no range track: bands are for combat rounds")
    if not state.started:
        raise RuleViolation("start the combat first: movement is rolled in a round")
    assert event.actor is not None  # the spec requires an actor
    p = steps.find(state, event.actor, active=True)
    target = _band_index(state, str(event.params["to"]).strip())
    to = state.zones[target].id
    if p.zone is None:
        raise RuleViolation(
            f"{p.name} is not on the range track: the narrator places the token first"
        )
    where = _band_name(state, to)
    if p.zone == to:
        return state, f"{p.name} moves within {where} (free)"
    lines: list[str] = []
    now = _round_roll(p, state.exchange)
    if now is None:
        column, line = _roll(state, cr, p, event)
        if column is None:
            return state, line
        now = (column, 0, False)
        p = _with_move(p, state.exchange, column, 0, False)
        state = steps.put(state, p)
        lines.append(f"{line}: {_allowance(column)}")
    column, moved, took = now
    assert p.zone is not None  # checked above
    distance = abs(target - _band_index(state, p.zone))
    cost = distance + (ESCAPE_COST - 1 if escaping(state, p) else 0)
    after = moved + cost
    why = f"{where} is {distance} band{'s' if distance != 1 else ''} away"
    if cost != distance:
        here = _band_name(state, p.zone)
        why += f", {cost} to move as the foes in {here} outnumber its friends"
    overridden = p.id in state.overrides
    if after <= FREE_BANDS[column] or (took and after <= ACTION_BANDS[column]):
        how = "free" if not took else "with the action already taken for it"
    elif after <= ACTION_BANDS[column] and (not p.acted or overridden):
        state = steps.acted(state, p.id)  # the action (a GM override is spent instead)
        p = steps.find(state, p.id)
        took, overridden = True, False
        how = "taking the action"
    elif overridden:
        state = _spend_override(state, p.id)
        how = "beyond its movement: GM override"
        overridden = False
    else:
        left = max(0, FREE_BANDS[column] - moved)
        if took or not p.acted:
            left = max(left, ACTION_BANDS[column] - moved)
        refusal = (
            f"{p.name} may not move to {where}: {why}; its {column.title} Agility allows "
            f"{_allowance(column)}, {left} band{'s' if left != 1 else ''} left"
        )
        if p.acted and not took and moved + cost <= ACTION_BANDS[column]:
            refusal += " (the rest needs the action, already taken)"
        refusal += "; the GM may allow it (GM override)"
        lines.append(refusal)
        return state, "; ".join(lines)
    p = _with_move(p, state.exchange, column, after, took)
    state = steps.place(steps.put(state, p), cr, p.id, to)
    lines.append(f"{p.name} moves to {where} ({why}; {how})")
    return state, "; ".join(lines)


def _with_move(
    p: Participant, exchange: int, column: Result, moved: int, took: bool
) -> Participant:
    value: OptionValue = (exchange, int(column), moved, 1 if took else 0)
    return steps.update(p, options={**p.options, OPT_MOVE: value})


def _spend_override(state: Encounter, pid: str) -> Encounter:
    rest = list(state.overrides)
    rest.remove(pid)
    return state.model_copy(update={"overrides": tuple(rest)})
