"""The one case-insensitive name lookup (rules.names): exact spelling first, then casefold."""

from __future__ import annotations

import pytest

from rules.names import find_name, fold_names

SKILLS = {"Guns": 4, "guns": 1, "Athletics": 2, "Straße": 3}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Guns", "Guns"),  # exact wins over the other spelling
        ("guns", "guns"),  # exact again, although "Guns" comes first
        ("GUNS", "Guns"),  # no exact entry: the first one equal ignoring case
        ("athletics", "Athletics"),
        ("STRASSE", "Straße"),  # casefold, not lower(): ß folds to ss
        ("Fists", None),
        (" Guns", None),  # surrounding spaces are the caller's business
    ],
)
def test_find_name_scans_and_indexed_agree(name: str, expected: str | None) -> None:
    assert find_name(SKILLS, name) == expected
    assert find_name(SKILLS, name, fold_names(SKILLS)) == expected


def test_fold_names_keeps_the_first_spelling() -> None:
    assert fold_names(["Guns", "GUNS", "guns"]) == {"guns": "Guns"}
