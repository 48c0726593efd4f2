"""GUI layer: the one place that reads and writes a campaign record's system settings.

A campaign stores its system's settings as a JSON object (``Campaign.settings``); everything
else asks for typed settings through these two functions, which let the campaign's system parse
and dump them.
"""

from __future__ import annotations

from typing import Any

from rules.settings import SystemSettings
from rules.systems.registry import GameSystem


def campaign_settings(campaign: Any, system: GameSystem) -> SystemSettings:
    """The campaign's settings, typed by its system (the book's defaults when none are stored).

    Args:
        campaign: A :class:`storage.library.Campaign`.
        system: The campaign's game system.

    Raises:
        pydantic.ValidationError: when the stored settings do not fit the system.
    """
    return system.parse_settings(campaign.settings or None)


def with_settings(campaign: Any, settings: SystemSettings) -> Any:
    """``campaign`` with ``settings`` in place of its stored ones (not saved)."""
    return campaign.model_copy(update={"settings": settings.model_dump(mode="json")})
