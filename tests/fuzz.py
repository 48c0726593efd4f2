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

import sys

from tests.fuzzing.campaign import main

if __name__ == "__main__":
    sys.exit(main())
