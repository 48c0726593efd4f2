"""Every accent colour comes from the theme (issue 14, "What a newcomer trips over"): the core
GUI and SotC's widgets spell no colour of their own, and each role of ``gui.theme.ROLES`` is
readable on its theme's background."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from gui.theme import ROLES, contrast_ratio, dark_palette

GUI = Path(__file__).resolve().parents[2] / "gui"
THEMED = (
    "encounter", "shell", "widgets", "models", "dialogs",
    "systems/sotc", "systems/fate2", "systems/art", "systems/strange_fate",
)  # fmt: skip
PAPER = {"print_preview.py", "diagram_scene.py", "diagram_editor.py"}
"""Files that draw on paper: the print preview's grey backdrop, and the Skill Trapping Diagram
drawn in the book's ink on its paper in either theme (its legend names the same ink)."""
SPELLED = re.compile(
    r"#[0-9a-fA-F]{6}\b|QColor\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)|Qt\.(yellow|red|green)"
)


def test_no_colour_is_spelled_outside_the_theme() -> None:
    found = []
    for folder in THEMED:
        for path in sorted((GUI / folder).rglob("*.py")):
            if path.name in PAPER:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if SPELLED.search(line):
                    found.append(f"{path.relative_to(GUI)}:{number}: {line.strip()}")
    assert found == []


@pytest.mark.parametrize("dark", [False, True])
def test_every_role_reads_on_its_background(qapp: object, dark: bool) -> None:
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    from gui.theme import light_palette

    palette = dark_palette() if dark else light_palette()
    base = palette.color(QPalette.ColorRole.Base)
    window = palette.color(QPalette.ColorRole.Window)
    assert isinstance(QApplication.instance(), QApplication)
    for name, pair in ROLES.items():
        c = QColor(pair.dark if dark else pair.light)
        if name in ("current_bg", "error_bg", "warning_bg", "banner_bg", "banner_border",
                    "header_bg"):  # fmt: skip
            continue  # backgrounds and borders: their text is checked with them
        assert contrast_ratio(c, base) >= 3.0 and contrast_ratio(c, window) >= 3.0, name
    for back, fore in (("current_bg", "current_fg"), ("error_bg", "error"),
                       ("banner_bg", "banner_text")):  # fmt: skip
        pair_b, pair_f = ROLES[back], ROLES[fore]  # type: ignore[index]
        b = QColor(pair_b.dark if dark else pair_b.light)
        f = QColor(pair_f.dark if dark else pair_f.light)
        assert contrast_ratio(b, f) >= 4.5, (back, fore)
    header = QColor(ROLES["header_bg"].dark if dark else ROLES["header_bg"].light)
    assert contrast_ratio(header, palette.color(QPalette.ColorRole.Text)) >= 4.5
