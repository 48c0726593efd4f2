"""Rules layer: FATE 2.0 character validation: phases, ranks, the pyramid after every phase.

Every check returns :class:`rules.validation.Problem`s with a stable ``FATE2-...`` code, a plain
message, the field path and the book section; none raises on a half-made character. The sheet is
replayed phase by phase (:mod:`rules.systems.fate2.history`); a character whose phases are not
written, or whose phases leave ranks unspent, is not finished (errors, which never stop a work in
progress being saved); without phases only the final pyramid's shape is checked besides.
Judgment calls are listed in docs/rules-notes.md ("FATE 2.0: character creation").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from rules.ladder import Ladder
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.history import CREATION_KINDS, PhaseState, key
from rules.systems.fate2.pyramid import MAIN, ShapeBreak, grouped_break, skill_cost
from rules.systems.fate2.resolve import Resolved
from rules.validation import Problem, error, warning

BOOK = "FATE 2.0"
S_CREATION = f"{BOOK}, 2. Character Creation"
S_PHASES = f"{BOOK}, 2. Character Creation: Phases"
S_ASPECTS = f"{BOOK}, 2. Character Creation: Select Aspects"
S_BUYING = f"{BOOK}, 2. Character Creation: Buying Skills"
S_LOOKING = f"{BOOK}, 2. Character Creation: Looking at the Pyramid"
S_EXTRAS = f"{BOOK}, 5. Extras: Gaining Extras"
S_PERSONAL = f"{BOOK}, 5. Extras: Personal Extras"
S_MINIONS = f"{BOOK}, 5. Extras: Minions"
S_EXTRAS_PYRAMID = f"{BOOK}, 5. Extras: Extras within the Pyramid"
S_PLOT = f"{BOOK}, 6. Character Creation Options: Aspects as Plot Hooks"
S_FREE = f"{BOOK}, 6. Character Creation Options: Free Aspects"
S_POTENTIAL = f"{BOOK}, 6. Character Creation Options: Potential"
S_DESTINY = f"{BOOK}, 6. Character Creation Options: Destiny"
S_DIFFICULT = f"{BOOK}, 7. GM's Toolbox: Difficult Skills"
S_ADVANCEMENT = f"{BOOK}, 7. GM's Toolbox: Advancement"
S_COLUMN = f"{BOOK}, 7. GM's Toolbox: Skill Column"
S_CAPS = f"{BOOK}, 7. GM's Toolbox: Aspect Caps"
S_SKILL_LISTS = f"{BOOK}, 10. Utilities: Skill Lists"

_KIND_NAMES = {
    "normal": "phase",
    "absent": "missed phase",
    "potential": "potential phase",
    "destiny": "Destiny phase",
    "arc": "arc of advancement",
}


def _blank(text: str) -> bool:
    return not text or text.isspace()


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_break(brk: ShapeBreak, ladder: Ladder, column: bool) -> str:
    """Plain words for a shape break: "2 skills at Good need at least 3 at Fair; there are 2"."""
    at, below = ladder.adjective(brk.rung), ladder.adjective(brk.rung - 1)
    return (
        f"{_plural(brk.above, 'skill')} at {at} {'needs' if brk.above == 1 else 'need'} at "
        f"least {brk.needed} at {below} "
        f"({'as many' if column else 'one more'} on the rung below); there "
        f"{'is' if brk.below == 1 else 'are'} {brk.below}"
    )


def validate_character(c: Fate2Character, r: Resolved, ladder: Ladder) -> tuple[Problem, ...]:
    """Every problem with ``c`` under the resolved campaign rules ``r``."""
    out: list[Problem] = []
    if _blank(c.name):
        out.append(error("FATE2-name", "name", "The character needs a name.", S_CREATION))
    out += check_skills(c, r, ladder)
    out += check_aspects(c, r)
    out += check_extras(c, r)
    if c.phases:
        states = r.replay(c)
        out += check_phases(c, r, states, ladder)
        out += check_sheet_against_history(c, r, states, ladder)
    else:
        # §2 Character Creation: "for each phase" an aspect is chosen and its ranks spent; a
        # character with none of its phases written is not made yet, whatever its sheet says.
        phases = r.settings.phases
        out.append(
            error(
                "FATE2-phase-count",
                "phases",
                f"This campaign has {_plural(phases, 'phase')}; none is written yet.",
                S_PHASES,
            )
        )
        out += check_final_shape(c, r, ladder)
    return tuple(out)


# -- skills -----------------------------------------------------------------------------------


def check_skills(c: Fate2Character, r: Resolved, ladder: Ladder) -> list[Problem]:
    """Names, values against defaults, the campaign list, difficult-skill defaults."""
    out: list[Problem] = []
    seen: dict[str, str] = {}
    for name, value in c.skills.items():
        path = f"skills.{name}"
        if _blank(name):
            out.append(error("FATE2-skill-name", path, "A skill has no name.", S_BUYING))
            continue
        if key(name) in seen:
            out.append(
                error(
                    "FATE2-skill-twice",
                    path,
                    f"{name} and {seen[key(name)]} are the same skill written twice.",
                    S_BUYING,
                )
            )
        seen.setdefault(key(name), name)
        default = r.default_of(name)
        if value < default:
            out.append(
                error(
                    "FATE2-skill-below-default",
                    path,
                    f"{name} is {ladder.render(value)}, below where it starts untrained "
                    f"({ladder.render(default)}); ranks only raise skills.",
                    S_DIFFICULT if default < -1 else S_BUYING,
                )
            )
        if not r.on_list(name):
            out.append(
                warning(
                    "FATE2-skill-unlisted",
                    path,
                    f"{name} is not on the campaign's skill list; check it with the GM.",
                    S_SKILL_LISTS,
                )
            )
    for name, default in c.skill_defaults.items():
        path = f"skill_defaults.{name}"
        if not r.settings.difficult_skills:
            out.append(
                warning(
                    "FATE2-difficult-off",
                    path,
                    f"{name} is given a default of {ladder.render(default)}, but this campaign "
                    "does not use difficult skills: it starts at Mediocre.",
                    S_DIFFICULT,
                )
            )
        elif not -4 <= default <= -1:
            out.append(
                error(
                    "FATE2-difficult-default",
                    path,
                    f"{name}: a skill's default is Mediocre, Poor, Terrible or Abysmal, not "
                    f"{ladder.render(default)}.",
                    S_DIFFICULT,
                )
            )
    return out


def check_final_shape(c: Fate2Character, r: Resolved, ladder: Ladder) -> list[Problem]:
    """The final sheet's pyramid (or column), skills at Average or better only."""
    values = [(r.pyramid_of(n), v) for n, v in c.skills.items() if not _blank(n)]
    values += [
        (MAIN, e.ranks - 1) for e in c.extras if e.ranks > 0 and r.extra_in_pyramid(c, e.name)
    ]
    failing = grouped_break(values, r.settings.skill_shape)
    if failing is None:
        return []
    group, brk = failing
    column = r.settings.skill_shape == "column"
    what = "column" if column else "pyramid"
    name = f"The {group} {what}" if group else f"The skill {what}"
    return [
        error(
            f"FATE2-{what}",
            "skills",
            f"{name} does not balance: {describe_break(brk, ladder, column)}.",
            S_COLUMN if column else S_BUYING,
        )
    ]


