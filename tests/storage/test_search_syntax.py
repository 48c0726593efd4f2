"""The search box's language (storage.search_syntax): parsing and matching, no database."""

from __future__ import annotations

import pytest

from storage.search_syntax import (
    FIELD_MARKS,
    FieldTerm,
    ParsedSearch,
    blob_matches,
    is_marked,
    parse_search,
    search_blob,
    search_line,
)


def terms(*pairs: tuple[str, str]) -> tuple[FieldTerm, ...]:
    return tuple(FieldTerm(field, value) for field, value in pairs)


@pytest.mark.parametrize(
    ("text", "words", "fields"),
    [
        ("", (), ()),
        ("   ", (), ()),
        ("Ada  Thorne", ("ada", "thorne"), ()),
        ("skill:Guns", (), terms(("skill", "guns"))),
        ('stunt:"Danger Sense"', (), terms(("stunt", "danger sense"))),
        ('stunt:"Danger   Sense"', (), terms(("stunt", "danger sense"))),  # spaces collapsed
        ("tag:villain", (), terms(("tag", "villain"))),
        ("aspect:lucky", (), terms(("aspect", "lucky"))),
        ("system:sotc", (), terms(("system", "sotc"))),
        ('campaign:"Thunder Atoll"', (), terms(("campaign", "thunder atoll"))),
        ("name:ada player:sam", (), terms(("name", "ada"), ("player", "sam"))),
        ("description:pilot", (), terms(("description", "pilot"))),
        # plain words and fields combine (AND), in any order
        (
            'ada skill:guns "slow clouds" tag:Hero',
            ("ada", "slow clouds"),
            terms(("skill", "guns"), ("tag", "hero")),
        ),
        # prefixes in any case, and plural spellings
        (
            "SKILL:Guns Stunts:leap TAGS:x",
            (),
            terms(("skill", "guns"), ("stunt", "leap"), ("tag", "x")),
        ),
        # unknown prefixes are plain words, quoted or not
        ("foo:bar", ("foo:bar",), ()),
        ("10:30", ("10:30",), ()),
        ('villain:"Big Boss"', ("villain:big boss",), ()),
        (":guns", (":guns",), ()),
        # a quoted prefix is plain text
        ('"skill:guns"', ("skill:guns",), ()),
        # quotes: phrases, empty ones, and an unclosed one running to the end (still typing)
        ('"slow clouds"', ("slow clouds",), ()),
        ('""', (), ()),
        ('stunt:"Danger Se', (), terms(("stunt", "danger se"))),
        ('"never misses', ("never misses",), ()),
        # a field with nothing after it yet is ignored
        ("skill:", (), ()),
        ('skill:"" ada', ("ada",), ()),
        # the value runs to the next space; a second colon is part of it
        ("skill:guns:fast", (), terms(("skill", "guns:fast"))),
        # control characters (the blob's field marks) never reach a term
        ("gu\x06ns skill:\x05x", ("gu ns",), terms(("skill", "x"))),
        ("ÉCOLE skill:STRASSE", ("école",), terms(("skill", "strasse"))),
    ],
)
def test_parse_search(text: str, words: tuple[str, ...], fields: tuple[FieldTerm, ...]) -> None:
    assert parse_search(text) == ParsedSearch(words=words, fields=fields)


def test_empty() -> None:
    assert parse_search("  skill: ").empty
    assert not parse_search("a").empty


BLOB = search_blob(
    [
        ("name", "Rex Gunn"),
        ("player", "Sam"),
        ("system", "sotc"),
        ("system", "Spirit of the Century"),
        ("description", ""),  # blanks are left out
        ("aspect", "Guns Blazing"),
        ("aspect", "Lucky  Break"),
        ("skill", "Fists"),
        ("stunt", "Danger Sense"),
        ("tag", "Villain"),
        ("campaign", "Thunder Atoll"),
    ]
)


def test_search_blob_is_one_marked_case_folded_line_per_entry() -> None:
    lines = BLOB.split("\n")
    assert len(lines) == 10
    assert lines[0] == FIELD_MARKS["name"] + "rex gunn"
    assert lines[5] == FIELD_MARKS["aspect"] + "lucky break"
    assert search_line("tag", " Big\nBoss ") == FIELD_MARKS["tag"] + "big boss"
    assert is_marked(BLOB) and not is_marked("rex gunn\nsam") and not is_marked("")
    assert len(set(FIELD_MARKS.values())) == len(FIELD_MARKS)
    for mark in FIELD_MARKS.values():  # no mark splits a line or counts as a space
        assert len(f"a{mark}b".splitlines()) == 1 and len(f"a{mark}b".split()) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", True),
        ("rex", True),
        ("guns", True),  # a plain word matches any part
        ("aspect:guns", True),
        ("skill:guns", False),  # ... but a field term only its own part
        ("skill:fist", True),
        ("stunt:sense", True),
        ('stunt:"danger sense"', True),
        ('stunt:"sense danger"', False),
        ("tag:vill", True),
        ("tag:hero", False),
        ("aspect:lucky", True),
        ('aspect:"lucky break"', True),  # stored double space collapsed
        ('aspect:"blazing lucky"', False),  # never across two entries
        ('"blazing lucky"', False),
        ("system:sotc", True),
        ("system:century", True),
        ("system:fate", False),
        ("campaign:atoll", True),
        ("name:gunn player:sam", True),
        ("name:sam", False),
        ("rex skill:fists aspect:lucky tag:villain", True),
        ("rex skill:fists aspect:unlucky", False),
        ("zed", False),
    ],
)
def test_blob_matches(text: str, expected: bool) -> None:
    assert blob_matches(parse_search(text), BLOB) is expected


def test_unmarked_blob_takes_field_terms_as_plain_words() -> None:
    """Search text from before field terms existed: matched loosely rather than not at all."""
    old = "rex gunn\nguns blazing\nfists"
    assert blob_matches(parse_search("skill:guns"), old)
    assert blob_matches(parse_search("aspect:fists rex"), old)
    assert not blob_matches(parse_search("skill:boxing"), old)
