"""The ``*.fatesmith.json`` character file: round trips, partial files and hostile input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import CharacterFileError
from rules.systems.sotc.character import SotcCharacter
from storage.json_io import (
    FORMAT,
    MAX_FILE_BYTES,
    character_to_document,
    dumps_character,
    loads_character,
    read_character_file,
    write_character_file,
)
from tests.rules.sotc_builders import build

DATA = Path(__file__).resolve().parents[1] / "data" / "characters"


def test_round_trip_is_exact(tmp_path: Path, registry: Any) -> None:
    character = build()
    path = tmp_path / "ada.fatesmith.json"
    write_character_file(path, character)
    assert read_character_file(path, registry) == character
    assert path.read_text(encoding="utf-8") == dumps_character(character)


def test_fixed_top_level_keys_come_first() -> None:
    doc = character_to_document(build())
    assert list(doc)[:6] == [
        "format", "format_version", "system", "system_version", "name", "skills"
    ]  # fmt: skip
    assert doc["format"] == FORMAT and doc["format_version"] == 1 and doc["system"] == "sotc"
    assert doc["system_version"] == 2  # SotC's document version (the advancement log)
    assert doc["skills"]["Athletics"] == 5


def test_minimal_file_loads_validates_and_derives(registry: Any, sotc: Any) -> None:
    """A missing part means "not filled in yet": it loads and reports what is missing."""
    text = json.dumps({"format": FORMAT, "format_version": 1, "system": "sotc"})
    character = loads_character(text, registry)
    assert isinstance(character, SotcCharacter)
    assert sotc.validate(character)
    derived = sotc.derive(character)
    assert (derived.health_boxes, derived.composure_boxes, derived.fate_points) == (5, 5, 0)


def test_partial_file_with_skills_derives_what_it_can(registry: Any, sotc: Any) -> None:
    text = json.dumps(
        {
            "format": FORMAT,
            "format_version": 1,
            "system": "sotc",
            "name": "Half",
            "skills": {"Endurance": 4, "Resolve": 1, "Alertness": 3},
        }
    )
    derived = sotc.derive(loads_character(text, registry))
    assert (derived.health_boxes, derived.composure_boxes) == (7, 6)
    assert derived.initiative.physical == 3


def test_book_sample_character_matches_the_printed_sheet(registry: Any, sotc: Any) -> None:
    """SotC sample character "Sky Hobo" (worksheet L662-L714, sheet L716-L744): Health OOOOO OO
    (7), Composure OOOOO O (6); ten aspects give 10 fate points and refresh 10."""
    character = read_character_file(DATA / "sky-hobo.fatesmith.json", registry)
    derived = sotc.derive(character)
    assert derived.health_boxes == 7
    assert derived.composure_boxes == 6
    assert derived.fate_points == 10 and derived.refresh == 10
    assert derived.aspects == 10 and derived.stunts == 5
    problems = sotc.validate(character)
    errors = [p for p in problems if p.severity == "error"]
    assert errors == []
    # The only remark: Jury-Rig is the book's own custom stunt, which the GM approves.
    assert [p.code for p in problems] == ["SOTC-W-custom-stunt"]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{", "not valid JSON"),
        ('{"format": "fatesmith-character", "format_version": 1, "system": "sotc", "na', "JSON"),
        ("[]", "expected a JSON object"),
        ('{"format": "something-else", "format_version": 1, "system": "sotc"}', "not a Fatesmith"),
        ('{"format": "fatesmith-character", "format_version": 99, "system": "sotc"}', "newer"),
        (
            '{"format": "fatesmith-character", "format_version": "1", "system": "sotc"}',
            "format_version",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "dnd"}',
            "unknown game system",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", '
            '"skills": {"Guns": "three"}}',
            "integer rating",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", '
            '"skills": {"Guns": true}}',
            "integer rating",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", '
            '"skills": []}',
            "'skills' must be an object",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", '
            '"phases": [{"aspects": "not a list"}]}',
            "phases[0].aspects",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", '
            '"surprise": 1}',
            "surprise",
        ),
        (
            '{"format": "fatesmith-character", "format_version": 1, "system": "ladder-only"}',
            "not available",
        ),
    ],
)
def test_bad_files_give_one_clear_line(text: str, fragment: str, ladder_only_registry: Any) -> None:
    with pytest.raises(CharacterFileError) as info:
        loads_character(text, ladder_only_registry)
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message and "Traceback" not in message


def test_deeply_nested_file_is_refused_quickly(registry: Any) -> None:
    hostile = '{"format": "fatesmith-character", "notes": ' + "[" * 10_000 + "]" * 10_000 + "}"
    with pytest.raises(CharacterFileError, match="nested more than"):
        loads_character(hostile, registry)


def test_brackets_inside_strings_do_not_count_as_nesting(registry: Any) -> None:
    doc = character_to_document(build(notes="[[[[{{{{" * 100))
    assert loads_character(json.dumps(doc), registry).notes.startswith("[[[[{{{{")


def test_oversized_file_is_refused(tmp_path: Path, registry: Any) -> None:
    path = tmp_path / "big.fatesmith.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(CharacterFileError, match="larger than 5 MB"):
        read_character_file(path, registry)


def test_binary_and_missing_files(tmp_path: Path, registry: Any) -> None:
    binary = tmp_path / "x.fatesmith.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CharacterFileError, match="not UTF-8"):
        read_character_file(binary, registry)
    with pytest.raises(CharacterFileError, match="no such file"):
        read_character_file(tmp_path / "missing.json", registry)
    with pytest.raises(CharacterFileError, match="folder"):
        read_character_file(tmp_path, registry)


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: Any) -> None:
    """Saves are atomic: a full disk (simulated) loses nothing."""
    path = tmp_path / "ada.fatesmith.json"
    write_character_file(path, build())
    before = path.read_bytes()

    def full_disk(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    with pytest.raises(OSError):
        write_character_file(path, build(name="Changed"))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ada.fatesmith.json"]


_HEAD = '{"format": "fatesmith-character", "format_version": 1, "system": "sotc", '


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        # issue 13: "Guns": 5, "Guns": 2 validated as valid with the last value.
        ('"skills": {"Guns": 5, "Guns": 2}}', ("'Guns'", "more than once", "in skills")),
        ('"name": "A", "name": "B"}', ("'name'", "top level")),
        ('"phases": [{"aspects": ["x", "y"], "aspects": []}]}', ("'aspects'", "phases[0]")),
        ('"condition": {"health": [], "health": [true]}}', ("'health'", "condition")),
    ],
)
def test_duplicate_keys_are_an_error_naming_the_key(
    body: str, fragments: tuple[str, ...], registry: Any
) -> None:
    with pytest.raises(CharacterFileError) as info:
        loads_character(_HEAD + body, registry)
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        # issue 14: 2**63 validated, then crashed `library import` with OverflowError.
        ('"skills": {"Guns": 9223372036854775808}}', ("field skills.Guns",)),
        ('"skills": {"Guns": 9223372036854775807}}', ("field skills.Guns", "-100..100")),
        ('"skills": {"Guns": -101}}', ("field skills.Guns", "-100..100")),
        ('"fate_points": 18446744073709551616}', ("field fate_points",)),
        ('"fate_points": 1001}', ("fate_points",)),
        ('"skills": {"Guns": ' + "9" * 5000 + "}}", ("field skills.Guns", "too large")),
    ],
)
def test_numbers_beyond_the_schema_name_the_field(
    body: str, fragments: tuple[str, ...], registry: Any
) -> None:
    with pytest.raises(CharacterFileError) as info:
        loads_character(_HEAD + body, registry)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message


def test_ratings_at_the_bound_load(registry: Any) -> None:
    character = loads_character(_HEAD + '"skills": {"Guns": 100, "Fists": -100}}', registry)
    assert character.skills == {"Guns": 100, "Fists": -100}


def test_the_published_schema_bounds_ratings(registry: Any) -> None:
    from rules.character import MAX_RATING
    from storage.json_io import character_file_schema

    rating = character_file_schema(registry)["oneOf"][0]["properties"]["skills"]
    assert rating["additionalProperties"] == {
        "type": "integer",
        "minimum": -MAX_RATING,
        "maximum": MAX_RATING,
    }


@pytest.mark.parametrize("system_id", ["sotc", "strange-fate", "fate2", "art"])
@pytest.mark.parametrize("rating", [101, -101, 2**63, "3", 2.0])
def test_every_system_refuses_a_bad_rating_naming_the_skill(
    registry: Any, system_id: str, rating: Any
) -> None:
    # The rating check runs only when the model refuses the file (a good file skips it), so
    # every system's model must refuse what the check names.
    text = (
        '{"format": "fatesmith-character", "format_version": 1, "system": "'
        + system_id
        + '", "name": "X", "skills": {"Guns": '
        + json.dumps(rating)
        + "}}"
    )
    with pytest.raises(CharacterFileError) as err:
        loads_character(text, registry)
    assert "Guns" in str(err.value), str(err.value)


def test_a_document_is_brought_up_by_its_systems_steps(
    registry: Any, sotc: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SotC file without ``system_version`` is a version 1 document: SotC's own upgrade step
    runs on it; a file from a later version is refused with a clear line."""
    seen: list[int] = []
    step = type(sotc).upgrade_payload

    def spy(self: Any, data: dict[str, Any], version: int) -> dict[str, Any]:
        seen.append(version)
        return step(self, data, version)

    monkeypatch.setattr(type(sotc), "upgrade_payload", spy)
    doc = character_to_document(build())
    del doc["system_version"]
    doc.pop("advancements", None)
    character = loads_character(json.dumps(doc), registry)
    assert seen == [1] and character.advancements == ()  # type: ignore[attr-defined]
    seen.clear()
    again = loads_character(dumps_character(character), registry)
    assert seen == [] and again == character  # written at version 2: nothing to upgrade
    doc["system_version"] = 3
    with pytest.raises(CharacterFileError, match=r"newer Fatesmith .*document version 3"):
        loads_character(json.dumps(doc), registry)
    doc["system_version"] = "2"
    with pytest.raises(CharacterFileError, match="system_version must be a positive integer"):
        loads_character(json.dumps(doc), registry)


def test_every_systems_character_type_carries_its_document_version(registry: Any) -> None:
    for system in registry:
        assert system.payload_version == system.character_type.DOCUMENT_VERSION, system.id
