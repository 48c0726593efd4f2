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


def resolve_library_url(cli_value: str | None, env: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL of the library to open.

    ``--library`` wins over ``FATESMITH_LIBRARY``, which wins over the default file. A value
    containing ``://`` is used as a SQLAlchemy URL as it is; anything else is a file path.
    """
    env = os.environ if env is None else env
    value = cli_value or env.get(ENV_VAR) or ""
    if not value:
        return f"sqlite:///{default_library_path()}"
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"
