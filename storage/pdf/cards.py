"""Storage layer (PDF): game-master cards: NPC and minion cards, and 3x5 inch aspect cards.

NPC cards keep index-card proportions (5:3) and are printed eight to a Letter or A4 page with
light cut lines; content that does not fit a card is shrunk to fit, never cut off. Aspect cards
are true 3x5 inch index cards, three to a page, for scene aspects on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, KeepInFrame, Spacer, Table, TableStyle

from rules.character import CharacterBase
from rules.systems.registry import SystemRegistry
from storage.pdf.flowables import BoxRow, Para
from storage.pdf.render import CREATOR, Output
from storage.pdf.sheet_layout import CardLayout
from storage.pdf.styles import ACCENT, MUTED, RULE, SANS, clean, markup, page_size, styles
from storage.system_sheets import build_card

CARD_RATIO = 3 / 5  # height / width of an index card
CARD_COLUMNS = 2
CARD_GAP = 0.22 * inch
PAGE_MARGIN = 0.45 * inch
CARD_PAD = 0.12 * inch
ASPECT_CARD = (5 * inch, 3 * inch)


def card_grid(paper: str) -> tuple[int, int, float, float]:
    """(columns, rows, card width, card height) for ``paper``: 2 x 4 on Letter and A4."""
    width, height = page_size(paper)
    card_w = (width - 2 * PAGE_MARGIN - (CARD_COLUMNS - 1) * CARD_GAP) / CARD_COLUMNS
    card_h = card_w * CARD_RATIO
    rows = int((height - 2 * PAGE_MARGIN + CARD_GAP) // (card_h + CARD_GAP))
    return CARD_COLUMNS, rows, card_w, card_h


def _canvas(out: Output, paper: str, invariant: bool, title: str, subject: str) -> Canvas:
    target = str(out) if isinstance(out, Path) else out
    canv = Canvas(target, pagesize=page_size(paper), invariant=1 if invariant else 0)
    canv.setTitle(clean(title))
    canv.setAuthor(CREATOR)
    canv.setSubject(clean(subject))
    canv.setCreator(CREATOR)
    return canv


def _card_story(card: CardLayout, width: float) -> list[Any]:
    st = styles()
    story: list[Any] = [Para(markup(card.title or "(unnamed)", newlines=False), st.card_title)]
    if card.subtitle:
        story.append(Para(markup(card.subtitle), st.tiny))
    story.append(Spacer(1, 3))
    for line in card.lines:
        label = markup(line.label, newlines=False)
        story.append(
            Para(f'<font name="DejaVuSans-Bold">{label}:</font> {markup(line.value)}',
                      st.card_text)
        )  # fmt: skip
    if card.tracks:
        rows = [
            [Para(markup(t.label, newlines=False), st.tiny), BoxRow(t.boxes, t.checked, 9)]
            for t in card.tracks
        ]
        table = Table(rows, colWidths=[0.22 * width, 0.78 * width], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ]
            )
        )
        story += [Spacer(1, 3), table]
    return story


def _cut_box(canv: Canvas, x: float, y: float, w: float, h: float) -> None:
    canv.saveState()
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.5)
    canv.setDash(3, 3)
    canv.rect(x, y, w, h, stroke=1, fill=0)
    canv.restoreState()


def render_cards(
    cards: Sequence[CardLayout], out: Output, paper: str = "letter", invariant: bool = False
) -> int:
    """NPC and minion cards, eight to a page in index-card proportions.

    Returns:
        The number of pages written.
    """
    if not cards:
        raise ValueError("nothing to print")
    columns, rows, card_w, card_h = card_grid(paper)
    width, height = page_size(paper)
    grid_w = columns * card_w + (columns - 1) * CARD_GAP
    grid_h = rows * card_h + (rows - 1) * CARD_GAP
    x0 = (width - grid_w) / 2
    y_top = height - (height - grid_h) / 2
    title = f"{len(cards)} NPC card{'s' if len(cards) != 1 else ''}"
    canv = _canvas(out, paper, invariant, title, "NPC and minion cards")
    per_page = columns * rows
    pages = 0
    for start in range(0, len(cards), per_page):
        for i, card in enumerate(cards[start : start + per_page]):
            row, col = divmod(i, columns)
            x = x0 + col * (card_w + CARD_GAP)
            y = y_top - (row + 1) * card_h - row * CARD_GAP
            _cut_box(canv, x, y, card_w, card_h)
            inner_w, inner_h = card_w - 2 * CARD_PAD, card_h - 2 * CARD_PAD
            frame = Frame(x + CARD_PAD, y + CARD_PAD, inner_w, inner_h, leftPadding=0,
                          rightPadding=0, topPadding=0, bottomPadding=0)  # fmt: skip
            fitted = KeepInFrame(inner_w, inner_h, _card_story(card, inner_w), mode="shrink")
            frame.addFromList([fitted], canv)
        canv.showPage()
        pages += 1
    canv.save()
    return pages


def render_aspect_cards(
    aspects: Sequence[str],
    out: Output,
    paper: str = "letter",
    invariant: bool = False,
    label: str = "Scene aspect",
) -> int:
    """True-size 3x5 inch aspect index cards, three to a page, one aspect each.

    Returns:
        The number of pages written.
    """
    texts = [a for a in aspects if a.strip()]
    if not texts:
        raise ValueError("no aspects to print")
    st = styles()
    width, height = page_size(paper)
    card_w, card_h = ASPECT_CARD
    per_page = int((height - 2 * PAGE_MARGIN + CARD_GAP) // (card_h + CARD_GAP))
    grid_h = per_page * card_h + (per_page - 1) * CARD_GAP
    x = (width - card_w) / 2
    y_top = height - (height - grid_h) / 2
    title = f"{len(texts)} aspect card{'s' if len(texts) != 1 else ''}"
    canv = _canvas(out, paper, invariant, title, "Aspect index cards (3x5 inch)")
    pages = 0
    for start in range(0, len(texts), per_page):
        for i, text in enumerate(texts[start : start + per_page]):
            y = y_top - (i + 1) * card_h - i * CARD_GAP
            _cut_box(canv, x, y, card_w, card_h)
            canv.saveState()
            canv.setFillColor(MUTED)
            canv.setFont(SANS, 7)
            canv.drawString(x + 0.18 * inch, y + card_h - 0.25 * inch, clean(label).upper())
            canv.setStrokeColor(ACCENT)
            canv.setLineWidth(1)
            canv.line(x + 0.18 * inch, y + card_h - 0.32 * inch, x + card_w - 0.18 * inch,
                      y + card_h - 0.32 * inch)  # fmt: skip
            canv.restoreState()
            inner_w = card_w - 0.5 * inch
            inner_h = card_h - 0.75 * inch
            frame = Frame(x + 0.25 * inch, y + 0.25 * inch, inner_w, inner_h, leftPadding=0,
                          rightPadding=0, topPadding=0, bottomPadding=0)  # fmt: skip
            para = Para(markup(text), st.aspect_card)
            fitted = KeepInFrame(inner_w, inner_h, [para], mode="shrink", vAlign="MIDDLE")
            frame.addFromList([fitted], canv)
        canv.showPage()
        pages += 1
    canv.save()
    return pages


def render_character_cards(
    characters: Sequence[CharacterBase],
    registry: SystemRegistry,
    out: Output,
    paper: str = "letter",
    invariant: bool = False,
) -> int:
    """NPC cards for ``characters`` (one card each, as its system prints it); returns the number
    of pages written."""
    cards = [build_card(c, registry.get(c.system)) for c in characters]
    return render_cards(cards, out, paper, invariant)
