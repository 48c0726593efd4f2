"""Benchmarks: conflict engine speed (replaying a long log; one transition in a big scene).

Absolute limits from the issue: replaying a 1,000-entry log under 200 ms; with 60 participants
(10 characters and 50 minions in groups) a transition under 16 ms median. The ratio printed is
measured / limit.
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks.harness import Result, median_time, once
from rules import conflict
from rules.encounter import (
    ApplyStressEvent,
    AttackEvent,
    Encounter,
    Event,
    LogEntry,
    NextTurnEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
)
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import SotcConflictRules, npc_participant
from rules.systems.sotc.settings import SotcSettings

CR = SotcConflictRules()
REPLAY_LIMIT = 0.200
TRANSITION_LIMIT = 0.016


def big_scene() -> Encounter:
    """10 named characters (5 a side) and 50 minions in 5 groups of 10: 60 participants' worth."""
    rules = SotcSettings()
    cr = SotcConflictRules(rules)
    people = [
        npc_participant(
            pid=f"c{i}",
            name=f"Character {i}",
            rules=rules,
            fate_points=5,
            side="h" if i < 5 else "v",
            skills={"Fists": 3, "Athletics": 2, "Alertness": i % 5, "Resolve": 2},
        )
        for i in range(10)
    ]
    groups = [
        conflict.minion_group(
            cr, pid=f"g{i}", name=f"Gang {i}", quality=1 + i % 3, count=10, side="v"
        )
        for i in range(5)
    ]
    return conflict.start(
        CR, Encounter(system="sotc", settings=cr.settings_data, participants=(*people, *groups))
    )[0]


def long_log(n: int = 1000, seed: int = 1) -> tuple[Encounter, list[Event]]:
    """A legal log of ``n`` entries: attacks, boxes, consequences and turns."""
    rng = random.Random(seed)
    start = state = big_scene()
    ids = [p.id for p in start.participants]
    events: list[Event] = []
    while len(events) < n:
        pending = state.pending_hit
        ev: Event
        if pending is not None:
            if pending.box is not None and rng.random() < 0.8:
                ev = ApplyStressEvent(who=pending.target)
            else:
                ev = TakeConsequenceEvent(who=pending.target, text="Hurt")
        elif rng.random() < 0.3:
            ev = NextTurnEvent()
        else:
            ev = conflict.fill_dice(
                CR,
                AttackEvent(
                    attacker=rng.choice(ids),
                    defender=rng.choice(ids),
                    skill="Fists",
                    defense_skill="Athletics",
                ),
                rng,
            )
        try:
            state, _ = conflict.apply_event(CR, state, ev)
        except RuleViolation:
            if pending is not None:  # no slot left: take them out
                ev = TakeOutEvent(who=pending.target)
                state, _ = conflict.apply_event(CR, state, ev)
            else:
                continue
        events.append(ev)
    return start, events


def bench_replay_1000_entries() -> Result:
    """Replay a 1,000-entry log (limit 200 ms)."""
    start, events = long_log()
    log: list[LogEntry] = []

    def run() -> None:
        log[:] = conflict.replay(CR, start, events)[1]

    once(run)
    ours = min(once(run) for _ in range(5))
    assert len(log) == 1000
    return Result("encounter_replay_1000", ours, REPLAY_LIMIT, 1.0, "200 ms limit")


def bench_transition_60_participants() -> Result:
    """One attack and its box in a 60-participant scene (limit 16 ms median)."""
    state = big_scene()
    attack = AttackEvent(
        attacker="c0",
        defender="c7",
        skill="Fists",
        defense_skill="Athletics",
        dice=(1, 1, 0, 0),
        defense_dice=(0, 0, 0, 0),
    )

    def run() -> None:
        s, _ = conflict.apply_event(CR, state, attack)
        conflict.apply_event(CR, s, ApplyStressEvent(who="c7"))

    ours = median_time(run, repeat=50) / 2
    return Result("encounter_transition_60", ours, TRANSITION_LIMIT, 1.0, "16 ms limit")


BENCHMARKS = [bench_replay_1000_entries, bench_transition_60_participants]


def bench_window_transition_60_participants() -> Result:
    """One attack plus the repaint of the encounter window with 60 participants (limit 16 ms)."""
    from PySide6.QtWidgets import QApplication

    from gui.encounter.document import EncounterDocument
    from gui.encounter.window import EncounterWindow

    app = QApplication.instance() or QApplication([])
    window = EncounterWindow(EncounterDocument(big_scene(), CR), rng=random.Random(1))
    window.show()
    app.processEvents()
    attack = AttackEvent(attacker="c0", defender="g4", skill="Fists", defense_skill="Athletics")
    stack = window.doc.undo_stack

    times: list[float] = []

    def run() -> None:
        start = time.perf_counter()
        window.push(attack)
        window.table.viewport().repaint()
        window.log.viewport().repaint()
        app.processEvents()
        times.append(time.perf_counter() - start)
        stack.undo()
        app.processEvents()

    for _ in range(32):
        run()
    ours = statistics.median(times[2:])
    window.close()
    window.deleteLater()
    app.processEvents()
    return Result("encounter_window_transition_60", ours, TRANSITION_LIMIT, 1.0, "16 ms limit")


BENCHMARKS.append(bench_window_transition_60_participants)
