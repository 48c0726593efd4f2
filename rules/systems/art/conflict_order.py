"""Rules layer: ART Engine turn order: combat-round initiative and the exploration phase track.

Pure functions the ART conflict rules build on (ART Engine, Chapter 5 "Initiative",
L1767-1802; Chapter 4 "How Long Did It Take?", L1634-1647, and "Phase Track", L1687-1695).
Initiative is a result column: adventurers roll Alertness (no difficulty), foes use their
Alertness rating.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.systems.art.scale import Result

BONUS_ROUND_FROM = Result.SP
"""Super or better initiative acts in the bonus round (L1778; an Extreme foe too, A45)."""
LOSES_FIRST_TURN_BELOW = Result.FB
"""Pathetic or Catastrophic initiative loses the first turn (L1779)."""
PHASE_SQUARES = 10
"""The phase track is a row of ten squares (L1689)."""


class Initiative(BaseModel):
    """One combatant's initiative.

    Attributes:
        id: Who.
        result: The Alertness column rolled (adventurer) or the Alertness rating (foe).
        foe: A foe (ties between a foe and an adventurer go to the adventurer, L1776).
        tiebreak: Higher acts first among equals of the same kind (the players' agreement or a
            die roll, L1775; the narrator's choice among foes, L1777).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    result: Result
    foe: bool = False
    tiebreak: int = 0


def initiative_order(combatants: Sequence[Initiative]) -> tuple[str, ...]:
    """Everyone from the highest initiative down; at a tie adventurers before foes (L1773-1777)."""
    ranked = sorted(combatants, key=lambda c: (-int(c.result), c.foe, -c.tiebreak))
    return tuple(c.id for c in ranked)


def bonus_round(combatants: Sequence[Initiative]) -> tuple[str, ...]:
    """Who acts in the bonus round at the start of the encounter, in order (L1778)."""
    return initiative_order([c for c in combatants if c.result >= BONUS_ROUND_FROM])


def round_order(combatants: Sequence[Initiative], round_number: int) -> tuple[str, ...]:
    """Who acts in regular round ``round_number`` (1 = the first), in order: in the first
    round, Pathetic and Catastrophic initiative lose their turn (L1779)."""
    order = initiative_order(combatants)
    if round_number != 1:
        return order
    slow = {c.id for c in combatants if c.result < LOSES_FIRST_TURN_BELOW}
    return tuple(pid for pid in order if pid not in slow)


def encounter_range(highest: Result) -> int:
    """The optional starting range: one band per column above Catastrophic (L1919; A44)."""
    return int(highest)


def phases_taken(result: Result, difficulty: Result) -> int:
    """Phases an action takes (L1640-1641): on a success one per column below Awesome (0 on
    Awesome: less than one phase, another action the same phase); on a failure one per
    failure."""
    if result >= difficulty:
        return int(Result.AW) - int(result)
    return int(difficulty) - int(result)


class PhaseTrack(BaseModel):
    """The phase track: a token per character on one of ten squares, and the turn marker.

    Attributes:
        tokens: Character id -> square (0-9).
        marker: The square of the current phase.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    tokens: dict[str, int] = Field(default_factory=dict)
    marker: int = Field(default=0, ge=0, lt=PHASE_SQUARES)

    @classmethod
    def start(cls, ids: Sequence[str]) -> PhaseTrack:
        """Every token on the first square, the marker under it (L1691)."""
        return cls(tokens={pid: 0 for pid in ids})

    def ready(self) -> tuple[str, ...]:
        """Who may declare an action now: the tokens above the marker (L1691)."""
        return tuple(pid for pid, sq in self.tokens.items() if sq == self.marker)

    def resolve(self, pid: str, phases: int) -> PhaseTrack:
        """Move ``pid``'s token one square per phase its action takes, wrapping (L1693).

        Raises:
            ValueError: for an unknown token, a token not above the marker, or negative phases.
        """
        if pid not in self.tokens:
            raise ValueError(f"no token for {pid!r} on the phase track")
        if self.tokens[pid] != self.marker:
            raise ValueError(f"{pid!r} is not on the current phase")
        if phases < 0:
            raise ValueError("an action cannot take negative phases")
        square = (self.tokens[pid] + phases) % PHASE_SQUARES
        return self.model_copy(update={"tokens": {**self.tokens, pid: square}})

    def advance(self) -> PhaseTrack:
        """Move the marker to the next square to the right that holds a token, wrapping
        (L1695); it stays when every token is on its square."""
        if not self.tokens:
            return self
        for step in range(1, PHASE_SQUARES + 1):
            square = (self.marker + step) % PHASE_SQUARES
            if square in self.tokens.values():
                return self.model_copy(update={"marker": square})
        return self  # pragma: no cover - a token is always found within ten squares
