"""GUI layer: File > Print / Export PDF: an on-screen preview of the real PDF pages, then save
or print.

The dialog offers the kinds of print-out the characters' game systems declare
(:mod:`storage.system_sheets`), plus the game master's NPC and aspect cards; or it previews one
:class:`PrintJob` (the encounter window's GM conflict sheet). The PDF is rendered by the
storage layer (:mod:`storage.pdf.render`, ReportLab) and its pages are rasterised with PDFium
(``pypdfium2``) on a worker thread, so what the user sees is exactly the file that will be
saved. Only ``QImage`` is made off the UI thread; pixmaps are made on it. The pages fit the
width (the default) or the whole page, or zoom in and out (Ctrl++, Ctrl+-; Ctrl+0 fits the
page).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gui.dialogs.confirm import ErrorDialog
from gui.dialogs.files import FileDialogs
from gui.workers import Workers
from rules.character import CharacterBase
from storage.atomic_file import atomic_write_bytes
from storage.system_sheets import ASPECT_CARDS, CARDS, common_kinds

PAPERS: tuple[tuple[str, str], ...] = (("a4", "A4"), ("letter", "US Letter"))
PREVIEW_SCALE = 2.0  # PDF points -> pixels: 144 dpi, sharp when zoomed in
PRINT_SCALE = 200 / 72  # 200 dpi for printing
ZOOM_STEP = 1.25
ZOOM_RANGE = (0.1, 2.0)  # of the rendered page images
PAGE_MARGIN = 24  # pixels round the pages
FIT_WIDTH, FIT_PAGE, CUSTOM = "fit-width", "fit-page", "custom"


class PrintJob(NamedTuple):
    """Something other than characters to preview and print (the GM conflict sheet).

    Attributes:
        title: The dialog's title.
        name: The suggested file name, without ".pdf".
        render: Renders the PDF: ``render(out, paper)`` returns the number of pages (called on a
            worker thread).
    """

    title: str
    name: str
    render: Callable[[Any, str], int]


def print_kinds(characters: Sequence[CharacterBase], registry: Any) -> list[tuple[str, str]]:
    """(key, title) of what can be printed for ``characters``, in menu order.

    The kinds every one of their systems declares that are filled in from a character, the NPC
    cards, then the blank kinds.
    """
    infos = [registry.info(sid) for sid in dict.fromkeys(c.system for c in characters)]
    kinds = common_kinds(infos)
    ordered = [k for k in kinds if k.needs_character] + [CARDS, ASPECT_CARDS]
    ordered += [k for k in kinds if not k.needs_character]
    return [(k.key, k.title) for k in ordered]


def render_characters_pdf(
    characters: Sequence[CharacterBase],
    registry: Any,
    out: Any,
    *,
    kind: str | None = None,
    paper: str = "a4",
) -> int:
    """Render ``characters`` as ``kind`` to ``out`` (a path or a binary stream); returns pages.

    ``kind`` None prints each character with its system's default kind. Safe to call from a
    worker thread.
    """
    if kind == CARDS.key:
        from storage.pdf.cards import render_character_cards

        return render_character_cards(characters, registry, out, paper)
    if kind == ASPECT_CARDS.key:
        from storage.pdf.cards import render_aspect_cards
        from storage.system_sheets import aspect_cards

        return render_aspect_cards(aspect_cards(characters, registry), out, paper)
    from storage.pdf.render import render_pdf

    return render_pdf(characters, registry, out, kind, paper)


def rasterize(pdf: bytes, scale: float = PREVIEW_SCALE) -> list[QImage]:
    """Every page of ``pdf`` as an image (thread-safe: QImage, not QPixmap)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    images: list[QImage] = []
    try:
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(scale=scale, rev_byteorder=True)
            fmt = (
                QImage.Format.Format_RGBA8888
                if bitmap.n_channels == 4
                else QImage.Format.Format_RGB888
            )
            image = QImage(
                bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride, fmt
            ).copy()
            images.append(image)
            bitmap.close()
            page.close()
    finally:
        document.close()
    return images


