"""GUI layer: the report shown after importing character files: what came in, what did not, why."""

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


class ImportReportDialog(QDialog):
    """Lists the imported characters and, for each file that failed, the reason in plain words."""

    def __init__(self, report: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import report")
        self.resize(640, 380)
        imported, failed = list(report.imported), list(report.failed)
        summary = QLabel(
            f"Imported {len(imported)} character{'s' if len(imported) != 1 else ''}"
            + (f"; {len(failed)} file{'s' if len(failed) != 1 else ''} could not be imported."
               if failed else ".")
        )  # fmt: skip
        summary.setWordWrap(True)
        self.table = QTableWidget(len(imported) + len(failed), 2)
        self.table.setHorizontalHeaderLabels(["Item", "Result"])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(0, 240)
        row = 0
        for s in imported:
            self.table.setItem(row, 0, QTableWidgetItem(s.name or "(unnamed)"))
            self.table.setItem(row, 1, QTableWidgetItem("Imported"))
            row += 1
        for name, reason in failed:
            self.table.setItem(row, 0, QTableWidgetItem(name))
            self.table.setItem(row, 1, QTableWidgetItem(f"Not imported: {reason}"))
            row += 1
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
