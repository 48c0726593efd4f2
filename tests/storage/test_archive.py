"""Library archives: exact round trips, campaign scope, and hostile archives refused whole."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from storage import archive
from storage.json_io import dumps_character
from storage.library import Campaign, EncounterRecord, Library, LibraryError
from tests.rules.sotc_builders import build


@pytest.fixture
def filled(library_url: str, registry) -> Iterator[Library]:  # type: ignore[no-untyped-def]
    """A library with the samples, one more tagged character, a second campaign, encounters."""
    lib = Library.open(library_url, registry=registry)
    ada = build(notes="Ünïcödé ✈")
    lib.save_character(ada, expected_version=None)
    lib.set_tags(ada.id, ["Pilot", "Fixture"])
    camp = Campaign(system="sotc", name="Second", notes="n", member_ids=(ada.id,))
    lib.save_campaign(camp, expected_version=None)
    lib.save_encounter(
        EncounterRecord(name="Docks", campaign_id=camp.id, payload={"round": 2, "x": [1, "é"]}),
        expected_version=None,
    )
    lib.save_encounter(
        EncounterRecord(name="Template", is_template=True, payload={}), expected_version=None
    )
    try:
        yield lib
    finally:
        lib.close()


def empty_library(tmp_path: Path, registry: Any, name: str = "empty") -> Library:
    return Library.open(f"sqlite:///{tmp_path / name}.sqlite3", registry=registry, samples=False)


def zip_members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def test_round_trip_is_exact(filled: Library, tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    first = tmp_path / "first.zip"
    filled.export_archive(first)
    with empty_library(tmp_path, registry) as other:
        report = other.import_archive(first)
        assert report.failed == ()
        assert len(report.imported) == len(filled.list_characters())
        second = tmp_path / "second.zip"
        other.export_archive(second)
        assert first.read_bytes() == second.read_bytes()
        theirs = {s.id: s for s in other.list_characters()}
        for summary in filled.list_characters():
            assert other.get_character(summary.id).character == (
                filled.get_character(summary.id).character
            )
            assert theirs[summary.id]._replace(updated_at=None, version=0) == summary._replace(
                updated_at=None, version=0
            )
        strip = {"version"}
        assert [c.model_dump(exclude=strip) for c in other.list_campaigns()] == [
            c.model_dump(exclude=strip) for c in filled.list_campaigns()
        ]
        strip = {"version", "updated_at"}
        assert [e.model_dump(exclude=strip) for e in other.list_encounters()] == [
            e.model_dump(exclude=strip) for e in filled.list_encounters()
        ]
        # Importing the same archive again changes nothing.
        assert other.import_archive(first).imported == ()
        assert len(other.list_characters()) == len(theirs)


def test_manifest_and_files(filled: Library, tmp_path: Path) -> None:
    out = tmp_path / "lib.zip"
    filled.export_archive(out)
    members = zip_members(out)
    manifest = json.loads(members["manifest.json"])
    assert manifest["format"] == "fatesmith-archive"
    assert manifest["format_version"] == archive.ARCHIVE_VERSION
    assert manifest["counts"] == {**filled.counts(), "system_data": len(manifest["system_data"])}
    files = [n for n in members if n != "manifest.json"]
    assert len(files) == manifest["counts"]["characters"]
    for entry in manifest["characters"]:
        stored = filled.get_character(uuid.UUID(entry["id"]))
        assert members[entry["file"]].decode() == dumps_character(stored.character)


def test_campaign_export_holds_only_that_campaign(filled: Library, tmp_path: Path) -> None:
    second = next(c for c in filled.list_campaigns() if c.name == "Second")
    out = tmp_path / "camp.zip"
    filled.export_archive(out, campaign_id=second.id)
    manifest = json.loads(zip_members(out)["manifest.json"])
    assert manifest["scope"] == "campaign"
    assert [c["name"] for c in manifest["campaigns"]] == ["Second"]
    assert [e["name"] for e in manifest["encounters"]] == ["Docks"]
    assert [c["id"] for c in manifest["characters"]] == [str(m) for m in second.member_ids]


# -- hostile and broken archives --------------------------------------------------------------


def make_zip(path: Path, members: dict[str, bytes], manifest: dict[str, Any] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        if manifest is not None:
            zf.writestr("manifest.json", json.dumps(manifest))
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def manifest_for(files: dict[str, uuid.UUID]) -> dict[str, Any]:
    return {
        "format": "fatesmith-archive",
        "format_version": 1,
        "counts": {"characters": len(files), "campaigns": 0, "encounters": 0},
        "characters": [{"file": f, "id": str(i)} for f, i in files.items()],
    }


def good_file(name: str = "Ada Thorne") -> tuple[bytes, uuid.UUID]:
    ada = build(name=name, id=uuid.uuid4())
    return dumps_character(ada).encode(), ada.id


@pytest.fixture
def target(tmp_path: Path, registry) -> Iterator[Library]:  # type: ignore[no-untyped-def]
    lib = empty_library(tmp_path, registry, "target")
    try:
        yield lib
    finally:
        lib.close()


def refused(lib: Library, path: Path, match: str, *, partial: bool = False) -> None:
    with pytest.raises(LibraryError, match=match):
        lib.import_archive(path, partial=partial)
    assert lib.list_characters() == []


def test_zip_bomb_is_refused(target: Library, tmp_path: Path) -> None:
    data, ident = good_file()
    bomb = b"\x00" * (64 * 1024 * 1024)
    path = make_zip(
        tmp_path / "bomb.zip",
        {"characters/a.fatesmith.json": data, "characters/bomb.fatesmith.json": bomb},
        manifest_for({"characters/a.fatesmith.json": ident}),
    )
    refused(target, path, "zip bomb", partial=True)


def test_archive_over_total_size_cap_is_refused(
    target: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, ident = good_file()
    path = make_zip(
        tmp_path / "big.zip",
        {"characters/a.fatesmith.json": data},
        manifest_for({"characters/a.fatesmith.json": ident}),
    )
    monkeypatch.setattr(archive, "MAX_TOTAL_BYTES", 1024)
    refused(target, path, "unpacks to")


def test_member_larger_than_declared_is_refused(target: Library, tmp_path: Path) -> None:
    """A forged header declaring 100 bytes for a bigger member: never read past the claim."""
    data, ident = good_file()
    path = make_zip(
        tmp_path / "liar.zip",
        {"characters/a.fatesmith.json": data},
        manifest_for({"characters/a.fatesmith.json": ident}),
    )
    raw = bytearray(path.read_bytes())
    size = len(data).to_bytes(4, "little")
    count = raw.count(size)
    assert count >= 2  # local header and central directory
    path.write_bytes(bytes(raw.replace(size, (100).to_bytes(4, "little"))))
    refused(target, path, "damaged|declares")


@pytest.mark.parametrize(
    "name",
    ["../evil.fatesmith.json", "/abs.fatesmith.json", "a/../../b.fatesmith.json",
     "C:/win.fatesmith.json", "a\\..\\b.fatesmith.json"],
)  # fmt: skip
def test_path_traversal_names_are_refused(target: Library, tmp_path: Path, name: str) -> None:
    data, ident = good_file()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("manifest.json", json.dumps(manifest_for({name: ident})))
        info = zipfile.ZipInfo("placeholder")
        info.filename = name  # bypass zipfile's own clean-up of the name
        zf.writestr(info, data)
    path = tmp_path / "evil.zip"
    path.write_bytes(buffer.getvalue())
    refused(target, path, "unsafe file name", partial=True)
    assert not (tmp_path.parent / "evil.fatesmith.json").exists()


def test_too_many_entries_are_refused(
    target: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {}
    members = {}
    for i in range(12):
        data, ident = good_file(f"Hero {i}")
        members[f"characters/{i}.fatesmith.json"] = data
        files[f"characters/{i}.fatesmith.json"] = ident
    path = make_zip(tmp_path / "many.zip", members, manifest_for(files))
    monkeypatch.setattr(archive, "MAX_ENTRIES", 10)
    refused(target, path, "13 entries", partial=True)


def test_deep_json_character_refuses_all_or_nothing(target: Library, tmp_path: Path) -> None:
    data, ident = good_file()
    deep = ("[" * 10_000 + "]" * 10_000).encode()
    files = {"characters/a.fatesmith.json": ident, "characters/deep.fatesmith.json": uuid.uuid4()}
    path = make_zip(
        tmp_path / "deep.zip",
        {"characters/a.fatesmith.json": data, "characters/deep.fatesmith.json": deep},
        manifest_for(files),
    )
    refused(target, path, r"deep\.fatesmith\.json: nested .*nothing was imported")
    report = target.import_archive(path, partial=True)
    assert [s.id for s in report.imported] == [ident]
    assert [name for name, _ in report.failed] == ["characters/deep.fatesmith.json"]


def test_deep_manifest_is_refused(target: Library, tmp_path: Path) -> None:
    path = tmp_path / "deepman.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", "[" * 10_000 + "]" * 10_000)
    refused(target, path, "nested", partial=True)


def test_bad_files_named_and_partial_import(
    tmp_path: Path,
    ladder_only_registry,  # type: ignore[no-untyped-def]
) -> None:
    target = empty_library(tmp_path, ladder_only_registry, "target")
    data, ident = good_file()
    art = json.dumps(
        {"format": "fatesmith-character", "format_version": 1, "system": "ladder-only", "name": "F"}
    ).encode()
    files = {
        "characters/a.fatesmith.json": ident,
        "characters/art.fatesmith.json": uuid.uuid4(),
        "characters/missing.fatesmith.json": uuid.uuid4(),
        "characters/binary.fatesmith.json": uuid.uuid4(),
    }
    path = make_zip(
        tmp_path / "mixed.zip",
        {
            "characters/a.fatesmith.json": data,
            "characters/art.fatesmith.json": art,
            "characters/binary.fatesmith.json": b"\xff\xfe\x00garbage",
        },
        manifest_for(files),
    )
    refused(target, path, r"art\.fatesmith\.json: .*not available.*3 more|and 2 more")
    report = target.import_archive(path, partial=True)
    assert [s.name for s in report.imported] == ["Ada Thorne"]
    assert {name for name, _ in report.failed} == {
        "characters/art.fatesmith.json",
        "characters/missing.fatesmith.json",
        "characters/binary.fatesmith.json",
    }
    target.close()


@pytest.mark.parametrize(
    ("content", "match"),
    [
        (b"PK not really a zip", "not a zip file"),
        (b"", "not a zip file"),
    ],
)
def test_not_a_zip(target: Library, tmp_path: Path, content: bytes, match: str) -> None:
    path = tmp_path / "x.zip"
    path.write_bytes(content)
    refused(target, path, match)


def test_zip_without_manifest(target: Library, tmp_path: Path) -> None:
    data, _ = good_file()
    path = make_zip(tmp_path / "nomanifest.zip", {"a.fatesmith.json": data})
    refused(target, path, "no manifest.json")


def test_newer_archive_format(target: Library, tmp_path: Path) -> None:
    manifest = manifest_for({})
    manifest["format_version"] = 99
    path = make_zip(tmp_path / "newer.zip", {}, manifest)
    refused(target, path, "newer Fatesmith")


# -- hostile files (issue 14: the fuzz run and the hostile tour) --------------------------------


def test_a_fifo_named_zip_is_refused_without_hanging(target: Library, tmp_path: Path) -> None:
    """A named pipe called .zip hung `library import` (nothing ever writes to it)."""
    import os

    pipe = tmp_path / "pipe.zip"
    os.mkfifo(pipe)
    refused(target, pipe, "named pipe")


def test_dev_zero_named_zip_is_refused_without_reading(target: Library, tmp_path: Path) -> None:
    """A link to /dev/zero called .zip grew without bound until a MemoryError traceback."""
    link = tmp_path / "zero.zip"
    link.symlink_to("/dev/zero")
    refused(target, link, "device")


def test_an_encrypted_member_is_refused_in_one_line(target: Library, tmp_path: Path) -> None:
    """A member with the encrypted flag raised zipfile's RuntimeError as a traceback."""
    data, ident = good_file()
    path = make_zip(
        tmp_path / "locked.zip",
        {"characters/a.fatesmith.json": data},
        manifest_for({"characters/a.fatesmith.json": ident}),
    )
    raw = bytearray(path.read_bytes())
    # Set bit 0 (encrypted) of the general-purpose flags in every local and central header.
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (found := raw.find(signature, start)) != -1:
            raw[found + offset] |= 0x01
            start = found + 4
    path.write_bytes(bytes(raw))
    refused(target, path, "encrypted")
