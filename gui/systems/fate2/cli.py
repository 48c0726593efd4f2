"""GUI layer (command line, no Qt): FATE 2.0's own commands, ``fatesmith fate2 COMMAND``.

``quick-npc`` is §10 Pyramid Shorthand as a generator: a valid skill pyramid for an NPC of a
number of phases, filled with the skill names given (highest rung first) or left to fill.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gui.cli import CliPlugin
from gui.cli_text import json_line, printable
from rules.errors import FatesmithError

HELP = "FATE 2.0 tools (quick NPCs from the Pyramid Shorthand)"


def _upper_limit(field: str) -> int:
    """The campaign settings' highest ``field`` (``Fate2Settings``'s own bound, so the command
    and the settings page never disagree)."""
    from annotated_types import Le

    from rules.systems.fate2.settings import Fate2Settings

    highest = [m.le for m in Fate2Settings.model_fields[field].metadata if isinstance(m, Le)]
    assert isinstance(highest[0], int)
    return highest[0]


def _count(option: str, text: str, field: str) -> int:
    """``text`` as a whole number from 1 to the settings' limit for ``field``.

    Raises:
        FatesmithError: one line naming ``option`` and the allowed range.
    """
    high = _upper_limit(field)
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 1 <= value <= high:
        raise FatesmithError(
            f"quick-npc: {option} must be a whole number from 1 to {high} (got {text!r})"
        )
    return value


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def _phases_text(args: argparse.Namespace) -> str:
    """The number of phases, given plainly (``quick-npc 5``) or as ``--phases 5``.

    Raises:
        FatesmithError: when neither is given, or the two disagree.
    """
    plain, named = args.phases_plain, args.phases
    if plain is not None and named is not None and plain.strip() != named.strip():
        raise FatesmithError(f"quick-npc: {plain} phases or --phases {named}? Give one of them")
    text = plain if plain is not None else named
    if text is None:
        raise FatesmithError("quick-npc: how many phases? (e.g. quick-npc 5)")
    return str(text)


def quick_npc(args: argparse.Namespace, registry: Any) -> int:
    """``fatesmith fate2 quick-npc N [--skills A,B,...] [--ranks N] [--column]`` (N may also
    be given as ``--phases N``)."""
    from rules.systems.fate2.settings import Fate2Settings
    from rules.systems.fate2.shorthand import MAX_GREEDY_RANKS
    from rules.systems.fate2.system import Fate2System

    label = "--phases" if args.phases_plain is None else "the number of phases"
    phases = _count(label, _phases_text(args), "phases")
    per_phase = _count("--ranks", args.ranks, "ranks_per_phase")
    system = registry.get("fate2")
    assert isinstance(system, Fate2System)
    settings = Fate2Settings(
        phases=phases,
        ranks_per_phase=per_phase,
        skill_shape="column" if args.column else "pyramid",
    )
    if phases * per_phase > MAX_GREEDY_RANKS:
        raise FatesmithError(
            f"quick-npc: --phases {phases} with --ranks {per_phase} is {phases * per_phase} ranks; "
            f"the shorthand builds at most {MAX_GREEDY_RANKS} ranks in all"
        )
    try:
        pyramid = system.quick_pyramid(phases, settings)
        names = _names(args.skills) if args.skills else ()
        skills = system.quick_npc_skills(phases, names, settings) if names else {}
    except ValueError as exc:
        raise FatesmithError(f"quick-npc: {exc}") from None
    ladder = system.ladder
    rungs: list[dict[str, Any]] = [
        {
            "value": value,
            "adjective": ladder.adjective(value),
            "count": count,
            "skills": [n for n, v in skills.items() if v == value],
        }
        for value, count in sorted(pyramid.items(), reverse=True)
    ]
    ranks = phases * per_phase
    if args.json:
        out = {
            "phases": phases,
            "ranks_per_phase": per_phase,
            "shape": settings.skill_shape,
            "ranks": ranks,
            "pyramid": rungs,
            "skills": skills,
        }
        print(json_line(out))
        return 0
    print(
        f"Quick NPC: {phases} phase{'s' if phases != 1 else ''} of {per_phase} ranks "
        f"({ranks} ranks, a skill {settings.skill_shape}; FATE 2.0, 10. Pyramid Shorthand)"
    )
    width = max(len(ladder.render(r["value"])) for r in rungs) if rungs else 0
    for rung in rungs:
        label = ladder.render(rung["value"])
        filled = ", ".join(rung["skills"]) or ", ".join(["____"] * rung["count"])
        print(printable(f"  {label:<{width}}  {rung['count']:>2}  {filled}"))
    left = len(names) - len(skills)
    if names and left > 0:
        print(f"  ({left} skill name{'s' if left != 1 else ''} left over)")
    return 0


class Fate2Cli:
    """FATE 2.0's ``fatesmith fate2`` commands."""

    @property
    def help(self) -> str:
        """What the commands do."""
        return HELP

    def add_commands(
        self, commands: argparse._SubParsersAction[Any], registry: Callable[[], Any]
    ) -> None:
        """Add ``quick-npc``."""
        parser = commands.add_parser(
            "quick-npc",
            help="a valid skill pyramid for an NPC of N phases (10. Pyramid Shorthand)",
            description="Print a skill pyramid for a quick NPC of N phases (FATE 2.0, 10. "
            "Utilities: Pyramid Shorthand), optionally filled with skill names, highest first.",
        )
        parser.add_argument(
            "phases_plain", nargs="?", metavar="N", help="number of phases (1 to 50)"
        )
        parser.add_argument("--phases", metavar="N", help="the same, as an option")
        parser.add_argument(
            "--skills", metavar="A,B,...", help="skill names to place, highest rung first"
        )
        parser.add_argument(
            "--ranks", default="4", metavar="N", help="ranks per phase (1 to 50; 4)"
        )
        parser.add_argument(
            "--column", action="store_true", help="a skill column (7. Skill Column)"
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.set_defaults(func=lambda args: quick_npc(args, registry()))


PLUGIN: CliPlugin = Fate2Cli()
