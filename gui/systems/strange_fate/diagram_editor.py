"""GUI layer: the Skill Trapping Diagram's tab (Library > Rules Data > Skill Trapping Diagram).

A user who owns the printed book corrects the bundled reconstruction here: add a box for a
trapping that has none, drag or nudge boxes (arrow keys), make a box solid or dotted, join two
selected boxes by a thin, dotted or thick line, restyle or remove lines and boxes, and put the
bundled diagram back in one action. Every change is an undo command on the tab's own stack;
everything that differs from the bundled diagram is marked in the drawing and listed beside it.
Selecting boxes prices them as a skill and highlights the cheapest walk. Saving stores the
diagram in the library as the ``trapping-diagram`` system data; the window's
:class:`DiagramHub` then tells every open Strange Fate editor, which reprices its character.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QFont,
    QFontInfo,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsView,
    QInputDialog,
    QLabel,
    QListView,
    QMessageBox,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from gui.systems.strange_fate.diagram_commands import (
    AddBoxCommand,
    AddLineCommand,
    MoveBoxCommand,
    RemoveBoxCommand,
    RemoveLineCommand,
    ResetDiagramCommand,
    RestyleBoxCommand,
    RestyleLineCommand,
)
from gui.systems.strange_fate.diagram_document import DiagramDocument
from gui.systems.strange_fate.diagram_scene import LABEL_POINTS, LEGEND, DiagramScene
from gui.theme import button_look
from rules.errors import FatesmithError
from rules.system_data import SystemData
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.cost import Pricer, Walk

NUDGE = 10.0
_ROLE = Qt.ItemDataRole


class DiagramHub(QObject):
    """One per window: tells Strange Fate editors that the library's diagram changed.

    Signals:
        saved(object): the library's Strange Fate system, bound to the saved diagram.
    """

    saved = Signal(object)


class DiagramView(QGraphicsView):
    """The diagram's view: antialiased, zooms with Ctrl+wheel, arrow keys nudge the selection.

    Signals:
        nudged(float, float): the arrow keys asked to move the selected boxes by (dx, dy).
    """

    nudged = Signal(float, float)

    def __init__(
        self, scene: DiagramScene, parent: QWidget | None = None, *, min_label_px: float = 0.0
    ) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Skill Trapping Diagram")
        self.auto_fit = True
        self.min_label_px = min_label_px

    def min_scale(self) -> float:
        """The smallest zoom that draws the boxes' names at ``min_label_px`` pixels (0: any)."""
        if self.min_label_px <= 0:
            return 0.0
        font = QFont(self.font())
        font.setPointSizeF(LABEL_POINTS)
        return self.min_label_px / max(1, QFontInfo(font).pixelSize())

    def fit(self) -> None:
        """Show the whole diagram (and keep it whole when the view is resized)."""
        self.auto_fit = True
        self._fit()

    def _fit(self) -> None:
        # The whole diagram if its names stay readable there; else the readable zoom, and the
        # view scrolls.
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        floor = self.min_scale()
        if self.transform().m11() < floor:
            self.setTransform(QTransform.fromScale(floor, floor))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the whole diagram in view until the user zooms."""
        super().resizeEvent(event)
        if self.auto_fit:
            self._fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Ctrl+wheel zooms; the wheel alone scrolls."""
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.auto_fit = False
            factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
            self.scale(factor, factor)
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Arrow keys nudge the selected boxes (editor) or go from box to box (designer,
        where Space then adds or removes the focused box's trapping)."""
        scene = self.scene()
        if isinstance(scene, DiagramScene) and not scene.movable and self._walk_focus(event):
            return
        step = {Qt.Key.Key_Left: (-NUDGE, 0.0), Qt.Key.Key_Right: (NUDGE, 0.0),
                Qt.Key.Key_Up: (0.0, -NUDGE), Qt.Key.Key_Down: (0.0, NUDGE)}.get(
            Qt.Key(event.key()))  # fmt: skip
        scene = self.scene()
        if step is not None and isinstance(scene, DiagramScene) and scene.selected_boxes():
            self.nudged.emit(*step)
            return
        super().keyPressEvent(event)

    def _walk_focus(self, event: QKeyEvent) -> bool:
        scene = self.scene()
        assert isinstance(scene, DiagramScene)
        forward = {Qt.Key.Key_Right: True, Qt.Key.Key_Down: True, Qt.Key.Key_Left: False,
                   Qt.Key.Key_Up: False}.get(Qt.Key(event.key()))  # fmt: skip
        if forward is None or not scene.boxes:
            return False
        order = sorted(scene.boxes.values(), key=lambda item: (item.pos().y(), item.pos().x()))
        current = scene.focusItem()
        if current in order:
            index = order.index(current) + (1 if forward else -1)
        else:
            index = 0 if forward else len(order) - 1
        target = order[index % len(order)]
        scene.setFocusItem(target)
        self.ensureVisible(target)
        return True


class DifferencesModel(QAbstractListModel):
    """Every difference from the bundled diagram, one row each ("box Leap — restyled")."""

    def __init__(self, document: DiagramDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = document.differences()
        document.changed.connect(self._reload)

    def _reload(self) -> None:
        self.beginResetModel()
        self._rows = self._document.differences()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per difference."""
        return 0 if parent.isValid() else len(self._rows)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = _ROLE.DisplayRole
    ) -> Any:
        """``what \u2014 how``."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        what, how = self._rows[index.row()]
        if role in (_ROLE.DisplayRole, _ROLE.AccessibleTextRole):
            return f"{what} \u2014 {how}"
        if role == _ROLE.ToolTipRole:
            return f"{what}: {how} (differs from the bundled reconstruction)"
        return None


class DiagramTab(QWidget):
    """The diagram editor as a document tab (:class:`gui.documents.tab.DocumentTab`).

    Args:
        document: The diagram being corrected.
        system_id: The system whose data it is.
        key: The system data key (``trapping-diagram``).
        workspace: The window's workspace (its library saves the diagram).
        hub: Told after every save.
        pricer_uses: Turns a trapping name into the use the walk prices (its default detail).
    """

    changed = Signal()

    def __init__(
        self,
        document: DiagramDocument,
        system_id: str,
        key: str,
        workspace: Any,
        hub: DiagramHub | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.undo_stack = document.undo_stack
        self.system_id = system_id
        self.data_key = key
        self.workspace = workspace
        self.hub = hub
        self.provenance = "bundled" if document.version == 0 else "user"
        self.scene = DiagramScene(document, parent=self)
        self.view = DiagramView(self.scene)
        self.toolbar = QToolBar("Diagram")
        button_look(self.toolbar)
        self.actions_by_name: dict[str, QAction] = {}
        self._build_actions()
        self.mark = QLabel()
        self.mark.setWordWrap(True)
        self.price = QLabel("Select boxes to price them as one skill.")
        self.price.setWordWrap(True)
        self.differences = DifferencesModel(document, self)
        self.difference_list = QListView()
        self.difference_list.setModel(self.differences)
        self.difference_list.setAccessibleName("Differences from the bundled diagram")

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(6, 0, 0, 0)
        side_layout.addWidget(self.mark)
        side_layout.addWidget(QLabel("<b>Differences from the bundled reconstruction</b>"))
        side_layout.addWidget(self.difference_list, 1)
        legend = QLabel(
            f"{LEGEND} Hover an item for where it comes from. <span style='color:#b35f00'>"
            "\u25cf</span> differs from the bundled reconstruction."
        )
        legend.setWordWrap(True)
        side_layout.addWidget(legend)
        side_layout.addWidget(QLabel("<b>Cheapest walk of the selected boxes</b>"))
        side_layout.addWidget(self.price)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([900, 280])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.toolbar)
        layout.addWidget(splitter, 1)

        self.scene.box_moved.connect(self._on_moved)
        self.scene.selectionChanged.connect(self._on_selection)
        self.view.nudged.connect(self._on_nudged)
        document.changed.connect(self._on_changed)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self._on_changed()

    # -- actions ----------------------------------------------------------------------------------

    def _action(self, name: str, text: str, slot: Any, shortcut: str | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        self.actions_by_name[name] = action
        return action

    def _build_actions(self) -> None:
        bar = self.toolbar
        bar.addAction(self._action("add-box", "Add box\u2026", self.add_box, "Ctrl+Shift+B"))
        bar.addAction(
            self._action("solid", "Solid border", lambda: self.restyle_boxes("solid"), "Ctrl+1")
        )
        bar.addAction(
            self._action(
                "dotted-box", "Dotted border", lambda: self.restyle_boxes("dotted"), "Ctrl+2"
            )
        )
        bar.addSeparator()
        for style, key in (("thin", "Alt+1"), ("dotted", "Alt+2"), ("thick", "Alt+3")):
            bar.addAction(
                self._action(f"line-{style}", f"{style.capitalize()} line", self._liner(style), key)
            )
        bar.addSeparator()
        bar.addAction(self._action("remove", "Remove", self.remove_selected, "Del"))
        bar.addAction(self._action("reset", "Reset to bundled", self.reset))
        bar.addAction(self._action("fit", "Fit", self.view.fit, "Ctrl+0"))

    def _liner(self, style: str) -> Any:
        return lambda: self.line_selected(style)

    def add_box(self, trapping: str | None = None, border: str = "solid") -> bool:
        """Add a box for a trapping that has none (asks which when ``trapping`` is None)."""
        missing = sorted(set(self.document.categories) - set(self.document.boxes))
        if trapping is None:
            if not missing:
                QMessageBox.information(self, "Add box", "Every trapping has a box already.")
                return False
            trapping, ok = QInputDialog.getItem(self, "Add box", "Trapping:", missing, 0, False)
            if not ok:
                return False
        if trapping in self.document.boxes:
            return False
        self.undo_stack.push(
            AddBoxCommand(self.document, trapping, border, self.document.free_spot())
        )
        return True

    def restyle_boxes(self, border: str) -> None:
        """Give the selected boxes ``border`` (one undo step)."""
        names = [n for n in self.scene.selected_boxes() if self.document.boxes[n].border != border]
        names = [n for n in names if self.document.boxes[n].border != "priced"]
        if not names:
            return
        self.undo_stack.beginMacro(f"Make {len(names)} box(es) {border}")
        for name in names:
            self.undo_stack.push(RestyleBoxCommand(self.document, name, border))
        self.undo_stack.endMacro()

    def line_selected(self, style: str) -> None:
        """Two selected boxes: join them (or restyle their line); selected lines: restyle."""
        boxes = self.scene.selected_boxes()
        lines = self.scene.selected_lines()
        if len(boxes) == 2:
            key = frozenset(boxes)
            if key in self.document.lines:
                if self.document.lines[key].style != style:
                    self.undo_stack.push(RestyleLineCommand(self.document, key, style))
            else:
                self.undo_stack.push(AddLineCommand(self.document, boxes[0], boxes[1], style))
            return
        todo = [k for k in lines if self.document.lines[k].style != style]
        if not todo:
            return
        self.undo_stack.beginMacro(f"Make {len(todo)} line(s) {style}")
        for key in todo:
            self.undo_stack.push(RestyleLineCommand(self.document, key, style))
        self.undo_stack.endMacro()

    def remove_selected(self) -> None:
        """Remove the selected lines and boxes (a box takes its lines with it)."""
        boxes = self.scene.selected_boxes()
        lines = [k for k in self.scene.selected_lines() if not (k & set(boxes))]
        if not boxes and not lines:
            return
        self.undo_stack.beginMacro("Remove from the diagram")
        for key in lines:
            self.undo_stack.push(RemoveLineCommand(self.document, key))
        for name in boxes:
            self.undo_stack.push(RemoveBoxCommand(self.document, name))
        self.undo_stack.endMacro()

    def reset(self) -> None:
        """Put the bundled diagram back (one undoable step)."""
        self.undo_stack.push(ResetDiagramCommand(self.document))

    def _on_moved(self, name: str, x: float, y: float) -> None:
        self.undo_stack.push(MoveBoxCommand(self.document, name, (x, y)))

    def _on_nudged(self, dx: float, dy: float) -> None:
        names = self.scene.selected_boxes()
        if len(names) > 1:
            self.undo_stack.beginMacro("Move boxes")
        for name in names:
            x, y = self.document.position(name)
            self.undo_stack.push(MoveBoxCommand(self.document, name, (x + dx, y + dy)))
        if len(names) > 1:
            self.undo_stack.endMacro()

    # -- state ------------------------------------------------------------------------------------

    def _on_clean_changed(self, _clean: bool) -> None:
        self._show_mark()
        self.changed.emit()

    def _on_changed(self) -> None:
        self._show_mark()
        self._on_selection()
        self.changed.emit()

    def _show_mark(self) -> None:
        count = len(self.document.differences())
        if count == 0:
            text = "<b>Bundled reconstruction</b> (no corrections)."
        else:
            text = (
                f"<b style='color:#b35f00'>Edited</b>: {count} difference(s) from the bundled "
                "reconstruction, marked in orange."
            )
        if not self.undo_stack.isClean():
            text += " <i>Not saved yet.</i>"
        self.mark.setText(text)

    def selected_walk(self) -> Walk | None:
        """The cheapest walk of the selected boxes as one Strange skill, or None."""
        names = self.scene.selected_boxes()
        if not names:
            return None
        try:
            uses = [TrappingUse(trapping=n) for n in names]
            return Pricer(self.document.diagram()).cheapest(uses, unique=False)
        except (KeyError, ValueError):
            return None

    def _on_selection(self) -> None:
        walk = self.selected_walk()
        self.scene.show_walk(walk)
        if walk is None:
            self.price.setText("Select boxes to price them as one skill.")
            return
        running = 0
        rows = []
        for i, step in enumerate(walk.steps, start=1):
            running += step.points
            via = ", ".join(f"{ln.a}\u2013{ln.b} {ln.style}" for ln in step.lines)
            rows.append(
                f"{i}. {step.trapping}: box {step.box} + lines {step.line_points}"
                f"{' (capped)' if step.capped else ''}{f' via {via}' if via else ''}"
                f" = {step.points} (total {running})"
            )
        self.price.setText("<br>".join(rows) + f"<br><b>{walk.points} trapping points</b>")

    # -- DocumentTab ------------------------------------------------------------------------------

    def key(self) -> Hashable:
        """("system-data", system id, data key)."""
        return ("system-data", self.system_id, self.data_key)

    def title(self) -> str:
        """ "Skill Trapping Diagram"."""
        return "Skill Trapping Diagram"

    def is_modified(self) -> bool:
        """Unsaved corrections."""
        return not self.undo_stack.isClean()

    def can_save(self) -> bool:
        """Not in a read-only library."""
        return not getattr(self.workspace.library, "read_only", False)

    def save(self) -> bool:
        """Store the diagram in the library and reprice every open Strange Fate character."""
        library = self.workspace.library
        try:
            if self.document.is_bundled() and not any(
                b.position for b in self.document.boxes.values()
            ):
                stored = library.reset_system_document(self.system_id, self.data_key)
                self.document.version = stored.version
            else:
                doc = SystemData(
                    system=self.system_id, key=self.data_key, provenance="user",
                    version=self.document.version, content=self.document.content(),
                )  # fmt: skip
                self.document.version = library.save_system_document(
                    doc, expected_version=self.document.version
                )
        except FatesmithError as exc:
            QMessageBox.warning(self, "Cannot save the diagram", str(exc))
            return False
        self.undo_stack.setClean()
        self._show_mark()
        if self.hub is not None:
            self.hub.saved.emit(library.registry.get(self.system_id))
        return True

    def discard(self) -> None:
        """Nothing is kept outside the library."""
