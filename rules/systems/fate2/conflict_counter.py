"""Rules layer: FATE 2.0's defender striking back, as an event the engine already has.

In an exchange both sides roll and the winner's margin is read on Table 1, whoever attacked
(§8 Exchange Based Fights: Cyrus, beating both guards, "would normally damage one of them").
Against several attackers the lone defender rolls once; if he beats all of them he harms one of
his choice, usually the one who rolled worst (§8 Multiple Opponents). Fighting defensively
(+1, declared before the roll) wins without harm, and so does a defense with a non-combat skill
such as Tumbling (§8 Defense). In the turn-based pace only the actor's attack harms (§8 Turn
Based Fights), so nobody strikes back there.

The engine's attack harms only the defender. :func:`exchange_attacks` reads this exchange's
attacks on a defender back from the encounter's log (replaying its events), and
:func:`strike_back` turns them into the hit the defender deals: an ``apply_stress`` event of the
margin on the victim's wound track, which the engine logs in FATE 2.0's words ("Guard A takes a
Hurt result (MoS 2): Wounds box 4 (Hurt)"). The margin is the defense against the victim's own
roll; the digest's alternative (AMB-09), against the lowest attacking roll, is the reading under
which the book's "hurts one of the guards" holds, and is ``against_lowest``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from rules.conflict import replay
from rules.conflict_rules import ConflictRules
from rules.encounter import ApplyStressEvent, AttackEvent, Encounter, LogEntry
from rules.errors import RuleViolation

S_MULTIPLE = "FATE 2.0, 8. Combat: Multiple Opponents"
S_DEFENSE = "FATE 2.0, 8. Combat: Defense"
S_EXCHANGE = "FATE 2.0, 8. Combat: Exchange Based Fights"

_WOUNDS = "wounds"


class Pairing(BaseModel):
    """One attack on the defender this exchange, as rolled.

    Attributes:
        attacker: The attacker's participant id.
        attack: The attacker's total.
        defense: The defender's total against it.
        defensively: Whether the defender was fighting defensively (full defense).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    attacker: str
    attack: int
    defense: int
    defensively: bool = False


def exchange_attacks(
    cr: ConflictRules, initial: Encounter, log: Iterable[LogEntry], defender: str
) -> tuple[Pairing, ...]:
    """The attacks on ``defender`` in the exchange the log ends in, oldest first.

    The log's events are replayed from ``initial`` (the same events always give the same
    fight), so each attack's totals are read as the engine rolled them.
    """
    entries = tuple(log)
    if not entries:
        return ()
    exchange = entries[-1].exchange
    state = initial
    out: list[Pairing] = []
    for entry in entries:
        before = state
        state, _ = replay(cr, state, (entry.event,))
        ev = entry.event
        if not isinstance(ev, AttackEvent) or ev.defender != defender:
            continue
        if entry.exchange != exchange:
            continue
        last = state.last
        if last is None or len(last.rolls) != 2:  # pragma: no cover - an attack rolls twice
            continue
        who = before.find(defender)
        out.append(
            Pairing(
                attacker=ev.attacker,
                attack=last.rolls[0].effort,
                defense=last.rolls[1].effort,
                defensively=who is not None and who.full_defense,
            )
        )
    return tuple(out)


def strike_back(
    state: Encounter,
    defender: str,
    pairings: Sequence[Pairing],
    victim: str | None = None,
    *,
    against_lowest: bool = False,
) -> ApplyStressEvent:
    """The hit ``defender`` deals back for winning this exchange's defense (§8).

    Args:
        state: The encounter now.
        defender: Who defended.
        pairings: This exchange's attacks on ``defender`` (:func:`exchange_attacks`).
        victim: The attacker to harm; None: the one who rolled worst (§8 Multiple Opponents).
        against_lowest: Read the margin against the lowest attacking roll, not the victim's
            own (AMB-09).

    Returns:
        An ``apply_stress`` event of the margin on the victim's wound track.

    Raises:
        RuleViolation: nobody attacked, the defender fought defensively, did not beat every
            attacker, or the victim did not attack him or is already out.
    """
    d = state.find(defender)
    name = d.name if d is not None else defender
    if not pairings:
        raise RuleViolation(f"nobody attacked {name} this exchange")
    if any(p.defensively for p in pairings):
        raise RuleViolation(
            f"{name} fought defensively: winning that way harms nobody ({S_DEFENSE})"
        )
    beaten = [p for p in pairings if p.defense > p.attack]
    if len(beaten) < len(pairings):
        raise RuleViolation(
            f"{name} did not beat every attacker: only a defender who beats all of them harms "
            f"one ({S_MULTIPLE})"
        )
    if victim is None:
        chosen = min(pairings, key=lambda p: p.attack)
    else:
        found = [p for p in pairings if p.attacker == victim]
        if not found:
            raise RuleViolation(f"{victim!r} did not attack {name} this exchange")
        chosen = found[-1]
    target = state.find(chosen.attacker)
    if target is None or target.taken_out:
        raise RuleViolation(f"{chosen.attacker!r} is not in the fight any more")
    lowest = min(p.attack for p in pairings)
    margin = chosen.defense - (lowest if against_lowest else chosen.attack)
    return ApplyStressEvent(who=chosen.attacker, amount=margin, track=_WOUNDS)
