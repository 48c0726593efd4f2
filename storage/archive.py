"""Storage layer: library and campaign archives (a zip of character files plus a manifest).

Layout::

    manifest.json                          format, version, counts, characters, campaigns,
                                           encounters (campaigns and encounters in full)
    characters/<name>-<id>.fatesmith.json  one character file each, exactly as exported singly

The manifest also holds each system's stored rules data (``system_data``: system, kind key,
provenance and content; format 3 on).

Archives are written deterministically (sorted entries, fixed timestamps), so exporting,
importing into an empty library and exporting again gives the same bytes. Reading treats the
zip as hostile: entry names, entry count, declared and actual sizes and JSON nesting are all
checked before anything is parsed, and a refused archive imports nothing.

This module only turns records into an archive file and back; the library facade
(:mod:`storage.library.transfer`) reads and stores the records.
"""

from __future__ import annotations

import json
import lzma
import re
import uuid
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.character import CharacterBase
from rules.errors import CharacterFileError, FatesmithError
from rules.system_data import Provenance, SystemData
from rules.systems.registry import SystemRegistry
from rules.validation import field_path
from storage import safe_read
from storage.atomic_file import atomic_writer
from storage.json_io import MAX_FILE_BYTES, SUFFIX, loads_character
from storage.json_io import check_depth as _check_depth
from storage.mappers import CAMPAIGN_NOTES_MAX, Campaign, EncounterRecord