# -- aspects ----------------------------------------------------------------------------------


def check_aspects(c: Fate2Character, r: Resolved) -> list[Problem]:
    """Names, duplicates, boxes, the level cap and the optional fixed caps, free aspects."""
    out: list[Problem] = []
    cap = r.settings.cap()
    total = sum(a.level for a in c.aspects)
    peak = max((v for n, v in c.skills.items() if not _blank(n)), default=None)
    seen: set[str] = set()
    for i, aspect in enumerate(c.aspects):
        path = f"aspects[{i}]"
        if _blank(aspect.name):
            out.append(error("FATE2-aspect-name", path, "An aspect has no name.", S_ASPECTS))
            continue
        if key(aspect.name) in seen:
            out.append(
                error(
                    "FATE2-aspect-twice",
                    path,
                    f"{aspect.name} is listed twice; take it again as a higher level instead.",
                    S_ASPECTS,
                )
            )
        seen.add(key(aspect.name))
        if aspect.level > cap:
            out.append(
                error(
                    "FATE2-aspect-cap",
                    f"{path}.level",
                    f"{aspect.name} is at level {aspect.level}; this campaign caps aspects at "
                    f"level {cap}.",
                    S_ASPECTS,
                )
            )
        if "half-of-levels" in r.settings.cap_rules and total > 1 and aspect.level * 2 > total:
            out.append(
                error(
                    "FATE2-aspect-half",
                    f"{path}.level",
                    f"{aspect.name} holds {aspect.level} of the character's {total} aspect "
                    "levels; no aspect may hold more than half.",
                    S_CAPS,
                )
            )
        if "not-above-peak-skill" in r.settings.cap_rules and (peak is None or aspect.level > peak):
            out.append(
                error(
                    "FATE2-aspect-above-peak",
                    f"{path}.level",
                    f"{aspect.name} (level {aspect.level}) is above the character's highest "
                    f"skill ({'none' if peak is None else f'{peak:+d}'}).",
                    S_CAPS,
                )
            )
        if aspect.checked > aspect.level:
            out.append(
                error(
                    "FATE2-aspect-boxes",
                    f"{path}.checked",
                    f"{aspect.name} has {_plural(aspect.level, 'box')} but "
                    f"{aspect.checked} are checked.",
                    S_ASPECTS,
                )
            )
    free = [a for a in c.free_aspects if not _blank(a)]
    if len(free) > r.settings.free_aspects:
        allowed = r.settings.free_aspects
        out.append(
            error(
                "FATE2-free-aspects",
                "free_aspects",
                f"{_plural(len(free), 'free aspect level')} taken; this campaign allows "
                f"{allowed or 'none'}.",
                S_FREE,
            )
        )
    return out


