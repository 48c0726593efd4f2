"""Run every benchmark: ``python -m benchmarks [NAME_FILTER]``; one line per benchmark.

Each ``bench_*`` module runs in a fresh Python process, so one benchmark's leftovers (a loaded
Qt, a 10,000-character library in memory, a fragmented heap) never slow down the next one.
"""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys

import benchmarks

RUN_ONE = """
import sys
import benchmarks.{module} as module
wanted = sys.argv[1]
failed = 0
for bench in module.BENCHMARKS:
    if wanted and wanted not in bench.__name__ and wanted not in "{module}":
        continue
    result = bench()
    print(result.line(), flush=True)
    failed += not result.ok
sys.exit(1 if failed else 0)
"""


def main(argv: list[str]) -> int:
    """Discover ``benchmarks/bench_*.py`` and run each module in its own process."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    wanted = argv[0] if argv else ""
    failed = 0
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda i: i.name):
        if not info.name.startswith("bench_"):
            continue
        code = RUN_ONE.format(module=info.name)
        proc = subprocess.run([sys.executable, "-c", code, wanted], env=env, check=False)
        failed += proc.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
