"""The settings in plain words for the log (rules.settings.settings_words): a scene-settings
change is logged field by field, never as raw JSON, for every registered system."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.conflict import apply_event
from rules.encounter import Encounter, SetSceneEvent
from rules.settings import SystemSettings, settings_words
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.settings import ArtSettings
from storage.systems_catalog import default_registry


class _Example(SystemSettings):
    scale: Literal["minutes", "hours"] = Field(default="minutes", title="phase scale")
    house_rule: bool = False
    method: str | None = None
    boxes: int = 3


def test_each_field_by_its_title_or_its_name_in_words() -> None:
    """A field's title when given, else its name without underscores; yes/no; not set."""
    words = settings_words(_Example(scale="hours", house_rule=True))
    assert words == "phase scale hours; house rule yes; method not set; boxes 3"


def test_an_art_scene_change_is_logged_in_words() -> None:
    """ART: the exploration switch and the scale (Chapter 4 "Time Scale of Phases") in words."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_art_support import catalog

    cr = ArtConflictRules(catalog())
    state = Encounter(name="t", system="art", settings=cr.settings_data)
    new = ArtSettings(exploration=True, phase_scale="hours").model_dump(mode="json")
    _state, entry = apply_event(cr, state, SetSceneEvent(settings=new))
    assert "exploration phases yes" in entry.text and "phase scale hours" in entry.text
    assert "{" not in entry.text and '"' not in entry.text


def test_no_system_logs_raw_json() -> None:
    """Every registered system's settings text is words, not a JSON object."""
    for system in default_registry():
        cr = system.conflict_rules()
        if cr is not None:
            text = cr.settings_text()
            assert text and "{" not in text and '"' not in text, (system.id, text)
