"""Fuzzing: damaging JSON documents and the bytes of any file (see docs/fuzzing.md)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

TOKEN = "@@fuzz-token@@"

# -- mutating JSON ---------------------------------------------------------------------------

JsonPath = tuple[Any, ...]


def _nodes(node: Any, path: JsonPath = ()) -> list[tuple[JsonPath, Any]]:
    """Every value in a parsed document with its path (containers included), root first."""
    found = [(path, node)]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_nodes(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_nodes(value, (*path, i)))
    return found


def _set(root: Any, path: JsonPath, value: Any) -> Any:
    if not path:
        return value
    parent = root
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return root


def _with_raw(rng: random.Random, doc: Any, raw: str, want: Callable[[Any], bool]) -> str:
    """``doc`` as JSON text with one value (chosen among those ``want`` accepts) replaced by
    the literal text ``raw`` (which need not be valid JSON)."""
    choices = [p for p, v in _nodes(doc) if p and want(v)] or [p for p, _ in _nodes(doc) if p]
    if not choices:
        return raw
    doc = _set(doc, rng.choice(choices), TOKEN)
    return json.dumps(doc, indent=2, ensure_ascii=False).replace(json.dumps(TOKEN), raw, 1)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def huge_number(rng: random.Random, doc: Any) -> str:
    """An integer (or number) too big for a database column, a float or the int parser."""
    raw = rng.choice(
        [
            str(2**63),
            str(2**63 - 1),
            str(-(2**63) - 1),
            str(2**64),
            str(10**30),
            "1e400",
            "-1e400",
            "9" * 5000,
            "1" + "0" * 4400,
            "101",
            "-101",
            "1001",
            "0.5",
            "-0",
            "1E2",
        ]
    )
    return _with_raw(rng, doc, raw, lambda v: _is_int(v) or isinstance(v, float))


def deep_nesting(rng: random.Random, doc: Any) -> str:
    depth = rng.choice([63, 64, 65, 200, 5_000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return _with_raw(rng, doc, opener * depth + "1" + closer * depth, lambda v: True)


def duplicate_key(rng: random.Random, doc: Any) -> str:
    """One object gets one of its keys twice (same value or a different one)."""
    objects = [p for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if not objects:
        return json.dumps(doc)
    path = rng.choice(objects)
    target: dict[str, Any] = doc
    for step in path:
        target = target[step]
    key = rng.choice(list(target))
    other = target[key] if rng.random() < 0.5 else _random_value(rng)
    pairs = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in target.items()]
    extra = f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(other)}"
    pairs.insert(rng.randrange(len(pairs) + 1), extra)
    raw = "{" + ", ".join(pairs) + "}"
    if not path:
        return raw
    return _with_raw_at(doc, path, raw)


def _with_raw_at(doc: Any, path: JsonPath, raw: str) -> str:
    doc = _set(doc, path, TOKEN)
    return json.dumps(doc, indent=2, ensure_ascii=False).replace(json.dumps(TOKEN), raw, 1)


CONTROL = [
    "\x1b[2J\x1b[31m",
    "\r",
    "\n",
    "\x00",
    "\x07",
    "\u202e",
    "\t",
    "\x7f",
    "\u2028",
    "\x1b]0;x\x07",
]


def control_characters(rng: random.Random, doc: Any) -> str:
    """Control characters in a string value or key, escaped (valid JSON) or raw (invalid)."""
    strings = [p for p, v in _nodes(doc) if p and isinstance(v, str)]
    junk = rng.choice(CONTROL)
    if strings and rng.random() < 0.7:
        path = rng.choice(strings)
        text = _get(doc, path)
        at = rng.randrange(len(text) + 1)
        _set(doc, path, text[:at] + junk + text[at:])
        return json.dumps(doc, indent=2, ensure_ascii=rng.random() < 0.5)
    objects = [p for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if objects and rng.random() < 0.5:
        path = rng.choice(objects)
        target = _get(doc, path)
        key = rng.choice(list(target))
        target[key + junk] = target.pop(key)
        return json.dumps(doc, indent=2)
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    quotes = [m.start() for m in re.finditer('"', text)]
    at = rng.choice(quotes) + 1 if quotes else 0
    return text[:at] + junk + text[at:]  # raw: not valid JSON


def _get(doc: Any, path: JsonPath) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _random_value(rng: random.Random) -> Any:
    return rng.choice(
        [None, True, False, 0, -1, 1.5, "", "x", "5", [], {}, [1, 2], {"a": 1}, [None], "null"]
    )


def wrong_type(rng: random.Random, doc: Any) -> str:
    nodes = [p for p, _ in _nodes(doc) if p]
    if nodes:
        for _ in range(rng.choice([1, 1, 2, 3])):
            _set(doc, rng.choice(nodes), _random_value(rng))
            nodes = [p for p, _ in _nodes(doc) if p]
            if not nodes:
                break
    else:
        doc = _random_value(rng)
    return json.dumps(doc, indent=2)


def long_text(rng: random.Random, doc: Any) -> str:
    strings = [p for p, v in _nodes(doc) if p and isinstance(v, str)]
    size = rng.choice([200, 201, 800, 2_000, 20_001, 200_000])
    word = rng.choice(["A", "Word ", "W", "\u00e9", "\U0001f600"])
    text = (word * size)[:size] if len(word) == 1 else (word * (size // len(word) + 1))[:size]
    if strings:
        _set(doc, rng.choice(strings), text)
    return json.dumps(doc, indent=2, ensure_ascii=False)


def drop_or_add(rng: random.Random, doc: Any) -> str:
    objects = [p for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if objects:
        target = _get(doc, rng.choice(objects))
        if rng.random() < 0.5:
            del target[rng.choice(list(target))]
        else:
            target[rng.choice(["extra", "format_version", "system", "id", "Guns", ""])] = (
                _random_value(rng)
            )
    lists = [p for p, v in _nodes(doc) if isinstance(v, list) and v]
    if lists and rng.random() < 0.5:
        items = _get(doc, rng.choice(lists))
        items.extend(items * rng.choice([1, 10, 60]))
    return json.dumps(doc, indent=2)


def same_value_everywhere(rng: random.Random, doc: Any) -> str:
    """A structural change: swap two values of the document (ids, names, sides...)."""
    nodes = [p for p, _ in _nodes(doc) if p]
    if len(nodes) >= 2:
        a, b = rng.sample(nodes, 2)
        if not (a[: len(b)] == b or b[: len(a)] == a):
            va, vb = _get(doc, a), _get(doc, b)
            _set(doc, a, vb)
            _set(doc, b, va)
    return json.dumps(doc, indent=2)


TEXT_KEYS = frozenset(
    {
        "tags", "name", "aspects", "aspect", "text", "notes", "payload", "description",
        "skills", "theme", "label", "player", "title", "extras", "stunts", "concept",
        "trapping", "gifts", "answers", "high_concept", "trouble", "note", "members",
    }
)  # fmt: skip
"""Keys under which a document's free texts live (a tag, a skill name, an aspect, notes...)."""

