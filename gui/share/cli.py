"""GUI layer (command line, no Qt): ``fatesmith encounter share NAME_OR_ID [--bind ADDRESS]
[--port N] [--stress MODE]``.

Serves a saved encounter's players' page (:class:`gui.share.server.ShareServer`) until
interrupted, and prints the link with its token on its first line. It follows the library: when
the app (or anyone) saves the encounter again, the players' pages update within a second.
"""

from __future__ import annotations

import argparse
import signal
import socket
import sys
import threading
import uuid
from types import FrameType
from typing import Any

EXIT_OK, EXIT_FAILED = 0, 2
DEFAULT_PORT = 8765
POLL_SECONDS = 0.5
STRESS_CHOICES = ("exact", "words", "hidden")
"""``rules.encounter.public_view.STRESS_MODES``, spelled out: building the parser imports no
rules (every ``fatesmith`` command builds it)."""


def add_share_parser(inner: Any) -> None:
    """Register ``share`` under ``fatesmith encounter`` (``inner``: its sub-parsers)."""
    share = inner.add_parser(
        "share",
        help="serve a saved encounter's players' view on the local network until interrupted",
        description="Serve what the players may see of a saved encounter, live, on one of "
        "this machine's addresses (plain HTTP on the local network; the link carries a random "
        "token). The first line printed is the link.",
    )
    share.add_argument("encounter", metavar="NAME_OR_ID", help="its name (any case) or id")
    share.add_argument(
        "--bind",
        metavar="ADDRESS",
        help="the address to serve on: one of this machine's (default: the one on its default "
        "route, else 127.0.0.1); never all addresses at once",
    )
    share.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}; 0 picks a free one"
    )
    share.add_argument(
        "--stress",
        choices=STRESS_CHOICES,
        default="exact",
        help="the GM's characters' stress: exact boxes, words, or hidden (default exact)",
    )
    share.add_argument(
        "--library",
        metavar="URL_OR_FILE",
        default=argparse.SUPPRESS,
        help="the library holding the encounter (default: yours)",
    )
    share.add_argument("--no-samples", action="store_true", help=argparse.SUPPRESS)
    share.set_defaults(func=cmd_share)


def default_address() -> str:
    """This machine's address on its default route (no packet is sent), else 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address if address != "0.0.0.0" else "127.0.0.1"


def find_encounter(library: Any, wanted: str) -> Any:
    """The saved encounter (not a template) with id or name ``wanted`` (any case).

    Raises:
        FatesmithError: none, or several of that name.
    """
    from rules.errors import FatesmithError
    from rules.names import find_name

    records = [r for r in library.list_encounters() if not r.is_template]
    try:
        key = uuid.UUID(wanted)
    except ValueError:
        key = None
    if key is not None:
        matches = [r for r in records if r.id == key]
    else:
        name = find_name([r.name for r in records], wanted)
        matches = [r for r in records if r.name == name] if name is not None else []
    if not matches:
        raise FatesmithError(f"no saved encounter named {wanted!r} in the library")
    if len(matches) > 1:
        ids = ", ".join(str(r.id) for r in matches)
        raise FatesmithError(f"{len(matches)} encounters are named {wanted!r}; give one id: {ids}")
    return library.get_encounter(matches[0].id)


def served_json(record: Any, registry: Any, stress: Any) -> str:
    """The players' JSON of a saved encounter."""
    from gui.share.feed import public_state
    from rules.encounter_script import from_payload
    from rules.errors import FatesmithError

    payload = from_payload(record.payload)
    state = payload.state
    game = registry.get(state.system)
    rules = game.conflict_rules(game.parse_settings(dict(state.settings or {})))
    if rules is None:
        raise FatesmithError(f"conflicts are not available for the {state.system!r} system yet")
    info = registry.info(state.system)
    return public_state(state, rules, info, log=payload.log, stress=stress).to_json()


def cmd_share(args: argparse.Namespace) -> int:
    """``fatesmith encounter share NAME_OR_ID [--bind ADDRESS] [--port N]``."""
    from gui.cli_library_open import open_library
    from gui.share.server import ShareServer
    from rules.errors import FatesmithError

    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    try:
        library = open_library(args)
    except FatesmithError as exc:
        return _fail(str(exc))
    try:
        try:
            record = find_encounter(library, args.encounter)
            text = served_json(record, library.registry, args.stress)
        except FatesmithError as exc:
            return _fail(str(exc))
        try:
            server = ShareServer(args.bind or default_address(), args.port)
            server.start()
        except (ValueError, OSError) as exc:
            return _fail(f"cannot serve on {args.bind or 'the default address'}: {exc}")
        try:
            server.publish(text)
            print(server.url, flush=True)
            print(
                f"Sharing {record.name or 'the encounter'} with players on this network (plain "
                "HTTP, read-only: anyone on the network with the link can read it). "
                "Ctrl+C stops.",
                file=sys.stderr,
                flush=True,
            )
            previous = signal.signal(signal.SIGTERM, on_signal)
            try:
                _follow(library, record, args.stress, server, stop)
            except KeyboardInterrupt:
                pass
            finally:
                signal.signal(signal.SIGTERM, previous)
        finally:
            server.stop()
    finally:
        library.close()
    return EXIT_OK


def _follow(library: Any, record: Any, stress: Any, server: Any, stop: threading.Event) -> None:
    """Re-publish whenever the encounter is saved again, until ``stop`` (or Ctrl+C)."""
    from rules.errors import FatesmithError

    version = record.version
    while not stop.wait(POLL_SECONDS):
        try:
            now = library.get_encounter(record.id)
        except FatesmithError:  # deleted or unreadable meanwhile: keep the last state served
            continue
        if now.version != version:
            version = now.version
            try:
                server.publish(served_json(now, library.registry, stress))
            except FatesmithError:
                continue


def _fail(message: str) -> int:
    print(f"fatesmith encounter share: {message}", file=sys.stderr)
    return EXIT_FAILED
