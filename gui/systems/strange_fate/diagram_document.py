"""GUI layer: the Skill Trapping Diagram being corrected (a document with its own undo stack).

A user who owns the printed book corrects the bundled reconstruction: adds, moves, restyles or
removes boxes and lines. The document holds the boxes and lines as the user has them, the
bundled diagram to compare with (every difference is marked in the drawing and listed), and the
library version it was loaded at. Only the commands of :mod:`.diagram_commands` change it; each
change emits ``changed`` and the drawing, the lists and the prices follow.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gui.systems.strange_fate.layout import ROW, Point, default_layout
from rules.systems.strange_fate.diagram import Box, Diagram, Line, Provenance, parse_diagram

Change = Literal["added", "restyled", "moved"]

USER_PROVENANCE = Provenance(kind="unknown", note="Corrected in Fatesmith by the user.")


def line_key(a: str, b: str) -> frozenset[str]:
    """The unordered pair a line joins."""
    return frozenset((a, b))


class DiagramDocument(QObject):
    """The diagram as the user has corrected it so far.

    Args:
        content: The library's diagram document (JSON object).
        bundled: The bundled reconstruction (JSON object).
        version: The library version ``content`` was read at (0: the bundled default).
        categories: Trapping -> the book's category (the default layout groups by it).

    Signals:
        changed(): boxes or lines changed (after every command).
    """

    changed = Signal()

    def __init__(
        self,
        content: Mapping[str, Any],
        bundled: Mapping[str, Any],
        *,
        version: int,
        categories: Mapping[str, str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.bundled = parse_diagram(dict(bundled))
        self.categories = dict(categories or {})
        self.base_layout = default_layout(self.bundled, self.categories)
        self.version = version
        self.undo_stack = QUndoStack(self)
        self._revision = 0
        self._cache: tuple[int, Diagram] | None = None
        self._load(parse_diagram(dict(content)))

    def _load(self, diagram: Diagram) -> None:
        self.meta = diagram.model_dump(exclude={"boxes", "lines"})
        self.boxes: dict[str, Box] = {b.trapping: b for b in diagram.boxes}
        self.lines: dict[frozenset[str], Line] = {line.key: line for line in diagram.lines}
        extra = default_layout(diagram, self.categories)
        self._fallback = {n: extra[n] for n in self.boxes if n not in self.base_layout}

    # -- reading ----------------------------------------------------------------------------------

    def diagram(self) -> Diagram:
        """The diagram as it stands (validated; cached until the next change)."""
        if self._cache is None or self._cache[0] != self._revision:
            built = Diagram.model_validate(
                {
                    **self.meta,
                    "boxes": list(self.boxes.values()),
                    "lines": list(self.lines.values()),
                }
            )
            self._cache = (self._revision, built)
        return self._cache[1]

    def content(self) -> dict[str, Any]:
        """The JSON document to store."""
        return self.diagram().model_dump(mode="json", exclude_defaults=False)

    def position(self, name: str) -> Point:
        """Where box ``name`` is drawn (its own position, else the bundled layout's)."""
        box = self.boxes[name]
        if box.position is not None:
            return box.position
        return self.base_layout.get(name) or self._fallback.get(name) or self.free_spot()

    def free_spot(self) -> Point:
        """A spot below everything drawn, for a new box."""
        ys = [self.position(n)[1] for n in self.boxes if self.boxes[n].position] + [
            y for _, y in self.base_layout.values()
        ]
        return (0.0, max(ys, default=0.0) + ROW * 1.5)

    def box_change(self, name: str) -> Change | None:
        """How box ``name`` differs from the bundled one (None: it does not)."""
        try:
            old = self.bundled.box(name)
        except KeyError:
            return "added"
        box = self.boxes[name]
        if (box.border, box.prices, box.default) != (old.border, old.prices, old.default):
            return "restyled"
        if box.position is not None and box.position != self.base_layout.get(name):
            return "moved"
        return None

    def line_change(self, key: frozenset[str]) -> Change | None:
        """How the line ``key`` differs from the bundled one."""
        old = next((line for line in self.bundled.lines if line.key == key), None)
        if old is None:
            return "added"
        return "restyled" if old.style != self.lines[key].style else None

    def removed(self) -> tuple[str, ...]:
        """The bundled boxes and lines the user removed, described."""
        out = [f"box {b.trapping}" for b in self.bundled.boxes if b.trapping not in self.boxes]
        out += [
            f"{line.style} line {line.a} \u2013 {line.b}"
            for line in self.bundled.lines
            if line.key not in self.lines
        ]
        return tuple(out)

    def is_bundled(self) -> bool:
        """Whether the boxes and lines are the bundled reconstruction's (positions aside)."""
        return (
            not self.removed()
            and not any(self.box_change(n) in ("added", "restyled") for n in self.boxes)
            and not any(self.line_change(k) for k in self.lines)
        )

    def differences(self) -> tuple[tuple[str, str], ...]:
        """Every difference from the bundled diagram: (what, how), boxes then lines."""
        out: list[tuple[str, str]] = []
        for name in self.boxes:
            change = self.box_change(name)
            if change is not None:
                out.append((f"box {name}", change))
        for key, line in self.lines.items():
            change = self.line_change(key)
            if change is not None:
                out.append((f"{line.style} line {line.a} \u2013 {line.b}", change))
        out += [(what, "removed") for what in self.removed()]
        return tuple(out)

    def lines_of(self, name: str) -> tuple[Line, ...]:
        """The lines touching box ``name``."""
        return tuple(line for line in self.lines.values() if name in line.key)

    # -- mutation (commands only) -----------------------------------------------------------------

    def _touch(self) -> None:
        self._revision += 1
        self.changed.emit()

    def put_box(self, box: Box) -> None:
        """Add or replace a box."""
        self.boxes[box.trapping] = box
        self._touch()

    def drop_box(self, name: str) -> None:
        """Remove a box (its lines must be gone already)."""
        del self.boxes[name]
        self._fallback.pop(name, None)
        self._touch()

    def put_line(self, line: Line) -> None:
        """Add or replace a line."""
        self.lines[line.key] = line
        self._touch()

    def drop_line(self, key: frozenset[str]) -> None:
        """Remove a line."""
        del self.lines[key]
        self._touch()

    def replace_all(self, diagram: Diagram) -> None:
        """Replace every box and line (reset to bundled, and its undo)."""
        self._load(diagram)
        self._touch()
