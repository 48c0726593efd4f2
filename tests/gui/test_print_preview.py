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
    assert keys == ["sheet", "worksheet", "full", "cards", "aspect-cards", "blank"]
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


# -- zoom (issue 14: the preview had no zoom or fit-to-page) ------------------------------------


def test_zoom_in_out_fit_page_and_width(
    qtbot: Any, registry: Any, settings: Any, hero: Any
) -> None:
    from PySide6.QtGui import QKeySequence

    dialog = PrintPreviewDialog([hero], registry, settings)
    qtbot.addWidget(dialog)
    dialog.resize(900, 640)
    dialog.show()
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        pass
    page = dialog.page_labels[0]
    view = dialog.scroll_area.viewport().size()
    assert dialog.zoom_mode == "fit-width" and dialog.fit_width_button.isChecked()
    assert abs(page.width() - (view.width() - 48)) <= 2  # as wide as the view
    wide = page.width()

    dialog.zoom_in_action.trigger()
    assert dialog.zoom_mode == "custom" and page.width() > wide * 1.2
    dialog.zoom_out_action.trigger()
    dialog.zoom_out_action.trigger()
    assert page.width() < wide
    assert dialog.zoom_label.text().endswith("%")

    dialog.fit_page_action.trigger()
    view = dialog.scroll_area.viewport().size()
    assert dialog.fit_page_button.isChecked()
    assert page.height() <= view.height() - 48 + 1  # a whole page in view
    dialog.fit_width_button.click()
    assert dialog.zoom_mode == "fit-width"

    keys = {
        name: [k.toString() for k in action.shortcuts()]
        for name, action in (
            ("in", dialog.zoom_in_action),
            ("out", dialog.zoom_out_action),
            ("page", dialog.fit_page_action),
        )
    }
    assert QKeySequence("Ctrl++").toString() in keys["in"] or "Ctrl+=" in keys["in"]
    assert QKeySequence("Ctrl+-").toString() in keys["out"]
    assert keys["page"] == ["Ctrl+0"]
    for _ in range(40):  # zoom stops at its bounds
        dialog.zoom_in_action.trigger()
    assert not dialog.zoom_in_action.isEnabled()


def test_aspect_cards_are_offered_and_name_the_owner(
    qtbot: Any, registry: Any, settings: Any, hero: Any
) -> None:
    dialog = PrintPreviewDialog([hero], registry, settings)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        pass
    with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
        dialog.kind.setCurrentIndex(dialog.kind.findData("aspect-cards"))
    import io

    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(dialog.pdf)).pages)
    assert "CHARACTER ASPECT" in text and "SCENE ASPECT" not in text


# -- the GM conflict sheet goes through the preview, on the preferences' paper ---------------------


def test_gm_conflict_sheet_is_previewed_on_the_chosen_paper(
    qtbot: Any, registry: Any, settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from gui.dialogs.print_preview import PrintJob
    from gui.encounter.conflict_sheet import print_conflict_sheet
    from storage.library import Library
    from tests.gui.test_encounter_window import setup_fight

    with Library.open(f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry,
                      samples=False) as library:  # fmt: skip
        window, _, _ = setup_fight(qtbot, library, registry)
        window.print_settings = settings
        settings.paper = "a4"
        jobs: list[PrintJob] = []
        monkeypatch.setattr(
            PrintPreviewDialog, "ask_job",
            classmethod(lambda cls, parent, job, s: jobs.append(job) or None),
        )  # fmt: skip
        assert window.print_sheet() is None  # the preview was closed without saving
        assert len(jobs) == 1
        rows = window.sheet_rows()
        thugs = next(r for r in rows if r.name == "Thugs")
        baron = next(r for r in rows if r.name == "Baron Von Kessel")
        assert thugs.count == 6 and thugs.fate_points is None
        assert "Weapons +4" in baron.skills
        out = io.BytesIO()
        jobs[0].render(out, settings.paper)
        reader = PdfReader(io.BytesIO(out.getvalue()))
        assert float(reader.pages[0].mediabox.height) == pytest.approx(595.28, abs=0.1)
        text = " ".join(p.extract_text() for p in reader.pages)
        for value in ("6 minions", "Weapons +4", "Crates Everywhere", "Average (+1) quality"):
            assert value in text
        # the dialog itself previews the job without a kind to choose
        dialog = PrintPreviewDialog([], None, settings, job=jobs[0])
        qtbot.addWidget(dialog)
        with qtbot.waitSignal(dialog.pages_ready, timeout=20_000):
            pass
        assert dialog.kind.isHidden() and dialog.pdf.startswith(b"%PDF")
        assert dialog.suggested_name().endswith("conflict sheet.pdf")
        written = print_conflict_sheet(window, rows, tmp_path / "gm.pdf")
        assert written.read_bytes().startswith(b"%PDF")
        window.close()
