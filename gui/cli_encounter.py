"""GUI layer (command line): ``fatesmith encounter run SCRIPT.json [--json] [--library URL]``
and ``fatesmith encounter actions [--system ID] [--json]``.

Loads an encounter script (docs/encounter-script.md), reads the cast's character files relative
to the script's folder, applies every event with the dice given in the script or drawn from its
seed, and prints the final state: a readable table, or one JSON object with ``--json``. With
``--library`` the script's system is bound to that library's user-supplied system data (the
data a system declares in ``GameSystem.data_kinds``, e.g. a table the book does not print), as
in the app; without it, a system whose data has no bundled default runs without it, and a note
on stderr says which data was not supplied.
``actions`` lists the game system's own encounter actions (``system_action`` events) with their
parameters and book sections. Any failure is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from gui.cli_text import json_line, printable

EXIT_OK, EXIT_UNREADABLE = 0, 2


def add_parser(sub: Any) -> None:
    """Register the ``encounter`` command and its ``run`` sub-command."""
    encounter = sub.add_parser("encounter", help="run conflicts from encounter scripts")
    inner = encounter.add_subparsers(dest="encounter_command", metavar="ACTION", required=True)
    run = inner.add_parser("run", help="apply a script's events and print the final state")
    run.add_argument("script", metavar="SCRIPT.json")
    run.add_argument("--json", action="store_true", help="print the final state as one object")
    run.add_argument("--seed", type=int, help="seed for dice the script leaves out")
    run.add_argument(
        "--library",
        metavar="URL_OR_FILE",
        default=argparse.SUPPRESS,  # `fatesmith --library X encounter run` works too
        help="read the system data the user supplied (e.g. a table the book does not print) "
        "from this library file or SQLAlchemy URL; without it, none is used",
    )
    run.add_argument(
        "--no-samples", action="store_true", help=argparse.SUPPRESS
    )  # open_library's switch: never creates anything here (no --create)
    run.set_defaults(func=cmd_run)
    actions = inner.add_parser("actions", help="list a game system's own encounter actions")
    actions.add_argument("--system", required=True, help="the game system's id")
    actions.add_argument("--json", action="store_true", help="print them as one JSON list")
    actions.set_defaults(func=cmd_actions)
    from gui.share.cli import add_share_parser  # `share`: the players' page (issue #28)

    add_share_parser(inner)


def _fail(where: str, message: str) -> int:
    print(printable(f"fatesmith: {where}: {message}"), file=sys.stderr)
    return EXIT_UNREADABLE


def load_script_run(
    path: Path, seed: int | None = None, registry: Any = None
) -> tuple[Any, Any, Any, Any]:
    """Read, build and run a script under its system's conflict rules (any system that has
    them): returns (initial state, final state, log, the conflict rules).

    Args:
        path: The script.
        seed: Seed for the dice the script leaves out (None: the script's own).
        registry: The game systems, bound to a library's system data (None: the bundled ones,
            no user-supplied data).

    Raises:
        FatesmithError: one-line reason (unreadable file, bad field, refused event).
    """
    from rules.encounter_script import (
        build_encounter,
        parse_script,
        run_events,
        script_rules,
        script_system,
    )
    from storage.json_io import read_character_file
    from storage.safe_read import read_encounter_script
    from storage.systems_catalog import default_registry

    # Read as an encounter script (never called a "character file"), strictly: duplicate keys
    # and out-of-range numbers are errors naming the field.
    script = parse_script(read_encounter_script(path))
    registry = registry if registry is not None else default_registry()
    system_id = script_system(script, registry)
    cr = script_rules(script, registry)
    characters: dict[str, Any] = {}
    for entry in script.cast:
        if entry.file is None:
            continue
        file = (path.parent / entry.file).resolve()
        try:
            characters[entry.id] = read_character_file(file, registry)
        except Exception as exc:  # CharacterFileError: name the cast member and the file
            from rules.errors import FatesmithError

            if not isinstance(exc, FatesmithError):
                raise
            raise type(exc)(f"cast {entry.id!r} ({entry.file}): {exc}") from None
    ladder = registry.info(system_id).ladder
    initial = build_encounter(script, characters, cr, ladder, system=system_id)
    rng = random.Random(seed if seed is not None else script.seed)
    final, log = run_events(cr, initial, script.events, rng)
    return initial, final, log, cr


def _boxes(track: tuple[int, ...]) -> str:
    return "[" + "".join("." if not b else "X" if b == 1 else str(b) for b in track) + "]"


def render_text(state: Any, log: Any, cr: Any) -> str:
    """The final state as a readable table followed by the log."""
    lines = [
        f"{state.name or 'Encounter'}: {state.kind} conflict, "
        f"{cr.for_settings(state.settings).exchange_text(state.exchange).lower()}"
        + (" (scene ended)" if state.ended else "")
    ]
    for p in state.participants:
        status = " OUT" if p.taken_out else ""
        status += " (conceded)" if p.conceded else ""
        head = f"  {p.name} [{p.id}, {p.kind}]{status}"
        if p.is_group:
            head += f" {p.remaining}/{p.count} left"
        lines.append(head)
        tracks = "  ".join(f"{t.label} {_boxes(p.track(t.key))}" for t in cr.tracks)
        lines.append(f"    {tracks}  FP {p.fate_points}")
        for c in p.consequences:
            lines.append(f"    {cr.severity_word(c.severity)}: {c.text}")
    if state.aspects:
        lines.append("  Aspects: " + "; ".join(
            f"{a.text} (on {a.holder or 'scene'}, {a.free_tags} free)" for a in state.aspects
        ))  # fmt: skip
    lines.append("Log:")
    lines.extend(f"  {e.index + 1}. {e.text}" for e in log)
    # each line escaped before they are joined: a name's own CR or LF never forges a line
    return "\n".join(printable(line) for line in lines)


def cmd_run(args: argparse.Namespace) -> int:
    """``fatesmith encounter run SCRIPT.json [--json] [--seed N]``."""
    from rules.encounter_script import state_summary
    from rules.errors import FatesmithError

    path = Path(args.script)
    try:
        if getattr(args, "library", None):
            from gui.cli_library_open import open_library

            with open_library(args) as library:
                _initial, final, log, cr = load_script_run(path, args.seed, library.registry)
                missing = _unsupplied(final.system, library)
        else:
            _initial, final, log, cr = load_script_run(path, args.seed)
            missing = _unsupplied(final.system, None)
    except FatesmithError as exc:
        return _fail(args.script, str(exc))
    for title in missing:
        print(
            printable(
                f"fatesmith: {args.script}: note: no {title} supplied (give --library with one "
                "stored; the rolls that need it ask for readings instead)"
            ),
            file=sys.stderr,
        )
    if args.json:
        print(json_line(state_summary(final, log, cr)))
    else:
        print(render_text(final, log, cr))
    return EXIT_OK


def _unsupplied(system_id: str, library: Any) -> list[str]:
    """The titles of the data the system declares without a bundled default
    (``GameSystem.data_kinds``) that ``library`` (None: no library) does not supply."""
    from storage.systems_catalog import default_registry

    kinds = default_registry().get(system_id).data_kinds
    wanted = [k for k in kinds if k.bundled is None]
    if not wanted:
        return []
    stored = (
        {d.key for d in library.system_documents(system_id) if d.content}
        if library is not None
        else set()
    )
    return [k.title for k in wanted if k.key not in stored]


def _param_text(param: Any) -> str:
    if param.type == "choice":
        kind = "/".join(param.choices)
    elif param.type == "int":
        kind = f"{param.minimum}..{param.maximum}"
    else:
        kind = param.type
    default = "required" if param.default is None else f"default {json.dumps(param.default)}"
    return f"      {param.name} ({kind}, {default}): {param.label}"


def cmd_actions(args: argparse.Namespace) -> int:
    """``fatesmith encounter actions [--system ID] [--json]``."""
    from rules.errors import FatesmithError
    from storage.systems_catalog import default_registry

    try:
        cr = default_registry().get(args.system).conflict_rules(None)
    except FatesmithError as exc:
        return _fail(args.system, str(exc))
    if cr is None:
        return _fail(args.system, "this system has no conflict rules")
    specs = cr.actions()
    if args.json:
        print(json_line([s.model_dump(mode="json") for s in specs]))
        return EXIT_OK
    if not specs:
        print(f"{args.system}: no actions beyond the shared ones")
    for spec in specs:
        who = {"required": "actor", "optional": "optional actor", "none": "no actor"}[spec.actor]
        targets = f", {spec.min_targets}-{spec.max_targets} target(s)" if spec.max_targets else ""
        print(f"{spec.name}: {spec.label} ({who}{targets}) [{spec.section}]")
        print(f"    {spec.help}")
        for param in spec.params:
            print(_param_text(param))
    return EXIT_OK