ARCHIVE_FORMAT = "fatesmith-archive"
ARCHIVE_VERSION = 3
FIRST_ARCHIVE_VERSION = 1
"""The first archive format Fatesmith wrote; a lower one (0, -1) was never written."""
PAYLOAD_VERSIONS = {"campaign": 2, "encounter": 1}
"""The campaign and encounter payload versions that archive format ARCHIVE_VERSION holds.

The manifest does not record payload versions: a new payload version needs a new archive
format (and the reader upgrading older archives' payloads, see :data:`MANIFEST_UPGRADES`). A
test keeps these in step with ``storage.mappers``.
"""
MANIFEST = "manifest.json"
CHARACTER_DIR = "characters"
MAX_ENTRIES = 50_000
MAX_MANIFEST_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_RATIO = 1_000
CHUNK = 64 * 1024
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _manifest_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Archive format 3 added ``system_data`` (each system's stored rules data); a format 2
    archive carries none, so its import leaves the library's own as it is."""
    return {**data, "system_data": []}


def _manifest_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Archive format 1 named a campaign's settings ``rules`` (SotC house rules, campaign
    payload 1, which are SotC's settings as they are); format 2 calls them ``settings``."""
    campaigns = data.get("campaigns")
    if isinstance(campaigns, list):
        data = dict(data)
        data["campaigns"] = [
            {("settings" if k == "rules" else k): v for k, v in c.items()}
            if isinstance(c, dict)
            else c
            for c in campaigns
        ]
    return data


MANIFEST_UPGRADES = {1: _manifest_1_to_2, 2: _manifest_2_to_3}
"""Archive format -> step bringing an older manifest (a JSON dict) to the next format."""


class ArchiveError(FatesmithError):
    """An archive that cannot be read or is refused as hostile; imports nothing."""


class ArchiveCharacter(BaseModel):
    """A manifest entry for one character file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    id: uuid.UUID
    name: str = ""
    campaign_id: uuid.UUID | None = None


class ArchiveCampaign(BaseModel):
    """A campaign as stored in the manifest."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: uuid.UUID
    name: str = Field(max_length=200)
    system: str = Field(min_length=1, max_length=40)
    settings: dict[str, Any] = Field(default_factory=dict)
    notes: str = Field(default="", max_length=CAMPAIGN_NOTES_MAX)
    member_ids: tuple[uuid.UUID, ...] = ()


class ArchiveEncounter(BaseModel):
    """An encounter as stored in the manifest."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: uuid.UUID
    name: str = Field(max_length=200)
    campaign_id: uuid.UUID | None = None
    is_template: bool = False
    payload: dict[str, Any]


class ArchiveSystemData(BaseModel):
    """One document of a system's rules data (:class:`rules.system_data.SystemData`) as the
    manifest holds it: which system and kind, its provenance and its content, without the
    library's version (each library counts its own)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: str = Field(min_length=1, max_length=40)
    key: str = Field(min_length=1, max_length=100)
    provenance: Provenance
    content: dict[str, Any]


class Manifest(BaseModel):
    """``manifest.json``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str
    format_version: int
    scope: str = "library"
    counts: dict[str, int]
    characters: tuple[ArchiveCharacter, ...] = ()
    campaigns: tuple[ArchiveCampaign, ...] = ()
    encounters: tuple[ArchiveEncounter, ...] = ()
    system_data: tuple[ArchiveSystemData, ...] = ()


# -- writing ------------------------------------------------------------------------------------


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return slug[:40].strip("-") or "character"


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def export_archive(
    path: Path,
    *,
    scope: str,
    campaigns: Sequence[Campaign],
    encounters: Sequence[EncounterRecord],
    payloads: Sequence[tuple[uuid.UUID, str]],
    system_data: Sequence[SystemData] = (),
) -> None:
    """Write the records as an archive at ``path``, atomically.

    Args:
        scope: ``library`` or ``campaign``.
        campaigns: The campaigns (readable ones: see ``Campaign.problem``).
        encounters: The encounters (readable ones).
        payloads: (id, stored document) of every character.
        system_data: The stored rules data documents (with their provenance).

    Raises:
        ArchiveError: the file cannot be written.
    """
    membership = {m: c.id for c in campaigns for m in c.member_ids}
    entries: list[dict[str, Any]] = []
    files: list[tuple[str, str]] = []
    for character_id, payload in sorted(payloads, key=lambda p: str(p[0])):
        document = json.loads(payload)
        name = str(document.get("name", ""))
        file = f"{CHARACTER_DIR}/{_slug(name)}-{character_id}{SUFFIX}"
        member_of = membership.get(character_id)
        entries.append(
            {
                "file": file,
                "id": str(character_id),
                "name": name,
                "campaign_id": str(member_of) if member_of else None,
            }
        )
        files.append((file, _dumps(document)))
    manifest = {
        "format": ARCHIVE_FORMAT,
        "format_version": ARCHIVE_VERSION,
        "scope": scope,
        "counts": {
            "characters": len(entries),
            "campaigns": len(campaigns),
            "encounters": len(encounters),
            "system_data": len(system_data),
        },
        "characters": entries,
        "campaigns": [
            {
                "id": str(c.id),
                "name": c.name,
                "system": c.system,
                "settings": c.settings,
                "notes": c.notes,
                "member_ids": [str(m) for m in c.member_ids],
            }
            for c in sorted(campaigns, key=lambda c: str(c.id))
        ],
        "encounters": [
            {
                "id": str(e.id),
                "name": e.name,
                "campaign_id": str(e.campaign_id) if e.campaign_id else None,
                "is_template": e.is_template,
                "payload": e.payload,
            }
            for e in sorted(encounters, key=lambda e: str(e.id))
        ],
        "system_data": [
            {"system": d.system, "key": d.key, "provenance": d.provenance, "content": d.content}
            for d in sorted(system_data, key=lambda d: (d.system, d.key))
        ],
    }
    _write_zip(path, [(MANIFEST, _dumps(manifest)), *files])


def _write_zip(path: Path, members: list[tuple[str, str]]) -> None:
    try:
        # A temporary file made by mkstemp beside the target, renamed over it (never a
        # predictable name a symlink could be planted at).
        with (
            atomic_writer(path) as handle,
            zipfile.ZipFile(handle, "w", compression=zipfile.ZIP_DEFLATED) as zf,
        ):
            for name, text in members:
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, text.encode("utf-8"))
    except OSError as exc:
        raise ArchiveError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- reading ------------------------------------------------------------------------------------


def check_entry_name(name: str) -> None:
    """Refuse names that could escape a folder or confuse a file system.

    Raises:
        ArchiveError: absolute paths, ``..``, backslashes, drive letters, control characters.
    """
    if not name or name.startswith(("/", "\\")) or "\\" in name or "\x00" in name:
        raise ArchiveError(f"refusing the archive: unsafe file name {name!r}")
    if any(ord(ch) < 32 for ch in name):
        raise ArchiveError(f"refusing the archive: unsafe file name {name!r}")
    parts = PurePosixPath(name).parts
    if any(part == ".." for part in parts) or (parts and ":" in parts[0]):
        raise ArchiveError(f"refusing the archive: unsafe file name {name!r}")


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    """Read one member in chunks, never more than its declared size or ``limit``."""
    cap = min(info.file_size, limit)
    out = bytearray()
    try:
        with zf.open(info) as handle:
            while True:
                chunk = handle.read(CHUNK)
                if not chunk:
                    break
                out += chunk
                if len(out) > cap:
                    raise ArchiveError(
                        f"refusing the archive: {info.filename} unpacks to more than it declares "
                        "(a zip bomb?)"
                    )
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        OSError,  # also bz2's "Invalid data stream"
        EOFError,  # a compressed stream cut short
        zlib.error,  # deflate data that does not decompress (a flipped byte, zeroed blocks)
        lzma.LZMAError,
    ) as exc:
        raise ArchiveError(f"the archive is damaged ({info.filename}: {exc})") from None
    except RuntimeError:  # zipfile's way of saying "encrypted, and no password given"
        raise ArchiveError(f"{info.filename} is encrypted; Fatesmith archives never are") from None
    except NotImplementedError as exc:
        raise ArchiveError(f"{info.filename}: unsupported compression ({exc})") from None
    return bytes(out)


class ArchiveContents(BaseModel):
    """What a checked archive holds: parsed records plus the files that failed, by name."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    characters: tuple[tuple[CharacterBase, uuid.UUID | None], ...]
    campaigns: tuple[Campaign, ...]
    encounters: tuple[EncounterRecord, ...]
    failed: tuple[tuple[str, str], ...]
    system_data: tuple[SystemData, ...] = ()


def read_archive(path: Path, registry: SystemRegistry) -> ArchiveContents:
    """Open and check an archive, parsing every file with ``registry``'s systems.

    Raises:
        ArchiveError: not a zip, no manifest, or hostile (names, count, sizes, nesting).
    """
    try:
        # Only a regular file is opened (a FIFO would hang, /dev/zero would grow forever).
        handle = safe_read.open_regular(path, safe_read.LIBRARY_ARCHIVE)
    except FatesmithError as exc:
        raise ArchiveError(str(exc)) from None
    try:
        zf = zipfile.ZipFile(handle)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        handle.close()
        raise ArchiveError(
            f"{path.name} is not a Fatesmith archive (not a zip file: {exc})"
        ) from None
    with handle, zf:
        infos = zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise ArchiveError(
                f"refusing the archive: {len(infos)} entries (the limit is {MAX_ENTRIES})"
            )
        seen: set[str] = set()
        total = 0
        for info in infos:
            check_entry_name(info.filename)
            if info.filename in seen:
                raise ArchiveError(f"refusing the archive: {info.filename} appears twice")
            seen.add(info.filename)
            total += info.file_size
            if info.file_size > MAX_RATIO * max(info.compress_size, 1) and info.file_size > CHUNK:
                raise ArchiveError(
                    f"refusing the archive: {info.filename} is compressed {MAX_RATIO}:1 or more "
                    "(a zip bomb?)"
                )
        if total > MAX_TOTAL_BYTES:
            raise ArchiveError(
                f"refusing the archive: it unpacks to {total // (1024 * 1024)} MB "
                f"(the limit is {MAX_TOTAL_BYTES // (1024 * 1024)} MB)"
            )
        by_name = {i.filename: i for i in infos if not i.is_dir()}
        if MANIFEST not in by_name:
            raise ArchiveError(f"{path.name} is not a Fatesmith archive (no {MANIFEST})")
        manifest = _parse_manifest(_read_member(zf, by_name[MANIFEST], MAX_MANIFEST_BYTES))
        failed: list[tuple[str, str]] = []
        characters: list[tuple[CharacterBase, uuid.UUID | None]] = []
        listed = {entry.file for entry in manifest.characters}
        entries = list(manifest.characters) + [
            ArchiveCharacter(file=name, id=uuid.uuid4())
            for name in sorted(by_name)
            if name.endswith(SUFFIX) and name not in listed
        ]
        budget = MAX_TOTAL_BYTES
        for entry in entries:
            member = by_name.get(entry.file)
            if member is None:
                failed.append((entry.file, "listed in the manifest but missing from the archive"))
                continue
            if member.file_size > MAX_FILE_BYTES:
                failed.append((entry.file, f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB"))
                continue
            raw = _read_member(zf, member, min(MAX_FILE_BYTES, budget))
            budget -= len(raw)
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                failed.append((entry.file, "not UTF-8 text"))
                continue
            try:
                character = loads_character(text, registry)
            except CharacterFileError as exc:
                failed.append((entry.file, str(exc)))
                continue
            characters.append((character, entry.campaign_id))
    campaigns = tuple(
        Campaign(
            id=c.id,
            name=c.name,
            system=c.system,
            settings=c.settings,
            notes=c.notes,
            member_ids=c.member_ids,
        )
        for c in manifest.campaigns
    )
    order = {m: i for c in manifest.campaigns for i, m in enumerate(c.member_ids)}
    characters.sort(key=lambda item: order.get(item[0].id, len(order)))
    encounters = tuple(
        EncounterRecord(
            id=e.id,
            name=e.name,
            campaign_id=e.campaign_id,
            is_template=e.is_template,
            payload=e.payload,
        )
        for e in manifest.encounters
    )
    system_data: list[SystemData] = []
    for d in manifest.system_data:
        problem = _data_kind_problem(registry, d.system, d.key)
        if problem:
            failed.append((f"rules data {d.system}/{d.key}", problem))
            continue
        system_data.append(
            SystemData(system=d.system, key=d.key, provenance=d.provenance, content=d.content)
        )
    return ArchiveContents(
        characters=tuple(characters),
        campaigns=campaigns,
        encounters=encounters,
        failed=tuple(failed),
        system_data=tuple(system_data),
    )


def _data_kind_problem(registry: SystemRegistry, system_id: str, key: str) -> str:
    """Why rules data of ``system_id``/``key`` cannot be imported here ("" when it can)."""
    try:
        kinds = registry.get(system_id).data_kinds
    except FatesmithError as exc:
        return str(exc)
    if not any(k.key == key for k in kinds):
        return f"the {system_id} rules have no editable data called {key!r}"
    return ""


def _parse_manifest(raw: bytes) -> Manifest:
    try:
        text = raw.decode("utf-8-sig")
        _check_depth(text)
        # strict: a key twice (in a campaign or an encounter's payload) must not lose data
        data = safe_read.loads_json(text, safe_read.LIBRARY_ARCHIVE)
    except UnicodeDecodeError:
        raise ArchiveError(f"{MANIFEST} is not UTF-8 text") from None
    except CharacterFileError as exc:
        raise ArchiveError(f"refusing the archive: {MANIFEST} is {exc}") from None
    except FatesmithError as exc:
        raise ArchiveError(f"refusing the archive: {MANIFEST}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != ARCHIVE_FORMAT:
        raise ArchiveError(f"not a Fatesmith archive ({MANIFEST} has the wrong format)")
    version = data.get("format_version")
    if type(version) is int and version > ARCHIVE_VERSION:  # a bool is no version
        raise ArchiveError(
            f"written by a newer Fatesmith (archive format {version}; this version reads up to "
            f"{ARCHIVE_VERSION}); update Fatesmith to import it"
        )
    if type(version) is not int or version < FIRST_ARCHIVE_VERSION:
        # 0, -1, "2", true, 2.0: no Fatesmith wrote these, so nothing says how to read them.
        shown_version = json.dumps(version)[:40]  # ASCII: escapes anything unprintable
        raise ArchiveError(
            f"refusing the archive: archive format {shown_version} was never written by "
            f"Fatesmith (this version reads formats {FIRST_ARCHIVE_VERSION} to {ARCHIVE_VERSION})"
        )
    while version < ARCHIVE_VERSION:
        data = MANIFEST_UPGRADES[version](data)
        version += 1
    data["format_version"] = version
    if safe_read.may_hold_bad_text(text, from_utf8=True):
        _refuse_bad_text(data)
    try:
        manifest = Manifest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = tuple(first["loc"])
        member = _member(data, loc)
        if member:
            raise ArchiveError(
                f"{MANIFEST}: {member}: field {field_path(loc[2:])}: {first['msg']}"
            ) from None
        raise ArchiveError(f"{MANIFEST}: field {field_path(loc)}: {first['msg']}") from None
    actual = {
        "characters": len(manifest.characters),
        "campaigns": len(manifest.campaigns),
        "encounters": len(manifest.encounters),
        "system_data": len(manifest.system_data),
    }
    kinds = [(d.system, d.key) for d in manifest.system_data]
    if len(set(kinds)) != len(kinds):
        twice = next(k for k in kinds if kinds.count(k) > 1)
        raise ArchiveError(
            f"refusing the archive: {MANIFEST} holds the rules data {twice[0]}/{twice[1]} twice"
        )
    for key, count in actual.items():
        if manifest.counts.get(key, count) != count:
            raise ArchiveError(
                f"{MANIFEST} says {manifest.counts[key]} {key} but lists {count}; "
                "the archive is damaged"
            )
    return manifest


MEMBER_WORDS = {
    "characters": "character",
    "campaigns": "campaign",
    "encounters": "encounter",
    "system_data": "rules data",
}
"""The manifest's lists of members, and what a message calls one of them."""


def _member(data: dict[str, Any], loc: tuple[int | str, ...]) -> str:
    """``campaign 'Thunder Atoll'`` (or ``campaign 2`` when its name is unusable) for a
    location inside one of the manifest's members; "" for any other location."""
    if len(loc) < 2 or loc[0] not in MEMBER_WORDS or not isinstance(loc[1], int):
        return ""
    word = MEMBER_WORDS[str(loc[0])]
    entries = data.get(str(loc[0]))
    entry = entries[loc[1]] if isinstance(entries, list) and loc[1] < len(entries) else None
    name = entry.get("name") if isinstance(entry, dict) else None
    if isinstance(name, str) and name.strip() and safe_read.text_fault(name) is None:
        return f"{word} {safe_read.shown(name)}"
    return f"{word} {loc[1] + 1}"


def _refuse_bad_text(data: dict[str, Any]) -> None:
    """Refuse a manifest holding text no library stores (a NUL, a lone surrogate), naming the
    campaign, encounter or character entry and its field (:func:`safe_read.first_bad_text`).

    Raises:
        ArchiveError: the first such text, in manifest order.
    """
    for key in MEMBER_WORDS:
        entries = data.get(key)
        if not isinstance(entries, list):
            continue
        for index, entry in enumerate(entries):
            problem = safe_read.first_bad_text(entry)
            if problem:
                member = _member(data, (key, index))
                raise ArchiveError(f"refusing the archive: {MANIFEST}: {member}: {problem}")
    problem = safe_read.first_bad_text(data)
    if problem:
        raise ArchiveError(f"refusing the archive: {MANIFEST}: {problem}")
