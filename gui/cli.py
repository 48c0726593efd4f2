"""GUI layer: the ``fatesmith`` command line, the composition root for text commands.

``fatesmith`` with no command opens the desktop app; the other commands (validate, roll, those
contributed by :data:`COMMAND_MODULES` and the game systems' own, ``fatesmith <system id>
COMMAND``) run without Qt. Every user-facing failure is one clear line on stderr and an exit
status, never a traceback.

A game system adds commands of its own through its GUI package's optional ``cli`` module:
``gui.systems.<package>.cli.PLUGIN`` is a :class:`CliPlugin`, found from the package the
registration list (``resources/systems/systems.json``) names for the system. That module must
not import Qt.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from gui.cli_text import json_line, printable
from gui.version import VERSION
from rules.errors import CatalogError, CharacterFileError, DiceExpressionError, FatesmithError

__all__ = ["VERSION", "CliPlugin", "build_parser", "main"]

# Modules that add sub-commands: each defines ``add_parser(subparsers)`` and sets ``func``.
COMMAND_MODULES: tuple[str, ...] = ("gui.cli_sheet", "gui.cli_encounter", "gui.cli_library")

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def _registry() -> Any:
    from storage.systems_catalog import default_registry

    registry = default_registry()
    # The catalogues live as long as the process: move them out of the collector's way, so
    # validating thousands of files does not re-scan thousands of catalogue objects.
    gc.freeze()
    return registry


class CliPlugin(Protocol):
    """What a game system's ``gui.systems.<package>.cli.PLUGIN`` is: its own sub-commands.

    The core adds ``fatesmith <system id>`` with :attr:`help` and hands the plug-in that
    command's sub-parsers; each command it adds sets ``func`` (``func(args) -> exit status``)
    with ``set_defaults``, like every other command. A command that also sets
    ``top_level=True`` is offered as ``fatesmith <command>`` too (the same arguments and
    ``func``), unless a core command or an earlier system already has the name. Failures the
    user must read are raised as :class:`rules.errors.FatesmithError` (one line on stderr,
    exit status 2).
    """

    @property
    def help(self) -> str:
        """One line for ``fatesmith --help`` (what the system's commands do)."""

    def add_commands(
        self, commands: argparse._SubParsersAction[Any], registry: Callable[[], Any]
    ) -> None:
        """Add the system's commands to ``commands``.

        Args:
            commands: The sub-parsers of ``fatesmith <system id>``.
            registry: Returns the loaded :class:`rules.systems.registry.SystemRegistry` (load it
                only when a command runs: the app's start-up builds this parser too).
        """


def system_cli_plugins() -> list[tuple[str, CliPlugin]]:
    """(system id, plug-in) of every registered system whose GUI package has a ``cli`` module.

    Read from the registration list alone (no catalogue is loaded), in its order.
    """
    from storage.bundled import bundled_path

    try:
        text = bundled_path("systems", "systems.json").read_text(encoding="utf-8")
        index = json.loads(text)
    except (OSError, ValueError):
        return []
    entries = index.get("systems", []) if isinstance(index, dict) else []
    out: list[tuple[str, CliPlugin]] = []
    for entry in entries:
        package = entry.get("package") if isinstance(entry, dict) else None
        if not isinstance(package, str) or not package.isidentifier():
            continue
        if importlib.util.find_spec(f"gui.systems.{package}") is None:
            continue
        name = f"gui.systems.{package}.cli"
        if importlib.util.find_spec(name) is None:
            continue
        plugin: CliPlugin = importlib.import_module(name).PLUGIN
        out.append((str(entry["id"]), plugin))
    return out


def _fail(message: str, code: int = EXIT_UNREADABLE) -> int:
    print(f"fatesmith: {printable(message)}", file=sys.stderr)
    return code


# -- validate ---------------------------------------------------------------------------------


def _derived_json(system: Any, character: Any) -> dict[str, Any]:
    derived = system.derive(character)
    data: dict[str, Any] = derived.model_dump(mode="json")
    return data


def _derived_text(data: dict[str, Any]) -> str:
    """A system's derived values on one line (``name value, ...``): the scalars and the lists of
    scalars of what ``--json`` reports under ``derived``; nested tables are left to ``--json``."""
    parts = []
    for field, value in data.items():
        if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
            parts.append(f"{field} {json.dumps(value)}")
        elif not isinstance(value, (dict, list)):
            parts.append(f"{field} {json.dumps(value, ensure_ascii=False).strip(chr(34))}")
    return ", ".join(parts)


def cmd_validate(args: argparse.Namespace) -> int:
    """``fatesmith validate [--json] FILE...``."""
    from rules.validation import Severity, has_errors
    from storage.json_io import read_character_file

    registry = _registry()
    worst = EXIT_OK
    for name in args.files:
        path = Path(name)
        try:
            character = read_character_file(path, registry)
        except CharacterFileError as exc:
            worst = EXIT_UNREADABLE
            print(printable(f"fatesmith: {name}: {exc}"), file=sys.stderr)
            if args.json:
                print(
                    json.dumps(
                        {
                            "file": name,
                            "system": None,
                            "valid": False,
                            "error": str(exc),
                            "problems": [],
                            "derived": {},
                        }
                    )
                )
            continue
        system = registry.get(character.system)
        problems = system.validate(character)
        valid = not has_errors(problems)
        if not valid and worst == EXIT_OK:
            worst = EXIT_INVALID
        if args.json:
            print(
                json_line(
                    {
                        "file": name,
                        "system": character.system,
                        "valid": valid,
                        "problems": [p.model_dump(mode="json") for p in problems],
                        "derived": _derived_json(system, character),
                    }
                )
            )
            continue
        errors = sum(p.severity is Severity.ERROR for p in problems)
        warnings = len(problems) - errors
        title = character.name or "(unnamed)"
        verdict = "valid" if valid else "NOT valid"
        print(
            printable(
                f"{name}: {title} ({system.info.name}): {verdict}, "
                f"{errors} error(s), {warnings} warning(s)"
            )
        )
        for p in problems:
            print(
                printable(f"  {p.severity.value:7} {p.path}: {p.message}  [{p.section}; {p.code}]")
            )
        derived = system.derive(character)
        if hasattr(derived, "health_boxes"):
            print(
                f"  Health {derived.health_boxes} boxes, Composure {derived.composure_boxes} "
                f"boxes, fate points {derived.fate_points}, refresh {derived.refresh}, "
                f"initiative {derived.initiative.physical} physical / "
                f"{derived.initiative.social} social"
            )
        else:
            print(printable(f"  {_derived_text(_derived_json(system, character))}"))
    return worst


# -- roll -------------------------------------------------------------------------------------


def cmd_roll(args: argparse.Namespace) -> int:
    """``fatesmith roll EXPR [--vs DIFFICULTY] [--seed N] [--system ID]``."""
    # Imported here: ``fatesmith`` alone opens the app, whose start-up must stay short.
    import random

    from rules.dice import parse_dice, probability_at_least, roll

    try:
        spec = parse_dice(args.expression)
    except DiceExpressionError as exc:
        return _fail(str(exc))
    registry = _registry()
    try:
        system_id = args.system or registry.infos()[0].id  # the first registered system
        ladder = registry.info(system_id).ladder
    except FatesmithError as exc:
        return _fail(str(exc))
    difficulty: int | None = None
    if args.vs is not None:
        try:
            difficulty = ladder.parse(args.vs)
        except ValueError as exc:
            return _fail(f"--vs: {exc}{rung_hint(args.vs, ladder)}")
    rng = random.Random(args.seed)
    result = roll(spec, rng)
    out: dict[str, Any] = {
        "expression": spec.text,
        "faces": list(result.faces),
        "dice": result.dice_total,
        "modifier": spec.modifier,
        "total": result.total,
        "adjective": ladder.adjective(result.total),
    }
    fudge = spec.kind != "plain" and spec.kind != "percentile"
    lines = [
        f"{spec.text}: {result.render_faces()} = {result.dice_total:+d}"
        + (f" {spec.modifier:+d}" if spec.modifier else "")
        + (f" -> {ladder.render(result.total)}" if fudge else f" -> {result.total}")
    ]
    if difficulty is not None:
        chance = probability_at_least(spec, difficulty)
        success = result.succeeds(difficulty)
        shifts = result.shifts(difficulty)
        out.update(
            {
                "difficulty": difficulty,
                "success": success,
                "shifts": shifts,
                "spin": success and shifts >= 3,
                "odds": {
                    "numerator": chance.numerator,
                    "denominator": chance.denominator,
                    "percent": round(float(chance) * 100, 1),
                },
            }
        )
        verdict = (
            (
                f"success with {shifts} shift{'s' if shifts != 1 else ''}"
                + (" (spin)" if shifts >= 3 else "")
            )
            if success
            else f"failure by {difficulty - result.total}"
        )
        lines.append(f"vs {ladder.render(difficulty)}: {verdict}")
        lines.append(f"odds of success: {odds_text(chance, spec, difficulty, ladder)}")
    if args.json:
        print(json.dumps(out))
    else:
        print("\n".join(lines))
    return EXIT_OK


def rung_hint(text: str, ladder: Any) -> str:
    """``; did you mean Great?`` for a misspelt rung of ``ladder`` ("Grate"), else the rungs
    it has (``; the ladder: Legendary, Epic, ... Abysmal``)."""
    import difflib

    rungs = [r.adjective for r in (*ladder.extended, *ladder.rungs)]
    rungs = sorted(dict.fromkeys(rungs), key=ladder.parse, reverse=True)
    folded = {r.casefold(): r for r in rungs}
    word = text.strip().casefold().rstrip("+-0123456789 ")
    close = difflib.get_close_matches(word, list(folded), n=1, cutoff=0.6)
    if close:
        return f"; did you mean {folded[close[0]]}?"
    return f"; the ladder: {', '.join(rungs)} (or a number)"


def odds_text(chance: Any, spec: Any, difficulty: int, ladder: Any) -> str:
    """The odds of a roll reaching ``difficulty`` in words: a fraction and a percentage, or
    "impossible" / "certain" when no roll can reach it or every roll does."""
    if chance == 0:
        return f"impossible (no roll of {spec.text} reaches {ladder.render(difficulty)})"
    if chance == 1:
        return f"certain (every roll of {spec.text} reaches {ladder.render(difficulty)})"
    return f"{chance.numerator}/{chance.denominator} ({float(chance) * 100:.1f}%)"


# -- app --------------------------------------------------------------------------------------

NO_DISPLAY = (
    "no display found (DISPLAY and WAYLAND_DISPLAY are not set), so the desktop app cannot "
    "open; the command line works without one: see `fatesmith --help`"
)


def display_missing(env: Any = None, platform: str | None = None) -> bool:
    """Whether the desktop app has no display to open on: Linux and the BSDs without
    ``DISPLAY`` or ``WAYLAND_DISPLAY``, unless ``QT_QPA_PLATFORM`` chooses a platform."""
    import os

    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not (platform.startswith("linux") or "bsd" in platform):
        return False
    if env.get("QT_QPA_PLATFORM"):
        return False
    return not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def cmd_app(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Open the desktop app (``gui.app.run``); without it, print the library path and help.

    With no display (over SSH, say) one line says so instead of letting Qt abort.
    """
    from storage.paths import resolve_library_url

    if display_missing():
        return _fail(NO_DISPLAY, EXIT_INVALID)
    url = resolve_library_url(getattr(args, "library", None))
    try:
        app_module = importlib.import_module("gui.app")
    except ModuleNotFoundError as exc:
        if exc.name != "gui.app":
            raise
        print(printable(f"Library: {url}"))
        parser.print_help()
        return EXIT_OK
    code: int = app_module.run(url, args)
    return code


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="fatesmith",
        description="Character and encounter manager for FATE-family role-playing games.",
    )
    parser.add_argument("--version", action="version", version=f"fatesmith {VERSION}")
    parser.add_argument(
        "--library",
        metavar="URL_OR_FILE",
        help="library file or SQLAlchemy URL (default: FATESMITH_LIBRARY, "
        "else a file in your data folder)",
    )
    parser.add_argument(
        "--create",
        action="store_true",
        help="create the library named by --library or FATESMITH_LIBRARY if it does not exist "
        "(only the default library is created without asking)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = sub.add_parser("validate", help="check character files against the rules")
    validate.add_argument("files", nargs="+", metavar="FILE")
    validate.add_argument("--json", action="store_true", help="one JSON object per file")
    validate.set_defaults(func=cmd_validate)

    roller = sub.add_parser("roll", help="roll dice such as 4dF+3")
    roller.add_argument("expression", help="e.g. 4dF+3, 2dF, 4d6F, 2d6, d100")
    roller.add_argument(
        "--vs", metavar="DIFFICULTY", help="difficulty as a number or adjective (e.g. 3 or Good)"
    )
    roller.add_argument("--seed", type=int, help="seed for a repeatable roll")
    roller.add_argument(
        "--system", help="ladder to name results with (default: the first registered system)"
    )
    roller.add_argument("--json", action="store_true", help="print the result as JSON")
    roller.set_defaults(func=cmd_roll)

    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).add_parser(sub)
    for system_id, plugin in system_cli_plugins():
        group = sub.add_parser(system_id, help=plugin.help, description=plugin.help)
        commands = group.add_subparsers(dest="system_command", metavar="COMMAND", required=True)
        plugin.add_commands(commands, _registry)
        for name, command in list(commands.choices.items()):
            # a command whose parser says ``top_level=True`` (set_defaults) is also
            # ``fatesmith <command>``, unless the core or an earlier system has that name
            if command.get_default("top_level") and name not in sub.choices:
                sub.add_parser(
                    name, parents=[command], add_help=False, help=command.description,
                    description=command.description,
                )  # fmt: skip
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``fatesmith`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if getattr(args, "func", None) is None:
            return cmd_app(args, parser)
        code: int = args.func(args)
        return code
    except CatalogError as exc:
        return _fail(f"bundled rules data is damaged: {exc}", 3)
    except FatesmithError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
