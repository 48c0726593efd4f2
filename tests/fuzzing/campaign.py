"""Fuzzing: the campaign (seeds, the deck of inputs, the commands, findings, summary).

An input kind is a generator of cases (:data:`INPUT_KINDS`): it names its mutation families,
writes one damaged input into a case folder and says which commands to run on it (a list of
:class:`Step`). The deck deals every (kind, family) pair ``weight`` times, shuffled; ``--only``
and ``--weight`` choose the kinds and their weights.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shlex
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fuzzing.arguments import ARGUMENT_MAKERS
from tests.fuzzing.mutate_json import FILE_MUTATIONS, mutate_json_file
from tests.fuzzing.mutate_zip import ZIP_MUTATORS
from tests.fuzzing.planted import PLANT_KINDS, Plant, changed_canaries, plant
from tests.fuzzing.rules_data import CSV_MUTATORS, DIAGRAM_MUTATORS, mutate_diagram
from tests.fuzzing.runner import Outcome, Runner, command_words, library_fingerprint

REPO = Path(__file__).resolve().parents[2]
SCRIPT_SEEDS = REPO / "docs" / "examples" / "encounters"
CAST = SCRIPT_SEEDS / "characters"
CHARACTER_SEEDS = (
    REPO / "tests" / "data" / "characters",
    *sorted((REPO / "resources" / "systems").glob("*/samples")),  # every system's samples
    CAST,
)
CSV_SEEDS = (REPO / "tests" / "data" / "art", REPO / "tests" / "data" / "fuzz")
STRANGE_FATE = REPO / "resources" / "systems" / "strange-fate"
STRANGE_CHARACTER = "strange-fate-professor-hale.fatesmith.json"
STRANGE_SCRIPT = "strange-fate-ashdown-cellar.json"
SAVED_PER_SIGNATURE = 3
LIBRARY = "library/library.sqlite3"
"""Where a case's library is, relative to its folder (a fresh copy of ``base.sqlite3``)."""

EXPORTS: dict[str, tuple[list[str], str, bool]] = {
    "library-export": (["library", "export", "shared/shared.zip"], "shared.zip", True),
    "export-character": (
        ["library", "export-character", "Tobias Wren", "-o", "shared/wren.fatesmith.json"],
        "wren.fatesmith.json",
        True,
    ),
    "sheet": (["sheet", "input.fatesmith.json", "-o", "shared/out.pdf"], "out.pdf", False),
    "art-table-export": (["art", "art-table", "export", "shared/table.csv"], "table.csv", True),
}
"""Export commands for planted temp names: (arguments, output name, whether it needs the
library). Outputs go to ``shared/``, the folder someone else can write to."""

INPUT_KINDS: dict[str, tuple[str, ...]] = {
    "character": (*FILE_MUTATIONS, "surrogates"),  # many text fields: surrogates twice
    "script": (*FILE_MUTATIONS, "surrogates"),
    "cast": (*FILE_MUTATIONS, "surrogates"),
    # a member carries every file mutation; text-fields has four places to damage
    "archive": (*ZIP_MUTATORS, "member", "member", "text-fields"),
    "art-csv": tuple(CSV_MUTATORS),
    "diagram": (*DIAGRAM_MUTATORS, "diagram-knot"),  # knots come in many shapes
    "planted": tuple(f"{e}:{k}" for e in EXPORTS for k in PLANT_KINDS),
    "arguments": (*ARGUMENT_MAKERS, "args-quick-npc"),
}
"""Every input kind and its mutation families (a family listed twice is dealt twice)."""


@dataclass
class Step:
    """One command of a case.

    Attributes:
        args: The command's arguments (after ``fatesmith``), run in the case's folder.
        library: Run it on the case's library (``--library library/library.sqlite3``).
        fresh: Copy ``base.sqlite3`` to the library first (else use it as the last step left
            it).
        check: A **half-import** when it fails yet the library's rows changed.
        after_ok: Run it only when every earlier ``check`` step succeeded.
    """

    args: list[str]
    library: bool = False
    fresh: bool = True
    check: bool = False
    after_ok: bool = False

    @property
    def options(self) -> tuple[str, ...]:
        return ("--library", LIBRARY) if self.library else ()


