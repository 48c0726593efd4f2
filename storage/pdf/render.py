"""Storage layer (PDF): lays :class:`~storage.pdf.sheet_layout.SheetLayout` data out on paper.

A sheet's first page has three areas: the blocks marked "top" (header, skills) across the top,
"main" blocks (aspects, stunts) in the wide column, "side" blocks (stress tracks, consequences,
gadgets) in the narrow one. Everything flows: a column that runs long continues in the next area
and then on plain continuation pages, so long text is never cut off. Worksheets flow in one
column.

Public entry points (safe to call from a worker thread; each builds its own document):
:func:`render`, :func:`render_pdf`, :func:`render_blank` and :func:`render_conflict_sheet`;
cards are in :mod:`storage.pdf.cards`.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import SystemRegistry
from storage.atomic_file import atomic_write_bytes
from storage.pdf.flowables import BoxRow, ColumnBreak, Group, Run, Text, WriteLine
from storage.pdf.grid import Column, Grid
from storage.pdf.sheet_layout import (
    AspectsBlock,
    ConflictRow,
    ConsequencesBlock,
    FieldLine,
    FieldsBlock,
    GadgetsBlock,
    HeaderBlock,
    SheetLayout,
    SkillsBlock,
    StuntsBlock,
    TracksBlock,
)
from storage.pdf.styles import (
    ACCENT,
    DISPLAY,
    INK,
    MARGIN,
    MUTED,
    RULE,
    SANS,
    SANS_BOLD,
    SANS_ITALIC,
    SHADE,
    Styles,
    clean,
    page_size,
    styles,
)
from storage.system_sheets import blank_layouts, layouts_for

Output = str | Path | IO[bytes]
"""Where a PDF goes: a stream, or a file name (written whole by :func:`to_file`)."""


def to_file(out: str | Path, render_into: Callable[[IO[bytes]], int]) -> int:
    """Render into memory, then write the file ``out`` atomically (a temporary file beside it,
    renamed over it: :mod:`storage.atomic_file`); ReportLab given a file name would write it in
    place, so a failure or a kill half-way would leave half a PDF. Returns the page count.

    Raises:
        OSError: ``out`` is not a regular file (a pipe, a device, a folder), or cannot be
            written; the file there is left as it was.
    """
    buffer = io.BytesIO()
    pages = render_into(buffer)
    atomic_write_bytes(Path(out), buffer.getvalue())
    return pages


TOP_CHROME = 13 * mm
BOTTOM_CHROME = 14 * mm
MAIN_SHARE = 0.62
TAIL_KINDS = frozenset({"gadgets", "fields"})
MAX_TOP_SHARE = 0.6  # of the page body; beyond it a sheet flows in one column
COLUMN_GAP = 7 * mm
SKILL_COLUMNS = 5
# Widths (points) under which a cell's text is one line on the narrowest page body (A4), so it
# can be a plain string; cell width minus padding, rounded down.
SKILL_CELL_WIDTH = 74.0
RUNG_LABEL_WIDTH = 88.0
ASPECT_TAG_WIDTH = 48.0
ASPECT_GAP = 0.02  # of the column, between the two aspects of a row
CREATOR = "Fatesmith"


# -- small builders ------------------------------------------------------------------------------


def _p(text: str, style: Any) -> Text:
    """User text, wrapped and printed literally (never read as markup)."""
    return Text(text, style)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _heading(title: str, st: Styles) -> Text:
    return Text(_one_line(title), st.heading)


def _field_cell(field: FieldLine, st: Styles, big: bool = False, number: bool = False) -> list[Any]:
    label = Text(_one_line(field.label).upper(), st.label)
    style = st.number if number else (st.value_big if big else st.value)
    value = _p(field.value, style) if field.value else Spacer(1, style.leading)
    return [label, Spacer(1, 2), value]


def _header(block: HeaderBlock, st: Styles) -> list[Any]:
    rows = []
    for left, right in block.rows:
        numeric = right.value.strip().lstrip("-").isdigit() or not right.value
        rows.append(
            [
                _field_cell(left, st, big=left.label == "Name"),
                _field_cell(right, st, number=numeric),
            ]
        )
    columns = [Column(0.74, rule=0.8), Column(0.26, rule=0.8, shade=SHADE)]
    out: list[Any] = [Grid(rows, columns, valign="top", pad=(5, 6))]
    if block.wide:
        wide = [[_field_cell(field, st)] for field in block.wide]
        out.append(Grid(wide, [Column(1.0, rule=0.8)], valign="top", pad=(5, 6)))
    if block.subtitle.strip():
        out += [Spacer(1, 4), _p(block.subtitle, st.subtitle)]
    return out


def _short(text: str, style: Any, width: float) -> Any:
    """A plain grid-cell string when ``text`` is one short line, else wrapping text.

    Grids draw plain strings together in one text object (no line breaking, no flowable),
    which is faster and prints the text literally; longer text still wraps.
    """
    plain = clean(text)
    if "\n" not in plain and stringWidth(plain, style.fontName, style.fontSize) <= width:
        return plain
    return _p(text, style)


def _skills(block: SkillsBlock, st: Styles) -> list[Any]:
    data: list[list[Any]] = []
    boxes: set[tuple[int, int]] = set()
    for rung in block.rows:
        cells: list[Any] = [_short(name, st.cell, SKILL_CELL_WIDTH) for name in rung.entries]
        cells += [""] * (rung.slots - len(rung.entries))
        chunks = [cells[i : i + SKILL_COLUMNS] for i in range(0, max(len(cells), 1), SKILL_COLUMNS)]
        for n, chunk in enumerate(chunks):
            r = len(data)
            label = _short(rung.label, st.rung, RUNG_LABEL_WIDTH) if n == 0 else ""
            data.append([label, *chunk, *[""] * (SKILL_COLUMNS - len(chunk))])
            boxes.update((r, c + 1) for c in range(len(chunk)))
    if not data:
        return []
    columns = [
        Column(0.19, st.rung, pad=(4, 4)),
        *[Column(0.81 / SKILL_COLUMNS, st.cell, pad=(4, 4))] * SKILL_COLUMNS,
    ]
    grid = Grid(data, columns, valign="middle", pad=(3, 4), boxes=frozenset(boxes))
    return [_heading(block.title, st), grid]


def _blank_aspects(block: AspectsBlock, st: Styles) -> list[Any]:
    """Aspect lines to write on: each group's label, then one full line per aspect."""
    data: list[list[Any]] = []
    for group in block.groups:
        for n in range(max(1, len(group.aspects))):
            tag = _short(group.label, st.tiny, ASPECT_TAG_WIDTH) if n == 0 else ""
            data.append([tag, Spacer(1, 13)])
    columns = [Column(0.18, st.tiny, pad=(2, 6)), Column(0.82, pad=(2, 2), rule=0.6)]
    grid = Grid(data, columns, valign="bottom", pad=(4, 2))
    return [_heading(block.title, st), grid]


