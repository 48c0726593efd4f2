"""Fuzzing: things planted at an export's predictable temporary names (see docs/fuzzing.md).

Someone who can write to the folder an export writes into (a shared folder, ``/tmp``) can plant
a symlink at the name the export will write its temporary file under, and have the export
overwrite whatever the link points to. Before an export command runs, :func:`plant` puts at
every predictable name next to ``OUT`` (:func:`temp_names`) one of:

* ``symlink``: a relative link to a canary file with known bytes;
* ``dangling-symlink``: a relative link to a canary name that does not exist;
* ``folder``: an empty folder;
* ``fifo``: a FIFO (an export that opens it waits for a reader forever);
* ``out-fifo`` / ``out-folder``: a FIFO or a folder at ``OUT`` itself.

After it, :func:`changed_canaries` lists every canary that changed (its bytes, or a missing
one that now exists, or a folder that is no longer empty): a **canary-changed** finding.
Every link is relative, so a finding's saved folder repeats it as it is; ``plant.sh`` in the
folder puts everything back as it was before the command.
"""

from __future__ import annotations

import os
import random
import shlex
from dataclasses import dataclass, field
from pathlib import Path

EMPTY_FOLDER = b"<empty folder>"
PLANT_KINDS = ("symlink", "dangling-symlink", "folder", "fifo", "out-fifo", "out-folder")


def temp_names(out: str) -> list[str]:
    """The names an export might write ``out`` under before renaming it (same folder)."""
    return [f".{out}.tmp", f"{out}.tmp", f"{out}.part", f"{out}~", f".{out}.swp", f".#{out}"]


@dataclass
class Plant:
    """What was planted in ``folder`` and the canaries to check afterwards."""

    kind: str
    folder: Path
    names: list[str] = field(default_factory=list)
    canaries: dict[str, tuple[Path, bytes | None]] = field(default_factory=dict)
    """By planted name: the canary (a file, or the folder planted) and its bytes."""
    script: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return f"{self.kind} at {', '.join(self.names)}"


def plant(rng: random.Random, kind: str, folder: Path, out: str) -> Plant:
    """Plant ``kind`` next to ``folder/out``; canaries live in ``folder``'s parent."""
    planted = Plant(kind, folder)
    base = folder.parent
    planted.script.append(f'cd "$(dirname "$0")/{folder.name}" || exit 1')
    planted.script.append(f"rm -rf -- {shlex.quote(out)}  # what the finding's run left")
    if kind.startswith("out-"):
        names = [out]
    else:
        everywhere = rng.random() < 0.7
        names = temp_names(out) if everywhere else [rng.choice(temp_names(out)[:2])]
    for i, name in enumerate(names):
        at = folder / name
        planted.names.append(name)
        quoted = shlex.quote(name)
        planted.script.append(f"rm -rf -- {quoted}")
        if kind in ("symlink", "dangling-symlink"):
            canary = base / f"canary-{i}.txt"
            if kind == "symlink":
                content = f"canary {i} {rng.getrandbits(64):016x}: must not change\n".encode()
                canary.write_bytes(content)
                planted.canaries[name] = (canary, content)
                planted.script.append(
                    f"printf %s {shlex.quote(content.decode())} > ../{canary.name}"
                )
            else:
                canary.unlink(missing_ok=True)
                planted.canaries[name] = (canary, None)
                planted.script.append(f"rm -f ../{canary.name}")
            at.symlink_to(Path("..") / canary.name)
            planted.script.append(f"ln -s ../{canary.name} {quoted}")
        elif kind in ("folder", "out-folder"):
            at.mkdir()
            planted.canaries[name] = (at, EMPTY_FOLDER)
            planted.script.append(f"mkdir {quoted}")
        else:
            os.mkfifo(at)
            planted.script.append(f"mkfifo {quoted}")
    return planted


def changed_canaries(planted: Plant) -> dict[str, str]:
    """What changed among the canaries, by planted name (empty: nothing did)."""
    changes = {}
    for name, (path, expected) in planted.canaries.items():
        if expected is None:
            if path.exists() or path.is_symlink():
                changes[name] = f"{path.name} was created through the link (it did not exist)"
        elif expected == EMPTY_FOLDER:
            if not path.is_dir() or path.is_symlink():
                changes[name] = "the folder was replaced"
            elif any(path.iterdir()):
                changes[name] = "the folder was written into"
        elif path.is_symlink() or not path.is_file():
            changes[name] = f"{path.name} was replaced"
        elif path.read_bytes() != expected:
            changes[name] = f"{path.name} was overwritten ({path.stat().st_size} bytes now)"
    return changes
