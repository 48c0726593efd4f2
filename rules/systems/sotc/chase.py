"""Rules layer: SotC's chase scenes: the villain's pursuit points, the minion cars they buy and
the tricks they pay for, as encounter actions (SRD L5499-L5543; digest sotc.md section 7.4).

The named pursuer (a participant who stays off the road at first) is given the pursuit's value:
5 points for a short chase, 10 for a major one, 20 for a session's climax (SRD L5507). Cars cost
1, 2 or 3 points each (Average, Fair, Good minions); once per exchange one point buys an effect:
Reinforcements, a Road Hazard, Shotgun!, The Last Pursuer or the Dramatic Entrance (the last two
cost every point left, at least one). With no point left and no car still pursuing, the lead car
escapes. The points are the pursuer's ``pursuit`` option; a car group with a gunman aboard has
``shotgun``: any time the lead car takes stress while he shoots it takes one more (SRD L5521),
from the ``chase`` action (:mod:`rules.systems.sotc.hazards`), a Road Hazard, or the gunman's
car's own attack (:func:`shotgun_hit`, SotC's ``hit_shifts``).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.conflict import initiative_order, minion_group, steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, OptionValue, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.participant_options import options_of, with_options

S_SCENE = "SotC, Skills: Drive, Chase Scenes"
S_EFFECTS = "SotC, Skills: Drive, Chase Scenes: pursuit effects"

CAR_COST: dict[int, int] = {1: 1, 2: 2, 3: 3}
"""Points a pursuing car costs by its minion quality: Average 1, Fair 2, Good 3 (SRD L5509)."""

PURSUIT_VALUES: dict[str, int] = {"short": 5, "major": 10, "climax": 20}
"""The pursuit's value: a very short chase, a major feature, a session's climax (SRD L5507)."""

LAST_PURSUER_QUALITY = 3
"""The Last Pursuer is always a Good minion (SRD L5527)."""

LAST_PURSUER_BENEFITS: tuple[str, ...] = (
    "stress boxes", "drive", "armed", "armor", "alternate movement",
)  # fmt: skip
"""Its one extra benefit: +3 stress boxes, +1 to Drive, Shotgun! always, 1 point of armor, or
a way of moving the lead car cannot (SRD L5531-L5535)."""

EFFECTS: tuple[str, ...] = (
    "reinforcements", "road hazard", "shotgun", "last pursuer", "dramatic entrance",
)  # fmt: skip

CHASE_SCENE: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="pursuit", label="Chase scene: pursuit points", section=S_SCENE, group="Chases",
        help="The named pursuer (the actor) stays off the road and gets the pursuit's value: "
        "5 a short chase, 10 a major one, 20 a climax.",
        params=(
            ActionParam(name="points", label="Pursuit points", minimum=1, maximum=40,
                        default=10),
        ),
    ),
    ActionSpec(
        name="pursuit_cars", label="Chase scene: buy cars", section=S_SCENE, group="Chases",
        help="Cars at 1 / 2 / 3 points each (Average / Fair / Good minions) join the chase as "
        "one group. At the start any number; later only when no car is pursuing, and one.",
        params=(
            ActionParam(name="quality", label="Quality (1 Average, 2 Fair, 3 Good)",
                        minimum=1, maximum=3, default=1),
            ActionParam(name="count", label="Cars", minimum=1, maximum=20, default=1),
            ActionParam(name="id", label="Group id", type="str", default=""),
            ActionParam(name="name", label="Group name", type="str", default="Pursuing cars"),
            ActionParam(name="reserve", label="Held in reserve", minimum=0, maximum=19,
                        default=0, help="At the start: of the cars bought, how many wait and "
                        "enter one by one as pursuing cars are taken out."),
        ),
    ),
    ActionSpec(
        name="reserve_car", label="Chase scene: a reserve car enters", section=S_SCENE,
        group="Chases",
        help="The pursuer (the actor) sends one reserve car in, as a pursuing car has been "
        "taken out: it joins on its own.",
        params=(ActionParam(name="id", label="Car id", type="str", default=""),),
    ),
    ActionSpec(
        name="pursuit_effect", label="Chase scene: pursuit effect", section=S_EFFECTS,
        group="Chases", max_targets=2,
        help="One point an exchange. Reinforcements (targets: the cars in play): more cars of "
        "their quality, up to half the points left. Road hazard (target: the lead car): the "
        "pursuer's Drive attacks it. Shotgun! (targets: a car group): +1 to each hit on the "
        "lead car. The Last Pursuer and the Dramatic Entrance (target: the lead car) cost "
        "every point left.",
        params=(
            ActionParam(name="effect", label="Effect", type="choice", choices=EFFECTS),
            ActionParam(name="count", label="Reinforcements: cars", minimum=0, maximum=20,
                        default=1),
            ActionParam(name="benefit", label="Last pursuer's benefit", type="choice",
                        choices=LAST_PURSUER_BENEFITS, default="stress boxes"),
            ActionParam(name="skill", label="Road hazard skill", type="choice",
                        choices=("Drive", "Pilot"), default="Drive"),
            ActionParam(name="id", label="New car's id", type="str", default=""),
            ActionParam(name="car", label="Shotgun!: the gunman's car (1: first to fall)",
                        minimum=1, maximum=40, default=1,
                        help="He is removed when that car is taken out."),
        ),
    ),
)  # fmt: skip
"""The chase scene's actions."""


