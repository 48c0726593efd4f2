"""GUI layer (command line): ``fatesmith library``, the library without the desktop app.

``fatesmith [--library URL_OR_FILE] library path | list [--search TEXT] [--json] |
import FILE... [--partial] | export [--campaign NAME] OUT``. Character files
(``*.fatesmith.json``) and archives (``*.zip``) import alike; a new library starts with the
sample content unless ``--no-samples`` or ``FATESMITH_NO_SAMPLES=1``. Failures are one line on
stderr: exit 1 when some files were refused, 2 when nothing could be done.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rules.errors import FatesmithError
from rules.names import find_name

EXIT_OK, EXIT_SOME_FAILED, EXIT_FAILED = 0, 1, 2


def _fail(message: str, code: int = EXIT_FAILED) -> int:
    print(f"fatesmith library: {message}", file=sys.stderr)
    return code


def _open(args: argparse.Namespace) -> Any:
    from storage.library import Library
    from storage.paths import resolve_library_url
    from storage.systems_catalog import default_registry

    url = resolve_library_url(getattr(args, "library", None))
    library = Library.open(url, registry=default_registry(), samples=not args.no_samples)
    if library.read_only:
        print(f"fatesmith library: note: {library.read_only_reason}", file=sys.stderr)
    return library


def cmd_path(args: argparse.Namespace) -> int:
    """Print where the library is (without opening or creating it)."""
    from storage.paths import resolve_library_url

    url = resolve_library_url(getattr(args, "library", None))
    print(url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url)
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """Print one line (or JSON object) per character."""
    from storage.library import SearchQuery

    with _open(args) as library:
        rows = library.list_characters(SearchQuery(text=args.search or ""))
    for s in rows:
        if args.json:
            print(json.dumps(s.model_dump(mode="json"), ensure_ascii=False))
            continue
        state = "valid" if s.valid else "in progress"
        campaign = f" [{s.campaign_name}]" if s.campaign_name else ""
        peak = f", {s.headline}" if s.headline else ""
        print(f"{s.id}  {s.name or '(unnamed)'} ({s.system}{peak}, {state}){campaign}")
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    """Import character files and archives."""
    worst = EXIT_OK
    with _open(args) as library:
        files = [Path(f) for f in args.files if not f.lower().endswith(".zip")]
        archives = [Path(f) for f in args.files if f.lower().endswith(".zip")]
        reports = []
        if files:
            reports.append(library.import_character_files(files))
        for archive in archives:
            try:
                reports.append(library.import_archive(archive, partial=args.partial))
            except FatesmithError as exc:
                print(f"fatesmith library: {archive}: {exc}", file=sys.stderr)
                worst = EXIT_FAILED
    for report in reports:
        for summary in report.imported:
            print(f"imported {summary.name or '(unnamed)'} ({summary.id})")
        for name, reason in report.failed:
            print(f"fatesmith library: {name}: {reason}", file=sys.stderr)
            worst = max(worst, EXIT_SOME_FAILED)
    return worst


def cmd_export(args: argparse.Namespace) -> int:
    """Export the library, or one campaign (by name), as an archive."""
    with _open(args) as library:
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
    print(f"exported {what} to {args.output}")
    return EXIT_OK


def add_parser(subparsers: Any) -> None:
    """Register ``fatesmith library`` and its sub-commands."""
    parser = subparsers.add_parser("library", help="list, import and export the library")
    parser.add_argument(
        "--no-samples",
        action="store_true",
        help="start a new library empty (also FATESMITH_NO_SAMPLES=1)",
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
    importer.set_defaults(func=cmd_import)

    exporter = sub.add_parser("export", help="export the library or a campaign as a .zip")
    exporter.add_argument("--campaign", metavar="NAME", help="only this campaign")
    exporter.add_argument("output", metavar="OUT")
    exporter.set_defaults(func=cmd_export)
