"""Hostile text in what is imported (issue #22): a lone surrogate (``\\ud83d``) or a NUL character
in any text field of a character file, an archive's campaign or encounter, and text longer than
its field holds, are refused in one line naming the file, the member (character, campaign,
encounter) and the field, the same way on SQLite and PostgreSQL, and nothing is half-imported.

Files are written with JSON escapes (``"\\ud83d"``), as any JSON writer emits a lone surrogate.
"""

from __future__ import annotations

import json
import uuid
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.errors import FatesmithError
from storage.archive import ARCHIVE_FORMAT, ARCHIVE_VERSION
from storage.json_io import character_to_document
from storage.library import Campaign, EncounterRecord, Library
from tests.cli_process import fatesmith as cli
from tests.rules.sotc_builders import build

SURROGATE = "\ud83d"
NUL = "\x00"

Doc = dict[str, Any]


def sotc_doc() -> Doc:
    return character_to_document(build(name="Ada Thorne"))


def fate2_doc(aspect: str) -> Doc:
    return {
        "format": "fatesmith-character",
        "format_version": 1,
        "system": "fate2",
        "name": "Kit Marlowe",
        "extras": [{"name": "Sword", "ranks": 1, "aspects": [aspect]}],
    }


def _with(key: str, value: Any) -> Callable[[], Doc]:
    def make() -> Doc:
        doc = sotc_doc()
        doc[key] = value
        return doc

    return make


def _skill(bad: str) -> Callable[[], Doc]:
    def make() -> Doc:
        doc = sotc_doc()
        doc["skills"] = {**doc["skills"], f"Gu{bad}ns": 1}
        return doc

    return make


# (what, document, the field the error names)
CASES: list[tuple[str, Callable[[], Doc], str]] = [
    ("surrogate in a tag", _with("tags", ["Pilot", f"Ace {SURROGATE}"]), "tags[1]"),
    ("surrogate in a skill name", _skill(SURROGATE), "skills"),
    ("surrogate in an extra's aspect", lambda: fate2_doc(f"Sharp {SURROGATE}"),
     "extras[0].aspects[0]"),
    ("surrogate in the notes", _with("notes", f"n{SURROGATE}"), "notes"),
    ("surrogate in the name", _with("name", f"Ada {SURROGATE}"), "name"),
    ("NUL in the notes", _with("notes", f"n{NUL}x"), "notes"),
    ("NUL in a tag", _with("tags", [f"A{NUL}"]), "tags[0]"),
    ("NUL in a skill name", _skill(NUL), "skills"),
]  # fmt: skip
IDS = [c[0] for c in CASES]


def write_doc(path: Path, doc: Doc) -> Path:
    # ensure_ascii: the surrogate and NUL go into the file as \\ud83d and \\u0000 escapes
    path.write_text(json.dumps(doc, ensure_ascii=True), encoding="ascii")
    return path


@pytest.mark.parametrize(("what", "make", "field"), CASES, ids=IDS)
def test_a_character_file_with_hostile_text_is_refused_by_name(
    what: str, make: Callable[[], Doc], field: str, tmp_path: Path
) -> None:
    bad = write_doc(tmp_path / "bad.fatesmith.json", make())
    lib = str(tmp_path / "lib.sqlite3")

    done = cli("--library", lib, "--create", "library", "--no-samples", "import", str(bad))

    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "bad.fatesmith.json" in lines[0] and f"field {field}" in lines[0]
    listed = cli("--library", lib, "library", "list", "--json")
    assert listed.returncode == 0 and listed.stdout == ""

    checked = cli("validate", str(bad))
    assert checked.returncode == 2 and "Traceback" not in checked.stderr
    assert f"field {field}" in checked.stderr


# -- archives -----------------------------------------------------------------------------------


def make_archive(
    path: Path,
    *,
    notes: str = "Notes",
    payload: Doc | None = None,
    character: Doc | None = None,
    encounter_name: str = "Docks",
) -> Path:
    """An archive of one campaign (with one member) and one encounter of that campaign."""
    doc = character if character is not None else sotc_doc()
    member = uuid.UUID(str(doc.get("id") or uuid.uuid4()))
    doc = {**doc, "id": str(member)}
    campaign = str(uuid.uuid4())
    file = f"characters/member-{member}.fatesmith.json"
    manifest = {
        "format": ARCHIVE_FORMAT,
        "format_version": ARCHIVE_VERSION,
        "scope": "library",
        "counts": {"characters": 1, "campaigns": 1, "encounters": 1},
        "characters": [{"file": file, "id": str(member), "name": "Ada", "campaign_id": campaign}],
        "campaigns": [
            {
                "id": campaign,
                "name": "Thunder Atoll",
                "system": "sotc",
                "settings": {},
                "notes": notes,
                "member_ids": [str(member)],
            }
        ],
        "encounters": [
            {
                "id": str(uuid.uuid4()),
                "name": encounter_name,
                "campaign_id": campaign,
                "is_template": False,
                "payload": payload if payload is not None else {"round": 1},
            }
        ],
    }
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", json.dumps(manifest, ensure_ascii=True))
        zf.writestr(file, json.dumps(doc, ensure_ascii=True))
    return path