def _points(p: Participant) -> int | None:
    held = options_of(p).pursuit
    return held[0] if held else None


def _set_points(p: Participant, points: int, **more: OptionValue) -> Participant:
    return with_options(p, pursuit=(points,), **more)


def _villain(state: Encounter, ev: SystemActionEvent) -> tuple[Participant, int]:
    if ev.actor is None:
        raise RuleViolation("the named pursuer acts (actor)")
    p = steps.find(state, ev.actor)
    points = _points(p)
    if points is None:
        raise RuleViolation(f"{p.name} has no pursuit points (give them with `pursuit`)")
    return p, points


def _cars(state: Encounter, villain: Participant) -> tuple[Participant, ...]:
    """The villain's cars still pursuing: the minion groups on its side bought with pursuit
    points (``pursuit_car``), not other minions it may have."""
    return tuple(
        p for p in state.participants
        if p.is_group and not p.taken_out and p.side == villain.side and p.id != villain.id
        and options_of(p).pursuit_car
    )  # fmt: skip


def _reserve(p: Participant) -> tuple[int, int, int]:
    """``p``'s reserve: ``(quality, cars left, cars sent at the start)``; zeros: none."""
    held = options_of(p).pursuit_reserve
    return (held[0], held[1], held[2]) if len(held) == 3 else (0, 0, 0)


def shooting(g: Participant) -> bool:
    """Whether the Shotgun! gunman aboard ``g`` still shoots: until his car is taken out
    (SRD L5521); the group's cars fall in order, the first one first."""
    options = options_of(g)
    if not options.shotgun or g.taken_out:
        return False
    return not g.is_group or g.count - g.remaining < max(1, options.shotgun_car)


def shotgun_hit(attacker: Participant, defender: Participant) -> bool:
    """Whether a hit of ``attacker`` on ``defender`` is one more stress for Shotgun!: the
    attacker is a pursuing car whose gunman still shoots, the defender the car it pursues (on
    another side, not a pursuing car itself) (SRD L5521)."""
    return (
        shooting(attacker)
        and defender.side != attacker.side
        and not options_of(defender).pursuit_car
    )


def _car(
    cr: ConflictRules, villain: Participant, pid: str, name: str, quality: int, count: int
) -> Participant:
    """A group of ``count`` pursuing cars on ``villain``'s side, marked as bought with pursuit
    points."""
    group = minion_group(cr, pid=pid, name=name, quality=quality, count=count,
                         side=villain.side, zone=villain.zone)  # fmt: skip
    return with_options(group, pursuit_car=True)


def _join(state: Encounter, cr: ConflictRules, p: Participant) -> Encounter:
    if state.find(p.id) is not None:
        raise RuleViolation(f"there is already a participant {p.id!r}")
    before = state.current
    everyone_acted = state.started and state.turn >= len(state.order)
    state = state.model_copy(update={"participants": (*state.participants, p)})
    if not state.started:
        return state
    order = initiative_order(cr, state)
    turn = order.index(before) if before in order else (len(order) if everyone_acted else 0)
    return state.model_copy(update={"order": order, "turn": turn})


