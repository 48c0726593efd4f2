"""Tests for the sheet flowables (storage.pdf.flowables): Text, Group, Grid.

Text replaces ReportLab's Paragraph for user text, so it must wrap within the width, keep
every character exactly once across lines, frames and pages, and print markup-looking text
literally (issue "Printable PDF sheets": long texts continue on the next page, never cut off
or overlapping; typed ``<``, ``&``, ``<b>`` and ``]]>`` appear as typed).
"""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Frame, PageTemplate, Spacer
from reportlab.platypus.doctemplate import BaseDocTemplate

from storage.pdf.flowables import Group, Run, Text
from storage.pdf.grid import Column, Grid
from storage.pdf.render import render
from storage.pdf.styles import SANS, SANS_BOLD, styles
from storage.system_sheets import build_sheet
from tests.storage.test_pdf_render import HOSTILE, hostile_character
from tests.storage.test_sheet_layout import COMPLETE, load, longest_character

PAGE = (300.0, 240.0)
MARGIN = 20.0


def squash(text: str) -> str:
    """Text without whitespace: wrapping moves line breaks, never characters."""
    return re.sub(r"\s+", "", text)


def body() -> ParagraphStyle:
    """The sheets' body style (DejaVu Sans 9.5 on 12.5)."""
    return styles().body


def wrapped(text: Text, width: float) -> list[str]:
    """The lines of ``text`` broken at ``width``."""
    text.wrap(width, 1000)
    return text.lines()


def build(story: list[Any], page: tuple[float, float] = PAGE) -> bytes:
    """Lay ``story`` out on small pages with one frame each; the PDF bytes."""
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=page, invariant=1)
    frame = Frame(MARGIN, MARGIN, page[0] - 2 * MARGIN, page[1] - 2 * MARGIN, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)  # fmt: skip
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    doc.build(story)
    return out.getvalue()


def placed(data: bytes) -> list[list[tuple[float, float, float, str]]]:
    """Per page, each drawn piece of text as (x, baseline y, font size, text)."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        items: list[tuple[float, float, float, str]] = []

        def visit(
            text: str,
            cm: Any,
            tm: Any,
            font: Any,
            size: float,
            items: list[tuple[float, float, float, str]] = items,
        ) -> None:
            if not text.strip():
                return
            x = tm[4] * cm[0] + cm[4]
            y = tm[5] * cm[3] + cm[5]
            if items and items[-1][:2] == (x, y):
                # Runs of one line in other fonts are reported at the line's start: join them.
                px, py, ps, pt = items.pop()
                items.append((px, py, ps, pt + text.strip("\n")))
            else:
                items.append((x, y, size * tm[0] * cm[0], text.strip("\n")))

        page.extract_text(visitor_text=visit)
        pages.append(items)
    return pages


def overlaps(items: list[tuple[float, float, float, str]]) -> list[tuple[str, str]]:
    """Pairs of text pieces whose boxes (regular-weight width, cap height) intersect."""
    boxes = [(x, y - 0.2 * s, x + stringWidth(t, SANS, s), y + 0.7 * s, t) for x, y, s, t in items]
    hits = []
    for i, (x0, y0, x1, y1, a) in enumerate(boxes):
        for u0, v0, u1, v1, b in boxes[i + 1 :]:
            if min(x1, u1) - max(x0, u0) > 1 and min(y1, v1) - max(y0, v0) > 1:
                hits.append((a, b))
    return hits


# -- Text: line breaking ---------------------------------------------------------------------


def test_text_wraps_within_the_width_keeping_every_word_in_order() -> None:
    """Greedy word wrap by font metrics: no line wider than the column, nothing lost."""
    words = "The compass points at trouble, and trouble always points back at Irène. " * 6
    text = Text(words, body())
    lines = wrapped(text, 150)
    assert len(lines) > 5
    for line in lines:
        assert stringWidth(line, SANS, 9.5) <= 150 + 1e-6
    assert " ".join(lines) == " ".join(words.split())
    assert text.wrap(150, 1000)[1] == len(lines) * body().leading
    # Greedy: the first word of the next line would not have fitted on this one.
    for line, nxt in itertools.pairwise(lines):
        assert stringWidth(f"{line} {nxt.split()[0]}", SANS, 9.5) > 150


def test_text_breaks_a_word_longer_than_the_line_between_characters() -> None:
    """A URL-like word wider than the column is split, never cut off or run past the edge."""
    word = "supercalifragilistic-expialidocious-" * 4
    lines = wrapped(Text(word, body()), 80)
    assert len(lines) > 3
    assert "".join(lines) == word
    for line in lines:
        assert stringWidth(line, SANS, 9.5) <= 80 + 1e-6


def test_text_keeps_line_breaks_and_collapses_other_whitespace() -> None:
    """Typed line breaks stay (a trailing one adds nothing, as in a Paragraph); runs of spaces
    and tabs fold to one space; control characters are dropped."""
    lines = wrapped(Text("one  two\t three\r\n\nfour\x07 five\n", body()), 400)
    assert lines == ["one two three", "", "four five"]
    assert wrapped(Text("   ", body()), 400) == []
    assert Text("", body()).wrap(400, 100) == (400, 0)


def test_text_runs_are_measured_in_their_own_fonts() -> None:
    """Mixed runs (bold label, plain value) break by each run's metrics."""
    st = body()
    label = "Additional Capability " * 3
    runs = [
        Run(label, SANS_BOLD, 9.5, st.textColor),
        Run("— works as a barometer", SANS, 9.5, None),
    ]
    text = Text(runs, st)
    text.wrap(120, 1000)
    assert text._lines is not None
    for width, segments in text._lines:
        measured = sum(stringWidth(t, SANS_BOLD if i == 0 else SANS, 9.5) for i, t in segments)
        assert width == pytest.approx(measured)
        assert width <= 120 + 1e-6
    assert " ".join(text.lines()) == " ".join(f"{label} — works as a barometer".split())


