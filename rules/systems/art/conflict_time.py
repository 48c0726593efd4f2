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
(:data:`OPT_TIME`), the steps its attempts have been raised (:data:`OPT_RAISED`), the limit
it announced for its next roll (:data:`OPT_LIMIT`, with the phases it had spent then, so the
limit holds for that one roll) and the task it named with it (:data:`OPT_TASK`), and the tasks
aborted at their limit (:data:`OPT_ABORTED`). A task is the name given with the limit, else
the trait rolled. An aborted task is not tried again in the encounter: a time limit naming it,
or a roll under a limit for it, is refused with its reason in the log, unless the GM allows it
with a GM override (spent on it). A roll with no limit names its task by ``name_task`` before
it (held until that roll, refused like a limit for an aborted task, and the roll with it); a
bare roll, with neither, is not checked (the app cannot tell which task it attempts, and the
trait alone would refuse every later roll of it).
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
OPT_TASK = "time_limit_task"
"""Participant option: the task named with the limit (absent: the trait rolled is the task)."""
OPT_ABORTED = "aborted_tasks"
"""Participant option: the tasks aborted at their time limit in this encounter."""
MAX_TASK = 80
"""The longest task name."""
MAX_ABORTED = 50
"""The most aborted tasks one participant records."""
SECTION = 'ART Engine, Chapter 4 "Setting Time Limits"'


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
    return {OPT_TIME: tuple(counts), OPT_LIMIT: None, OPT_TASK: None}


def aborted_tasks(p: Participant) -> tuple[str, ...]:
    """The tasks ``p`` saw aborted at their time limit in this encounter."""
    raw = p.options.get(OPT_ABORTED, ())
    return tuple(str(t) for t in raw) if isinstance(raw, tuple) else ()


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def was_aborted(p: Participant, task: str) -> bool:
    """Whether ``task`` (any case and spacing) was aborted at its limit for ``p``."""
    return any(_same(t, task) for t in aborted_tasks(p))


def task_of(p: Participant, trait: str) -> str:
    """The task of ``p``'s roll of ``trait`` under its limit: the name given with the limit,
    else the trait."""
    named = p.options.get(OPT_TASK)
    return named if isinstance(named, str) and named.strip() else trait.strip()


def abort(p: Participant, task: str) -> dict[str, OptionValue | None]:
    """The options recording ``task`` aborted (not to be tried again in this encounter)."""
    kept = tuple(t for t in aborted_tasks(p) if not _same(t, task))
    return {OPT_ABORTED: (*kept, task)[-MAX_ABORTED:]}


def refusal(p: Participant, task: str) -> str:
    """Why ``p`` may not try ``task`` again, for the log."""
    return (
        f"{p.name} may not try \u201c{task}\u201d again: it was aborted at its time limit and "
        f"is not to be tried again before the next session ({SECTION}); the GM may allow it "
        f"(a GM override, then a time limit naming \u201c{task}\u201d or the task named)"
    )


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
    elif key == OPT_TASK:
        if not isinstance(value, str) or not 1 <= len(value) <= MAX_TASK:
            return f"time_limit_task must be a task name of 1 to {MAX_TASK} characters"
    elif key == OPT_ABORTED:
        if (
            not isinstance(value, tuple)
            or len(value) > MAX_ABORTED
            or not all(isinstance(x, str) and 1 <= len(x) <= MAX_TASK for x in value)
        ):
            return f"aborted_tasks must list up to {MAX_ABORTED} task names"
    elif key == OPT_LIMIT and (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value)
        or not 1 <= int(value[0]) <= MAX_LIMIT
    ):
        return f"time_limit is (a limit of 1 to {MAX_LIMIT} phases, the phases spent then)"
    return None


