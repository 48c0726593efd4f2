"""Library facade tests, run on SQLite and on PostgreSQL (see conftest ``library_url``)."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from rules.systems.sotc.character import SotcCharacter, StuntPick
from rules.systems.sotc.settings import SotcSettings
from storage import migrations
from storage.json_io import read_character_file, write_character_file
from storage.library import (
    Campaign,
    ConflictError,
    EncounterRecord,
    Library,
    LibraryReadOnlyError,
    NotFoundError,
    SearchQuery,
)
from storage.library.opening import SEARCH_FORMAT
from tests.conftest import DATA
from tests.rules.sotc_builders import build

SKY_HOBO = DATA / "characters" / "sky-hobo.fatesmith.json"


def half_made(name: str = "Nell Quist") -> SotcCharacter:
    """A character stopped after phase one (fails validation, must still store)."""
    return SotcCharacter.model_validate(
        {"name": name, "skills": {"Guns": 3}, "phases": [{"aspects": ["Never Misses Twice"]}]}
    )


def names(summaries: list) -> list[str]:  # type: ignore[type-arg]
    return [s.name for s in summaries]


# -- characters -------------------------------------------------------------------------------


def test_save_and_load_round_trip(library: Library, registry) -> None:  # type: ignore[no-untyped-def]
    hobo = read_character_file(SKY_HOBO, registry)
    assert library.save_character(hobo, expected_version=None) == 1
    stored = library.get_character(hobo.id)
    assert stored.character == hobo
    assert stored.version == 1 and stored.campaign_id is None
    assert stored.updated_at.tzinfo is not None


def test_summary_columns_and_valid_flag(library: Library) -> None:
    """valid comes from the system's validator (SotC "Character Creation" rules)."""
    ada = build()
    nell = half_made()
    library.save_character(ada, expected_version=None)
    library.save_character(nell, expected_version=None)
    by_name = {s.name: s for s in library.list_characters()}
    assert by_name["Ada Thorne"].valid is True
    assert by_name["Ada Thorne"].headline == "Athletics +5"
    assert by_name["Ada Thorne"].headline_rank == 5
    assert by_name["Ada Thorne"].player == "Sam"
    assert by_name["Ada Thorne"].system == "sotc"
    assert by_name["Nell Quist"].valid is False
    assert by_name["Nell Quist"].headline.startswith("Guns ")


def test_listing_is_sorted_by_name_ignoring_case(library: Library) -> None:
    for name in ("zed", "Ada", "bea"):
        library.save_character(half_made(name), expected_version=None)
    assert names(library.list_characters()) == ["Ada", "bea", "zed"]


def test_versions_increase_and_stale_save_conflicts(library: Library) -> None:
    ada = build()
    v1 = library.save_character(ada, expected_version=None)
    v2 = library.save_character(ada.model_copy(update={"notes": "x"}), expected_version=v1)
    assert v2 == v1 + 1
    with pytest.raises(ConflictError, match="saved elsewhere"):
        library.save_character(ada.model_copy(update={"notes": "stale"}), expected_version=v1)
    assert library.get_character(ada.id).character.notes == "x"


def test_second_library_instance_gets_conflict_not_overwrite(
    library: Library,
    library_url: str,
    registry,  # type: ignore[no-untyped-def]
) -> None:
    """Two windows/processes on one library: the later save of the same version conflicts."""
    ada = build()
    library.save_character(ada, expected_version=None)
    other = Library.open(library_url, registry=registry, samples=False)
    try:
        mine = library.get_character(ada.id)
        theirs = other.get_character(ada.id)
        other.save_character(
            theirs.character.model_copy(update={"notes": "theirs"}), expected_version=theirs.version
        )
        with pytest.raises(ConflictError):
            library.save_character(
                mine.character.model_copy(update={"notes": "mine"}), expected_version=mine.version
            )
    finally:
        other.close()
    assert library.get_character(ada.id).character.notes == "theirs"


