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

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pydantic_core
from pydantic import ValidationError

from rules.character import CharacterBase
from rules.errors import CharacterFileError, UnknownSystemError
from rules.systems.registry import SystemRegistry
from rules.validation import field_path

FORMAT = "fatesmith-character"
FORMAT_VERSION = 1
SUFFIX = ".fatesmith.json"
MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")

# format_version -> function upgrading a payload dict from that version to the next.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before handing it to the parser.

    A linear scan that skips string contents, so hostile input (10,000 nested brackets) is
    rejected in O(n) without recursion.

    Raises:
        CharacterFileError: when nesting exceeds ``limit``.
    """
    if text.count("[") + text.count("{") <= limit:
        return  # cannot possibly nest deeper than there are openers
    # Drop string literals (C-speed regex), then walk only the brackets that remain.
    depth = 0
    for ch in _BRACKETS.findall(_STRINGS.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > limit:
                raise CharacterFileError(f"nested more than {limit} levels deep; refusing it")
        else:
            depth -= 1


def loads_limited(text: str) -> Any:
    """Parse JSON with the depth guard; errors become one-line CharacterFileErrors.

    pydantic-core's parser is used because it is faster than the standard library's; it
    reports where the text stops making sense.
    """
    check_depth(text)
    try:
        return pydantic_core.from_json(text)
    except ValueError as exc:
        reason = str(exc).split("\n", 1)[0]
        raise CharacterFileError(
            f"not valid JSON ({reason}); the file may be truncated or damaged"
        ) from None


def _system_ids(registry: SystemRegistry) -> tuple[str, ...]:
    """Every recognised system id, in registration order (implemented or not)."""
    return tuple(info.id for info in registry.infos())


def parse_character(data: Any, registry: SystemRegistry) -> CharacterBase:
    """Turn a parsed character document into the system's character model.

    Raises:
        CharacterFileError: wrong format, newer version, unknown system, wrong types.
    """
    if not isinstance(data, dict):
        raise CharacterFileError("not a Fatesmith character file (expected a JSON object)")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise CharacterFileError(
            f"not a Fatesmith character file (format is {fmt!r}, expected {FORMAT!r})"
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
    known = _system_ids(registry)
    if not isinstance(system, str) or system not in known:
        raise CharacterFileError(
            f"unknown game system {system!r}; expected one of {', '.join(known)}"
        )
    skills = data.get("skills", {})
    if not isinstance(skills, dict):
        raise CharacterFileError("'skills' must be an object mapping skill names to ratings")
    for skill, rating in skills.items():
        if not isinstance(rating, int) or isinstance(rating, bool):
            raise CharacterFileError(f"skill {skill!r} must have an integer rating, not {rating!r}")
    payload = {k: v for k, v in data.items() if k not in ("format", "format_version")}
    while version < FORMAT_VERSION:
        payload = UPGRADES[version](payload)
        version += 1
    try:
        model = registry.get(system).character_type
    except UnknownSystemError as exc:
        raise CharacterFileError(str(exc)) from None
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        first = exc.errors()[0]
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise CharacterFileError(
            f"field {field_path(first['loc'])}: {first['msg']}{more}"
        ) from None


def character_to_document(character: CharacterBase) -> dict[str, Any]:
    """The file document for ``character``, fixed keys first."""
    body = character.model_dump(mode="json")
    doc: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "system": body.pop("system"),
        "name": body.pop("name"),
        "skills": body.pop("skills"),
    }
    doc.update(body)
    return doc


def dumps_character(character: CharacterBase) -> str:
    """Serialise to the file format (UTF-8 JSON text, indented, newline-terminated)."""
    return json.dumps(character_to_document(character), indent=2, ensure_ascii=False) + "\n"


def loads_character(text: str, registry: SystemRegistry) -> CharacterBase:
    """Parse file text into a character (size, depth, format and types all checked)."""
    # A character is at most 4 bytes in UTF-8: only long texts need the exact count.
    if (
        len(text) * 4 > MAX_FILE_BYTES
        and len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES
    ):
        raise CharacterFileError(f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; refusing it")
    check_depth(text)
    fast = _parse_current_strict(text, registry)
    if fast is not None:
        return fast
    return parse_character(loads_limited(text), registry)


_CANONICAL_HEAD = re.compile(
    r'\A\s*\{\s*"format"\s*:\s*"fatesmith-character"\s*,\s*"format_version"\s*:\s*'
    + str(FORMAT_VERSION)
    + r'\s*,\s*"system"\s*:\s*"([a-z0-9-]{1,32})"\s*,'
)


def _parse_current_strict(text: str, registry: SystemRegistry) -> CharacterBase | None:
    """Fast path for a file that starts the way Fatesmith writes it (current version).

    The identifying keys are cut from the text and the rest goes to pydantic's JSON parser in
    one pass. Returns None when anything is off (other key order, an unknown system, any
    validation error); the careful path then finds and explains the problem. Both paths accept
    the same documents: ratings are ``StrictInt`` in the model itself.
    """
    head = _CANONICAL_HEAD.match(text)
    if head is None or not registry.is_implemented(head.group(1)):
        return None
    model = registry.get(head.group(1)).character_type
    body = '{"system": "' + head.group(1) + '",' + text[head.end() :]
    try:
        return model.model_validate_json(body)
    except ValueError:  # ValidationError is a ValueError
        return None


def read_text_limited(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """Read a UTF-8 file of at most ``limit`` bytes.

    Raises:
        CharacterFileError: missing, unreadable, too big or not UTF-8.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise CharacterFileError("no such file") from None
    except IsADirectoryError:
        raise CharacterFileError("is a folder, not a file") from None
    except OSError as exc:
        raise CharacterFileError(f"cannot be read ({exc.strerror})") from None
    if len(raw) > limit:
        raise CharacterFileError(f"larger than {limit // (1024 * 1024)} MB; refusing it")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CharacterFileError("not UTF-8 text; is it really a character file?") from None


def read_character_file(path: Path, registry: SystemRegistry) -> CharacterBase:
    """Read and check a ``*.fatesmith.json`` file."""
    return loads_character(read_text_limited(path), registry)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash or a full disk never leaves a half file.

    The bytes go to a temporary file in the same folder, are flushed to disk, then renamed over
    the target; on any error the temporary file is removed and the old file is untouched.
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """Write UTF-8 ``text`` (with ``\\n`` line ends) atomically; see :func:`atomic_write_bytes`."""
    atomic_write_bytes(path, text.encode("utf-8"))


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
            **{k: v for k, v in schema["properties"].items() if k != "system"},
        }
        properties["skills"] = {
            "type": "object",
            "description": "Skill name -> integer rating on the system's ladder.",
            "additionalProperties": {"type": "integer"},
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
