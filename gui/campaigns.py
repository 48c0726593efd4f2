"""GUI layer: the one place that reads and writes a campaign record's system settings.

Storage keeps a campaign's settings in ``Campaign.rules`` on this branch (the settings object
of the campaign's system); the decision is that it becomes ``Campaign.settings`` (a JSON
object), so only these two functions change when it does. Everything else asks for typed
settings through the system: ``system.parse_settings(...)``.
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
    """
    stored = campaign.rules
    # Only what differs from the book: a record that was never given settings (its storage
    # default) reads as the book's rules of whichever system the campaign has.
    data = stored.model_dump(mode="json", exclude_defaults=True) if stored is not None else None
    return system.parse_settings(data)


def with_settings(campaign: Any, settings: SystemSettings) -> Any:
    """``campaign`` with ``settings`` in place of its stored ones (not saved)."""
    return campaign.model_copy(update={"rules": settings})