# -- extras -----------------------------------------------------------------------------------


def check_extras(c: Fate2Character, r: Resolved) -> list[Problem]:
    """Extras allowed at all; names; one aspect per rank; servants' size; minions' control."""
    out: list[Problem] = []
    seen: set[str] = set()
    for i, extra in enumerate(c.extras):
        path = f"extras[{i}]"
        if not r.settings.extras:
            out.append(
                error(
                    "FATE2-extras-off",
                    path,
                    f"This campaign does not let ranks buy extras ({extra.name or 'unnamed'}).",
                    S_EXTRAS,
                )
            )
        if _blank(extra.name):
            out.append(error("FATE2-extra-name", path, "An extra has no name.", S_EXTRAS))
            continue
        if key(extra.name) in seen:
            out.append(error("FATE2-extra-twice", path, f"{extra.name} is listed twice.", S_EXTRAS))
        seen.add(key(extra.name))
        given = [a for a in extra.aspects if not _blank(a)]
        if extra.kind in ("item", "contact", "resource") and len(given) > extra.ranks:
            out.append(
                error(
                    "FATE2-extra-aspects",
                    f"{path}.aspects",
                    f"{extra.name} has {_plural(len(given), 'aspect')} but "
                    f"{_plural(extra.ranks, 'rank')}: each aspect costs one rank.",
                    S_PERSONAL,
                )
            )
        if extra.kind == "servant":
            phases = r.settings.phases
            if extra.ranks > phases:
                out.append(
                    error(
                        "FATE2-servant-size",
                        f"{path}.ranks",
                        f"{extra.name} would be a character of {extra.ranks} phases, more than "
                        f"its patron's {phases}.",
                        S_PERSONAL,
                    )
                )
            elif extra.ranks * 2 > phases:
                out.append(
                    warning(
                        "FATE2-servant-large",
                        f"{path}.ranks",
                        f"{extra.name} would be a character of {extra.ranks} phases, more than "
                        f"half its patron's {phases}: the GM should agree.",
                        S_PERSONAL,
                    )
                )
        if extra.kind == "minions":
            out += _check_minions(c, extra.name, extra.controlling_aspect, path)
    return out


def _check_minions(c: Fate2Character, name: str, control: str, path: str) -> list[Problem]:
    if _blank(control):
        return [
            error(
                "FATE2-minions-control",
                f"{path}.controlling_aspect",
                f"{name}: minions are bought together with an aspect that commands them "
                "(such as Overlord); name it.",
                S_MINIONS,
            )
        ]
    if c.aspect(control) is None:
        return [
            error(
                "FATE2-minions-control",
                f"{path}.controlling_aspect",
                f"{name}: the character has no aspect called {control}.",
                S_MINIONS,
            )
        ]
    return []


