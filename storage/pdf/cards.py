"""Storage layer (PDF): game-master cards: NPC and minion cards, and 3x5 inch aspect cards.

NPC cards keep index-card proportions (5:3) and are printed eight to a Letter or A4 page with
light cut lines; content that does not fit a card is shrunk to fit, never cut off. Aspect cards
are true 3x5 inch index cards, four to a landscape page, for scene aspects and for the
characters' own aspects (with the owner's name) on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, KeepInFrame, Spacer

from rules.character import CharacterBase
from rules.systems.registry import SystemRegistry
from storage.pdf.flowables import BoxRow, Para, Text
from storage.pdf.grid import Column, Grid
from storage.pdf.render import CREATOR, Output, to_file
from storage.pdf.sheet_layout import AspectCard, CardLayout
from storage.pdf.styles import (
    ACCENT,
    MUTED,
    RULE,
    SANS_BOLD,
    clean,
    markup,
    page_size,
    styles,
)
from storage.system_sheets import build_card

CARD_RATIO = 3 / 5  # height / width of an index card
CARD_COLUMNS = 2
CARD_GAP = 0.22 * inch
PAGE_MARGIN = 0.45 * inch
CARD_PAD = 0.12 * inch
ASPECT_CARD = (5 * inch, 3 * inch)
TRACKS_SHARE = 0.7  # of a card's height at most for its stress boxes at full size
ASPECT_MARGIN = 0.3 * inch  # what most printers cannot print on


def card_grid(paper: str) -> tuple[int, int, float, float]:
    """(columns, rows, card width, card height) for ``paper``: 2 x 4 on Letter and A4."""
    width, height = page_size(paper)
    card_w = (width - 2 * PAGE_MARGIN - (CARD_COLUMNS - 1) * CARD_GAP) / CARD_COLUMNS
    card_h = card_w * CARD_RATIO
    rows = int((height - 2 * PAGE_MARGIN + CARD_GAP) // (card_h + CARD_GAP))
    return CARD_COLUMNS, rows, card_w, card_h


def _canvas(
    out: IO[bytes],
    paper: str,
    invariant: bool,
    title: str,
    subject: str,
    size: tuple[float, float] | None = None,
) -> Canvas:
    canv = Canvas(out, pagesize=size or page_size(paper), invariant=1 if invariant else 0)
    canv.setTitle(clean(title))
    canv.setAuthor(CREATOR)
    canv.setSubject(clean(subject))
    canv.setCreator(CREATOR)
    return canv


def _card_story(card: CardLayout) -> list[Any]:
    """The card's text: title, subtitle and labelled lines (shrunk to fit when long)."""
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
    return story


def _card_tracks(card: CardLayout, width: float, room: float) -> Grid | None:
    """The card's stress tracks at full size (boxes a pencil fits in), one, two or three
    tracks abreast: the fewest that take at most ``room`` points of height."""
    if not card.tracks:
        return None
    st = styles()
    grid: Grid | None = None
    for abreast in (1, 2, 3):
        cells: list[Any] = []
        for t in card.tracks:
            cells += [Text(t.label, st.tiny), BoxRow(t.boxes, t.checked)]
        cells += [""] * (-len(cells) % (2 * abreast))
        rows = [cells[i : i + 2 * abreast] for i in range(0, len(cells), 2 * abreast)]
        columns = [Column(0.2 / abreast, pad=(0, 3)), Column(0.8 / abreast, pad=(0, 4))]
        grid = Grid(rows, columns * abreast, valign="middle", pad=(1.5, 1.5))
        if grid.wrap(width, room)[1] <= room:
            break
    return grid


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
    if isinstance(out, (str, Path)):
        return to_file(out, lambda stream: render_cards(cards, stream, paper, invariant))
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
            story = _card_story(card)
            tracks = _card_tracks(card, inner_w, TRACKS_SHARE * inner_h)
            tracks_h = tracks.wrap(inner_w, inner_h)[1] if tracks is not None else 0.0
            if tracks is not None and tracks_h <= TRACKS_SHARE * inner_h:
                # The boxes keep their size at the foot of the card; only the text shrinks.
                box_frame = Frame(x + CARD_PAD, y + CARD_PAD, inner_w, tracks_h + 1,
                                  leftPadding=0, rightPadding=0, topPadding=0,
                                  bottomPadding=0)  # fmt: skip
                box_frame.addFromList([tracks], canv)
                frame = Frame(x + CARD_PAD, y + CARD_PAD + tracks_h + 4, inner_w,
                              inner_h - tracks_h - 4, leftPadding=0, rightPadding=0,
                              topPadding=0, bottomPadding=0)  # fmt: skip
                inner_h -= tracks_h + 4
            elif tracks is not None:
                story += [Spacer(1, 3), tracks]  # too many tracks for a card: all shrink
            fitted = KeepInFrame(inner_w, inner_h, story, mode="shrink")
            frame.addFromList([fitted], canv)
        canv.showPage()
        pages += 1
    canv.save()
    return pages


