"""The game master's print-outs (issue 14, "Printing"): aspect cards of a character name their
owner and lie several abreast, the conflict sheet carries what the GM looks up, and stress
boxes are big enough for a pencil with legible numbers on every print-out."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from rules.systems.sotc.character import SotcCharacter
from storage.json_io import read_character_file
from storage.pdf.cards import ASPECT_CARD, render_aspect_cards, render_cards
from storage.pdf.render import render, render_blank, render_conflict_sheet
from storage.pdf.sheet_layout import ConflictRow, Track, minion_card
from storage.system_sheets import aspect_cards, build_card, character_layouts

DATA = Path(__file__).resolve().parents[1] / "data" / "characters"
MM = 72 / 25.4
PENCIL_BOX = 5 * MM  # a box a pencil tick fits in
LEGIBLE = 6.0  # points: the smallest box number that reads at arm's length


def page_text(data: bytes) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages]


def _mul(a: list[float], b: list[float]) -> list[float]:
    return [
        a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5],
    ]  # fmt: skip


Rect = tuple[float, float, float, float]


def drawn(data: bytes) -> list[tuple[list[Rect], list[tuple[str, float]], list[Rect]]]:
    """Per page: the rectangles drawn (x, y, width, height on the page, the current transform
    applied), the text shown with its size on the page, and the straight lines (x0, y0, x1,
    y1)."""
    reader = PdfReader(io.BytesIO(data))
    pages = []
    for page in reader.pages:
        rects: list[Rect] = []
        lines: list[Rect] = []
        start = (0.0, 0.0)
        texts: list[tuple[str, float]] = []
        ctm = [1.0, 0, 0, 1.0, 0, 0]
        stack: list[list[float]] = []
        size, tm = 0.0, [1.0, 0, 0, 1.0, 0, 0]
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                scale = (ctm[0] ** 2 + ctm[1] ** 2) ** 0.5
                rects.append((x * scale + ctm[4], y * scale + ctm[5], abs(w) * scale,
                              abs(h) * scale))  # fmt: skip
            elif op in (b"m", b"l"):
                x, y = (float(v) for v in operands)
                point = (ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5])
                if op == b"l":
                    lines.append((*start, *point))
                start = point
            elif op == b"Tf":
                size = float(operands[1])
            elif op == b"Tm":
                tm = [float(v) for v in operands]
            elif op in (b"Tj", b"TJ"):
                scale = (ctm[0] ** 2 + ctm[1] ** 2) ** 0.5 * (tm[0] ** 2 + tm[1] ** 2) ** 0.5
                raw = operands[0]
                text = (
                    raw
                    if isinstance(raw, bytes | str)
                    else b"".join(p for p in raw if isinstance(p, bytes))
                )
                texts.append((str(text), size * scale))
        pages.append((rects, texts, lines))
    return pages


def boxes_of(data: bytes) -> list[tuple[float, float, float, float]]:
    """The square rectangles (stress boxes) on every page."""
    return [r for rects, *_ in drawn(data) for r in rects if abs(r[2] - r[3]) < 0.01 and r[2] > 3]


@pytest.fixture
def irene(registry: Any) -> SotcCharacter:
    character = read_character_file(DATA / "pdf-complete.fatesmith.json", registry)
    assert isinstance(character, SotcCharacter)
    return character


# -- aspect cards ---------------------------------------------------------------------------------


def test_aspect_cards_of_a_character_name_the_owner_not_the_scene(
    registry: Any, irene: SotcCharacter
) -> None:
    """A character's aspects print as "Character aspect" cards with the owner's name; the
    consequences it holds are aspects too (SotC "Consequences") and get cards after them."""
    cards = aspect_cards([irene], registry)
    held = [c.text for c in irene.condition.consequences]
    assert held, "the sample should hold a consequence"
    assert [c.text for c in cards] == [*irene.all_aspects(), *held]
    assert {c.owner for c in cards} == {irene.name}
    out = io.BytesIO()
    render_aspect_cards(cards, out, "letter")
    text = " ".join(page_text(out.getvalue()))
    assert "SCENE ASPECT" not in text
    assert text.count("CHARACTER ASPECT") == len(cards)
    assert text.count(f"— {irene.name}") == len(cards)


def test_scene_aspect_cards_still_say_scene_aspect() -> None:
    out = io.BytesIO()
    render_aspect_cards(["On fire!"], out)
    assert "SCENE ASPECT" in page_text(out.getvalue())[0]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_aspect_cards_lie_two_by_two_true_size_with_cut_lines(paper: str) -> None:
    """Four 3x5 inch cards to a landscape page, in two columns, each outlined to cut."""
    out = io.BytesIO()
    assert render_aspect_cards([f"Aspect {n}" for n in range(5)], out, paper) == 2
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)
    rects, *_ = drawn(out.getvalue())[0]
    cards = [
        r
        for r in rects
        if (round(r[2]), round(r[3])) == (round(ASPECT_CARD[0]), round(ASPECT_CARD[1]))
    ]
    assert len(cards) == 4
    assert len({round(r[0]) for r in cards}) == 2  # two columns
    assert len({round(r[1]) for r in cards}) == 2  # two rows


# -- the GM conflict sheet ------------------------------------------------------------------------


def test_conflict_sheet_carries_aspects_skills_and_minion_counts() -> None:
    rows = [
        ConflictRow(name="Dr. Rook", initiative=2, skills=("Academics +5", "Fists +1"),
                    aspects=("Faints at the sight of blood",), fate_points=2,
                    tracks=(Track(label="Health", boxes=5),)),
        ConflictRow(name="Dock goons", count=6, note="Average minions",
                    tracks=(Track(label="Health", boxes=6),)),
    ]  # fmt: skip
    out = io.BytesIO()
    render_conflict_sheet(rows, out, "a4", scene_aspects=("Slippery deck",))
    text = page_text(out.getvalue())[0]
    for value in ("Academics +5", "Faints at the sight of blood", "6 minions",
                  "Average minions", "Slippery deck"):  # fmt: skip
        assert value in text


@pytest.mark.parametrize(("paper", "short_side"), [("a4", 595.28), ("letter", 612.0)])
def test_conflict_sheet_follows_the_paper(paper: str, short_side: float) -> None:
    out = io.BytesIO()
    render_conflict_sheet([ConflictRow(name="X")], out, paper)
    box = PdfReader(io.BytesIO(out.getvalue())).pages[0].mediabox
    assert float(box.height) == pytest.approx(short_side, abs=0.1)


# -- stress boxes ---------------------------------------------------------------------------------


def _numbers(data: bytes) -> list[float]:
    """Sizes of the one- or two-digit numbers drawn (box numbers)."""
    out = []
    for _, texts, _ in drawn(data):
        out += [size for text, size in texts if text.strip("b'\"").isdigit()]
    return out


def test_npc_card_boxes_fit_a_pencil_with_legible_numbers(registry: Any, irene: Any) -> None:
    out = io.BytesIO()
    cards = [build_card(irene, registry.get("sotc")), minion_card("Goons", "Average", 6, 2)]
    render_cards(cards, out)
    boxes = boxes_of(out.getvalue())
    assert len(boxes) >= 12
    assert min(w for *_, w, _h in boxes) >= PENCIL_BOX - 0.01


@pytest.mark.parametrize("what", ["sheet", "blank", "conflict", "cards"])
def test_every_stress_box_fits_a_pencil(what: str, registry: Any, irene: Any) -> None:
    out = io.BytesIO()
    if what == "sheet":
        render(character_layouts(irene, registry.get("sotc"), "sheet"), out)
    elif what == "blank":
        render_blank([info.id for info in registry.infos()], registry, out)
    elif what == "conflict":
        track = Track(label="Health", boxes=10, checked=(True,) + (False,) * 9)
        render_conflict_sheet([ConflictRow(name="A", tracks=(track,))], out)
    else:
        render_cards([minion_card("Goons", "Average", 8, 3)], out)
    boxes = boxes_of(out.getvalue())
    assert boxes
    assert min(w for *_, w, _h in boxes) >= PENCIL_BOX - 0.01
    numbers = _numbers(out.getvalue())
    assert numbers and min(numbers) >= LEGIBLE
