"""Fuzzing: damaging library archives (zip headers, members, names; see docs/fuzzing.md)."""

from __future__ import annotations

import io
import json
import random
import re
import struct
import warnings
import zipfile
from collections.abc import Callable
from typing import Any

from tests.fuzzing.mutate_json import (
    BYTE_MUTATORS,
    change_text,
    hostile_text,
    mutate_json_file,
    text_targets,
)

# -- damaging zips ---------------------------------------------------------------------------


def _rezip(members: list[tuple[str, bytes]], *, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", compression=method) as zf:
        warnings.simplefilter("ignore")  # a duplicate name is the point of some mutations
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            zf.writestr(info, data)
    return buffer.getvalue()


def _members(data: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(info.filename, zf.read(info)) for info in zf.infolist()]


def _patch_headers(
    data: bytes, rng: random.Random, patch: Callable[[bytearray, int, bool], None]
) -> bytes:
    """Apply ``patch(buffer, offset, central)`` to the local and central headers of one member."""
    out = bytearray(data)
    locals_ = [m.start() for m in re.finditer(re.escape(b"PK\x03\x04"), data)]
    centrals = [m.start() for m in re.finditer(re.escape(b"PK\x01\x02"), data)]
    if not locals_ or not centrals:
        return data
    i = rng.randrange(min(len(locals_), len(centrals)))
    patch(out, locals_[i], False)
    patch(out, centrals[i], True)
    return bytes(out)


def zip_member(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    i = rng.randrange(len(members))
    name, content = members[i]
    how, damaged = mutate_json_file(rng, content)
    members[i] = (name, damaged)
    return f"zip-member-{how}", _rezip(members)


def zip_data(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """Bytes flipped inside one member's compressed data, its headers and CRC intact: the
    inflater fails (``zlib.error``) or the CRC check does."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        infos = [i for i in zf.infolist() if i.compress_size > 8]
    if not infos:
        return "zip-damaged-data", data
    info = rng.choice(infos)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4])):
        at = start + rng.randrange(info.compress_size)
        out[at] ^= rng.choice([1 << rng.randrange(8), 0xFF])
    return "zip-damaged-data", bytes(out)


def zip_crc(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    def patch(buf: bytearray, at: int, central: bool) -> None:
        offset = at + (16 if central else 14)
        (crc,) = struct.unpack_from("<I", buf, offset)
        struct.pack_into("<I", buf, offset, crc ^ 0x5A5A5A5A)

    return "zip-bad-crc", _patch_headers(data, rng, patch)


def zip_encrypted(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    def patch(buf: bytearray, at: int, central: bool) -> None:
        offset = at + (8 if central else 6)
        (flags,) = struct.unpack_from("<H", buf, offset)
        struct.pack_into("<H", buf, offset, flags | 1)

    return "zip-encrypted-flag", _patch_headers(data, rng, patch)


def zip_method(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    method = rng.choice([1, 6, 12, 14, 93, 99])

    def patch(buf: bytearray, at: int, central: bool) -> None:
        struct.pack_into("<H", buf, at + (10 if central else 8), method)

    return "zip-compression-method", _patch_headers(data, rng, patch)


def zip_sizes(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    value = rng.choice([0, 1, 0xFFFFFFFF, 2**31])

    def patch(buf: bytearray, at: int, central: bool) -> None:
        field_at = at + (24 if central else 22)  # uncompressed size
        struct.pack_into("<I", buf, field_at, value)

    return "zip-declared-size", _patch_headers(data, rng, patch)


def zip_names(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    name, content = rng.choice(members)
    hostile = rng.choice(
        [
            name,  # the same name twice
            "../escape.fatesmith.json",
            "/absolute.fatesmith.json",
            "characters\\back.fatesmith.json",
            "C:/drive.fatesmith.json",
            "characters/\x1b[2Jx.fatesmith.json",
            "characters/" + "n" * 300 + ".fatesmith.json",
        ]
    )
    members.insert(rng.randrange(len(members) + 1), (hostile, content))
    return "zip-hostile-name", _rezip(members)


def zip_bomb(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    size = rng.choice([6 * 1024 * 1024, 70 * 1024 * 1024])
    members.append(("characters/bomb.fatesmith.json", b" " * size))
    return "zip-bomb", _rezip(members)


def zip_stored(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    if rng.random() < 0.5:
        members = [(n, c) for n, c in members if n != "manifest.json"]
    else:
        members = [(n, c) for n, c in members if n == "manifest.json"]
    return "zip-missing-members", _rezip(members, method=zipfile.ZIP_STORED)


def zip_bytes(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    name = rng.choice(sorted(BYTE_MUTATORS))
    return f"zip-{name}", BYTE_MUTATORS[name](rng, data)


def zip_text_fields(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A lone surrogate or a very long text in a free text of the archive: the campaign's notes
    or name, an encounter's payload or name (an encounter is added to the manifest), or a
    character's tags, skill names or aspects."""
    members = _members(data)
    where = rng.choice(["campaign-notes", "campaign-name", "encounter", "character"])
    if where == "character":
        i = rng.choice([i for i, (n, _) in enumerate(members) if n.startswith("characters/")])
        name, content = members[i]
        how, damaged = mutate_json_file(rng, content, "surrogates")
        members[i] = (name, damaged)
        return f"zip-text-fields-character-{how}", _rezip(members)
    i = next(i for i, (n, _) in enumerate(members) if n == "manifest.json")
    manifest = json.loads(members[i][1])
    campaign = manifest["campaigns"][0] if manifest.get("campaigns") else None
    if where == "encounter" or campaign is None:
        where = "encounter"
        encounter: dict[str, Any] = {
            "id": "5a3f0b9e-1c2d-4e5f-8a9b-0000000e0001",
            "name": "Docks",
            "campaign_id": campaign["id"] if campaign else None,
            "is_template": False,
            "payload": {"round": 2, "notes": "x", "log": ["a", {"text": "b"}], "title": "t"},
        }
        manifest.setdefault("encounters", []).append(encounter)
        manifest.setdefault("counts", {})["encounters"] = len(manifest["encounters"])
        preferred, _ = text_targets(encounter)
        path = rng.choice(preferred)
        change_text(rng, encounter, path)
        where += "-" + "-".join(str(p) for p in path if not isinstance(p, tuple))
    else:
        field = "notes" if where == "campaign-notes" else "name"
        campaign[field] = hostile_text(rng, campaign.get(field, ""))
    text = json.dumps(manifest, indent=2, ensure_ascii=rng.random() < 0.9)
    members[i] = ("manifest.json", text.encode("utf-8", "surrogatepass"))
    return f"zip-text-fields-{where}", _rezip(members)


ZIP_MUTATORS: dict[str, Callable[[random.Random, bytes], tuple[str, bytes]]] = {
    "member": zip_member,
    "crc": zip_crc,
    "data": zip_data,
    "encrypted": zip_encrypted,
    "method": zip_method,
    "sizes": zip_sizes,
    "names": zip_names,
    "bomb": zip_bomb,
    "missing": zip_stored,
    "bytes": zip_bytes,
    "text-fields": zip_text_fields,
}