# -- the phase history ------------------------------------------------------------------------


def _label(state: PhaseState) -> str:
    return f"{_KIND_NAMES.get(state.kind, 'phase').capitalize()} {state.number}"


def check_phases(
    c: Fate2Character, r: Resolved, states: tuple[PhaseState, ...], ladder: Ladder
) -> list[Problem]:
    """Per phase: its kind allowed, its aspects, its ranks; the phase count; the shape."""
    out: list[Problem] = []
    settings = r.settings
    creation = sum(1 for p in c.phases if p.kind in CREATION_KINDS)
    if creation != settings.phases:
        out.append(
            error(
                "FATE2-phase-count",
                "phases",
                f"This campaign has {_plural(settings.phases, 'phase')}; "
                f"{creation} {'is' if creation == 1 else 'are'} recorded"
                + (" (potential phases and arcs come on top)." if creation else "."),
                S_PHASES,
            )
        )
    arc_seen = False
    open_arcs = _open_arcs(c)
    last = len(c.phases) - 1
    for phase, state in zip(c.phases, states, strict=True):
        path, label = f"phases[{state.index}]", _label(state)
        if state.index in open_arcs and state.index != last:
            out.append(
                error(
                    "FATE2-arc-unfinished",
                    f"{path}.aspects",
                    f"{label} takes no aspect, yet more follows it: an arc ends when the goal "
                    "is reached and taken as an aspect, with its fourth rank.",
                    S_ADVANCEMENT,
                )
            )
        if phase.kind == "arc":
            arc_seen = True
        elif arc_seen:
            out.append(
                error(
                    "FATE2-arc-order",
                    f"{path}.kind",
                    f"{label} comes after an arc of advancement; creation phases come first.",
                    S_ADVANCEMENT,
                )
            )
        out += _check_kind(c, state, phase.plot, path, label, r)
        if state.index not in open_arcs:
            out += _check_phase_aspects(
                state, phase.aspects, path, label, settings.aspects_per_phase
            )
        out += _check_phase_ranks(c, state, phase.ranks, phase.extras, path, label, r)
    advancing = {last} & open_arcs
    out += _check_history_shape(states, ladder, settings.skill_shape == "column", advancing)
    return out


def _open_arcs(c: Fate2Character) -> set[int]:
    """Indexes of arcs of advancement whose goal aspect is not taken yet (ranks bought one
    advancement period at a time, §7 Advancement)."""
    return {
        i
        for i, p in enumerate(c.phases)
        if p.kind == "arc" and not any(not _blank(a) for a in p.aspects)
    }


def _check_kind(
    c: Fate2Character, state: PhaseState, plot: bool, path: str, label: str, r: Resolved
) -> list[Problem]:
    out: list[Problem] = []
    s = r.settings
    if plot and not s.plot_aspects:
        out.append(
            error(
                "FATE2-plot-off",
                f"{path}.plot",
                f"{label} is marked as a plot phase, but this campaign has no plot aspects.",
                S_PLOT,
            )
        )
    if plot and state.kind in ("absent", "destiny"):
        out.append(
            warning(
                "FATE2-plot-no-ranks",
                f"{path}.plot",
                f"{label} gives no skill ranks, so its plot bonus buys nothing.",
                S_PLOT,
            )
        )
    if state.kind in ("absent", "potential") and not s.potential:
        out.append(
            error(
                "FATE2-potential-off",
                f"{path}.kind",
                f"{label}: this campaign does not use potential.",
                S_POTENTIAL,
            )
        )
    if state.kind == "potential":
        previous = c.phases[state.index - 1] if state.index > 0 else None
        if previous is None or previous.kind not in ("normal", "potential", "destiny"):
            out.append(
                error(
                    "FATE2-potential-where",
                    f"{path}.kind",
                    f"{label}: potential is spent in a phase in which the character takes an "
                    "aspect, so it must follow such a phase.",
                    S_POTENTIAL,
                )
            )
        if state.potential_spent > state.potential_banked:
            out.append(
                error(
                    "FATE2-potential-none",
                    f"{path}.kind",
                    f"{label} spends a point of potential the character does not have "
                    f"({state.potential_banked} banked, {state.potential_spent} spent by then).",
                    S_POTENTIAL,
                )
            )
    if state.kind == "destiny" and not s.destiny:
        out.append(
            error(
                "FATE2-destiny-off",
                f"{path}.kind",
                f"{label}: this campaign does not use Destiny.",
                S_DESTINY,
            )
        )
    return out


