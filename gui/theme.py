"""GUI layer: bundled GUI resources (icons, licence notices) and the colour theme.

The theme follows the system's light or dark colour scheme (Qt 6.5+ ``QStyleHints``) unless the
user forces one in the preferences; both use the Fusion style with a full palette so every
widget agrees. There is no application style sheet (it slows every widget down); windows set
their few accents on their own widgets and restyle on the palette change (``fatesmithDark``).

Every accent colour of the GUI is a *role* of :data:`ROLES` (the current actor's row, an error,
a warning, something done, something still to do...), each a light and a dark colour chosen to
stay readable on that theme's background: widgets ask :func:`colour` / :func:`css` for a role
instead of spelling a colour, so the dark theme never shows dark red on dark grey or white text
on pale yellow. :func:`contrast_ratio` is the WCAG 2 measure the tests hold them to.

The UI scale (:func:`apply_scale`) multiplies the application font for a projector or a 4K
screen; the player view and the encounter table scale their own larger fonts by the same factor.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

from PySide6.QtCore import QEvent, QFile, QObject, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from gui.settings import ThemeMode
from storage.bundled import bundled_path

REPO_ROOT = Path(__file__).resolve().parents[1]
FUSION = "Fusion"  # the app's one Qt style (a full palette is set on it)
# On the QApplication: made with the Fusion style already (gui.app.make_application).
FRESH_FUSION = "fatesmithFreshFusion"

# Start-up (benchmarks/bench_gui.py): nothing the first window needs touches QStyle from
# Python. Handing PySide6 a QStyle makes it build all of QStyle's enums (eleven of them, about
# 500 members: some 49 million instructions, a tenth of the app's own start-up work), so the
# style is given on QApplication's command line (gui.app.make_application), the light palette
# is written out below, and the standard icons are read from the files the style reads.


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


# Fusion's standard light palette (``QStyleFactory.create("Fusion").standardPalette()``, Qt 6),
# with the roles it leaves unset (the link colours) left unset: those follow the platform, as
# they did when the palette came from the style. tests/gui/test_theme_palette.py
# holds this table to the style's own palette.
_FUSION_LIGHT: dict[str, str] = {
    "WindowText": "#000000", "Button": "#efefef", "Light": "#ffffff", "Midlight": "#cacaca",
    "Dark": "#9f9f9f", "Mid": "#b8b8b8", "Text": "#000000", "BrightText": "#ffffff",
    "ButtonText": "#000000", "Base": "#ffffff", "Window": "#efefef", "Shadow": "#767676",
    "Highlight": "#308cc6", "HighlightedText": "#ffffff", "Link": "#0000ff",
    "LinkVisited": "#ff00ff", "AlternateBase": "#f7f7f7", "ToolTipBase": "#ffffdc",
    "ToolTipText": "#000000", "PlaceholderText": "#80000000", "Accent": "#308cc6",
}  # fmt: skip
_FUSION_DISABLED: dict[str, str] = {
    "WindowText": "#bebebe", "Dark": "#bebebe", "Text": "#bebebe", "ButtonText": "#bebebe",
    "Base": "#efefef", "Shadow": "#b1b1b1", "Highlight": "#919191", "Accent": "#919191",
}  # fmt: skip
_FUSION_UNSET = ("Link", "LinkVisited")  # in no colour group


def fusion_light_palette() -> QPalette:
    """Fusion's standard light palette, built without asking the style for it."""
    p = QPalette()
    groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
    for role_name, colour_text in _FUSION_LIGHT.items():
        if role_name in _FUSION_UNSET:
            continue
        role = QPalette.ColorRole[role_name]
        # "#AARRGGBB" (the placeholder's half-transparent black) or "#RRGGBB".
        for group in groups:
            p.setColor(group, role, QColor.fromString(colour_text))
        disabled = _FUSION_DISABLED.get(role_name, colour_text)
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor.fromString(disabled))
    return p


def light_palette() -> QPalette:
    """A light palette: Fusion's standard one with the Fatesmith accent."""
    p = fusion_light_palette()
    p.setColor(QPalette.ColorRole.Highlight, QColor(176, 98, 32))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    p.setColor(QPalette.ColorRole.AlternateBase, QColor(245, 242, 238))
    return p


# The style's standard icons the main window shows at once, as (QStyle.StandardPixmap member,
# file stem): the files QCommonStyle itself reads from the resources of QtWidgets, one per size
# in ICON_SIZES. tests/gui/test_theme_palette.py checks each is the style's icon pixel for
# pixel; should a Qt release move them, standard_icon asks the style instead.
COMMON_IMAGES = ":/qt-project.org/styles/commonstyle/images/"
ICON_SIZES = (16, 32, 128)
# (the arrows' "-128" files hold 32-pixel images and their "-32" files 128-pixel ones: each is
# added, as the style adds it, for the size its name says)
STANDARD_ICONS: dict[str, tuple[str, str]] = {
    "file": ("SP_FileIcon", "file"),
    "open": ("SP_DialogOpenButton", "standardbutton-open"),
    "save": ("SP_DialogSaveButton", "standardbutton-save"),
    "details": ("SP_FileDialogDetailedView", "viewdetailed"),
    "trash": ("SP_TrashIcon", "trash"),
    "down": ("SP_ArrowDown", "arrow-down"),
    "up": ("SP_ArrowUp", "arrow-up"),
    "back": ("SP_ArrowBack", "arrow-left"),  # left to right: see standard_icon
    "forward": ("SP_ArrowForward", "arrow-right"),
}


