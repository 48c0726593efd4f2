"""GUI layer: the About box, with the program's version and the game content's licence notices."""

from __future__ import annotations

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from gui.theme import app_icon, notice_text


class AboutDialog(QDialog):
    """Name, version, what Fatesmith is, and the full NOTICE text (OGL section 15, CC)."""

    def __init__(self, version: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Fatesmith")
        self.resize(720, 560)
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(72, 72))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel(f"<h2>Fatesmith {version}</h2>")
        blurb = QLabel(
            "A character and encounter manager for FATE-family tabletop role-playing games "
            "(Spirit of the Century first).<br>"
            f"Built with Qt {qVersion()} and PySide6 {pyside_version}.<br><br>"
            "The program code is original work of the Fatesmith developers. The game rules "
            "content is used under the licences below."
        )
        blurb.setWordWrap(True)
        blurb.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head = QHBoxLayout()
        head.addWidget(icon)
        text_col = QVBoxLayout()
        text_col.addWidget(title)
        text_col.addWidget(blurb)
        head.addLayout(text_col, 1)
        self.notice = QPlainTextEdit(notice_text())
        self.notice.setReadOnly(True)
        self.notice.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        mono = QFont("DejaVu Sans")
        mono.setPointSize(9)
        self.notice.setFont(mono)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(QLabel("<b>Licence notices</b>"))
        layout.addWidget(self.notice, 1)
        layout.addWidget(buttons)

    @classmethod
    def ask(cls, parent: QWidget | None, version: str) -> None:
        """Show the About box modally."""
        cls(version, parent).exec()
