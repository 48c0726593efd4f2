"""Benchmark harness: timing helpers and the one-line report format.

Each benchmark measures our code and a baseline in the same run and reports
``NAME ratio=R target=T ours=... baseline=...``. For an absolute limit, the "baseline" is the
limit itself and the ratio is measured / limit with target 1.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One benchmark's outcome (seconds)."""

    name: str
    ours: float
    baseline: float
    target: float
    baseline_label: str = ""
    unit: str = "s"

    @property
    def ratio(self) -> float:
        """ours / baseline."""
        return self.ours / self.baseline if self.baseline else float("inf")

    @property
    def ok(self) -> bool:
        """Whether the ratio meets the target."""
        return self.ratio <= self.target

    def line(self) -> str:
        """The report line."""
        label = f" ({self.baseline_label})" if self.baseline_label else ""
        verdict = "ok" if self.ok else "SLOW"
        if self.unit == "s":
            ours, base = fmt(self.ours), fmt(self.baseline)
        else:
            ours, base = f"{self.ours:.1f}{self.unit}", f"{self.baseline:.1f}{self.unit}"
        return (
            f"{self.name} ratio={self.ratio:.2f} target={self.target:g} "
            f"ours={ours} baseline={base}{label} {verdict}"
        )


def fmt(seconds: float) -> str:
    """Human-friendly duration."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f}us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f}ms"
    return f"{seconds:.2f}s"


def median_time(fn: Callable[[], object], repeat: int = 15, warmup: int = 2) -> float:
    """Median wall time of ``fn`` over ``repeat`` runs after ``warmup`` runs."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def once(fn: Callable[[], object]) -> float:
    """Wall time of a single run."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def interleaved(
    a: Callable[[], object], b: Callable[[], object], rounds: int
) -> tuple[float, float]:
    """Best times of ``a`` and ``b``, timed alternately round after round.

    Alternating exposes both to the same machine load, and keeping each one's best round
    drops the rounds a busy shared machine slowed down (as ``bench_rules`` does). One untimed
    run of each warms the caches first, and garbage is collected before every run, so neither
    pays for the other's leftovers.
    """
    a()
    b()
    best_a = best_b = float("inf")
    for _ in range(rounds):
        gc.collect()
        best_a = min(best_a, once(a))
        gc.collect()
        best_b = min(best_b, once(b))
    return best_a, best_b
