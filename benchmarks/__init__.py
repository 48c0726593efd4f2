"""Benchmarks: each ``bench_*.py`` module defines ``BENCHMARKS``, a list of zero-argument callables
returning :class:`benchmarks.harness.Result`. Run them all with ``python -m benchmarks``."""
