"""Rules layer: the always-on conflict stunts of Spirit of the Century, which the conflict rules
(:class:`rules.systems.sotc.conflict.SotcConflictRules`) apply on the engine's hooks.

Cut Off denies spin through the engine's ``spin_denied`` hook; the full-defense stunts, Brawler's
defense when outnumbered and Army of One change a defense through ``defense_rating``; Fists of
Fury and an armed Now You've Made Me Mad change an attack through ``attack_modifiers``. The stunts
used at a moment (Crippling Blow, Lethal Weapon...) are actions:
:mod:`rules.systems.sotc.stunt_actions`. Line numbers cite the SotC SRD text in the seeds.
"""

from __future__ import annotations

from rules.conflict.common import group_size
from rules.conflict_rules import ConflictRules
from rules.encounter import Encounter, Participant
from rules.errors import RuleViolation
from rules.systems.sotc.participant_options import has, options_of
from rules.systems.sotc.stunts_fear_and_force import (
    gaze_attack,
    gaze_defense,
    nerve_defense,
    unflappable,
)
from rules.systems.sotc.stunts_tempo import LAST, MAD, SPEND

FULL_DEFENSE_STUNTS: dict[str, str] = {"Weapons": "Flawless Parry", "Fists": "Flow like Water"}
"""Stunts that make a full defense with a skill +3 instead of +2 (SRD L4659, L3269)."""


def stunt_defense(
    cr: ConflictRules, state: Encounter, p: Participant, skill: str, rating: int
) -> tuple[int, str]:
    """``rating`` with ``p``'s defensive stunts, and the notes for the log.

    Then Inner Strength and Shot on the Run
    (:func:`rules.systems.sotc.stunts_fear_and_force.nerve_defense`) and a Steely Gaze interrupted
    (:func:`rules.systems.sotc.stunts_fear_and_force.gaze_defense`).

    Flawless Parry / Flow like Water (SRD L4659, L3269): a full defense with Weapons / Fists is
    +3, one more than the usual +2. Brawler (SRD L3165): +1 to a Fists defense while someone
    attacks ``p`` at a bonus for numbers. Army of One (SRD L3209): attackers get no bonus for
    numbers against ``p`` (the attacker's group bonus, which the roll already counts, is
    matched on the defense). The attacker is whoever acts now (``state.current``).
    """
    notes: list[str] = []
    stunt = FULL_DEFENSE_STUNTS.get(skill)
    if stunt is not None and p.full_defense and has(p, stunt):
        rating += 1
        notes.append(f"{stunt}: full defense +3")
    attacker = state.find(state.current) if state.current is not None else None
    numbers = 0
    if attacker is not None and attacker.id != p.id and (attacker.side != p.side or not p.side):
        numbers = cr.group_bonus(group_size(state, attacker))
    if numbers and skill == "Fists" and has(p, "Brawler"):
        rating += 1
        notes.append("Brawler: +1 outnumbered")
    if numbers and has(p, "Army of One"):
        rating += numbers
        notes.append(f"Army of One: cancels the +{numbers} for numbers")
    rating, nerve = nerve_defense(state, p, skill, rating)
    rating, gaze = gaze_defense(state, p, rating)
    notes.extend(n for n in (nerve, gaze) if n)
    return rating, "; ".join(notes)


def attack_stunts(
    cr: ConflictRules, state: Encounter, attacker: Participant, defender: Participant, skill: str
) -> tuple[int, int, str]:
    """Fists of Fury (SRD L3225): a full defense against the attacker's Fists gets no +2. Now
    You've Made Me Mad (SRD L3091): the armed wound's value on the attacker's action against
    the one who inflicted it, in the exchange after. Mix it Up (SRD L3201): the saved spin
    armed for an attack this exchange. One Shot Left (SRD L3421): +3 on the last shot's Guns
    attack, and no Guns afterwards. Unflappable (SRD L4157): +2 to the defense against
    Intimidation. Steely Gaze (SRD L3557): the locked pair attack only each other, with
    Intimidation.

    Raises:
        RuleViolation: a Guns attack after One Shot Left's last shot; another attack by one
            locked in a gaze.
    """
    gaze_attack(state, attacker, defender, skill)
    plus, minus, notes = 0, 0, []
    steady, note = unflappable(defender, skill)
    if steady:
        minus += steady
        notes.append(note)
    if skill == "Fists" and defender.full_defense and has(attacker, "Fists of Fury"):
        minus -= cr.full_defense_bonus
        notes.append(f"Fists of Fury: no +{cr.full_defense_bonus} for full defense")
    for entry in options_of(attacker).used:
        if entry.startswith(SPEND):
            _, value, exchange = entry.split("|")
            if int(exchange) == state.exchange:
                plus += int(value)
                notes.append(f"Mix it Up: +{value} saved spin")
        if entry.startswith(LAST) and skill == "Guns":
            if int(entry.split("|")[1]) != state.exchange:
                raise RuleViolation(
                    f"{attacker.name} is out of ammunition (One Shot Left): no Guns until a new "
                    "weapon or ammunition is found"
                )
            plus += 3
            notes.append("One Shot Left: +3")
        if entry.startswith(MAD):
            _, target, value, exchange = entry.split("|")
            if target == defender.id and int(exchange) == state.exchange:
                plus += int(value)
                notes.append(f"Now You've Made Me Mad: +{value}")
    return plus, minus, "; ".join(notes)
