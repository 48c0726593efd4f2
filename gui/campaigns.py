"""GUI layer: the one place that reads and writes a campaign record's system settings, and
the words that say which characters may join a campaign or an encounter.

A campaign stores its system's settings as a JSON object (``Campaign.settings``); everything
else asks for typed settings through these two functions, which let the campaign's system parse
and dump them. A campaign or an encounter has one game system: only characters of that system
join it (:func:`others_note` tells the user why the others are not offered).
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


def others_note(system_name: str, what: str, offered: int, others: int) -> str:
    """The line under a list of characters offered to a campaign or encounter of one system.

    Args:
        system_name: The system's name ("Spirit of the Century").
        what: "campaign" or "encounter".
        offered: How many characters of that system are listed.
        others: How many characters of other systems are left out.
    """
    rule = f"A {system_name} {what} plays by its rules: only {system_name} characters can join."
    if offered == 0:
        rule += f" The library has no {system_name} characters yet."
    if others:
        noun = "character" if others == 1 else "characters"
        rule += (
            f" {others} {noun} of other game systems {'is' if others == 1 else 'are'} not listed."
        )
    return rule
