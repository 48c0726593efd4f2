"""The aspect folding behind V2 (aspects written) and V3 (blank or repeated aspects).

SotC "The Phases": each phase gives two aspects, and an aspect written twice (whatever its case or
spacing) is worth a warning. The validator folds every aspect once and takes a shortcut when the
aspects hold nothing but single plain spaces; these tests hold the shortcut to the full folding
(case folded, every run of whitespace one space, none at the ends) on any text.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.systems.sotc.character import Phase, SotcCharacter
from rules.systems.sotc.validate import _fold_aspects
from tests.rules.sotc_builders import complete_document

# Plain letters, the separator the shortcut joins with, and the whitespace it must notice.
PIECES = st.sampled_from(["a", "B", "ß", "İ", "|", " ", "  ", "\t", "\n", "\u00a0", "\u2003"])
ASPECT = st.lists(PIECES, max_size=6).map("".join)


def _full(phases: tuple[Phase, ...]) -> list[str]:
    return [" ".join(a.casefold().split()) for phase in phases for a in phase.aspects]


def _fold(phases: tuple[Phase, ...]) -> list[str]:
    return _fold_aspects([phase.aspects for phase in phases])


@settings(max_examples=200)
@given(st.lists(st.lists(ASPECT, max_size=3), max_size=5))
@example([["a  b"]])
@example([[" a", "b"]])
@example([["b", "a "]])
@example([["a", " b"], ["c"]])
@example([["a "], ["b"]])
@example([["a|", " b"]])
@example([["a\tb", "c"]])
@example([["a\u00a0b"]])
def test_the_shortcut_folds_exactly_as_the_full_folding(aspects: list[list[str]]) -> None:
    phases = tuple(Phase(aspects=tuple(group)) for group in aspects)
    assert _fold(phases) == _full(phases)


def test_usual_aspects_fold_by_case_only() -> None:
    phases = (Phase(aspects=("Oil in My Veins", "Stubborn as a Mule")), Phase(aspects=("", "X")))
    assert _fold(phases) == ["oil in my veins", "stubborn as a mule", "", "x"]


def test_spacing_variants_are_the_same_aspect(sotc: Any) -> None:
    """V3: the same aspect with other spacing (a tab, a no-break space, spaces at the ends) is
    still the same aspect, and a blank one is still blank."""
    doc = complete_document()
    doc["phases"][0]["aspects"] = ["Oil in My Veins", "Stubborn as a Mule"]
    doc["phases"][1]["aspects"] = [" oil in\tmy veins", "stubborn as\u00a0a mule "]
    doc["phases"][2]["aspects"] = ["A Rival | Every Port", "\u2003"]
    problems = sotc.validate(SotcCharacter.model_validate(doc))
    found = {(p.code, p.path) for p in problems}
    assert ("SOTC-V3-duplicate-aspect", "phases[1].aspects[0]") in found
    assert ("SOTC-V3-duplicate-aspect", "phases[1].aspects[1]") in found
    assert ("SOTC-V3-blank-aspect", "phases[2].aspects[1]") in found
    assert ("SOTC-V2-missing-aspects", "phases[2].aspects") in found
