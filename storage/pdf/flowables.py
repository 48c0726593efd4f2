"""Storage layer (PDF): custom ReportLab flowables for form elements on printed sheets.

:class:`BoxRow` draws a stress track as exactly its number of boxes, wrapping onto more lines
when the column is narrow; :class:`WriteLine` is a ruled line to write on;
:class:`ColumnBreak` ends the wide first-page column only when the flow is still in it.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.doctemplate import ActionFlowable

from storage.pdf.styles import BOX_FILL, INK, RULE, SANS

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
