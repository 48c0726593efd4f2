"""Rules layer: Spirit of the Century stunt prerequisites and repeat limits.

Implements validator rules V9/V10 and warning W2 of the SotC digest (sotc.md section 2.8)
against the catalogue in :mod:`rules.systems.sotc.catalog`, whose module docstring defines every
prerequisite form. Custom stunts (not in the catalogue) are the caller's business and are
ignored here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from rules.systems.sotc.catalog import (
    AllReq,
    AnyReq,
    AspectReq,
    HqElementReq,
    Prereq,
    SkillAtLeastReq,
    SkillStuntsReq,
    SotcCatalog,
    StuntDef,
    StuntReq,
    WeirdnessReq,
)
from rules.systems.sotc.settings import Weirdness

_LADDER = {
    8: "Legendary",
    7: "Epic",
    6: "Fantastic",
    5: "Superb",
    4: "Great",
    3: "Good",
    2: "Fair",
    1: "Average",
    0: "Mediocre",
    -1: "Poor",
    -2: "Terrible",
}

#: The stunt that gives a headquarters every element (SotC "Stunts", Resources, L4265).
_ALL_ELEMENTS_STUNT = "Stately Pleasure Dome"


def _rung(value: int) -> str:
    """A SotC ladder value in words, e.g. ``Great (+4)``."""
    sign = f"{value:+d}" if value else "+0"
    if value in _LADDER:
        return f"{_LADDER[value]} ({sign})"
    top = max(_LADDER) if value > 0 else min(_LADDER)
    return f"{_LADDER[top]} {value - top:+d} ({sign})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


class StuntCheck(BaseModel):
    """Whether one stunt's prerequisites are met.

    Attributes:
        name: The stunt's name as the catalogue prints it.
        met: True when nothing machine-checkable is missing (warnings do not count).
        reasons: What is missing, in plain words (empty when met).
        warnings: Things only the GM can confirm, such as aspect prerequisites.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    met: bool
    reasons: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


class _Outcome(BaseModel):
    model_config = ConfigDict(frozen=True)

    met: bool
    reasons: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def _named_stunts(req: Prereq) -> list[str]:
    """Names of every stunt mentioned anywhere in a requirement."""
    if isinstance(req, StuntReq):
        return [req.name]
    if isinstance(req, AllReq | AnyReq):
        return [n for sub in req.of for n in _named_stunts(sub)]
    if isinstance(req, WeirdnessReq):
        return _named_stunts(req.then) + _named_stunts(req.otherwise)
    return []


class _Context:
    """What a prerequisite is evaluated against."""

    def __init__(
        self,
        catalog: SotcCatalog,
        stunt: StuntDef,
        taken: Sequence[str],
        skills: Mapping[str, int],
        index: int | None,
        weirdness: Weirdness,
    ) -> None:
        self.catalog = catalog
        self.stunt = stunt
        self.weirdness = weirdness
        self.skills = {k.casefold(): v for k, v in skills.items()}
        # Catalogue stunts taken, as (position, definition); custom stunts are skipped.
        self.picks: list[tuple[int, StuntDef]] = [
            (i, catalog.stunt(n)) for i, n in enumerate(taken) if catalog.has_stunt(n)
        ]
        self.names = Counter(d.name for _, d in self.picks)
        self.index = index
        requires = stunt.requires
        self.named = (
            [] if requires is None else [catalog.stunt(n).name for n in _named_stunts(requires)]
        )

    def has(self, name: str) -> bool:
        return self.names[self.catalog.stunt(name).name] > 0

    def other_stunts(self, skill: str) -> tuple[int, list[str]]:
        """Count stunts of ``skill`` other than the one checked and those named in its requirement.

        Returns:
            The count and the names excluded because the requirement names them.
        """
        key = skill.casefold()
        to_skip = Counter(self.named)
        skipped: list[str] = []
        count = 0
        for pos, d in self.picks:
            if pos == self.index:
                continue
            if key not in {s.casefold() for s in d.counts_for()}:
                continue
            if to_skip[d.name] > 0:
                to_skip[d.name] -= 1
                skipped.append(d.name)
                continue
            count += 1
        for name in self.named:
            stunt = self.catalog.stunt(name)
            if key in {s.casefold() for s in stunt.counts_for()} and name not in skipped:
                skipped.append(name)
        return count, skipped


