"""A character file nested too deep is refused as such, though a good file is not scanned for it.

:func:`storage.json_io.loads_character` skips the depth scan for a document read straight into
its system's model, because no system's model admits nesting deeper than
``storage.safe_read.MAX_DEPTH``; the first test holds every registered system to that. The others
check that a deep document is still refused with the depth message whatever else is wrong with
it, on every path: jiter refusing it, the model refusing it, an upgrade step dropping it.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from rules.errors import CharacterFileError
from rules.systems.registry import SystemRegistry
from storage.json_io import character_to_document, dumps_character, loads_character
from storage.safe_read import MAX_DEPTH
from tests.rules.sotc_builders import build

SCALARS = {"string", "integer", "number", "boolean", "null"}


def _depth(schema: dict[str, Any], defs: dict[str, Any], seen: tuple[str, ...] = ()) -> float:
    """The deepest nesting a JSON schema admits (an object or array is one level; inf when
    anything goes: a free-form value, an object open to any key, a recursive model)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return math.inf if name in seen else _depth(defs[name], defs, (*seen, name))
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return max(_depth(part, defs, seen) for part in schema[key])
    kind = schema.get("type")
    if kind == "object":
        extra = schema.get("additionalProperties", True)
        if extra is True:
            return math.inf
        inner = list(schema.get("properties", {}).values())
        inner += [extra] if isinstance(extra, dict) else []
        return 1 + max((_depth(part, defs, seen) for part in inner), default=0)
    if kind == "array":
        inner = list(schema.get("prefixItems", []))
        items = schema.get("items", not inner)
        if items is True:
            return math.inf
        inner += [items] if isinstance(items, dict) else []
        return 1 + max((_depth(part, defs, seen) for part in inner), default=0)
    if kind in SCALARS or "enum" in schema or "const" in schema:
        return 0
    return math.inf


def test_the_depth_measure_sees_free_form_and_open_objects() -> None:
    assert _depth({"type": "object", "additionalProperties": False}, {}) == 1
    assert _depth({"type": "array", "items": {"type": "array", "items": {}}}, {}) == math.inf
    assert _depth({"type": "object", "properties": {"a": {"type": "string"}}}, {}) == math.inf
    recursive = {"Node": {"$ref": "#/$defs/Node"}}
    assert _depth({"$ref": "#/$defs/Node"}, recursive) == math.inf


def test_every_systems_character_model_bounds_the_nesting(registry: SystemRegistry) -> None:
    for system in registry:
        schema = system.character_type.model_json_schema()
        depth = _depth(schema, schema.get("$defs", {}))
        assert depth <= MAX_DEPTH, f"{system.id}: a character may nest {depth} levels deep"


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [MAX_DEPTH, 150, 199, 250, 10_000])
def test_a_deep_document_is_refused_as_such(levels: int, registry: SystemRegistry) -> None:
    doc = character_to_document(build())
    text = json.dumps(doc)[:-1] + ', "notes": ' + _deep(levels) + "}"
    with pytest.raises(CharacterFileError, match="nested more than 64 levels"):
        loads_character(text, registry)


@pytest.mark.parametrize(
    "head",
    [
        '{"format": "other"',
        '{"format": "fatesmith-character", "format_version": 9',
        '{"format": "fatesmith-character", "format_version": 1, "system": "nope"',
        '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", "name": 3',
    ],
)
def test_depth_is_said_before_anything_else(head: str, registry: SystemRegistry) -> None:
    with pytest.raises(CharacterFileError, match="nested more than 64 levels"):
        loads_character(head + ', "junk": ' + _deep(100) + "}", registry)


def test_shallow_nesting_of_the_same_shape_still_reads(registry: SystemRegistry) -> None:
    text = dumps_character(build(notes="[" * 500 + "{" * 500))
    assert loads_character(text, registry).notes.startswith("[[[")


def test_an_upgraded_document_is_scanned(
    registry: SystemRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upgrade step may drop what the model would have refused: the scan runs after all."""
    system = registry.get("sotc")
    step = system.upgrade_payload

    def dropping_junk(data: dict[str, Any], version: int) -> dict[str, Any]:
        return step({k: v for k, v in data.items() if k != "junk"}, version)

    monkeypatch.setattr(system, "upgrade_payload", dropping_junk)
    doc = character_to_document(build())
    doc["system_version"] = 1
    assert loads_character(json.dumps(doc), registry).name == doc["name"]
    doc["junk"] = json.loads(_deep(MAX_DEPTH))
    with pytest.raises(CharacterFileError, match="nested more than 64 levels"):
        loads_character(json.dumps(doc), registry)
