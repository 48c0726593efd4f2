"""GUI layer (command line): ``fatesmith library campaigns | new-campaign | encounters``.

``campaigns [--json]`` lists the library's campaigns (name, game system, members, encounters);
``new-campaign NAME --system ID [--notes TEXT]`` makes an empty campaign of one game system
(the book's settings; its members and house rules are set in the app); ``encounters [--campaign
NAME] [--json]`` lists the saved encounters and templates with their system and campaign.
``--json`` prints one JSON object a line, as ``library list --json``. Text goes through
:func:`gui.cli_text.printable`; failures are one line on stderr and exit 2 (an unknown system
names the known ones). No Qt is imported.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gui.cli_library_open import open_library
from gui.cli_text import json_line, printable
from rules.errors import FatesmithError
from rules.names import find_name

EXIT_OK, EXIT_FAILED = 0, 2
MAX_NAME = 200


def _fail(message: str) -> int:
    print(f"fatesmith library: {printable(message)}", file=sys.stderr)
    return EXIT_FAILED


def _open(args: argparse.Namespace, *, keeps: bool = False) -> Any:
    return open_library(args, keeps=keeps)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def cmd_campaigns(args: argparse.Namespace) -> int:
    """Print one line (or JSON object) per campaign, by name."""
    with _open(args) as library:
        campaigns = library.list_campaigns()
        counts: dict[Any, int] = {}
        for record in library.list_encounters():
            counts[record.campaign_id] = counts.get(record.campaign_id, 0) + 1
    if not campaigns and not args.json:
        print(
            "no campaigns in the library (make one with "
            "`fatesmith library new-campaign NAME --system ID`)"
        )
    for c in campaigns:
        encounters = counts.get(c.id, 0)
        if args.json:
            print(
                json_line(
                    {
                        "id": str(c.id),
                        "name": c.name,
                        "system": c.system,
                        "notes": c.notes,
                        "members": [str(m) for m in c.member_ids],
                        "encounters": encounters,
                        "version": c.version,
                        "problem": c.problem,
                    }
                )
            )
            continue
        what = f"{c.system}, {_plural(len(c.member_ids), 'member')}, "
        what += _plural(encounters, "encounter")
        problem = f" \u2014 {c.problem}" if c.problem else ""
        print(printable(f"{c.id}  {c.name or '(unnamed)'} ({what}){problem}"))
    return EXIT_OK


def cmd_new_campaign(args: argparse.Namespace) -> int:
    """Make an empty campaign of one game system, with the book's settings."""
    from storage.library import Campaign, LibraryError

    name = " ".join(args.name.split())
    if not name:
        return _fail("a campaign needs a name")
    if len(name) > MAX_NAME:
        return _fail(f"a campaign's name has at most {MAX_NAME} characters ({len(name)} given)")
    try:
        library = _open(args, keeps=True)
    except FatesmithError as exc:
        return _fail(str(exc))
    with library:
        known = [s.id for s in library.registry]
        if args.system not in known:
            return _fail(f"unknown game system {args.system!r} (known: {', '.join(known)})")
        if library.read_only:
            return _fail(f"the library is read-only ({library.read_only_reason})")
        taken = [c.name for c in library.list_campaigns()]
        same = [t for t in taken if t.casefold() == name.casefold()]
        if same:
            return _fail(f"a campaign named {same[0]!r} is already in the library")
        system = library.registry.get(args.system)
        campaign = Campaign(
            name=name,
            system=args.system,
            settings=system.default_settings().model_dump(mode="json"),
            notes=args.notes or "",
        )
        try:
            library.save_campaign(campaign, expected_version=None)
        except LibraryError as exc:
            return _fail(str(exc))
    print(printable(f"created campaign {name!r} ({system.info.name}) {campaign.id}"))
    return EXIT_OK


def cmd_encounters(args: argparse.Namespace) -> int:
    """Print one line (or JSON object) per saved encounter or template, by name."""
    with _open(args) as library:
        campaigns = library.list_campaigns()
        names = {c.id: c.name for c in campaigns}
        campaign_id = None
        if args.campaign is not None:
            wanted = find_name([c.name for c in campaigns], args.campaign)
            matches = [c for c in campaigns if c.name == wanted]
            if not matches:
                listed = ", ".join(c.name for c in campaigns) or "none"
                return _fail(f"no campaign named {args.campaign!r} (campaigns: {listed})")
            campaign_id = matches[0].id
        records = library.list_encounters(campaign_id)
    if not records and not args.json:
        print("no encounters in the library (start one in the app: Encounter > New Encounter)")
    for r in records:
        state = r.payload.get("state") if isinstance(r.payload, dict) else None
        state = state if isinstance(state, dict) else {}
        system = str(state.get("system", "")) or "?"
        participants = state.get("participants")
        count = len(participants) if isinstance(participants, list) else 0
        campaign = names.get(r.campaign_id, "") if r.campaign_id is not None else ""
        if args.json:
            print(
                json_line(
                    {
                        "id": str(r.id),
                        "name": r.name,
                        "system": system,
                        "campaign_id": str(r.campaign_id) if r.campaign_id else None,
                        "campaign": campaign,
                        "is_template": r.is_template,
                        "participants": count,
                        "updated_at": r.updated_at.isoformat(),
                        "problem": r.problem,
                    }
                )
            )
            continue
        kind = "template" if r.is_template else "encounter"
        where = f" [{campaign}]" if campaign else ""
        problem = f" \u2014 {r.problem}" if r.problem else ""
        line = f"{r.id}  {r.name or '(unnamed)'} ({system}, {kind}, "
        line += f"{_plural(count, 'participant')}){where}{problem}"
        print(printable(line))
    return EXIT_OK


def add_commands(sub: Any) -> None:
    """Add ``campaigns``, ``new-campaign`` and ``encounters`` to ``fatesmith library``."""
    campaigns = sub.add_parser("campaigns", help="list the campaigns")
    campaigns.add_argument("--json", action="store_true", help="one JSON object per campaign")
    campaigns.set_defaults(func=cmd_campaigns)

    new = sub.add_parser("new-campaign", help="make an empty campaign of one game system")
    new.add_argument("name", metavar="NAME")
    new.add_argument(
        "--system",
        required=True,
        metavar="ID",
        help="the id of its game system (its encounters play by it; a wrong id lists them)",
    )
    new.add_argument("--notes", metavar="TEXT", help="notes for the group")
    new.set_defaults(func=cmd_new_campaign)

    encounters = sub.add_parser("encounters", help="list the saved encounters and templates")
    encounters.add_argument("--campaign", metavar="NAME", help="only this campaign's")
    encounters.add_argument("--json", action="store_true", help="one JSON object per encounter")
    encounters.set_defaults(func=cmd_encounters)
