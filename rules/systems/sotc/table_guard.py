"""Rules layer: what SotC forbids at the table beyond the action economy, for the engine's
:meth:`~rules.conflict_rules.ConflictRules.refuses` hook (a GM override lets it pass, logged).

- A fast poison attacks "before the first initiative of an exchange" (SRD L5577): while a due
  poison attack (``poison_due``) is still to be rolled, nobody acts in that exchange; the
  window offers the attack (:func:`due_poison_offers`).
- Steely Gaze (SRD L3565): the two locked in the gaze "can only take Intimidation actions
  against each other": a maneuver, block, pass at a block or rolled action of theirs must be
  Intimidation (a maneuver or a pass at a block on the other one), and they may not move or
  declare a full defense (their attacks are checked by
  :func:`rules.systems.sotc.stunts_fear_and_force.gaze_attack`).

Line numbers cite the SotC SRD text in the seeds (``spirit-of-the-century-srd.txt``).
"""

from __future__ import annotations

from rules.encounter import Encounter, Event, Participant, SystemActionEvent
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.stunts_fear_and_force import gaze_partner

_ACTIONS = frozenset({"attack", "maneuver", "block", "pass_block", "full_defense", "move", "hold"})
"""The shared events that are a participant's action (or its move) in an exchange."""


def actor_of(event: Event) -> str | None:
    """Who acts in ``event`` (None: the GM or the scene, or not an action)."""
    if event.do == "attack":
        return event.attacker
    if event.do in ("maneuver", "block", "pass_block"):
        return event.actor
    if event.do in ("full_defense", "move", "hold"):
        return event.who
    if event.do == "roll":
        return event.who if event.uses_action else None
    if isinstance(event, SystemActionEvent):
        return event.actor
    return None


def due_poison(state: Encounter) -> Participant | None:
    """The first one whose fast poison's attack is due this exchange and not yet rolled."""
    for p in state.participants:
        options = options_of(p)
        if options.fast_poison and options.poison_due == state.exchange and not p.taken_out:
            return p
    return None


def due_poison_offers(state: Encounter) -> tuple[SystemActionEvent, ...]:
    """The ``poison_attack`` actions due now, one a poisoned participant (SRD L5577)."""
    return tuple(
        SystemActionEvent(action="poison_attack", targets=(p.id,))
        for p in state.participants
        if options_of(p).fast_poison
        and options_of(p).poison_due == state.exchange
        and not p.taken_out
        and state.started
    )


def _poison_first(state: Encounter, event: Event) -> tuple[str, str]:
    who = actor_of(event)
    if who is None or event.do not in (*_ACTIONS, "roll", "system_action"):
        return "", ""
    if isinstance(event, SystemActionEvent) and event.action == "poison_attack":
        return "", ""
    victim = due_poison(state)
    if victim is None:
        return "", ""
    return (
        f"the fast poison in {victim.name} attacks before the first initiative: roll it first "
        "(Skills: Endurance, Poisons)",
        who,
    )


def _gaze_bound(state: Encounter, event: Event) -> tuple[str, str]:
    who = actor_of(event)
    if who is None or event.do not in (*_ACTIONS, "roll") or event.do in ("attack", "hold"):
        return "", ""
    actor = state.find(who)
    partner = gaze_partner(state, actor) if actor is not None else None
    if actor is None or partner is None:
        return "", ""
    skill = getattr(event, "skill", "")
    target: str | None = partner.id
    if event.do == "maneuver":
        target = event.target
    elif event.do == "pass_block":
        target = event.blocker
    allowed = event.do not in ("move", "full_defense") and skill == "Intimidation"
    if allowed and target == partner.id:
        return "", ""
    return (
        f"{actor.name} is locked in a Steely Gaze with {partner.name}: only Intimidation "
        "actions on each other until it is broken",
        who,
    )


def refuses(state: Encounter, event: Event) -> tuple[str, str]:
    """Why SotC forbids ``event`` now and whose GM override lets it pass (``("", "")``: it
    may): a due fast poison's attack first, then a Steely Gaze's lock."""
    if not state.started or state.ended:
        return "", ""
    why = _poison_first(state, event)
    return why if why[0] else _gaze_bound(state, event)