OWNED = (OPT_TIME, OPT_RAISED, OPT_LIMIT, OPT_TASK, OPT_ABORTED)
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
NAME_TASK = "name_task"
ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name=TIME_LIMIT,
        label="Set a time limit",
        section=SECTION,
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
            ActionParam(
                name="task",
                label="Task",
                type="str",
                default="",
                help="What the task is (e.g. pick the lock); empty: the trait rolled names "
                "it. An aborted task is refused if tried again in this encounter.",
            ),
        ),
        help="The most phases the actor's next task may take (before the roll).",
    ),
    ActionSpec(
        name=NAME_TASK,
        label="Name the task",
        section=SECTION,
        group="Exploration phases",
        params=(
            ActionParam(
                name="task",
                label="Task",
                type="str",
                help="What the actor's next roll attempts (e.g. pick the lock): a task aborted "
                "at its time limit is refused, and so is the roll, unless the GM allows it.",
            ),
        ),
        help="Before a roll with no time limit: the task it attempts, so that a retry of an "
        "aborted task is caught.",
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
        return _time_limit(state, p, int(event.params["phases"]), str(event.params["task"]), scene)
    if event.action == NAME_TASK:
        return _name_task(state, p, str(event.params["task"]))
    scale = scale_of(scene, p)
    if scale == SCALES[-1]:
        raise RuleViolation(f"{p.name}'s attempts are already on the longest scale (decades)")
    raised = SCALES.index(scale) - SCALES.index(scene) + 1
    p = steps.update(p, options={**p.options, OPT_RAISED: raised})
    new = scale_of(scene, p)
    return steps.put(state, p), (
        f"{p.name}'s next attempts are on the scale of {new} (a phase is {duration_text(1, new)})"
    )


def _allow_again(state: Encounter, p: Participant, task: str) -> tuple[Encounter, Participant]:
    """``state`` with ``p``'s GM override spent on ``task``, no longer aborted for ``p``."""
    rest = list(state.overrides)
    rest.remove(p.id)
    state = state.model_copy(update={"overrides": tuple(rest)})
    kept = tuple(t for t in aborted_tasks(p) if not _same(t, task))
    options = {k: v for k, v in p.options.items() if k != OPT_ABORTED}
    if kept:
        options[OPT_ABORTED] = kept
    return state, steps.update(p, options=options)


def _name_task(state: Encounter, p: Participant, task: str) -> tuple[Encounter, str]:
    """``p``'s next roll attempts ``task`` (held until that roll): for a task aborted before,
    refused with the reason logged (the task is held, so the roll is refused too), unless the
    GM overrode it for ``p``.

    Raises:
        RuleViolation: no task, or a name too long.
    """
    task = " ".join(task.split())
    if not task or len(task) > MAX_TASK:
        raise RuleViolation(f"name the task in 1 to {MAX_TASK} characters")
    allowed = ""
    if was_aborted(p, task):
        if p.id not in state.overrides:  # held all the same: the roll is refused too
            named = steps.update(p, options={**p.options, OPT_TASK: task})
            return steps.put(state, named), refusal(p, task)
        state, p = _allow_again(state, p, task)
        allowed = " (GM override: tried again before the next session)"
    p = steps.update(p, options={**p.options, OPT_TASK: task})
    return steps.put(state, p), f"{p.name}'s next roll attempts \u201c{task}\u201d{allowed}"


def _time_limit(
    state: Encounter, p: Participant, phases: int, task: str, scene: Scale
) -> tuple[Encounter, str]:
    """``p`` announces a limit for its next task: refused (state unchanged, the reason logged)
    for a task aborted before, unless the GM overrode it for ``p`` (the override is spent).

    Raises:
        RuleViolation: the task name is too long.
    """
    task = " ".join(task.split())
    if len(task) > MAX_TASK:
        raise RuleViolation(f"a task name has at most {MAX_TASK} characters")
    allowed = ""
    if task and was_aborted(p, task):
        if p.id not in state.overrides:
            return state, refusal(p, task)
        rest = list(state.overrides)
        rest.remove(p.id)
        state = state.model_copy(update={"overrides": tuple(rest)})
        kept = tuple(t for t in aborted_tasks(p) if not _same(t, task))
        p = steps.update(p, options={**p.options, OPT_ABORTED: kept})
        allowed = " (GM override: tried again before the next session)"
    limit: OptionValue = (phases, phases_spent(p))
    options: dict[str, OptionValue] = {k: v for k, v in p.options.items() if k != OPT_TASK}
    options[OPT_LIMIT] = limit
    if task:
        options[OPT_TASK] = task
    if not aborted_tasks(p) and OPT_ABORTED in options:
        del options[OPT_ABORTED]
    p = steps.update(p, options=options)
    scale = scale_of(scene, p)
    what = f"\u201c{task}\u201d" if task else "the next task"
    return steps.put(state, p), (
        f"{p.name} gives {what} at most {phases} phase{'s' if phases != 1 else ''} "
        f"({duration_text(phases, scale)}){allowed}"
    )
