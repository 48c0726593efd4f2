"""storage.db_values reads stored ids and times exactly as ``uuid.UUID`` and
``datetime.fromisoformat`` do, only faster for the spellings the library writes."""

from __future__ import annotations

import copy
import pickle
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage import db_values
from storage.db_values import utc_from_db, uuid_from_db


def _equal(made: Any, expected: Any) -> None:
    assert made == expected


def _same_outcome(
    ours: Callable[[str], Any],
    reference: Callable[[str], Any],
    text: str,
    same: Callable[[Any, Any], None] = _equal,
) -> None:
    """``ours(text)`` raises ValueError exactly when ``reference(text)`` does, else agrees."""
    try:
        expected = reference(text)
    except ValueError:
        with pytest.raises(ValueError):
            ours(text)
    else:
        same(ours(text), expected)


def test_the_shortcut_is_taken_on_this_python() -> None:
    assert db_values.DIRECT


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
    _same_outcome(uuid_from_db, uuid.UUID, text)


def test_without_the_shortcut_uuid_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db_values, "DIRECT", False)
    monkeypatch.setattr(db_values, "_new", lambda _cls: pytest.fail("the shortcut was taken"))
    value = uuid.uuid4()
    assert uuid_from_db(value.hex) == value


def _reference_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _same_time(made: datetime, expected: datetime) -> None:
    assert made == expected
    assert made.tzinfo is UTC and expected.tzinfo is UTC
    assert repr(made) == repr(expected) and made.isoformat() == expected.isoformat()


@given(st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)))
def test_a_stored_time_reads_back_as_the_same_aware_utc_time(moment: datetime) -> None:
    # SQLAlchemy's SQLite DateTime writes naive text with microseconds, always.
    stored = moment.isoformat(sep=" ", timespec="microseconds")
    assert len(stored) == 26
    made = utc_from_db(stored)
    _same_time(made, moment.replace(tzinfo=UTC, fold=0))  # text keeps no fold
    _same_time(made, _reference_time(stored))


@given(
    st.datetimes(
        min_value=datetime(1, 1, 2),
        max_value=datetime(9999, 12, 30),
        timezones=st.one_of(st.none(), st.timezones()),
    ),
    st.sampled_from(["auto", "seconds", "milliseconds", "microseconds"]),
    st.sampled_from([" ", "T"]),
)
def test_other_spellings_read_as_fromisoformat_reads_them(
    moment: datetime, timespec: str, sep: str
) -> None:
    text = moment.isoformat(sep=sep, timespec=timespec)
    try:
        expected = _reference_time(text)
    except (ValueError, OverflowError):  # an offset beyond the year 1..9999 range
        return
    _same_time(utc_from_db(text), expected)


@pytest.mark.parametrize(
    "text",
    [
        "2026-11-24 11:09:16.1+0100",  # 26 characters, but with an offset
        "2026-11-24 11:09:16.12345Z",
        "2026-11-24 11:09:16.-12345",
        "2026-11-24 11:09:16.\u0661\u0662\u0663\u0664\u0665\u0666",
        "2026-11-24 11:09:16 123456",
        "2026-11-24 11:09:16",
        "2026-11-24",
        "yesterday",
        "",
    ],
)
def test_odd_times_are_read_exactly_as_fromisoformat_reads_them(text: str) -> None:
    _same_outcome(utc_from_db, _reference_time, text, _same_time)