def _aspects(block: AspectsBlock, st: Styles) -> list[Any]:
    """A phase per row, its aspects two abreast, each on a rule of its own (on a blank sheet
    of labelled groups, phases say, one full line per aspect under each label)."""
    blank = not any(a for g in block.groups for a in g.aspects)
    if blank and any(g.label for g in block.groups):
        return _blank_aspects(block, st)
    data: list[list[Any]] = []
    labelled = any(g.label for g in block.groups)
    for group in block.groups:
        pairs = [group.aspects[i : i + 2] for i in range(0, len(group.aspects), 2)]
        for n, pair in enumerate(pairs):
            tag = _short(group.label, st.tiny, ASPECT_TAG_WIDTH) if n == 0 and group.label else ""
            cells: list[Any] = [_p(a, st.body) if a else Spacer(1, 13) for a in pair]
            cells += [""] * (2 - len(cells))
            data.append([tag, cells[0], "", cells[1]])
    if not data:
        return [_heading(block.title, st), _p("(none yet)", st.small)]
    # Without labels (a generic sheet) the aspects take the whole width; a gap between the two
    # rules of a row shows that they are two aspects.
    tag_share = 0.18 if labelled else 0.0
    half = (1 - tag_share - ASPECT_GAP) / 2
    columns = [
        Column(tag_share, st.tiny, pad=(2, 6) if labelled else (0, 0)),
        Column(half, pad=(2, 4), rule=0.6),
        Column(ASPECT_GAP, pad=(0, 0)),
        Column(half, pad=(2, 4), rule=0.6),
    ]
    return [_heading(block.title, st), Grid(data, columns, valign="bottom", pad=(6, 2))]


