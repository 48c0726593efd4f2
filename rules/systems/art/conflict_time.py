"""Rules layer: ART Engine exploration time: the size of a phase, time limits, time spent.

ART Engine, Chapter 4 "Exploration Phases": the narrator sets one time scale for the actions
declared ("Time Scale of Phases", L1612-1626: one phase is 5 minutes, 1 hour, 1 day, 1 week,
1 month, 1 year or 10 years); an action takes one phase per column under Awesome, or one per
failure ("How Long Did It Take?", L1634-1641); each failed attempt with no penalty raises the
scale of the next attempts by one step until the session ends ("Rolling Again", L1653-1655); a
player may announce before rolling the most phases the task may take, and a task that would
take more is left incomplete, neither success nor failure, not to be tried again before the
next session ("Setting Time Limits", L1677-1681).

A participant records (as system options) the phases it has spent at each scale
(:data:`OPT_TIME`), the steps its attempts have been raised (:data:`OPT_RAISED`) and the limit
it announced for its next roll (:data:`OPT_LIMIT`, with the phases it had spent then, so the
limit holds for that one roll).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, OptionValue, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.art.settings import Scale

SCALES: tuple[Scale, ...] = ("minutes", "hours", "days", "weeks", "months", "years", "decades")
"""The time scales, shortest first (L1618-1626)."""
PHASE_SIZE: dict[Scale, tuple[int, str]] = {
    "minutes": (5, "minute"),
    "hours": (1, "hour"),
    "days": (1, "day"),
    "weeks": (1, "week"),
    "months": (1, "month"),
    "years": (1, "year"),
    "decades": (10, "year"),
}
"""What one phase of each scale represents: (how many, of which unit) (L1618-1626)."""
UNITS = ("year", "month", "week", "day", "hour", "minute")
"""The units, longest first, for the time spent."""
OPT_TIME = "time"
"""Participant option: the phases spent at each scale, shortest first (seven counts)."""
OPT_RAISED = "scale_raised"
"""Participant option: the steps its next attempts' scale is raised ("Rolling Again")."""
OPT_LIMIT = "time_limit"
"""Participant option: (the limit in phases, the phases it had spent when announcing it)."""
MAX_LIMIT = 100
"""The longest limit the encounter accepts (ten times round the phase track)."""


def scale_of(scene: Scale, p: Participant) -> Scale:
    """The scale of ``p``'s next attempt: the scene's, raised by its failed attempts
    (capped at decades)."""
    raised = p.options.get(OPT_RAISED, 0)
    steps = raised if isinstance(raised, int) and not isinstance(raised, bool) else 0
    return SCALES[min(len(SCALES) - 1, SCALES.index(scene) + steps)]


def duration_text(phases: int, scale: Scale) -> str:
    """``phases`` phases of ``scale`` as time: ``15 minutes``, ``1 hour``, ``20 years``."""
    size, unit = PHASE_SIZE[scale]
    amount = phases * size
    return f"{amount} {unit}{'s' if amount != 1 else ''}"


def time_spent(p: Participant) -> tuple[int, ...]:
    """The phases ``p`` has spent at each scale (shortest first)."""
    raw = p.options.get(OPT_TIME, ())
    counts = [int(x) for x in raw if isinstance(x, int)] if isinstance(raw, tuple) else []
    return tuple(counts + [0] * (len(SCALES) - len(counts)))[: len(SCALES)]


def phases_spent(p: Participant) -> int:
    """All the phases ``p`` has spent, whatever their scale."""
    return sum(time_spent(p))


def spent_text(p: Participant) -> str:
    """The time ``p`` has spent, largest unit first: ``2 hours 15 minutes`` (``no time``)."""
    amounts = dict.fromkeys(UNITS, 0)
    for scale, phases in zip(SCALES, time_spent(p), strict=True):
        size, unit = PHASE_SIZE[scale]
        amounts[unit] += phases * size
    parts = [f"{n} {u}{'s' if n != 1 else ''}" for u, n in amounts.items() if n]
    return " ".join(parts) if parts else "no time"


def limit_of(p: Participant) -> int | None:
    """The limit ``p`` announced for its next roll, or None (none, or already used)."""
    raw = p.options.get(OPT_LIMIT)
    if not isinstance(raw, tuple) or len(raw) != 2:
        return None
    limit, then = raw
    if not isinstance(limit, int) or then != phases_spent(p):
        return None
    return limit


