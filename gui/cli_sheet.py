"""GUI layer (command line): ``fatesmith sheet``, printing character files to one PDF.

``fatesmith sheet FILE.fatesmith.json... -o OUT.pdf [--paper a4|letter]
[--kind sheet|worksheet|full|blank|cards|aspect-cards]``. Several files go into one PDF. A
problem is one clear line on stderr and exit status 2, like ``validate``; the PDF is built in
memory first, so a failure never leaves a half-written file behind.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

from rules.errors import CharacterFileError, FatesmithError

EXIT_OK, EXIT_UNREADABLE = 0, 2
SHEET_KINDS = ("sheet", "worksheet", "full", "blank", "cards", "aspect-cards")


def _fail(message: str) -> int:
    print(f"fatesmith sheet: {message}", file=sys.stderr)
    return EXIT_UNREADABLE


def cmd_sheet(args: argparse.Namespace) -> int:
    """Read every file, then render the requested kind into ``args.output``."""
    from storage.json_io import read_character_file
    from storage.pdf import cards as pdf_cards
    from storage.pdf import render as pdf_render
    from storage.systems_catalog import default_registry

    registry = default_registry()
    characters: list[Any] = []
    for name in args.files:
        try:
            characters.append(read_character_file(Path(name), registry))
        except CharacterFileError as exc:
            return _fail(f"{name}: {exc}")
    kind: str = args.kind
    systems: list[str] = list(args.system or [])
    if kind == "blank":
        systems += [c.system for c in characters]
        if not systems:
            systems = ["sotc"]
    elif kind == "aspect-cards":
        if not characters and not args.aspect:
            return _fail("give character files or --aspect TEXT for aspect cards")
    elif not characters:
        return _fail(f"--kind {kind} needs at least one character file")
    buffer = io.BytesIO()
    try:
        if kind == "blank":
            for sid in systems:
                registry.info(sid)  # an unknown id is one clear error line
            pages = pdf_render.render_blank(
                list(dict.fromkeys(systems)), registry, buffer, args.paper, args.reproducible
            )
        elif kind == "cards":
            pages = pdf_cards.render_character_cards(
                characters, registry, buffer, args.paper, args.reproducible
            )
        elif kind == "aspect-cards":
            aspects = [a for c in characters for a in getattr(c, "all_aspects", tuple)()]
            pages = pdf_cards.render_aspect_cards(
                [*aspects, *(args.aspect or [])], buffer, args.paper, args.reproducible
            )
        else:
            pages = pdf_render.render_pdf(
                characters, registry, buffer, kind, args.paper, args.reproducible
            )
    except (FatesmithError, ValueError) as exc:
        return _fail(str(exc))
    out = Path(args.output)
    try:
        out.write_bytes(buffer.getvalue())
    except OSError as exc:
        return _fail(f"cannot write {out} ({exc.strerror or exc})")
    print(f"{out}: {pages} page{'s' if pages != 1 else ''} ({kind}, {args.paper})")
    return EXIT_OK


def add_parser(subparsers: Any) -> None:
    """Register the ``sheet`` sub-command."""
    parser = subparsers.add_parser(
        "sheet",
        help="print character files as a PDF (sheet, worksheet, blank sheets, cards)",
        description="Print one or more character files into a single PDF.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="*.fatesmith.json files")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="PDF to write")
    parser.add_argument("--paper", choices=("letter", "a4"), default="letter")
    parser.add_argument(
        "--kind",
        choices=SHEET_KINDS,
        default="sheet",
        help="sheet (default), worksheet (character story), full (both), blank (for "
        "hand-filling), cards (NPC cards, 8 a page), aspect-cards (3x5 inch)",
    )
    parser.add_argument(
        "--system",
        action="append",
        metavar="ID",
        help="with --kind blank: a system to print a blank sheet for (repeatable)",
    )
    parser.add_argument(
        "--aspect",
        action="append",
        metavar="TEXT",
        help="with --kind aspect-cards: a scene aspect to print (repeatable)",
    )
    parser.add_argument(
        "--reproducible",
        action="store_true",
        help="identical bytes for identical input (fixed dates and ids)",
    )
    parser.set_defaults(func=cmd_sheet)