def test_new_character_with_taken_id_conflicts(library: Library) -> None:
    ada = build()
    library.save_character(ada, expected_version=None)
    with pytest.raises(ConflictError, match="already in the library"):
        library.save_character(ada, expected_version=None)


def test_saving_a_deleted_character_conflicts(library: Library) -> None:
    ada = build()
    library.save_character(ada, expected_version=None)
    library.delete_character(ada.id)
    with pytest.raises(ConflictError, match="deleted"):
        library.save_character(ada, expected_version=1)
    with pytest.raises(NotFoundError):
        library.get_character(ada.id)
    with pytest.raises(NotFoundError):
        library.delete_character(ada.id)


def test_duplicate_character(library: Library) -> None:
    ada = build()
    library.save_character(ada, expected_version=None)
    copy = library.duplicate_character(ada.id)
    assert copy.id != ada.id
    assert copy.name == "Ada Thorne (copy)"
    assert library.get_character(copy.id).character.phases == ada.phases
    assert len(library.list_characters()) == 2


def test_tags_are_stored_in_the_document_and_searchable(library: Library) -> None:
    ada = build()
    library.save_character(ada, expected_version=None)
    library.set_tags(ada.id, ["Pilot", " pulp  hero ", "pilot", ""])
    stored = library.get_character(ada.id)
    assert stored.character.tags == ("Pilot", "pulp hero")
    assert stored.version == 2
    assert library.all_tags() == ["Pilot", "pulp hero"]
    assert names(library.list_characters(SearchQuery(tag="PILOT"))) == ["Ada Thorne"]
    assert library.list_characters(SearchQuery(tag="villain")) == []
    library.delete_character(ada.id)
    assert library.all_tags() == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ada", ["Ada Thorne"]),  # name
        ("THORNE", ["Ada Thorne"]),
        ("slow clouds", ["Ada Thorne"]),  # aspect text, two words anywhere
        ("never", ["Ada Thorne", "Nell Quist"]),  # aspects of both
        ("misses twice", ["Nell Quist"]),
        ("athletics", ["Ada Thorne"]),  # skill
        ("guns", ["Ada Thorne", "Nell Quist"]),
        ("linguist", ["Ada Thorne"]),  # stunt
        ("Spirit of the Century", ["Ada Thorne", "Nell Quist"]),  # system name
        ("sotc", ["Ada Thorne", "Nell Quist"]),  # system id
        ("aviatrix", ["Ada Thorne"]),  # concept
        ("sam", ["Ada Thorne"]),  # player
        ("zeppelin", []),
        ("ada zeppelin", []),  # every word must match
        ("%", []),  # LIKE wildcards are literal
        ("_", []),
    ],
)
def test_search_text(library: Library, text: str, expected: list[str]) -> None:
    library.save_character(build(), expected_version=None)
    library.save_character(half_made(), expected_version=None)
    assert names(library.list_characters(SearchQuery(text=text))) == expected


def test_search_by_campaign_name_system_and_id(library: Library) -> None:
    ada, nell = build(), half_made()
    library.save_character(ada, expected_version=None)
    library.save_character(nell, expected_version=None)
    campaign = Campaign(system="sotc", name="The Zeppelin Wars", member_ids=(nell.id,))
    library.save_campaign(campaign, expected_version=None)
    assert names(library.list_characters(SearchQuery(text="zeppelin"))) == ["Nell Quist"]
    assert names(library.list_characters(SearchQuery(campaign_id=campaign.id))) == ["Nell Quist"]
    assert len(library.list_characters(SearchQuery(system="sotc"))) == 2
    assert library.list_characters(SearchQuery(system="fate2")) == []


def rex() -> SotcCharacter:
    """A character with "guns" in an aspect only, tags, and an aspect with a colon."""
    return SotcCharacter.model_validate(
        {
            "name": "Rex Gunn",
            "skills": {"Fists": 3},
            "phases": [{"aspects": ["Guns Blazing", "Lucky Break", "Rule:Shoot First"]}],
            "tags": ["Villain"],
        }
    )


