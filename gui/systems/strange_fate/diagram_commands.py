"""GUI layer: the undo commands that correct the Skill Trapping Diagram.

Modelled on orange-canvas-core's scheme-edit commands (``AddNodeCommand``, ``RemoveNodeCommand``,
``AddLinkCommand``, ``RemoveLinkCommand``, ``MoveNodeCommand``): one command per user action,
each doing its change on redo and the exact inverse on undo. Removing a box is a composite
command whose children remove the box's lines first (redone in order, undone in reverse), so one
undo brings the box back with every line it had.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from gui.systems.strange_fate.diagram_document import USER_PROVENANCE, DiagramDocument
from gui.systems.strange_fate.layout import Point
from rules.systems.strange_fate.diagram import Box, Diagram, Line

ID_MOVE_BOX = 5101


class AddBoxCommand(QUndoCommand):
    """Add a box for a trapping that has none."""

    def __init__(
        self,
        document: DiagramDocument,
        trapping: str,
        border: str,
        position: Point,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(f"Add box {trapping}", parent)
        self.document = document
        self.box = Box.model_validate(
            {"trapping": trapping, "border": border, "provenance": USER_PROVENANCE,
             "position": position}
        )  # fmt: skip

    def redo(self) -> None:
        """Add it."""
        self.document.put_box(self.box)

    def undo(self) -> None:
        """Take it away."""
        self.document.drop_box(self.box.trapping)


class MoveBoxCommand(QUndoCommand):
    """Move a box (drawing only; consecutive moves of the same box merge)."""

    def __init__(
        self,
        document: DiagramDocument,
        trapping: str,
        to: Point,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(f"Move box {trapping}", parent)
        self.document = document
        self.before = document.boxes[trapping]
        self.after = self.before.model_copy(update={"position": (float(to[0]), float(to[1]))})

    def id(self) -> int:
        """Moves merge."""
        return ID_MOVE_BOX

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Nudging one box with the arrow keys is one undo step."""
        if not isinstance(other, MoveBoxCommand) or other.after.trapping != self.after.trapping:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        """Put it at the new spot."""
        self.document.put_box(self.after)

    def undo(self) -> None:
        """Put it back."""
        self.document.put_box(self.before)


class RestyleBoxCommand(QUndoCommand):
    """Give a box another border (solid 1 point, dotted 2)."""

    def __init__(
        self,
        document: DiagramDocument,
        trapping: str,
        border: str,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(f"Make box {trapping} {border}", parent)
        self.document = document
        self.before = document.boxes[trapping]
        self.after = Box.model_validate(
            {**self.before.model_dump(exclude={"prices", "default"}), "border": border,
             "provenance": USER_PROVENANCE}
        )  # fmt: skip

    def redo(self) -> None:
        """Restyle."""
        self.document.put_box(self.after)

    def undo(self) -> None:
        """Restore the border."""
        self.document.put_box(self.before)


class AddLineCommand(QUndoCommand):
    """Join two boxes by a line."""

    def __init__(
        self,
        document: DiagramDocument,
        a: str,
        b: str,
        style: str,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(f"Add {style} line {a} \u2013 {b}", parent)
        self.document = document
        self.line = Line.model_validate(
            {"a": a, "b": b, "style": style, "provenance": USER_PROVENANCE}
        )

    def redo(self) -> None:
        """Draw it."""
        self.document.put_line(self.line)

    def undo(self) -> None:
        """Take it away."""
        self.document.drop_line(self.line.key)


class RestyleLineCommand(QUndoCommand):
    """Make a line thin (1 point), dotted (2) or thick (free)."""

    def __init__(
        self,
        document: DiagramDocument,
        key: frozenset[str],
        style: str,
        parent: QUndoCommand | None = None,
    ) -> None:
        self.before = document.lines[key]
        super().__init__(f"Make line {self.before.a} \u2013 {self.before.b} {style}", parent)
        self.document = document
        self.after = self.before.model_copy(update={"style": style, "provenance": USER_PROVENANCE})

    def redo(self) -> None:
        """Restyle."""
        self.document.put_line(self.after)

    def undo(self) -> None:
        """Restore the style."""
        self.document.put_line(self.before)


class RemoveLineCommand(QUndoCommand):
    """Remove one line."""

    def __init__(
        self, document: DiagramDocument, key: frozenset[str], parent: QUndoCommand | None = None
    ) -> None:
        self.line = document.lines[key]
        super().__init__(f"Remove line {self.line.a} \u2013 {self.line.b}", parent)
        self.document = document

    def redo(self) -> None:
        """Remove it."""
        self.document.drop_line(self.line.key)

    def undo(self) -> None:
        """Put it back."""
        self.document.put_line(self.line)


class RemoveBoxCommand(QUndoCommand):
    """Remove a box and, as child commands, every line touching it."""

    def __init__(
        self, document: DiagramDocument, trapping: str, parent: QUndoCommand | None = None
    ) -> None:
        super().__init__(f"Remove box {trapping}", parent)
        self.document = document
        self.box = document.boxes[trapping]
        # The children are held here rather than given Qt's ``parent``: PySide leaves a child
        # command owned by Python, so Qt's parent would delete it a second time.
        self.children = [
            RemoveLineCommand(document, line.key) for line in document.lines_of(trapping)
        ]

    def redo(self) -> None:
        """Remove the lines (children, in order), then the box."""
        for child in self.children:
            child.redo()
        self.document.drop_box(self.box.trapping)

    def undo(self) -> None:
        """Put the box back, then its lines (children, in reverse)."""
        self.document.put_box(self.box)
        for child in reversed(self.children):
            child.undo()


class ResetDiagramCommand(QUndoCommand):
    """Put the bundled reconstruction back, in one step."""

    def __init__(self, document: DiagramDocument, parent: QUndoCommand | None = None) -> None:
        super().__init__("Reset to bundled diagram", parent)
        self.document = document
        self.before: Diagram = document.diagram()

    def redo(self) -> None:
        """The bundled diagram."""
        self.document.replace_all(self.document.bundled)

    def undo(self) -> None:
        """The diagram as it was."""
        self.document.replace_all(self.before)