def _check_phase_aspects(
    state: PhaseState, aspects: tuple[str, ...], path: str, label: str, per_phase: int
) -> list[Problem]:
    taken = [a for a in aspects if not _blank(a)]
    if state.kind == "absent":
        if taken:
            return [
                error(
                    "FATE2-absent-aspects",
                    f"{path}.aspects",
                    f"{label}: the character was not there, so it takes no aspect.",
                    S_POTENTIAL,
                )
            ]
        return []
    if len(taken) < per_phase:
        return [
            error(
                "FATE2-phase-aspects",
                f"{path}.aspects",
                f"{label} takes {_plural(len(taken), 'aspect level')}; each phase takes "
                f"{per_phase}.",
                S_ASPECTS,
            )
        ]
    if len(taken) > per_phase:
        return [
            error(
                "FATE2-phase-aspects",
                f"{path}.aspects",
                f"{label} takes {_plural(len(taken), 'aspect level')}; this campaign gives "
                f"{per_phase} a phase (free aspects are listed apart).",
                S_FREE,
            )
        ]
    return []


def _check_phase_ranks(
    c: Fate2Character,
    state: PhaseState,
    ranks: dict[str, int],
    extras: dict[str, int],
    path: str,
    label: str,
    r: Resolved,
) -> list[Problem]:
    out: list[Problem] = []
    for name, n in (*ranks.items(), *extras.items()):
        if n < 0 or _blank(name):
            what = "a blank name" if _blank(name) else f"{n} ranks"
            out.append(
                error(
                    "FATE2-phase-purchase",
                    f"{path}.{'ranks' if name in ranks else 'extras'}.{name}",
                    f"{label} buys {what}: a purchase names a skill or extra and spends "
                    "one rank or more.",
                    S_LOOKING,
                )
            )
    for name in extras:
        if not _blank(name) and c.extra(name) is None:
            out.append(
                error(
                    "FATE2-phase-extra-unknown",
                    f"{path}.extras.{name}",
                    f"{label} puts ranks into {name}, which is not among the character's extras.",
                    S_EXTRAS,
                )
            )
    if state.spent > state.budget:
        out.append(
            error(
                "FATE2-phase-overspent",
                f"{path}.ranks",
                f"{label} spends {state.spent} ranks; it has {state.budget}.",
                S_DESTINY if state.kind == "destiny" else S_BUYING,
            )
        )
    elif state.spent < state.budget and state.kind != "arc":
        # §2 Buying Skills, AMB-13: a creation phase's ranks are all spent in it ("which I've
        # gotta spend"); until they are, the phase is unfinished (an arc may save, §7).
        left = state.budget - state.spent
        out.append(
            error(
                "FATE2-phase-unspent",
                f"{path}.ranks",
                f"{label} has {_plural(left, 'rank')} left to spend; a phase's ranks are all "
                "spent in that phase, on skills or extras.",
                S_BUYING,
            )
        )
    if r.settings.extras_in_pyramid and state.extras_bought > 1:
        out.append(
            warning(
                "FATE2-extras-per-phase",
                f"{path}.extras",
                f"{label} buys {state.extras_bought} extras; with extras in the pyramid the "
                "guideline is one a phase.",
                S_EXTRAS_PYRAMID,
            )
        )
    return out


def _which(state: PhaseState, what: str) -> str:
    """``pyramid``, or ``Magic pyramid`` when a special skills' own pyramid fails."""
    return f"{state.break_pyramid} {what}" if state.break_pyramid else what