class PrintPreviewDialog(QDialog):
    """Shows the pages of the PDF for some characters; choose the kind and paper, then save.

    Signals:
        pages_ready(int): the preview was (re)built with this many pages.
        render_failed(str): rendering failed, with the reason.
    """

    pages_ready = Signal(int)
    render_failed = Signal(str)

    def __init__(
        self,
        characters: Sequence[CharacterBase],
        registry: Any,
        settings: Any,
        parent: QWidget | None = None,
        *,
        job: PrintJob | None = None,
    ) -> None:
        super().__init__(parent)
        self._characters = list(characters)
        self._registry = registry
        self._settings = settings
        self._job = job
        self._workers = Workers(parent=self)
        self._generation = 0
        self.pdf: bytes = b""
        self.images: list[QImage] = []
        self.zoom_mode = FIT_WIDTH
        self.zoom = 1.0  # shown size / rendered image size, when zoom_mode is CUSTOM
        self.page_labels: list[QLabel] = []
        names = [c.name.strip() or "Unnamed character" for c in self._characters]
        if job is not None:
            names = [job.title]
            self.setWindowTitle(f"Print \u2014 {job.title}")
        else:
            self.setWindowTitle(
                f"Print \u2014 {names[0]}"
                if len(names) == 1
                else f"Print \u2014 {len(names)} characters"
            )
        self.resize(980, 700)

        self.kinds = print_kinds(self._characters, registry) if job is None else []
        self.kind = QComboBox()
        for key, label in self.kinds:
            self.kind.addItem(label, key)
        self.paper = QComboBox()
        for key, label in PAPERS:
            self.paper.addItem(label, key)
        self.paper.setCurrentIndex(max(0, self.paper.findData(settings.paper)))
        self.status = QLabel("Rendering\u2026")
        self.kind.currentIndexChanged.connect(self.refresh)
        self.paper.currentIndexChanged.connect(self._on_paper)
        top = QHBoxLayout()
        if job is None:
            top.addWidget(QLabel("Print:"))
            top.addWidget(self.kind)
            top.addSpacing(12)
        else:
            self.kind.hide()
        top.addWidget(QLabel("Paper:"))
        top.addWidget(self.paper)
        top.addSpacing(12)
        self._add_zoom_controls(top)
        top.addStretch(1)
        top.addWidget(self.status)

        self.pages = QWidget()
        self.pages.setObjectName("previewPages")
        self.pages.setAutoFillBackground(True)
        palette = self.pages.palette()
        palette.setColor(self.pages.backgroundRole(), QColor(118, 121, 126))
        self.pages.setPalette(palette)
        self.pages_layout = QVBoxLayout(self.pages)
        self.pages_layout.setContentsMargins(PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN)
        self.pages_layout.setSpacing(24)
        self.pages_layout.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.pages)
        self.scroll_area.setWidgetResizable(True)

        self.save_button = QPushButton("Save PDF\u2026")
        self.save_button.setDefault(True)
        self.print_button = QPushButton("Print\u2026")
        close = QPushButton("Close")
        self.save_button.clicked.connect(self._on_save)
        self.print_button.clicked.connect(self._on_print)
        close.clicked.connect(self.reject)
        bottom = QHBoxLayout()
        summary = QLabel(
            ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        )
        summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bottom.addWidget(summary, 1)
        bottom.addWidget(self.print_button)
        bottom.addWidget(self.save_button)
        bottom.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.scroll_area, 1)
        layout.addLayout(bottom)
        self._set_busy(True)
        self.refresh()

    # -- rendering ------------------------------------------------------------------------------

    def current_kind(self) -> str:
        """The chosen kind of print-out."""
        return str(self.kind.currentData())

    def current_paper(self) -> str:
        """The chosen paper size."""
        return str(self.paper.currentData())

    def _on_paper(self) -> None:
        self._settings.paper = self.current_paper()
        self.refresh()

    def refresh(self) -> None:
        """Render the PDF and its page images again on a worker thread."""
        self._generation += 1
        generation = self._generation
        characters, registry = list(self._characters), self._registry
        kind, paper = self.current_kind(), self.current_paper()
        self._set_busy(True)

        print_job = self._job

        def job() -> tuple[int, bytes, list[QImage]]:
            buffer = io.BytesIO()
            if print_job is not None:
                print_job.render(buffer, paper)
            else:
                render_characters_pdf(characters, registry, buffer, kind=kind, paper=paper)
            data = buffer.getvalue()
            return generation, data, rasterize(data)

        self._workers.run(job, self._on_rendered, self._on_failed)

    def _on_rendered(self, result: tuple[int, bytes, list[QImage]]) -> None:
        generation, data, images = result
        if generation != self._generation:
            return  # an older request; a newer one is on its way
        self.pdf, self.images = data, images
        self._show_pages()
        self._set_busy(False)
        count = len(images)
        self.status.setText(f"{count} page{'s' if count != 1 else ''}")
        self.pages_ready.emit(count)

    def _on_failed(self, message: str) -> None:
        self._set_busy(False)
        self.save_button.setEnabled(False)
        self.print_button.setEnabled(False)
        self.status.setText("Could not render")
        self.render_failed.emit(message)
        ErrorDialog.ask(self, "Cannot print", message)

    def _set_busy(self, busy: bool) -> None:
        if busy:
            self.status.setText("Rendering\u2026")
        self.save_button.setEnabled(not busy)
        self.print_button.setEnabled(not busy)

    def _show_pages(self) -> None:
        while self.pages_layout.count():
            item = self.pages_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.page_labels = []
        for number in range(1, len(self.images) + 1):
            label = QLabel()
            label.setToolTip(f"Page {number} of {len(self.images)}")
            shadow = QGraphicsDropShadowEffect(label)
            shadow.setBlurRadius(18)
            shadow.setOffset(0, 3)
            shadow.setColor(QColor(0, 0, 0, 110))
            label.setGraphicsEffect(shadow)
            self.pages_layout.addWidget(label, 0, Qt.AlignmentFlag.AlignHCenter)
            self.page_labels.append(label)
        self._scale_pages()

    # -- zoom -----------------------------------------------------------------------------------

    def _add_zoom_controls(self, row: QHBoxLayout) -> None:
        """Zoom out / in, fit width, fit page: buttons, and actions with the usual shortcuts."""

        def action(text: str, keys: Sequence[QKeySequence], slot: Callable[[], None]) -> QAction:
            act = QAction(text, self)
            act.setShortcuts(list(keys))
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        std = QKeySequence.StandardKey
        self.zoom_out_action = action("Zoom out", QKeySequence.keyBindings(std.ZoomOut),
                                      self.zoom_out)  # fmt: skip
        self.zoom_in_action = action(
            "Zoom in", [*QKeySequence.keyBindings(std.ZoomIn), QKeySequence("Ctrl+=")],
            self.zoom_in,
        )  # fmt: skip
        self.fit_page_action = action("Fit page", [QKeySequence("Ctrl+0")], self.fit_page)
        self.fit_width_action = action("Fit width", [], self.fit_width)
        self.zoom_label = QLabel()
        self.zoom_label.setMinimumWidth(44)
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        for act, text in ((self.zoom_out_action, "\u2212"), (self.zoom_in_action, "+")):
            button = QPushButton(text)
            button.setFixedWidth(32)
            button.setToolTip(
                f"{act.text()} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
            )
            button.clicked.connect(act.trigger)
            row.addWidget(button)
            if act is self.zoom_out_action:
                row.addWidget(self.zoom_label)
        self.fit_width_button = QPushButton("Fit width")
        self.fit_width_button.setCheckable(True)
        self.fit_width_button.clicked.connect(self.fit_width)
        self.fit_page_button = QPushButton("Fit page")
        self.fit_page_button.setCheckable(True)
        self.fit_page_button.setToolTip("Fit page (Ctrl+0)")
        self.fit_page_button.clicked.connect(self.fit_page)
        row.addWidget(self.fit_width_button)
        row.addWidget(self.fit_page_button)

    def _fit_zoom(self, mode: str) -> float:
        """The zoom at which the first page fits the view's width, or the whole page."""
        if not self.images:
            return 1.0
        image = self.images[0]
        view = self.scroll_area.viewport().size()
        room_w = max(50, view.width() - 2 * PAGE_MARGIN)
        zoom = room_w / max(1, image.width())
        if mode == FIT_PAGE:
            room_h = max(50, view.height() - 2 * PAGE_MARGIN)
            zoom = min(zoom, room_h / max(1, image.height()))
        return zoom

    def current_zoom(self) -> float:
        """Shown size / rendered size of the pages now."""
        return self.zoom if self.zoom_mode == CUSTOM else self._fit_zoom(self.zoom_mode)

    def _set_zoom(self, mode: str, zoom: float | None = None) -> None:
        self.zoom_mode = mode
        if zoom is not None:
            self.zoom = min(ZOOM_RANGE[1], max(ZOOM_RANGE[0], zoom))
        self._scale_pages()

    def zoom_in(self) -> None:
        """Ctrl++: a step larger."""
        self._set_zoom(CUSTOM, self.current_zoom() * ZOOM_STEP)

    def zoom_out(self) -> None:
        """Ctrl+-: a step smaller."""
        self._set_zoom(CUSTOM, self.current_zoom() / ZOOM_STEP)

    def fit_width(self) -> None:
        """Pages as wide as the view (the default)."""
        self._set_zoom(FIT_WIDTH)

    def fit_page(self) -> None:
        """Ctrl+0: a whole page in view."""
        self._set_zoom(FIT_PAGE)

    def _scale_pages(self) -> None:
        zoom = self.current_zoom()
        for label, image in zip(self.page_labels, self.images, strict=False):
            width = max(1, round(image.width() * zoom))
            pixmap = QPixmap.fromImage(image).scaledToWidth(
                width, Qt.TransformationMode.SmoothTransformation
            )
            label.setPixmap(pixmap)
            label.setFixedSize(pixmap.size())
        # 100%: the page at 96 pixels an inch, about its real size on a common screen.
        percent = round(zoom * PREVIEW_SCALE * 72 / 96 * 100)
        self.zoom_label.setText(f"{percent}%")
        self.fit_width_button.setChecked(self.zoom_mode == FIT_WIDTH)
        self.fit_page_button.setChecked(self.zoom_mode == FIT_PAGE)
        self.zoom_in_action.setEnabled(zoom < ZOOM_RANGE[1])
        self.zoom_out_action.setEnabled(zoom > ZOOM_RANGE[0])

    def resizeEvent(self, event: Any) -> None:
        """Fitted pages follow the window's size."""
        super().resizeEvent(event)
        if self.zoom_mode != CUSTOM and self.images:
            self._scale_pages()

    # -- output ---------------------------------------------------------------------------------

    def suggested_name(self) -> str:
        """A file name for the PDF."""
        folder = getattr(self._settings, "last_folder", "") or str(Path.home())
        if self._job is not None:
            safe = "".join(ch if ch not in '/\\:*?"<>|' else "_" for ch in self._job.name)
            return str(Path(folder) / f"{safe or 'print'}.pdf")
        if len(self._characters) == 1:
            base = self._characters[0].name.strip() or "character"
        else:
            base = "characters"
        kind = self.current_kind()
        default = self.kinds[0][0] if self.kinds else kind
        suffix = "" if kind == default else f" ({dict(self.kinds)[kind].split(' (')[0].lower()})"
        safe = "".join(ch if ch not in '/\\:*?"<>|' else "_" for ch in base + suffix)
        folder = getattr(self._settings, "last_folder", "") or str(Path.home())
        return str(Path(folder) / f"{safe}.pdf")

    def save_pdf(self, path: Path) -> None:
        """Write the previewed PDF to ``path`` (the same bytes the preview shows)."""
        atomic_write_bytes(Path(path), self.pdf)

    def _on_save(self) -> None:
        path = FileDialogs.save_pdf(self, self.suggested_name())
        if path is None:
            return
        try:
            self.save_pdf(path)
        except OSError as exc:
            ErrorDialog.ask(self, "Cannot save the PDF", f"{path}: {exc.strerror or exc}")
            return
        self._settings.last_folder = str(path.parent)
        self.saved_path = path
        self._say_saved(path)
        self.accept()

    def _say_saved(self, path: Path) -> None:
        """ "Saved to ..." in the status bar of the window the preview was opened from (the
        preview closes on saving, so the message must outlive it)."""
        parent = self.parentWidget()
        window = parent.window() if parent is not None else None
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(f"Saved to {path}", 10_000)

    def print_to(self, printer: Any) -> int:
        """Paint every page on ``printer`` (a ``QPrinter``); returns the pages printed."""
        images = rasterize(self.pdf, PRINT_SCALE) if self.pdf else []
        painter = QPainter()
        if not images or not painter.begin(printer):
            return 0
        try:
            for number, image in enumerate(images):
                if number:
                    printer.newPage()
                area = painter.viewport()
                size = image.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
                target = QRect(area.x(), area.y(), size.width(), size.height())
                painter.setViewport(target)
                painter.setWindow(image.rect())
                painter.drawImage(0, 0, image)
                painter.setViewport(area)
        finally:
            painter.end()
        return len(images)

    def _on_print(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.print_to(printer)

    def sizeHint(self) -> QSize:
        """Room for a page at a readable width."""
        return QSize(980, 700)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        characters: Sequence[CharacterBase],
        registry: Any,
        settings: Any,
    ) -> Path | None:
        """Show the preview; returns where the PDF was saved, or None."""
        dialog = cls(characters, registry, settings, parent)
        dialog.saved_path = None
        dialog.exec()
        dialog._workers.wait()
        saved: Path | None = dialog.saved_path
        return saved

    @classmethod
    def ask_job(cls, parent: QWidget | None, job: PrintJob, settings: Any) -> Path | None:
        """Preview ``job`` (paper from ``settings``); returns where the PDF was saved, or None."""
        dialog = cls([], None, settings, parent, job=job)
        dialog.saved_path = None
        dialog.exec()
        dialog._workers.wait()
        saved: Path | None = dialog.saved_path
        return saved

    saved_path: Path | None = None
