"""Rules layer: escaping bonds in a SotC conflict, with the stunts that help it.

The book gives no table of bonds: their difficulty is the GM's, on the ladder, as for any
simple action against a fixed difficulty. What it gives as numbers are two stunts' bonuses:
Slippery, +2 to "any attempts to escape from bonds" (SRD L2545), and Unbound, +2 to Might when
breaking out of restraints "be it by chains or a mob of people" (SRD L3777). The attempt is the
character's action for the exchange: Athletics to slip free, Might to break out.
"""

from __future__ import annotations

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, SystemActionEvent
from rules.systems.sotc.participant_options import has

S_BONDS = "SotC, Stunts: Athletics, Slippery; Might, Unbound"

SLIPPERY_BONDS = 2
"""Slippery (SRD L2545): +2 to any attempt to escape from bonds."""

UNBOUND_BONUS = 2
"""Unbound (SRD L3777): +2 to Might to break out of restraints."""

BONDS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="escape_bonds", label="Escape bonds", section=S_BONDS, group="Maneuvers",
        help="The actor's action: Athletics (slip free) or Might (break out) against the bonds' "
        "difficulty, which the GM sets. Slippery +2 to either; Unbound +2 to Might.",
        params=(
            ActionParam(name="skill", label="Skill", type="choice",
                        choices=("Athletics", "Might"), default="Athletics"),
            ActionParam(name="difficulty", label="Bonds' difficulty", minimum=-2, maximum=10),
        ),
    ),
)  # fmt: skip
"""The action of escaping bonds."""


def _escape_bonds(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    assert ev.actor is not None
    p = steps.find(state, ev.actor, active=True)
    skill, difficulty = str(ev.params["skill"]), int(ev.params["difficulty"])
    bonus, why = 0, []
    if has(p, "Slippery"):
        bonus += SLIPPERY_BONDS
        why.append(f"+{SLIPPERY_BONDS} Slippery")
    if skill == "Might" and has(p, "Unbound"):
        bonus += UNBOUND_BONUS
        why.append(f"+{UNBOUND_BONUS} Unbound")
    state = steps.acted(state, p.id)
    dice = ev.dice[0] if ev.dice else None
    state, rec = steps.roll(state, cr, p.id, skill, dice, modifier=bonus)
    head = f"{p.name} escapes bonds: {steps.roll_text(cr, state, rec)} vs {difficulty:+d}"
    if why:
        head += f" ({', '.join(why)})"
    if rec.effort >= difficulty:
        return state, f"{head}: free"
    return state, f"{head}: still bound"


BONDS_APPLY = {"escape_bonds": _escape_bonds}
"""The handler of :data:`BONDS`."""

BONDS_ROLLS = {"escape_bonds": 1}
"""Its roll: the escapee's."""