def _stunts(block: StuntsBlock, st: Styles) -> list[Any]:
    out: list[Any] = [_heading(block.title, st)]
    for entry in block.entries:
        style = st.stunt_name
        name = [Run(_one_line(entry.name), style.fontName, style.fontSize, style.textColor)]
        if entry.skill:
            name.append(Run(" " + _one_line(entry.skill), SANS, 8, MUTED))
        if entry.custom:
            name.append(Run(" custom", SANS_ITALIC, 7.5, ACCENT))
        parts: list[Any] = [Text(name, style)]
        if entry.detail:
            parts.append(_p(entry.detail, st.stunt_text))
        if entry.text:
            parts.append(_p(entry.text, st.stunt_text))
        parts.append(Spacer(1, 5))
        out.append(Group(parts))  # an entry is kept in one piece
    out += [WriteLine() for _ in range(block.blank_lines)]
    if not block.entries and not block.blank_lines:
        out.append(_p("(none yet)", st.small))
    return out


def _tracks(block: TracksBlock, st: Styles) -> list[Any]:
    out: list[Any] = [_heading(block.title, st)] if block.title else []
    for track in block.tracks:
        if track.label:
            out.append(_heading(track.label, st))
        else:
            out.append(WriteLine(height=16))
            out.append(Spacer(1, 3))
        out.append(BoxRow(track.boxes, track.checked))
    return out


def _consequences(block: ConsequencesBlock, st: Styles) -> list[Any]:
    data: list[list[Any]] = []
    for slot in block.slots:
        label: list[Any] = [_p(slot.label, st.label)] if slot.label else [Spacer(1, 9)]
        if slot.note:
            label.append(_p(slot.note, st.tiny))
        value = _p(slot.text, st.cell) if slot.text else Spacer(1, 12)
        data.append([label, value])
    columns = [Column(0.32, pad=(2, 6), rule=0.6), Column(0.68, pad=(2, 6), rule=0.6)]
    return [_heading(block.title, st), Grid(data, columns, valign="bottom", pad=(7, 3))]


def _gadgets(block: GadgetsBlock, st: Styles) -> list[Any]:
    out: list[Any] = [_heading(block.title, st)]
    for gadget in block.entries:
        kind = " · ".join(x for x in (gadget.kind_label, gadget.base) if x)
        parts: list[Any] = [_p(gadget.name or "(unnamed)", st.stunt_name)]
        if kind:
            parts.append(_p(kind, st.small))
        if gadget.description:
            parts.append(_p(gadget.description, st.stunt_text))
        body = st.stunt_text
        for imp in gadget.improvements:
            runs = [Run(_one_line(imp.label), SANS_BOLD, body.fontSize, body.textColor)]
            if imp.value:
                runs.append(Run(f" — {imp.value}", body.fontName, body.fontSize, body.textColor))
            parts.append(Text(runs, body, bullet="•"))
        parts.append(Spacer(1, 5))
        out.append(Group(parts))
    return out


def _fields(block: FieldsBlock, st: Styles) -> list[Any]:
    out: list[Any] = [_heading(block.title, st)]
    if block.note:
        out.append(_p(block.note, st.small))
    kept = len(block.fields) - block.keep_last
    together: list[Any] = []
    for n, field in enumerate(block.fields):
        parts: list[Any] = []
        if field.label:
            parts.append(Text(_one_line(field.label), st.prompt))
        if field.value:
            parts.append(_p(field.value, st.answer))
        else:
            parts += [WriteLine() for _ in range(4 if field.long else 1)]
        if n >= kept:
            together += parts
        else:
            out += parts
    if together:
        out.append(Group(together))  # moves to the next page whole rather than split
    return out


BUILDERS: dict[str, Callable[[Any, Styles], list[Any]]] = {
    "header": _header,
    "skills": _skills,
    "aspects": _aspects,
    "stunts": _stunts,
    "tracks": _tracks,
    "consequences": _consequences,
    "gadgets": _gadgets,
    "fields": _fields,
}