def standard_icon(name: str) -> QIcon:
    """The style's standard icon ``name`` (a key of :data:`STANDARD_ICONS`)."""
    member, stem = STANDARD_ICONS[name]
    files = {size: f"{COMMON_IMAGES}{stem}-{size}.png" for size in ICON_SIZES}
    left_to_right = QGuiApplication.layoutDirection() == Qt.LayoutDirection.LeftToRight
    if left_to_right and all(QFile.exists(f) for f in files.values()):
        icon = QIcon()
        for size, file in files.items():
            icon.addFile(file, QSize(size, size))
        return icon
    from PySide6.QtWidgets import QStyle

    return QApplication.style().standardIcon(QStyle.StandardPixmap[member])


def is_dark(mode: ThemeMode) -> bool:
    """Whether ``mode`` means dark on this system right now."""
    return mode == "dark" or (mode == "system" and system_is_dark())


ColourRole = Literal[
    "current_bg",
    "current_fg",
    "error",
    "error_bg",
    "warning",
    "warning_bg",
    "ok",
    "muted",
    "todo",
    "hint",
    "gm",
    "title",
    "subtle",
    "banner_bg",
    "banner_border",
    "banner_text",
    "header_bg",
    "control_edge",
]


class RolePair(NamedTuple):
    """A role's colour on the light and on the dark theme."""

    light: str
    dark: str


ROLES: dict[ColourRole, RolePair] = {
    # the current actor's row: a warm background with text readable on it (contrast >= 4.5)
    "current_bg": RolePair("#ffecb3", "#5c4712"),
    "current_fg": RolePair("#1a1a1a", "#fff3d1"),
    # problems: an error must read as an error (red), a warning as amber, on Base and Window
    "error": RolePair("#b3261e", "#ff8a80"),
    "error_bg": RolePair("#fad7d7", "#5a2424"),
    "warning": RolePair("#8a5300", "#f0b84a"),
    "warning_bg": RolePair("#fff0c8", "#4d3b12"),
    # done and well-formed
    "ok": RolePair("#1e783c", "#6fd68a"),
    # out of play (taken out, not available): quieter than the text, still legible
    "muted": RolePair("#767676", "#9a9da3"),
    # what is still to do, before the user has touched it: neutral, not an error
    "todo": RolePair("#55606e", "#aab2bd"),
    # a hint or a tip in a form
    "hint": RolePair("#805300", "#e6b873"),
    # something only the game master may allow
    "gm": RolePair("#8a5c00", "#e8bd5a"),
    # the library page: section titles, quiet hints, the read-only banner
    "title": RolePair("#7a4312", "#e0a060"),
    "subtle": RolePair("#6e6e6e", "#9a9ca0"),
    "banner_bg": RolePair("#fff1d6", "#4a3a1c"),
    "banner_border": RolePair("#e0b463", "#8c6a2c"),
    "banner_text": RolePair("#6b4700", "#ffdca0"),
    # header rows and columns of grids drawn by hand (e.g. the FATE 2.0 phase builder)
    "header_bg": RolePair("#eef1f5", "#2f343b"),
    # the edge of a control that must read as one (a check box, a toolbar button): 3:1 at
    # least on Base and Window, where Fusion's own outline nearly vanishes on the dark theme
    "control_edge": RolePair("#7a7a7a", "#80858c"),
}
"""Every accent colour the GUI uses, light and dark."""


def theme_is_dark() -> bool:
    """Whether the running application wears the dark theme (False without an application)."""
    app = QApplication.instance()
    if app is None:
        return False
    prop = app.property("fatesmithDark")
    if prop is not None:
        return bool(prop)
    return QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128


def colour(role: ColourRole, dark: bool | None = None) -> QColor:
    """The colour of ``role`` on the active theme (or on the dark one when ``dark``)."""
    pair = ROLES[role]
    return QColor(pair.dark if (theme_is_dark() if dark is None else dark) else pair.light)


def css(role: ColourRole, dark: bool | None = None) -> str:
    """The colour of ``role`` as a style sheet / rich text colour (``#rrggbb``)."""
    return colour(role, dark).name()


class _Tint(QObject):
    """Re-applies a widget's role colour when the theme changes (see :func:`tint`)."""

    def __init__(self, widget: QWidget, role: ColourRole, extra: str) -> None:
        super().__init__(widget)
        self._role, self._extra = role, extra
        self.apply(widget)
        widget.installEventFilter(self)

    def apply(self, widget: QWidget) -> None:
        style = f"color: {css(self._role)};{self._extra}"
        if widget.styleSheet() != style:  # a style sheet's own palette change must not loop
            widget.setStyleSheet(style)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.PaletteChange and isinstance(watched, QWidget):
            self.apply(watched)
        return False


