"""GUI layer: the file choosers the app shell uses (import, export, PDF), as ``ask``-style calls.

Wrapping ``QFileDialog`` lets tests replace each chooser with a function returning a path.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

CHARACTER_FILTER = "Fatesmith characters (*.fatesmith.json *.json)"
ARCHIVE_FILTER = "Fatesmith archives (*.zip)"
IMPORT_FILTER = f"{CHARACTER_FILTER};;{ARCHIVE_FILTER};;All files (*)"
PDF_FILTER = "PDF documents (*.pdf)"


def _with_suffix(path: str, suffix: str) -> Path | None:
    if not path:
        return None
    out = Path(path)
    if not out.name.lower().endswith(suffix):
        out = out.with_name(out.name + suffix)
    return out


class FileDialogs:
    """Modal file choosers; each returns chosen paths, or None/[] when cancelled."""

    @classmethod
    def open_import_files(cls, parent: QWidget | None, folder: str = "") -> list[Path]:
        """Character files or archives to import."""
        names, _ = QFileDialog.getOpenFileNames(parent, "Import characters", folder, IMPORT_FILTER)
        return [Path(n) for n in names]

    @classmethod
    def save_character_file(cls, parent: QWidget | None, suggested: str) -> Path | None:
        """Where to export one character file."""
        name, _ = QFileDialog.getSaveFileName(
            parent, "Export character", suggested, CHARACTER_FILTER
        )
        return _with_suffix(name, ".fatesmith.json")

    @classmethod
    def save_archive(cls, parent: QWidget | None, suggested: str) -> Path | None:
        """Where to export an archive of the library."""
        name, _ = QFileDialog.getSaveFileName(parent, "Export archive", suggested, ARCHIVE_FILTER)
        return _with_suffix(name, ".zip")

    @classmethod
    def save_pdf(cls, parent: QWidget | None, suggested: str) -> Path | None:
        """Where to save a PDF."""
        name, _ = QFileDialog.getSaveFileName(parent, "Export PDF", suggested, PDF_FILTER)
        return _with_suffix(name, ".pdf")
