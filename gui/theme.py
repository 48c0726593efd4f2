"""GUI layer: bundled GUI resources (icons, licence notices) and the colour theme.

The theme follows the system's light or dark colour scheme (Qt 6.5+ ``QStyleHints``) unless the
user forces one in the preferences; both use the Fusion style with a full palette so every
widget agrees. There is no application style sheet (it slows every widget down); windows set
their few accents on their own widgets and restyle on the palette change (``fatesmithDark``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from gui.settings import ThemeMode
from storage.bundled import bundled_path

REPO_ROOT = Path(__file__).resolve().parents[1]


def resource_path(*parts: str) -> Path:
    """The real path of a bundled file under ``resources/`` (see :mod:`storage.bundled`)."""
    return bundled_path(*parts)


def read_resource_text(*parts: str) -> str:
    """A bundled text file's contents, or an empty string when it is missing."""
    try:
        return resource_path(*parts).read_text(encoding="utf-8")
    except OSError:
        return ""


@cache
def notice_text() -> str:
    """The licence notices (the repository's NOTICE, shipped as ``resources/NOTICE.txt``)."""
    text = read_resource_text("NOTICE.txt")
    if not text:
        root_notice = REPO_ROOT / "NOTICE"
        if root_notice.is_file():
            text = root_notice.read_text(encoding="utf-8")
    return text or "The licence notices (NOTICE) are missing from this installation."


def app_icon() -> QIcon:
    """The Fatesmith icon (SVG, with a PNG fallback)."""
    icon = QIcon()
    for name in ("fatesmith.svg", "fatesmith-256.png", "fatesmith-64.png"):
        path = resource_path("icons", name)
        if path.is_file():
            icon.addFile(str(path))
    return icon


def system_is_dark() -> bool:
    """Whether the platform asks for a dark colour scheme."""
    hints = QGuiApplication.styleHints()
    scheme = hints.colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    # Unknown (e.g. offscreen): judge by the default palette's window colour.
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def dark_palette() -> QPalette:
    """A calm dark palette for the Fusion style."""
    p = QPalette()
    window, base, text = QColor(43, 45, 48), QColor(30, 31, 34), QColor(222, 224, 227)
    accent = QColor(214, 140, 69)
    p.setColor(QPalette.ColorRole.Window, window)
    p.setColor(QPalette.ColorRole.WindowText, text)
    p.setColor(QPalette.ColorRole.Base, base)
    p.setColor(QPalette.ColorRole.AlternateBase, QColor(38, 40, 43))
    p.setColor(QPalette.ColorRole.ToolTipBase, QColor(55, 57, 61))
    p.setColor(QPalette.ColorRole.ToolTipText, text)
    p.setColor(QPalette.ColorRole.PlaceholderText, QColor(140, 143, 148))
    p.setColor(QPalette.ColorRole.Text, text)
    p.setColor(QPalette.ColorRole.Button, QColor(53, 55, 59))
    p.setColor(QPalette.ColorRole.ButtonText, text)
    p.setColor(QPalette.ColorRole.BrightText, QColor(255, 120, 110))
    p.setColor(QPalette.ColorRole.Link, QColor(120, 170, 240))
    p.setColor(QPalette.ColorRole.Highlight, accent)
    p.setColor(QPalette.ColorRole.HighlightedText, QColor(20, 20, 20))
    p.setColor(QPalette.ColorRole.Mid, QColor(70, 72, 76))
    p.setColor(QPalette.ColorRole.Midlight, QColor(80, 82, 86))
    p.setColor(QPalette.ColorRole.Dark, QColor(25, 26, 28))
    p.setColor(QPalette.ColorRole.Shadow, QColor(10, 10, 10))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(120, 122, 126))
    return p


def light_palette() -> QPalette:
    """A light palette: Fusion's standard one with the Fatesmith accent."""
    style = QApplication.style()
    p = QPalette(style.standardPalette()) if style is not None else QPalette()
    p.setColor(QPalette.ColorRole.Highlight, QColor(176, 98, 32))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    p.setColor(QPalette.ColorRole.AlternateBase, QColor(245, 242, 238))
    return p


def is_dark(mode: ThemeMode) -> bool:
    """Whether ``mode`` means dark on this system right now."""
    return mode == "dark" or (mode == "system" and system_is_dark())


def apply_theme(app: QApplication, mode: ThemeMode = "system") -> bool:
    """Style ``app`` for ``mode``; returns whether the dark palette was chosen."""
    app.setStyle("Fusion")
    dark = is_dark(mode)
    # The property first: widgets restyle themselves on the palette change that follows.
    app.setProperty("fatesmithDark", dark)
    # No application style sheet: it would route every widget of the app through Qt's slower
    # style-sheet style (start-up: benchmarks/bench_gui.py); the library page sets its few
    # fonts and colours on its own widgets (gui.shell.library_page.LibraryPage.apply_style).
    app.setStyleSheet("")
    app.setPalette(dark_palette() if dark else light_palette())
    return dark
