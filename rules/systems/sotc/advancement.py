"""Rules layer: Spirit of the Century's advancement log ("The Long Game: Advancement").

The book advances characters in rounds: a new aspect first (one per advancement period, each
raising refresh by one), another aspect, then a stunt, and repeat, keeping the starting 2:1 ratio
of aspects to stunts; raising the pyramid's peak ("Raising the Roof") is possible but discouraged;
an end-of-session shuffle swaps without gaining. :func:`check_advancements` holds a character's
log against what it has: each earned stunt is a take in ``stunts`` named by a log entry, each
earned aspect is written in its entry, and the creation limits grow by what the log records.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict

from rules.systems.sotc.character import STUNT_COUNT, AdvancementKind, SotcCharacter
from rules.systems.sotc.sections import S_LONG_GAME
from rules.validation import Problem, error, warning

CYCLE: tuple[AdvancementKind, ...] = ("aspect", "aspect", "stunt")
"""SotC "Stunts: New Tricks for Old Dogs": two rounds of a new aspect each, then a stunt."""


def _blank(text: str) -> bool:
    return not text or text.isspace()


class AdvancementTally(BaseModel):
    """What a character's advancement log adds up to.

    Attributes:
        aspects: Aspects earned (entries of kind ``aspect``).
        stunts: Stunts earned (entries of kind ``stunt``).
        peak_raises: Times the pyramid's peak was raised (entries of kind ``peak``).
        shuffles: End-of-session shuffles recorded.
        stunts_allowed: The stunt count the character may have: five plus one per stunt
            earned (SotC "Character Creation: Stunts"; "The Long Game").
        next_kind: What the next round of the book's cycle gives (aspect, aspect, stunt).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    aspects: int = 0
    stunts: int = 0
    peak_raises: int = 0
    shuffles: int = 0
    stunts_allowed: int = STUNT_COUNT
    next_kind: AdvancementKind = "aspect"


NO_ADVANCEMENT = AdvancementTally()


def tally(character: SotcCharacter) -> AdvancementTally:
    """Count ``character``'s advancement log (one pass; the empty log costs nothing)."""
    if not character.advancements:
        return NO_ADVANCEMENT
    kinds = Counter(a.kind for a in character.advancements)
    rounds = kinds["aspect"] + kinds["stunt"]
    return AdvancementTally(
        aspects=kinds["aspect"],
        stunts=kinds["stunt"],
        peak_raises=kinds["peak"],
        shuffles=kinds["shuffle"],
        stunts_allowed=STUNT_COUNT + kinds["stunt"],
        next_kind=CYCLE[rounds % len(CYCLE)],
    )


def check_advancements(character: SotcCharacter) -> list[Problem]:
    """The advancement log against the character (SotC "The Long Game: Advancement").

    Errors: an aspect entry without its aspect; a stunt entry without a stunt, or naming a
    stunt the character does not have as often as the log says. Warnings (the book's advice,
    which the GM may set aside): more stunts earned than the aspect, aspect, stunt cycle gives
    for the aspects earned, and any raise of the pyramid's peak.
    """
    out: list[Problem] = []
    if not character.advancements:
        return out
    have = Counter(s.name.strip().casefold() for s in character.stunts)
    named: Counter[str] = Counter()
    aspects = stunts = 0
    for i, entry in enumerate(character.advancements):
        path = f"advancements[{i}]"
        if entry.kind == "aspect":
            aspects += 1
            if _blank(entry.aspect):
                out.append(
                    error(
                        "SOTC-ADV-aspect",
                        f"{path}.aspect",
                        f"Advancement {i + 1} grants an aspect: write the aspect.",
                        S_LONG_GAME,
                    )
                )
        elif entry.kind == "stunt":
            stunts += 1
            key = entry.stunt.strip().casefold()
            if not key:
                out.append(
                    error(
                        "SOTC-ADV-stunt",
                        f"{path}.stunt",
                        f"Advancement {i + 1} grants a stunt: name the stunt taken.",
                        S_LONG_GAME,
                    )
                )
                continue
            named[key] += 1
            if named[key] > have[key]:
                out.append(
                    error(
                        "SOTC-ADV-stunt-missing",
                        f"{path}.stunt",
                        f"Advancement {i + 1} grants {entry.stunt.strip()}, but the character "
                        f"has {have[key]} take(s) of it for {named[key]} such advancement(s).",
                        S_LONG_GAME,
                    )
                )
        elif entry.kind == "peak":
            out.append(
                warning(
                    "SOTC-ADV-peak",
                    path,
                    f"Advancement {i + 1} raises the skill pyramid's peak: the book advises "
                    "against it (every skill and the Mediocre default move up one step).",
                    S_LONG_GAME,
                )
            )
    if stunts > aspects // 2:
        out.append(
            warning(
                "SOTC-ADV-cycle",
                "advancements",
                f"{stunts} stunt(s) earned against {aspects} aspect(s): the book's cycle is "
                "aspect, aspect, stunt, keeping two aspects for every stunt.",
                S_LONG_GAME,
            )
        )
    return out
