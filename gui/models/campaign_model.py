"""GUI layer: the library's campaign table (a thin adapter over ``Campaign`` records)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QObject

from gui.models.columns import CAMPAIGN_COLUMNS
from gui.models.library_model import RowTableModel


class CampaignModel(RowTableModel):
    """One ``Campaign`` per row: name, system, how many characters (a flagged one greyed)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(CAMPAIGN_COLUMNS, parent)

    def _problem(self, item: Any) -> str:
        """A campaign flagged by the library (damaged, or saved by a newer Fatesmith)."""
        return str(getattr(item, "problem", "") or "")

    def set_campaigns(self, campaigns: Iterable[Any]) -> None:
        """Show ``campaigns`` (the library's listing)."""
        self.set_rows(campaigns)