def aspect_card_grid(paper: str) -> tuple[tuple[float, float], int, int]:
    """(landscape page size, columns, rows) of the 3x5 inch aspect cards on ``paper``.

    The cards are true index-card size and touch, so one cut divides two: 2 x 2 on a
    landscape Letter or A4 page.
    """
    portrait = page_size(paper)
    size = (max(portrait), min(portrait))
    card_w, card_h = ASPECT_CARD
    columns = int((size[0] - 2 * ASPECT_MARGIN) // card_w)
    rows = int((size[1] - 2 * ASPECT_MARGIN) // card_h)
    return size, max(1, columns), max(1, rows)


def _aspect_story(card: AspectCard, inner_w: float) -> list[Any]:
    st = styles()
    story: list[Any] = [Para(markup(card.text), st.aspect_card)]
    if card.owner.strip():
        story += [Spacer(1, 8), Para(markup(f"— {card.owner}", newlines=False), st.aspect_owner)]
    return story


def render_aspect_cards(
    aspects: Sequence[str | AspectCard],
    out: Output,
    paper: str = "letter",
    invariant: bool = False,
    label: str = "Scene aspect",
    owner: str = "",
) -> int:
    """True-size 3x5 inch aspect index cards, four to a landscape page, one aspect each.

    A card of a character's aspect (an :class:`~storage.pdf.sheet_layout.AspectCard` with an
    owner, or a string when ``owner`` is given) is headed "Character aspect" and names its
    owner under the aspect; other cards are headed ``label``. Dashed lines mark the cuts; text
    that does not fit a card is shrunk, never cut off.

    Returns:
        The number of pages written.
    """
    cards = [a if isinstance(a, AspectCard) else AspectCard(text=a, owner=owner) for a in aspects]
    cards = [c for c in cards if c.text.strip()]
    if not cards:
        raise ValueError("no aspects to print")
    if isinstance(out, (str, Path)):
        return to_file(out, lambda stream: render_aspect_cards(cards, stream, paper, invariant))
    styles()  # registers the fonts
    size, columns, rows = aspect_card_grid(paper)
    width, height = size
    card_w, card_h = ASPECT_CARD
    x0 = (width - columns * card_w) / 2
    y_top = height - (height - rows * card_h) / 2
    title = f"{len(cards)} aspect card{'s' if len(cards) != 1 else ''}"
    canv = _canvas(out, paper, invariant, title, "Aspect index cards (3x5 inch)", size)
    per_page = columns * rows
    pages = 0
    pad = 0.2 * inch
    for start in range(0, len(cards), per_page):
        for i, card in enumerate(cards[start : start + per_page]):
            row, col = divmod(i, columns)
            x = x0 + col * card_w
            y = y_top - (row + 1) * card_h
            _cut_box(canv, x, y, card_w, card_h)
            heading = "Character aspect" if card.owner.strip() else label
            canv.saveState()
            canv.setFillColor(MUTED)
            canv.setFont(SANS_BOLD, 7.5)
            canv.drawString(x + pad, y + card_h - 0.27 * inch, clean(heading).upper())
            canv.setStrokeColor(ACCENT)
            canv.setLineWidth(1)
            canv.line(x + pad, y + card_h - 0.34 * inch, x + card_w - pad,
                      y + card_h - 0.34 * inch)  # fmt: skip
            canv.restoreState()
            inner_w = card_w - 2 * pad - 0.1 * inch
            inner_h = card_h - 0.34 * inch - 2 * pad
            story = _aspect_story(card, inner_w)
            fitted = KeepInFrame(inner_w, inner_h, story, mode="shrink")
            used = min(inner_h, fitted.wrapOn(canv, inner_w, inner_h)[1])
            # The aspect sits in the middle of the space under the heading.
            frame = Frame(x + pad + 0.05 * inch, y + pad + (inner_h - used) / 2, inner_w,
                          used + 1, leftPadding=0, rightPadding=0, topPadding=0,
                          bottomPadding=0)  # fmt: skip
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