@dataclass
class Case:
    """One damaged input in its folder and the commands to run on it."""

    kind: str
    mutation: str
    folder: Path
    steps: list[Step]
    base: bool = False  # base.sqlite3 is in the folder
    plant: Plant | None = None


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
    weights: dict[str, int] = field(default_factory=lambda: dict.fromkeys(INPUT_KINDS, 1))
    families: frozenset[str] = frozenset()  # only these mutation families (empty: all)
    characters: list[Path] = field(default_factory=list)
    scripts: list[Path] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    diagram: dict[str, Any] = field(default_factory=dict)
    details: dict[str, list[str]] = field(default_factory=dict)
    archive: Path | None = None
    template_db: Path | None = None
    empty_db: Path | None = None
    dealt: dict[str, dict[str, int]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    deck: list[tuple[str, str]] = field(default_factory=list)
    by_signature: dict[str, int] = field(default_factory=dict)
    cases: int = 0
    commands: int = 0

    # -- seeds ------------------------------------------------------------------------------

    def prepare(self) -> None:
        """Collect the valid seeds; make the library template (the samples and a made-up
        Action Results Table), its archive and its table's CSV export."""
        for folder in CHARACTER_SEEDS:
            self.characters.extend(sorted(folder.glob("*.fatesmith.json")))
        self.scripts = sorted(SCRIPT_SEEDS.glob("*.json"))
        library = self.work / "template" / "library.sqlite3"
        library.parent.mkdir(parents=True)
        self.template_db = library
        made_up = REPO / "tests" / "data" / "art" / "made-up-table.csv"
        archive = self.work / "template" / "library.zip"
        table = self.work / "template" / "table.csv"
        for args in (
            ["--create", "library", "list"],
            ["art", "art-table", "import", str(made_up)],
            ["library", "export", str(archive)],
            ["art", "art-table", "export", str(table)],
        ):
            done = self.runner.run(args, self.work, options=("--library", str(library)))
            if done.returncode != 0:
                raise SystemExit(f"fuzz: cannot make the template: {args}: {done.stderr.strip()}")
        self.archive = archive
        self.empty_db = self.work / "template-empty" / "library.sqlite3"
        self.empty_db.parent.mkdir()
        done = self.runner.run(
            ["--create", "library", "--no-samples", "list"],
            self.work,
            options=("--library", str(self.empty_db)),
        )
        if done.returncode != 0:
            raise SystemExit(f"fuzz: cannot make the empty library: {done.stderr.strip()}")
        for folder in CSV_SEEDS:
            self.tables.extend(p.read_text("utf-8") for p in sorted(folder.glob("*.csv")))
        self.tables.append(table.read_text("utf-8"))
        self.diagram = json.loads((STRANGE_FATE / "diagram.json").read_text("utf-8"))
        for trapping in json.loads((STRANGE_FATE / "trappings.json").read_text("utf-8"))[
            "trappings"
        ]:
            detail = trapping.get("detail") or {}
            self.details[trapping["name"]] = (
                list(detail.get("choices", [])) if detail.get("required") else []
            )

    def base_library(self, case_dir: Path, *, empty: bool = False) -> Path:
        """The template library (or, ``empty``, one without the samples) copied to
        ``case_dir/base.sqlite3`` (steps copy it again)."""
        template = self.empty_db if empty else self.template_db
        assert template is not None
        base = case_dir / "base.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            source = template.with_name(template.name + suffix)
            if source.exists():
                shutil.copyfile(source, base.with_name(base.name + suffix))
        return base

    def special_cases(self) -> list[tuple[str, str, Callable[[Path], None]]]:
        """Not-a-file inputs, each run once: a FIFO and a device where a file is expected."""
        names = {
            "character": "{}.fatesmith.json",
            "archive": "{}.zip",
            "script": "{}.json",
            "art-csv": "{}.csv",
        }
        cases: list[tuple[str, str, Callable[[Path], None]]] = []
        for kind, pattern in names.items():
            if not self.weights.get(kind):
                continue
            if hasattr(os, "mkfifo"):
                cases.append((kind, pattern.format("pipe"), lambda p: os.mkfifo(p)))
            if Path("/dev/zero").exists():
                cases.append((kind, pattern.format("zero"), lambda p: p.symlink_to("/dev/zero")))
        return cases

    # -- the deck -----------------------------------------------------------------------------

    def draw(self) -> tuple[str, str]:
        """The next (input kind, mutation family), dealt from a shuffled deck of every pair.

        Every family is tried on every kind of input ``weight`` times before any is tried
        again, so even a short run covers them all.
        """
        if not self.deck:
            self.deck = [
                (kind, family)
                for kind, families in INPUT_KINDS.items()
                for family in families
                for _ in range(self.weights.get(kind, 0))
                if not self.families or family in self.families
            ]
            if not self.deck:
                raise SystemExit("fuzz: no input kind (or mutation family) chosen")
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def make_case(self, case_dir: Path) -> Case:
        """Write one damaged input into ``case_dir`` and say what to run on it."""
        kind, family = self.draw()
        by_family = self.dealt.setdefault(kind, {})
        by_family[family] = by_family.get(family, 0) + 1
        maker = {
            "character": self.character_case,
            "script": self.script_case,
            "cast": self.script_case,
            "archive": self.archive_case,
            "art-csv": self.csv_case,
            "diagram": self.diagram_case,
            "planted": self.planted_case,
            "arguments": self.arguments_case,
        }[kind]
        return maker(case_dir, kind, family)

    # -- the input kinds ------------------------------------------------------------------------

    def character_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """A damaged character file: validated, imported, printed."""
        seed = self.rng.choice(self.characters)
        mutation, data = mutate_json_file(self.rng, seed.read_bytes(), family)
        target = case_dir / f"input{''.join(seed.suffixes[-2:])}"
        target.write_bytes(data)
        self.base_library(case_dir)
        name = target.name
        return Case(
            "character",
            f"{mutation} of {seed.name}",
            case_dir,
            [
                Step(["validate", name]),
                Step(["library", "import", name], library=True, check=True),
                Step(["sheet", name, "-o", "out.pdf"]),
            ],
            base=True,
        )

    def archive_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """A damaged library archive: imported."""
        assert self.archive is not None
        mutation, data = ZIP_MUTATORS[family](self.rng, self.archive.read_bytes())
        (case_dir / "input.zip").write_bytes(data)
        # into the library it was exported from (duplicates), or an empty one (all new rows)
        empty = self.rng.random() < 0.5
        self.base_library(case_dir, empty=empty)
        steps = [Step(["library", "import", "input.zip"], library=True, check=True)]
        what = f"{mutation}, into {'an empty library' if empty else 'the library it came from'}"
        return Case("archive", what, case_dir, steps, base=True)

    def script_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """A damaged encounter script, or one of its cast's character files: run."""
        seed = self.rng.choice(self.scripts)
        shutil.copytree(CAST, case_dir / "characters")
        target = case_dir / "input.json"
        steps = [Step(["encounter", "run", "input.json", "--json"])]
        if kind == "cast":
            shutil.copyfile(seed, target)
            cast = self.rng.choice(sorted((case_dir / "characters").iterdir()))
            mutation, data = mutate_json_file(self.rng, cast.read_bytes(), family)
            cast.write_bytes(data)
            what = f"{mutation} of cast file {cast.name} ({seed.name})"
            return Case("script", what, case_dir, steps)
        mutation, data = mutate_json_file(self.rng, seed.read_bytes(), family)
        target.write_bytes(data)
        return Case("script", f"{mutation} of {seed.name}", case_dir, steps)

    def csv_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """A damaged Action Results Table CSV: checked, imported into a copy of the library
        and, when the import succeeds, read back (``art roll``) and exported."""
        mutation, data = CSV_MUTATORS[family](self.rng, self.rng.choice(self.tables))
        (case_dir / "input.csv").write_bytes(data)
        self.base_library(case_dir)
        row = self.rng.choice([0, 1, 14, 25, 30])
        steps = [
            Step(["art", "art-table", "check", "input.csv"]),
            Step(["art", "art-table", "import", "input.csv"], library=True, check=True),
            Step(
                ["art", "roll", str(row), "--seed", str(self.rng.randrange(1000)), "--json"],
                library=True,
                fresh=False,
                after_ok=True,
            ),
            Step(
                ["art", "art-table", "export", "out.csv"], library=True, fresh=False, after_ok=True
            ),
        ]
        return Case("art-csv", mutation, case_dir, steps, base=True)

    def label(self, trapping: str) -> str:
        """``trapping`` as ``trapping-cost`` reads it (with a detail when one is required)."""
        choices = self.details.get(trapping)
        return f"{trapping} [{self.rng.choice(choices)}]" if choices else trapping

    def diagram_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """A damaged corrected diagram stored in a copy of the library: trappings priced over
        it with ``trapping-cost``, a Strange Fate character (its Strange skill made of the
        priced trappings, most times) imported into it and its encounter run with it."""
        mutation, text, uses = mutate_diagram(self.rng, self.diagram, family)
        base = self.base_library(case_dir)
        (case_dir / "diagram.json").write_text(text, "utf-8", "surrogatepass")
        stored = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
        with sqlite3.connect(base) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO system_data (system, key, provenance, version, "
                "updated_at, content) VALUES ('strange-fate', 'trapping-diagram', 'user', 1, "
                "'2026-11-28 00:00:00.000000', ?)",
                (stored,),
            )
        conn.close()
        labels = [self.label(u) for u in uses if isinstance(u, str)] or ["Networking"]
        shutil.copytree(CAST, case_dir / "characters")
        character = case_dir / "characters" / STRANGE_CHARACTER
        if self.rng.random() < 0.7 and uses:
            doc = json.loads(character.read_text("utf-8"))
            skill = doc["designed"]["Strength Training"]
            skill["trappings"] = [
                {"trapping": t, "details": [lb[len(t) + 2 : -1]] if lb != t else [], "extras": [],
                 "count": 1, "printed_points": None, "printed_extras": None, "printed_as": None}
                for t, lb in zip(uses, labels, strict=False)
            ]  # fmt: skip
            character.write_text(json.dumps(doc, indent=2), "utf-8")
            mutation += ", the character's Strength Training made of the priced trappings"
        shutil.copyfile(SCRIPT_SEEDS / STRANGE_SCRIPT, case_dir / "input.json")
        unique = ["--unique"] if self.rng.random() < 0.3 else []
        url = f"sqlite:///{LIBRARY}"
        character_arg = f"characters/{STRANGE_CHARACTER}"
        steps = [
            Step(["trapping-cost", *unique, "--library", url, *labels], library=False),
            Step(["library", "import", character_arg], library=True, check=True),
            Step(["encounter", "run", "input.json", "--json"], library=True),
        ]
        return Case("diagram", mutation, case_dir, steps, base=True)

    def planted_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """An export into ``shared/`` with something planted at its predictable temp names."""
        export, plant_kind = family.split(":")
        args, out, needs_library = EXPORTS[export]
        shared = case_dir / "shared"
        shared.mkdir()
        if export == "sheet":
            seed = self.rng.choice(self.characters)
            shutil.copyfile(seed, case_dir / "input.fatesmith.json")
        if needs_library:
            self.base_library(case_dir)
        planted = plant(self.rng, plant_kind, shared, out)
        (case_dir / "plant.sh").write_text("\n".join(planted.script) + "\n", "utf-8")
        step = Step(list(args), library=needs_library)
        what = f"{export} with {planted.describe()}"
        return Case("planted", what, case_dir, [step], base=needs_library, plant=planted)

    def arguments_case(self, case_dir: Path, kind: str, family: str) -> Case:
        """A command with hostile arguments (numbers past every bound, undecodable bytes)."""
        mutation, args = ARGUMENT_MAKERS[family](self.rng)
        self.base_library(case_dir)
        needs_library = args[:2] in (["art", "roll"], ["library", "export-character"])
        return Case("arguments", mutation, case_dir, [Step(args, library=needs_library)], True)

    # -- running and recording ------------------------------------------------------------------

    def run_case(self, case: Case) -> None:
        self.cases += 1
        library = case.folder / LIBRARY
        failed_check = False
        done: list[Step] = []
        for step in case.steps:
            if step.after_ok and failed_check:
                continue
            if case.base and step.fresh and (step.library or "--library" in step.args):
                library.parent.mkdir(exist_ok=True)
                for suffix in ("-wal", "-shm"):
                    library.with_name(library.name + suffix).unlink(missing_ok=True)
                shutil.copyfile(case.folder / "base.sqlite3", library)
            before = library_fingerprint(library) if step.check else ""
            outcome = self.runner.run(step.args, case.folder, options=step.options)
            self.commands += 1
            done.append(step)
            if step.check and outcome.returncode != 0:
                failed_check = True
            if (
                not outcome.problem
                and step.check
                and outcome.returncode not in (0, None)
                and library_fingerprint(library) != before
            ):
                outcome.problem = "half-import"
                outcome.signature = re.sub(
                    r"\d+",
                    "N",
                    f"half-import: {command_words(step.args)} ({case.kind}): "
                    f"{outcome.stderr.strip()[-120:]}",
                )
            if outcome.problem:
                self.record(outcome, case, done)
            if case.plant is not None:
                changes = changed_canaries(case.plant)
                if changes:
                    self.record(_canary_outcome(outcome, step, case.plant, changes), case, done)

    def record(self, outcome: Outcome, case: Case, steps: list[Step]) -> None:
        count = self.by_signature.get(outcome.signature, 0) + 1
        self.by_signature[outcome.signature] = count
        saved = None
        if count <= SAVED_PER_SIGNATURE:
            number = len(self.findings) + 1
            saved = self.out / f"{number:04d}-{outcome.problem}-{case.kind}"
            while saved.exists():  # an earlier run's findings in the same folder stay
                number += 1
                saved = self.out / f"{number:04d}-{outcome.problem}-{case.kind}"
            shutil.copytree(
                case.folder,
                saved,
                ignore=shutil.ignore_patterns("library", "out.pdf", "base.sqlite3-*"),
                symlinks=True,
                ignore_dangling_symlinks=True,
                copy_function=_copy_regular_only,
            )
            (saved / "finding.txt").write_text(
                _describe(outcome, case, steps), "utf-8", "backslashreplace"
            )
        self.findings.append(Finding(outcome, case.kind, case.mutation, saved))
        line = (
            f"  FOUND {outcome.problem}: {' '.join(a[:40] for a in outcome.command)[:120]} on "
            f"{case.kind} ({case.mutation[:160]})" + (f" -> {saved}" if saved else "")
        )
        print(_printable(line), flush=True)

    def campaign(self, deadline: float) -> None:
        for kind, name, make in self.special_cases():
            case_dir = Path(tempfile.mkdtemp(prefix="case-", dir=self.work))
            if kind == "script":
                shutil.copytree(CAST, case_dir / "characters")
            make(case_dir / name)
            self.base_library(case_dir)
            steps = {
                "character": [
                    Step(["validate", name]),
                    Step(["library", "import", name], library=True, check=True),
                    Step(["sheet", name, "-o", "out.pdf"]),
                ],
                "archive": [Step(["library", "import", name], library=True, check=True)],
                "script": [Step(["encounter", "run", name, "--json"])],
                "art-csv": [
                    Step(["art", "art-table", "check", name]),
                    Step(["art", "art-table", "import", name], library=True, check=True),
                ],
            }[kind]
            self.run_case(Case(kind, f"special file ({name})", case_dir, steps, base=True))
            shutil.rmtree(case_dir, ignore_errors=True)
        while time.monotonic() < deadline:
            case_dir = Path(tempfile.mkdtemp(prefix="case-", dir=self.work))
            self.run_case(self.make_case(case_dir))
            shutil.rmtree(case_dir, ignore_errors=True)


def _canary_outcome(
    outcome: Outcome, step: Step, planted: Plant, changes: dict[str, str]
) -> Outcome:
    """A **canary-changed** finding: the export wrote through (or replaced) what was planted."""
    out = Path(step.args[step.args.index("-o") + 1] if "-o" in step.args else step.args[-1]).name
    names = sorted(name.replace(out, "OUT") for name in changes)
    return Outcome(
        outcome.command,
        outcome.returncode,
        outcome.stdout,
        outcome.stderr + "\n--- canaries\n" + "\n".join(f"{k}: {v}" for k, v in changes.items()),
        outcome.seconds,
        "canary-changed",
        f"canary changed: {command_words(step.args)}: {planted.kind} at {', '.join(names)}",
    )


def _printable(text: str) -> str:
    """``text`` that any terminal can be given: control characters and lone surrogates
    escaped (``\\r``, ``\\x1b``, ``\\udcff``), so a finding cannot drive the terminal."""
    return (
        "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
        .encode("utf-8", "backslashreplace")
        .decode("utf-8")
    )


def _shell(arg: str) -> str:
    """``arg`` quoted for the shell; one with control characters or that is not UTF-8 (a lone
    surrogate from undecodable bytes) as ``$'...'`` with those bytes escaped."""
    if arg.isprintable() or not arg:
        return shlex.quote(arg)
    raw = b"".join(  # the bytes the child gets (os.fsencode: \udcXX is the byte XX)
        bytes([ord(c) - 0xDC00])
        if 0xDC80 <= ord(c) <= 0xDCFF
        else c.encode("utf-8", "surrogatepass")
        for c in arg
    )
    escaped = "".join(
        chr(b) if 32 <= b < 127 and chr(b) not in "'\\" else f"\\x{b:02x}" for b in raw
    )
    return f"$'{escaped}'"


def _copy_regular_only(source: str, target: str) -> str:
    """Copy files; a FIFO or device is recorded as a note instead of being read."""
    if Path(source).is_file() and not Path(source).is_symlink():
        return str(shutil.copy2(source, target))
    Path(target + ".special.txt").write_text(
        f"{Path(source).name} was a special file (FIFO or a link to a device) when the "
        "finding was made; re-create it to repeat it (plant.sh does, for planted names).\n",
        encoding="utf-8",
    )
    return target


def _describe(outcome: Outcome, case: Case, steps: list[Step]) -> str:
    python = f"PYTHONPATH={REPO} QT_QPA_PLATFORM=offscreen {sys.executable} -m gui.cli"
    lines = []
    if case.plant is not None:
        lines.append("sh plant.sh  # puts the planted names and canaries back")
    for step in steps:
        if step.fresh and (step.library or "--library" in step.args) and case.base:
            lines.append(f"mkdir -p library && cp base.sqlite3 {LIBRARY}")
        options = " ".join(shlex.quote(o) for o in step.options)
        args = " ".join(_shell(a) for a in step.args)
        lines.append(f"{python} {options + ' ' if options else ''}{args}")
    repro = "\n".join(f"    {line}" for line in lines)
    return (
        f"problem: {outcome.problem}\n"
        f"signature: {outcome.signature}\n"
        f"input: {case.kind}, {case.mutation}\n"
        f"commands (run in this folder; the last one is the finding's):\n{repro}\n"
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
        "dealt": fuzzer.dealt,
    }


def _weights(only: str | None, weight: list[str]) -> dict[str, int]:
    chosen = [k.strip() for k in only.split(",")] if only else list(INPUT_KINDS)
    unknown = [k for k in chosen if k not in INPUT_KINDS]
    weights = {k: 1 if k in chosen else 0 for k in INPUT_KINDS}
    for item in weight:
        kind, _, value = item.partition("=")
        if kind not in INPUT_KINDS or not value.isdigit():
            unknown.append(item)
        else:
            weights[kind] = int(value)
    if unknown:
        raise SystemExit(
            f"fuzz: unknown input kind {', '.join(unknown)} (kinds: {', '.join(INPUT_KINDS)})"
        )
    return weights


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.fuzz --minutes N [--seed S] [--out DIR] [--only KINDS]``."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz",
        description="Feed damaged files to the real commands: tracebacks, hangs, half-imports, "
        "changed canaries.",
    )
    parser.add_argument("--minutes", type=float, required=True, help="how long to run")
    parser.add_argument("--seed", type=int, help="repeat a run (default: from the clock)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="findings folder")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per command")
    parser.add_argument("--memory-mb", type=int, default=3072, help="address-space limit")
    parser.add_argument(
        "--only", metavar="KINDS", help=f"comma-separated input kinds ({', '.join(INPUT_KINDS)})"
    )
    parser.add_argument(
        "--weight",
        action="append",
        default=[],
        metavar="KIND=N",
        help="deal each of KIND's families N times a round (default 1; 0 leaves it out)",
    )
    parser.add_argument(
        "--family",
        action="append",
        default=[],
        metavar="NAME",
        help="only this mutation family (repeatable; e.g. surrogates, csv-line-ends, "
        "diagram-knot, library-export:symlink)",
    )
    args = parser.parse_args(argv)
    weights = _weights(args.only, args.weight)
    known = {f for families in INPUT_KINDS.values() for f in families}
    if set(args.family) - known:
        raise SystemExit(
            f"fuzz: unknown mutation family {', '.join(sorted(set(args.family) - known))} "
            f"(families: {', '.join(sorted(known))})"
        )
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
        fuzzer = Fuzzer(work, out, runner, random.Random(seed), weights, frozenset(args.family))
        kinds = ", ".join(f"{k}" + (f" x{w}" if w != 1 else "") for k, w in weights.items() if w)
        print(f"fuzz: seed {seed}, {args.minutes:g} min, {kinds}; findings in {out}", flush=True)
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
        print(_printable(f"  {group['count']:4d} x {signature}") + f"\n         e.g. {example}")
    return 1 if fuzzer.findings else 0
