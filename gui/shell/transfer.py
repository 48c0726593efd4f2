"""GUI layer: importing, exporting and printing from the main window.

:class:`Transfer` imports character files and archives, exports the current or selected
character and the whole library, and previews or renders the printable sheets; the slow parts
run on workers. None of it is undoable. It reports through signals.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from gui.shell.library_page import LibraryPage
from rules.errors import FatesmithError

if TYPE_CHECKING:
    from gui.settings import Settings
    from gui.shell.characters import CharacterDocuments
    from rules.character import CharacterBase
    from storage.library import Library

IMPORT_SUFFIXES = (".json", ".zip")


def _in_memory(url: str) -> bool:
    """Whether ``url`` is a SQLite database that lives in memory only."""
    from storage.db import in_memory, parse_url

    try:
        return in_memory(parse_url(url))
    except FatesmithError:
        return False


class Transfer(QObject):
    """Import, export and print.

    Args:
        page: The library page (its selection and campaign filter).
        library: Returns the window's current library.
        registry: The game systems (sheets).
        workers: The window's worker pool.
        settings: Preferences (last folder, paper).
        characters: The open character tabs (the current one is exported or printed).
        dialog_parent: Parent of file dialogs and messages.

    Signals:
        status(str, int): a status bar message and its timeout (0: until replaced).
        imported(object): characters were imported (the import report).
    """

    status = Signal(str, int)
    imported = Signal(object)

    def __init__(
        self,
        *,
        page: LibraryPage,
        library: Callable[[], Any],
        registry: Any,
        workers: Any,
        settings: Settings,
        characters: CharacterDocuments,
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self.page = page
        self._library = library
        self.registry = registry
        self.workers = workers
        self.settings = settings
        self.characters = characters
        self._parent = dialog_parent

    @property
    def library(self) -> Any:
        """The window's library."""
        return self._library()

    def _error(self, title: str, message: str) -> None:
        from gui.dialogs.confirm import ErrorDialog

        ErrorDialog.ask(self._parent, title, message)

    def _suggest(self, name: str) -> str:
        safe = "".join(ch if ch not in '/\\:*?"<>|' else "_" for ch in name)
        folder = self.settings.last_folder or str(Path.home())
        return str(Path(folder) / safe)

    def _on_job_failed(self, message: str) -> None:
        self.status.emit("", 0)
        self._error("Fatesmith", message)

    # -- import -----------------------------------------------------------------------------------

    def import_files(self) -> None:
        """Choose files to import."""
        from gui.dialogs.files import FileDialogs

        paths = FileDialogs.open_import_files(self._parent, self.settings.last_folder)
        if paths:
            self.settings.last_folder = str(paths[0].parent)
            self.import_paths(paths)

    def import_paths(self, paths: Sequence[Path]) -> Any:
        """Import character files and archives; returns the first worker job's signals.

        A worker first looks for characters the library holds under the same id but
        differently (an edited file imported again); if there are any, the user chooses for
        each (once, with "apply to all") to replace it, keep both or skip it, then the import
        runs in a worker. Cancelling that question imports nothing.
        """
        if self.library.read_only:
            self._error("Read-only library", "Characters cannot be imported into this library.")
            return None
        if _in_memory(self.library.url):
            # Each worker opens its own connection: it would be a new, empty database, and the
            # characters would vanish with it while the import reported a success.
            self._error(
                "In-memory library",
                "This library lives in memory only (sqlite://), so imported characters could "
                "not be kept. Open a library file to import characters.",
            )
            return None
        wanted = [Path(p) for p in paths]

        def scan(library: Library) -> Any:
            return library.duplicates_in_files(wanted), library.rules_data_in_files(wanted)

        def scanned(found: Any) -> None:
            from gui.dialogs.duplicates import DuplicatesDialog

            duplicates, rules_data = found
            choices: dict[uuid.UUID, str] = {}
            rules_choices: dict[tuple[str, str], str] = {}
            if duplicates:
                self.status.emit("", 0)
                decided = DuplicatesDialog.decide(self._parent, duplicates)
                if decided is None:
                    self.status.emit("Import cancelled: nothing was imported", 5000)
                    return
                choices = decided
            if rules_data:
                self.status.emit("", 0)
                kept = DuplicatesDialog.decide(self._parent, rules_data, rules_data=True)
                if kept is None:
                    self.status.emit("Import cancelled: nothing was imported", 5000)
                    return
                rules_choices = kept
            self._run_import(wanted, choices, rules_choices)

        self.status.emit("Importing\u2026", 0)
        return self.workers.run_with_library(scan, scanned, self._on_job_failed)

    def _run_import(
        self,
        paths: Sequence[Path],
        choices: dict[uuid.UUID, str],
        rules_choices: dict[tuple[str, str], str] | None = None,
    ) -> Any:
        """Import ``paths`` in a worker, ``choices`` saying what to do with each duplicate
        character and ``rules_choices`` with each rules data document the library holds
        differently (unasked ones keep the library's)."""
        files = [p for p in paths if p.suffix.lower() != ".zip"]
        archives = [p for p in paths if p.suffix.lower() == ".zip"]

        def job(library: Library) -> Any:
            from storage.library import ImportReport

            reports: list[ImportReport] = []
            failed: list[tuple[str, str]] = []
            if files:
                reports.append(library.import_character_files(files, on_duplicate=choices))
            for archive in archives:
                try:
                    reports.append(
                        library.import_archive(
                            archive,
                            partial=True,
                            on_duplicate=choices,
                            on_rules_data=rules_choices or {},
                        )
                    )
                except FatesmithError as exc:
                    failed.append((archive.name, str(exc)))
            return ImportReport(
                imported=tuple(s for r in reports for s in r.imported),
                failed=tuple(f for r in reports for f in r.failed) + tuple(failed),
                replaced=tuple(s for r in reports for s in r.replaced),
                copies=tuple(i for r in reports for i in r.copies),
                unchanged=tuple(n for r in reports for n in r.unchanged),
                skipped=tuple(n for r in reports for n in r.skipped),
                rules_data=tuple(d for r in reports for d in r.rules_data),
            )

        self.status.emit("Importing\u2026", 0)
        return self.workers.run_with_library(job, self._on_imported, self._on_job_failed)

    def _on_imported(self, report: Any) -> None:
        from gui.dialogs.import_report import ImportReportDialog, summary_text

        self.imported.emit(report)
        self.page.select_ids([s.id for s in (*report.imported, *report.replaced)])
        self.status.emit(summary_text(report), 8000)
        touched = any(outcome != "unchanged" for _what, outcome in report.rules_data)
        if (
            report.failed
            or report.replaced
            or report.copies
            or report.skipped
            or report.unchanged
            or touched
        ):
            ImportReportDialog.ask(self._parent, report)

    # -- export -----------------------------------------------------------------------------------

    def export_selected_file(self) -> Path | None:
        """Export the current or selected character as a ``.fatesmith.json`` file."""
        from gui.dialogs.files import FileDialogs

        tab = self.characters.current_tab()
        if tab is not None:
            character = tab.document.character
            suggested = (character.name or "character").strip() + ".fatesmith.json"
            path = FileDialogs.save_character_file(self._parent, self._suggest(suggested))
            if path is None:
                return None
            from storage.json_io import write_character_file

            try:
                write_character_file(path, character)
            except OSError as exc:
                self._error("Cannot export", f"{path}: {exc.strerror or exc}")
                return None
            self.status.emit(f"Exported to {path}", 5000)
            return path
        ids = self.page.selected_ids()
        if len(ids) != 1:
            return None
        summary = self.page.model.object_by_id(ids[0])
        name = (summary.name if summary is not None else "") or "character"
        path = FileDialogs.save_character_file(
            self._parent, self._suggest(f"{name}.fatesmith.json")
        )
        if path is None:
            return None
        try:
            self.library.export_character_file(ids[0], path)
        except (FatesmithError, OSError) as exc:
            self._error("Cannot export", str(exc))
            return None
        self.settings.last_folder = str(path.parent)
        self.status.emit(f"Exported to {path}", 5000)
        return path

    def export_archive(self) -> Any:
        """Export the library (or the chosen campaign) as one archive, in a worker."""
        from gui.dialogs.files import FileDialogs

        campaign = self.page.campaign_filter.currentData()
        campaign_id = campaign if isinstance(campaign, uuid.UUID) else None
        path = FileDialogs.save_archive(self._parent, self._suggest("fatesmith-library.zip"))
        if path is None:
            return None
        self.settings.last_folder = str(path.parent)

        def job(library: Library) -> Path:
            library.export_archive(path, campaign_id=campaign_id)
            return path

        self.status.emit("Exporting\u2026", 0)
        return self.workers.run_with_library(
            job,
            lambda p: self.status.emit(f"Exported the archive to {p}", 5000),
            self._on_job_failed,
        )

    # -- printing ---------------------------------------------------------------------------------

    def _characters_to_print(self) -> list[CharacterBase]:
        tab = self.characters.current_tab()
        if tab is not None:
            return [tab.document.character]
        out = []
        for character_id in self.page.selected_ids():
            try:
                out.append(self.library.get_character(character_id).character)
            except FatesmithError as exc:
                self._error("Cannot print", str(exc))
                return []
        return out

    def print_current(self) -> Any:
        """Preview the sheets of the current (or selected) characters and save them as PDF."""
        from gui.dialogs.print_preview import PrintPreviewDialog

        characters = self._characters_to_print()
        if not characters:
            return None
        return PrintPreviewDialog.ask(self._parent, characters, self.registry, self.settings)

    def export_selected_pdf(self) -> Any:
        """Save the sheets of the selected characters in one PDF, in a worker."""
        from gui.dialogs.files import FileDialogs
        from gui.dialogs.print_preview import render_characters_pdf

        ids = self.page.selected_ids()
        if not ids:
            return None
        name = "character-sheets.pdf"
        if len(ids) == 1:
            summary = self.page.model.object_by_id(ids[0])
            name = f"{(summary.name if summary else '') or 'character'}.pdf"
        path = FileDialogs.save_pdf(self._parent, self._suggest(name))
        if path is None:
            return None
        self.settings.last_folder = str(path.parent)
        registry, paper = self.registry, self.settings.paper

        def job(library: Library) -> Path:
            characters = [library.get_character(i).character for i in ids]
            render_characters_pdf(characters, registry, path, paper=paper)
            return path

        self.status.emit("Rendering the sheets\u2026", 0)
        return self.workers.run_with_library(
            job,
            lambda p: self.status.emit(f"Saved {len(ids)} sheet(s) to {p}", 6000),
            self._on_job_failed,
        )