def _check_history_shape(
    states: tuple[PhaseState, ...], ladder: Ladder, column: bool, advancing: Collection[int] = ()
) -> list[Problem]:
    """The first phase whose end leaves the shape unbalanced, an error; an arc still being
    bought rank by rank (``advancing``) only has to balance when its goal is reached (§7
    Advancement, AMB-03), so a break there is a warning."""
    what = "column" if column else "pyramid"
    out: list[Problem] = []
    for s in states:
        if s.index in advancing and s.shape_break is not None:
            out.append(
                warning(
                    f"FATE2-{what}-advancing",
                    f"phases[{s.index}]",
                    f"After the latest advancement rank the {_which(s, what)} does not balance: "
                    f"{describe_break(s.shape_break, ladder, column)}. It must balance by the "
                    "time the goal is reached.",
                    S_ADVANCEMENT,
                )
            )
    broken = [s for s in states if s.shape_break is not None and s.index not in advancing]
    if not broken:
        return out
    first = broken[0]
    assert first.shape_break is not None
    later = len(broken) - 1
    tail = f" ({_plural(later, 'later phase')} also fail.)" if later else ""
    out.append(
        error(
            f"FATE2-{what}-phase",
            f"phases[{first.index}]",
            f"The {_which(first, what)} does not balance at the end of {_label(first).lower()}: "
            f"{describe_break(first.shape_break, ladder, column)}. It must balance after "
            f"every phase.{tail}",
            S_COLUMN if column else S_BUYING,
        )
    )
    return out


def check_sheet_against_history(
    c: Fate2Character, r: Resolved, states: tuple[PhaseState, ...], ladder: Ladder
) -> list[Problem]:
    """The final sheet is what the phases build: skills, aspect levels, extras' ranks."""
    out: list[Problem] = []
    last = states[-1]
    built = {key(n): (n, v) for n, v in last.skills.items()}
    sheet = {key(n): (n, v) for n, v in c.skills.items() if not _blank(n)}
    for k in sorted({*built, *sheet}):
        name = sheet[k][0] if k in sheet else built[k][0]
        default = r.default_of(name)
        want = built[k][1] if k in built else default
        have = sheet[k][1] if k in sheet else default
        if want != have:
            out.append(
                error(
                    "FATE2-sheet-skill",
                    f"skills.{name}",
                    f"The sheet has {name} at {ladder.render(have)}, but the phases buy it to "
                    f"{ladder.render(want)} ({_plural(skill_cost(want, default), 'tick')}).",
                    S_LOOKING,
                )
            )
    levels = Counter({key(n): v for n, v in last.aspects.items()})
    levels.update(key(a) for a in c.free_aspects if not _blank(a))
    shown = {key(n): n for n in (*last.aspects, *c.free_aspects)}
    on_sheet = {key(a.name): (i, a) for i, a in enumerate(c.aspects) if not _blank(a.name)}
    for k in sorted({*levels, *on_sheet}):
        want = levels.get(k, 0)
        if k in on_sheet:
            i, aspect = on_sheet[k]
            if aspect.level != want:
                taken = f"taken {_plural(want, 'time')}" if want else "never taken"
                out.append(
                    error(
                        "FATE2-sheet-aspect",
                        f"aspects[{i}].level",
                        f"The sheet has {aspect.name} at level {aspect.level}, but it is "
                        f"{taken} in the phases and free aspects.",
                        S_ASPECTS,
                    )
                )
        else:
            out.append(
                error(
                    "FATE2-sheet-aspect",
                    "aspects",
                    f"{shown[k]} is taken {_plural(want, 'time')} in the phases but is not on "
                    "the sheet.",
                    S_ASPECTS,
                )
            )
    invested = {key(n): v for n, v in last.extras.items()}
    for i, extra in enumerate(c.extras):
        if _blank(extra.name):
            continue
        bought = invested.get(key(extra.name), 0)
        if bought != extra.ranks:
            out.append(
                error(
                    "FATE2-sheet-extra",
                    f"extras[{i}].ranks",
                    f"The sheet puts {_plural(extra.ranks, 'rank')} into {extra.name}; the "
                    f"phases put {bought}.",
                    S_EXTRAS,
                )
            )
    if out:
        # The sheet is not what the phases build: check its own shape too.
        out += check_final_shape(c, r, ladder)
    return out
