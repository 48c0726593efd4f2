"""Rules layer: replaying a FATE 2.0 phase history into the sheet it builds, phase by phase.

§2 Looking at the Pyramid keeps one tick per rank bought beside each skill; a skill's value is
its default plus its ticks. Replaying the recorded phases gives, after every phase, the skills,
aspects and extras as they stood, the ranks the phase had and spent, and whether the pyramid (or
column) balanced (§2 Buying Skills: "at the end of every phase"). Names match case-insensitively
and ignore surrounding spaces; renames (a skill called Sneak in one phase and Stealth in the
next, D§5 AMB-28) carry the ticks over.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

from rules.systems.fate2.character import Fate2Character, Fate2Phase
from rules.systems.fate2.pyramid import MAIN, ShapeBreak, grouped_break
from rules.systems.fate2.settings import Fate2Settings

ARC_RANKS = 4
"""Ranks one arc of advancement gives: one per advancement period, four periods (§7 Advancement)."""

CREATION_KINDS = frozenset({"normal", "absent", "destiny"})
"""Phase kinds that are one of the campaign's N creation phases (potential adds extra ones)."""


def key(name: str) -> str:
    """The matching key of a skill, aspect or extra name."""
    return name.strip().casefold()


class PhaseState(BaseModel):
    """The character as it stood at the end of one recorded phase.

    Attributes:
        index: 0-based position in ``phases``.
        number: 1-based phase number as the player counts them.
        kind: The phase's kind.
        budget: Ranks the phase gave (arcs include ranks carried from earlier arcs).
        spent: Ranks bought this phase (skill ticks and extras).
        skills: Skill name -> value after the phase (every skill ticked so far).
        extras: Extra name -> ranks invested so far.
        aspects: Aspect name -> level so far (free aspects not included).
        extras_bought: How many different extras took ranks this phase.
        shape_break: Where the pyramid (or column) fails after this phase, or None.
        break_pyramid: Which pyramid fails: "" the main one, else a special skills' own
            pyramid by name (§5 Special Skills and the Pyramid).
        potential_banked: Potential points gained up to and including this phase.
        potential_spent: Potential phases up to and including this one.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    number: int
    kind: str
    budget: int
    spent: int
    skills: dict[str, int]
    extras: dict[str, int]
    aspects: dict[str, int]
    extras_bought: int
    shape_break: ShapeBreak | None
    potential_banked: int
    potential_spent: int
    break_pyramid: str = MAIN


def phase_budget(phase: Fate2Phase, settings: Fate2Settings, carried: int = 0) -> int:
    """Ranks ``phase`` gives: the phase's ranks, plus the plot bonus on a plot phase (§6 Aspects
    as Plot Hooks); none for a Destiny phase (§6 Destiny) or a missed one (§6 Potential); four
    plus any carried for an arc (§7 Advancement: ranks may be "spent or saved")."""
    if phase.kind in ("absent", "destiny"):
        return 0
    if phase.kind == "arc":
        return ARC_RANKS + carried
    bonus = settings.plot_bonus if phase.plot and settings.plot_aspects else 0
    return settings.ranks_per_phase + bonus


class _Names:
    """Display names by key, first spelling wins (so the sheet's spelling can be compared)."""

    def __init__(self) -> None:
        self.shown: dict[str, str] = {}
        self.values: dict[str, int] = {}

    def add(self, name: str, amount: int) -> None:
        k = key(name)
        self.shown.setdefault(k, name.strip())
        self.values[k] = self.values.get(k, 0) + amount

    def rename(self, old: str, new: str) -> None:
        ko, kn = key(old), key(new)
        if ko not in self.values or ko == kn:
            return
        amount = self.values.pop(ko)
        self.shown.pop(ko, None)
        self.shown[kn] = new.strip()
        self.values[kn] = self.values.get(kn, 0) + amount

    def snapshot(self, convert: Callable[[str, int], int] | None = None) -> dict[str, int]:
        if convert is None:
            return {self.shown[k]: v for k, v in self.values.items()}
        return {self.shown[k]: convert(self.shown[k], v) for k, v in self.values.items()}


def replay(
    character: Fate2Character,
    settings: Fate2Settings,
    default_of: Callable[[str], int],
    extra_in_pyramid: Callable[[str], bool],
    pyramid_of: Callable[[str], str | None] = lambda _name: MAIN,
) -> tuple[PhaseState, ...]:
    """The state after each recorded phase (empty without a history).

    Args:
        character: The character whose ``phases`` are replayed.
        settings: The campaign's settings (ranks, plot bonus, shape).
        default_of: A skill's default, by name (Mediocre, or lower for a difficult skill).
        extra_in_pyramid: Whether an extra, by name, counts in the pyramid as a skill whose
            value its ranks would buy (ranks - 1).
        pyramid_of: The pyramid a skill counts in, by name (:data:`.pyramid.MAIN`, a special
            pyramid's name, or None for none).
    """
    ticks, extras, aspects = _Names(), _Names(), _Names()
    banked = settings.granted_potential
    spent_potential = 0
    carried = 0
    out: list[PhaseState] = []
    for index, phase in enumerate(character.phases):
        for old, new in phase.renames.items():
            ticks.rename(old, new)
        budget = phase_budget(phase, settings, carried)
        spent = 0
        for name, n in phase.ranks.items():
            if name.strip():
                ticks.add(name, n)
                spent += n
        bought = 0
        for name, n in phase.extras.items():
            if name.strip():
                extras.add(name, n)
                spent += n
                bought += 1 if n > 0 else 0
        for name in phase.aspects:
            if name.strip():
                aspects.add(name, 1)
        if phase.kind == "absent":
            banked += 1
        if phase.kind == "potential":
            spent_potential += 1
        carried = max(0, budget - spent) if phase.kind == "arc" else 0
        skills = ticks.snapshot(lambda name, t: default_of(name) + t)
        counted = [(pyramid_of(n), v) for n, v in skills.items()]
        counted += [
            (MAIN, r - 1) for n, r in extras.snapshot().items() if r > 0 and extra_in_pyramid(n)
        ]
        failing = grouped_break(counted, settings.skill_shape)
        out.append(
            PhaseState(
                index=index,
                number=index + 1,
                kind=phase.kind,
                budget=budget,
                spent=spent,
                skills=skills,
                extras=extras.snapshot(),
                aspects=aspects.snapshot(),
                extras_bought=bought,
                shape_break=failing[1] if failing else None,
                break_pyramid=failing[0] if failing else MAIN,
                potential_banked=banked,
                potential_spent=spent_potential,
            )
        )
    return tuple(out)
