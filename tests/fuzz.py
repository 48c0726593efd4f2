"""Fuzz command (outside the test suite): feed damaged files to the real commands, find crashes.

Run from the repository root (see docs/fuzzing.md)::

    .venv/bin/python -m tests.fuzz --minutes 10 [--seed S] [--out DIR] [--timeout SECONDS]
                                   [--only KIND,...] [--weight KIND=N] [--family NAME]

It starts from valid inputs (the character files in ``tests/data/characters``,
``resources/systems/*/samples`` and ``docs/examples/encounters/characters``, a library archive
made with ``fatesmith library export``, the encounter scripts in ``docs/examples/encounters``,
Action Results Table CSVs, the bundled Strange Fate diagram), damages a copy of one at random
and runs the commands a user would run on it, each in its own process with a time and memory
limit. The input kinds (``tests/fuzzing/campaign.py``, ``INPUT_KINDS``):

* ``character``: ``validate``, ``library import`` (into a copy of a library) and ``sheet``;
* ``archive``: ``library import``;
* ``script`` / ``cast`` (a script, or one of its cast's files): ``encounter run``;
* ``art-csv``: an ART table CSV: ``art art-table check``, ``import``, then ``art roll`` and
  ``art art-table export`` on what was imported;
* ``diagram``: a corrected Strange Fate diagram stored in a copy of a library:
  ``trapping-cost``, ``library import`` of a Strange Fate character, ``encounter run``;
* ``planted``: an export (``library export``, ``library export-character``, ``sheet``,
  ``art art-table export``) with a symlink, folder or FIFO at its predictable temp names.

A finding is a **traceback** (any ``Traceback`` on the output, or death by a signal), a **hang**
(the time limit passed), a **half-import** (an import failed, yet the library's contents
changed) or a **canary-changed** (an export wrote through something planted). Each finding's
input is saved under ``--out`` with a ``finding.txt`` saying how to repeat it; findings with the
same signature (the command and the exception's last line and innermost frame) are saved at
most three times. The run ends with a summary; the exit status is 1 when anything was found.
The module names do not start with ``test_``, so pytest never collects them.
"""

from __future__ import annotations

import sys

from tests.fuzzing.campaign import main

if __name__ == "__main__":
    sys.exit(main())
