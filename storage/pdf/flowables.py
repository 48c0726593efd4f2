"""Storage layer (PDF): custom ReportLab flowables for form elements on printed sheets.

:class:`BoxRow` draws a stress track as exactly its number of boxes, wrapping onto more lines
when the column is narrow; :class:`WriteLine` is a ruled line to write on;
:class:`ColumnBreak` ends the wide first-page column only when the flow is still in it;
:class:`Text` is user text wrapped and drawn literally, without a ``Paragraph``'s markup parser.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.doctemplate import ActionFlowable, NullActionFlowable

from storage.pdf.styles import BOX_FILL, INK, RULE, SANS, clean

BOX = 13.0
GAP = 3.0
GROUP_GAP = 7.0
GROUP = 5


class BoxRow(Flowable):
    """A stress track: ``boxes`` numbered squares in groups of five, checked ones crossed.

    Box N is numbered because a hit of N checks box N (SotC "Stress", digest section 6.5).
    """

    def __init__(self, boxes: int, checked: tuple[bool, ...] = (), box: float = BOX) -> None:
        super().__init__()
        self.boxes = max(0, boxes)
        self.checked = checked
        self.box = box
        self._per_line = max(1, self.boxes)

    def _line_width(self, count: int) -> float:
        groups = (count - 1) // GROUP
        return count * self.box + (count - 1) * GAP + groups * (GROUP_GAP - GAP)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Fit as many whole groups of five per line as the width allows."""
        per_line = self.boxes or 1
        while per_line > GROUP and self._line_width(per_line) > availWidth:
            per_line -= GROUP if per_line % GROUP == 0 else per_line % GROUP
        while per_line > 1 and self._line_width(per_line) > availWidth:
            per_line -= 1
        self._per_line = max(1, per_line)
        lines = max(1, -(-self.boxes // self._per_line))
        self.width = self._line_width(min(self.boxes, self._per_line)) if self.boxes else 0.0
        self.height = lines * self.box + (lines - 1) * GAP
        return self.width, self.height

    def draw(self) -> None:
        """Draw the boxes top-down, left to right."""
        canv: Any = self.canv
        canv.saveState()
        canv.setLineWidth(0.9)
        number_size = self.box * 0.42
        for i in range(self.boxes):
            line, col = divmod(i, self._per_line)
            x = col * (self.box + GAP) + (col // GROUP) * (GROUP_GAP - GAP)
            y = self.height - (line + 1) * self.box - line * GAP
            canv.setStrokeColor(INK)
            canv.rect(x, y, self.box, self.box, stroke=1, fill=0)
            if i < len(self.checked) and self.checked[i]:
                canv.setStrokeColor(BOX_FILL)
                canv.setLineWidth(1.6)
                pad = self.box * 0.2
                canv.line(x + pad, y + pad, x + self.box - pad, y + self.box - pad)
                canv.line(x + pad, y + self.box - pad, x + self.box - pad, y + pad)
                canv.setLineWidth(0.9)
            else:
                canv.setFillColor(RULE)
                canv.setFont(SANS, number_size)
                canv.drawRightString(x + self.box - 1.5, y + 1.5, str(i + 1))
        canv.restoreState()


class WriteLine(Flowable):
    """An empty ruled line to write on by hand."""

    def __init__(self, height: float = 20.0, inset: float = 0.0) -> None:
        super().__init__()
        self.line_height = height
        self.inset = inset

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Full available width."""
        self.width = availWidth
        self.height = self.line_height
        return self.width, self.height

    def draw(self) -> None:
        """A thin rule at the bottom of the line."""
        canv: Any = self.canv
        canv.saveState()
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.6)
        canv.line(self.inset, 2, self.width, 2)
        canv.restoreState()


class ColumnBreak(ActionFlowable):
    """Move to the next frame, but only while the flow is still in frame ``frame_id``.

    On a sheet's first page the wide column ends here so the narrow column starts with the
    stress tracks; when the wide column has already overflowed onto later pages, breaking again
    would waste the rest of a page, so nothing happens.
    """

    def __init__(self, frame_id: str) -> None:
        super().__init__(("frameEnd",))
        self.frame_id = frame_id

    def apply(self, doc: Any) -> None:
        """Break only in the named frame."""
        if getattr(doc.frame, "id", None) == self.frame_id:
            doc.handle_frameEnd()


class Para(Paragraph):
    """A ``Paragraph`` that remembers its last wrap.

    Tables and the first-page measuring pass wrap the same paragraph at the same width several
    times; line breaking is the most expensive step of rendering, and its result depends only on
    the width, so it is reused.
    """

    _wrapped_at: float | None = None
    _wrapped: tuple[float, float] = (0.0, 0.0)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Line-break at ``availWidth`` unless already broken at exactly that width."""
        if self._wrapped_at == availWidth and getattr(self, "blPara", None) is not None:
            self.width = availWidth
            return self._wrapped
        result: tuple[float, float] = super().wrap(availWidth, availHeight)
        self._wrapped_at = availWidth
        self._wrapped = result
        return result


class Run(NamedTuple):
    """A stretch of text in one font, size and colour (for mixed-font lines such as stunts)."""

    text: str
    font: str
    size: float
    color: Any


# A broken line: its width and its (run index, text) segments.
Line = tuple[float, tuple[tuple[int, str], ...]]
_BREAK = -1


class Text(Flowable):
    """Plain user text, word-wrapped with font metrics and drawn literally: no markup at all.

    The fast path for everything a user typed. A ``Paragraph`` parses XML markup, so user text
    had to be escaped for it and then parsed back, which was most of the cost of a sheet; this
    flowable never interprets its text, so ``<b>``, ``&amp;`` or ``]]>`` print as typed without
    escaping. It honours the style's font, size, leading, colour, left/right indents, alignment
    (left, centre, right), space before and after and keep-with-next, keeps line breaks,
    collapses other whitespace like a ``Paragraph``, breaks words longer than a line between
    characters, and splits between lines across frames and pages (never leaving a single
    orphaned first line at the foot of a frame).

    Args:
        text: The text, or :class:`Run` pieces in different fonts drawn as one flow.
        style: A ``ParagraphStyle`` (font, size, leading, colour, indents, alignment, spacing).
        bullet: Drawn before the first line at the style's ``bulletIndent``, in the text font.
    """

    def __init__(self, text: str | Sequence[Run], style: Any, bullet: str = "") -> None:
        super().__init__()
        self.style = style
        if isinstance(text, str):
            text = (Run(text, style.fontName, style.fontSize, style.textColor),)
        self.runs = tuple(r._replace(text=clean(r.text)) for r in text)
        self.bullet = bullet
        self._lines: list[Line] | None = None
        self._wrapped_at: float | None = None

    def __repr__(self) -> str:
        return f"Text({''.join(r.text for r in self.runs)[:40]!r})"

    # -- line breaking -----------------------------------------------------------------------

    def _tokens(self) -> list[tuple[int, str, bool]]:
        """(run index, word, whitespace before it) in reading order; run index -1 is a break."""
        out: list[tuple[int, str, bool]] = []
        space = False
        for index, run in enumerate(self.runs):
            hard = run.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            for n, piece in enumerate(hard):
                if n:
                    out.append((_BREAK, "", False))
                    space = False
                words = piece.split()
                if piece[:1].isspace():
                    space = True
                for word in words:
                    out.append((index, word, space))
                    space = True
                if words:
                    space = piece[-1:].isspace()
        return out

    def _break(self, width: float) -> list[Line]:
        """Greedy line breaking at ``width`` (the text width inside the indents)."""
        runs = self.runs
        fuzz = width + 1e-6
        if len(runs) == 1 and "\n" not in runs[0].text and "\r" not in runs[0].text:
            # Most user text is one short line: one measurement decides.
            run = runs[0]
            plain = " ".join(run.text.split())
            if not plain:
                return []
            w = stringWidth(plain, run.font, run.size)
            if w <= fuzz:
                return [(w, ((0, plain),))]
        lines: list[Line] = []
        segments: list[tuple[int, str]] = []
        line_w = 0.0
        for index, word, space in self._tokens():
            if index == _BREAK:
                lines.append((line_w, tuple(segments)))
                segments, line_w = [], 0.0
                continue
            run = runs[index]
            w = stringWidth(word, run.font, run.size)
            gap = stringWidth(" ", run.font, run.size) if space and segments else 0.0
            if segments and line_w + gap + w > fuzz:
                lines.append((line_w, tuple(segments)))
                segments, line_w, gap = [], 0.0, 0.0
            if not segments and w > fuzz:
                # A word longer than the line: break it between characters.
                piece, piece_w = "", 0.0
                for char in word:
                    cw = stringWidth(char, run.font, run.size)
                    if piece and piece_w + cw > fuzz:
                        lines.append((piece_w, ((index, piece),)))
                        piece, piece_w = "", 0.0
                    piece += char
                    piece_w += cw
                word, w = piece, piece_w
            text = (" " if gap else "") + word
            if segments and segments[-1][0] == index:
                segments[-1] = (index, segments[-1][1] + text)
            else:
                segments.append((index, text))
            line_w += gap + w
        if segments:  # a trailing line break adds no empty line, as in a Paragraph
            lines.append((line_w, tuple(segments)))
        return lines

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Break into lines at ``availWidth`` (reused when wrapped again at the same width)."""
        if self._wrapped_at != availWidth:
            inner = availWidth - self.style.leftIndent - self.style.rightIndent
            self._lines = self._break(max(inner, 1.0))
            self._wrapped_at = availWidth
        self.width = availWidth
        self.height = len(self._lines or ()) * self.style.leading
        return self.width, self.height

    def minWidth(self) -> float:
        """The widest single word plus indents (what a table column needs at least)."""
        widest = max(
            (stringWidth(w, self.runs[i].font, self.runs[i].size) for i, w, _ in self._tokens()
             if i != _BREAK),
            default=0.0,
        )  # fmt: skip
        return float(widest + self.style.leftIndent + self.style.rightIndent)

    def _part(self, lines: list[Line], bullet: str) -> Text:
        part = Text(self.runs, self.style, bullet)
        part._lines = lines
        part._wrapped_at = self._wrapped_at
        return part

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """The lines that fit in ``availHeight`` and the rest, or [] to move on whole.

        Like a ``Paragraph`` (allowOrphans=0): a single first line is never left behind.
        """
        self.wrap(availWidth, availHeight)
        lines = self._lines or []
        fit = int((availHeight + 1e-8) / self.style.leading)
        if (fit <= 1 and len(lines) > 1) or fit == 0:
            return []
        if fit >= len(lines):
            return [self]
        return [self._part(lines[:fit], self.bullet), self._part(lines[fit:], "")]

    # -- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the lines top-down; every string goes out literally."""
        lines = self._lines
        if not lines:
            return
        canv: Any = self.canv
        style = self.style
        leading = style.leading
        first = self.runs[0]
        y = self.height - style.fontSize
        left = style.leftIndent
        inner = self.width - left - style.rightIndent
        align = style.alignment
        canv.saveState()
        if self.bullet:
            canv.setFillColor(style.textColor)
            canv.setFont(style.fontName, style.fontSize)
            canv.drawString(style.bulletIndent, y, self.bullet)
        canv.setFillColor(first.color)
        tx = canv.beginText(left, y)
        tx.setFont(first.font, first.size, leading)
        font, color = (first.font, first.size), first.color
        simple = align not in (TA_CENTER, TA_RIGHT)  # left (justified text is set left)
        for line_w, segments in lines:
            if not simple:
                shift = inner - line_w
                tx.setTextOrigin(left + (shift / 2 if align == TA_CENTER else shift), y)
                y -= leading
            last = len(segments) - 1
            for i, (index, text) in enumerate(segments):
                run = self.runs[index]
                if (run.font, run.size) != font:
                    font = (run.font, run.size)
                    tx.setFont(run.font, run.size, leading)
                if run.color != color:
                    color = run.color
                    tx.setFillColor(color)
                if simple and i == last:
                    tx.textLine(text)  # T*: down one leading, back to the left edge
                else:
                    tx.textOut(text)
            if simple and not segments:
                tx.textLine("")
        canv.drawText(tx)
        canv.restoreState()


def _stack(parts: Sequence[Flowable], width: float) -> list[float]:
    """Wrap ``parts`` at ``width``; return the gap above each part (0 for the first) and the
    heights interleaved as [gap0, h0, gap1, h1, ...].

    Adjacent space after and space before overlap (the larger wins), as in a frame.
    """
    out: list[float] = []
    after = 0.0
    for n, part in enumerate(parts):
        _, h = part.wrap(width, 0x7FFFFFFF)
        out.append(max(part.getSpaceBefore(), after) if n else 0.0)
        out.append(h)
        after = part.getSpaceAfter()
    return out


class Group(Flowable):
    """Flowables kept in one piece (a stunt with its texts, a heading with what follows it).

    Drawn as one block when it fits. When it does not, it moves to the next frame whole; at the
    top of a frame (where moving cannot help) its parts flow one by one and split as usual, so
    nothing is ever lost. This does the job of ReportLab's ``KeepTogether`` without its cost:
    that one copies the frame on every wrap and always splits into separate flowables.
    """

    def __init__(self, parts: Sequence[Flowable]) -> None:
        super().__init__()
        self.parts = list(parts)
        self._stacked: list[float] = []
        self._wrapped_at: float | None = None

    def __repr__(self) -> str:
        return f"Group({self.parts!r})"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Total height of the parts stacked at ``availWidth``."""
        if self._wrapped_at != availWidth:
            self._stacked = _stack(self.parts, availWidth)
            self._wrapped_at = availWidth
        self.width = availWidth
        self.height = sum(self._stacked)
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        """The first part's space before."""
        return float(self.parts[0].getSpaceBefore()) if self.parts else 0.0

    def getSpaceAfter(self) -> float:
        """The last part's space after."""
        return float(self.parts[-1].getSpaceAfter()) if self.parts else 0.0

    def getKeepWithNext(self) -> bool:
        """Kept with the next flowable when its last part is (a group ending in a heading)."""
        last: Any = self.parts[-1] if self.parts else None
        return bool(last is not None and last.getKeepWithNext())

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """[] to move on to the next frame whole, or the parts when already at a frame's top."""
        frame = getattr(self, "_frame", None)
        if frame is not None and not getattr(frame, "_atTop", False):
            return []
        parts = self.flat()
        for part in parts[:-1]:
            part.keepWithNext = 0  # kept together up to here; the frame may break after it
        # A leading no-op makes the document put every part back in the flow (each may split in
        # turn) instead of demanding that the first part fit where the whole group did not.
        return [NullActionFlowable(), *parts]

    def flat(self) -> list[Flowable]:
        """The parts with nested groups opened up."""
        out: list[Flowable] = []
        for part in self.parts:
            out += part.flat() if isinstance(part, Group) else [part]
        return out

    def draw(self) -> None:
        """Draw the parts top-down."""
        canv: Any = self.canv
        y = self.height
        stacked = self._stacked
        for n, part in enumerate(self.parts):
            y -= stacked[2 * n] + stacked[2 * n + 1]
            part.drawOn(canv, 0, y)


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
    sheet): rows never span, widths are fixed shares of the frame, plain strings are drawn in
    one text object, and a grid splits between rows across frames and pages.

    Args:
        rows: Cells per row: a plain string (never read as markup), a flowable, a list of
            flowables, or "" for nothing.
        columns: One :class:`Column` per cell of a row.
        valign: "top", "middle" or "bottom".
        pad: Top and bottom cell padding.
        row_pad: Bottom padding of particular rows (row index → padding).
        boxes: (row, column) cells with a box drawn round them.
        line_color: Colour of rules and boxes; ``box_width``: their line width.
    """

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
        self._heights: list[float] = []
        self._wrapped_at: float | None = None

    def _bottom(self, r: int) -> float:
        return self.row_pad.get(r, self.pad[1])

    def _cell_height(self, cell: Any, column: Column, width: float) -> float:
        if isinstance(cell, str):
            leading = column.style.leading if column.style is not None else 12.0
            return float(leading * (cell.count("\n") + 1))
        parts = cell if isinstance(cell, list | tuple) else [cell]
        inner = width - column.pad[0] - column.pad[1]
        return sum(_stack(parts, inner))

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Row heights: the tallest cell plus padding."""
        if self._wrapped_at != availWidth:
            widths = [c.share * availWidth for c in self.columns]
            self._heights = [
                max(
                    self._cell_height(cell, col, w)
                    for cell, col, w in zip(row, self.columns, widths, strict=True)
                )
                + self.pad[0]
                + self._bottom(r)
                for r, row in enumerate(self.rows)
            ]
            self._wrapped_at = availWidth
        self.width = availWidth
        self.height = sum(self._heights)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """The rows that fit and the rest, or [] when not even the first row fits."""
        self.wrap(availWidth, availHeight)
        used, fit = 0.0, 0
        for h in self._heights:
            if used + h > availHeight + 1e-6:
                break
            used += h
            fit += 1
        if fit == 0 or fit == len(self.rows):
            return [] if fit == 0 else [self]
        return [self._rows(0, fit), self._rows(fit, len(self.rows))]

    def _rows(self, start: int, end: int) -> Grid:
        part = Grid(
            self.rows[start:end], self.columns, valign=self.valign, pad=self.pad,
            row_pad={r - start: p for r, p in self.row_pad.items() if start <= r < end},
            boxes=frozenset((r - start, c) for r, c in self.boxes if start <= r < end),
            line_color=self.line_color, box_width=self.box_width,
        )  # fmt: skip
        return part

    def draw(self) -> None:
        """Shading, then cell contents (all plain strings in one text object), then lines."""
        canv: Any = self.canv
        widths = [c.share * self.width for c in self.columns]
        lefts = [sum(widths[:i]) for i in range(len(widths))]
        bottoms = []
        y = self.height
        for h in self._heights:
            y -= h
            bottoms.append(y)
        canv.saveState()
        for c, col in enumerate(self.columns):
            if col.shade is not None:
                canv.setFillColor(col.shade)
                for r, h in enumerate(self._heights):
                    canv.rect(lefts[c], bottoms[r], widths[c], h, stroke=0, fill=1)
        tx = None
        font: tuple[str, float] | None = None
        color = None
        top_pad = self.pad[0]
        for r, row in enumerate(self.rows):
            row_h, row_y, bottom_pad = self._heights[r], bottoms[r], self._bottom(r)
            for c, cell in enumerate(row):
                col = self.columns[c]
                x, w = lefts[c], widths[c]
                if isinstance(cell, str):
                    if not cell:
                        continue
                    st = col.style
                    lines = cell.split("\n")
                    size, leading = st.fontSize, st.leading
                    if self.valign == "top":
                        base = row_y + row_h - top_pad - size
                    elif self.valign == "middle":
                        base = row_y + (bottom_pad + row_h - top_pad + len(lines) * leading) / 2
                        base -= size
                    else:
                        base = row_y + bottom_pad + len(lines) * leading - size
                    if tx is None:
                        tx = canv.beginText(0, 0)
                    if font != (st.fontName, size):
                        font = (st.fontName, size)
                        tx.setFont(st.fontName, size, leading)
                    if color != st.textColor:
                        color = st.textColor
                        tx.setFillColor(color)
                    for line in lines:
                        if st.alignment in (TA_CENTER, TA_RIGHT):
                            room = w - col.pad[0] - col.pad[1] - stringWidth(line, *font)
                            lx = x + col.pad[0] + (room / 2 if st.alignment == TA_CENTER else room)
                        else:
                            lx = x + col.pad[0]
                        tx.setTextOrigin(lx, base)
                        tx.textLine(line)
                        base -= leading
                    continue
                parts = cell if isinstance(cell, list | tuple) else [cell]
                stacked = _stack(parts, w - col.pad[0] - col.pad[1])
                content = sum(stacked)
                if self.valign == "top":
                    top = row_y + row_h - top_pad
                elif self.valign == "middle":
                    top = row_y + (row_h + bottom_pad - top_pad + content) / 2
                else:
                    top = row_y + bottom_pad + content
                for n, part in enumerate(parts):
                    top -= stacked[2 * n] + stacked[2 * n + 1]
                    part.drawOn(canv, x + col.pad[0], top)
        if tx is not None:
            canv.drawText(tx)
        canv.setStrokeColor(self.line_color)
        for c, col in enumerate(self.columns):
            if col.rule:
                canv.setLineWidth(col.rule)
                for r in range(len(self.rows)):
                    canv.line(lefts[c], bottoms[r], lefts[c] + widths[c], bottoms[r])
        if self.boxes:
            canv.setLineWidth(self.box_width)
            for r, c in sorted(self.boxes):
                canv.rect(lefts[c], bottoms[r], widths[c], self._heights[r], stroke=1, fill=0)
        canv.restoreState()