ARCHIVE_CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("surrogate in campaign notes", {"notes": f"a{SURROGATE}b"},
     ["campaign 'Thunder Atoll'", "field notes"]),
    ("NUL in campaign notes", {"notes": f"a{NUL}b"}, ["campaign 'Thunder Atoll'", "field notes"]),
    ("150,000 characters of campaign notes", {"notes": "n" * 150_000},
     ["campaign 'Thunder Atoll'", "field notes", "100000"]),
    ("surrogate in an encounter payload", {"payload": {"log": [{"text": f"x{SURROGATE}"}]}},
     ["encounter 'Docks'", "field payload.log[0].text"]),
    ("NUL in an encounter payload key", {"payload": {f"k{NUL}": 1}},
     ["encounter 'Docks'", "field payload"]),
    ("surrogate in an encounter's name", {"encounter_name": f"Docks{SURROGATE}"},
     ["encounter", "field name"]),
    ("surrogate in a member's tag", {"character": _with("tags", [SURROGATE])()},
     ["member-", "field tags[0]"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "change", "named"), ARCHIVE_CASES, ids=[c[0] for c in ARCHIVE_CASES]
)
def test_an_archive_with_hostile_text_imports_nothing(
    what: str, change: dict[str, Any], named: list[str], tmp_path: Path
) -> None:
    bad = make_archive(tmp_path / "shared.zip", **change)
    lib = str(tmp_path / "lib.sqlite3")

    done = cli("--library", lib, "--create", "library", "--no-samples", "import", str(bad))

    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "shared.zip" in lines[0]
    for words in named:
        assert words in lines[0], lines[0]
    assert len(lines[0]) < 400  # the text itself is not echoed
    listed = cli("--library", lib, "library", "list", "--json")
    assert listed.returncode == 0 and listed.stdout == ""


def test_the_same_archive_without_hostile_text_imports(tmp_path: Path) -> None:
    """The archive builder itself makes a good archive (so the refusals above are the text's)."""
    good = make_archive(tmp_path / "shared.zip", notes="n" * 100_000)
    lib = str(tmp_path / "lib.sqlite3")
    done = cli("--library", lib, "--create", "library", "--no-samples", "import", str(good))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("imported ") == 1


# -- the same on both back ends -----------------------------------------------------------------


@pytest.fixture
def lib(library_url: str, registry: Any) -> Iterator[Library]:
    library = Library.open(library_url, registry=registry, samples=False)
    try:
        yield library
    finally:
        library.close()


def _refusal(action: Callable[[], Any]) -> str:
    try:
        action()
    except FatesmithError as exc:
        return f"refused: {exc}"
    return "stored"


@pytest.mark.parametrize(("what", "make", "field"), CASES, ids=IDS)
def test_hostile_text_in_a_character_is_refused_alike_on_every_back_end(
    what: str, make: Callable[[], Doc], field: str, lib: Library, tmp_path: Path
) -> None:
    bad = write_doc(tmp_path / "bad.fatesmith.json", make())
    report = lib.import_character_files([bad])
    assert report.imported == ()
    assert len(report.failed) == 1 and report.failed[0][0] == "bad.fatesmith.json"
    assert f"field {field}" in report.failed[0][1]
    assert lib.counts() == {"characters": 0, "campaigns": 0, "encounters": 0}


@pytest.mark.parametrize("text", [f"a{NUL}b", f"a{SURROGATE}b"], ids=["NUL", "surrogate"])
def test_hostile_text_saved_directly_is_refused_alike_on_every_back_end(
    text: str, lib: Library
) -> None:
    """What the app saves (not read from a file) is checked before the database sees it: a NUL
    is accepted by SQLite but refused by PostgreSQL's driver, a surrogate by both drivers with a
    traceback; here both back ends give the same one line naming the record and the field."""
    character = build(name="Ada Thorne").model_copy(update={"notes": text})
    outcome = _refusal(lambda: lib.save_character(character, expected_version=None))
    assert outcome.startswith("refused: character 'Ada Thorne': field notes:"), outcome

    tagged = build(name="Bo").model_copy(update={"tags": ("ok", text)})
    outcome = _refusal(lambda: lib.save_character(tagged, expected_version=None))
    assert outcome.startswith("refused: character 'Bo': field tags[1]:"), outcome

    # model_copy does not validate (pydantic itself refuses a surrogate in a plain str field)
    campaign = Campaign(system="sotc", name="Atoll").model_copy(update={"notes": text})
    outcome = _refusal(lambda: lib.import_bundle([], [campaign]))
    assert outcome.startswith("refused: campaign 'Atoll': field notes:"), outcome

    encounter = EncounterRecord(name="Docks", payload={"log": [text]})
    outcome = _refusal(lambda: lib.import_bundle([], [], [encounter]))
    assert outcome.startswith("refused: encounter 'Docks': field payload.log[0]:"), outcome
    assert lib.counts() == {"characters": 0, "campaigns": 0, "encounters": 0}