def spend(p: Participant, phases: int, scale: Scale) -> dict[str, OptionValue | None]:
    """The options recording ``phases`` more of ``scale`` spent (the limit used up)."""
    counts = list(time_spent(p))
    counts[SCALES.index(scale)] += phases
    return {OPT_TIME: tuple(counts), OPT_LIMIT: None}


def options_problem(key: str, value: OptionValue) -> str | None:
    """What is wrong with one of this module's options, or None (a key it does not own
    returns None too; see :data:`OWNED`)."""
    if key == OPT_TIME:
        if (
            not isinstance(value, tuple)
            or len(value) != len(SCALES)
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value)
        ):
            return f"time must list the phases spent at each of the {len(SCALES)} scales"
    elif key == OPT_RAISED:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(SCALES):
            return f"scale_raised must be a whole number from 0 to {len(SCALES) - 1}"
    elif key == OPT_LIMIT and (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value)
        or not 1 <= int(value[0]) <= MAX_LIMIT
    ):
        return f"time_limit is (a limit of 1 to {MAX_LIMIT} phases, the phases spent then)"
    return None


OWNED = (OPT_TIME, OPT_RAISED, OPT_LIMIT)
"""The option keys this module checks."""


def status_text(scene: Scale, participants: Mapping[str, Participant]) -> str:
    """One line per character: its scale, the time it has spent, and its limit if any."""
    lines = []
    for p in participants.values():
        scale = scale_of(scene, p)
        line = f"{p.name}: {spent_text(p)} spent; a phase is {duration_text(1, scale)}"
        limit = limit_of(p)
        if limit is not None:
            line += f"; next task limited to {limit} phase{'s' if limit != 1 else ''}"
            line += f" ({duration_text(limit, scale)})"
        lines.append(line)
    return "\n".join(lines)


TIME_LIMIT = "time_limit"
RAISE_SCALE = "raise_scale"
ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name=TIME_LIMIT,
        label="Set a time limit\u2026",
        section='ART Engine, Chapter 4 "Setting Time Limits"',
        group="Exploration phases",
        params=(
            ActionParam(
                name="phases",
                label="Most phases",
                minimum=1,
                maximum=MAX_LIMIT,
                default=1,
                help="Announced before rolling: a task that would take longer is left "
                "incomplete (neither success nor failure) and cannot be tried again before "
                "the next session.",
            ),
        ),
        help="The most phases the actor's next task may take (before the roll).",
    ),
    ActionSpec(
        name=RAISE_SCALE,
        label="Raise the scale after a failed attempt",
        section='ART Engine, Chapter 4 "Rolling Again"',
        group="Exploration phases",
        help="A failed attempt with no penalty: the actor's next attempts take phases one "
        "scale longer (minutes to hours, hours to days...) until the session ends.",
    ),
)
"""The exploration actions: a time limit before a roll, a raised scale after a failure."""


def apply_action(
    state: Encounter, cr: ConflictRules, event: SystemActionEvent, scene: Scale, exploring: bool
) -> tuple[Encounter, str]:
    """Apply one of :data:`ACTIONS`.

    Raises:
        RuleViolation: not in exploration phases, no actor, or the scale already decades.
    """
    _spec, event = steps.check_action(cr, event)
    if not exploring:
        raise RuleViolation("time limits and scales are for exploration phases, not rounds")
    if event.actor is None:
        raise RuleViolation("choose whose task it is")
    p = steps.find(state, event.actor, active=True)
    if event.action == TIME_LIMIT:
        phases = int(event.params["phases"])
        limit: OptionValue = (phases, phases_spent(p))
        p = steps.update(p, options={**p.options, OPT_LIMIT: limit})
        scale = scale_of(scene, p)
        return steps.put(state, p), (
            f"{p.name} gives the next task at most {phases} phase{'s' if phases != 1 else ''} "
            f"({duration_text(phases, scale)})"
        )
    scale = scale_of(scene, p)
    if scale == SCALES[-1]:
        raise RuleViolation(f"{p.name}'s attempts are already on the longest scale (decades)")
    raised = SCALES.index(scale) - SCALES.index(scene) + 1
    p = steps.update(p, options={**p.options, OPT_RAISED: raised})
    new = scale_of(scene, p)
    return steps.put(state, p), (
        f"{p.name}'s next attempts are on the scale of {new} (a phase is {duration_text(1, new)})"
    )
