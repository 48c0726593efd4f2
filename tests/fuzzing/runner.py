"""Fuzzing: running one `fatesmith` command in a child process and classifying what it did."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

# -- running the commands --------------------------------------------------------------------


@dataclass
class Outcome:
    """What one command did with one input."""

    command: list[str]
    returncode: int | None
    stdout: str
    stderr: str
    seconds: float
    problem: str = ""  # "", "traceback", "hang", "signal", "half-import"
    signature: str = ""


@dataclass
class Runner:
    """Runs ``fatesmith`` commands in child processes with a time and memory limit."""

    timeout: float
    memory_mb: int
    env: dict[str, str] = field(default_factory=dict)

    def run(
        self, args: list[str], cwd: Path, *, options: tuple[str, ...] = (), patience: float = 1.0
    ) -> Outcome:
        """Run ``fatesmith [options] args`` in ``cwd``; ``args`` alone names it in findings.

        A command that outlives the timeout is run once more with four times as long before it
        is called a hang: on a machine busy with other work a slow start is not a hang, and a
        command that really hangs (a pipe that never ends) hangs the second time too.
        """
        command = [sys.executable, "-m", "gui.cli", *options, *args]
        started = time.monotonic()
        try:
            done = subprocess.run(
                command,
                cwd=cwd,
                env=self.env,
                capture_output=True,
                timeout=self.timeout * patience,
                preexec_fn=self._limits if os.name == "posix" else None,
            )
        except subprocess.TimeoutExpired as exc:
            if patience == 1.0:
                return self.run(args, cwd, options=options, patience=4.0)
            return Outcome(
                args,
                None,
                _text(exc.stdout),
                _text(exc.stderr),
                time.monotonic() - started,
                "hang",
                f"hang: {args[0]} {args[1] if len(args) > 1 else ''}".strip(),
            )
        outcome = Outcome(
            args,
            done.returncode,
            _text(done.stdout),
            _text(done.stderr),
            time.monotonic() - started,
        )
        if "Traceback (most recent call last)" in outcome.stderr + outcome.stdout:
            outcome.problem = "traceback"
            outcome.signature = _traceback_signature(args, outcome.stderr + outcome.stdout)
        elif done.returncode < 0:
            outcome.problem = "signal"
            outcome.signature = f"signal {-done.returncode}: {' '.join(args[:2])}"
        return outcome

    def _limits(self) -> None:
        import resource

        limit = self.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, str):
        return data
    return data.decode("utf-8", "replace")


def _traceback_signature(args: list[str], output: str) -> str:
    """The command, the exception's last line (numbers blurred) and the innermost frame."""
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', output)
    innermost = ""
    if frames:
        path, line, func = frames[-1]
        innermost = f"{Path(path).name}:{line} {func}"
    lines = [x for x in output.strip().splitlines() if x and not x.startswith(" ")]
    last = lines[-1] if lines else "?"
    last = re.sub(r"'[^']*'|\"[^\"]*\"|<[^>]*>", "...", last)  # names and reprs vary
    last = re.sub(r"\d+", "N", last)[:160]
    verb = " ".join(a for a in args[:2] if not a.startswith("-") and "/" not in a)
    return f"traceback: {verb}: {last} @ {innermost}"


def library_fingerprint(db: Path) -> str:
    """A hash of every row of every table (the library's contents, not its bytes)."""
    digest = hashlib.sha256()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        for table in tables:
            digest.update(table.encode())
            for row in conn.execute(f'SELECT * FROM "{table}" ORDER BY 1'):
                digest.update(repr(row).encode())
    conn.close()
    return digest.hexdigest()
