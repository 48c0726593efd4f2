"""Rules layer: FATE 2.0 derived values: ranks, fate points, peak, pyramid by phase, wound track.

Computed from whatever is filled in; nothing here raises on a half-made character. The wound
track follows §8 Injuries and Advantages (Table 2) with the campaign's box counts.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.history import ARC_RANKS
from rules.systems.fate2.pyramid import MAIN, grouped_break, skill_cost
from rules.systems.fate2.resolve import Resolved
from rules.systems.fate2.settings import WoundBoxes

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class WoundBand(BaseModel):
    """One row of the wound track (§8 Table 1 Combat Outcomes, Table 2 Wound Track).

    Attributes:
        outcome: Scratched, Clipped, Hurt, Injured or Taken Out.
        mos_min: Lowest margin of success that lands here.
        mos_max: Highest, or None for "and up" (Taken Out).
        boxes: Boxes on the track (Scratched has none; Taken Out is the one X).
        effect: What a marked box does, in plain words.
    """

    model_config = _FROZEN

    outcome: str
    mos_min: int
    mos_max: int | None
    boxes: int
    effect: str


def wound_track(boxes: WoundBoxes) -> tuple[WoundBand, ...]:
    """The track's rows, mildest first, with the campaign's box counts (§8 Table 2)."""
    return (
        WoundBand(outcome="Scratched", mos_min=0, mos_max=0, boxes=0, effect="no effect"),
        WoundBand(
            outcome="Clipped",
            mos_min=1,
            mos_max=1,
            boxes=boxes.clipped,
            effect="-1 to the next action; several do not stack",
        ),
        WoundBand(
            outcome="Hurt",
            mos_min=2,
            mos_max=4,
            boxes=boxes.hurt,
            effect="-1 to actions for the scene while any box is marked",
        ),
        WoundBand(
            outcome="Injured",
            mos_min=5,
            mos_max=6,
            boxes=boxes.injured,
            effect="-1 per marked box to most actions until healed",
        ),
        WoundBand(
            outcome="Taken Out",
            mos_min=7,
            mos_max=None,
            boxes=1,
            effect="out of the fight (not dead)",
        ),
    )


class Fate2Derived(BaseModel):
    """Everything computed from a FATE 2.0 character.

    Attributes:
        ranks_total: Ranks the recorded phases gave (None without a phase history).
        ranks_spent: What the skills as they stand cost (each step above its default, one).
        ranks_on_extras: Ranks invested in extras, as the sheet has them.
        ranks_unspent: ``ranks_total`` less what skills and extras cost (None without history).
        fate_points: Current fate points (the starting amount unless recorded).
        starting_fate_points: Half the phases rounded up, or the GM's number (§2 Fate Points).
        peak: The highest skill value (None with no skills).
        peak_skill: The skill at the peak (the first by name when several share it).
        pyramid: Rung -> skills there, Average and up (the main pyramid's skills only).
        pyramid_ok: Whether the sheet's pyramid (or column) balances, and every special skills'
            pyramid of its own (§5 Special Skills and the Pyramid).
        pyramid_ok_by_phase: One entry per recorded phase: whether it balanced at its end.
        aspect_levels: Sum of the aspects' levels.
        aspect_cap: The level cap in force.
        potential_left: Potential points not yet spent (None without history).
        minions: Minion extra -> how many come per scene (ranks x controlling aspect's level).
        wound_track: The wound track's rows.
    """

    model_config = _FROZEN

    ranks_total: int | None
    ranks_spent: int
    ranks_on_extras: int
    ranks_unspent: int | None
    fate_points: int
    starting_fate_points: int
    peak: int | None
    peak_skill: str
    pyramid: dict[int, tuple[str, ...]]
    pyramid_ok: bool
    pyramid_ok_by_phase: tuple[bool, ...]
    aspect_levels: int
    aspect_cap: int
    potential_left: int | None
    minions: dict[str, int]
    wound_track: tuple[WoundBand, ...]


def derive_character(c: Fate2Character, r: Resolved) -> Fate2Derived:
    """The derived values of ``c`` under the resolved campaign rules ``r``."""
    settings = r.settings
    skills = {n: v for n, v in c.skills.items() if n.strip()}
    spent = sum(skill_cost(v, r.default_of(n)) for n, v in skills.items())
    on_extras = sum(e.ranks for e in c.extras)
    states = r.replay(c) if c.phases else ()
    total = None
    if states:
        # An arc's budget includes ranks carried from the arc before; count its own four once.
        arcs = sum(1 for s in states if s.kind == "arc")
        total = sum(s.budget for s in states if s.kind != "arc") + ARC_RANKS * arcs
    unspent = None if total is None else total - spent - on_extras
    potential = None
    if states:
        potential = states[-1].potential_banked - states[-1].potential_spent
    peak_skill, peak = "", None
    if skills:
        peak_skill, peak = max(sorted(skills.items()), key=lambda kv: kv[1])
    pyramid: dict[int, tuple[str, ...]] = {}
    for name, value in sorted(skills.items()):
        if value >= 0 and r.pyramid_of(name) == MAIN:
            pyramid[value] = (*pyramid.get(value, ()), name)
    counted = [(r.pyramid_of(n), v) for n, v in skills.items()]
    counted += [
        (MAIN, e.ranks - 1) for e in c.extras if e.ranks > 0 and r.extra_in_pyramid(c, e.name)
    ]
    minions: dict[str, int] = {}
    for extra in c.extras:
        if extra.kind == "minions" and extra.name.strip():
            control = c.aspect(extra.controlling_aspect) if extra.controlling_aspect else None
            minions[extra.name] = extra.ranks * (control.level if control else 0)
    starting = settings.fate_points()
    return Fate2Derived(
        ranks_total=total,
        ranks_spent=spent,
        ranks_on_extras=on_extras,
        ranks_unspent=unspent,
        fate_points=starting if c.fate_points is None else c.fate_points,
        starting_fate_points=starting,
        peak=peak,
        peak_skill=peak_skill,
        pyramid=dict(sorted(pyramid.items(), reverse=True)),
        pyramid_ok=grouped_break(counted, settings.skill_shape) is None,
        pyramid_ok_by_phase=tuple(s.shape_break is None for s in states),
        aspect_levels=sum(a.level for a in c.aspects),
        aspect_cap=settings.cap(),
        potential_left=potential,
        minions=minions,
        wound_track=wound_track(settings.wound_boxes),
    )