def _bind(flowables: list[Any]) -> list[Any]:
    """Group each keep-with-next flowable (a heading, a prompt) with the one after it.

    The document would otherwise wrap them in a ``KeepTogether`` as it lays them out, which
    costs far more than a :class:`~storage.pdf.flowables.Group`.
    """
    out: list[Any] = []
    pending: list[Any] = []
    for flowable in flowables:
        if pending or flowable.getKeepWithNext():
            pending.append(flowable)
            if not flowable.getKeepWithNext():
                out.append(Group(pending))
                pending = []
        else:
            out.append(flowable)
    return out + pending  # a trailing heading is kept with the next block by the document


def _build(block: Any, st: Styles) -> list[Any]:
    """The flowables of one layout block, headings bound to what follows them."""
    return _bind(BUILDERS[block.kind](block, st))


# -- pages ---------------------------------------------------------------------------------------


def _fit(text: str, font: str, size: float, width: float) -> str:
    """Shorten chrome text with an ellipsis so it never runs off the page."""
    text = " ".join(clean(text).split())
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


class _Chrome:
    """Draws the static parts of every page of one layout: title band and footer."""

    def __init__(self, layout: SheetLayout, size: tuple[float, float]) -> None:
        self.layout = layout
        self.size = size
        self.first_page = 0

    def first(self, canv: Any, doc: Any) -> None:
        self.first_page = canv.getPageNumber()
        self._draw(canv, continued=False)

    def later(self, canv: Any, doc: Any) -> None:
        self._draw(canv, continued=True)

    def _draw(self, canv: Any, *, continued: bool) -> None:
        width, height = self.size
        layout = self.layout
        canv.saveState()
        top = height - MARGIN
        canv.setFillColor(ACCENT)
        canv.setFont(DISPLAY, 17)
        heading = layout.heading
        canv.drawString(MARGIN, top - 14, heading)
        heading_width = canv.stringWidth(heading, DISPLAY, 17)
        canv.setFont(SANS, 8)
        canv.setFillColor(MUTED)
        room = width - 2 * MARGIN - heading_width - 20
        canv.drawRightString(width - MARGIN, top - 12, _fit(layout.system_name, SANS, 8, room))
        canv.setStrokeColor(ACCENT)
        canv.setLineWidth(1.4)
        canv.line(MARGIN, top - 20, width - MARGIN, top - 20)
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(MARGIN, MARGIN + 6, width - MARGIN, MARGIN + 6)
        canv.setFont(SANS, 7.5)
        page = canv.getPageNumber() - self.first_page + 1
        canv.drawRightString(width - MARGIN, MARGIN - 4, f"{CREATOR} · page {page}")
        if continued and layout.character_name.strip():
            name = _fit(layout.character_name, SANS, 7.5, width / 2)
            canv.drawString(MARGIN, MARGIN - 4, f"{name} (continued)")
        canv.restoreState()


class _Doc(BaseDocTemplate):
    """A document whose page templates are added per layout."""


_local = threading.local()


def _scratch_canvas() -> Canvas:
    """A canvas that is never saved, for measuring flowables before the real build.

    One per thread: the GUI renders from worker threads.
    """
    canv: Canvas | None = getattr(_local, "canvas", None)
    if canv is None:
        canv = _local.canvas = Canvas(io.BytesIO())
    return canv


def _measure(flowables: Sequence[Any], width: float, height: float) -> float:
    """Height of ``flowables`` stacked in a column ``width`` wide."""
    total = 0.0
    canv = _scratch_canvas()
    for i, flowable in enumerate(flowables):
        _, h = flowable.wrapOn(canv, width, height)
        total += h + flowable.getSpaceAfter()
        if i:
            total += flowable.getSpaceBefore()
    return total


def _frame(fid: str, x: float, y: float, w: float, h: float) -> Frame:
    return Frame(x, y, w, h, id=fid, leftPadding=0, rightPadding=0, topPadding=0,
                 bottomPadding=0)  # fmt: skip


