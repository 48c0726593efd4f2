"""storage.ids.uuid_from_db gives exactly what ``uuid.UUID`` gives, faster for stored ids."""

from __future__ import annotations

import copy
import pickle
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage import ids
from storage.ids import uuid_from_db


def test_the_shortcut_is_taken_on_this_python() -> None:
    assert ids.DIRECT


@given(st.uuids())
def test_a_stored_id_reads_back_as_the_same_uuid(value: uuid.UUID) -> None:
    for text in (value.hex, value.hex.upper()):
        made = uuid_from_db(text)
        assert type(made) is uuid.UUID
        assert made == value and hash(made) == hash(value)
        assert str(made) == str(value) and made.int == value.int
        assert made.is_safe is uuid.SafeUUID.unknown
        assert made.version == value.version
        assert pickle.loads(pickle.dumps(made)) == value
        assert copy.deepcopy(made) == value
        assert {made: 1}[value] == 1


@pytest.mark.parametrize(
    "text",
    [
        "12345678-1234-5678-1234-567812345678",
        "{12345678-1234-5678-1234-567812345678}",
        "urn:uuid:12345678-1234-5678-1234-567812345678",
    ],
)
def test_other_spellings_go_through_uuid(text: str) -> None:
    assert uuid_from_db(text) == uuid.UUID(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "xyz",
        "g" * 32,
        "0" * 31,
        "0" * 33,
        "+" + "0" * 31,
        "_" * 32,
        " " + "0" * 31,
        "\uff10" * 32,
    ],
)
def test_odd_text_is_read_exactly_as_uuid_reads_it(text: str) -> None:
    try:
        expected: uuid.UUID | None = uuid.UUID(text)
    except ValueError:
        expected = None
    if expected is None:
        with pytest.raises(ValueError):
            uuid_from_db(text)
    else:
        assert uuid_from_db(text) == expected


def test_without_the_shortcut_uuid_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ids, "DIRECT", False)
    monkeypatch.setattr(ids, "_direct", lambda _text: pytest.fail("the shortcut was taken"))
    value = uuid.uuid4()
    assert uuid_from_db(value.hex) == value
