"""Benchmarks for PDF printing: one sheet against a fixed limit, 100 sheets against bare ReportLab.

``pdf_one_sheet``: median time to build and render one complete character sheet; the baseline is
the 150 ms limit (target ratio 1). ``pdf_100_sheets``: a 100-character PDF (layout and
rendering) against ReportLab drawing the same strings with bare canvas calls (``drawString``
line after line, a new page when one is full) and no layout, measured in the same run, best of
seven interleaved rounds each (target ratio 3).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from benchmarks.harness import Result, interleaved, median_time
from rules.systems.sotc.character import SotcCharacter

LIMIT_ONE_SHEET = 0.150
FIXTURE = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "data"
    / "characters"
    / "pdf-complete.fatesmith.json"
)


def _setup() -> tuple[Any, Any, SotcCharacter]:
    from storage.json_io import read_character_file
    from storage.pdf.styles import styles
    from storage.systems_catalog import default_registry

    registry = default_registry()
    character = read_character_file(FIXTURE, registry)
    assert isinstance(character, SotcCharacter)
    styles()  # font registration is a once-per-process cost, not per sheet
    return registry, registry.get("sotc"), character


def bench_one_sheet() -> Result:
    """One complete SotC character sheet, layout and rendering, median of 15."""
    from storage.pdf.render import render
    from storage.system_sheets import build_sheet

    _, system, character = _setup()

    def run() -> None:
        render([build_sheet(character, system)], io.BytesIO())

    ours = median_time(run, repeat=15, warmup=2)
    return Result("pdf_one_sheet", ours, LIMIT_ONE_SHEET, 1, "limit 150 ms")


def _strings(layout: Any) -> list[str]:
    """Every string of a layout, in order (what the bare baseline draws)."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value:
                out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    walk(layout.model_dump())
    return out


def bench_hundred_sheets() -> Result:
    """100 characters into one PDF, against a canvas drawing the same strings with no layout."""
    from reportlab.pdfgen.canvas import Canvas

    from storage.pdf.render import render
    from storage.pdf.styles import SANS, page_size
    from storage.system_sheets import build_sheet

    _, system, character = _setup()
    characters = [character.model_copy(update={"name": f"Hero {i}"}) for i in range(100)]
    layouts = [build_sheet(c, system) for c in characters]
    per_sheet = [_strings(lay) for lay in layouts]

    def ours() -> None:
        render([build_sheet(c, system) for c in characters], io.BytesIO())

    def bare() -> None:
        width, height = page_size("letter")
        canv = Canvas(io.BytesIO(), pagesize=(width, height))
        for strings in per_sheet:
            canv.setFont(SANS, 9)
            y = height - 40
            for text in strings:
                canv.drawString(40, y, text[:120])
                y -= 11
                if y < 40:
                    canv.showPage()
                    canv.setFont(SANS, 9)
                    y = height - 40
            canv.showPage()
        canv.save()

    t_ours, t_bare = interleaved(ours, bare, rounds=7)
    return Result("pdf_100_sheets", t_ours, t_bare, 3, "bare ReportLab canvas, same strings")


BENCHMARKS = [bench_one_sheet, bench_hundred_sheets]