def tint(widget: QWidget, role: ColourRole, extra: str = "") -> None:
    """Colour ``widget``'s text with ``role`` (plus ``extra`` style sheet declarations), now and
    after every change of theme."""
    _Tint(widget, role, extra)


class _Restyle(QObject):
    """Re-writes a widget's style sheet from the theme when the theme changes."""

    def __init__(self, widget: QWidget, sheet: Callable[[], str]) -> None:
        super().__init__(widget)
        self._sheet = sheet
        self.apply(widget)
        widget.installEventFilter(self)

    def apply(self, widget: QWidget) -> None:
        style = self._sheet()
        if widget.styleSheet() != style:  # a style sheet's own palette change must not loop
            widget.setStyleSheet(style)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.PaletteChange and isinstance(watched, QWidget):
            self.apply(watched)
        return False


def _toolbar_buttons_sheet() -> str:
    edge, quiet = css("control_edge"), css("muted")
    return (
        f"QToolButton {{ border: 1px solid {edge}; border-radius: 3px; padding: 2px 8px;"
        " margin: 2px 1px; background: palette(button); }"
        " QToolButton:hover { background: palette(midlight); }"
        " QToolButton:pressed, QToolButton:checked { background: palette(mid); }"
        f" QToolButton:disabled {{ border-color: {quiet}; }}"
    )


def button_look(toolbar: QWidget) -> None:
    """Give a toolbar's text-only buttons a button's edge and face in either theme (a flat
    toolbar of words reads as labels, not commands), now and after every change of theme."""
    _Restyle(toolbar, _toolbar_buttons_sheet)


@cache
def _framed_indicators_style() -> type:
    # Made on first use: handing PySide6 a QStyle builds all of QStyle's enums (start-up).
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QProxyStyle, QStyle

    framed = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
    )

    class FramedIndicatorsStyle(QProxyStyle):
        """Fusion, with every check box edged in the theme's ``control_edge``."""

        def drawPrimitive(
            self, element: Any, option: Any, painter: Any, widget: Any = None
        ) -> None:
            super().drawPrimitive(element, option, painter, widget)
            if element in framed:
                painter.save()
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
                painter.setPen(colour("control_edge"))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
                painter.restore()

    return FramedIndicatorsStyle


def framed_check_boxes(widget: QWidget) -> None:
    """Edge the check boxes ``widget`` draws (its own, or its items') in the theme's
    ``control_edge``: Fusion outlines them in a shade of the window colour that all but
    vanishes on the dark theme's lists. The colour is read as they are painted, so it follows
    the theme."""
    style = _framed_indicators_style()(FUSION)
    style.setParent(widget)
    widget.setStyle(style)


def _luminance(c: QColor) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two opaque colours (1 to 21; 4.5 is the floor for body text)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def base_font_size() -> float:
    """The point size the application font had before any UI scale was applied."""
    app = QApplication.instance()
    if app is None:
        return 10.0
    stored = app.property("fatesmithBasePointSize")
    if stored is None:
        size = QApplication.font().pointSizeF()
        stored = size if size > 0 else 10.0
        app.setProperty("fatesmithBasePointSize", stored)
    return float(stored)


def ui_scale() -> float:
    """The UI scale in force (1.0 without an application or before :func:`apply_scale`)."""
    app = QApplication.instance()
    value = app.property("fatesmithScale") if app is not None else None
    return float(value) if value else 1.0


def apply_scale(app: QApplication, scale: float) -> None:
    """Scale the application font by ``scale`` (live: every widget without a font of its own
    follows; windows with larger fonts of their own listen to ``fatesmithScale``)."""
    base = base_font_size()
    app.setProperty("fatesmithScale", float(scale))
    font = app.font()
    font.setPointSizeF(base * scale)
    app.setFont(font)


def apply_theme(app: QApplication, mode: ThemeMode = "system") -> bool:
    """Style ``app`` for ``mode``; returns whether the dark palette was chosen."""
    if app.property(FRESH_FUSION):
        # The first theme of an app made with the Fusion style: no setStyle, so Python is never
        # handed the QStyle at start-up. Every later switch sets the style again, which sends
        # each widget the StyleChange it restyles itself on.
        app.setProperty(FRESH_FUSION, False)
    else:
        app.setStyle(FUSION)
    dark = is_dark(mode)
    # The property first: widgets restyle themselves on the palette change that follows.
    app.setProperty("fatesmithDark", dark)
    # No application style sheet: it would route every widget of the app through Qt's slower
    # style-sheet style (start-up: benchmarks/bench_gui.py); the library page sets its few
    # fonts and colours on its own widgets (gui.shell.library_page.LibraryPage.apply_style).
    app.setStyleSheet("")
    app.setPalette(dark_palette() if dark else light_palette())
    return dark
