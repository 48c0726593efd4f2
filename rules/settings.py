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


def _value_words(value: object) -> str:
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, BaseModel):
        return f"({settings_words(value)})"
    if isinstance(value, (tuple, list, frozenset, set)):
        return ", ".join(_value_words(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value_words(v)}" for k, v in value.items()) or "none"
    return str(value).replace("_", " ")


def settings_words(settings: BaseModel) -> str:
    """``settings`` in plain words for a log line, field by field in the model's order:
    ``phase scale hours; exploration yes`` (each field named by its ``title`` when the model
    gives one, else by its name in words; yes/no for a switch, ``not set`` for None)."""
    parts = []
    for name, field in type(settings).model_fields.items():
        label = field.title or name.replace("_", " ")
        parts.append(f"{label} {_value_words(getattr(settings, name))}")
    return "; ".join(parts)