def _layout_story(
    doc: _Doc, index: int, layout: SheetLayout, size: tuple[float, float], st: Styles
) -> list[Any]:
    """Add ``layout``'s page templates to ``doc`` and return its flowables."""
    width, height = size
    body_w = width - 2 * MARGIN
    body_top = height - MARGIN - TOP_CHROME
    body_bottom = MARGIN + BOTTOM_CHROME
    body_h = body_top - body_bottom
    chrome = _Chrome(layout, size)
    first_id, cont_id = f"L{index}-first", f"L{index}-cont"
    cont = PageTemplate(
        id=cont_id,
        frames=[_frame("cont", MARGIN, body_bottom, body_w, body_h)],
        onPage=chrome.later,
    )
    story: list[Any] = []
    three_areas = False
    # Each block's flowables are built once: measuring wraps them, and the paragraphs keep
    # their line breaks for the real build.
    built = [(block, _build(block, st)) for block in layout.blocks]
    if layout.kind == "sheet":
        top = [f for b, fl in built if b.area == "top" for f in fl]
        main_parts = [(b, fl) for b, fl in built if b.area == "main"]
        side = [f for b, fl in built if b.area == "side" for f in fl]
        top_h = _measure(top, body_w, body_h) + 4 if top else 0.0
        columns_h = body_h - top_h - (6 * mm if top else 0)
        main_w = body_w * MAIN_SHARE
        side_w = body_w - main_w - COLUMN_GAP
        side_h = _measure(side, side_w, columns_h)
        # Blocks that come after the consequences in the book's order (gadgets, notes) end the
        # narrow column when they fit there, so a normal character fits on one page. A block
        # moves only while the wide column runs past the page or stays the taller of the two:
        # a short sheet (a new character) keeps its blocks on the left instead of leaving the
        # wide column empty beside a full narrow one.
        first_tail = len(main_parts)
        while first_tail and main_parts[first_tail - 1][0].kind in TAIL_KINDS:
            first_tail -= 1
        main_h = sum(_measure(fl, main_w, columns_h) for _, fl in main_parts)
        for part in main_parts[first_tail:]:
            extra = _measure(part[1], side_w, columns_h) + part[1][0].getSpaceBefore()
            own = _measure(part[1], main_w, columns_h)
            if side_h + extra > columns_h:
                break
            if main_h <= columns_h and side_h + extra > main_h - own:
                break
            side += part[1]
            side_h += extra
            main_h -= own
            main_parts.remove(part)
        main = [f for _, fl in main_parts for f in fl]
        # Extreme content (huge names, dozens of skills, many consequences) does not fit the
        # three areas; such a sheet flows in one full-width column, in the book's order.
        three_areas = top_h <= body_h * MAX_TOP_SHARE and side_h <= columns_h
    if three_areas:
        # The narrow column (stress, consequences) is filled first so that a long wide column
        # continues on the next page instead of pushing into it.
        frames = [
            _frame("side", MARGIN + main_w + COLUMN_GAP, body_bottom, side_w, columns_h),
            _frame("main", MARGIN, body_bottom, main_w, columns_h),
        ]
        if top:
            frames.insert(0, _frame("top", MARGIN, body_top - top_h, body_w, top_h))
        first = PageTemplate(id=first_id, frames=frames, onPage=chrome.first,
                             autoNextPageTemplate=cont_id)  # fmt: skip
        story += top
        if top:
            story.append(ColumnBreak("top"))
        story += side
        story.append(ColumnBreak("side"))
        story += main
    else:
        first = PageTemplate(
            id=first_id,
            frames=[_frame("body", MARGIN, body_bottom, body_w, body_h)],
            onPage=chrome.first,
            autoNextPageTemplate=cont_id,
        )
        story += [f for _, fl in built for f in fl]
    doc.addPageTemplates([first, cont])
    return story


