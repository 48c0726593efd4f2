"""The Strange Fate sheet prints the Tier Benefits the character chose (issue 23): «Tier
Benefits» are chosen with a skill's tier, one per point of rating, and are part of what the skill
does in play, so the sheet names each under its skill with what it gives at that tier."""

from __future__ import annotations

import io

from storage.pdf.render import render
from storage.system_sheets import build_sheet
from tests.rules.strange_fate_builders import professor, system
from tests.storage.test_pdf_render import one_line, pdf_pages


def test_the_chosen_tier_benefits_are_on_the_sheet() -> None:
    character = professor()
    assert character.tier_benefits == {"Strength Training": ("Physical Force", "Leap")}
    out = io.BytesIO()
    render([build_sheet(character, system())], out, "a4", True)
    text = one_line(" ".join(pdf_pages(out.getvalue())))
    start = text.index("Strength Training Strange skill")  # its entry, not the ladder
    entry = text[start : start + 1500]
    assert "Tier Benefit: Physical Force" in entry, entry
    assert "Tier Benefit: Leap" in entry, entry
    book = system().book
    for trapping in ("Physical Force", "Leap"):
        benefit = book.benefits.of(trapping)
        assert benefit is not None
        level = benefit.at(character.tier_of("Strength Training"))
        assert level is not None and one_line(level.summary)[:40] in entry
