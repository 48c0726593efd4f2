"""GUI layer (command line): ``fatesmith library``, the library without the desktop app.

``fatesmith [--library URL_OR_FILE] [--create] library path | list [--search TEXT] [--json] |
import FILE... [--partial] [--on-duplicate CHOICE] | export [--campaign NAME] OUT.zip |
export-character NAME_OR_ID -o FILE``. Character files (``*.fatesmith.json``) and archives
(``*.zip``) import alike; a new library starts with the sample content unless ``--no-samples``
or ``FATESMITH_NO_SAMPLES=1``. Only the default library is created when missing; any other
missing file needs ``--create`` (a typo must not make a new library). Failures are one line on
stderr: exit 1 when some files were refused, 2 when nothing could be done (a file that cannot
be read at all is 2, as in ``validate`` and ``sheet``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from gui.cli_campaigns import add_commands as add_campaign_commands
from gui.cli_library_open import open_library
from gui.cli_text import json_line, printable
from rules.errors import FatesmithError
from rules.names import find_name

EXIT_OK, EXIT_SOME_FAILED, EXIT_FAILED = 0, 1, 2
# Storage's constants, repeated so that building the parser imports no SQLAlchemy (a test
# checks they agree).
DUPLICATE_CHOICES = ("keep-both", "replace", "skip")
DEFAULT_ON_DUPLICATE = "keep-both"


def _fail(message: str, code: int = EXIT_FAILED) -> int:
    print(f"fatesmith library: {printable(message)}", file=sys.stderr)
    return code


def library_location(url: str) -> str:
    """What ``library path`` prints for ``url``: the file actually opened for SQLite (with
    ``?``, ``#`` and ``%`` as they are in its name), else the URL without its password."""
    from storage.db import parse_url, sqlite_path

    try:
        parsed = parse_url(url)
    except FatesmithError:
        return url
    path = sqlite_path(parsed)
    return str(path) if path is not None else parsed.render_as_string(hide_password=True)


def cmd_path(args: argparse.Namespace) -> int:
    """Print where the library is (without opening or creating it)."""
    from storage.paths import resolve_library_url

    print(printable(library_location(resolve_library_url(getattr(args, "library", None)))))
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """Print one line (or JSON object) per character; say so when there are none."""
    from storage.library import SearchQuery
    from storage.mappers import summary_json

    with open_library(args) as library:
        rows = library.list_characters(SearchQuery(text=args.search or ""))
        if not rows and not args.json:
            if args.search:
                hint = _search_hint(library, args.search)
                print(printable(f"no characters match {args.search!r}{hint}"))
            else:
                print("the library is empty (import characters with `fatesmith library import`)")
    for s in rows:
        if args.json:
            print(json_line(summary_json(s)))
            continue
        state = "valid" if s.valid else "in progress"
        campaign = f" [{s.campaign_name}]" if s.campaign_name else ""
        peak = f", {s.headline}" if s.headline else ""
        print(printable(f"{s.id}  {s.name or '(unnamed)'} ({s.system}{peak}, {state}){campaign}"))
    return EXIT_OK


def _search_hint(library: Any, text: str) -> str:
    """``; did you mean skill:Guns?`` for a ``skill:`` term that names no skill of any system
    but is close to one; "" otherwise."""
    import difflib

    from storage.search_syntax import parse_search

    names: set[str] = set()
    for system in library.registry:
        try:
            names.update(system.skill_names())
        except FatesmithError:
            continue
    folded = {n.casefold(): n for n in names}
    for term in parse_search(text).fields:
        if term.field != "skill" or any(term.value in key for key in folded):
            continue
        close = difflib.get_close_matches(term.value, list(folded), n=1, cutoff=0.6)
        if close:
            return f"; did you mean skill:{folded[close[0]]}?"
    return ""


def _unreadable(name: str) -> str:
    """Why ``name`` cannot be read as a file at all ("" when it can be tried)."""
    path = Path(name)
    if not path.exists():
        return "no such file"
    if not path.is_file():
        return "not a regular file"
    if not os.access(path, os.R_OK):
        return "no permission to read it"
    return ""


def cmd_import(args: argparse.Namespace) -> int:
    """Import character files and archives, saying what happened to each character."""
    from storage.library.transfer import report_lines

    worst = EXIT_OK
    names = []
    for name in args.files:
        reason = _unreadable(name)
        if reason:
            print(printable(f"fatesmith library: cannot read {name}: {reason}"), file=sys.stderr)
            worst = EXIT_FAILED
        else:
            names.append(name)
    if not names:
        return worst
    choice = args.on_duplicate
    with open_library(args, keeps=True) as library:
        files = [Path(f) for f in names if not f.lower().endswith(".zip")]
        archives = [Path(f) for f in names if f.lower().endswith(".zip")]
        reports = []
        if files:
            reports.append(library.import_character_files(files, on_duplicate=choice))
        for archive in archives:
            try:
                reports.append(
                    library.import_archive(archive, partial=args.partial, on_duplicate=choice)
                )
            except FatesmithError as exc:
                print(printable(f"fatesmith library: {archive}: {exc}"), file=sys.stderr)
                worst = EXIT_FAILED
        notes = _corrected_rules_notes(
            library, [s for r in reports for s in (*r.imported, *r.replaced)]
        )
    for report in reports:
        for line in report_lines(report):
            print(printable(line))
        for name, reason in report.failed:
            print(printable(f"fatesmith library: {name}: {reason}"), file=sys.stderr)
            worst = max(worst, EXIT_SOME_FAILED)
    for line in notes:
        print(printable(line))
    return worst


def _corrected_rules_notes(library: Any, summaries: list[Any]) -> list[str]:
    """``note: NAME: WARNING`` for each warning the library's corrected rules data (a user's
    diagram or table) gives a character just imported that the bundled rules do not: a price
    over a tangled corrected diagram may not be proven cheapest, and the import says so in
    words. Characters of systems with only the bundled data are not validated again."""
    from storage.systems_catalog import default_registry

    corrected: dict[str, bool] = {}
    notes = []
    for summary in summaries:
        if summary.system not in corrected:
            try:
                documents = library.system_documents(summary.system)
            except FatesmithError:
                documents = []
            corrected[summary.system] = any(d.provenance == "user" for d in documents)
        if not corrected[summary.system]:
            continue
        character = library.get_character(summary.id).character
        bundled = {
            (p.code, p.path, p.message)
            for p in default_registry().get(summary.system).validate(character)
        }
        name = summary.name or "(unnamed)"
        notes += [
            f"note: {name}: {p.message}"
            for p in library.registry.get(summary.system).validate(character)
            if p.severity == "warning" and (p.code, p.path, p.message) not in bundled
        ]
    return notes


def cmd_export(args: argparse.Namespace) -> int:
    """Export the library, or one campaign (by name), as a zip archive."""
    if Path(args.output).suffix.lower() != ".zip":
        suggested = Path(args.output).with_suffix(".zip").name
        return _fail(
            f"{args.output}: an export is a zip archive; name it {suggested} (to save one "
            "character as a JSON file, use `fatesmith library export-character NAME -o FILE`)"
        )
    with open_library(args) as library:
        campaign_id = None
        if args.campaign is not None:
            campaigns = library.list_campaigns()
            wanted = find_name([c.name for c in campaigns], args.campaign)
            matches = [c for c in campaigns if c.name == wanted]
            if not matches:
                names = ", ".join(c.name for c in library.list_campaigns()) or "none"
                return _fail(f"no campaign named {args.campaign!r} (campaigns: {names})")
            campaign_id = matches[0].id
        library.export_archive(Path(args.output), campaign_id=campaign_id)
        characters = library.counts()["characters"]
    what = f"campaign {args.campaign!r}" if campaign_id else f"{characters} characters"
    print(printable(f"exported {what} to {args.output}"))
    return EXIT_OK


def cmd_export_character(args: argparse.Namespace) -> int:
    """Write one character (by id, or by name in any case) as a ``*.fatesmith.json`` file."""
    import uuid

    with open_library(args) as library:
        summaries = library.list_characters()
        try:
            wanted = uuid.UUID(args.character)
            matches = [s for s in summaries if s.id == wanted]
        except ValueError:
            name = find_name([s.name for s in summaries], args.character)
            matches = [s for s in summaries if s.name == name] if name is not None else []
        if not matches:
            return _fail(f"no character named {args.character!r} (see `fatesmith library list`)")
        if len(matches) > 1:
            ids = ", ".join(str(s.id) for s in matches)
            return _fail(
                f"{len(matches)} characters are named {args.character!r}; give one id: {ids}"
            )
        library.export_character_file(matches[0].id, Path(args.output))
    print(printable(f"exported {matches[0].name or '(unnamed)'} to {args.output}"))
    return EXIT_OK


def add_parser(subparsers: Any) -> None:
    """Register ``fatesmith library`` and its sub-commands."""
    parser = subparsers.add_parser("library", help="list, import and export the library")
    parser.add_argument(
        "--no-samples",
        action="store_true",
        help="start a new library empty (also FATESMITH_NO_SAMPLES=1)",
    )
    parser.add_argument(
        "--create",
        action="store_true",
        default=argparse.SUPPRESS,  # never resets `fatesmith --create library ...`
        help="create the library named by --library or FATESMITH_LIBRARY if it does not exist "
        "(same as `fatesmith --create`)",
    )
    sub = parser.add_subparsers(dest="library_command", metavar="ACTION", required=True)

    path = sub.add_parser("path", help="print the library file or URL")
    path.set_defaults(func=cmd_path)

    listing = sub.add_parser("list", help="list the characters")
    listing.add_argument("--search", metavar="TEXT", help="only characters matching TEXT")
    listing.add_argument("--json", action="store_true", help="one JSON object per character")
    listing.set_defaults(func=cmd_list)

    importer = sub.add_parser("import", help="import character files and archives (.zip)")
    importer.add_argument("files", nargs="+", metavar="FILE")
    importer.add_argument(
        "--partial",
        action="store_true",
        help="from an archive, import the good files even when some are bad",
    )
    importer.add_argument(
        "--on-duplicate",
        choices=DUPLICATE_CHOICES,
        default=DEFAULT_ON_DUPLICATE,
        help="a character already in the library under the same id but different: keep both "
        "(the default: the import becomes a new copy), replace the stored one, or skip it "
        "(an unchanged one is always skipped)",
    )
    importer.set_defaults(func=cmd_import)

    exporter = sub.add_parser("export", help="export the library or a campaign as a .zip")
    exporter.add_argument("--campaign", metavar="NAME", help="only this campaign")
    exporter.add_argument("output", metavar="OUT.zip")
    exporter.set_defaults(func=cmd_export)

    one = sub.add_parser("export-character", help="save one character as a *.fatesmith.json file")
    one.add_argument("character", metavar="NAME_OR_ID", help="its name (any case) or id")
    one.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write")
    one.set_defaults(func=cmd_export_character)

    add_campaign_commands(sub)  # campaigns and encounters (#23)