def render(
    layouts: Sequence[SheetLayout],
    out: Output,
    paper: str = "letter",
    invariant: bool = False,
    *,
    title: str | None = None,
    author: str | None = None,
    subject: str | None = None,
) -> int:
    """Render sheet layouts into one PDF, each starting on a new page.

    Args:
        layouts: Built by :func:`storage.pdf.sheet_layout.build_sheet` / ``build_blank``.
        out: A file path or a binary stream (``io.BytesIO``).
        paper: ``"letter"`` or ``"a4"``.
        invariant: Reproducible output (fixed dates and ids): the same input gives the same
            bytes.
        title: PDF title (default: from the layouts).
        author: PDF author (default: the players named in the layouts).
        subject: PDF subject (default: from the layouts).

    Returns:
        The number of pages written.

    Raises:
        ValueError: for no layouts or an unknown paper size.
    """
    if not layouts:
        raise ValueError("nothing to print")
    if isinstance(out, (str, Path)):
        return to_file(
            out,
            lambda stream: render(
                layouts, stream, paper, invariant, title=title, author=author, subject=subject
            ),
        )
    size = page_size(paper)
    st = styles()
    if title is None:
        title = layouts[0].doc_title if len(layouts) == 1 else f"{len(layouts)} sheets"
    if author is None:
        players = list(dict.fromkeys(lay.author for lay in layouts if lay.author.strip()))
        author = ", ".join(players) if players else CREATOR
    if subject is None:
        subjects = list(dict.fromkeys(lay.subject for lay in layouts))
        subject = "; ".join(subjects)
    doc = _Doc(
        out, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
        bottomMargin=MARGIN, title=clean(title), author=clean(author), subject=clean(subject),
        creator=CREATOR, invariant=1 if invariant else 0,
    )  # fmt: skip
    story: list[Any] = []
    for index, layout in enumerate(layouts):
        part = _layout_story(doc, index, layout, size, st)
        if index:
            story += [NextPageTemplate(f"L{index}-first"), PageBreak()]
        story += part
    doc.build(story)
    pages: int = doc.page
    return pages


def render_pdf(
    characters: Sequence[CharacterBase],
    registry: SystemRegistry,
    out: Output,
    kind: str | None = None,
    paper: str = "letter",
    invariant: bool = False,
    settings: Mapping[str, SystemSettings] | None = None,
) -> int:
    """Print characters: build their layouts and render them into one PDF.

    For the GUI's File > Export PDF and batch export; call it from a worker thread.

    Args:
        characters: What to print, each on new pages.
        registry: The loaded systems.
        out: A file path or a binary stream.
        kind: A kind every character's system prints (None: each system's default kind);
            see :func:`storage.system_sheets.layouts_for`.
        paper: ``"letter"`` or ``"a4"``.
        invariant: Reproducible output.
        settings: Campaign settings by system id (missing: the book's).

    Returns:
        The number of pages written.

    Raises:
        storage.system_sheets.UnknownSheetKindError: for a kind a system does not print.
    """
    return render(layouts_for(characters, registry, kind, settings), out, paper, invariant)


def render_blank(
    system_ids: Sequence[str],
    registry: SystemRegistry,
    out: Output,
    paper: str = "letter",
    invariant: bool = False,
    kind: str | None = None,
) -> int:
    """Blank sheets for hand-filling, one set per system id (each system's first blank kind,
    or ``kind``)."""
    layouts = [lay for sid in system_ids for lay in blank_layouts(registry.info(sid), kind)]
    return render(layouts, out, paper, invariant)


# -- the game master's conflict sheet ------------------------------------------------------------


def _participant(row: ConflictRow, st: Styles) -> list[Any]:
    """The name cell of the conflict sheet: the name, then what the game master looks up."""
    cell: list[Any] = [_p(row.name or "(unnamed)", st.stunt_name)]
    facts = []
    if row.count is not None:
        facts.append(f"{row.count} minion{'s' if row.count != 1 else ''}")
    if row.note.strip():
        facts.append(row.note)
    if facts:
        cell.append(_p(" · ".join(facts), st.small))
    small = st.small
    for label, items in (("Skills", row.skills), ("Aspects", row.aspects)):
        texts = [" ".join(i.split()) for i in items if i.strip()]
        if texts:
            runs = [Run(f"{label}: ", SANS_BOLD, small.fontSize, MUTED),
                    Run(" · ".join(texts), SANS, small.fontSize, INK)]  # fmt: skip
            cell.append(Text(runs, small))
    return cell


