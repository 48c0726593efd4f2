"""The adjective ladders belong to each system (SotC "The Ladder"; FATE 2.0 "The Ladder")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.ladder import Ladder

SYSTEMS = Path(__file__).resolve().parents[2] / "resources" / "systems"


def ladder(system_id: str) -> Ladder:
    data = json.loads((SYSTEMS / system_id / "system.json").read_text(encoding="utf-8"))
    return Ladder.model_validate(data["ladder"])


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (8, "Legendary (+8)"),
        (5, "Superb (+5)"),
        (3, "Good (+3)"),
        (1, "Average (+1)"),
        (0, "Mediocre (+0)"),
        (-1, "Poor (-1)"),
        (-2, "Terrible (-2)"),
    ],
)
def test_sotc_ladder_renders_adjective_and_number(value: int, text: str) -> None:
    """SotC "The Ladder" (L203-L221): Mediocre is 0, Average +1, Legendary +8."""
    assert ladder("sotc").render(value) == text


def test_sotc_off_ladder_values_render_sensibly() -> None:
    """SotC "Breaking Things" goes to Legendary +2/+4; Abysmal (-3) appears in the lifting table."""
    sotc = ladder("sotc")
    assert sotc.adjective(10) == "Legendary+2"
    assert sotc.adjective(12) == "Legendary+4"
    assert sotc.adjective(-3) == "Abysmal"
    assert sotc.adjective(-5) == "Abysmal-2"
    assert not sotc.is_named(9)


def test_fate2_ladder_is_shifted_average_zero() -> None:
    """FATE 2.0 "The Ladder": Average is 0, Mediocre -1, Superb +4 (not the SotC numbers)."""
    fate2 = ladder("fate2")
    assert fate2.adjective(0) == "Average"
    assert fate2.adjective(-1) == "Mediocre"
    assert fate2.adjective(4) == "Superb"
    assert fate2.adjective(9) == "Legendary+3"
    assert ladder("sotc").adjective(0) == "Mediocre"


def test_strange_fate_ladder_reaches_divine() -> None:
    """Strange Fate "The Adjective Ladder": Mythic +9, Divine +10."""
    sf = ladder("strange-fate")
    assert sf.render(10) == "Divine (+10)"
    assert sf.adjective(11) == "Divine+1"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Good", 3),
        ("good", 3),
        ("+3", 3),
        ("3", 3),
        ("Good (+3)", 3),
        ("Legendary+2", 10),
        ("Terrible-1", -3),
        ("Abysmal", -3),
        ("\u22121", -1),
    ],
)
def test_parse_reads_adjectives_numbers_and_offsets(text: str, value: int) -> None:
    """Adjectives and numbers are interchangeable (SotC "The Ladder")."""
    assert ladder("sotc").parse(text) == value


@pytest.mark.parametrize("text", ["Goodish", "", "Good (+4)"])
def test_parse_rejects_nonsense(text: str) -> None:
    with pytest.raises(ValueError):
        ladder("sotc").parse(text)


def test_ladder_rejects_gaps_and_duplicates() -> None:
    with pytest.raises(ValueError):
        Ladder.model_validate(
            {"rungs": [{"value": 0, "adjective": "A"}, {"value": 2, "adjective": "B"}]}
        )
    with pytest.raises(ValueError):
        Ladder.model_validate(
            {"rungs": [{"value": 0, "adjective": "A"}, {"value": 1, "adjective": "A"}]}
        )
