"""GUI tests: campaigns and encounters the library flags with a ``problem`` (saved by a newer
Fatesmith, or damaged) are listed greyed and italic with the problem as tooltip, and opening
one shows the problem instead of raising."""

from __future__ import annotations

import uuid
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from sqlalchemy import text

from gui.dialogs.campaign import CampaignDialog
from storage.db import make_engine
from storage.library import EncounterRecord

SAMPLE_CAMPAIGN = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-0000000c0001")


def raw(window: Any, sql: str, **params: Any) -> None:
    """Change the window's library behind the facade's back (as a newer Fatesmith would)."""
    engine = make_engine(window.library.url)
    try:
        with engine.begin() as conn:
            conn.execute(text(sql), params)
    finally:
        engine.dispose()


def looks_flagged(model: Any, row: int) -> tuple[str, bool, bool]:
    """(tooltip, italic, greyed) of a row's name cell."""
    from gui.theme import colour as theme_colour

    index = model.index(row, 0)
    font = index.data(Qt.ItemDataRole.FontRole)
    colour = index.data(Qt.ItemDataRole.ForegroundRole)
    return (
        str(index.data(Qt.ItemDataRole.ToolTipRole) or ""),
        isinstance(font, QFont) and font.italic(),
        isinstance(colour, QColor) and colour == theme_colour("muted"),  # the theme's grey
    )


def test_a_campaign_from_a_newer_fatesmith_is_greyed_and_says_so_when_opened(
    make_window: Any, guard_dialogs: list[tuple[str, str]]
) -> None:
    window = make_window()
    model = window.page.campaign_model
    row = model.row_of(SAMPLE_CAMPAIGN)
    assert looks_flagged(model, row) == ("The Thunder Atoll Affair", False, False)  # as usual

    raw(window, "UPDATE campaigns SET payload_version = 99 WHERE id = :id", id=SAMPLE_CAMPAIGN.hex)
    window.listing.refresh_library()
    row = model.row_of(SAMPLE_CAMPAIGN)
    tooltip, italic, grey = looks_flagged(model, row)
    assert "newer Fatesmith" in tooltip and italic and grey
    assert model.index(row, 0).data() == "The Thunder Atoll Affair"

    assert window.edit_campaign(SAMPLE_CAMPAIGN) is None
    assert CampaignDialog.ask(window, SAMPLE_CAMPAIGN, window.campaign_context()) is None
    [(title, message), again] = guard_dialogs
    assert title == "Campaign from a newer Fatesmith" and again[0] == title
    assert "campaign format 99" in message and "cannot open or change it" in message


def test_a_damaged_campaign_says_it_cannot_be_opened(
    make_window: Any, guard_dialogs: list[tuple[str, str]]
) -> None:
    window = make_window()
    raw(window, """UPDATE campaigns SET settings = '{"stress_boxes": "many'""")
    window.listing.refresh_library()
    model = window.page.campaign_model
    tooltip, italic, grey = looks_flagged(model, model.row_of(SAMPLE_CAMPAIGN))
    assert "damaged" in tooltip and italic and grey
    assert window.edit_campaign(SAMPLE_CAMPAIGN) is None
    [(title, message)] = guard_dialogs
    assert title == "Cannot open the campaign" and "damaged" in message


def test_flagged_encounters_are_greyed_and_opening_one_shows_the_problem(
    make_window: Any, guard_dialogs: list[tuple[str, str]]
) -> None:
    window = make_window()
    newer = EncounterRecord(name="Docks", payload={"round": 2})
    broken = EncounterRecord(name="Warehouse", payload={"round": 1})
    fine = EncounterRecord(name="Rooftops", payload={"round": 1})
    for record in (newer, broken, fine):
        window.library.save_encounter(record, expected_version=None)
    raw(window, "UPDATE encounters SET payload_version = 99 WHERE id = :id", id=newer.id.hex)
    raw(window, "UPDATE encounters SET payload = '{not json' WHERE id = :id", id=broken.id.hex)
    window.listing.refresh_encounters()
    model = window.page.encounter_model
    status = model.column_index("status")

    tooltip, italic, grey = looks_flagged(model, model.row_of(newer.id))
    assert "newer Fatesmith" in tooltip and italic and grey
    tooltip, italic, grey = looks_flagged(model, model.row_of(broken.id))
    assert "damaged" in tooltip and italic and grey
    assert looks_flagged(model, model.row_of(fine.id)) == ("Rooftops", False, False)
    assert model.index(model.row_of(newer.id), status).data() == "Newer version"
    assert model.index(model.row_of(broken.id), status).data() == "Damaged"

    assert window.encounters.open_encounter(newer.id) is None
    assert window.encounters.open_encounter(broken.id) is None
    assert not window.encounters.windows
    [(title1, message1), (title2, message2)] = guard_dialogs
    assert title1 == title2 == "Cannot open the encounter"
    assert "newer Fatesmith" in message1 and "damaged" in message2