@pytest.fixture
def three(library: Library) -> Library:
    """Ada (skills Guns, Athletics; stunt Danger Sense), Nell (skill Guns; in Thunder Atoll),
    Rex (aspect Guns Blazing; tag Villain)."""
    nell = half_made()
    for character in (build(), nell, rex()):
        library.save_character(character, expected_version=None)
    library.save_campaign(
        Campaign(system="sotc", name="Thunder Atoll", member_ids=(nell.id,)), expected_version=None
    )
    return library


FIELD_SEARCHES: list[tuple[str, list[str]]] = [
    ("guns", ["Ada Thorne", "Nell Quist", "Rex Gunn"]),  # plain: anywhere
    ("skill:Guns", ["Ada Thorne", "Nell Quist"]),  # a skill, not Rex's aspect
    ("skill:gun", ["Ada Thorne", "Nell Quist"]),  # part of the skill's name
    ("aspect:guns", ["Rex Gunn"]),
    ("aspect:lucky", ["Rex Gunn"]),
    ("aspect:athletics", []),
    ('stunt:"Danger Sense"', ["Ada Thorne"]),
    ('STUNT:"danger   sense"', ["Ada Thorne"]),
    ('stunt:"sense danger"', []),
    ("stunt:linguist", ["Ada Thorne"]),
    ("tag:villain", ["Rex Gunn"]),
    ("Tags:VILL", ["Rex Gunn"]),
    ("tag:hero", []),
    ("system:sotc", ["Ada Thorne", "Nell Quist", "Rex Gunn"]),
    ("system:century", ["Ada Thorne", "Nell Quist", "Rex Gunn"]),
    ("system:fate2", []),
    ('campaign:"Thunder Atoll"', ["Nell Quist"]),
    ("campaign:thunder", ["Nell Quist"]),
    ("campaign:zeppelin", []),
    ("thunder", ["Nell Quist"]),  # a plain word still finds the campaign name
    ("name:ada", ["Ada Thorne"]),
    ("name:sam", []),
    ("player:sam", ["Ada Thorne"]),
    ("never skill:guns", ["Ada Thorne", "Nell Quist"]),  # words AND fields
    ("never skill:athletics", ["Ada Thorne"]),
    ("skill:guns aspect:guns", []),
    ('"misses twice"', ["Nell Quist"]),
    ('"twice misses"', []),
    ("rule:shoot", ["Rex Gunn"]),  # unknown prefix: a plain word, colon included
    ("foo:bar", []),
    ("skill:", ["Ada Thorne", "Nell Quist", "Rex Gunn"]),  # nothing typed after it yet
    ("skill:%", []),  # LIKE wildcards stay literal in field terms too
    ("campaign:_", []),
]


def test_search_field_terms(three: Library) -> None:
    """docs/library.md "Search": field prefixes combined with plain words (one library for
    the whole table: building it per case would cost seconds)."""
    found = {
        text: names(three.list_characters(SearchQuery(text=text))) for text, _ in FIELD_SEARCHES
    }
    assert len(found) == len(FIELD_SEARCHES)  # no case listed twice
    assert found == dict(FIELD_SEARCHES)


def test_field_terms_combine_with_the_filters(three: Library) -> None:
    camp = three.list_campaigns()[0]
    found = three.list_characters(SearchQuery(text="skill:guns", campaign_id=camp.id))
    assert names(found) == ["Nell Quist"]
    assert names(three.list_characters(SearchQuery(text="aspect:guns", tag="villain"))) == [
        "Rex Gunn"
    ]


