"""GUI layer: the About box, read from the AppStream metainfo, with the licence notices.

The program's name, summary, version (the newest release), licence and homepage are written once,
in ``packaging/io.github.fatesmith.Fatesmith.metainfo.xml``, which software centres read too;
this box reads them from the copy bundled with the app instead of restating them.
"""

from __future__ import annotations

import html
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

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

APP_ID = "io.github.fatesmith.Fatesmith"
METAINFO_FILE = f"{APP_ID}.metainfo.xml"


@dataclass(frozen=True)
class AppMetadata:
    """What the About box shows, as the metainfo file gives it.

    Attributes:
        name: The program's name.
        summary: One line saying what it does.
        version: The newest release listed (releases are listed newest first).
        release_date: That release's date (``YYYY-MM-DD``), or "".
        project_license: The program's licence as an SPDX expression.
        homepage: The homepage URL, or "".
    """

    name: str
    summary: str
    version: str
    release_date: str
    project_license: str
    homepage: str


def metainfo_candidates() -> list[Path]:
    """Where the metainfo may be: a PyInstaller bundle or a checkout, then an install prefix."""
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle))
    roots.append(Path(__file__).resolve().parents[2])
    found = [root / "packaging" / METAINFO_FILE for root in roots]
    found.append(Path(sys.prefix) / "share" / "metainfo" / METAINFO_FILE)
    return found


def metainfo_path() -> Path | None:
    """The first metainfo file that exists, or None when this installation has none."""
    return next((p for p in metainfo_candidates() if p.is_file()), None)


def _text(root: ET.Element, tag: str) -> str:
    """The untranslated text of ``tag`` (elements with ``xml:lang`` are translations)."""
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    for element in root.findall(tag):
        if lang not in element.attrib:
            return " ".join((element.text or "").split())
    return ""


def read_metainfo(path: Path) -> AppMetadata:
    """Parse the fields the About box needs from an AppStream metainfo file.

    Raises:
        ValueError: not a metainfo file, or no name or release in it.
    """
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as exc:
        raise ValueError(f"{path.name}: cannot be read ({exc})") from None
    if root.tag != "component":
        raise ValueError(f"{path.name}: not an AppStream component")
    release = root.find("releases/release")
    name = _text(root, "name")
    if not name or release is None:
        raise ValueError(f"{path.name}: has no name or no release")
    homepage = next(
        (
            " ".join((u.text or "").split())
            for u in root.findall("url")
            if u.get("type") == "homepage"
        ),
        "",
    )
    return AppMetadata(
        name=name,
        summary=_text(root, "summary"),
        version=release.get("version", ""),
        release_date=release.get("date", ""),
        project_license=_text(root, "project_license"),
        homepage=homepage,
    )


def app_metadata() -> AppMetadata | None:
    """The bundled metainfo's fields, or None when it is missing or unreadable."""
    path = metainfo_path()
    if path is None:
        return None
    try:
        return read_metainfo(path)
    except ValueError:
        return None


class AboutDialog(QDialog):
    """Name, version, summary, licence and homepage (from the metainfo), and the NOTICE text."""

    def __init__(
        self,
        version: str = "",
        parent: QWidget | None = None,
        *,
        metadata: AppMetadata | None = None,
    ) -> None:
        """Build the box from ``metadata`` (default: the bundled metainfo).

        Args:
            version: The running program's version, shown only when this installation has no
                metainfo file (otherwise the metainfo's newest release is the version; a test
                keeps the two equal).
            parent: The owning window.
            metadata: The fields to show; read from the bundled metainfo when None.
        """
        super().__init__(parent)
        self.metadata = metadata if metadata is not None else app_metadata()
        meta = self.metadata
        name = meta.name if meta else "Fatesmith"
        self.setWindowTitle(f"About {name}")
        self.resize(720, 560)
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(72, 72))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        version = meta.version if meta else version
        self.title = QLabel(f"<h2>{html.escape(f'{name} {version}'.strip())}</h2>")
        self.title.setObjectName("aboutTitle")
        lines: list[str] = []
        if meta:
            lines.append(html.escape(meta.summary))
            released = f" (released {meta.release_date})" if meta.release_date else ""
            lines.append(f"Version {html.escape(meta.version)}{released}")
            lines.append(f"Licence: {html.escape(meta.project_license)}")
            if meta.homepage:
                url = html.escape(meta.homepage, quote=True)
                lines.append(f'Homepage: <a href="{url}">{url}</a>')
        else:
            lines.append(
                f"(The program's description, {html.escape(METAINFO_FILE)}, is missing from "
                "this installation.)"
            )
        lines.append(f"Built with Qt {qVersion()} and PySide6 {pyside_version}.")
        lines.append(
            "<br>The program code is original work of the Fatesmith developers. The game rules "
            "content is used under the licences below."
        )
        self.blurb = QLabel("<br>".join(lines))
        self.blurb.setObjectName("aboutBlurb")
        self.blurb.setWordWrap(True)
        self.blurb.setTextFormat(Qt.TextFormat.RichText)
        self.blurb.setOpenExternalLinks(True)
        self.blurb.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        head = QHBoxLayout()
        head.addWidget(icon)
        text_col = QVBoxLayout()
        text_col.addWidget(self.title)
        text_col.addWidget(self.blurb)
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
    def ask(cls, parent: QWidget | None, version: str = "") -> None:
        """Show the About box modally (``version``: see :meth:`__init__`)."""
        cls(version, parent).exec()
