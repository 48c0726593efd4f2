"""Packaging: render the hicolor icon theme sizes from ``resources/icons/fatesmith.svg``.

Run from the repository root after changing the SVG (the PNGs are committed; a test checks they
match what this script renders)::

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py [--out packaging/icons]

It writes ``<out>/hicolor/<N>x<N>/apps/<APP_ID>.png`` for each size in :data:`SIZES` and copies the
SVG to ``<out>/hicolor/scalable/apps/<APP_ID>.svg``, the layout of ``share/icons`` on a desktop
(``packaging/build.sh`` installs it so). Rendering uses Qt's SVG renderer offscreen, so no display
and no other image tool is needed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

APP_ID = "io.github.fatesmith.Fatesmith"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "resources" / "icons" / "fatesmith.svg"
DEFAULT_OUT = ROOT / "packaging" / "icons"


def icon_path(out: Path, size: int | None) -> Path:
    """Where the icon of ``size`` pixels (``None``: the scalable SVG) goes under ``out``."""
    if size is None:
        return out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    return out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def render_icons(source: Path = SOURCE, out: Path = DEFAULT_OUT) -> list[Path]:
    """Render every size of ``source`` into the hicolor layout under ``out``; returns the files.

    Raises:
        ValueError: when Qt cannot read the SVG.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise ValueError(f"{source}: Qt cannot read this SVG")
    written: list[Path] = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        target = icon_path(out, size)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise OSError(f"cannot write {target}")
        written.append(target)
    scalable = icon_path(out, None)
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, scalable)
    written.append(scalable)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: ``make_icons.py [--source SVG] [--out DIR]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="the SVG to render")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the icons folder")
    args = parser.parse_args(argv)
    for path in render_icons(args.source, args.out):
        print(path.relative_to(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
