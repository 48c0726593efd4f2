"""Storage layer: the versioned ``*.fatesmith.json`` character file, read safely, saved atomically.

Format (documented in docs/character-file.md, schema in docs/character-file.schema.json): a JSON
object with the fixed keys ``format`` ("fatesmith-character"), ``format_version`` (integer),
``system``, ``name`` and ``skills`` (skill name -> integer rating), followed by the system's own
fields. Every key other than ``format``, ``format_version`` and ``system`` may be missing: a
missing part means "not filled in yet".

Reading never shows a traceback to the user: anything wrong raises
:class:`rules.errors.CharacterFileError` with one plain line.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules.character import MAX_RATING, CharacterBase
from rules.errors import CharacterFileError, FatesmithError, UnknownSystemError
from rules.systems.registry import GameSystem, SystemRegistry
from rules.validation import field_path
from storage import safe_read
from storage.atomic_file import atomic_write_text
from storage.safe_read import CHARACTER_FILE, FileKind

FORMAT = "fatesmith-character"
FORMAT_VERSION = 1
SUFFIX = ".fatesmith.json"
MAX_FILE_BYTES = CHARACTER_FILE.max_bytes
MAX_DEPTH = safe_read.MAX_DEPTH

# format_version -> function upgrading a payload dict from that version to the next.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before parsing (see :mod:`storage.safe_read`).

    Raises:
        CharacterFileError: when nesting exceeds ``limit``.
    """
    safe_read.check_depth(text, CHARACTER_FILE, limit)


def loads_limited(text: str) -> Any:
    """Parse a character document strictly; errors become one-line CharacterFileErrors.

    Depth is bounded, a key given twice in one object and a number too large to store are
    errors naming the key or field (:func:`storage.safe_read.loads_json`).
    """
    return safe_read.loads_json(text, CHARACTER_FILE)


def _system_ids(registry: SystemRegistry) -> tuple[str, ...]:
    """Every recognised system id, in registration order (implemented or not)."""
    return tuple(info.id for info in registry.infos())


def parse_character(data: Any, registry: SystemRegistry) -> CharacterBase:
    """Turn a parsed character document into the system's character model.

    Raises:
        CharacterFileError: wrong format, newer version, unknown system, wrong types, a skill
            rating outside +/-``rules.character.MAX_RATING``.
    """
    if not isinstance(data, dict):
        raise CharacterFileError("not a Fatesmith character file (expected a JSON object)")
    fmt = data.get("format")
    if fmt != FORMAT:
        found = 'it has no "format" field' if fmt is None else f"its format is {fmt!r}"
        raise CharacterFileError(
            f'not a Fatesmith character file ({found}; a character file says "format": {FORMAT!r})'
        )
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CharacterFileError("format_version must be a positive integer")
    if version > FORMAT_VERSION:
        raise CharacterFileError(
            f"written by a newer Fatesmith (file format {version}; this version reads up to "
            f"{FORMAT_VERSION}); update Fatesmith to open it"
        )
    system = data.get("system")
    if not isinstance(system, str) or not (
        registry.is_implemented(system) or system in _system_ids(registry)
    ):
        raise CharacterFileError(
            f"unknown game system {system!r}; expected one of {', '.join(_system_ids(registry))}"
        )
    skills = data.get("skills", {})
    if not isinstance(skills, dict):
        raise CharacterFileError("'skills' must be an object mapping skill names to ratings")
    payload = dict(data)
    del payload["format"], payload["format_version"]
    while version < FORMAT_VERSION:
        payload = UPGRADES[version](payload)
        version += 1
    try:
        game = registry.get(system)
    except UnknownSystemError as exc:
        _check_ratings(skills)
        raise CharacterFileError(str(exc)) from None
    payload = _upgrade_document(payload, game)
    model = game.character_type
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        # The model bounds every rating as well; this names the skill in plain words (checked
        # only on failure: a loop over every skill costs a sixth of a good file's parse).
        _check_ratings(skills)
        first = exc.errors()[0]
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise CharacterFileError(
            f"field {field_path(first['loc'])}: {first['msg']}{more}"
        ) from None


def _upgrade_document(payload: dict[str, Any], game: GameSystem) -> dict[str, Any]:
    """``payload`` brought from the ``system_version`` it says (absent: 1) to the system's
    current document version by the system's own upgrade steps."""
    version = payload.pop("system_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CharacterFileError("system_version must be a positive integer")
    current = game.payload_version
    if version > current:
        raise CharacterFileError(
            f"written by a newer Fatesmith ({game.info.name} document version {version}; this "
            f"version reads up to {current}); update Fatesmith to open it"
        )
    while version < current:
        try:
            payload = game.upgrade_payload(payload, version)
        except FatesmithError as exc:
            raise CharacterFileError(
                f"cannot bring this {game.info.name} document up from version {version}: {exc}"
            ) from None
        version += 1
    return payload


def _check_ratings(skills: dict[Any, Any]) -> None:
    """Raise for the first skill whose rating is not an integer within +/-MAX_RATING."""
    for skill, rating in skills.items():
        if not isinstance(rating, int) or isinstance(rating, bool):
            raise CharacterFileError(f"skill {skill!r} must have an integer rating, not {rating!r}")
        if not -MAX_RATING <= rating <= MAX_RATING:
            # No ladder comes near; refusing it here names the skill instead of letting a
            # database column overflow later.
            raise CharacterFileError(
                f"field {field_path(('skills', skill))}: the rating {rating} is outside "
                f"{-MAX_RATING}..{MAX_RATING}"
            )


def character_to_document(character: CharacterBase) -> dict[str, Any]:
    """The file document for ``character``, fixed keys first."""
    body = character.model_dump(mode="json")
    doc: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "system": body.pop("system"),
        **_document_version(character),
        "name": body.pop("name"),
        "skills": body.pop("skills"),
    }
    doc.update(body)
    return doc