SURROGATES = ["\ud83d", "\udca9", "\udca9\ud83d", "x\ud800y", "\udfff", "\ud83d" * 3]
"""Lone and reversed UTF-16 surrogates: a JSON file may spell them (``"\\ud83d"``), no
UTF-8 text can hold them."""


def hostile_text(rng: random.Random, text: str) -> str:
    """``text`` with a lone surrogate in it, or replaced by a very long text (with one)."""
    junk = rng.choice(SURROGATES)
    how = rng.random()
    if how < 0.6:
        at = rng.randrange(len(text) + 1)
        return text[:at] + junk + text[at:]
    size = rng.choice([2_001, 150_000, 400_000])
    long = ("Word " * (size // 5 + 1))[:size]
    return long if how < 0.8 else long[: size // 2] + junk + long[size // 2 :]


def text_targets(doc: Any) -> tuple[list[JsonPath], list[JsonPath]]:
    """(string values and object keys under a text key, every other string value or key).

    The character's own name, system and ids are left to the other list: a name is already
    refused cleanly, and a damaged one would hide the field behind it.

    A key is given as its object's path plus ``("<key>", key)``."""
    preferred: list[JsonPath] = []
    other: list[JsonPath] = []
    for path, value in _nodes(doc):
        under = any(isinstance(step, str) and step.lower() in TEXT_KEYS for step in path)
        under = under and path[-1:] != ("id",) and path not in (("name",), ("system",))
        if path and isinstance(value, str):
            (preferred if under else other).append(path)
        if isinstance(value, dict) and path and under:
            preferred.extend((*path, ("<key>", key)) for key in value)
    return preferred, other


def change_text(rng: random.Random, doc: Any, path: JsonPath) -> Any:
    last = path[-1]
    if isinstance(last, tuple) and last[:1] == ("<key>",):
        target = _get(doc, path[:-1])
        key = last[1]
        new = hostile_text(rng, key)
        items = [(new if k == key else k, v) for k, v in target.items()]
        target.clear()
        target.update(items)
        return doc
    return _set(doc, path, hostile_text(rng, _get(doc, path)))


def surrogates(rng: random.Random, doc: Any) -> str:
    """Lone surrogates and very long texts in free texts (tags, skill names, aspects, notes,
    payloads first), written as JSON escapes (valid JSON) or, rarely, raw (not UTF-8)."""
    preferred, other = text_targets(doc)
    pool = preferred if preferred and rng.random() < 0.85 else other or preferred
    if not pool:
        return json.dumps(rng.choice(SURROGATES))
    for path in rng.sample(pool, min(len(pool), rng.choice([1, 1, 1, 1, 1, 2, 2, 5]))):
        try:
            doc = change_text(rng, doc, path)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change renamed a key on this path
    return json.dumps(doc, indent=2, ensure_ascii=rng.random() < 0.9)


JSON_MUTATORS: dict[str, Callable[[random.Random, Any], str]] = {
    "huge-number": huge_number,
    "deep-nesting": deep_nesting,
    "duplicate-key": duplicate_key,
    "control-characters": control_characters,
    "wrong-type": wrong_type,
    "long-text": long_text,
    "drop-or-add": drop_or_add,
    "swap-values": same_value_everywhere,
    "surrogates": surrogates,
}

# -- mutating bytes --------------------------------------------------------------------------


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4, 16])):
        if out:
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))] if data else data


