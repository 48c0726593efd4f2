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
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer
from reportlab.platypus.doctemplate import ActionFlowable, NullActionFlowable

from storage.pdf.styles import BOX_FILL, INK, RULE, SANS, clean

BOX = 14.5  # points: 5.1 mm, room for a pencil tick
NUMBER_SIZE = 6.5  # points: the smallest box number (legible at arm's length)
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
        draw_alone(self)

    def emit(self, canv: Any, pen: Pen, x: float, y: float) -> None:
        """Draw with the row's bottom-left corner at (x, y); numbers go into the text object."""
        canv.saveState()
        canv.setLineWidth(0.9)
        canv.setStrokeColor(INK)
        number_size = max(NUMBER_SIZE, self.box * 0.42)
        pad = self.box * 0.2
        crossed = []
        for i in range(self.boxes):
            line, col = divmod(i, self._per_line)
            bx = x + col * (self.box + GAP) + (col // GROUP) * (GROUP_GAP - GAP)
            by = y + self.height - (line + 1) * self.box - line * GAP
            canv.rect(bx, by, self.box, self.box, stroke=1, fill=0)
            if i < len(self.checked) and self.checked[i]:
                crossed.append((bx, by))
            else:
                number = str(i + 1)
                pen.use(SANS, number_size, number_size * 1.2, RULE)
                width = stringWidth(number, SANS, number_size)
                pen.tx.setTextOrigin(bx + self.box - 1.5 - width, by + 1.5)
                pen.tx.textLine(number)
        if crossed:
            canv.setStrokeColor(BOX_FILL)
            canv.setLineWidth(1.6)
            for bx, by in crossed:
                far = self.box - pad
                canv.line(bx + pad, by + pad, bx + far, by + far)
                canv.line(bx + pad, by + far, bx + far, by + pad)
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
# A word: run index (-1 for a hard line break), text, width, width of the space before it
# (0 when there is none).
Token = tuple[int, str, float, float]
_BREAK = -1


def same_width(done: float | None, width: float) -> bool:
    """Whether a wrap at ``done`` still holds at ``width`` (frame arithmetic differs in the last
    bits from ours, so an exact comparison would break the same text twice)."""
    return done is not None and abs(done - width) < 1e-6


def advances(text: str, font: str, size: float) -> list[float]:
    """The advance width of each character of ``text`` (points), from the font's metrics."""
    face: Any = getattr(getFont(font), "face", None)
    if face is None or not hasattr(face, "charWidths"):  # not TrueType: ask ReportLab
        return [stringWidth(c, font, size) for c in text]
    get, default, scale = face.charWidths.get, face.defaultWidth, size * 0.001
    return [get(ord(c), default) * scale for c in text]


class Pen:
    """What a shared text object currently has set (font, size, leading and colour).

    Flowables drawn together (a grid's cells, a group's parts) write into one PDF text
    object, and only switch font or colour when it changes.
    """

    __slots__ = ("color", "font", "tx")

    def __init__(self, tx: Any) -> None:
        self.tx = tx
        self.font: tuple[str, float, float] | None = None
        self.color: Any = None

    def use(self, font: str, size: float, leading: float, color: Any) -> None:
        """Switch the text object to this font and colour if it is not already set."""
        if self.font != (font, size, leading):
            self.font = (font, size, leading)
            self.tx.setFont(font, size, leading)
        if self.color != color:
            self.color = color
            self.tx.setFillColor(color)


def emit(part: Flowable, canv: Any, pen: Pen, x: float, y: float) -> None:
    """Draw a wrapped flowable with its bottom-left corner at (x, y).

    Text goes into the pen's shared text object; anything else is drawn as usual.
    """
    if isinstance(part, Text | Group | BoxRow) or getattr(part, "emits", False):
        own: Any = part  # a Grid (storage.pdf.grid) emits too
        own.emit(canv, pen, x, y)
    elif not isinstance(part, Spacer):
        part.drawOn(canv, x, y)


def draw_alone(flowable: Any) -> None:
    """``draw()`` of a flowable that writes through :func:`emit`: its own text object."""
    canv: Any = flowable.canv
    pen = Pen(canv.beginText(0, 0))
    flowable.emit(canv, pen, 0.0, 0.0)
    canv.drawText(pen.tx)


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
        self._tokens: list[Token] | None = None

    def __repr__(self) -> str:
        return f"Text({''.join(r.text for r in self.runs)[:40]!r})"

    @property
    def text(self) -> str:
        """All the text, as given (control characters removed)."""
        return "".join(r.text for r in self.runs)

    def lines(self) -> list[str]:
        """The broken lines as plain strings (after :meth:`wrap`)."""
        return ["".join(t for _, t in segments) for _, segments in self._lines or ()]

    # -- line breaking -----------------------------------------------------------------------

    def _words(self) -> list[Token]:
        """Every word with its width and the width of the space before it, in reading order."""
        if self._tokens is not None:
            return self._tokens
        out: list[Token] = []
        space = False
        for index, run in enumerate(self.runs):
            hard = run.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            for n, piece in enumerate(hard):
                if n:
                    out.append((_BREAK, "", 0.0, 0.0))
                    space = False
                words = piece.split()
                if not words:
                    space = space or bool(piece)
                    continue
                space = space or piece[0].isspace()
                joined = " ".join(words)
                adv = advances(" " + joined, run.font, run.size)
                gap, at = adv[0], 1
                for word in words:
                    end = at + len(word)
                    out.append((index, word, sum(adv[at:end]), gap if space else 0.0))
                    space, at = True, end + 1
                space = piece[-1].isspace()
        self._tokens = out
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
        for index, word, w, gap in self._words():
            if index == _BREAK:
                lines.append((line_w, tuple(segments)))
                segments, line_w = [], 0.0
                continue
            if not segments:
                gap = 0.0
            elif line_w + gap + w > fuzz:
                lines.append((line_w, tuple(segments)))
                segments, line_w, gap = [], 0.0, 0.0
            if not segments and w > fuzz:
                # A word longer than the line: break it between characters.
                run = runs[index]
                start, piece_w = 0, 0.0
                for i, cw in enumerate(advances(word, run.font, run.size)):
                    if i > start and piece_w + cw > fuzz:
                        lines.append((piece_w, ((index, word[start:i]),)))
                        start, piece_w = i, 0.0
                    piece_w += cw
                word, w = word[start:], piece_w
            text = " " + word if gap else word
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
        if not same_width(self._wrapped_at, availWidth):
            inner = availWidth - self.style.leftIndent - self.style.rightIndent
            self._lines = self._break(max(inner, 1.0))
            self._wrapped_at = availWidth
        self.width = availWidth
        self.height = len(self._lines or ()) * self.style.leading
        return self.width, self.height

    def minWidth(self) -> float:
        """The widest single word plus indents (what a table column needs at least)."""
        widest = max((w for i, _, w, _ in self._words() if i != _BREAK), default=0.0)
        return float(widest + self.style.leftIndent + self.style.rightIndent)

    def _part(self, lines: list[Line], bullet: str) -> Text:
        part = Text(self.runs, self.style, bullet)
        part._lines = lines
        part._wrapped_at = self._wrapped_at
        part._tokens = self._tokens
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
        """Draw the lines top-down in a text object of their own."""
        draw_alone(self)

    def emit(self, canv: Any, pen: Pen, x: float, y: float) -> None:
        """Write the lines into the pen's text object, box bottom-left at (x, y)."""
        lines = self._lines
        if not lines:
            return
        tx = pen.tx
        style = self.style
        leading = style.leading
        base = y + self.height - style.fontSize
        if self.bullet:
            pen.use(style.fontName, style.fontSize, leading, style.textColor)
            tx.setTextOrigin(x + style.bulletIndent, base)
            tx.textLine(self.bullet)
        left = x + style.leftIndent
        align = style.alignment
        runs = self.runs
        if align in (TA_CENTER, TA_RIGHT):
            inner = self.width - style.leftIndent - style.rightIndent
            for line_w, segments in lines:
                shift = inner - line_w
                tx.setTextOrigin(left + (shift / 2 if align == TA_CENTER else shift), base)
                for index, text in segments:
                    run = runs[index]
                    pen.use(run.font, run.size, leading, run.color)
                    tx.textOut(text)
                base -= leading
            return
        # Left (and justified, set left): one origin, then each line one leading lower (T*).
        tx.setTextOrigin(left, base)
        for _, segments in lines:
            last = len(segments) - 1
            for i, (index, text) in enumerate(segments):
                run = runs[index]
                pen.use(run.font, run.size, leading, run.color)
                if i == last:
                    tx.textLine(text)
                else:
                    tx.textOut(text)
            if not segments:
                tx.textLine("")


def stack_parts(parts: Sequence[Flowable], width: float) -> list[float]:
    """Wrap ``parts`` at ``width``; return [gap0, h0, gap1, h1, ...]: each part's height and
    the gap above it (0 for the first).

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


def emit_stack(
    parts: Sequence[Flowable], stacked: list[float], canv: Any, pen: Pen, x: float, top: float
) -> None:
    """Emit ``parts`` (stacked by :func:`stack_parts`) downwards from ``top``."""
    for n, part in enumerate(parts):
        top -= stacked[2 * n] + stacked[2 * n + 1]
        emit(part, canv, pen, x, top)


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
        if not same_width(self._wrapped_at, availWidth):
            self._stacked = stack_parts(self.parts, availWidth)
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
        """[] to move on to the next frame whole, or the parts to flow on from here.

        The group moves when the next frame can hold it; it flows from here when it is at the
        top of a frame or too tall for the next frame as well (moving would only waste room).
        """
        frame = getattr(self, "_frame", None)
        at_top = frame is None or getattr(frame, "_atTop", False)
        parts = self.flat()
        if at_top:
            for part in parts[:-1]:
                part.keepWithNext = 0  # a fresh frame: break wherever the parts need to
        else:
            doc = getattr(getattr(self, "canv", None), "_doctemplate", None)
            peek = getattr(doc, "_peekNextFrame", None)
            following = peek() if peek is not None else None
            if following is None or self.height <= following._aH + 1e-6:
                return []
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
        """Draw the parts top-down, their text in one text object."""
        draw_alone(self)

    def emit(self, canv: Any, pen: Pen, x: float, y: float) -> None:
        """Draw the parts with the group's bottom-left corner at (x, y)."""
        emit_stack(self.parts, self._stacked, canv, pen, x, y + self.height)
