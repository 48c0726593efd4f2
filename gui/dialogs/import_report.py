"""GUI layer: the report shown after importing character files: what came in, what did not, why
(replaced, kept beside the stored one, skipped as unchanged or by choice, refused)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


def summary_text(report: Any) -> str:
    """One line for the status bar: how many characters were imported, replaced, kept as
    copies, skipped and refused."""
    copies = len(report.copies)
    if report.unchanged and not (report.imported or report.replaced or report.skipped):
        if len(report.unchanged) == 1:
            said = f"{report.unchanged[0] or '(unnamed)'} is already in the library, unchanged"
        else:
            said = f"{len(report.unchanged)} characters are already in the library, unchanged"
        tail = f"; {len(report.failed)} file(s) could not be imported" if report.failed else ""
        return f"Nothing imported: {said}{tail}"
    parts = [f"Imported {len(report.imported) - copies} character(s)"]
    if report.replaced:
        parts.append(f"replaced {len(report.replaced)}")
    if copies:
        parts.append(f"kept both for {copies} (new copies)")
    if report.unchanged:
        parts.append(f"{len(report.unchanged)} already in the library, unchanged")
    if report.skipped:
        parts.append(f"skipped {len(report.skipped)} already in the library")
    if report.failed:
        parts.append(f"{len(report.failed)} file(s) could not be imported")
    changed = [o for _what, o in report.rules_data if o in ("imported", "replaced")]
    if changed:
        parts.append(f"rules data: {len(changed)} imported")
    kept = [o for _what, o in report.rules_data if o in ("kept", "skipped")]
    if kept:
        parts.append(f"rules data: kept the library's for {len(kept)}")
    return ", ".join(parts)


RULES_DATA_RESULTS = {
    "imported": "Imported (the library had none of its own)",
    "replaced": "Replaced the library's rules data",
    "unchanged": "Skipped: unchanged",
    "kept": "Kept the library's own (the archive's differs)",
    "skipped": "Skipped: the library has its own",
}
"""What the report says about each document of rules data an archive carried."""


def report_rows(report: Any) -> list[tuple[str, str]]:
    """(item, result) for every character and rules data document the import touched or left
    alone, and every file it refused."""
    copies = set(report.copies)
    rows = []
    for s in report.imported:
        name = s.name or "(unnamed)"
        rows.append((name, "Kept both: imported as a new copy" if s.id in copies else "Imported"))
    rows += [(s.name or "(unnamed)", "Replaced the stored character") for s in report.replaced]
    rows += [(n or "(unnamed)", "Already in the library, unchanged") for n in report.unchanged]
    rows += [(n or "(unnamed)", "Skipped: already in the library") for n in report.skipped]
    rows += [(what, RULES_DATA_RESULTS[outcome]) for what, outcome in report.rules_data]
    rows += [(name, f"Not imported: {reason}") for name, reason in report.failed]
    return rows


class ImportReportDialog(QDialog):
    """Lists what happened to each character and, for each file that failed, the reason in
    plain words."""

    def __init__(self, report: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import report")
        self.resize(640, 380)
        self.summary = summary = QLabel(summary_text(report) + ".")
        summary.setWordWrap(True)
        rows = report_rows(report)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Item", "Result"])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(0, 240)
        for row, (item, result) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(item))
            self.table.setItem(row, 1, QTableWidgetItem(result))
        self.table.resizeRowsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)

    @classmethod
    def ask(cls, parent: QWidget | None, report: Any) -> None:
        """Show the report modally."""
        cls(report, parent).exec()
