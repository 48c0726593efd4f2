"""Fuzz command (outside the test suite): feed damaged files to the real commands, find crashes.

Run from the repository root (see docs/fuzzing.md)::

    .venv/bin/python -m tests.fuzz --minutes 10 [--seed S] [--out DIR] [--timeout SECONDS]

It starts from valid inputs (the character files in ``tests/data/characters`` and
``resources/samples``, a library archive made with ``fatesmith library export``, and the
encounter scripts in ``docs/examples/encounters``), damages a copy of one at random (byte flips,
truncation, huge numbers, deep nesting, duplicate keys, control characters, wrong types, long
texts, zip damage...) and runs the commands a user would run on it, each in its own process with a
time and memory limit:

* a character file: ``validate``, ``library import`` (into a copy of a library) and ``sheet``;
* an archive: ``library import``;
* an encounter script (or one of its cast's character files): ``encounter run``.

A finding is a **traceback** (any ``Traceback`` on the output, or death by a signal), a **hang**
(the time limit passed) or a **half-import** (``library import`` failed, yet the library's
contents changed). Each finding's input is saved under ``--out`` with a ``finding.txt`` saying
how to repeat it; findings with the same signature (the command and the exception's last line
and innermost frame) are saved at most three times. The run ends with a summary; the exit status
is 1 when anything was found. The file name does not start with ``test_``, so pytest never
collects it.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import re
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CHARACTER_SEEDS = (REPO / "tests" / "data" / "characters", REPO / "resources" / "samples")
SCRIPT_SEEDS = REPO / "docs" / "examples" / "encounters"
SAVED_PER_SIGNATURE = 3
TOKEN = "@@fuzz-token@@"

# -- mutating JSON ---------------------------------------------------------------------------

JsonPath = tuple[Any, ...]


def _nodes(node: Any, path: JsonPath = ()) -> list[tuple[JsonPath, Any]]:
    """Every value in a parsed document with its path (containers included), root first."""
    found = [(path, node)]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_nodes(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_nodes(value, (*path, i)))
    return found


def _set(root: Any, path: JsonPath, value: Any) -> Any:
    if not path:
        return value
    parent = root
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return root


def _with_raw(rng: random.Random, doc: Any, raw: str, want: Callable[[Any], bool]) -> str:
    """``doc`` as JSON text with one value (chosen among those ``want`` accepts) replaced by
    the literal text ``raw`` (which need not be valid JSON)."""
    choices = [p for p, v in _nodes(doc) if p and want(v)] or [p for p, _ in _nodes(doc) if p]
    if not choices:
        return raw
    doc = _set(doc, rng.choice(choices), TOKEN)
    return json.dumps(doc, indent=2, ensure_ascii=False).replace(json.dumps(TOKEN), raw, 1)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def huge_number(rng: random.Random, doc: Any) -> str:
    """An integer (or number) too big for a database column, a float or the int parser."""
    raw = rng.choice(
        [
            str(2**63),
            str(2**63 - 1),
            str(-(2**63) - 1),
            str(2**64),
            str(10**30),
            "1e400",
            "-1e400",
            "9" * 5000,
            "1" + "0" * 4400,
            "101",
            "-101",
            "1001",
            "0.5",
            "-0",
            "1E2",
        ]
    )
    return _with_raw(rng, doc, raw, lambda v: _is_int(v) or isinstance(v, float))


def deep_nesting(rng: random.Random, doc: Any) -> str:
    depth = rng.choice([63, 64, 65, 200, 5_000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return _with_raw(rng, doc, opener * depth + "1" + closer * depth, lambda v: True)


def duplicate_key(rng: random.Random, doc: Any) -> str:
    """One object gets one of its keys twice (same value or a different one)."""
    objects = [p for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if not objects:
        return json.dumps(doc)
    path = rng.choice(objects)
    target: dict[str, Any] = doc
    for step in path:
        target = target[step]
    key = rng.choice(list(target))
    other = target[key] if rng.random() < 0.5 else _random_value(rng)
    pairs = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in target.items()]
    extra = f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(other)}"
    pairs.insert(rng.randrange(len(pairs) + 1), extra)
    raw = "{" + ", ".join(pairs) + "}"
    if not path:
        return raw
    return _with_raw_at(doc, path, raw)


def _with_raw_at(doc: Any, path: JsonPath, raw: str) -> str:
    doc = _set(doc, path, TOKEN)
    return json.dumps(doc, indent=2, ensure_ascii=False).replace(json.dumps(TOKEN), raw, 1)


CONTROL = [
    "\x1b[2J\x1b[31m",
    "\r",
    "\n",
    "\x00",
    "\x07",
    "\u202e",
    "\t",
    "\x7f",
    "\u2028",
    "\x1b]0;x\x07",
]


def control_characters(rng: random.Random, doc: Any) -> str:
    """Control characters in a string value or key, escaped (valid JSON) or raw (invalid)."""
    strings = [p for p, v in _nodes(doc) if p and isinstance(v, str)]
    junk = rng.choice(CONTROL)
    if strings and rng.random() < 0.7:
        path = rng.choice(strings)
        text = _get(doc, path)
        at = rng.randrange(len(text) + 1)
        _set(doc, path, text[:at] + junk + text[at:])
        return json.dumps(doc, indent=2, ensure_ascii=rng.random() < 0.5)
    objects = [p for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if objects and rng.random() < 0.5:
        path = rng.choice(objects)
        target = _get(doc, path)
        key = rng.choice(list(target))
        target[key + junk] = target.pop(key)
        return json.dumps(doc, indent=2)
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    quotes = [m.start() for m in re.finditer('"', text)]
    at = rng.choice(quotes) + 1 if quotes else 0
    return text[:at] + junk + text[at:]  # raw: not valid JSON


def _get(doc: Any, path: JsonPath) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _random_value(rng: random.Random) -> Any:
    return rng.choice(
        [None, True, False, 0, -1, 1.5, "", "x", "5", [], {}, [1, 2], {"a": 1}, [None], "null"]
    )


def wrong_type(rng: random.Random, doc: Any) -> str:
    nodes = [p for p, _ in _nodes(doc) if p]
    if nodes:
        for _ in range(rng.choice([1, 1, 2, 3])):
            _set(doc, rng.choice(nodes), _random_value(rng))
            nodes = [p for p, _ in _nodes(doc) if p]
            if not nodes:
                break
    else:
        doc = _random_value(rng)
    return json.dumps(doc, indent=2)


def long_text(rng: random.Random, doc: Any) -> str:
    strings = [p for p, v in _nodes(doc) if p and isinstance(v, str)]
    size = rng.choice([200, 201, 800, 2_000, 20_001, 200_000])
    word = rng.choice(["A", "Word ", "W", "\u00e9", "\U0001f600"])
    text = (word * size)[:size] if len(word) == 1 else (word * (size // len(word) + 1))[:size]
    if strings:
        _set(doc, rng.choice(strings), text)
    return json.dumps(doc, indent=2, ensure_ascii=False)


def drop_or_add(rng: random.Random, doc: Any) -> str:
    objects = [p for p, v in _nodes(doc) if isinstance(v, dict) and v]
    if objects:
        target = _get(doc, rng.choice(objects))
        if rng.random() < 0.5:
            del target[rng.choice(list(target))]
        else:
            target[rng.choice(["extra", "format_version", "system", "id", "Guns", ""])] = (
                _random_value(rng)
            )
    lists = [p for p, v in _nodes(doc) if isinstance(v, list) and v]
    if lists and rng.random() < 0.5:
        items = _get(doc, rng.choice(lists))
        items.extend(items * rng.choice([1, 10, 60]))
    return json.dumps(doc, indent=2)


def same_value_everywhere(rng: random.Random, doc: Any) -> str:
    """A structural change: swap two values of the document (ids, names, sides...)."""
    nodes = [p for p, _ in _nodes(doc) if p]
    if len(nodes) >= 2:
        a, b = rng.sample(nodes, 2)
        if not (a[: len(b)] == b or b[: len(a)] == a):
            va, vb = _get(doc, a), _get(doc, b)
            _set(doc, a, vb)
            _set(doc, b, va)
    return json.dumps(doc, indent=2)


JSON_MUTATORS: dict[str, Callable[[random.Random, Any], str]] = {
    "huge-number": huge_number,
    "deep-nesting": deep_nesting,
    "duplicate-key": duplicate_key,
    "control-characters": control_characters,
    "wrong-type": wrong_type,
    "long-text": long_text,
    "drop-or-add": drop_or_add,
    "swap-values": same_value_everywhere,
}

# -- mutating bytes --------------------------------------------------------------------------


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4, 16])):
        if out:
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))] if data else data


def insert_bytes(rng: random.Random, data: bytes) -> bytes:
    junk = rng.choice([b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\x1b[2J", b"\r", b"\xc3", b"]}"])
    at = rng.randrange(len(data) + 1)
    return data[:at] + junk * rng.choice([1, 3]) + data[at:]


def re_encode(rng: random.Random, data: bytes) -> bytes:
    text = data.decode("utf-8", "replace")
    codec = rng.choice(["utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252"])
    return (text + "\u00e9").encode(codec, "replace")


BYTE_MUTATORS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "flip-bytes": flip_bytes,
    "truncate": truncate,
    "insert-bytes": insert_bytes,
    "re-encode": re_encode,
}


def mutate_json_file(rng: random.Random, data: bytes, name: str | None = None) -> tuple[str, bytes]:
    """One mutation of a JSON file (``name``, or one at random): structural or on the bytes."""
    if name is None:
        pool = JSON_MUTATORS if rng.random() < 0.7 else BYTE_MUTATORS
        name = rng.choice(sorted(pool))
    if name in JSON_MUTATORS:
        doc = json.loads(data.decode("utf-8-sig"))
        return name, JSON_MUTATORS[name](rng, doc).encode("utf-8", "surrogatepass")
    return name, BYTE_MUTATORS[name](rng, data)


FILE_MUTATIONS = (*sorted(JSON_MUTATORS), *sorted(BYTE_MUTATORS))


# -- damaging zips ---------------------------------------------------------------------------


def _rezip(members: list[tuple[str, bytes]], *, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", compression=method) as zf:
        warnings.simplefilter("ignore")  # a duplicate name is the point of some mutations
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            zf.writestr(info, data)
    return buffer.getvalue()


def _members(data: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(info.filename, zf.read(info)) for info in zf.infolist()]


def _patch_headers(
    data: bytes, rng: random.Random, patch: Callable[[bytearray, int, bool], None]
) -> bytes:
    """Apply ``patch(buffer, offset, central)`` to the local and central headers of one member."""
    out = bytearray(data)
    locals_ = [m.start() for m in re.finditer(re.escape(b"PK\x03\x04"), data)]
    centrals = [m.start() for m in re.finditer(re.escape(b"PK\x01\x02"), data)]
    if not locals_ or not centrals:
        return data
    i = rng.randrange(min(len(locals_), len(centrals)))
    patch(out, locals_[i], False)
    patch(out, centrals[i], True)
    return bytes(out)


def zip_member(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    i = rng.randrange(len(members))
    name, content = members[i]
    how, damaged = mutate_json_file(rng, content)
    members[i] = (name, damaged)
    return f"zip-member-{how}", _rezip(members)


def zip_crc(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    def patch(buf: bytearray, at: int, central: bool) -> None:
        offset = at + (16 if central else 14)
        (crc,) = struct.unpack_from("<I", buf, offset)
        struct.pack_into("<I", buf, offset, crc ^ 0x5A5A5A5A)

    return "zip-bad-crc", _patch_headers(data, rng, patch)


def zip_encrypted(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    def patch(buf: bytearray, at: int, central: bool) -> None:
        offset = at + (8 if central else 6)
        (flags,) = struct.unpack_from("<H", buf, offset)
        struct.pack_into("<H", buf, offset, flags | 1)

    return "zip-encrypted-flag", _patch_headers(data, rng, patch)


def zip_method(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    method = rng.choice([1, 6, 12, 14, 93, 99])

    def patch(buf: bytearray, at: int, central: bool) -> None:
        struct.pack_into("<H", buf, at + (10 if central else 8), method)

    return "zip-compression-method", _patch_headers(data, rng, patch)


def zip_sizes(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    value = rng.choice([0, 1, 0xFFFFFFFF, 2**31])

    def patch(buf: bytearray, at: int, central: bool) -> None:
        field_at = at + (24 if central else 22)  # uncompressed size
        struct.pack_into("<I", buf, field_at, value)

    return "zip-declared-size", _patch_headers(data, rng, patch)


def zip_names(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    name, content = rng.choice(members)
    hostile = rng.choice(
        [
            name,  # the same name twice
            "../escape.fatesmith.json",
            "/absolute.fatesmith.json",
            "characters\\back.fatesmith.json",
            "C:/drive.fatesmith.json",
            "characters/\x1b[2Jx.fatesmith.json",
            "characters/" + "n" * 300 + ".fatesmith.json",
        ]
    )
    members.insert(rng.randrange(len(members) + 1), (hostile, content))
    return "zip-hostile-name", _rezip(members)


def zip_bomb(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    size = rng.choice([6 * 1024 * 1024, 70 * 1024 * 1024])
    members.append(("characters/bomb.fatesmith.json", b" " * size))
    return "zip-bomb", _rezip(members)


def zip_stored(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    members = _members(data)
    if rng.random() < 0.5:
        members = [(n, c) for n, c in members if n != "manifest.json"]
    else:
        members = [(n, c) for n, c in members if n == "manifest.json"]
    return "zip-missing-members", _rezip(members, method=zipfile.ZIP_STORED)


def zip_bytes(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    name = rng.choice(sorted(BYTE_MUTATORS))
    return f"zip-{name}", BYTE_MUTATORS[name](rng, data)


ZIP_MUTATORS: dict[str, Callable[[random.Random, bytes], tuple[str, bytes]]] = {
    "member": zip_member,
    "crc": zip_crc,
    "encrypted": zip_encrypted,
    "method": zip_method,
    "sizes": zip_sizes,
    "names": zip_names,
    "bomb": zip_bomb,
    "missing": zip_stored,
    "bytes": zip_bytes,
}

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


# -- the campaign ----------------------------------------------------------------------------


@dataclass
class Finding:
    """One problem found, with where its input was saved."""

    outcome: Outcome
    kind: str
    mutation: str
    saved: Path | None


@dataclass
class Fuzzer:
    """Builds the seeds, then damages and runs inputs until the time is up."""

    work: Path
    out: Path
    runner: Runner
    rng: random.Random
    characters: list[Path] = field(default_factory=list)
    scripts: list[Path] = field(default_factory=list)
    archive: Path | None = None
    template_db: Path | None = None
    template_print: str = ""
    findings: list[Finding] = field(default_factory=list)
    deck: list[tuple[str, str]] = field(default_factory=list)
    by_signature: dict[str, int] = field(default_factory=dict)
    cases: int = 0
    commands: int = 0

    def prepare(self) -> None:
        """Collect the valid seeds and make the library template and its archive."""
        for folder in CHARACTER_SEEDS:
            self.characters.extend(sorted(folder.glob("*.fatesmith.json")))
        self.scripts = sorted(SCRIPT_SEEDS.glob("*.json"))
        library = self.work / "template" / "library.sqlite3"
        library.parent.mkdir(parents=True)
        self.template_db = library
        listed = self.runner.run(
            ["library", "list"], self.work, options=("--library", str(library), "--create")
        )
        if listed.returncode != 0:
            raise SystemExit(f"fuzz: cannot make the template library: {listed.stderr.strip()}")
        archive = self.work / "template" / "library.zip"
        exported = self.runner.run(
            ["library", "export", str(archive)], self.work, options=("--library", str(library))
        )
        if exported.returncode != 0 or not archive.is_file():
            raise SystemExit(f"fuzz: cannot export the library: {exported.stderr.strip()}")
        self.archive = archive
        self.template_print = library_fingerprint(library)

    def fresh_library(self, case_dir: Path) -> Path:
        assert self.template_db is not None
        target = case_dir / "library" / "library.sqlite3"
        target.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            source = self.template_db.with_name(self.template_db.name + suffix)
            if source.exists():
                shutil.copyfile(source, target.with_name(target.name + suffix))
        return target

    def special_cases(self) -> list[tuple[str, str, Callable[[Path], None]]]:
        """Not-a-file inputs, each run once: a FIFO and a device where a file is expected."""
        cases: list[tuple[str, str, Callable[[Path], None]]] = []
        if hasattr(os, "mkfifo"):
            for kind, name in (
                ("character", "pipe.fatesmith.json"),
                ("archive", "pipe.zip"),
                ("script", "pipe.json"),
            ):
                cases.append((kind, name, lambda p: os.mkfifo(p)))
        if Path("/dev/zero").exists():
            for kind, name in (
                ("character", "zero.fatesmith.json"),
                ("archive", "zero.zip"),
                ("script", "zero.json"),
            ):
                cases.append((kind, name, lambda p: p.symlink_to("/dev/zero")))
        return cases

    def draw(self) -> tuple[str, str]:
        """The next (input kind, mutation family), dealt from a shuffled deck of every pair.

        Every family is tried on every kind of input once before any is tried twice, so even
        a short run covers them all; the member zip mutation counts three times (it carries
        all the file mutations).
        """
        if not self.deck:
            self.deck = [
                *(("character", m) for m in FILE_MUTATIONS),
                *(("script", m) for m in FILE_MUTATIONS),
                *(("cast", m) for m in FILE_MUTATIONS),
                *(("archive", z) for z in ZIP_MUTATORS),
                ("archive", "member"),
                ("archive", "member"),
            ]
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def make_case(self, case_dir: Path) -> tuple[str, str, Path]:
        """Write one damaged input into ``case_dir``: (kind, mutation, path to run on)."""
        kind, family = self.draw()
        if kind == "character":
            seed = self.rng.choice(self.characters)
            mutation, data = mutate_json_file(self.rng, seed.read_bytes(), family)
            target = case_dir / f"input{''.join(seed.suffixes[-2:])}"
            target.write_bytes(data)
            return "character", f"{mutation} of {seed.name}", target
        if kind == "archive":
            assert self.archive is not None
            mutation, data = ZIP_MUTATORS[family](self.rng, self.archive.read_bytes())
            target = case_dir / "input.zip"
            target.write_bytes(data)
            return "archive", mutation, target
        seed = self.rng.choice(self.scripts)
        shutil.copytree(SCRIPT_SEEDS / "characters", case_dir / "characters")
        target = case_dir / "input.json"
        if kind == "cast":
            shutil.copyfile(seed, target)
            cast = self.rng.choice(sorted((case_dir / "characters").iterdir()))
            mutation, data = mutate_json_file(self.rng, cast.read_bytes(), family)
            cast.write_bytes(data)
            return "script", f"{mutation} of cast file {cast.name} ({seed.name})", target
        mutation, data = mutate_json_file(self.rng, seed.read_bytes(), family)
        target.write_bytes(data)
        return "script", f"{mutation} of {seed.name}", target

    def commands_for(self, kind: str, target: Path, case_dir: Path) -> list[list[str]]:
        name = target.name
        if kind == "character":
            return [
                ["validate", name],
                ["library", "import", name],
                ["sheet", name, "-o", "out.pdf"],
            ]
        if kind == "archive":
            return [["library", "import", name]]
        return [["encounter", "run", name, "--json"]]

    def run_case(self, kind: str, mutation: str, target: Path, case_dir: Path) -> None:
        self.cases += 1
        for args in self.commands_for(kind, target, case_dir):
            importing = args[:2] == ["library", "import"]
            db = self.fresh_library(case_dir) if importing else None
            options = ("--library", str(db)) if db is not None else ()
            outcome = self.runner.run(args, case_dir, options=options)
            self.commands += 1
            if (
                not outcome.problem
                and db is not None
                and outcome.returncode not in (0, None)
                and library_fingerprint(db) != self.template_print
            ):
                outcome.problem = "half-import"
                outcome.signature = f"half-import: {kind}: {outcome.stderr.strip()[-120:]}"
                outcome.signature = re.sub(r"\d+", "N", outcome.signature)
            if outcome.problem:
                self.record(outcome, kind, mutation, case_dir)

    def record(self, outcome: Outcome, kind: str, mutation: str, case_dir: Path) -> None:
        count = self.by_signature.get(outcome.signature, 0) + 1
        self.by_signature[outcome.signature] = count
        saved = None
        if count <= SAVED_PER_SIGNATURE:
            saved = self.out / f"{len(self.findings) + 1:04d}-{outcome.problem}-{kind}"
            shutil.copytree(
                case_dir,
                saved,
                ignore=shutil.ignore_patterns("library", "out.pdf"),
                symlinks=True,
                ignore_dangling_symlinks=True,
                copy_function=_copy_regular_only,
            )
            (saved / "finding.txt").write_text(_describe(outcome, kind, mutation), "utf-8")
        self.findings.append(Finding(outcome, kind, mutation, saved))
        print(
            f"  FOUND {outcome.problem}: {' '.join(outcome.command)} on {kind} ({mutation})"
            + (f" -> {saved}" if saved else ""),
            flush=True,
        )

    def campaign(self, deadline: float) -> None:
        for kind, name, make in self.special_cases():
            case_dir = Path(tempfile.mkdtemp(prefix="case-", dir=self.work))
            if kind == "script":
                shutil.copytree(SCRIPT_SEEDS / "characters", case_dir / "characters")
            target = case_dir / name
            make(target)
            self.run_case(kind, f"special file ({name})", target, case_dir)
            shutil.rmtree(case_dir, ignore_errors=True)
        while time.monotonic() < deadline:
            case_dir = Path(tempfile.mkdtemp(prefix="case-", dir=self.work))
            kind, mutation, target = self.make_case(case_dir)
            self.run_case(kind, mutation, target, case_dir)
            shutil.rmtree(case_dir, ignore_errors=True)


def _copy_regular_only(source: str, target: str) -> str:
    """Copy files; a FIFO or device is recorded as a note instead of being read."""
    if Path(source).is_file() and not Path(source).is_symlink():
        return str(shutil.copy2(source, target))
    Path(target + ".special.txt").write_text(
        f"{Path(source).name} was a special file (FIFO or a link to a device) when the "
        "finding was made; re-create it to repeat it.\n",
        encoding="utf-8",
    )
    return target


def _describe(outcome: Outcome, kind: str, mutation: str) -> str:
    line = " ".join(outcome.command)
    return (
        f"problem: {outcome.problem}\n"
        f"signature: {outcome.signature}\n"
        f"input: {kind}, {mutation}\n"
        f"command (run in this folder): PYTHONPATH={REPO} QT_QPA_PLATFORM=offscreen "
        f"{sys.executable} -m gui.cli "
        + ("--library /tmp/fuzz-library.sqlite3 " if outcome.command[:1] == ["library"] else "")
        + f"{line}\n"
        f"exit status: {outcome.returncode} after {outcome.seconds:.1f} s\n"
        f"--- stderr (last 4000 characters)\n{outcome.stderr[-4000:]}\n"
        f"--- stdout (last 1000 characters)\n{outcome.stdout[-1000:]}\n"
    )


def summarize(fuzzer: Fuzzer, seconds: float, seed: int) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    for finding in fuzzer.findings:
        group = groups.setdefault(
            finding.outcome.signature,
            {"problem": finding.outcome.problem, "count": 0, "examples": []},
        )
        group["count"] += 1
        if finding.saved is not None:
            group["examples"].append(str(finding.saved))
    return {
        "seed": seed,
        "seconds": round(seconds),
        "cases": fuzzer.cases,
        "commands": fuzzer.commands,
        "findings": len(fuzzer.findings),
        "signatures": groups,
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.fuzz --minutes N [--seed S] [--out DIR]``."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz", description=__doc__.split("\n\n", 1)[0]
    )
    parser.add_argument("--minutes", type=float, required=True, help="how long to run")
    parser.add_argument("--seed", type=int, help="repeat a run (default: from the clock)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="findings folder")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per command")
    parser.add_argument("--memory-mb", type=int, default=3072, help="address-space limit")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fatesmith-fuzz-") as tmp:
        work = Path(tmp)
        home = work / "home"
        env = {
            **os.environ,
            "PYTHONPATH": str(REPO),
            "QT_QPA_PLATFORM": "offscreen",
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "FATESMITH_LIBRARY": str(work / "not-used.sqlite3"),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        runner = Runner(args.timeout, args.memory_mb, env)
        fuzzer = Fuzzer(work, out, runner, random.Random(seed))
        print(f"fuzz: seed {seed}, {args.minutes:g} minutes, findings in {out}", flush=True)
        fuzzer.prepare()
        try:
            fuzzer.campaign(started + args.minutes * 60)
        except KeyboardInterrupt:
            print("fuzz: interrupted", flush=True)
        summary = summarize(fuzzer, time.monotonic() - started, seed)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(
        f"fuzz: {summary['cases']} inputs, {summary['commands']} commands, "
        f"{summary['findings']} findings in {len(summary['signatures'])} kinds "
        f"({summary['seconds']} s, seed {seed})"
    )
    for signature, group in sorted(summary["signatures"].items()):
        example = group["examples"][0] if group["examples"] else ""
        print(f"  {group['count']:4d} x {signature}\n         e.g. {example}")
    return 1 if fuzzer.findings else 0


if __name__ == "__main__":
    sys.exit(main())