def _document_version(character: CharacterBase) -> dict[str, int]:
    """The ``system_version`` key, written only past version 1 (absent means 1)."""
    version = type(character).DOCUMENT_VERSION
    return {"system_version": version} if version > 1 else {}


def dumps_character(character: CharacterBase) -> str:
    """Serialise to the file format (UTF-8 JSON text, indented, newline-terminated)."""
    return json.dumps(character_to_document(character), indent=2, ensure_ascii=False) + "\n"


def loads_character(text: str, registry: SystemRegistry) -> CharacterBase:
    """Parse file text into a character (size, depth, keys, numbers, text, format and types
    checked: a NUL or a lone surrogate anywhere is refused naming its field)."""
    # A character is at most 4 bytes in UTF-8: only long texts need the exact count.
    if (
        len(text) * 4 > MAX_FILE_BYTES
        and len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES
    ):
        raise CharacterFileError(f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; refusing it")
    # Scanning for the depth costs some 6% of reading a good file, and no system's character
    # model admits nesting deeper than MAX_DEPTH (tests/storage/test_character_depth.py holds
    # every registered system to it), so a document read straight into its model needs no scan.
    # One refused for any reason, or brought up from an older version (an upgrade step could
    # drop what the model would have refused), is scanned after all: a document nested too
    # deep is always refused as such, before anything else is said about it.
    data = safe_read.loads_json(text, CHARACTER_FILE, depth_checked_later=True)
    if safe_read.may_hold_bad_text(text, from_utf8=True):
        # Checked before the model: its own refusal of one string ("unable to parse raw data
        # as a unicode string") misses a tag, a skill name or an extra's aspect, which then
        # reach the database; every field is refused alike here, by its path. File text is
        # decoded UTF-8, so only escapes can carry it; text made in this process is checked
        # again, raw surrogates included, before it is stored (storage.mappers).
        problem = safe_read.first_bad_text(data)
        if problem:
            raise CharacterFileError(problem)
    try:
        character = parse_character(data, registry)
    except CharacterFileError:
        check_depth(text)
        raise
    if (
        data.get("format_version") != FORMAT_VERSION
        or data.get("system_version", 1) != registry.get(character.system).payload_version
    ):
        check_depth(text)
    return character


def read_text_limited(
    path: Path, limit: int = MAX_FILE_BYTES, kind: FileKind = CHARACTER_FILE
) -> str:
    """Read a regular UTF-8 file of at most ``limit`` bytes (see :mod:`storage.safe_read`).

    Pipes, devices, sockets and folders are refused before anything is read.

    Raises:
        CharacterFileError: (or ``kind.error``) missing, not a regular file, unreadable, too
            big or not UTF-8; the message names ``kind``.
    """
    if limit != kind.max_bytes:
        kind = dataclasses.replace(kind, max_bytes=limit)
    return safe_read.read_text(Path(path), kind)


def read_character_file(path: Path, registry: SystemRegistry) -> CharacterBase:
    """Read and check a ``*.fatesmith.json`` file."""
    return loads_character(read_text_limited(path), registry)


def write_character_file(path: Path, character: CharacterBase) -> None:
    """Save ``character`` atomically to ``path``."""
    atomic_write_text(path, dumps_character(character))


def character_file_schema(registry: SystemRegistry) -> dict[str, Any]:
    """JSON Schema of the character file, one branch per implemented system.

    Only ``format``, ``format_version`` and ``system`` are required: every other key may be
    missing in a file that is still being filled in.
    """
    branches: list[dict[str, Any]] = []
    defs: dict[str, Any] = {}
    for system in registry:
        schema = system.character_type.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        properties = {
            "format": {"const": FORMAT},
            "format_version": {"type": "integer", "minimum": 1, "maximum": FORMAT_VERSION},
            "system": {"const": system.id},
            "system_version": {
                "type": "integer",
                "minimum": 1,
                "maximum": system.payload_version,
                "description": "Version of this system's document (absent: 1).",
            },
            **{k: v for k, v in schema["properties"].items() if k != "system"},
        }
        properties["skills"] = {
            "type": "object",
            "description": "Skill name -> integer rating on the system's ladder.",
            "additionalProperties": {
                "type": "integer",
                "minimum": -MAX_RATING,
                "maximum": MAX_RATING,
            },
        }
        branches.append(
            {
                "title": f"{system.info.name} character",
                "type": "object",
                "properties": properties,
                "required": ["format", "format_version", "system"],
                "additionalProperties": False,
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://fatesmith.invalid/schemas/character-file.schema.json",
        "title": "Fatesmith character file (*.fatesmith.json)",
        "description": (
            f"format {FORMAT!r} version {FORMAT_VERSION}; system one of "
            f"{', '.join(_system_ids(registry))} "
            "(systems without character rules yet are recognised but refused)"
        ),
        "oneOf": branches,
        "$defs": defs,
    }
