"""Rules layer: the base of every game system's campaign settings.

Each system states its own settings model (SotC's house rules, FATE 2.0's phases and skill list,
Strange Fate's era and dice option...) as a subclass of :class:`SystemSettings`. Campaigns and
encounters store the settings of their system as plain JSON; the system parses them back
(:meth:`rules.systems.registry.GameSystem.parse_settings`), so the core never names a setting.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class SystemSettings(BaseModel):
    """Campaign-level settings of one game system (frozen; unknown fields are refused)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