def insert_bytes(rng: random.Random, data: bytes) -> bytes:
    junk = rng.choice([b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\x1b[2J", b"\r", b"\xc3", b"]}"])
    at = rng.randrange(len(data) + 1)
    return data[:at] + junk * rng.choice([1, 3]) + data[at:]


def re_encode(rng: random.Random, data: bytes) -> bytes:
    text = data.decode("utf-8", "replace")
    codec = rng.choice(["utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252"])
    return (text + "\u00e9").encode(codec, "replace")


BYTE_MUTATORS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "flip-bytes": flip_bytes,
    "truncate": truncate,
    "insert-bytes": insert_bytes,
    "re-encode": re_encode,
}


def mutate_json_file(rng: random.Random, data: bytes, name: str | None = None) -> tuple[str, bytes]:
    """One mutation of a JSON file (``name``, or one at random): structural or on the bytes."""
    if name is None:
        pool = JSON_MUTATORS if rng.random() < 0.7 else BYTE_MUTATORS
        name = rng.choice(sorted(pool))
    if name in JSON_MUTATORS:
        doc = json.loads(data.decode("utf-8-sig"))
        return name, JSON_MUTATORS[name](rng, doc).encode("utf-8", "surrogatepass")
    return name, BYTE_MUTATORS[name](rng, data)


FILE_MUTATIONS = (*sorted(JSON_MUTATORS), *sorted(BYTE_MUTATORS))