# -- Text: splitting across frames and pages -------------------------------------------------


def test_text_splits_between_lines_and_never_leaves_an_orphan() -> None:
    """split(): the lines that fit, then the rest; a lone first line moves on instead."""
    text = Text("word " * 200, body())
    _, height = text.wrap(150, 1000)
    total = text.lines()
    leading = body().leading
    first, rest = text.split(150, 3 * leading + 1)
    assert isinstance(first, Text) and isinstance(rest, Text)
    assert first.wrap(150, 1000)[1] == 3 * leading
    assert first.lines() + rest.lines() == total
    assert text.split(150, leading + 1) == []  # one line would be an orphan
    assert text.split(150, height + 1) == [text]
    short = Text("one line", body())
    assert short.split(150, leading + 1) == [short]


def test_long_text_continues_on_the_next_pages_without_loss_or_overlap() -> None:
    """A text several pages long: every character once, in order, lines evenly spaced."""
    long = " ".join(f"word{i} <b>{i}</b> &amp; ]]>" for i in range(400))
    data = build([Text("Title", styles().heading), Text(long, body())])
    pages = placed(data)
    assert len(pages) >= 3
    joined = "".join(t for page in pages for _, _, _, t in page)
    assert squash(joined) == squash("Title" + long)
    for page in pages:
        ys = [y for _, y, _, _ in page]
        assert ys == sorted(ys, reverse=True)
        assert min(ys) >= MARGIN and max(ys) <= PAGE[1] - MARGIN
        assert not overlaps(page)


def test_hostile_text_prints_literally() -> None:
    """Markup, entities, CDATA ends, Greek, Cyrillic and curly quotes come out as typed."""
    values = list(HOSTILE.values())
    data = build([Text(v, body()) for v in values], page=(700, 400))
    text = " ".join(t for page in placed(data) for _, _, _, t in page)
    for value in values:
        assert " ".join(value.split()) in text
    assert "<b>Bold?</b>" in text and "&amp;" in text and "]]>" in text