def test_long_text_at_every_limit_is_stored_alike_on_every_back_end(lib: Library) -> None:
    """Text at its field's limit is imported whole on both back ends, even where folding the
    case for the sorted name or the tag's key makes it longer (200 'ß' fold to 400 characters,
    200 'ﬃ' to 600): PostgreSQL refused those columns, SQLite took them."""
    name = "ß" * 200
    character = build(name=name).model_copy(update={"notes": "n" * 20_000, "tags": ("ﬃ" * 200,)})
    campaign = Campaign(system="sotc", name="ß" * 200, notes="n" * 100_000)
    encounter = EncounterRecord(name="ß" * 200, payload={"log": ["x" * 200_000]})
    lib.import_bundle([(character, None)], [campaign], [encounter])

    stored = lib.get_character(character.id).character
    # the tag is cut where its folded key (three letters per "ﬃ") fills its 200 characters
    assert (stored.name, stored.notes, stored.tags) == (name, "n" * 20_000, ("ﬃ" * 66,))
    [listed] = lib.list_characters()
    assert listed.name == name
    [back] = lib.list_campaigns()
    assert (back.name, back.notes) == (campaign.name, campaign.notes)
    [record] = lib.list_encounters()
    assert record.payload == encounter.payload


@pytest.mark.parametrize("text", [f"a{NUL}b", f"a{SURROGATE}b"], ids=["NUL", "surrogate"])
def test_an_encounter_or_campaign_settings_saved_with_hostile_text_are_refused_alike(
    text: str, lib: Library
) -> None:
    """Saved from the app (not imported), such text is refused naming the record and the
    field, before any database sees it."""
    encounter = EncounterRecord(name="Docks", payload={"log": [text]})
    outcome = _refusal(lambda: lib.save_encounter(encounter, expected_version=None))
    assert outcome.startswith("refused: encounter 'Docks': field payload.log[0]:"), outcome
    if NUL in text:  # (a lone surrogate in a name or notes is refused by the models themselves)
        named = EncounterRecord(name=f"Do{text}cks", payload={"log": []})
        outcome = _refusal(lambda: lib.save_encounter(named, expected_version=None))
        assert outcome.startswith("refused: encounter 'Do"), outcome
        assert ": field name:" in outcome, outcome
        notes = Campaign(system="sotc", name="Atoll", notes=f"see {text}")
        outcome = _refusal(lambda: lib.save_campaign(notes, expected_version=None))
        assert outcome.startswith("refused: campaign 'Atoll': field notes:"), outcome
    campaign = Campaign(system="fate2", name="Atoll", settings={"skills": [text]})
    outcome = _refusal(lambda: lib.save_campaign(campaign, expected_version=None))
    assert outcome.startswith("refused: "), outcome
    assert "Traceback" not in outcome and lib.counts()["encounters"] == 0
    assert lib.counts()["campaigns"] == 0


@pytest.mark.parametrize(
    ("what", "change", "named"), ARCHIVE_CASES, ids=[c[0] for c in ARCHIVE_CASES]
)
def test_an_archive_with_hostile_text_is_refused_alike_on_every_back_end(
    what: str, change: dict[str, Any], named: list[str], lib: Library, tmp_path: Path
) -> None:
    bad = make_archive(tmp_path / "shared.zip", **change)
    outcome = _refusal(lambda: lib.import_archive(bad))
    assert outcome.startswith("refused: "), outcome
    for words in named:
        assert words in outcome, outcome
    assert lib.counts() == {"characters": 0, "campaigns": 0, "encounters": 0}


def test_escaped_emoji_and_a_literal_backslash_u0000_are_text(lib: Library, tmp_path: Path) -> None:
    """Not refused: an emoji written as its escaped surrogate pair, and the six characters
    ``\\u0000`` typed as text (an escaped backslash), on either back end."""
    doc = sotc_doc()
    doc["notes"] = "Smiles \U0001f600 and writes \\u0000 on the board"
    doc["tags"] = ["\U0001f600 pilot"]
    good = write_doc(tmp_path / "good.fatesmith.json", doc)
    assert "\\ud83d\\ude00" in good.read_text(encoding="ascii")
    report = lib.import_character_files([good])
    assert report.failed == () and len(report.imported) == 1
    stored = lib.get_character(report.imported[0].id).character
    assert stored.notes == doc["notes"] and stored.tags == ("\U0001f600 pilot",)


def test_a_long_folding_name_saved_from_the_app_is_stored_alike_on_every_back_end(
    lib: Library,
) -> None:
    """Saving (not importing) a character or a campaign named 200 'ß' stored its 400-character
    folded sort key: PostgreSQL refused the String(200) column, SQLite took it."""
    name = "ß" * 200
    character = build(name=name)
    lib.save_character(character, expected_version=None)
    [listed] = lib.list_characters()
    assert listed.name == name
    renamed = character.model_copy(update={"name": "ẞ" * 200})
    lib.save_character(renamed, expected_version=lib.get_character(character.id).version)
    assert [c.name for c in lib.list_characters()] == ["ẞ" * 200]
    lib.save_campaign(Campaign(system="sotc", name=name), expected_version=None)
    assert [c.name for c in lib.list_campaigns()] == [name]
