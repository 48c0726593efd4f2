"""Rules layer: Strange Fate's own conflict actions: the movement Tier Benefits, and naming
what an attack is for narrow Invulnerabilities and Weaknesses.

* **Move**: one zone as a Free Action per Power Tier above Mundane.
* **Leap**: per tier above Mundane one zone as a Free Action, or one point of border
  value ignored (the route's zones and border values together within the tier's count).
* **Hide**: "Normally, moving and Hiding don't mix": at Extraordinary the hidden
  character moves one zone more than the ordinary supplemental move without giving herself
  away, at Superhuman or better any number of zones.

* **Attack nature**: the GM says what a participant's attacks with a skill are
  ("fire", "silver"), so that a defender's narrow Invulnerability or Weakness to it shifts the
  defence's tier (the ``natures`` option; a skill whose name holds the category needs none).

The time they take (L3837, «Time and Space»): a Free Action carries no penalty, but a Full
Action (full defense, a block, an attempt to get past a block at its tier or lower) is the whole
round, so neither a free nor a supplemental action goes with it, before or after; one free Move
or Leap a turn (the benefit's zones are "a Free Action", one of them). A GM override
(``gm_override``) lets one through, named in the log.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, OptionValue, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.strange_fate.conflict_options import (
    BENEFITS,
    FREE_MOVE,
    FULL_ACTION,
    NATURES,
    benefit_tiers,
)
from rules.systems.strange_fate.creation import TIERS

TIER_MOVE = "tier_move"
SNEAK = "sneak"
NATURE = "attack_nature"
_ZONE = ActionParam(name="to", label="To zone", type="str", help="The zone it ends in")
ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name=TIER_MOVE,
        label="Free move (Move or Leap Tier Benefit)",
        section="Tier Benefits: Move, Leap",
        group="Tier Benefits",
        params=(
            _ZONE,
            ActionParam(
                name="benefit",
                label="Benefit",
                type="choice",
                default="Move",
                choices=("Move", "Leap"),
            ),
        ),
        help="A Free Action: Move covers one zone per tier above Mundane (border values still "
        "count against this turn's action); Leap one zone or one point of border value per tier.",
    ),
    ActionSpec(
        name=SNEAK,
        label="Move unseen (Hide Tier Benefit)",
        section="Tier Benefits: Hide",
        group="Tier Benefits",
        params=(_ZONE,),
        help="A hidden character's supplemental move (-1 and the border values on this turn's "
        "action) that keeps her hidden: two zones at Extraordinary, any number above.",
    ),
    ActionSpec(
        name=NATURE,
        label="Name what an attack is (Invulnerability and Weakness)",
        section="Invulnerability and Weakness",
        group="Invulnerability and Weakness",
        params=(
            ActionParam(name="skill", label="Attacking skill", type="str"),
            ActionParam(
                name="nature",
                label="It is",
                type="str",
                help="A category a defender may be Invulnerable or Weak to: fire, silver",
            ),
        ),
        help="From now on the actor's attacks with this skill are of this nature: a defender's "
        "narrow Invulnerability to it raises the defence's tier by 2 or 4, a Weakness lowers it.",
    ),
)


def benefit_tier(options: Mapping[str, OptionValue], benefit: str) -> int:
    """The tier ``benefit`` (Move, Leap, Hide) is held at (0: not held)."""
    return benefit_tiers(options).get(benefit, 0)


def apply_movement(
    state: Encounter, cr: ConflictRules, event: SystemActionEvent
) -> tuple[Encounter, str]:
    """Apply :data:`TIER_MOVE` or :data:`SNEAK` (``event`` already checked).

    Raises:
        RuleViolation: the actor lacks the benefit, is not hidden (a sneak), or the zone is
            out of its reach.
    """
    assert event.actor is not None  # the specs require an actor
    p = steps.find(state, event.actor, active=True)
    if event.action == NATURE:
        return _nature(state, p, str(event.params["skill"]), str(event.params["nature"]))
    to = str(event.params["to"])
    if event.action == TIER_MOVE:
        return _free_move(state, cr, p, to, str(event.params["benefit"]))
    if event.action == SNEAK:
        return _sneak(state, cr, p, to)
    raise RuleViolation(f"Strange Fate has no action {event.action!r}")


def _nature(state: Encounter, p: Participant, skill: str, nature: str) -> tuple[Encounter, str]:
    skill, nature = skill.strip(), nature.strip()
    if not skill or not nature or ":" in skill:
        raise RuleViolation("name the attacking skill and what its attacks are")
    raw = p.options.get(NATURES, ())
    held = raw if isinstance(raw, tuple) else ()
    entry = f"{skill}:{nature}"
    options = {**p.options, NATURES: tuple(dict.fromkeys((*held, entry)))}
    state = steps.put(state, steps.update(p, options=options))
    return state, f"{p.name}'s {skill} attacks are {nature}"


def full_action_taken(state: Encounter, p: Participant) -> str | None:
    """The Full Action ``p`` has taken this exchange (full defense, a block, an attempt to get
    past a block at its tier or lower), or None."""
    if p.full_defense:
        return "full defense"
    if any(b.by == p.id and b.exchange == state.exchange for b in state.blocks):
        return "a block"
    if p.options.get(FULL_ACTION) == state.exchange:
        return "an attempt to get past a block at its tier or lower"
    return None


def moved_this_exchange(state: Encounter, p: Participant) -> str | None:
    """The free or supplemental action ``p`` has taken this exchange that a Full Action
    excludes (a free Move or Leap, a move whose penalty is still pending), or None."""
    if p.options.get(FREE_MOVE) == state.exchange:
        return "a free Move or Leap"
    if p.penalty:
        return f"a supplemental action (-{p.penalty} pending)"
    return None


def _allowed(state: Encounter, p: Participant, problem: str | None) -> tuple[Encounter, str]:
    """``problem`` refused, unless the GM has let ``p`` through (the override spent)."""
    if problem is None:
        return state, ""
    if p.id not in state.overrides:
        raise RuleViolation(f"{problem}; the GM may allow it (GM override)")
    rest = list(state.overrides)
    rest.remove(p.id)
    return state.model_copy(update={"overrides": tuple(rest)}), f" (GM override: {problem})"


def _not_after_full_action(state: Encounter, p: Participant, what: str) -> tuple[Encounter, str]:
    taken = full_action_taken(state, p)
    problem = None
    if taken is not None:
        problem = (
            f"{p.name} took a Full Action ({taken}) this exchange: not even a Free Action goes "
            f"with it, so no {what}"
        )
    return _allowed(state, p, problem)


def _route(state: Encounter, p: Participant, to: str) -> list[tuple[str, int]]:
    if p.zone is None:
        raise RuleViolation(f"{p.name} is in no zone yet")
    if not any(z.id == to for z in state.zones):
        raise RuleViolation(f"there is no zone {to!r}")
    route = steps.route(state, p.zone, to) if p.zone != to else []
    if p.zone != to and not route:
        raise RuleViolation(f"no way from {p.zone} to {to}")
    return route


def _held(p: Participant, benefit: str) -> int:
    tier = benefit_tier(p.options, benefit)
    if not tier:
        raise RuleViolation(f"{p.name} has no {benefit} Tier Benefit")
    return tier


def _free_move(
    state: Encounter, cr: ConflictRules, p: Participant, to: str, benefit: str
) -> tuple[Encounter, str]:
    tier = _held(p, benefit)
    route = _route(state, p, to)
    zones, borders = len(route), sum(value for _zone, value in route)
    at = TIERS[min(tier, len(TIERS) - 1)]
    state, allowed = _not_after_full_action(state, p, f"free {benefit}")
    if p.options.get(FREE_MOVE) == state.exchange:
        state, again = _allowed(
            state, p, f"{p.name} has taken its free Move or Leap this exchange (one a turn)"
        )
        allowed += again
    p = steps.find(state, p.id)
    p = steps.update(p, options={**p.options, FREE_MOVE: state.exchange})
    if benefit == "Leap":
        if zones + borders > tier:
            raise RuleViolation(
                f"{p.name}'s Leap ({at}) covers {tier} zone(s) or border point(s); "
                f"{to} needs {zones + borders}"
            )
        state = steps.place(steps.put(state, p), cr, p.id, to)
        return state, f"{p.name} leaps to {to} as a Free Action (Leap, {at}){allowed}"
    if zones > tier:
        raise RuleViolation(f"{p.name}'s Move ({at}) covers {tier} zone(s); {to} is {zones} away")
    state = steps.place(steps.put(state, p), cr, p.id, to)
    text = f"{p.name} moves to {to} as a Free Action (Move, {at}){allowed}"
    if borders:  # the borders still count: against this turn's action
        mover = steps.find(state, p.id)
        state = steps.put(state, steps.update(mover, penalty=mover.penalty + borders))
        text += f"; -{borders} for the border values on this turn's action"
    return state, text


def _sneak(state: Encounter, cr: ConflictRules, p: Participant, to: str) -> tuple[Encounter, str]:
    tier = _held(p, "Hide")
    if not p.hidden:
        raise RuleViolation(f"{p.name} is not hidden")
    route = _route(state, p, to)
    reach = 2 if tier == 1 else len(route)
    if len(route) > reach:
        raise RuleViolation(
            f"{p.name}'s Hide (Extraordinary) moves two zones unseen, not {len(route)}"
        )
    state, allowed = _not_after_full_action(state, p, "supplemental move")
    state = steps.spend_action(state, p.id, "move as a supplemental action")
    penalty = 1 + sum(value for _zone, value in route)
    state = steps.place(state, cr, p.id, to)
    mover = steps.find(state, p.id)
    state = steps.put(state, steps.update(mover, penalty=mover.penalty + penalty))
    at = TIERS[min(tier, len(TIERS) - 1)]
    return state, (
        f"{p.name} moves unseen to {to} (Hide, {at}; -{penalty} on this turn's action){allowed}"
    )


__all__ = [
    "ACTIONS", "BENEFITS", "NATURE", "SNEAK", "TIER_MOVE", "apply_movement", "benefit_tier",
]  # fmt: skip