def test_alignment_centre_and_right() -> None:
    """Centred and right-aligned lines sit in the middle of and against the right edge."""
    st = body()
    centre = ParagraphStyle("c", parent=st, alignment=TA_CENTER)
    right = ParagraphStyle("r", parent=st, alignment=TA_RIGHT)
    data = build([Text("middle", centre), Text("edge", right)])
    (page,) = placed(data)
    (mx, _, _, _), (rx, _, _, _) = page
    inner = PAGE[0] - 2 * MARGIN
    assert mx == pytest.approx(MARGIN + (inner - stringWidth("middle", SANS, 9.5)) / 2, abs=0.01)
    assert rx == pytest.approx(PAGE[0] - MARGIN - stringWidth("edge", SANS, 9.5), abs=0.01)


# -- Group and Grid ----------------------------------------------------------------------------


def page_of(pages: list[list[tuple[float, float, float, str]]], needle: str) -> list[int]:
    """Pages on which a text piece contains ``needle``."""
    return [n for n, page in enumerate(pages) for *_, t in page if needle in t]


def test_group_moves_to_the_next_page_whole() -> None:
    """A group that does not fit below other content starts the next page, in one piece."""
    filler = Text("filler " * 150, body())
    group = Group([Text("STUNT NAME", styles().stunt_name), Text("its text " * 10, body())])
    pages = placed(build([filler, group]))
    assert page_of(pages, "STUNT NAME") == [1]
    assert page_of(pages, "its text")[0] == 1


def test_group_taller_than_a_page_flows_on_without_loss() -> None:
    """At the top of a page, a group too tall for any page flows part by part."""
    parts: list[Any] = [Text("HEADING", styles().heading)]
    parts += [Text(f"part{i} " + "text " * 30, body()) for i in range(12)]
    pages = placed(build([Text("before", body()), Group(parts)]))
    assert len(pages) >= 3
    joined = squash("".join(t for page in pages for *_, t in page))
    assert joined == squash(
        "before HEADING" + "".join(f"part{i} " + "text " * 30 for i in range(12))
    )
    assert page_of(pages, "HEADING") == [0]  # at the top it does not leave "before" alone
    for page in pages:
        assert not overlaps(page)


def test_grid_rows_are_as_tall_as_their_tallest_cell_and_split_between_rows() -> None:
    """Row height: tallest cell plus padding; a long grid continues on later pages by rows."""
    st = styles()
    columns = [Column(0.3, st.tiny, pad=(2, 6)), Column(0.7, pad=(2, 6), rule=0.6)]
    rows: list[list[Any]] = [
        [f"row {i}", Text(f"cell{i} " + "long " * (i % 5) * 8, st.body)] for i in range(30)
    ]
    grid = Grid(rows, columns, valign="bottom", pad=(6, 2))
    _, height = grid.wrap(260, 10_000)
    inner = 260 * 0.7 - 8
    expected = [max(st.tiny.leading, rows[i][1].wrap(inner, 1000)[1]) + 8 for i in range(30)]
    assert grid._heights == pytest.approx(expected)
    assert height == pytest.approx(sum(expected))
    pages = placed(build([grid]))
    assert len(pages) >= 2
    for i in range(30):
        assert len(page_of(pages, f"cell{i} ")) == 1 or len(page_of(pages, f"cell{i}")) == 1
    order = [page_of(pages, f"row {i}")[0] for i in range(30)]
    assert order == sorted(order)
    for page in pages:
        assert not overlaps(page)


def test_grid_plain_strings_are_literal() -> None:
    """Plain-string cells are never read as markup."""
    st = styles()
    grid = Grid([["<b>x</b> & ]]>", "Ωμέγα"]], [Column(0.5, st.cell), Column(0.5, st.cell)])
    text = " ".join(t for page in placed(build([grid, Spacer(1, 1)])) for *_, t in page)
    assert "<b>x</b> & ]]>" in text and "Ωμέγα" in text


# -- whole sheets ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_text_overlaps_on_any_sheet_page(registry: Any, sotc: Any, paper: str) -> None:
    """Complete, longest-possible and hostile characters: no two pieces of text collide.

    (The longest character's consequences once overlapped on a wide continuation page.)
    """
    characters = [load(COMPLETE, registry), longest_character(), hostile_character()]
    for character in characters:
        for kind in ("sheet", "worksheet"):
            out = io.BytesIO()
            render([build_sheet(character, sotc, kind)], out, paper)
            for n, page in enumerate(placed(out.getvalue())):
                assert not overlaps(page), (character.name[:20], kind, n)
