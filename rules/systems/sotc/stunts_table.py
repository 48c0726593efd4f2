"""Rules layer: the Spirit of the Century stunts the encounter engine applies in play, by name,
and what the toughness stunts change on an inline NPC (its Health boxes, its consequence slots).

Kept apart from :mod:`rules.systems.sotc.stunt_actions` (which reads participant options) so
that :mod:`rules.systems.sotc.participant_options` can import these names without a cycle. Line
numbers cite the SotC SRD text in the seeds (``spirit-of-the-century-srd.txt``).
"""

from __future__ import annotations

from collections.abc import Iterable

PLAY_STUNTS: tuple[str, ...] = (
    "Crippling Blow", "Lethal Weapon", "Fist of Death", "Signature Strike", "Wrestler",
    "The Promise of Pain", "Face the Pain", "Unyielding", "Cut Off", "Flawless Parry",
    "Flow like Water", "Brawler", "Army of One", "Riposte", "Turnabout", "Two Gun Joe",
    "Ricochet", "Death From Above", "Snap Shot", "Aura of Menace", "Fast Reload", "Cool Customer",
    "Bend like the Reed", "Hammerlock", "Now You've Made Me Mad", "Fists of Fury",
    "Mix it Up", "One Shot Left", "Last Leg", "Steely Gaze", "Fearsome Gaze", "Aura of Fear",
    "Master of Fear", "Unflappable", "Inner Strength", "Death Defiance", "Brickbreaker",
    "Developed Immunities", "Slippery", "Body Toss", "Shot on the Run", "Demolitions",
    "Unbound",
)  # fmt: skip
"""Stunts whose effect in a conflict the engine applies or offers (kept in a participant's
``stunts`` option beside the ones SotC's other actions read)."""


def _has(stunts: Iterable[str], name: str) -> bool:
    folded = name.casefold()
    return any(s.casefold().strip() == folded for s in stunts)


def npc_stunt_sizes(stunts: Iterable[str]) -> tuple[int, int, int]:
    """``(extra Health boxes, extra physical moderate slots, extra social/mental moderate
    slots)`` an inline NPC's stunts give it, as a character's derived values would.

    Thick Skinned (SRD L3075): one stress box beyond the Endurance bonus. Feel the Burn (SRD
    L3015): one extra moderate physical consequence. Smooth Recovery (SRD L4133): one extra
    moderate social or mental one. Still Standing (SRD L4189): one extra moderate consequence of
    any type (with Feel the Burn five in a physical conflict, with Smooth Recovery five in the
    others).
    """
    names = tuple(stunts)
    still = 1 if _has(names, "Still Standing") else 0
    return (
        1 if _has(names, "Thick Skinned") else 0,
        (1 if _has(names, "Feel the Burn") else 0) + still,
        (1 if _has(names, "Smooth Recovery") else 0) + still,
    )


KEEP_ALL_SCENE = ("Snap Shot",)
"""Per-exchange uses whose count over the scene matters (Snap Shot's cost grows with each)."""


def prune_used(used: tuple[str, ...], exchange: int) -> tuple[str, ...]:
    """``used`` without the entries that no longer limit anything in ``exchange``: once-an-
    exchange uses (``Stunt@N...``) and armed bonuses (``Mad|...|N``, ``Spend|...|N``) of earlier
    exchanges; Snap Shot's uses stay (its cost counts them all)."""

    def live(entry: str) -> bool:
        name, at, rest = entry.partition("@")
        if at and name not in KEEP_ALL_SCENE:
            number = rest.split("|", 1)[0]
            return not number.isdigit() or int(number) >= exchange
        if entry.startswith(("Mad|", "Spend|")):
            last = entry.rsplit("|", 1)[-1]
            return not last.isdigit() or int(last) >= exchange
        return True

    return tuple(e for e in used if live(e))
