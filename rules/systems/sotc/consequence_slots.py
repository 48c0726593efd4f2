"""Rules layer: which of a Spirit of the Century participant's consequence slots a consequence
imposed outside an attack lands in (a fall, a poison, an explosion, a stunt's forced blow).

Held consequences and those cleared this conflict fill slots, as for the conflict rules'
``next_consequence``; a full slot moves the consequence up (digest 13 #3).
"""

from __future__ import annotations

from rules.character import ConflictKind, Severity
from rules.conflict_rules import ConflictRules
from rules.encounter import Participant

_ORDER: dict[str, int] = {"mild": 0, "moderate": 1, "severe": 2}


def slot_at_least(
    cr: ConflictRules, p: Participant, kind: ConflictKind, at_least: Severity
) -> Severity | None:
    """``p``'s lowest free consequence slot of at least ``at_least`` in a conflict of ``kind``
    (held consequences and those cleared this conflict fill slots, as for ``next_consequence``;
    a full slot moves the consequence up)."""
    slots = list(cr.consequence_slots(p, kind))
    used = [False] * len(slots)
    taken = [c.severity for c in p.consequences if c.severity != "extra"]
    for severity in sorted([*taken, *p.spent_slots], key=lambda s: _ORDER.get(s, 1)):
        for i, slot in enumerate(slots):
            if not used[i] and _ORDER[slot] >= _ORDER.get(severity, 1):
                used[i] = True
                break
    for i, slot in enumerate(slots):
        if not used[i] and _ORDER[slot] >= _ORDER[at_least]:
            return slot
    return None


def free_slot(cr: ConflictRules, p: Participant, at_least: Severity) -> Severity | None:
    """The lowest free physical consequence slot of at least ``at_least`` (a full slot moves
    the consequence up, as an attack's would; digest 13 #3)."""
    return slot_at_least(cr, p, "physical", at_least)