def _new_id(state: Encounter, wanted: str, base: str) -> str:
    if wanted:
        return wanted
    n = 1
    while state.find(f"{base}-{n}") is not None:
        n += 1
    return f"{base}-{n}"


def escape_note(state: Encounter, villain: Participant) -> str:
    """ "the lead car escapes" once the pursuer has no point left and no car pursues
    (SRD L5543); "" otherwise."""
    if _points(villain) == 0 and not _cars(state, villain) and not _reserve(villain)[1]:
        return "no pursuit points and no car left: the lead car escapes"
    return ""


def escape_after(state: Encounter, side: str) -> str:
    """:func:`escape_note` for the pursuer of ``side`` with pursuit points, if any."""
    for p in state.participants:
        if p.side == side and _points(p) is not None:
            return escape_note(state, p)
    return ""


def _pursuit(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    if ev.actor is None:
        raise RuleViolation("the named pursuer acts (actor)")
    p = steps.find(state, ev.actor)
    if _points(p) is not None:
        raise RuleViolation(f"{p.name} already has pursuit points")
    points = int(ev.params["points"])
    state = steps.put(state, _set_points(p, points))
    return state, f"{p.name} pursues with {points} points (chase scene), staying off the road"


def _buy(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    villain, points = _villain(state, ev)
    quality, count = int(ev.params["quality"]), int(ev.params["count"])
    opening = not state.started or state.exchange <= 1
    reserve = int(ev.params.get("reserve", 0))
    if reserve and not opening:
        raise RuleViolation("cars are held in reserve only at the start of the chase")
    if not opening:  # SRD L5509: later, only with no car pursuing, and a single one
        if _cars(state, villain):
            raise RuleViolation("cars join later only when no car is pursuing (reinforcements "
                                "are a pursuit effect)")  # fmt: skip
        if count != 1:
            raise RuleViolation("with no car pursuing, the pursuer adds a single car")
    cost = CAR_COST[quality] * count
    if cost > points:
        raise RuleViolation(f"{count} car(s) of quality {quality:+d} cost {cost} points; "
                            f"{villain.name} has {points}")  # fmt: skip
    held_quality, left, sent = _reserve(villain)
    if reserve >= count:
        raise RuleViolation("at least one of the cars bought goes after the lead car now")
    if reserve and left and held_quality != quality:
        raise RuleViolation(f"the reserve holds cars of quality {held_quality:+d}")
    pid = _new_id(state, str(ev.params["id"]), f"{villain.id}-cars")
    group = _car(cr, villain, pid, str(ev.params["name"]) or pid, quality, count - reserve)
    state = _join(state, cr, group)
    more: dict[str, OptionValue] = {}
    if opening:  # SRD L5509: reserve cars come in one by one as pursuing ones fall
        more["pursuit_reserve"] = (quality, left + reserve, sent + count - reserve)
    state = steps.put(state, _set_points(steps.find(state, villain.id), points - cost, **more))
    held = f", {reserve} held in reserve" if reserve else ""
    return state, (f"{villain.name} spends {cost} point{'s' if cost > 1 else ''} on {count} "
                   f"car{'s' if count > 1 else ''} of quality {quality:+d} ({group.name}"
                   f"{held}); {points - cost} left")  # fmt: skip


def reserve_due(state: Encounter, villain: Participant) -> bool:
    """Whether a reserve car may enter: one is left and fewer cars pursue than were sent at
    the start (SRD L5509: "one by one, as individual minions are taken out")."""
    _, left, sent = _reserve(villain)
    return left > 0 and sum(g.remaining for g in _cars(state, villain)) < sent


def _reserve_car(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    villain, points = _villain(state, ev)
    quality, left, sent = _reserve(villain)
    if not left:
        raise RuleViolation(f"{villain.name} holds no car in reserve")
    if not reserve_due(state, villain):
        raise RuleViolation("a reserve car enters only as a pursuing car is taken out")
    pid = _new_id(state, str(ev.params["id"]), f"{villain.id}-reserve")
    car = _car(cr, villain, pid, f"Reserve car {pid}", quality, 1)
    state = _join(state, cr, car)
    villain = steps.find(state, villain.id)
    held = (quality, left - 1, sent)
    state = steps.put(state, _set_points(villain, points, pursuit_reserve=held))
    return state, (f"a reserve car ({pid}, quality {quality:+d}) enters the chase for "
                   f"{villain.name}; {left - 1} left in reserve")  # fmt: skip


def chase_offers(state: Encounter) -> tuple[SystemActionEvent, ...]:
    """The reserve cars that may enter now, one offer a pursuer (SRD L5509)."""
    return tuple(
        SystemActionEvent(action="reserve_car", actor=p.id)
        for p in state.participants
        if _points(p) is not None and reserve_due(state, p)
    )


def _grow(cr: ConflictRules, g: Participant, more: int, extra_boxes: int = 0) -> Participant:
    boxes = cr.minion_boxes(g.quality) * more + extra_boxes
    health = (*g.track("health"), *(0,) * boxes)
    return steps.update(g, count=g.count + more, tracks={**g.tracks, "health": health})


def _effect(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    villain, points = _villain(state, ev)
    effect = str(ev.params["effect"])
    if state.started and options_of(villain).pursuit_effect_in == state.exchange:
        raise RuleViolation(f"{villain.name} has used a pursuit effect this exchange")
    if points < 1:
        raise RuleViolation(f"{villain.name} has no pursuit point left")
    if options_of(villain).pursuit_final:
        raise RuleViolation(f"{options_of(villain).pursuit_final} was the pursuer's last trick")
    stamp: dict[str, OptionValue] = {"pursuit_effect_in": state.exchange}
    state, text, spent = EFFECT_APPLY[effect](state, cr, ev, villain, points)
    villain = steps.find(state, villain.id)
    final = {"last pursuer": "The Last Pursuer", "dramatic entrance": "The Dramatic Entrance"}
    if effect in final:
        stamp["pursuit_final"] = final[effect]
    state = steps.put(state, _set_points(villain, points - spent, **stamp))
    lines = [text, f"{points - spent} point{'s' if points - spent != 1 else ''} left"]
    gone = escape_note(state, steps.find(state, villain.id))
    return state, "; ".join([*lines, *([gone] if gone else [])])


Effect = Callable[
    [Encounter, ConflictRules, SystemActionEvent, Participant, int], tuple[Encounter, str, int]
]


def _target_group(state: Encounter, ev: SystemActionEvent, villain: Participant) -> Participant:
    if len(ev.targets) != 1:
        raise RuleViolation("name the pursuing car group (one target)")
    g = steps.find(state, ev.targets[0], active=True)
    if not g.is_group or g.side != villain.side:
        raise RuleViolation(f"{g.name} is not one of {villain.name}'s car groups")
    return g


def _reinforcements(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, villain: Participant, points: int
) -> tuple[Encounter, str, int]:
    g = _target_group(state, ev, villain)
    count = int(ev.params["count"])
    budget = (points - 1) // 2  # SRD L5513: up to half the remaining total, after the point
    cost = CAR_COST.get(g.quality, g.quality) * count
    if count < 1 or cost > budget:
        raise RuleViolation(
            f"after the point, up to half of the {points - 1} left may buy cars ({budget}); "
            f"{count} of quality {g.quality:+d} cost {cost}"
        )
    state = steps.put(state, _grow(cr, g, count))
    return state, (f"Reinforcements: {count} more car{'s' if count > 1 else ''} join "
                   f"{g.name} (now {g.count + count}) for 1 + {cost} points"), 1 + cost  # fmt: skip


def _hazard_roll(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, villain: Participant, lead: str
) -> tuple[Encounter, str]:
    """A Road Hazard: the pursuer's Drive (or Pilot) attacks the lead car, whose driver defends
    with the same skill; pursuing cars need not defend (SRD L5517)."""
    skill = str(ev.params["skill"])
    state, a = steps.roll(state, cr, villain.id, skill, ev.dice[0] if ev.dice else None)
    dice = ev.dice[1] if ev.dice and len(ev.dice) > 1 else None
    state, d = steps.roll(state, cr, lead, skill, dice, defense=True)
    text = f"road hazard: {steps.roll_text(cr, state, a)} vs {steps.roll_text(cr, state, d)}"
    shifts = a.effort - d.effort
    if shifts < 1:
        return state, f"{text}: the lead car gets through"
    if any(shooting(q) for q in state.participants if q.side == villain.side):  # SRD L5521
        shifts += 1
        text += " (+1 Shotgun!)"
    if state.pending_hit is not None:
        return state, f"{text}: {shifts} stress to the lead car once the pending hit is settled"
    state, hit = steps.hit(state, cr, lead, shifts, "health")
    return state, f"{text}: {hit}"


def _lead(state: Encounter, ev: SystemActionEvent) -> str:
    if len(ev.targets) != 1:
        raise RuleViolation("name the lead car (one target)")
    return steps.find(state, ev.targets[0], active=True).id


def _road_hazard(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, villain: Participant, points: int
) -> tuple[Encounter, str, int]:
    state, text = _hazard_roll(state, cr, ev, villain, _lead(state, ev))
    return state, f"Road Hazard: {text}", 1


def _shotgun(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, villain: Participant, points: int
) -> tuple[Encounter, str, int]:
    g = _target_group(state, ev, villain)
    car = int(ev.params.get("car", 1))
    if car > g.count or car <= g.count - g.remaining:
        raise RuleViolation(f"{g.name} has no car {car} still pursuing")
    state = steps.put(state, with_options(g, shotgun=True, shotgun_car=car))
    which = f" (car {car} of {g.count})" if g.count > 1 else ""
    return state, (f"Shotgun!: a gunman rides with {g.name}{which}: +1 to each hit on the "
                   "lead car until his car is taken out"), 1  # fmt: skip


def _last_pursuer(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, villain: Participant, points: int
) -> tuple[Encounter, str, int]:
    benefit = str(ev.params["benefit"])
    pid = _new_id(state, str(ev.params["id"]), f"{villain.id}-last")
    car = _car(cr, villain, pid, "The Last Pursuer", LAST_PURSUER_QUALITY, 1)
    extra = (points - 1) + (3 if benefit == "stress boxes" else 0)  # SRD L5527, L5531
    car = _grow(cr, car, 0, extra)
    if benefit == "drive":
        car = steps.update(car, skills={"Drive": LAST_PURSUER_QUALITY + 1,
                                        "Pilot": LAST_PURSUER_QUALITY + 1})  # fmt: skip
    elif benefit == "armed":
        car = with_options(car, shotgun=True)
    elif benefit == "armor":
        car = with_options(car, armor=1)
    state = _join(state, cr, car)
    note = {
        "alternate movement": "; it may treat a hazard as made without stress unless the lead "
        "car's maneuver forces it to roll",
    }.get(benefit, "")
    return state, (f"The Last Pursuer: a Good car with {len(car.track('health'))} boxes and "
                   f"{benefit} for all {points} points{note}; {villain.name} will not join "
                   "the chase"), points  # fmt: skip


def _entrance(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, villain: Participant, points: int
) -> tuple[Encounter, str, int]:
    lead = _lead(state, ev)
    state, text = _hazard_roll(state, cr, ev, villain, lead)
    return state, (f"Dramatic Entrance for all {points} points: {villain.name} joins the "
                   f"chase; {text}"), points  # fmt: skip


EFFECT_APPLY: dict[str, Effect] = {
    "reinforcements": _reinforcements, "road hazard": _road_hazard, "shotgun": _shotgun,
    "last pursuer": _last_pursuer, "dramatic entrance": _entrance,
}  # fmt: skip


def chase_rolls(event: SystemActionEvent) -> int | None:
    """The rolls of a chase-scene action (a Road Hazard's, the Dramatic Entrance's: the
    pursuer's and the lead driver's), or None when ``event`` is not one."""
    if event.action == "pursuit_effect":
        return 2 if event.params.get("effect") in ("road hazard", "dramatic entrance") else 0
    if event.action in ("pursuit", "pursuit_cars", "reserve_car"):
        return 0
    return None


CHASE_APPLY: dict[
    str, Callable[[Encounter, ConflictRules, SystemActionEvent], tuple[Encounter, str]]
] = {
    "pursuit": _pursuit, "pursuit_cars": _buy, "pursuit_effect": _effect,
    "reserve_car": _reserve_car,
}  # fmt: skip
"""The handlers of :data:`CHASE_SCENE`."""