def test_old_search_text_is_rewritten_once_on_open(library_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    """A library from before field terms (unmarked search text) gets marked text when opened,
    without touching versions or times; until then field terms match as plain words."""
    from sqlalchemy import text

    from storage.db import make_engine

    lib = Library.open(library_url, registry=registry, samples=False)
    for character in (build(), rex()):
        lib.save_character(character, expected_version=None)
    before = lib.list_characters()
    lib.close()
    engine = make_engine(library_url)
    with engine.begin() as conn:
        rows = conn.execute(text("SELECT id, search_text FROM characters")).all()
        for row_id, blob in rows:  # strip the marks: the old format
            old = "\n".join(line[1:] for line in blob.split("\n"))
            conn.execute(
                text("UPDATE characters SET search_text = :t WHERE id = :i"),
                {"t": old, "i": row_id},
            )
        conn.execute(text("DELETE FROM library_info WHERE key = 'search_format'"))
    lib = Library(engine, library_url, registry)  # as an older open would see it
    assert names(lib.list_characters(SearchQuery(text="skill:guns"))) == ["Ada Thorne", "Rex Gunn"]
    lib.close()
    with Library.open(library_url, registry=registry) as lib:
        assert names(lib.list_characters(SearchQuery(text="skill:guns"))) == ["Ada Thorne"]
        assert lib.list_characters() == before  # versions, times, everything else unchanged
        assert lib.info()["search_format"] == SEARCH_FORMAT


# -- campaigns --------------------------------------------------------------------------------


def test_campaign_round_trip_keeps_member_order(library: Library) -> None:
    a, b, c = build(), half_made("Bea"), half_made("Cal")
    for ch in (a, b, c):
        library.save_character(ch, expected_version=None)
    rules = SotcSettings(stress_boxes=3, companions_have_stress=True)
    campaign = Campaign(
        system="sotc",
        name="Pulp Nights",
        settings=rules.model_dump(mode="json"),
        notes="Session 0 on Friday",
        member_ids=(c.id, a.id, b.id),
    )
    version = library.save_campaign(campaign, expected_version=None)
    loaded = library.get_campaign(campaign.id)
    assert loaded == campaign.model_copy(update={"version": version})
    assert library.list_campaigns() == [loaded]
    summary = {s.id: s for s in library.list_characters()}
    assert summary[a.id].campaign_name == "Pulp Nights"
    assert library.get_character(a.id).campaign_id == campaign.id


def test_campaign_membership_changes_do_not_bump_character_versions(library: Library) -> None:
    a, b = build(), half_made()
    library.save_character(a, expected_version=None)
    library.save_character(b, expected_version=None)
    camp = Campaign(system="sotc", name="One", member_ids=(a.id, b.id))
    v = library.save_campaign(camp, expected_version=None)
    v = library.save_campaign(camp.model_copy(update={"member_ids": (b.id,)}), expected_version=v)
    assert library.get_campaign(camp.id).member_ids == (b.id,)
    assert library.get_character(a.id).campaign_id is None
    assert library.get_character(a.id).version == 1
    with pytest.raises(ConflictError):
        library.save_campaign(camp, expected_version=1)


def test_character_moves_between_campaigns(library: Library) -> None:
    a = build()
    library.save_character(a, expected_version=None)
    one, two = Campaign(system="sotc", name="One"), Campaign(system="sotc", name="Two")
    library.save_campaign(one, expected_version=None)
    library.save_campaign(two, expected_version=None)
    library.save_character(a, expected_version=1, campaign_id=one.id)
    assert library.get_campaign(one.id).member_ids == (a.id,)
    library.save_character(a, expected_version=2, campaign_id=two.id)
    assert library.get_campaign(one.id).member_ids == ()
    assert library.get_campaign(two.id).member_ids == (a.id,)
    library.save_character(a, expected_version=3)  # campaign left out: kept
    assert library.get_character(a.id).campaign_id == two.id
    library.save_character(a, expected_version=4, campaign_id=None)
    assert library.get_character(a.id).campaign_id is None


def test_delete_campaign_keeps_members_unassigned(library: Library) -> None:
    a = build()
    library.save_character(a, expected_version=None)
    camp = Campaign(system="sotc", name="Doomed", member_ids=(a.id,))
    library.save_campaign(camp, expected_version=None)
    enc = EncounterRecord(name="Ambush", campaign_id=camp.id, payload={"round": 1})
    library.save_encounter(enc, expected_version=None)
    library.delete_campaign(camp.id)
    assert library.list_campaigns() == []
    assert library.get_character(a.id).campaign_id is None
    assert library.get_encounter(enc.id).campaign_id is None
    with pytest.raises(NotFoundError):
        library.get_campaign(camp.id)


def test_campaign_rules_decide_validity(library: Library) -> None:
    """A campaign that renames Guns to Bows (SotC "Skills": renaming skills) makes "Bows" valid."""
    data = build().model_dump()
    skills = dict(data["skills"])
    skills["Bows"] = skills.pop("Guns")
    archer = SotcCharacter.model_validate({**data, "skills": skills})
    library.save_character(archer, expected_version=None)
    assert library.list_characters()[0].valid is False
    camp = Campaign(
        system="sotc",
        name="Longbows",
        settings=SotcSettings(renamed_skills={"Guns": "Bows"}).model_dump(mode="json"),
        member_ids=(archer.id,),
    )
    library.save_campaign(camp, expected_version=None)
    assert library.list_characters()[0].valid is True


def test_campaign_with_unknown_member_is_refused(library: Library) -> None:
    with pytest.raises(NotFoundError):
        library.save_campaign(
            Campaign(system="sotc", name="x", member_ids=(uuid.uuid4(),)), expected_version=None
        )
    assert library.list_campaigns() == []


# -- encounters -------------------------------------------------------------------------------


def test_encounter_round_trip_and_conflict(library: Library) -> None:
    camp = Campaign(system="sotc", name="C")
    library.save_campaign(camp, expected_version=None)
    enc = EncounterRecord(
        name="Docks",
        campaign_id=camp.id,
        is_template=True,
        payload={"participants": [{"name": "Thug", "stress": [True, False]}], "round": 2, "ñ": "ü"},
    )
    v = library.save_encounter(enc, expected_version=None)
    loaded = library.get_encounter(enc.id)
    assert loaded.payload == enc.payload
    assert loaded.is_template and loaded.version == v
    assert library.list_encounters(camp.id) == [loaded]
    assert library.list_encounters(uuid.uuid4()) == []
    library.save_encounter(enc.model_copy(update={"name": "Docks 2"}), expected_version=v)
    with pytest.raises(ConflictError):
        library.save_encounter(enc, expected_version=v)
    library.delete_encounter(enc.id)
    assert library.list_encounters() == []


# -- files ------------------------------------------------------------------------------------


def test_import_files_reports_bad_ones_by_name(
    library_url: str, tmp_path: Path, ladder_only_registry: Any
) -> None:
    library = Library.open(library_url, registry=ladder_only_registry, samples=False)
    good = tmp_path / "ada.fatesmith.json"
    write_character_file(good, build())
    garbage = tmp_path / "garbage.fatesmith.json"
    garbage.write_bytes(b"\x00\xffnot json")
    deep = tmp_path / "deep.fatesmith.json"
    deep.write_text("[" * 10_000 + "]" * 10_000)
    art = tmp_path / "art.fatesmith.json"
    art.write_text(
        json.dumps({"format": "fatesmith-character", "format_version": 1, "system": "ladder-only"})
    )
    report = library.import_character_files([good, garbage, deep, art])
    assert names(list(report.imported)) == ["Ada Thorne"]
    failed = dict(report.failed)
    assert set(failed) == {"garbage.fatesmith.json", "deep.fatesmith.json", "art.fatesmith.json"}
    assert "nested" in failed["deep.fatesmith.json"]
    assert "not available" in failed["art.fatesmith.json"]
    assert names(library.list_characters()) == ["Ada Thorne"]
    library.close()


def test_import_same_file_twice_is_idempotent_and_clash_becomes_copy(
    library: Library, tmp_path: Path
) -> None:
    ada = build()
    path = tmp_path / "ada.fatesmith.json"
    write_character_file(path, ada)
    library.import_character_files([path])
    assert library.import_character_files([path]).imported == ()
    write_character_file(path, ada.model_copy(update={"notes": "different"}))
    report = library.import_character_files([path])
    assert report.imported[0].id != ada.id
    assert len(library.list_characters()) == 2
    assert library.get_character(ada.id).character.notes == ada.notes


def test_export_character_file_matches_library(
    library: Library,
    tmp_path: Path,
    registry,  # type: ignore[no-untyped-def]
) -> None:
    ada = build(stunts=[StuntPick(name="Linguist", detail="Greek").model_dump()])
    library.save_character(ada, expected_version=None)
    out = tmp_path / "out.fatesmith.json"
    library.export_character_file(ada.id, out)
    assert read_character_file(out, registry) == ada


# -- opening ----------------------------------------------------------------------------------


def test_newer_schema_opens_read_only(library_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import text

    from storage.db import make_engine

    lib = Library.open(library_url, registry=registry, samples=False)
    ada = build()
    lib.save_character(ada, expected_version=None)
    lib.close()
    engine = make_engine(library_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    lib = Library.open(library_url, registry=registry)
    try:
        assert lib.read_only
        assert "newer Fatesmith" in lib.read_only_reason
        assert names(lib.list_characters()) == ["Ada Thorne"]
        with pytest.raises(LibraryReadOnlyError, match="newer Fatesmith"):
            lib.save_character(ada, expected_version=1)
        with pytest.raises(LibraryReadOnlyError):
            lib.delete_character(ada.id)
        # Even code that got past the facade's check cannot write: the connection refuses.
        lib.read_only = False
        with pytest.raises(LibraryReadOnlyError, match="newer Fatesmith"):
            lib.save_character(ada.model_copy(update={"notes": "sneaky"}), expected_version=1)
        with pytest.raises(LibraryReadOnlyError):
            lib.delete_character(ada.id)
        lib.read_only = True
        assert lib.get_character(ada.id).character == ada
    finally:
        lib.close()


def test_new_library_has_samples_once(library_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    lib = Library.open(library_url, registry=registry)
    first = lib.list_characters()
    lib.close()
    assert len(first) >= 3
    assert any(not s.valid for s in first)  # the half-made one
    assert sum(s.valid for s in first) >= 3
    campaigns_ = Library.open(library_url, registry=registry)
    try:
        assert campaigns_.list_characters() == first
        # one sample campaign of every game system (issue 23)
        assert sorted(c.system for c in campaigns_.list_campaigns()) == sorted(
            s.id for s in registry
        )
    finally:
        campaigns_.close()


def test_no_samples_by_environment(
    library_url: str,
    registry,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FATESMITH_NO_SAMPLES", "1")
    lib = Library.open(library_url, registry=registry)
    try:
        assert lib.list_characters() == [] and lib.list_campaigns() == []
    finally:
        lib.close()


def test_schema_revision_recorded(library: Library) -> None:
    from sqlalchemy import text

    from storage.db import make_engine

    engine = make_engine(library.url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == (
            migrations.HEAD
        )
    engine.dispose()
    assert "created_at" in library.info()


# -- the PostgreSQL switch ----------------------------------------------------------------------


def test_missing_postgres_skips_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.storage.conftest import postgres_base_url

    monkeypatch.delenv("FATESMITH_TEST_PG_URL", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("FATESMITH_WITH_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match="FATESMITH_TEST_PG_URL"):
        postgres_base_url()


def test_missing_postgres_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.storage.conftest import postgres_base_url

    monkeypatch.delenv("FATESMITH_TEST_PG_URL", raising=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="must run"):
        postgres_base_url()
