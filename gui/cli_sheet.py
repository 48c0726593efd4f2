"""GUI layer (command line): ``fatesmith sheet``, printing character files to one PDF.

``fatesmith sheet FILE.fatesmith.json... -o OUT.pdf [--paper a4|letter] [--kind KIND]
[--system ID]...``. Several files go into one PDF. The kinds are those each character's game
system declares (:mod:`storage.system_sheets`; ``--help`` lists them), plus the game master's
NPC cards and aspect cards, which every system prints. A problem is one clear line on stderr and
exit status 2, like ``validate``; the PDF is built in memory first and written to a temporary
file renamed over the target, so a failure (a full disk) never leaves a half-written or empty
file behind, nor spoils the PDF it was to replace. A character that breaks its system's rules is
printed with a warning on stderr.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

from gui.cli_text import printable
from rules.errors import CharacterFileError, FatesmithError

EXIT_OK, EXIT_UNREADABLE = 0, 2


class KindError(Exception):
    """A ``--kind`` or ``--system`` that cannot be printed; the message is the error line."""


def _fail(message: str) -> int:
    print(f"fatesmith sheet: {printable(message)}", file=sys.stderr)
    return EXIT_UNREADABLE


def _gm_keys() -> str:
    from storage.system_sheets import GM_KINDS

    return ", ".join(k.key for k in GM_KINDS)


def _kind_of(info: Any, kind: str | None, *, blank: bool) -> Any:
    """The :class:`~storage.system_sheets.SheetKind` printed for the system ``info``.

    Args:
        info: The system.
        kind: What ``--kind`` asked for (None: the system's default).
        blank: Whether the system is printed blank (``--system``) rather than from a file.

    Raises:
        KindError: naming the kinds the system prints.
    """
    from storage.system_sheets import UnknownSheetKindError, blank_kind, default_kind, sheet_kind

    try:
        if kind is None:
            return blank_kind(info) if blank else default_kind(info)
        spec = sheet_kind(info, kind)
    except UnknownSheetKindError:
        from storage.system_sheets import sheet_kinds

        keys = ", ".join(k.key for k in sheet_kinds(info))
        raise KindError(
            f"--kind {kind}: {info.name} ({info.id}) prints {keys}; "
            f"every system also prints {_gm_keys()}"
        ) from None
    if blank and spec.needs_character:
        raise KindError(
            f"--system {info.id}: the {info.name} {spec.title.lower()} is printed from "
            "character files; --system prints blank sheets only"
        )
    return spec


def _sheet_layouts(
    characters: list[Any], system_ids: list[str], kind: str | None, registry: Any
) -> tuple[list[Any], list[str]]:
    """The layouts to print and the kinds they were printed as, in order.

    Blank sets come first (``--system``, then the systems of files printed with a blank kind),
    one per system; then each character's parts.

    Raises:
        KindError: for a kind a system does not print.
        FatesmithError: for an unknown system id.
    """
    from storage.system_sheets import blank_layouts, character_layouts

    if not characters and not system_ids:
        if kind is None:
            raise KindError(
                "printing needs at least one character file (or --system ID for blank sheets)"
            )
        first = registry.infos()[0]  # the first system of the registration list
        if _kind_of(first, kind, blank=False).needs_character:
            raise KindError(f"--kind {kind} needs at least one character file")
        system_ids = [first.id]
    blanks: list[tuple[Any, str]] = []
    for sid in system_ids:
        info = registry.info(sid)
        blanks.append((info, _kind_of(info, kind, blank=True).key))
    filled: list[tuple[Any, Any, str]] = []
    for character in characters:
        system = registry.get(character.system)
        spec = _kind_of(system.info, kind, blank=False)
        if spec.needs_character:
            filled.append((character, system, spec.key))
        else:
            blanks.append((system.info, spec.key))
    layouts: list[Any] = []
    used: list[str] = []
    done: set[str] = set()
    for info, key in blanks:
        if info.id not in done:
            done.add(info.id)
            layouts += blank_layouts(info, key)
            used.append(key)
    for character, system, key in filled:
        layouts += character_layouts(character, system, key)
        used.append(key)
    return layouts, list(dict.fromkeys(used))


def _warn_rule_breaking(name: str, character: Any, registry: Any) -> None:
    """Say on stderr that ``character`` breaks its system's rules (it is printed anyway)."""
    from rules.validation import Severity

    try:
        problems = registry.get(character.system).validate(character)
    except FatesmithError:
        return
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        title = character.name or "(unnamed)"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        print(
            printable(
                f"fatesmith sheet: warning: {name}: {title} breaks the rules: "
                f"{errors[0].message}{more}; printed anyway (see `fatesmith validate {name}`)"
            ),
            file=sys.stderr,
        )


def cmd_sheet(args: argparse.Namespace) -> int:
    """Read every file, then render the requested kind into ``args.output``."""
    from storage.atomic_file import atomic_write_bytes
    from storage.json_io import read_character_file
    from storage.pdf import cards as pdf_cards
    from storage.pdf import render as pdf_render
    from storage.system_sheets import ASPECT_CARDS, CARDS, aspect_cards
    from storage.systems_catalog import default_registry

    registry = default_registry()
    characters: list[Any] = []
    for name in args.files:
        try:
            characters.append(read_character_file(Path(name), registry))
        except CharacterFileError as exc:
            return _fail(f"{name}: {exc}")
    for name, character in zip(args.files, characters, strict=True):
        _warn_rule_breaking(name, character, registry)
    kind: str | None = args.kind
    buffer = io.BytesIO()
    try:
        if kind == CARDS.key:
            if not characters:
                return _fail(f"--kind {kind} needs at least one character file")
            pages = pdf_cards.render_character_cards(
                characters, registry, buffer, args.paper, args.reproducible
            )
            used = [kind]
        elif kind == ASPECT_CARDS.key:
            if not characters and not args.aspect:
                return _fail("give character files or --aspect TEXT for aspect cards")
            aspects = aspect_cards(characters, registry)
            pages = pdf_cards.render_aspect_cards(
                [*aspects, *(args.aspect or [])], buffer, args.paper, args.reproducible
            )
            used = [kind]
        else:
            layouts, used = _sheet_layouts(characters, list(args.system or []), kind, registry)
            pages = pdf_render.render(layouts, buffer, args.paper, args.reproducible)
    except KindError as exc:
        return _fail(str(exc))
    except (FatesmithError, ValueError) as exc:
        return _fail(str(exc))
    out = Path(args.output)
    try:
        # A temporary file in the same folder, renamed over the target: a full disk leaves an
        # existing PDF as it was and no empty file behind.
        atomic_write_bytes(out, buffer.getvalue())
    except OSError as exc:
        return _fail(f"cannot write {out} ({exc.strerror or exc}); nothing was written")
    plural = "s" if pages != 1 else ""
    print(printable(f"{out}: {pages} page{plural} ({'+'.join(used)}, {args.paper})"))
    return EXIT_OK


def kinds_help() -> str:
    """The ``--kind`` help: every registered system's kinds, then the game master's aids."""
    from storage.system_sheets import GM_KINDS, sheet_kinds
    from storage.systems_catalog import default_registry

    systems = "; ".join(
        f"{info.name}: {', '.join(k.key for k in sheet_kinds(info))}"
        for info in default_registry().infos()
    )
    aids = ", ".join(k.key for k in GM_KINDS)
    return (
        "what to print (default: the first kind of each character's system). "
        f"{systems}. Every system: {aids} (the game master's NPC cards, eight a page, and "
        "3x5 inch aspect cards)"
    )


class _HelpFormatter(argparse.HelpFormatter):
    """Lists the sheet kinds only when help is shown, so parsing never loads the systems."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.dest == "kind":
            return kinds_help()
        return super()._get_help_string(action)


def add_parser(subparsers: Any) -> None:
    """Register the ``sheet`` sub-command."""
    from storage.pdf.paper import default_paper

    parser = subparsers.add_parser(
        "sheet",
        help="print character files as a PDF (the kinds each system prints: see --kind)",
        description="Print one or more character files into a single PDF.",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="*.fatesmith.json files")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="PDF to write")
    parser.add_argument(
        "--paper", type=str.lower, choices=("letter", "a4"), default=default_paper(),
        help="paper size, in any case (default: the locale's)",
    )  # fmt: skip
    parser.add_argument("--kind", metavar="KIND", help="(listed when help is shown)")
    parser.add_argument(
        "--system",
        action="append",
        metavar="ID",
        help="a system to print its blank sheets for (repeatable)",
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
