"""Rules layer: SotC group creation: who guest-stars in whose novel in phases four and five.

SotC "Phase Four: Guest Star" / "Phase Five: Guest Star Redux": each player guest-stars in one
other character's novel per phase; every novel gets exactly one guest star per phase; no one
appears in his own novel, nor in the same novel twice. With two players phase five is
impossible (each would co-star in the same book twice), which is warning W5.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from rules.validation import Problem, error, warning

SECTION = "SotC, Character Creation: Phase Four and Five (Guest Star)"
MIN_PLAYERS = 3


class Member(BaseModel):
    """One character in the creation group.

    Attributes:
        key: Stable key (usually the character id as a string).
        name: Display name.
        novel: Title of the character's own novel (phase three).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    novel: str = ""


class Casting(BaseModel):
    """Whose novel one member guest-stars in, per phase (member keys; None = not chosen yet)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    phase4: str | None = None
    phase5: str | None = None


Assignment = Mapping[str, Casting]


class DealResult(BaseModel):
    """The outcome of "deal one for me": an assignment, or why none exists."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    assignment: dict[str, Casting] | None
    reason: str = ""


def check_assignment(members: Sequence[Member], assignment: Assignment) -> tuple[Problem, ...]:
    """Every problem with a hand-made assignment (incomplete ones are reported, not rejected)."""
    out: list[Problem] = []
    keys = {m.key for m in members}
    names = {m.key: m.name or m.key for m in members}
    if len(members) < MIN_PLAYERS:
        out.append(
            warning(
                "SOTC-W5-small-group",
                "group",
                f"Only {len(members)} characters: phase five needs at least {MIN_PLAYERS} "
                "(with two, each would co-star in the same novel twice). Use a GM novel or "
                "agree an exception.",
                SECTION,
            )
        )
    for phase in ("phase4", "phase5"):
        received: Counter[str] = Counter()
        for member in members:
            casting = assignment.get(member.key, Casting())
            target = casting.phase4 if phase == "phase4" else casting.phase5
            path = f"group.{member.key}.{phase}"
            label = "Phase Four" if phase == "phase4" else "Phase Five"
            if target is None:
                out.append(
                    error(
                        "SOTC-V6-unassigned",
                        path,
                        f"{label}: {names[member.key]} has no novel to guest-star in yet.",
                        SECTION,
                    )
                )
                continue
            if target not in keys:
                out.append(
                    error(
                        "SOTC-V6-unknown-novel",
                        path,
                        f"{label}: {names[member.key]} is cast in a novel that is not "
                        "in this group.",
                        SECTION,
                    )
                )
                continue
            if target == member.key:
                out.append(
                    error(
                        "SOTC-V6-own-novel",
                        path,
                        f"{label}: {names[member.key]} cannot guest-star in their own novel.",
                        SECTION,
                    )
                )
            received[target] += 1
        for member in members:
            count = received[member.key]
            label = "Phase Four" if phase == "phase4" else "Phase Five"
            if count > 1:
                out.append(
                    error(
                        "SOTC-V6-novel-crowded",
                        f"group.{member.key}.novel.{phase}",
                        f"{label}: {names[member.key]}'s novel has {count} guest stars; "
                        "each novel gets exactly one per phase.",
                        SECTION,
                    )
                )
    for member in members:
        casting = assignment.get(member.key, Casting())
        if casting.phase4 is not None and casting.phase4 == casting.phase5:
            out.append(
                error(
                    "SOTC-V6-same-novel",
                    f"group.{member.key}.phase5",
                    f"{names[member.key]} guest-stars in the same novel twice; phase "
                    "five must be a different book.",
                    SECTION,
                )
            )
    return tuple(out)


def _derangement(n: int, rng: random.Random) -> list[int]:
    while True:
        perm = list(range(n))
        rng.shuffle(perm)
        if all(perm[i] != i for i in range(n)):
            return perm


def deal(members: Sequence[Member], rng: random.Random) -> DealResult:
    """Deal a valid assignment at random, like the book's shuffled title cards.

    Phase four is a random derangement; phase five a random derangement that also differs from
    phase four everywhere (tried at random a bounded number of times, then built by rotation,
    which always works for three or more members).
    """
    n = len(members)
    if n < MIN_PLAYERS:
        return DealResult(
            assignment=None,
            reason=(
                f"A deal needs at least {MIN_PLAYERS} characters: with {n}, "
                + (
                    "nobody has another novel to guest-star in."
                    if n < 2
                    else "both would have to co-star in the same novel twice."
                )
            ),
        )
    first = _derangement(n, rng)
    second: list[int] | None = None
    for _ in range(200):
        candidate = _derangement(n, rng)
        if all(candidate[i] != first[i] for i in range(n)):
            second = candidate
            break
    if second is None:  # pragma: no cover - vanishingly rare for n >= 3
        order = list(range(n))
        rng.shuffle(order)
        first = [0] * n
        second = [0] * n
        for pos, idx in enumerate(order):
            first[idx] = order[(pos + 1) % n]
            second[idx] = order[(pos + 2) % n]
    assignment = {
        members[i].key: Casting(phase4=members[first[i]].key, phase5=members[second[i]].key)
        for i in range(n)
    }
    return DealResult(assignment=assignment)
