"""§10 Pyramid Shorthand as a quick-NPC generator: valid pyramids for any number of phases."""

from __future__ import annotations

import pytest

from rules.systems.fate2.catalog import ShorthandRow
from rules.systems.fate2.pyramid import is_balanced, shape_break, shape_cost
from rules.systems.fate2.shorthand import (
    MAX_GREEDY_RANKS,
    build_greedy,
    counts_of,
    fill_pyramid,
    quick_pyramid,
)
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import RegistryEntry
from storage.systems_catalog import load_system

# §10 Pyramid Shorthand, as printed: phases -> Average, Fair, Good, Great, Superb, Epic.
BOOK = {
    1: (2, 1), 2: (4, 2), 3: (5, 2, 1), 4: (4, 3, 2), 5: (4, 3, 2, 1), 6: (6, 4, 2, 1),
    7: (7, 4, 3, 1), 8: (7, 4, 3, 2), 9: (6, 4, 3, 2, 1), 10: (8, 5, 3, 2, 1),
    11: (7, 6, 4, 2, 1), 12: (7, 6, 4, 3, 1), 13: (8, 5, 4, 3, 2), 14: (7, 6, 5, 3, 2),
    15: (8, 6, 4, 3, 2, 1),
}  # fmt: skip


@pytest.fixture(scope="module")
def fate2() -> Fate2System:
    system = load_system(RegistryEntry(id="fate2", package="fate2"))
    assert isinstance(system, Fate2System)
    return system


def test_bundled_table_is_the_books(fate2: Fate2System) -> None:
    """§10 Pyramid Shorthand: fifteen rows, each as printed."""
    rows = {r.phases: r.counts for r in fate2.catalog.shorthand}
    assert rows == BOOK
    assert fate2.catalog.shorthand_ranks == 4


@pytest.mark.parametrize("phases", sorted(BOOK))
def test_every_row_is_a_valid_pyramid_of_four_ranks_a_phase(
    fate2: Fate2System, phases: int
) -> None:
    """§10 Pyramid Shorthand: each row balances and spends exactly 4 ranks a phase."""
    pyramid = fate2.quick_pyramid(phases)
    assert pyramid == dict(enumerate(BOOK[phases]))
    assert shape_break(pyramid) is None
    assert shape_cost(pyramid) == 4 * phases


@pytest.mark.parametrize("phases", sorted(BOOK))
def test_greedy_phase_build_reproduces_the_table(phases: int) -> None:
    """Each row is what buying the highest balanced skills phase by phase gives (rules-notes),
    so the generator beyond the table follows the book's own method."""
    assert counts_of(build_greedy(phases)) == dict(enumerate(BOOK[phases]))


@pytest.mark.parametrize("phases", [0, 16, 20, 30, 60])
def test_beyond_the_table(fate2: Fate2System, phases: int) -> None:
    """Longer careers still get a valid pyramid costing 4 ranks a phase."""
    pyramid = fate2.quick_pyramid(phases)
    assert shape_break(pyramid) is None
    assert shape_cost(pyramid) == 4 * phases


def test_peaks_reachable_phase_by_phase() -> None:
    """D§5.2 / D§5.5: with the pyramid, Fair at 1-2 phases, Good 3-4, Great 5-8, Superb 9-14,
    Epic at 15; with the column, Fair, Good, Great, then Superb at 4-5, Epic 6-7, Legendary 8."""
    pyramid = [max(build_greedy(n)) for n in range(1, 16)]
    assert pyramid == [1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5]
    column = [max(build_greedy(n, shape="column")) for n in range(1, 9)]
    assert column == [1, 2, 3, 4, 4, 5, 5, 6]


@pytest.mark.parametrize(("phases", "ranks"), [(5, 5), (3, 6), (4, 9), (2, 13)])
def test_other_ranks_per_phase(fate2: Fate2System, phases: int, ranks: int) -> None:
    """§2 GM Overview: another rank budget is not in the table; the generator still gives a
    valid pyramid of exactly that many ranks."""
    settings = fate2.default_settings().model_copy(update={"ranks_per_phase": ranks})
    pyramid = fate2.quick_pyramid(phases, settings)
    assert shape_break(pyramid) is None
    assert shape_cost(pyramid) == phases * ranks


def test_column_quick_npc(fate2: Fate2System) -> None:
    """§7 Skill Column: the generator follows the campaign's shape."""
    settings = fate2.default_settings().model_copy(update={"skill_shape": "column"})
    pyramid = fate2.quick_pyramid(5, settings)
    assert shape_break(pyramid, "column") is None
    assert shape_cost(pyramid) == 20
    assert max(pyramid) == 4  # Superb at five phases (D§5.5)


def test_fill_pyramid_with_names(fate2: Fate2System) -> None:
    """Lucan (§5 Personal Extras): a 4-phase servant is 4 Average, 3 Fair, 2 Good."""
    names = ("Knife", "Sneak", "Lie", "Spot", "Hide", "Climbing", "Gossip", "Charm", "Bluff")
    skills = fate2.quick_npc_skills(4, names)
    assert skills == {
        "Knife": 2, "Sneak": 2, "Lie": 1, "Spot": 1, "Hide": 1,
        "Climbing": 0, "Gossip": 0, "Charm": 0, "Bluff": 0,
    }  # fmt: skip
    assert is_balanced(skills.values())


def test_fill_pyramid_refuses_short_or_repeated_lists() -> None:
    """A pyramid short of names, or with a name twice, would not balance."""
    with pytest.raises(ValueError, match="holds 3 skills"):
        fill_pyramid({0: 2, 1: 1}, ("A", "B"))
    with pytest.raises(ValueError, match="twice"):
        fill_pyramid({0: 2, 1: 1}, ("A", "a", "B"))
    assert fill_pyramid({0: 2, 1: 1}, ("A", "B", "C", "D")) == {"A": 1, "B": 0, "C": 0}


def test_generator_limits() -> None:
    """Negative inputs and oversized requests are refused, not searched."""
    with pytest.raises(ValueError):
        quick_pyramid(-1, ())
    with pytest.raises(ValueError):
        build_greedy(MAX_GREEDY_RANKS + 1, 1)
    row = ShorthandRow(phases=1, counts=(2, 1))
    assert quick_pyramid(1, (row,)) == {0: 2, 1: 1}
