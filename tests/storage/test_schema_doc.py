"""The published JSON Schema in docs/ matches the code, and real files satisfy it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from storage.json_io import character_file_schema, character_to_document
from tests.rules.sotc_builders import build

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_published_schema_is_up_to_date(registry: Any) -> None:
    """Regenerate with: python -c "from storage.json_io import ..." (see docs/character-file.md)."""
    published = json.loads((DOCS / "character-file.schema.json").read_text(encoding="utf-8"))
    assert published == json.loads(json.dumps(character_file_schema(registry)))


def test_schema_requires_only_the_identifying_keys(registry: Any) -> None:
    schema = character_file_schema(registry)
    sotc = schema["oneOf"][0]
    assert sotc["required"] == ["format", "format_version", "system"]
    assert set(character_to_document(build())) <= set(sotc["properties"])
