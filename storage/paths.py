"""Storage layer: where the library lives by default and how a chosen location is resolved."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

APP_NAME = "Fatesmith"
LIBRARY_FILE = "library.sqlite3"
ENV_VAR = "FATESMITH_LIBRARY"


def data_dir() -> Path:
    """The per-user data folder (created on demand by callers that write)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_library_path() -> Path:
    """The default SQLite library file in the user's data folder."""
    return data_dir() / LIBRARY_FILE


def file_url(path: Path) -> str:
    """The ``sqlite:///`` URL of exactly the file ``path``.

    ``%``, ``?`` and ``#`` are percent-encoded and SQLAlchemy decodes them again, so
    ``a?b.sqlite3`` is that file, not ``a`` with a query (every other character is left as it
    is: the URL of an ordinary path is just ``sqlite:///`` and the path).
    """
    text = str(path).replace("%", "%25").replace("?", "%3F").replace("#", "%23")
    return "sqlite:///" + text


def is_url(value: str) -> bool:
    """Whether a ``--library`` value is a SQLAlchemy URL (it contains ``://``) rather than a
    file path."""
    return "://" in value


def chosen_library(cli_value: str | None, env: Mapping[str, str] | None = None) -> str:
    """The ``--library`` value, else ``FATESMITH_LIBRARY``, else "" (the default location)."""
    env = os.environ if env is None else env
    return cli_value or env.get(ENV_VAR) or ""


def resolve_library_url(cli_value: str | None, env: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL of the library to open.

    ``--library`` wins over ``FATESMITH_LIBRARY``, which wins over the default file. A value
    containing ``://`` is used as a SQLAlchemy URL as it is; anything else is a file path, and
    always exactly that file (see :func:`file_url`).
    """
    value = chosen_library(cli_value, env)
    if not value:
        return file_url(default_library_path())
    if is_url(value):
        return value
    return file_url(Path(value).expanduser().resolve())
