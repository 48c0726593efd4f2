"""ART Engine advancement and the end of an adventure, against the book's examples.

Line numbers (L...) are lines of shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

import pytest

from rules.systems.art.advancement import (
    buy_health_rank,
    end_adventure,
    end_session,
    fortune_after_adventure,
    raise_attribute,
)
from rules.systems.art.scale import Fortune
from tests.rules.test_art_support import BALANCED, balanced_adventurer, catalog

F = Fortune


def test_tim_and_tony() -> None:
    """L559-561: Tim (Well-off) with an Affluent treasure rises to Prosperous; Tony
    (Struggling) with a Poor and three Impoverished treasures keeps Struggling."""
    assert fortune_after_adventure(F.WELL_OFF, [F.AFFLUENT]) is F.PROSPEROUS
    tony = [F.POOR, F.IMPOVERISHED, F.IMPOVERISHED, F.IMPOVERISHED]
    assert fortune_after_adventure(F.STRUGGLING, tony) is F.STRUGGLING


def test_keeping_and_losing_fortune() -> None:
    """L551-555: one treasure at your rank or two one rank below keep it; too few lose a rank;
    never more than one rank up."""
    assert fortune_after_adventure(F.COMFORTABLE, [F.COMFORTABLE]) is F.COMFORTABLE
    assert fortune_after_adventure(F.COMFORTABLE, [F.MIDDLE_CLASS] * 2) is F.COMFORTABLE
    assert fortune_after_adventure(F.COMFORTABLE, [F.MIDDLE_CLASS]) is F.MIDDLE_CLASS
    assert fortune_after_adventure(F.COMFORTABLE, [F.RICH, F.RICH]) is F.WELL_OFF
    assert fortune_after_adventure(F.DESTITUTE, []) is F.DESTITUTE


def test_trophies_kept_only_within_the_new_fortune() -> None:
    """L575: a trophy costing more than Fortune (after treasures) is not kept."""
    c = balanced_adventurer(
        stage="play",
        fortune="Middle Class",
        treasures=[{"name": "idol", "value": "Comfortable"}],
        trophies=[{"name": "shield", "cost": "Comfortable"}, {"name": "axe", "cost": "Rich"}],
    )
    after = end_adventure(c, catalog())
    assert after.fortune is F.COMFORTABLE and after.treasures == ()
    assert [t.name for t in after.trophies] == ["shield"]


def test_raising_an_attribute() -> None:
    """L2296: five points next to Agility 3: erase three, Agility becomes 4."""
    c = balanced_adventurer(
        stage="play", attributes=dict(BALANCED, AGI=3), attribute_inspiration={"AGI": 5}
    )
    raised = raise_attribute(c, "AGI")
    assert raised.attribute("AGI") == 4 and raised.attribute_inspiration["AGI"] == 2
    with pytest.raises(ValueError):
        raise_attribute(raised, "AGI")


def test_session_end_raises_capped_skills_and_gives_xp() -> None:
    """L2304: capped skills rise by 1 at the session's end; L2450: +1 XP a session."""
    c = balanced_adventurer(
        stage="play", skills={"Climb": 2, "Swim": 1}, skill_inspiration={"Climb": 4, "Swim": 3}
    )
    after = end_session(c)
    assert after.skills == {"Climb": 3, "Swim": 1}
    assert after.skill_inspiration == {"Climb": 0, "Swim": 3}
    assert after.experience == 1


def test_buying_a_health_rank() -> None:
    """L2469: rank 7 to 8 costs 3 XP."""
    c = balanced_adventurer(stage="play", experience=4)
    after = buy_health_rank(c, catalog())
    assert after.health_rank == 8 and after.experience == 1
    with pytest.raises(ValueError):
        buy_health_rank(after, catalog())
