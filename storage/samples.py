"""Storage layer: the sample characters, campaigns and encounters a new library starts with.

Each game system ships its own samples beside its catalogues, in
``resources/systems/<id>/samples/`` (read through :func:`storage.bundled.bundled_path`); the
folder of every registered system is looked at, so the core lists none. A folder holds
``*.fatesmith.json`` character files and ``campaign.json``, which names the campaign, its
settings, its members by character id and its ready encounters: encounter scripts
(docs/encounter-script.md, without events) in the same folder, whose cast names the sample
character files. They are original characters, not the books'. The library stores them when it
creates a new library (:meth:`storage.library.Library._add_samples`).
"""

from __future__ import annotations

import json
import uuid
from importlib.resources.abc import Traversable
from typing import Any, NamedTuple

from rules.character import CharacterBase
from rules.encounter_script import (
    EncounterScriptError,
    build_encounter,
    parse_script,
    script_rules,
    to_payload,
)
from rules.errors import CharacterFileError
from rules.systems.registry import SystemRegistry
from storage.bundled import bundled_path
from storage.json_io import SUFFIX, loads_character
from storage.mappers import Campaign, EncounterRecord

CAMPAIGN_FILE = "campaign.json"
FOLDER = "samples"
ENCOUNTER_IDS = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-00000000e000")
"""Namespace of the sample encounters' ids (each one's is fixed, from its campaign and file)."""


class SampleSet(NamedTuple):
    """One game system's samples: its characters, its campaign and its ready encounters."""

    system: str
    characters: tuple[CharacterBase, ...]
    campaign: Campaign | None
    encounters: tuple[EncounterRecord, ...]


def samples_root(system_id: str) -> Traversable:
    """The bundled samples folder of ``system_id`` (it may not exist)."""
    return bundled_path("systems", system_id, FOLDER)


def load_sample_sets(registry: SystemRegistry, root: Traversable | None = None) -> list[SampleSet]:
    """Every registered system's samples, in registration order (systems without a samples
    folder are left out).

    Args:
        registry: The systems (their ids name the folders; their rules read the files).
        root: A folder holding ``<id>/`` sample folders instead of the bundled ones (tests).

    Raises:
        CharacterFileError: a damaged sample character file (a packaging bug), named.
        EncounterScriptError: a sample encounter that cannot be built, named.
    """
    out = []
    for system in registry:
        folder = root.joinpath(system.id) if root is not None else samples_root(system.id)
        if not folder.is_dir():
            continue
        files = _character_files(folder, registry)
        campaign = _campaign(folder)
        characters = tuple(files.values())
        encounters = _encounters(folder, campaign, files, registry)
        out.append(SampleSet(system.id, characters, campaign, encounters))
    return out


def load_sample_characters(
    registry: SystemRegistry, root: Traversable | None = None
) -> list[CharacterBase]:
    """Every sample character of every system, system by system, each by file name.

    Raises:
        CharacterFileError: naming the sample file that is damaged (a packaging bug).
    """
    return [c for s in load_sample_sets(registry, root) for c in s.characters]


def _character_files(folder: Traversable, registry: SystemRegistry) -> dict[str, CharacterBase]:
    """The folder's character files by file name, sorted by name."""
    out: dict[str, CharacterBase] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(SUFFIX):
            continue
        try:
            out[entry.name] = loads_character(entry.read_text(encoding="utf-8"), registry)
        except CharacterFileError as exc:
            raise CharacterFileError(f"sample {entry.name}: {exc}") from None
    return out


def _campaign_data(folder: Traversable) -> dict[str, Any] | None:
    entry = folder.joinpath(CAMPAIGN_FILE)
    if not entry.is_file():
        return None
    data: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
    return data


def _campaign(folder: Traversable) -> Campaign | None:
    """The folder's sample campaign (members included), or None when there is none."""
    data = _campaign_data(folder)
    if data is None:
        return None
    return Campaign(
        id=uuid.UUID(data["id"]),
        name=data["name"],
        system=data["system"],
        settings=data.get("settings", {}),
        notes=data.get("notes", ""),
        member_ids=tuple(uuid.UUID(m) for m in data.get("members", ())),
    )


def _encounters(
    folder: Traversable,
    campaign: Campaign | None,
    files: dict[str, CharacterBase],
    registry: SystemRegistry,
) -> tuple[EncounterRecord, ...]:
    """The campaign's ready encounters, built from their scripts under its settings."""
    data = _campaign_data(folder)
    if data is None or campaign is None:
        return ()
    out = []
    for name in data.get("encounters", ()):
        where = f"sample encounter {campaign.system}/{name}"
        try:
            script = parse_script(json.loads(folder.joinpath(name).read_text(encoding="utf-8")))
            script = script.model_copy(
                update={"system": campaign.system, "settings": dict(campaign.settings)}
            )
            cast = {}
            for entry in script.cast:
                if entry.file is not None:
                    if entry.file not in files:
                        raise EncounterScriptError(f"no sample character file {entry.file!r}")
                    cast[entry.id] = files[entry.file]
            rules = script_rules(script, registry)
            ladder = registry.info(campaign.system).ladder
            scene = build_encounter(script, cast, rules, ladder, system=campaign.system)
        except (OSError, ValueError, EncounterScriptError) as exc:
            raise EncounterScriptError(f"{where}: {exc}") from None
        out.append(
            EncounterRecord(
                id=uuid.uuid5(ENCOUNTER_IDS, f"{campaign.id}/{name}"),
                name=scene.name,
                campaign_id=campaign.id,
                payload=to_payload(scene, (), scene),
            )
        )
    return tuple(out)
