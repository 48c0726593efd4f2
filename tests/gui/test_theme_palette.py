"""The light palette and the toolbar's standard icons are built without QStyle (start-up speed,
gui.theme): each must be exactly what the Fusion style itself gives."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QFile
from PySide6.QtGui import QColor, QIcon, QImage, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyleFactory

from gui.theme import (
    COMMON_IMAGES,
    FUSION,
    ICON_SIZES,
    STANDARD_ICONS,
    apply_theme,
    fusion_light_palette,
    light_palette,
    standard_icon,
)

ROOT = Path(__file__).resolve().parents[2]
GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled, QPalette.ColorGroup.Inactive)
ROLES = [
    r
    for r in QPalette.ColorRole
    if r not in (QPalette.ColorRole.NColorRoles, QPalette.ColorRole.NoRole)
]


def _bit(group: QPalette.ColorGroup, role: QPalette.ColorRole) -> int:
    """The bit of the resolve mask that says ``role`` is set in ``group`` (Qt's own layout)."""
    probe = QPalette()
    probe.setResolveMask(0)
    probe.setColor(group, role, QColor(1, 2, 3))
    return probe.resolveMask()


def _differences(ours: QPalette, theirs: QPalette) -> list[str]:
    """Where two palettes differ: which roles are set, and the colour of each set role."""
    out = []
    if ours.resolveMask() != theirs.resolveMask():
        out.append(f"set roles: {ours.resolveMask():#x} != {theirs.resolveMask():#x}")
    for group in GROUPS:
        for role in ROLES:
            if not theirs.resolveMask() & _bit(group, role):
                continue  # unset: follows the platform either way
            a, b = ours.color(group, role), theirs.color(group, role)
            if a.rgba() != b.rgba():
                out.append(f"{group.name} {role.name}: {a.name()} != {b.name()}")
    return out


def _pixels(icon: QIcon, size: int) -> QImage:
    """The icon at ``size``, in one pixel format (a scaled pixmap may come premultiplied)."""
    return icon.pixmap(size).toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _fusion() -> QStyle:
    style = QStyleFactory.create(FUSION)
    assert style is not None
    return style


def test_the_written_out_palette_is_fusions_own(qapp: QApplication) -> None:
    assert _differences(fusion_light_palette(), _fusion().standardPalette()) == []


def test_the_light_palette_is_fusions_with_the_accent(qapp: QApplication) -> None:
    expected = QPalette(_fusion().standardPalette())
    expected.setColor(QPalette.ColorRole.Highlight, QColor(176, 98, 32))
    expected.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    expected.setColor(QPalette.ColorRole.AlternateBase, QColor(245, 242, 238))
    assert _differences(light_palette(), expected) == []


def test_the_written_out_palette_is_set_on_the_app(qapp: QApplication) -> None:
    apply_theme(qapp, "light")
    try:
        assert qapp.style().name().lower() == FUSION.lower()
        shown = qapp.palette()
        assert shown.color(QPalette.ColorRole.Highlight) == QColor(176, 98, 32)
        assert shown.color(QPalette.ColorRole.Window) == QColor("#efefef")
        disabled = shown.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        assert disabled == QColor("#bebebe")
    finally:
        apply_theme(qapp, "system")


@pytest.mark.parametrize("name", sorted(STANDARD_ICONS))
def test_each_standard_icon_is_the_styles_pixel_for_pixel(qapp: QApplication, name: str) -> None:
    member = STANDARD_ICONS[name][0]
    theirs = _fusion().standardIcon(QStyle.StandardPixmap[member])
    ours = standard_icon(name)
    assert not ours.isNull()
    for size in (16, 20, 24, 32, 48):
        assert _pixels(ours, size) == _pixels(theirs, size), (name, size)


def test_the_icons_are_read_from_files_in_this_qt(qapp: QApplication) -> None:
    """Start-up takes the fast path (no QStyle) only while Qt keeps the files where it did."""
    missing = [
        f"{COMMON_IMAGES}{stem}-{size}.png"
        for _member, stem in STANDARD_ICONS.values()
        for size in ICON_SIZES
        if not QFile.exists(f"{COMMON_IMAGES}{stem}-{size}.png")
    ]
    assert missing == [], "Qt moved the style's icons: update gui.theme.STANDARD_ICONS"


def test_a_new_application_gets_the_fusion_style_without_set_style() -> None:
    """Its first theme skips setStyle; later switches set the style again (StyleChange)."""
    code = (
        "from gui.app import make_application\n"
        "app = make_application()\n"
        "fresh = app.property('fatesmithFreshFusion')\n"
        "from gui.theme import apply_theme\n"
        "apply_theme(app, 'light')\n"
        "print(app.style().name(), fresh, app.property('fatesmithFreshFusion'))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["fusion", "True", "False"]
