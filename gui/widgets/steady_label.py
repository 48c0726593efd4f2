"""GUI layer: a label for in-place messages under a field that never moves the fields around it.

A message that appears or vanishes while the user types (a name no longer missing, events now
written) used to shift the form: the next click landed in another field and typed text was
lost. :class:`SteadyLabel` keeps a line for its message even when it has none, and while it is
on show it never gives back room it took (a longer message may push the form down once; a
shorter one or none leaves the space). The room is measured afresh each time its page is shown.
"""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QWidget


class SteadyLabel(QLabel):
    """A word-wrapped label that keeps its room: one line when empty, never less while shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._floor = 0
        self._hold()

    def set_message(self, text: str, style: str = "") -> None:
        """Show ``text`` (empty: none) in ``style`` (a style sheet), keeping the room taken."""
        if text != self.text():
            self.setText(text)
        if style != self.styleSheet():
            self.setStyleSheet(style)
        self._hold()

    def floor(self) -> int:
        """The height the label keeps while it is shown."""
        return self._floor

    def _needed(self) -> int:
        line = self.fontMetrics().lineSpacing()
        if not self.text():
            return line
        width = self.width()
        if width > 1:
            return max(line, self.heightForWidth(width))
        return max(line, self.sizeHint().height())

    def _hold(self) -> None:
        self._floor = max(self._floor, self._needed())
        if self.minimumHeight() != self._floor:
            self.setMinimumHeight(self._floor)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again (its page came back): measure the room afresh."""
        self._floor = 0
        self._hold()
        super().showEvent(event)
