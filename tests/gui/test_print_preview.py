"""GUI tests: File > Print / Export PDF shows the real PDF pages and saves the same bytes;
batch export from the library selection writes one PDF with every sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from gui.dialogs.files import FileDialogs
from gui.dialogs.print_preview import PrintPreviewDialog, rasterize, render_characters_pdf
from storage.json_io import read_character_file

DATA = Path(__file__).resolve().parents[1] / "data" / "characters"


@pytest.fixture
def hero(registry: Any) -> Any:
    return read_character_file(DATA / "pdf-complete.fatesmith.json", registry)


def test_rasterize_gives_one_image_per_pdf_page(registry: Any, hero: Any, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    pages = render_characters_pdf([hero], registry, out, kind="full", paper="a4")
    images = rasterize(out.read_bytes(), scale=0.5)
    assert len(images) == pages >= 2
    assert images[0].width() < images[0].height()  # portrait A4


def test_preview_shows_pages_and_saves_the_previewed_pdf(
    qtbot: Any, registry: Any, settings: Any, hero: Any, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    dialog = PrintPreviewDialog([hero], registry, settings)
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000) as ready:
        pass
    count = ready.args[0] if ready.args else len(dialog.images)
    assert count >= 1 and dialog.pages_layout.count() == count
    assert dialog.save_button.isEnabled()

    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
    assert settings.paper == "letter"
    target = tmp_path / "out.pdf"
    monkeypatch.setattr(FileDialogs, "save_pdf", classmethod(lambda cls, p, s: target))
    dialog.save_button.click()
    assert target.read_bytes() == dialog.pdf
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert hero.name.split()[0] in text


def test_cards_kind_renders(qtbot: Any, registry: Any, settings: Any, hero: Any) -> None:
    dialog = PrintPreviewDialog([hero, hero], registry, settings)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        dialog.kind.setCurrentIndex(dialog.kind.findData("cards"))
    assert len(dialog.images) == 1  # two cards share a page


def test_offers_the_kinds_the_system_declares(
    qtbot: Any, registry: Any, settings: Any, hero: Any
) -> None:
    """SotC's kinds (storage.systems.sotc.plugin) with the NPC cards before the blank pair."""
    dialog = PrintPreviewDialog([hero], registry, settings)
    qtbot.addWidget(dialog)
    keys = [dialog.kind.itemData(i) for i in range(dialog.kind.count())]
    assert keys == ["sheet", "worksheet", "full", "cards", "blank"]
    assert dialog.kind.itemText(1) == "Story worksheet"
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        pass
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        dialog.kind.setCurrentIndex(dialog.kind.findData("blank"))
    assert len(dialog.images) == 3  # the blank sheet, then the two-page blank worksheet
    assert dialog.suggested_name().endswith("(blank sheets for hand-filling).pdf")


def test_batch_export_from_the_library_selection(
    make_window: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.page.table.selectAll()
    target = tmp_path / "all.pdf"
    monkeypatch.setattr(FileDialogs, "save_pdf", classmethod(lambda cls, p, s: target))
    signals = window.transfer.export_selected_pdf()
    with qtbot.waitSignal(signals.finished, timeout=30_000):
        pass
    reader = PdfReader(target)
    text = "".join(page.extract_text() for page in reader.pages)
    for summary in window.page.model.rows():
        assert summary.name.split()[-1] in text


def test_screenshot_of_the_preview(
    qtbot: Any, registry: Any, settings: Any, hero: Any, tmp_path: Path
) -> None:
    """With FATESMITH_SCREENSHOTS=1 the grab goes to docs/screenshots (look at it)."""
    import os

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("FATESMITH_SCREENSHOTS") != "1":
        folder = tmp_path
    dialog = PrintPreviewDialog([hero], registry, settings)
    qtbot.addWidget(dialog)
    dialog.resize(1100, 700)
    dialog.show()
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        pass
    assert dialog.grab().save(str(folder / "print-preview.png"))


def test_paper_preference_defaults_to_the_locales(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14: the app defaulted to A4 whatever the locale; until chosen it is the locale's."""
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert settings.paper == "letter"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert settings.paper == "a4"
    settings.paper = "letter"
    assert settings.paper == "letter"  # a choice is kept
