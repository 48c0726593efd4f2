"""Issue 13, the character between fights: the printed SotC Character Sheet shows, beside each
consequence, what was done about it: long-term care tried (and the steps it saved, SRD L5892,
L5905), a slow poison still uncured (SRD L5581), first aid's stabilising (SRD L5890)."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

from rules.character import Condition, Consequence
from rules.systems.sotc.character import Treatment
from storage.pdf.render import render_pdf
from storage.pdf.sheet_layout import ConsequencesBlock
from storage.system_sheets import build_sheet
from tests.rules.sotc_builders import build


def _treated() -> Any:
    hurt = Condition(consequences=(
        Consequence(severity="mild", text="Winded"),
        Consequence(severity="moderate", text="Venom in the Blood"),
        Consequence(severity="severe", text="Broken Ribs"),
    ))  # fmt: skip
    marks = (
        Treatment(stabilized=True),
        Treatment(uncured=True),
        Treatment(care_tried=True, care_steps=1, stabilized=True),
    )
    return build(condition=hurt.model_dump()).model_copy(update={"treatment": marks})


def test_the_sheet_notes_each_consequences_treatment(sotc: Any) -> None:
    """Each held consequence's slot carries its kind and its marks; a failed care attempt
    reads "care failed" (one attempt only, L5892); an untreated one only its kind."""
    layout = build_sheet(_treated(), sotc)
    block = next(b for b in layout.blocks if isinstance(b, ConsequencesBlock))
    held = [(s.label, s.text, s.note) for s in block.slots if s.text]
    assert held == [
        ("Mild", "Winded", "physical; stabilised"),
        ("Moderate", "Venom in the Blood", "physical; poison: until cured"),
        ("Severe", "Broken Ribs", "physical; care: 1 step sooner, stabilised"),
    ]
    failed = _treated().model_copy(update={"treatment": (Treatment(care_tried=True),)})
    block = next(b for b in build_sheet(failed, sotc).blocks if isinstance(b, ConsequencesBlock))
    assert [s.note for s in block.slots if s.text] == ["physical; care failed", "physical",
                                                       "physical"]  # fmt: skip


def test_the_printed_page_shows_the_marks(registry: Any) -> None:
    """The PDF page carries the marks beside the consequences."""
    out = io.BytesIO()
    assert render_pdf([_treated()], registry, out, invariant=True) >= 1
    text = " ".join(PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text().split())
    assert "Venom in the Blood" in text
    for mark in ("stabilised", "poison: until", "care: 1 step"):
        assert mark in text
