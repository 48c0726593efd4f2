"""Rules layer: ART Engine Fame spent before a roll in an encounter, and its block on regaining.

ART Engine, Chapter 3 "Using Fame Before Rolling": each point of Fame spent before
a roll gives +2 on the trait. "Regaining Fame": an Awesome roll recovers all
expended Fame, but not when Fame was spent on that roll (docs/rules-notes.md, A17).

The action :data:`SPEND_FAME` takes the Fame from the actor's available Fame
(``Participant.fate_points``) at once and records the bonus as pending in the option
:data:`OPT_FAME_BEFORE` (the Fame spent, not yet used). The actor's next roll (L1077: any die
roll) adds +2 per Fame, uses the option up and regains no Fame on Awesome: a ``roll`` event
(against a difficulty, initiative included) or its attack or defence roll in an ``attack``,
the rolls whose reading's options (``RollReading.options``) the core applies to the roller.
The Agility roll of ``move_bands`` (:mod:`conflict_move`, which applies no reading's options)
holds it back: the Fame waits for the next roll, and the log says so.

Fame after rolling ("Using Fame After Rolling") is not an encounter action: the
roll's effects (its verdict, the phases it took, the token it moved) are applied when it is
read, so raising its column afterwards would need the engine to re-read it
(docs/rules-notes.md).
"""

from __future__ import annotations

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.conflict_types import RollReading
from rules.encounter import Encounter, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.art import conflict_cast as cast

SPEND_FAME = "spend_fame"
"""The action's name."""
SECTION = 'ART Engine, Chapter 3 "Using Fame Before Rolling", "Regaining Fame"'
"""The book's sections the action follows."""
OPT_FAME_BEFORE = cast.OPT_FAME_BEFORE
"""Participant option: Fame spent before the next roll, not yet used."""
PER_FAME = 2
"""The trait bonus per Fame spent before rolling."""
MAX_SPEND = 100
"""The most Fame one action spends (the form's limit; the actor's Fame left is the real one)."""

ACTION = ActionSpec(
    name=SPEND_FAME,
    label="Spend Fame before rolling",
    section=SECTION,
    group="Fame",
    params=(
        ActionParam(
            name="fame",
            label="Fame",
            minimum=1,
            maximum=MAX_SPEND,
            default=1,
            help=f"Fame to spend: +{PER_FAME} on the trait of the actor's next roll (a roll, "
            "or its attack or defense roll); that roll regains no Fame on Awesome.",
        ),
    ),
    help="Before a roll: spend Fame for +2 a point on the actor's next roll, attacks and "
    "defense included (a roll that used Fame regains none on Awesome).",
)
"""The Fame-before-rolling action (exploration phases and combat rounds alike)."""


def pending(p: Participant) -> int:
    """The Fame ``p`` spent before its next roll and has not used yet (0: none)."""
    value = p.options.get(OPT_FAME_BEFORE, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def apply_spend(
    state: Encounter, cr: ConflictRules, event: SystemActionEvent
) -> tuple[Encounter, str]:
    """Spend ``event``'s Fame before the actor's next roll. A foe (foes have no
    Fame) or an adventurer with too little Fame left (Chapter 2 "Fame", L503: no Fame can be
    used once the tally equals it) is refused: the state stays and the log says why.

    Raises:
        RuleViolation: no actor, or the actor is not in the conflict.
    """
    _spec, event = steps.check_action(cr, event)
    if event.actor is None:
        raise RuleViolation("choose who spends Fame")
    p = steps.find(state, event.actor, active=True)
    fame = int(event.params["fame"])
    refused = f"{p.name} may not spend {fame} Fame before rolling: "
    if cast.is_foe(p) or not isinstance(p.options.get(cast.OPT_FAME), int):
        return state, refused + "only adventurers have Fame"
    if p.fate_points < fame:
        return state, refused + f"{p.fate_points} Fame left to spend"
    total = pending(p) + fame
    p = steps.update(
        p, fate_points=p.fate_points - fame, options={**p.options, OPT_FAME_BEFORE: total}
    )
    return steps.put(state, p), (
        f"{p.name} spends {fame} Fame before rolling: +{PER_FAME * total} on the next roll "
        f"({p.fate_points} Fame left)"
    )


def bonus_for(p: Participant) -> int:
    """The trait bonus ``p``'s next roll gets from Fame spent before it: +2 a Fame;
    none for a foe."""
    return 0 if cast.is_foe(p) else PER_FAME * pending(p)


def held_back(p: Participant) -> Participant:
    """``p`` without its pending Fame, for a roll that may not use it up (the Agility roll
    of ``move_bands``, whose reading's options nothing applies): see :func:`waits`."""
    if OPT_FAME_BEFORE not in p.options:
        return p
    return steps.update(p, options={k: v for k, v in p.options.items() if k != OPT_FAME_BEFORE})


def waits(p: Participant) -> str:
    """The log's words for pending Fame a roll of ``p``'s held back ("" with none)."""
    spent = pending(p)
    if not spent or cast.is_foe(p):
        return ""
    return f"; the {spent} Fame spent before rolling waits for the next roll"


def finish(p: Participant, read: RollReading) -> RollReading:
    """``read`` (a reading of ``p``'s roll) with the pending Fame used up and noted; unchanged
    with none pending, for a foe, or for an unread roll."""
    spent = pending(p)
    if not spent or read.effort is None or cast.is_foe(p):
        return read
    return read.model_copy(
        update={
            "text": f"{read.text}; +{PER_FAME * spent} for {spent} Fame spent before rolling",
            "options": {**read.options, OPT_FAME_BEFORE: None},
        }
    )
