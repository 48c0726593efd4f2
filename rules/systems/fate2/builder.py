"""Rules layer: what FATE 2.0's phase-by-phase builder needs: the sheet the phases build, a
report per phase, and a quick NPC's phase history.

The builder edits the phase history (§2 Looking at the Pyramid: a tick per rank, per phase);
:func:`sheet_from_phases` makes the final sheet (skills, aspect levels, extras' ranks) exactly
what those phases build, so the validator's sheet-against-history checks hold by construction.
:func:`phase_reports` says, per phase, what it had and spent and where its pyramid breaks, in
plain words. :func:`quick_npc_phases` turns §10 Pyramid Shorthand into phases one could have
played. All pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from rules.evolve import evolve
from rules.ladder import Ladder
from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Phase
from rules.systems.fate2.checks import describe_break
from rules.systems.fate2.history import key
from rules.systems.fate2.resolve import Resolved
from rules.systems.fate2.settings import MEDIOCRE, SkillShape
from rules.systems.fate2.shorthand import build_greedy_steps


class PhaseReport(BaseModel):
    """One phase as the builder shows it.

    Attributes:
        number: 1-based phase number.
        kind: The phase's kind.
        budget: Ranks the phase gave.
        spent: Ranks it spent (skills and extras).
        pyramid: Rung -> skill names there after the phase (Average and up, highest first).
        broken_rung: The rung where the shape fails after this phase, or None.
        reason: Why it fails, in words ("2 skills at Good need at least 3 at Fair ..."), or "".
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int
    kind: str
    budget: int
    spent: int
    pyramid: dict[int, tuple[str, ...]]
    broken_rung: int | None
    reason: str


def phase_reports(c: Fate2Character, r: Resolved, ladder: Ladder) -> tuple[PhaseReport, ...]:
    """One report per recorded phase (empty without a history)."""
    column = r.settings.skill_shape == "column"
    out = []
    for state in r.replay(c):
        pyramid: dict[int, tuple[str, ...]] = {}
        for name, value in sorted(state.skills.items()):
            if value >= 0:
                pyramid[value] = (*pyramid.get(value, ()), name)
        brk = state.shape_break
        out.append(
            PhaseReport(
                number=state.number,
                kind=state.kind,
                budget=state.budget,
                spent=state.spent,
                pyramid=dict(sorted(pyramid.items(), reverse=True)),
                broken_rung=brk.rung if brk is not None else None,
                reason=(
                    (f"{state.break_pyramid} pyramid: " if state.break_pyramid else "")
                    + describe_break(brk, ladder, column)
                    if brk is not None
                    else ""
                ),
            )
        )
    return tuple(out)


def sheet_from_phases(c: Fate2Character, r: Resolved) -> Fate2Character:
    """``c`` with its sheet rebuilt from its phases (unchanged without a history).

    Skills are every skill ticked, at its default plus its ticks; aspects keep their order,
    notes, sign and checked boxes, take their level from the phases and free aspects (new ones
    are appended in the order taken, untaken ones dropped); extras take the ranks the phases
    put into them.
    """
    if not c.phases:
        return c
    r = r.for_character(c)
    last = r.replay(c)[-1]
    skills = {name: value for name, value in last.skills.items() if value != r.default_of(name)}
    levels: dict[str, int] = {}
    shown: dict[str, str] = {}
    for name, level in last.aspects.items():
        levels[key(name)] = levels.get(key(name), 0) + level
        shown.setdefault(key(name), name)
    for name in c.free_aspects:
        if name.strip():
            levels[key(name)] = levels.get(key(name), 0) + 1
            shown.setdefault(key(name), name.strip())
    aspects: list[Fate2Aspect] = []
    placed: set[str] = set()
    for aspect in c.aspects:
        k = key(aspect.name)
        if k in levels and k not in placed:
            level = levels[k]
            aspects.append(
                aspect.model_copy(update={"level": level, "checked": min(aspect.checked, level)})
            )
            placed.add(k)
    for k, level in levels.items():
        if k not in placed:
            aspects.append(Fate2Aspect(name=shown[k], level=level))
    invested = {key(n): v for n, v in last.extras.items()}
    extras = tuple(
        e.model_copy(update={"ranks": invested.get(key(e.name), 0)}) if e.name.strip() else e
        for e in c.extras
    )
    return evolve(c, skills=skills, aspects=tuple(aspects), extras=extras)


