"""GUI layer (command line): opening the library a command works on, for ``fatesmith library``
and every other command that reads or writes the library (campaigns, encounters, systems)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gui.cli_text import printable
from rules.errors import FatesmithError


def open_library(
    args: argparse.Namespace, *, keeps: bool = False, note_read_only: bool = True
) -> Any:
    """Open the chosen library (``--library``, ``--create``, ``--no-samples`` in ``args``;
    system commands that read or write the library open it here too).

    Args:
        keeps: The command writes something the user expects to find again (an import): an
            in-memory database (``sqlite://``) is refused instead of reporting a success that
            vanishes with the process.
    """
    from storage.db import in_memory, parse_url
    from storage.library import Library, LibraryError, MissingLibraryError
    from storage.paths import chosen_library, resolve_library_url
    from storage.systems_catalog import default_registry

    value = chosen_library(getattr(args, "library", None))
    url = resolve_library_url(value or None)
    if keeps:
        try:
            memory = in_memory(parse_url(url))
        except FatesmithError:
            memory = False  # Library.open reports the bad URL
        if memory:
            raise LibraryError(
                f"{url} is an in-memory database that is gone when this command ends, so "
                "nothing would be kept; give a library file or a database server URL"
            )
    # The default library is created when missing; a file named by the user only on --create.
    create = bool(getattr(args, "create", False)) or not value
    try:
        library = Library.open(
            url, registry=default_registry(), samples=not args.no_samples, create=create
        )
    except MissingLibraryError as exc:
        raise LibraryError(
            f"{exc} (check the name, or add --create to make a new library there)"
        ) from None
    if library.read_only and note_read_only:
        print(printable(f"fatesmith library: note: {library.read_only_reason}"), file=sys.stderr)
    return library
