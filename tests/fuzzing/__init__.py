"""The fuzz command's parts (``python -m tests.fuzz``; see docs/fuzzing.md and tests/fuzz.py)."""