def render_conflict_sheet(
    rows: Sequence[ConflictRow],
    out: Output,
    paper: str = "letter",
    invariant: bool = False,
    title: str = "Conflict",
    scene_aspects: Sequence[str] = (),
) -> int:
    """A landscape sheet of a conflict's participants for the game master's table.

    Columns: the participant (name, minion count, an NPC's skills, aspects), initiative, one
    column of boxes per stress track the rows name (checked ones crossed, in the order the
    tracks first appear), consequences, fate points; empty rows for late arrivals follow. The
    scene's aspects head the page. The table continues on further pages with its headings,
    and a participant taller than a page continues too. Returns the number of pages written.
    """
    if isinstance(out, (str, Path)):
        return to_file(
            out,
            lambda stream: render_conflict_sheet(
                rows, stream, paper, invariant, title=title, scene_aspects=scene_aspects
            ),
        )
    portrait = page_size(paper)
    size = (max(portrait), min(portrait))  # landscape: room for ten boxes per track
    st = styles()
    width, height = size
    body_w = width - 2 * MARGIN
    body_bottom = MARGIN + BOTTOM_CHROME
    body_h = height - MARGIN - TOP_CHROME - body_bottom
    layout = SheetLayout(
        kind="worksheet", system_name="Game master's sheet",
        heading=_one_line(clean(title)) or "Conflict", blocks=(), doc_title=title,
    )  # fmt: skip
    chrome = _Chrome(layout, size)
    doc = _Doc(
        out, pagesize=size, title=clean(title),
        author=CREATOR, subject="Conflict tracking sheet", creator=CREATOR,
        invariant=1 if invariant else 0,
    )  # fmt: skip
    doc.addPageTemplates([
        PageTemplate(id="conflict", frames=[_frame("body", MARGIN, body_bottom, body_w, body_h)],
                     onPage=chrome.first, autoNextPageTemplate="conflict-cont"),
        PageTemplate(id="conflict-cont",
                     frames=[_frame("body", MARGIN, body_bottom, body_w, body_h)],
                     onPage=chrome.later),
    ])  # fmt: skip
    labels = list(dict.fromkeys(t.label for row in rows for t in row.tracks))
    head = ["Participant", "Init.", *labels, "Consequences", "FP"]
    data: list[list[Any]] = [[Text(_one_line(h).upper(), st.label) for h in head]]
    for row in rows:
        tracks = {t.label: t for t in row.tracks}
        boxes: list[Any] = []
        for label in labels:
            track = tracks.get(label)
            # Checked boxes are crossed where they are: which box a hit took matters.
            boxes.append(BoxRow(track.boxes, track.checked) if track else "")
        data.append(
            [
                _participant(row, st),
                f"{row.initiative:+d}",
                *boxes,
                [_p(c, st.small) for c in row.consequences] or "",
                "" if row.fate_points is None else str(row.fate_points),
            ]
        )
    for _ in range(max(2, 4 - len(rows))):  # room for late arrivals
        data.append([Spacer(1, 22), *[""] * (len(head) - 1)])
    # The tracks share what the participant, initiative, consequences and fate points leave.
    fixed = {"name": 0.30, "init": 0.06, "cons": 0.20, "fp": 0.05}
    left = 1 - sum(fixed.values())
    share = left / len(labels) if labels else 0.0
    columns = [
        Column(fixed["name"] + (0 if labels else left), st.label, pad=(4, 6), rule=0.6),
        Column(fixed["init"], st.cell, pad=(4, 4), rule=0.6),
        *[Column(share, st.label, pad=(4, 4), rule=0.6)] * len(labels),
        Column(fixed["cons"], st.label, pad=(4, 4), rule=0.6),
        Column(fixed["fp"], st.cell, pad=(4, 4), rule=0.6),
    ]
    story: list[Any] = []
    scene = [" ".join(a.split()) for a in scene_aspects if a.strip()]
    if scene:
        runs = [Run("Scene aspects: ", SANS_BOLD, st.body.fontSize, ACCENT),
                Run(" · ".join(scene), SANS, st.body.fontSize, INK)]  # fmt: skip
        story += [Text(runs, st.body), Spacer(1, 6)]
    story.append(Grid(data, columns, valign="middle", pad=(6, 6), header=1, header_shade=SHADE))
    doc.build(story)
    pages: int = doc.page
    return pages
