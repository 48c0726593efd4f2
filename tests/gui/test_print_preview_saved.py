"""Saving a PDF from the print preview says where it went (issue #23, "Also seen": the preview
closed and nothing said "Saved to ...")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.dialogs.files import FileDialogs
from gui.dialogs.print_preview import PrintPreviewDialog


def test_saving_from_the_preview_says_saved_to(
    make_window: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    first = window.page.model.rows()[0]
    window.page.select_ids([first.id])
    assert window.page.selected_ids() == [first.id]
    target = tmp_path / "sheet.pdf"
    monkeypatch.setattr(FileDialogs, "save_pdf", classmethod(lambda cls, p, s: target))

    def run(dialog: PrintPreviewDialog) -> int:  # the user waits for the pages, clicks Save
        dialog.show()

        def saved() -> bool:  # a re-render after showing may disable the button a moment
            if dialog.save_button.isEnabled() and dialog.images:
                dialog.save_button.click()
            return dialog.saved_path is not None

        qtbot.waitUntil(saved, timeout=20_000)
        return int(dialog.result())

    monkeypatch.setattr(PrintPreviewDialog, "exec", run)
    qtbot.waitUntil(window.act.print.isEnabled, timeout=10_000)
    assert window.page.selected_ids() == [first.id]
    window.act.print.trigger()
    assert target.exists()
    message = window.statusBar().currentMessage()
    assert message.startswith("Saved to ") and str(target) in message
