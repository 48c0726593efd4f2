"""Spirit of the Century print-outs (issue 14, "Printing"): the worksheet never splits a phase's
two aspects across pages, and the blank sheet has two aspect lines per phase (SotC "The Phases":
two aspects each), a concept line, gadgets and notes, and fills its page."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from rules.systems.sotc.character import Phase, SotcCharacter
from storage.pdf.render import _aspects, render, render_blank
from storage.pdf.sheet_layout import AspectsBlock, FieldsBlock, HeaderBlock
from storage.pdf.styles import page_size, styles
from storage.system_sheets import blank_layouts, character_layouts
from tests.storage.test_pdf_gm_aids import drawn


def pages_of(data: bytes) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages]


def storyteller(events_lines: int) -> SotcCharacter:
    """Five phases with long events; phase one's run ``events_lines`` lines, which moves the
    page break through the phases that follow."""
    phases = tuple(
        Phase(
            events="\n".join(f"Event line {n}" for n in range(events_lines if p == 1 else 9)),
            aspects=(f"Firstaspect{p} of the phase", f"Secondaspect{p} of the phase"),
            mentor="A mentor" if p == 2 else "",
        )
        for p in range(1, 6)
    )
    return SotcCharacter(name="Teller", phases=phases)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_phases_two_aspects_are_never_split_across_pages(sotc: Any, paper: str) -> None:
    """SotC worksheet: wherever the page breaks fall, both aspects of a phase share a page."""
    splits = []
    for lines in range(0, 48, 2):
        out = io.BytesIO()
        render(character_layouts(storyteller(lines), sotc, "worksheet"), out, paper)
        pages = pages_of(out.getvalue())
        for phase in range(1, 6):
            first = [n for n, text in enumerate(pages) if f"Firstaspect{phase}" in text]
            second = [n for n, text in enumerate(pages) if f"Secondaspect{phase}" in text]
            if first != second:
                splits.append((lines, phase, first, second))
    assert splits == []


def test_the_blank_worksheet_keeps_each_phases_aspect_lines_together(registry: Any) -> None:
    _, worksheet = blank_layouts(registry.info("sotc"))
    phases = [b for b in worksheet.blocks if isinstance(b, FieldsBlock)]
    assert len(phases) == 5 and all(b.keep_last == 2 for b in phases)
    assert all(
        [f.label for f in b.fields[-2:]] == ["First Aspect", "Second Aspect"] for b in phases
    )


def test_the_blank_sheet_has_concept_two_aspect_lines_per_phase_gadgets_and_notes(
    registry: Any,
) -> None:
    sheet, _ = blank_layouts(registry.info("sotc"))
    header = next(b for b in sheet.blocks if isinstance(b, HeaderBlock))
    assert [f.label for f in header.wide] == ["Concept"]
    aspects = next(b for b in sheet.blocks if isinstance(b, AspectsBlock))
    assert [len(g.aspects) for g in aspects.groups] == [2] * 5
    # Drawn as one full line per aspect: ten lines under five phase labels.
    grid = _aspects(aspects, styles())[-1]
    assert len(grid.rows) == 10
    titles = [b.title for b in sheet.blocks if isinstance(b, FieldsBlock)]
    assert titles == ["Gadgets", "Notes"]
    out = io.BytesIO()
    render([sheet], out)
    text = pages_of(out.getvalue())[0]
    for label in ("CONCEPT", "Gadgets", "Notes", "Health", "Composure", "Severe"):
        assert label in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_blank_sheet_fills_its_one_page(registry: Any, paper: str) -> None:
    """Both columns reach the lower third of the page; the sheet stays one page."""
    out = io.BytesIO()
    assert render(blank_layouts(registry.info("sotc"))[:1], out, paper) == 1
    width, height = page_size(paper)
    _, _, lines = drawn(out.getvalue())[0]
    ruled = [ln for ln in lines if ln[1] == ln[3] and ln[1] > 60]  # rules above the footer
    narrow = [ln for ln in ruled if ln[0] > width * 0.62]
    wide = [ln for ln in ruled if ln[2] < width * 0.66]
    assert min(ln[1] for ln in narrow) < height / 3
    assert min(ln[1] for ln in wide) < height / 3


def test_blank_sheets_still_print_in_pairs(registry: Any) -> None:
    out = io.BytesIO()
    assert render_blank(["sotc"], registry, out, "letter") == 3  # sheet, two-page worksheet
