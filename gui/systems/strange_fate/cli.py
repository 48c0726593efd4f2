"""GUI layer (command line, no Qt): ``fatesmith trapping-cost [--unique] [--json] TRAPPING...``.

Prices trappings as one Unique or Strange skill over the Skill Trapping Diagram («Skill
Trapping Diagram», L1356-L1390): the cheapest order of addition and its breakdown, step by
step. A trapping may carry a bracketed detail the book lets it take (``"Environment
[Urban]"``, ``"Stress Capacity [Health]"``, ``"Variable [Scene]"``); it changes the price only
where the book says (Variable [Scene] 4, [Session] 2, L2582; Minions [Advanced], L2266). An
unknown trapping or detail exits with status 2 and the closest names. The diagram is the chosen
library's corrected one (``--library`` before or after the command, else ``FATESMITH_LIBRARY``:
a file or a URL; a missing library is refused, never created), else the bundled reconstruction.
The search is bounded in steps and time and says when it stopped early.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from gui.cli_text import printable
from rules.errors import FatesmithError

EXIT_UNKNOWN = 2

HELP = "price trappings as one skill over the Skill Trapping Diagram"

SECONDS = 5.0
"""Time the search may take before it stops early (a tangled corrected diagram)."""

STOPPED_EARLY = (
    "note: the search stopped early (the diagram's loops give too many routes to try them "
    "all), so this is a valid order of addition, not proven cheapest"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument(
        "trappings",
        nargs="+",
        metavar="TRAPPING",
        help='a trapping, with its detail in brackets when it takes one ("Environment [Urban]")',
    )
    parser.add_argument(
        "--unique",
        action="store_true",
        help="price as a Unique skill (Information and Networking boxes free, L1372)",
    )
    parser.add_argument("--json", action="store_true", help='one JSON object {"points", "steps"}')
    parser.add_argument(
        "--library",
        metavar="URL_OR_FILE",
        default=argparse.SUPPRESS,  # never resets `fatesmith --library FILE trapping-cost ...`
        help="price over this library's corrected diagram (default: the library named by "
        "`fatesmith --library` or FATESMITH_LIBRARY, else the bundled diagram); a library "
        "that does not exist is never created",
    )


def _system(library: str | None) -> Any:
    """Strange Fate bound to the chosen library's corrected diagram, if a library is chosen
    (``--library``, before or after the command, else ``FATESMITH_LIBRARY``); the bundled
    diagram otherwise. A library that does not exist is refused, never created; a corrected
    diagram that cannot be used is said in one line on stderr (the bundled one is used)."""
    from rules.systems.strange_fate.system import StrangeFateSystem
    from storage.library import Library, MissingLibraryError
    from storage.paths import chosen_library, resolve_library_url
    from storage.systems_catalog import default_registry

    registry = default_registry()
    value = chosen_library(library)
    if not value:
        return registry.get("strange-fate")
    url = resolve_library_url(value)
    try:
        with Library.open(url, registry=registry, samples=False, create=False) as opened:
            system = opened.registry.get("strange-fate")
    except MissingLibraryError as exc:
        raise FatesmithError(
            f"trapping-cost: {exc} (check the name; trapping-cost never creates a library)"
        ) from None
    except FatesmithError as exc:
        raise FatesmithError(f"trapping-cost: {exc}") from None
    assert isinstance(system, StrangeFateSystem)
    if system.data_problem:
        reason = " ".join(system.data_problem.split())
        print(
            printable(
                f"fatesmith trapping-cost: note: the library's corrected diagram cannot be "
                f"used ({reason}); the bundled diagram was used"
            ),
            file=sys.stderr,
        )
    return system


def run(args: argparse.Namespace) -> int:
    """Price ``args.trappings``; print the breakdown (or JSON). Exit 0, or 2 when a trapping is
    unknown (one line on stderr naming the closest trappings)."""
    from rules.systems.strange_fate.catalog import UnknownTrappingError, parse_trapping_label
    from rules.systems.strange_fate.cost import DiagramGapError, SearchLimit

    try:
        system = _system(getattr(args, "library", None))
    except FatesmithError as exc:
        print(printable(f"fatesmith {exc}"), file=sys.stderr)
        return EXIT_UNKNOWN
    book = system.book
    uses = []
    for text in args.trappings:
        try:
            uses.append(parse_trapping_label(book.catalog, text))
        except UnknownTrappingError as exc:
            print(printable(f"fatesmith trapping-cost: {exc}"), file=sys.stderr)
            return EXIT_UNKNOWN
    try:
        walk = book.pricer.cheapest(
            uses, unique=args.unique, limit=SearchLimit(clock=time.monotonic, seconds=SECONDS)
        )
    except (DiagramGapError, KeyError) as exc:
        print(printable(f"fatesmith trapping-cost: cannot price: {exc}"), file=sys.stderr)
        return EXIT_UNKNOWN
    running = 0
    steps: list[dict[str, Any]] = []
    for step in walk.steps:
        running += step.points
        steps.append(
            {
                "trapping": step.trapping,
                "box": step.box,
                "lines": [
                    {"a": ln.a, "b": ln.b, "style": ln.style, "points": ln.points}
                    for ln in step.lines
                ],
                "line_points": step.line_points,
                "capped": step.capped,
                "points": step.points,
                "running": running,
            }
        )
    if args.json:
        print(
            json.dumps(
                {"points": walk.points, "unique": bool(args.unique), "exact": walk.exact,
                 "steps": steps}
            )
        )  # fmt: skip
        return 0
    kind = "Unique" if args.unique else "Strange"
    how = "cheapest order of addition" if walk.exact else "a valid order, not proven cheapest"
    print(f"{walk.points} trapping points ({kind} skill, {how})")
    if not walk.exact:
        print(STOPPED_EARLY)
    width = max(len(s["trapping"]) for s in steps)
    for i, s in enumerate(steps, start=1):
        via = ", ".join(
            f"{ln['a']}\u2013{ln['b']} ({ln['style']} {ln['points']})" for ln in s["lines"]
        )
        lines = f" + lines {s['line_points']}{' (capped at 4)' if s['capped'] else ''}"
        print(
            printable(
                f"{i:>2}. {s['trapping']:<{width}}  box {s['box']}{lines if s['lines'] else ''}"
                f" = {s['points']:>2}  (total {s['running']}){f'  via {via}' if via else ''}"
            )
        )
    return 0


class StrangeFateCli:
    """``trapping-cost`` as Strange Fate's command (``fatesmith strange-fate trapping-cost``,
    and at the top level ``fatesmith trapping-cost``)."""

    @property
    def help(self) -> str:
        """What the commands do."""
        return "Strange Fate tools (the Skill Trapping Diagram)"

    def add_commands(
        self, commands: argparse._SubParsersAction[Any], registry: Callable[[], Any]
    ) -> None:
        """Add ``trapping-cost``."""
        parser = commands.add_parser("trapping-cost", help=HELP, description=HELP)
        add_arguments(parser)
        # also ``fatesmith trapping-cost``, the name issue 10 asks for
        parser.set_defaults(func=run, top_level=True)


PLUGIN = StrangeFateCli()


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (``python -m gui.systems.strange_fate.cli``)."""
    parser = argparse.ArgumentParser(prog="fatesmith trapping-cost", description=HELP)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