def quick_npc_phases(
    phases: int,
    names: Sequence[str],
    ranks_per_phase: int = 4,
    shape: SkillShape = "pyramid",
) -> tuple[Fate2Phase, ...]:
    """Phases that buy §10 Pyramid Shorthand's NPC rank by rank, each balanced at its end.

    The shorthand's rows are what buying the highest balanced skills phase after phase gives
    (:func:`rules.systems.fate2.shorthand.build_greedy_steps`); a skill keeps its place in the
    sorted list from phase to phase, so each phase's ticks are the rises of each place. The
    highest skill gets the first name. The phases take no aspects: the user names them.

    Raises:
        ValueError: fewer distinct names than skills, or an oversized request.
    """
    steps = build_greedy_steps(phases, ranks_per_phase, shape)
    final = steps[-1] if steps else ()
    chosen = [n.strip() for n in names[: len(final)]]
    if len(chosen) < len(final):
        raise ValueError(f"the pyramid holds {len(final)} skills; {len(names)} names given")
    if len({key(n) for n in chosen}) < len(final) or any(not n for n in chosen):
        raise ValueError("a skill name is blank or given twice")
    out = []
    before = [MEDIOCRE] * len(final)
    for values in steps:
        after = [*values, *[MEDIOCRE] * (len(final) - len(values))]
        ranks = {chosen[i]: after[i] - before[i] for i in range(len(final)) if after[i] > before[i]}
        out.append(Fate2Phase(ranks=ranks))
        before = after
    return tuple(out)


def advancement_rank(c: Fate2Character, skill: str, r: Resolved) -> Fate2Character:
    """``c`` after one advancement period's rank spent on ``skill`` (§4 Advancement, §7
    Advancement: one rank a period, four periods an arc).

    The rank goes to the arc in progress (the last phase, an arc whose goal aspect is not taken
    yet), or opens one; the sheet is rebuilt. Validation then checks the rank against the
    pyramid: while the arc is open a break is a warning (``FATE2-pyramid-advancing``: it must
    balance by the time the goal is reached), once the goal aspect is taken it is an error.

    Raises:
        ValueError: a blank skill name.
    """
    name = " ".join(skill.split())
    if not name:
        raise ValueError("an advancement rank buys a named skill")
    phases = list(c.phases)
    last = phases[-1] if phases else None
    if last is None or last.kind != "arc" or any(a.strip() for a in last.aspects):
        phases.append(Fate2Phase(kind="arc"))
        last = phases[-1]
    ranks = dict(last.ranks)
    have = next((k for k in ranks if key(k) == key(name)), name)
    ranks[have] = ranks.get(have, 0) + 1
    phases[-1] = last.model_copy(update={"ranks": ranks})
    return sheet_from_phases(evolve(c, phases=tuple(phases)), r)


def reach_goal(c: Fate2Character, r: Resolved) -> Fate2Character:
    """``c`` with the arc in progress closed by its goal aspect (§7 Advancement: with the fourth
    rank the goal becomes an aspect, a new one or a level more); the goal is then cleared for
    the player to choose the next.

    Raises:
        ValueError: no arc in progress, or no goal to take.
    """
    last = c.phases[-1] if c.phases else None
    if last is None or last.kind != "arc" or any(a.strip() for a in last.aspects):
        raise ValueError("there is no arc of advancement in progress")
    if not c.goal.strip():
        raise ValueError("the character has no goal to reach")
    closed = last.model_copy(update={"aspects": (c.goal.strip(),)})
    return sheet_from_phases(evolve(c, phases=(*c.phases[:-1], closed), goal=""), r)
