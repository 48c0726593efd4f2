"""Run every benchmark: ``python -m benchmarks [NAME_FILTER]``; one line per benchmark."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import benchmarks
from benchmarks.harness import Result


def main(argv: list[str]) -> int:
    """Discover ``benchmarks/bench_*.py`` and print each result line."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    wanted = argv[0] if argv else ""
    failed = 0
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda i: i.name):
        if not info.name.startswith("bench_"):
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        for bench in module.BENCHMARKS:
            if wanted and wanted not in bench.__name__ and wanted not in info.name:
                continue
            result: Result = bench()
            print(result.line(), flush=True)
            failed += not result.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
