"""Rules layer: a Spirit of the Century participant's options (``Participant.options``): what
they may hold (:class:`SotcOptions`), reading and changing them, and the ones a character's
stunts and gear give it.

Every SotC conflict module reads and writes a participant's options through here, so this
module imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.conflict import steps
from rules.encounter import OptionValue, Participant, TrackName
from rules.systems.sotc.stunts_table import PLAY_STUNTS


class SotcOptions(BaseModel):
    """What a SotC participant carries in ``Participant.options`` (all optional).

    Attributes:
        extra_physical: Extra moderate slots in physical conflicts (Feel the Burn, Still
            Standing; digest 13 #4).
        extra_social: Extra moderate slots in social and mental conflicts (Smooth Recovery...).
        armor: Points of armor (the "Armored" gadget improvement, SRD L4935): a physical hit of
            at most this value whose box is already checked stays there instead of rolling up.
        roll_down: Tracks whose hits roll down to a lower empty box before rolling up (Man of
            Iron: health, SRD L3083; Aplomb: composure, SRD L4149).
        fill_lower: Tracks on which a hit that would roll up may instead check lower empty boxes
            adding up to it (One Hit to the Body: health, SRD L3069).
        stunts: The participant's stunts that SotC's own actions read
            (:data:`ACTION_STUNTS`: Medic, Safe Fall...).
        surprised_until: The last exchange in which an ambush leaves it surprised (defense at
            Mediocre, SRD L1716); 0: not surprised.
        forfeit_exchange: An exchange whose action it gives up (first aid received after it
            acted, SRD L5890); 0: none.
        first_aid_in: The exchange it last received first aid in (one a exchange, SRD L5890).
        care: Long-term care given, one ``steps|consequence`` entry each: the recovery steps
            saved (0 after a failed attempt; one attempt only, SRD L5892).
        encumbered: The penalty a heavy load puts on its other physical rolls (SRD L5776).
        burning: The intensity of a lasting fire it is in, which burns it as each exchange
            begins (SRD L5976); 0: none.
        helped_in: The exchange it last helped a driver in, as a passenger (SRD L5547).
        disarmed: The shifts of the disarm it suffered (no Weapons until re-armed; picking the
            weapon up costs 1 more than this, SRD L1450); 0: armed.
        uncured: Consequences of a slow poison, which stay until it is cured (SRD L5581).
        used: Stunts it has used up for the scene, ``stunt`` or ``stunt|opponent`` (once per
            scene or once per opponent; :mod:`rules.systems.sotc.stunt_actions`).
        fast_poison: The potency of a fast poison in its system, which attacks it before the
            first initiative of each exchange (SRD L5577); empty: none.
        poison_due: The exchange whose poison attack is still to be rolled; 0: none due.
        fuse: The fuse of the explosive it lit and threw, ``length|fizzles`` (SRD
            L6009-L6020); empty: none burning.
        stabilized: Consequences first aid stabilised (compels limited, SRD L5890).
        pursuit: A chase scene's pursuit points left to the villain (SRD L5507); empty: not
            a chase scene's pursuer.
        pursuit_effect_in: The exchange it last spent a point on an effect (one each).
        pursuit_final: The Last Pursuer or the Dramatic Entrance, once used (SRD L5525, L5541).
        shotgun: A pursuing car with a gunman aboard (Shotgun!, SRD L5521).
        shotgun_car: Which of the group's cars carries him (1: the first to fall; 0: any).
        pursuit_car: A car bought with pursuit points (the escape counts these, SRD L5543).
        pursuit_reserve: The pursuer's reserve: ``(quality, cars left, cars sent)`` (L5509).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    extra_physical: int = Field(default=0, ge=0, le=10)
    extra_social: int = Field(default=0, ge=0, le=10)
    armor: int = Field(default=0, ge=0, le=10)
    roll_down: tuple[TrackName, ...] = ()
    fill_lower: tuple[TrackName, ...] = ()
    stunts: tuple[str, ...] = Field(default=(), max_length=20)
    surprised_until: int = Field(default=0, ge=0)
    forfeit_exchange: int = Field(default=0, ge=0)
    first_aid_in: int = Field(default=0, ge=0)
    care: tuple[str, ...] = Field(default=(), max_length=20)
    encumbered: int = Field(default=0, ge=0, le=5)
    burning: int = Field(default=0, ge=0, le=3)
    helped_in: int = Field(default=0, ge=0)
    disarmed: int = Field(default=0, ge=0, le=20)
    uncured: tuple[str, ...] = Field(default=(), max_length=20)
    used: tuple[str, ...] = Field(default=(), max_length=200)
    fast_poison: tuple[int, ...] = Field(default=(), max_length=1)
    poison_due: int = Field(default=0, ge=0)
    fuse: str = Field(default="", max_length=40)
    stabilized: tuple[str, ...] = Field(default=(), max_length=20)
    pursuit: tuple[int, ...] = Field(default=(), max_length=1)
    pursuit_effect_in: int = Field(default=0, ge=0)
    pursuit_final: str = Field(default="", max_length=40)
    shotgun: bool = False
    shotgun_car: int = Field(default=0, ge=0, le=40)
    pursuit_car: bool = False
    pursuit_reserve: tuple[int, ...] = Field(default=(), max_length=3)


NO_OPTIONS = SotcOptions()

ACTION_STUNTS: tuple[str, ...] = (
    "On Top Of It", "Danger Sense", "Saw It Coming", "Constant Vigilance", "Acrobat",
    "Safe Fall", "Doctor", "Medic", "Trespass Tempo", "Psychic", "Bounce Back", "Surgeon",
    "Herbal Remedies", *PLAY_STUNTS,
)  # fmt: skip
"""The stunts SotC's own encounter actions read (:mod:`rules.systems.sotc.conflict_actions`),
kept in a participant's ``stunts`` option."""


@lru_cache(maxsize=256)
def _parse_options(items: tuple[tuple[str, OptionValue], ...]) -> SotcOptions | str:
    try:
        return SotcOptions.model_validate(dict(items))
    except ValidationError as exc:
        first = exc.errors()[0]
        return f"option {'.'.join(str(x) for x in first['loc'])}: {first['msg']}"


def options_of(p: Participant) -> SotcOptions:
    """``p``'s SotC options (none when it has none, or none SotC can read)."""
    if not p.options:
        return NO_OPTIONS
    parsed = _parse_options(tuple(sorted(p.options.items())))
    return parsed if isinstance(parsed, SotcOptions) else NO_OPTIONS


def options_problem(options: Mapping[str, OptionValue]) -> str | None:
    """Options SotC does not have, or out of range (:class:`SotcOptions`)."""
    if not options:
        return None
    parsed = _parse_options(tuple(sorted(options.items())))
    return parsed if isinstance(parsed, str) else None


def participant_options(
    stunts: tuple[str, ...] = (), armor: int = 0, extra_physical: int = 0, extra_social: int = 0
) -> dict[str, OptionValue]:
    """``Participant.options`` for a SotC participant: armor and the stunts that change where
    stress lands (:func:`stress_options`), and extra consequence slots; defaults left out."""
    folded = {s.casefold().strip() for s in stunts}
    options: dict[str, OptionValue] = {
        **stress_options(stunts, armor),
        "stunts": tuple(s for s in ACTION_STUNTS if s.casefold() in folded),
        "extra_physical": extra_physical,
        "extra_social": extra_social,
    }
    return {k: v for k, v in options.items() if v}


STUNT_STRESS: dict[str, tuple[str, TrackName]] = {
    "One Hit to the Body": ("fill_lower", "health"),  # SRD L3069
    "Man of Iron": ("roll_down", "health"),  # SRD L3083
    "Aplomb": ("roll_down", "composure"),  # SRD L4149
}
"""Stunts that change how hits land on a track (digest 6.5), as participant options."""


def stress_options(stunts: tuple[str, ...], armor: int = 0) -> dict[str, Any]:
    """The options for stunts that change how stress lands, and armor (all keys given)."""
    options: dict[str, list[TrackName]] = {"fill_lower": [], "roll_down": []}
    folded = {s.casefold().strip() for s in stunts}
    for name, (option, track) in STUNT_STRESS.items():
        if name.casefold() in folded and track not in options[option]:
            options[option].append(track)
    return {
        "fill_lower": tuple(options["fill_lower"]),
        "roll_down": tuple(options["roll_down"]),
        "armor": max(0, min(10, armor)),
    }


def has(p: Participant, stunt: str) -> bool:
    """Whether ``p`` has ``stunt`` among the stunts SotC's actions read."""
    return stunt in options_of(p).stunts


def with_options(p: Participant, **changes: OptionValue) -> Participant:
    """``p`` with these SotC options changed (a zero or an empty one is left out)."""
    options = {**p.options, **changes}
    return steps.update(p, options={k: v for k, v in options.items() if v})
