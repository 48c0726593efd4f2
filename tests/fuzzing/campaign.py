"""Fuzzing: the campaign (seeds, the deck of inputs, the commands, findings, summary)."""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fuzzing.mutate_json import FILE_MUTATIONS, mutate_json_file
from tests.fuzzing.mutate_zip import ZIP_MUTATORS
from tests.fuzzing.runner import Outcome, Runner, library_fingerprint

REPO = Path(__file__).resolve().parents[2]
CHARACTER_SEEDS = (REPO / "tests" / "data" / "characters", REPO / "resources" / "samples")
SCRIPT_SEEDS = REPO / "docs" / "examples" / "encounters"
SAVED_PER_SIGNATURE = 3

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
        prog="python -m tests.fuzz",
        description="Feed damaged files to the real commands: tracebacks, hangs, half-imports.",
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
