"""A good desktop citizen (issue 14): the AppStream metainfo, the hicolor icons, the desktop file,
and an About box that reads the metainfo instead of restating it."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from gui.cli import VERSION
from gui.dialogs.about import (
    APP_ID,
    METAINFO_FILE,
    AboutDialog,
    AppMetadata,
    metainfo_path,
    read_metainfo,
)

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"
METAINFO = PACKAGING / METAINFO_FILE
SIZES = (16, 22, 24, 32, 48, 64, 128, 256)


def _make_icons() -> Any:
    spec = importlib.util.spec_from_file_location("make_icons", PACKAGING / "make_icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_metainfo_matches_the_program() -> None:
    """One version and one licence: the metainfo's newest release is the running version."""
    meta = read_metainfo(METAINFO)
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta.name == "Fatesmith"
    assert meta.version == VERSION == project["version"]
    assert meta.project_license == project["license"]
    assert meta.summary and meta.homepage.startswith("https://")
    assert meta.release_date


def test_the_desktop_file_and_icons_are_the_ones_the_metainfo_names() -> None:
    text = METAINFO.read_text(encoding="utf-8")
    desktop = PACKAGING / f"{APP_ID}.desktop"
    assert f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in text
    assert f"Icon={APP_ID}\n" in desktop.read_text(encoding="utf-8")
    for name in ("main-window-library", "creation-phase1", "encounter-window", "print-preview"):
        assert f"/docs/screenshots/{name}.png</image>" in text
        assert (REPO / "docs" / "screenshots" / f"{name}.png").is_file()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli (Debian: appstream)")
def test_appstreamcli_accepts_the_metainfo() -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_hicolor_icons_in_every_usual_size_match_the_svg(tmp_path: Path, qapp: Any) -> None:
    """The committed icons are what packaging/make_icons.py renders from the SVG today.

    (``qapp`` first: the script would otherwise make a QGuiApplication of its own, and the
    widget tests that follow in this process need a QApplication.)
    """
    make_icons = _make_icons()
    assert tuple(make_icons.SIZES) == SIZES
    written = make_icons.render_icons(REPO / "resources" / "icons" / "fatesmith.svg", tmp_path)
    assert len(written) == len(SIZES) + 1
    for size in SIZES:
        committed = PACKAGING / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        image = QImage(str(committed))
        assert (image.width(), image.height()) == (size, size), committed
        fresh = QImage(str(make_icons.icon_path(tmp_path, size)))
        assert image.convertToFormat(QImage.Format.Format_ARGB32) == fresh.convertToFormat(
            QImage.Format.Format_ARGB32
        ), f"{committed} is out of date: run packaging/make_icons.py"
        assert image.pixelColor(size // 2, size // 2).alpha() == 255  # not blank
        assert image.pixelColor(0, 0).alpha() == 0  # transparent corners
    scalable = PACKAGING / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert scalable.read_bytes() == (REPO / "resources" / "icons" / "fatesmith.svg").read_bytes()


def test_the_packaging_installs_the_metainfo_and_icons() -> None:
    build = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    spec = (PACKAGING / "fatesmith.spec").read_text(encoding="utf-8")
    assert '"$APP/share/metainfo/$APP_ID.metainfo.xml"' in build
    assert '"$APP/share/applications/$APP_ID.desktop"' in build
    assert '"$APP/share/icons/$icon"' in build
    assert f'"{METAINFO_FILE}"), "packaging")' in spec


def test_about_box_reads_the_bundled_metainfo(qtbot: Any) -> None:
    assert metainfo_path() == METAINFO
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    meta = read_metainfo(METAINFO)
    assert dialog.metadata == meta
    assert f"{meta.name} {meta.version}" in dialog.title.text()
    blurb = dialog.blurb.text()
    for field in (meta.summary, meta.project_license, meta.homepage):
        assert field in blurb
    assert dialog.windowTitle() == f"About {meta.name}"


def test_about_box_shows_what_the_metainfo_says_not_a_copy(
    tmp_path: Path, qtbot: Any, monkeypatch: Any
) -> None:
    """Change the metainfo, and the box changes with it: nothing is restated in the code."""
    edited = tmp_path / METAINFO_FILE
    text = METAINFO.read_text(encoding="utf-8")
    meta = read_metainfo(METAINFO)
    text = text.replace(f"<summary>{meta.summary}</summary>", "<summary>A changed line</summary>")
    text = text.replace(f'release version="{meta.version}"', 'release version="9.8.7"')
    edited.write_text(text, encoding="utf-8")
    monkeypatch.setattr("gui.dialogs.about.metainfo_path", lambda: edited)
    dialog = AboutDialog("0.0.1")
    qtbot.addWidget(dialog)
    assert "Fatesmith 9.8.7" in dialog.title.text()
    assert "A changed line" in dialog.blurb.text()


def test_about_box_without_metainfo_still_opens(qtbot: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr("gui.dialogs.about.metainfo_path", lambda: None)
    dialog = AboutDialog("1.2.3")
    qtbot.addWidget(dialog)
    assert dialog.metadata is None
    assert "1.2.3" in dialog.title.text()
    assert "missing" in dialog.blurb.text()


def test_a_damaged_metainfo_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / METAINFO_FILE
    broken.write_text("<component><name>X</name>", encoding="utf-8")
    with pytest.raises(ValueError, match="cannot be read"):
        read_metainfo(broken)
    broken.write_text("<component><name>X</name></component>", encoding="utf-8")
    with pytest.raises(ValueError, match="no release"):
        read_metainfo(broken)
    assert isinstance(read_metainfo(METAINFO), AppMetadata)  # and the real one reads
