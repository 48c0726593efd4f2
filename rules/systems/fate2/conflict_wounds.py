"""Rules layer: FATE 2.0's wound track in the conflict engine: rows, where a hit lands, penalties
and healing.

FATE 2.0 has no stress and no consequences: a conflict's winner reads its margin of success on
Table 1 (Combat Outcomes, §8): 0 Scratched (nothing), 1 Clipped, 2-4 Hurt, 5-6 Injured, 7 and up
Taken Out. The result marks a box of its row of the wound track (Table 2; 3 Hurt and 2 Injured
boxes, Clipped as the campaign sets it, D§10.1 AMB-06); a full row passes the mark to the next
row down the chart, and past the last Injured box the character is taken out (§8 Injuries and
Advantages). Without overflow (§8 The Death Spiral) a result whose row is full adds nothing.

In the engine the track is one row of boxes, mildest row first, each box holding its row's level
once marked (:data:`CLIPPED` 1, :data:`HURT` 2, :data:`INJURED` 3), so a track read on its own
says what the character suffers. Taken Out has no box: a hit that no box takes leaves the
character to be taken out.
"""

from __future__ import annotations

from rules.systems.fate2.derive import wound_track
from rules.systems.fate2.settings import WoundBoxes

CLIPPED, HURT, INJURED = 1, 2, 3
"""The level a marked box of each row holds (its place in Table 2, mildest first)."""

TAKEN_OUT = 4
"""The row past the boxes: the one X of Table 2."""

ROW_NAMES: dict[int, str] = {CLIPPED: "Clipped", HURT: "Hurt", INJURED: "Injured"}

S_OUTCOMES = "FATE 2.0, 8. Combat: Table 1 Combat Outcomes"
S_WOUNDS = "FATE 2.0, 8. Combat: Injuries and Advantages (Table 2 Wound Track)"
S_SPIRAL = "FATE 2.0, 8. Combat: The Death Spiral"
S_LONG_TERM = "FATE 2.0, 8. Combat: Long Term Injuries"

HEAL_DAYS = 7
"""§8 Long Term Injuries: an injury from a dangerous source heals in a week by default (the
digest's default reading of AMB-08)."""

HEAL_DIFFICULTY = 1
"""§8 Long Term Injuries: the Medicine (or similar) roll is against Fair; each point of MoS
takes a day off."""


def outcome_row(mos: int) -> int | None:
    """The row a margin of success lands in (Table 1): None for Scratched (0 or less),
    :data:`CLIPPED`, :data:`HURT`, :data:`INJURED` or :data:`TAKEN_OUT`."""
    if mos <= 0:
        return None
    for level, band in enumerate(wound_track(WoundBoxes())[1:], start=CLIPPED):
        if band.mos_max is None or mos <= band.mos_max:
            return level
    return TAKEN_OUT  # pragma: no cover - the last band is open-ended


def layout(boxes: WoundBoxes) -> tuple[int, ...]:
    """The row of each box of the track, in order: Clipped, then Hurt, then Injured."""
    return (CLIPPED,) * boxes.clipped + (HURT,) * boxes.hurt + (INJURED,) * boxes.injured


def blank_track(boxes: WoundBoxes, injured: int = 0) -> tuple[int, ...]:
    """A track with nothing marked but ``injured`` Injured boxes (what outlasts a scene)."""
    left = injured
    out = []
    for row in layout(boxes):
        mark = row == INJURED and left > 0
        left -= mark
        out.append(INJURED if mark else 0)
    return tuple(out)


def _row_at(rows: tuple[int, ...], index: int) -> int:
    """The row of box ``index`` (boxes past the campaign's layout count as Injured)."""
    return rows[index] if index < len(rows) else INJURED


def landing_box(
    track: tuple[int, ...], boxes: WoundBoxes, mos: int, overflow: bool = True
) -> int | None:
    """The 0-based box a result of ``mos`` marks on ``track``, or None when none does.

    None for Scratched and for Taken Out (7+, or a result that passed the last Injured box):
    the character is then taken out. With overflow (the book's rule, Table 2) a full row passes
    the mark to the next row down the chart; without it (§8 The Death Spiral) the result stays
    on its full row: its last box is returned, already marked, and nothing changes. A row the
    campaign gave no boxes is no row: its results go to the next row either way.
    """
    row = outcome_row(mos)
    if row is None or row == TAKEN_OUT:
        return None
    rows = layout(boxes)
    while row <= INJURED:
        mine = [i for i in range(len(track)) if _row_at(rows, i) == row]
        free = [i for i in mine if not track[i]]
        if free:
            return free[0]
        if mine and not overflow:
            return mine[-1]
        row += 1
    return None


def marked(track: tuple[int, ...], row: int) -> int:
    """How many boxes of ``row`` are marked on ``track``."""
    return sum(1 for b in track if b == row)


def wound_penalty(track: tuple[int, ...], clipped_pending: bool = False) -> int:
    """The penalty the track puts on actions (a negative number or 0; §8 Injuries and
    Advantages): -1 for a Clipped result not yet spent on the next action (several do not
    stack), -1 while any Hurt box is marked, -1 per marked Injured box. The book's guard, hurt
    and injured, is at -2."""
    return -(int(clipped_pending) + int(marked(track, HURT) > 0) + marked(track, INJURED))


def after_scene(track: tuple[int, ...]) -> tuple[int, ...]:
    """The track once the scene is over: Clipped and Hurt go (they last the scene at most),
    Injured boxes stay until healed (§8 Injuries and Advantages)."""
    return tuple(b if b == INJURED else 0 for b in track)


def heal_days(medicine_mos: int | None = None, multiplier: int = 1) -> int:
    """Days one Injured box takes to heal (§8 Long Term Injuries): a week, one day less per
    point of MoS of a Medicine (or similar) roll against Fair, never below 0; grittier games
    multiply the time by 2 to 4.

    Args:
        medicine_mos: The healing roll's margin against Fair, or None when nobody treats it (a
            failed roll takes nothing off).
        multiplier: 1 (cinematic, the book's default) to 4 (the grittiest the book suggests).

    Raises:
        ValueError: for a multiplier outside 1-4.
    """
    if not 1 <= multiplier <= 4:
        raise ValueError("the book multiplies healing time by 2, 3 or 4 at most")
    days = HEAL_DAYS * multiplier
    return max(0, days - max(0, medicine_mos or 0))


def describe(track: tuple[int, ...]) -> str:
    """The track in words ("Hurt 1, Injured 2"), or "unhurt"."""
    parts = [f"{ROW_NAMES[row]} {marked(track, row)}" for row in ROW_NAMES if marked(track, row)]
    return ", ".join(parts) or "unhurt"
