"""Storage layer: the sample characters and campaign a new library starts with.

The samples are data in ``resources/samples/`` (read through ``importlib.resources``):
``*.fatesmith.json`` character files and ``campaign.json``, which names the campaign, its
settings and its members by character id. They are original characters, not the books'.
The library stores them when it creates a new library (``storage.library``).
"""

from __future__ import annotations

import json
import uuid
from importlib.resources.abc import Traversable
from typing import Any

from rules.character import CharacterBase
from rules.errors import CharacterFileError
from rules.systems.registry import SystemRegistry
from storage.bundled import bundled_path
from storage.json_io import SUFFIX, loads_character
from storage.mappers import Campaign

CAMPAIGN_FILE = "campaign.json"


def samples_root() -> Traversable:
    """The bundled ``resources/samples`` folder."""
    return bundled_path("samples")


def load_sample_characters(
    registry: SystemRegistry, root: Traversable | None = None
) -> list[CharacterBase]:
    """Every sample character, sorted by file name.

    Raises:
        CharacterFileError: naming the sample file that is damaged (a packaging bug).
    """
    folder = root or samples_root()
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(SUFFIX):
            continue
        try:
            out.append(loads_character(entry.read_text(encoding="utf-8"), registry))
        except CharacterFileError as exc:
            raise CharacterFileError(f"sample {entry.name}: {exc}") from None
    return out


def load_sample_campaign(root: Traversable | None = None) -> Campaign | None:
    """The sample campaign (members included), or None when there is none."""
    entry = (root or samples_root()).joinpath(CAMPAIGN_FILE)
    if not entry.is_file():
        return None
    data: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
    return Campaign(
        id=uuid.UUID(data["id"]),
        name=data["name"],
        system=data["system"],
        settings=data.get("settings", {}),
        notes=data.get("notes", ""),
        member_ids=tuple(uuid.UUID(m) for m in data.get("members", ())),
    )
