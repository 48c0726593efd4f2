"""The processes of the multi-process library stress test (tests/storage/test_library_stress.py).

Not a test module (pytest does not collect it); each role runs in a process of its own::

    python -m tests.storage.stress_processes app URL SECONDS LOG
    python -m tests.storage.stress_processes cli URL SECONDS LOG SEED

``app`` uses the storage layer as the desktop app does: one long-lived :class:`Library`, writes
from the "UI thread" (saving characters), and background threads doing what the app's workers
and its change watch do meanwhile (listings, search texts, ``changed()``, the quick start-up
listing, and another library opened and closed beside it in the same process). ``cli`` runs
the real ``fatesmith`` command in a loop: importing, listing, exporting and rolling. Every
write a process saw succeed is written to its LOG (one character name a line), so the test can
check that each one is in the library at the end.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SEED_FILE = REPO / "tests" / "data" / "characters" / "sky-hobo.fatesmith.json"


def character_file(folder: Path, name: str) -> Path:
    """A copy of the seed character under a new name and id."""
    data = json.loads(SEED_FILE.read_text(encoding="utf-8"))
    data["name"] = name
    data["id"] = str(uuid.uuid4())
    path = folder / f"{uuid.uuid4().hex}.fatesmith.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _log(log: Path, name: str) -> None:
    with log.open("a", encoding="utf-8") as handle:
        handle.write(name + "\n")
        handle.flush()


def run_app(url: str, seconds: float, log: Path) -> int:
    """The app's side: one long-lived library, background reads, saves on the main thread."""
    from storage import quick_listing
    from storage.json_io import read_character_file
    from storage.library import Library, LibraryError
    from storage.systems_catalog import default_registry

    registry = default_registry()
    library = Library.open(url, registry=registry, samples=False, create=False)
    seed = read_character_file(SEED_FILE, registry)
    stop = time.monotonic() + seconds
    errors: list[str] = []

    def background() -> None:
        turn = 0
        while time.monotonic() < stop:
            turn += 1
            try:
                library.list_characters()
                library.search_texts()
                library.list_encounters()
                library.changed()
                if turn % 3 == 0:
                    quick_listing.read_listing(url)  # None for a server URL
                if turn % 4 == 0:
                    # A second library opened and closed beside the long-lived one (what the
                    # app's workers once did for every job).
                    Library.open(url, registry=registry, samples=False, create=False).close()
            except LibraryError as exc:
                if "busy" not in str(exc):
                    errors.append(f"background: {exc}")
            time.sleep(0.01)

    threads = [threading.Thread(target=background, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    written = 0
    while time.monotonic() < stop:
        name = f"app-{os.getpid()}-{written}"
        character = seed.model_copy(update={"id": uuid.uuid4(), "name": name})
        try:
            library.import_characters([character])
        except LibraryError as exc:
            if "busy" not in str(exc):
                errors.append(f"save: {exc}")
            continue
        _log(log, name)
        written += 1
        time.sleep(0.02)
    for thread in threads:
        thread.join()
    library.close()
    for line in errors:
        print(line, file=sys.stderr)
    return 1 if errors else 0


def run_cli(url: str, seconds: float, log: Path, seed: int) -> int:
    """The command line's side: ``fatesmith`` processes one after the other."""
    rng = random.Random(seed)
    stop = time.monotonic() + seconds
    env = dict(os.environ, FATESMITH_LIBRARY=url, QT_QPA_PLATFORM="offscreen")
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        turn = 0
        while time.monotonic() < stop:
            turn += 1
            action = rng.choice(("import", "import", "list", "export", "roll"))
            name = f"cli-{seed}-{turn}"
            if action == "import":
                args = ["library", "import", str(character_file(folder, name))]
            elif action == "list":
                args = ["library", "list", "--json"]
            elif action == "export":
                args = ["library", "export", str(folder / f"all-{turn}.zip")]
            else:
                args = ["roll", "4dF+2", "--seed", str(turn)]
            done = subprocess.run(
                [sys.executable, "-m", "gui.cli", *args],
                cwd=REPO,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            if done.returncode != 0:
                busy = "busy" in done.stderr
                if not busy:
                    failures += 1
                    command = " ".join(args)
                    print(f"{command}: exit {done.returncode}: {done.stderr}", file=sys.stderr)
                continue
            if action == "import":
                _log(log, name)
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    role, url, seconds, log = argv[0], argv[1], float(argv[2]), Path(argv[3])
    if role == "app":
        return run_app(url, seconds, log)
    return run_cli(url, seconds, log, int(argv[4]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
