"""GUI layer (no Qt): an encounter as the JSON the players' page reads.

One place builds what is served, so the GM's preview, the app's live feed and
``fatesmith encounter share`` show the players the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.conflict_rules import ConflictRules
from rules.encounter import Encounter, LogEntry
from rules.encounter.public_view import PublicState, StressMode, public_view
from rules.systems.registry import SystemInfo


def public_state(
    state: Encounter,
    rules: ConflictRules,
    info: SystemInfo,
    *,
    log: Sequence[LogEntry] = (),
    stress: StressMode = "exact",
) -> PublicState:
    """What the players may see of ``state``, in its system's words (``info``)."""
    return public_view(
        state,
        rules,
        log=log,
        stress=stress,
        condition_words=info.condition_words,
        system_name=info.name,
        ladder=info.ladder,
    )
