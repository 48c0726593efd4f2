"""Benchmarks for the rules layer: validating SotC characters (issue: rules core)."""

from __future__ import annotations

import gc

from benchmarks.harness import Result, median_time, once
from rules.systems.sotc.character import SotcCharacter
from storage.json_io import dumps_character, loads_character
from storage.systems_catalog import default_registry
from tests.rules.sotc_builders import build

N = 10_000


class _PlainFile(SotcCharacter):
    """The same document as a bare pydantic model: the baseline parse."""

    format: str
    format_version: int
    system_version: int = 1


def validate_one() -> Result:
    """One complete character: validate + derive, median under 1 ms (absolute limit)."""
    registry = default_registry()
    system = registry.get("sotc")
    character = build()

    def work() -> None:
        system.validate(character)
        system.derive(character)

    median = median_time(work, repeat=301, warmup=20)
    return Result("validate_one_sotc", median, 0.001, 1.0, "limit 1 ms")


def validate_many() -> Result:
    """10,000 character files: our load + validate vs pydantic alone parsing the same files."""
    registry = default_registry()
    system = registry.get("sotc")
    texts = [dumps_character(build(name=f"Hero {i}")) for i in range(N)]
    gc.freeze()  # as the command line does once its catalogues are loaded (gui/cli.py)

    def baseline_run() -> None:
        for text in texts:
            _PlainFile.model_validate_json(text)

    def our_run() -> None:
        for text in texts:
            system.validate(loads_character(text, registry))

    # Interleave the two and keep each one's best round, so load from other processes on a
    # shared machine does not favour whichever happened to run in a quiet moment.
    baseline, ours = float("inf"), float("inf")
    for _ in range(3):
        baseline = min(baseline, once(baseline_run))
        ours = min(ours, once(our_run))
    return Result("validate_10k_sotc", ours, baseline, 3.0, "pydantic parse only")


BENCHMARKS = [validate_one, validate_many]
