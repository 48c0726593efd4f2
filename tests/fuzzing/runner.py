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


REPO = Path(__file__).resolve().parents[2]
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
STALLED_SECONDS = 6
"""A command that used no processor time for this long is blocked for good (a hang)."""


@dataclass
class Runner:
    """Runs ``fatesmith`` commands in child processes with a time and memory limit.

    The children run with ``PYTHONFAULTHANDLER=1``: a command still running at the time limit
    is sent SIGABRT, which makes Python print where every thread is, so a hang has a signature
    (the command and the innermost frame in the project's code) like a traceback has.
    """

    timeout: float
    memory_mb: int
    env: dict[str, str] = field(default_factory=dict)
    confirmed_hangs: set[str] = field(default_factory=set)

    def run(
        self, args: list[str], cwd: Path, *, options: tuple[str, ...] = (), patience: float = 1.0
    ) -> Outcome:
        """Run ``fatesmith [options] args`` in ``cwd``; ``args`` alone names it in findings.

        A command that outlives the timeout is run once more with four times as long before it
        is called a hang: on a machine busy with other work a slow start is not a hang, and a
        command that really hangs (a pipe that never ends) hangs the second time too. Three
        exceptions skip the second run: a command that computed for a sixth of the time
        limit (processor time, 5 s at the default, five times what a command needs: a slow
        start on a busy machine is waiting, not computing), one that used no processor time
        for a second at
        the time limit (blocked for good, e.g. opening a FIFO nobody reads; such a command is
        called a hang after :data:`STALLED_SECONDS` of it, before the limit), and a hang whose
        signature a second run has already confirmed in this campaign.
        """
        command = [sys.executable, "-m", "gui.cli", *options, *args]
        started = time.monotonic()
        try:
            child = subprocess.Popen(
                command,
                cwd=cwd,
                env={**self.env, "PYTHONFAULTHANDLER": "1"},
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                preexec_fn=self._limits if os.name == "posix" else None,
            )
        except OSError as exc:  # e.g. arguments past the system's limit: no user can run it
            return Outcome(args, None, "", f"fuzz: not started: {exc}", 0.0)
        deadline = started + self.timeout * patience
        ticks: list[int | None] = []
        stalled = False
        while True:
            try:
                stdout, stderr = child.communicate(timeout=1.0)
                break
            except subprocess.TimeoutExpired:
                ticks.append(_cpu_ticks(child.pid))
                recent = ticks[-STALLED_SECONDS:]
                stalled = len(recent) == STALLED_SECONDS and None not in recent
                stalled = stalled and len(set(recent)) == 1
                if stalled or time.monotonic() >= deadline:
                    break
        if child.returncode is None:
            blocked = stalled or _blocked(child.pid)
            busy = (_cpu_ticks(child.pid) or 0) / TICKS >= self.timeout * patience / 6
            stdout, stderr = _abort(child)
            signature = _hang_signature(args, _text(stderr), blocked)
            sure = blocked or busy or signature in self.confirmed_hangs
            if patience == 1.0 and not sure:
                return self.run(args, cwd, options=options, patience=4.0)
            self.confirmed_hangs.add(signature)
            return Outcome(
                args,
                None,
                _text(stdout),
                _text(stderr),
                time.monotonic() - started,
                "hang",
                signature,
            )
        outcome = Outcome(
            args, child.returncode, _text(stdout), _text(stderr), time.monotonic() - started
        )
        if "Traceback (most recent call last)" in outcome.stderr + outcome.stdout:
            outcome.problem = "traceback"
            outcome.signature = _traceback_signature(args, outcome.stderr + outcome.stdout)
        elif child.returncode < 0:
            outcome.problem = "signal"
            outcome.signature = f"signal {-child.returncode}: {' '.join(args[:2])}"
        return outcome

    def _limits(self) -> None:
        import resource

        limit = self.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _cpu_ticks(pid: int) -> int | None:
    """The processor time ``pid`` used so far (clock ticks), None when unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[11]) + int(fields[12])


def _blocked(pid: int) -> bool:
    """Whether ``pid`` used no processor time at all for one second (waiting for good)."""
    before = _cpu_ticks(pid)
    time.sleep(1.0)
    after = _cpu_ticks(pid)
    return before is not None and before == after


def _abort(child: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    """SIGABRT (the fault handler prints the stacks), then SIGKILL if need be; the output."""
    import signal

    child.send_signal(signal.SIGABRT)
    try:
        return child.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        child.kill()
        return child.communicate()


def _hang_signature(args: list[str], stderr: str, blocked: bool) -> str:
    """The command and the innermost frame in the project's code of the fault handler's dump
    of the main thread (the line left out: a loop is caught anywhere in its body)."""
    dump = stderr.split("most recent call first", 1)[-1]
    frames = re.findall(r'File "([^"]+)", line (\d+) in (\S+)', dump)
    ours = [f for f in frames if f[0].startswith(str(REPO)) and "/.venv/" not in f[0]]
    where = ""
    if ours or frames:
        path, _line, func = (ours or frames)[0]
        where = f" @ {Path(path).name} {func}"
    verb = command_words(args)
    state = " (blocked)" if blocked else ""
    return f"hang{state}: {verb}{where}"


def command_words(args: list[str]) -> str:
    """The command's leading words (``art art-table import``), without files or options."""
    words = []
    for arg in args:
        if not re.fullmatch(r"[a-z][a-z0-9-]*", arg):
            break
        words.append(arg)
    return " ".join(words)


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, str):
        return data
    return data.decode("utf-8", "replace")


EXCEPTION_LINE = re.compile(r"[A-Za-z_][\w.]*(Error|Exception|Interrupt|Exit|Warning)\b:?")


def _traceback_signature(args: list[str], output: str) -> str:
    """The command, the exception's last line (numbers blurred) and the innermost frame (and
    the innermost of the project's own frames, when that is another)."""
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', output)
    innermost = ""
    if frames:
        path, line, func = frames[-1]
        innermost = f"{Path(path).name}:{line} {func}"
        ours = [f for f in frames if f[0].startswith(str(REPO)) and "/.venv/" not in f[0]]
        if ours and ours[-1] != frames[-1]:  # raised in a library: where our code called it
            innermost += f" (from {Path(ours[-1][0]).name}:{ours[-1][1]} {ours[-1][2]})"
    lines = [x for x in output.strip().splitlines() if x and not x.startswith(" ")]
    last = lines[-1] if lines else "?"
    raised = [i for i, x in enumerate(lines) if EXCEPTION_LINE.match(x)]
    if raised:  # pydantic's message spans lines: its exception line and the first field
        last = lines[raised[-1]]
        if "ValidationError" in last and raised[-1] + 1 < len(lines):
            last += f" [{lines[raised[-1] + 1][:60]}]"
    last = re.sub(r"(?<=\w)'(?=\w)", "`", last)  # can't: not a quote
    last = re.sub(r"'[^']*'|\"[^\"]*\"|<[^>]*>", "...", last)  # names and reprs vary
    last = re.sub(r"\d+", "N", last)
    last = re.sub(r"characters?( \.\.\.)? in position N(-N)?", "character(s) at N", last)
    last = re.sub(r"N validation errors? for", "N validation error(s) for", last)[:200]
    verb = command_words(args)
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
