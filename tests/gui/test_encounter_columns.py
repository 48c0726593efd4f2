"""The encounter table's columns follow the system: its own tracks, and a consequences column
only for a system whose characters take consequences (FATE 2.0 has wounds, ART Health boxes)."""

from __future__ import annotations

from typing import Any

import pytest

from gui.encounter.turn_model import columns_for


@pytest.mark.parametrize(
    ("system_id", "has_consequences"),
    [("sotc", True), ("strange-fate", True), ("fate2", False), ("art", False)],
)
def test_the_consequences_column_shows_only_where_there_are_consequences(
    registry: Any, system_id: str, has_consequences: bool
) -> None:
    rules = registry.get(system_id).conflict_rules(None)
    assert rules.has_consequences is has_consequences
    keys = [c.key for c in columns_for(rules.tracks, rules)]
    assert ("consequences" in keys) is has_consequences
    assert all(t.key in keys for t in rules.tracks)
