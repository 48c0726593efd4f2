"""Rules layer: Strange Fate's stress and consequences, as numbers the conflict rules read.

«Stress» (L4191-L4199): a hit of k checks box k and every box to its left, rolling up past the
highest checked box; «Consequences» (L4201-L4224): Trifling, Middling and Grievous absorb 2, 4
and 6 and stack on one hit; «Group Consequences» (L4580-L4597): the adversaries' shared pool.
The tracks (L500) and the core's severity words for the book's are here too, for the conflict
rules (:mod:`.conflict`) and the cast (:mod:`.conflict_cast`).
"""

from __future__ import annotations

from rules.character import ConflictKind, Severity
from rules.conflict_rules import TrackSpec
from rules.encounter import Participant, TrackName
from rules.systems.strange_fate.conflict_options import GROUP_MIDDLING, GROUP_TRIFLING
from rules.systems.strange_fate.conflict_state import ConsequenceSeverity

TRACKS: tuple[TrackSpec, ...] = (
    TrackSpec(key="health", label="Health", kinds=("physical",)),
    TrackSpec(key="composure", label="Composure", kinds=("mental",)),
    TrackSpec(key="reputation", label="Reputation", kinds=("social",)),
)
"""«Refine Details» (L500): Health for Physical harm, Composure for Mental, Reputation for
Social; each attack's scope picks the track (L4179-L4189)."""
TRACK_OF: dict[ConflictKind, TrackName] = {
    "physical": "health",
    "mental": "composure",
    "social": "reputation",
}
CORE_SEVERITY: dict[ConsequenceSeverity, Severity] = {
    "trifling": "mild",
    "middling": "moderate",
    "grievous": "severe",
}
BOOK_SEVERITY: dict[str, ConsequenceSeverity] = {
    "mild": "trifling",
    "moderate": "middling",
    "severe": "grievous",
    "extra": "trifling",
}
ABSORBS: dict[ConsequenceSeverity, int] = {"trifling": 2, "middling": 4, "grievous": 6}
"""Stress each consequence absorbs (L4211-L4216); several may be stacked on one hit."""
GROUP_CONSEQUENCES: tuple[tuple[int, int, int], ...] = ((7, 8, 3), (5, 6, 3), (3, 4, 2), (1, 2, 1))
"""«Group Consequences» (L4580-L4597): (fewest adversaries, Trifling, Middling)."""
LIGHTEST: tuple[Severity, ...] = ("mild", "moderate", "severe", "extra")
SHARERS = ("adversary", "villain")
"""The roles that draw on the group consequences (L4580-L4597; minions never do)."""
MINION_GROUP: dict[int, int] = {1: 5, 2: 4, 3: 3}
"""Default group size by minion quality (Average 5, Fair 4, Good 3; L4465-L4535)."""


def group_consequences(adversaries: int) -> dict[ConsequenceSeverity, int]:
    """The adversaries' shared pool at the start of a story (L4580-L4597): 1-2 adversaries
    2 Trifling 1 Middling, 3-4 4/2, 5-6 6/3, 7 or more 8/3; none without adversaries."""
    for fewest, trifling, middling in GROUP_CONSEQUENCES:
        if adversaries >= fewest:
            return {"trifling": trifling, "middling": middling, "grievous": 0}
    return {"trifling": 0, "middling": 0, "grievous": 0}


def absorb(severities: tuple[ConsequenceSeverity, ...], stress: int) -> int:
    """Stress left after stacking ``severities`` on a hit of ``stress`` (L4211-L4216)."""
    return max(0, stress - sum(ABSORBS[s] for s in severities))


def check_stress(track: tuple[int, ...], amount: int) -> tuple[int, ...] | None:
    """The track after a hit of ``amount`` («Stress», L4191-L4199): box ``amount`` and every box
    to its left are checked; if box ``amount`` is already checked the hit rolls up to the next
    clear box. None: no box can take it (taken out, or a consequence)."""
    box = stress_box(track, amount)
    if box is None:
        return None
    return tuple(1 if i <= box else v for i, v in enumerate(track))


def stress_box(track: tuple[int, ...], amount: int) -> int | None:
    """The 0-based box a hit of ``amount`` lands on. Every box left of a checked one counts as
    checked (the book checks them all), so the hit lands past the highest checked box when its
    own box is at or below it."""
    if amount < 1:
        return None
    highest = max((i for i, v in enumerate(track) if v), default=-1)
    box = amount - 1 if amount - 1 > highest else highest + 1
    return box if box < len(track) else None


def without_group(p: Participant) -> Participant:
    """``p`` without the group consequences it may draw on (its personal slots only)."""
    options = {k: v for k, v in p.options.items() if k not in (GROUP_TRIFLING, GROUP_MIDDLING)}
    return p.model_copy(update={"options": options})