def _evaluate(req: Prereq, ctx: _Context) -> _Outcome:
    if isinstance(req, StuntReq):
        name = ctx.catalog.stunt(req.name).name
        if ctx.has(name):
            return _Outcome(met=True)
        return _Outcome(met=False, reasons=(f"needs the stunt {name}",))
    if isinstance(req, AllReq):
        parts = [_evaluate(sub, ctx) for sub in req.of]
        return _Outcome(
            met=all(p.met for p in parts),
            reasons=tuple(r for p in parts for r in p.reasons),
            warnings=tuple(w for p in parts for w in p.warnings),
        )
    if isinstance(req, AnyReq):
        parts = [_evaluate(sub, ctx) for sub in req.of]
        clean = [p for p in parts if p.met and not p.warnings]
        if clean:
            return _Outcome(met=True)
        hedged = [p for p in parts if p.met]
        if hedged:
            return hedged[0]
        options = [" and ".join(r.removeprefix("needs ") for r in p.reasons) for p in parts]
        return _Outcome(met=False, reasons=("needs one of: " + ", or ".join(options),))
    if isinstance(req, SkillStuntsReq):
        have, skipped = ctx.other_stunts(req.skill)
        if have >= req.count:
            return _Outcome(met=True)
        tail = f" besides {' and '.join(skipped)}" if skipped else ""
        return _Outcome(
            met=False,
            reasons=(f"needs {_plural(req.count, f'other {req.skill} stunt')}{tail} (has {have})",),
        )
    if isinstance(req, SkillAtLeastReq):
        rating = ctx.skills.get(req.skill.casefold(), 0)
        if rating >= req.rating:
            return _Outcome(met=True)
        return _Outcome(
            met=False,
            reasons=(f"needs {req.skill} at {_rung(req.rating)} or better (has {_rung(rating)})",),
        )
    if isinstance(req, AspectReq):
        return _Outcome(met=True, warnings=(f"needs {req.about}",))
    if isinstance(req, HqElementReq):
        if ctx.has(_ALL_ELEMENTS_STUNT):
            return _Outcome(met=True)
        return _Outcome(
            met=True,
            warnings=(
                f"the Headquarters must have the {req.element} element "
                f"(automatic with {_ALL_ELEMENTS_STUNT})",
            ),
        )
    assert isinstance(req, WeirdnessReq)
    branch = req.then if ctx.weirdness in req.levels else req.otherwise
    return _evaluate(branch, ctx)


def check_stunt(
    catalog: SotcCatalog,
    name: str,
    taken: Sequence[str],
    skills: Mapping[str, int],
    *,
    index: int | None = None,
    weirdness: Weirdness = "world-of-adventure",
) -> StuntCheck:
    """Check whether the stunt ``name`` is available to a character (SotC "Stunts"; V9, V10, W2).

    Args:
        catalog: The SotC catalogue.
        name: The stunt to check (case-insensitive).
        taken: The character's stunt names in order; repeats allowed; custom stunts are ignored.
        skills: Skill ratings by book skill name; a missing skill is Mediocre (0).
        index: When given, ``taken[index]`` is the pick being checked and is not counted among
            the "other" stunts; when None the stunt is a candidate not yet taken.
        weirdness: The campaign's weirdness level (only Weird Science's requirement depends on it).

    Returns:
        The verdict with plain-words reasons and GM warnings.

    Raises:
        KeyError: when ``name`` is not a catalogue stunt.
    """
    stunt = catalog.stunt(name)
    if stunt.requires is None:
        return StuntCheck(name=stunt.name, met=True)
    ctx = _Context(catalog, stunt, taken, skills, index, weirdness)
    outcome = _evaluate(stunt.requires, ctx)
    return StuntCheck(
        name=stunt.name, met=outcome.met, reasons=outcome.reasons, warnings=outcome.warnings
    )


def check_takes(catalog: SotcCatalog, taken: Sequence[str]) -> list[tuple[str, str]]:
    """Check how often each stunt is taken (SotC "Stunts"; digest rules V9, V10).

    Args:
        catalog: The SotC catalogue.
        taken: The character's stunt names; custom stunts are ignored.

    Returns:
        ``(stunt name, message)`` for each stunt taken too often or too few times, in order of
        first appearance.
    """
    counts: Counter[str] = Counter()
    order: list[StuntDef] = []
    for raw in taken:
        if not catalog.has_stunt(raw):
            continue
        stunt = catalog.stunt(raw)
        if counts[stunt.name] == 0:
            order.append(stunt)
        counts[stunt.name] += 1
    out: list[tuple[str, str]] = []
    for stunt in order:
        n = counts[stunt.name]
        times = _times(n)
        if not stunt.repeatable and n > 1:
            out.append((stunt.name, f"{stunt.name} is taken {times} but can only be taken once"))
        elif stunt.max_takes is not None and n > stunt.max_takes:
            out.append(
                (
                    stunt.name,
                    f"{stunt.name} is taken {times} but can be taken at most "
                    f"{_times(stunt.max_takes)}",
                )
            )
        elif n < stunt.min_takes:
            limit = (
                f"{stunt.min_takes} or {stunt.max_takes}"
                if stunt.max_takes == stunt.min_takes + 1
                else f"at least {stunt.min_takes}"
            )
            out.append(
                (
                    stunt.name,
                    f"{stunt.name} is taken {times} but must be taken {limit} times",
                )
            )
    return out
