"""Storage test fixtures: a library URL for each back end (SQLite file, PostgreSQL schema).

``library_url`` runs each test on SQLite and on PostgreSQL. The PostgreSQL URL comes from
``FATESMITH_TEST_PG_URL``; every test gets a fresh schema of its own (selected through the
connection's ``search_path``), so parallel workers (``pytest -n 2``) never see each other's
rows. Without the variable the PostgreSQL cases skip with a notice, except under CI (``CI=true``
or ``FATESMITH_WITH_POSTGRES=1``), where a missing server is a failure, not a silent skip.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

PG_ENV = "FATESMITH_TEST_PG_URL"


def _ci() -> bool:
    return (
        os.environ.get("CI", "").strip().lower() == "true"
        or os.environ.get("FATESMITH_WITH_POSTGRES", "") == "1"
    )


def postgres_base_url() -> str:
    """The server URL from the environment, or skip (fail under CI) when it is missing."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        if _ci():
            pytest.fail(f"{PG_ENV} is not set under CI: the PostgreSQL storage tests must run")
        pytest.skip(
            f"PostgreSQL storage tests skipped: set {PG_ENV} to a SQLAlchemy URL "
            "(e.g. from `.ci/postgres start`) to run them"
        )
    return url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A URL to a fresh, empty PostgreSQL schema that is dropped after the test."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = postgres_base_url()
    schema = f"fs_test_{uuid.uuid4().hex[:20]}"
    engine = create_engine(base)
    try:
        with engine.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as exc:  # any connection failure means "no server"
        engine.dispose()
        if _ci():
            pytest.fail(f"cannot reach PostgreSQL at {PG_ENV}: {exc}")
        pytest.skip(f"PostgreSQL storage tests skipped: cannot reach the server ({exc})")
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def library_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A library URL on each back end: a SQLite file in tmp_path, or a fresh PG schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'library.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def library(library_url: str, registry: Any) -> Iterator[Any]:
    """An empty library (no samples) on each back end."""
    from storage.library import Library

    lib = Library.open(library_url, registry=registry, samples=False)
    try:
        yield lib
    finally:
        lib.close()


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    """A SQLite library URL in tmp_path (for SQLite-only behaviour)."""
    return f"sqlite:///{tmp_path / 'library.sqlite3'}"
