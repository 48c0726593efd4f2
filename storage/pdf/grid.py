"""Storage layer (PDF): :class:`Grid`, the light table of the printed sheets.

Rows never span and columns are fixed shares of the frame. A grid splits between rows across
frames and pages, and a row too tall for a whole page (a 2,000-character aspect, an 800-character
skill name) splits inside its cells, each cell's text continuing in the same column on the next
page, so nothing is ever cut off. Header rows repeat on every page the grid continues on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from storage.pdf.flowables import Group, Pen, draw_alone, emit_stack, same_width, stack_parts
from storage.pdf.styles import RULE


class Column(NamedTuple):
    """One column of a :class:`Grid`.

    Attributes:
        share: Fraction of the available width.
        style: ``ParagraphStyle`` of its plain-string cells (font, size, leading, colour and
            left/centre/right alignment); ``None``: no strings, empty cells are 12 points.
        pad: Left and right cell padding.
        rule: Width of a line under each of its cells (0: none).
        shade: Background colour of its cells.
    """

    share: float
    style: Any = None
    pad: tuple[float, float] = (6.0, 6.0)
    rule: float = 0.0
    shade: Any = None


class Grid(Flowable):
    """A light table: fixed column shares, plain-string or flowable cells, rules, shading, boxes.

    Covers what the sheets need from ReportLab's ``Table`` (which was a third of the time of a
    sheet): rows never span, widths are fixed shares of the frame, all text is written in one
    text object, and a grid splits between rows across frames and pages (inside a row that
    is taller than a page).

    Args:
        rows: Cells per row: a plain string (never read as markup), a flowable, a list of
            flowables, or "" for nothing.
        columns: One :class:`Column` per cell of a row.
        valign: "top", "middle" or "bottom".
        pad: Top and bottom cell padding.
        row_pad: Bottom padding of particular rows (row index → padding).
        boxes: (row, column) cells with a box drawn round them.
        line_color: Colour of rules and boxes; ``box_width``: their line width.
        header: How many first rows are column headings, repeated on every page the grid
            continues on; ``header_shade``: their background colour.
    """

    emits = True  # drawn through :func:`storage.pdf.flowables.emit` into a shared text object

    def __init__(
        self,
        rows: Sequence[Sequence[Any]],
        columns: Sequence[Column],
        *,
        valign: str = "bottom",
        pad: tuple[float, float] = (3.0, 3.0),
        row_pad: dict[int, float] | None = None,
        boxes: frozenset[tuple[int, int]] = frozenset(),
        line_color: Any = RULE,
        box_width: float = 0.7,
        header: int = 0,
        header_shade: Any = None,
    ) -> None:
        super().__init__()
        self.rows = [list(r) for r in rows]
        self.columns = tuple(columns)
        self.valign = valign
        self.pad = pad
        self.row_pad = row_pad or {}
        self.boxes = boxes
        self.line_color = line_color
        self.box_width = box_width
        self.header = header
        self.header_shade = header_shade
        self._heights: list[float] = []
        self._stacks: dict[tuple[int, int], list[float]] = {}
        self._wrapped_at: float | None = None

    def _bottom(self, r: int) -> float:
        return self.row_pad.get(r, self.pad[1])

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Row heights: the tallest cell plus padding."""
        if not same_width(self._wrapped_at, availWidth):
            self._heights = []
            self._stacks = {}
            for r, row in enumerate(self.rows):
                tallest = 0.0
                for c, (cell, col) in enumerate(zip(row, self.columns, strict=True)):
                    if isinstance(cell, str):
                        leading = col.style.leading if col.style is not None else 12.0
                        h = leading * (cell.count("\n") + 1)
                    else:
                        parts = cell if isinstance(cell, list | tuple) else [cell]
                        inner = col.share * availWidth - col.pad[0] - col.pad[1]
                        stacked = self._stacks[r, c] = stack_parts(parts, inner)
                        h = sum(stacked)
                    tallest = max(tallest, h)
                self._heights.append(tallest + self.pad[0] + self._bottom(r))
            self._wrapped_at = availWidth
        self.width = availWidth
        self.height = sum(self._heights)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """The rows that fit and the rest (after the header rows again), or [] to move on.

        When not even the first row after the header fits, that row is split inside its cells
        if moving cannot help: at the top of a frame, or when the row is taller than the next
        frame as well. Otherwise the grid moves on whole.
        """
        self.wrap(availWidth, availHeight)
        used, fit = 0.0, 0
        for h in self._heights:
            if used + h > availHeight + 1e-6:
                break
            used += h
            fit += 1
        if fit == len(self.rows):
            return [self]
        if fit > self.header:
            return [
                self._subgrid(range(fit)),
                self._subgrid([*range(self.header), *range(fit, len(self.rows))]),
            ]
        if fit < self.header or not self._must_split(fit):
            return []
        halves = self._split_row(fit, availWidth, availHeight - used)
        if halves is None:
            return []
        head, tail = halves
        first = self._subgrid([*range(fit), fit], {fit: head}, valign="top")
        rest = self._subgrid([*range(self.header), *range(fit, len(self.rows))], {fit: tail})
        return [first, rest]

    def _must_split(self, row: int) -> bool:
        """Whether ``row`` must split here: moving to the next frame would not make it fit."""
        frame = getattr(self, "_frame", None)
        if frame is None or getattr(frame, "_atTop", False):
            return True
        doc = getattr(getattr(self, "canv", None), "_doctemplate", None)
        peek = getattr(doc, "_peekNextFrame", None)
        following = peek() if peek is not None else None
        needed = sum(self._heights[: self.header]) + self._heights[row]
        return following is not None and needed > following._aH + 1e-6

    def _split_row(self, r: int, width: float, room: float) -> tuple[list[Any], list[Any]] | None:
        """Row ``r``'s cells cut to ``room`` points and what is left of each, or None when
        nothing of it fits there."""
        inner_h = room - self.pad[0] - self._bottom(r)
        if inner_h <= 0:
            return None
        head: list[Any] = []
        tail: list[Any] = []
        progress = False
        for cell, col in zip(self.rows[r], self.columns, strict=True):
            first: Any
            rest: Any
            if isinstance(cell, str):
                lines = cell.split("\n")
                leading = col.style.leading if col.style is not None else 12.0
                keep = int((inner_h + 1e-6) // leading)
                first, rest = "\n".join(lines[:keep]), "\n".join(lines[keep:])
                progress = progress or bool(first)
            else:
                parts = cell if isinstance(cell, list | tuple) else [cell]
                inner_w = col.share * width - col.pad[0] - col.pad[1]
                first, rest = _split_parts(parts, inner_w, inner_h)
                progress = progress or bool(first)
            head.append(first or "")
            tail.append(rest or "")
        return (head, tail) if progress else None

    def _subgrid(
        self,
        source: Sequence[int],
        replace: dict[int, list[Any]] | None = None,
        valign: str | None = None,
    ) -> Grid:
        """A grid of the rows ``source`` (indices into this one; ``replace`` swaps the cells of
        some), keeping their padding and boxes."""
        replace = replace or {}
        return Grid(
            [replace.get(r, self.rows[r]) for r in source], self.columns,
            valign=valign or self.valign, pad=self.pad,
            row_pad={n: self.row_pad[r] for n, r in enumerate(source) if r in self.row_pad},
            boxes=frozenset((n, c) for n, r in enumerate(source) for rr, c in self.boxes
                            if rr == r),
            line_color=self.line_color, box_width=self.box_width,
            header=min(self.header, len(source)), header_shade=self.header_shade,
        )  # fmt: skip

    def draw(self) -> None:
        """Shading, cell contents (text in one text object), rules and boxes."""
        draw_alone(self)

    def emit(self, canv: Any, pen: Pen, x: float, y: float) -> None:
        """Draw with the grid's bottom-left corner at (x, y)."""
        widths = [c.share * self.width for c in self.columns]
        lefts = [x + sum(widths[:i]) for i in range(len(widths))]
        bottoms = []
        top = y + self.height
        for h in self._heights:
            top -= h
            bottoms.append(top)
        shaded = [c for c, col in enumerate(self.columns) if col.shade is not None]
        ruled = [c for c, col in enumerate(self.columns) if col.rule]
        head_shade = self.header_shade if self.header else None
        if shaded or ruled or self.boxes or head_shade is not None:
            canv.saveState()
        if head_shade is not None:
            canv.setFillColor(head_shade)
            head_h = sum(self._heights[: self.header])
            canv.rect(x, bottoms[self.header - 1], self.width, head_h, stroke=0, fill=1)
        for c in shaded:
            canv.setFillColor(self.columns[c].shade)
            for r, h in enumerate(self._heights):
                canv.rect(lefts[c], bottoms[r], widths[c], h, stroke=0, fill=1)
        tx = pen.tx
        top_pad, valign = self.pad[0], self.valign
        for r, row in enumerate(self.rows):
            row_h, row_y, bottom_pad = self._heights[r], bottoms[r], self._bottom(r)
            for c, cell in enumerate(row):
                col = self.columns[c]
                left = lefts[c] + col.pad[0]
                if isinstance(cell, str):
                    if not cell:
                        continue
                    st = col.style
                    lines = cell.split("\n")
                    size, leading = st.fontSize, st.leading
                    if valign == "top":
                        base = row_y + row_h - top_pad - size
                    elif valign == "middle":
                        base = row_y + (bottom_pad + row_h - top_pad + len(lines) * leading) / 2
                        base -= size
                    else:
                        base = row_y + bottom_pad + len(lines) * leading - size
                    pen.use(st.fontName, size, leading, st.textColor)
                    for line in lines:
                        lx = left
                        if st.alignment in (TA_CENTER, TA_RIGHT):
                            room = widths[c] - col.pad[0] - col.pad[1]
                            room -= stringWidth(line, st.fontName, size)
                            lx += room / 2 if st.alignment == TA_CENTER else room
                        tx.setTextOrigin(lx, base)
                        tx.textLine(line)
                        base -= leading
                    continue
                parts = cell if isinstance(cell, list | tuple) else [cell]
                stacked = self._stacks[r, c]
                content = sum(stacked)
                if valign == "top":
                    start = row_y + row_h - top_pad
                elif valign == "middle":
                    start = row_y + (row_h + bottom_pad - top_pad + content) / 2
                else:
                    start = row_y + bottom_pad + content
                emit_stack(parts, stacked, canv, pen, left, start)
        if ruled or self.boxes:
            canv.setStrokeColor(self.line_color)
        for c in ruled:
            canv.setLineWidth(self.columns[c].rule)
            for r in range(len(self.rows)):
                canv.line(lefts[c], bottoms[r], lefts[c] + widths[c], bottoms[r])
        if self.boxes:
            canv.setLineWidth(self.box_width)
            for r, c in sorted(self.boxes):
                canv.rect(lefts[c], bottoms[r], widths[c], self._heights[r], stroke=1, fill=0)
        if shaded or ruled or self.boxes or head_shade is not None:
            canv.restoreState()


def _split_parts(parts: Sequence[Any], width: float, height: float) -> tuple[list[Any], list[Any]]:
    """A cell's flowables cut to ``height``: those that fit (the last one split if it can) and
    the rest. Groups are opened up: a cell taller than a page cannot keep them whole."""
    flat: list[Any] = []
    for part in parts:
        flat += part.flat() if isinstance(part, Group) else [part]
    stacked = stack_parts(flat, width)
    used = 0.0
    for n, part in enumerate(flat):
        gap, h = stacked[2 * n], stacked[2 * n + 1]
        if used + gap + h <= height + 1e-6:
            used += gap + h
            continue
        room = height - used - gap
        pieces = part.split(width, room) if room > 0 else []
        if len(pieces) >= 2:
            return [*flat[:n], pieces[0]], [*pieces[1:], *flat[n + 1 :]]
        return flat[:n], flat[n:]
    return flat, []
