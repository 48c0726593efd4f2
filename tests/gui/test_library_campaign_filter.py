"""Choosing a campaign in the library's left panel shows only its characters, and a visible
button shows them all again (issue #23, "Also seen": selecting a campaign filtered nothing)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot


def shown_names(page: Any) -> set[str]:
    return {page.proxy.index(r, 0).data() for r in range(page.proxy.rowCount())}


def test_selecting_a_campaign_filters_the_characters_and_the_button_clears_it(
    qtbot: QtBot, make_window: Any
) -> None:
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    page = window.page
    everyone = shown_names(page)
    campaign = next(c for c in window.library.list_campaigns() if c.member_ids)
    members = {window.library.get_character(i).character.name for i in campaign.member_ids}
    assert members < everyone
    assert not page.clear_campaign_button.isVisible()

    row = next(
        r
        for r in range(page.campaign_view.model().rowCount())
        if page.campaign_view.model().index(r, 0).data() == campaign.name
    )
    page.campaign_view.selectRow(row)  # what a click on the campaign does
    assert shown_names(page) == members
    assert page.campaign_filter.currentData() == campaign.id
    assert page.clear_campaign_button.isVisible() and page.clear_campaign_button.isEnabled()
    assert campaign.name in page.clear_campaign_button.toolTip()
    assert f"{len(members)} of {len(everyone)}" in page.count_label.text()
    qtbot.mouseClick(page.clear_campaign_button, Qt.MouseButton.LeftButton)
    assert shown_names(page) == everyone
    assert page.campaign_filter.currentData() is None
    assert not page.campaign_view.selectionModel().hasSelection()
    assert not page.clear_campaign_button.isVisible()

    page.campaign_view.selectRow(row)  # and "All campaigns" in the filter bar clears it too
    page.select_campaign_filter(None)
    assert shown_names(page) == everyone
    assert not page.campaign_view.selectionModel().hasSelection()
