"""GUI layer: keeping a Strange Fate character's validation and derived values responsive.

The character document validates and derives on the UI thread at every change. A designed skill
on a tangled corrected diagram can take seconds to price (the cheapest walk's search), so the
editor's document is bound to the system with a step budget
(:meth:`rules.systems.strange_fate.system.StrangeFateSystem.with_budget`): a walk over it is
reported "still being priced" (a validator warning, the skill counted at its rating) and
:class:`PricingFinisher` prices it on a worker thread into the book's cache, then rebinds the
document, whose next pass is exact and immediate.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject

from gui.documents.character_document import CharacterDocument
from gui.workers import Workers
from rules.systems.registry import GameSystem
from rules.systems.strange_fate.derive import StrangeFateDerived
from rules.systems.strange_fate.system import StrangeFateSystem

log = logging.getLogger(__name__)

VALIDATE_BUDGET = 2000
"""Search steps per uncached walk the editor's validation spends on the UI thread (the skill
designer's budget: a few milliseconds; every sample skill of the book takes far fewer)."""


def budgeted(system: GameSystem) -> GameSystem:
    """``system`` answering within :data:`VALIDATE_BUDGET` (a Strange Fate system; any other
    as it is)."""
    if isinstance(system, StrangeFateSystem):
        return system.with_budget(VALIDATE_BUDGET)
    return system


def pending(document: CharacterDocument) -> tuple[str, ...]:
    """The designed skills of ``document`` still being priced."""
    derived = document.derived
    if not isinstance(derived, StrangeFateDerived):
        return ()
    return tuple(p.name for p in derived.skills if p.pending)


class PricingFinisher(QObject):
    """Prices ``document``'s pending skills on a worker thread and then rebinds it (a child of
    the document: it ends with it).

    Args:
        document: A Strange Fate character's document.
    """

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document)
        self.document = document
        self._workers = Workers(parent=self)  # run() alone: no library involved
        self._workers.pool.setMaxThreadCount(1)
        self._running = False
        self._failed: set[tuple[str, ...]] = set()
        document.problems_changed.connect(self.check)
        self.check()

    def busy(self) -> bool:
        """Whether a walk is being priced now."""
        return self._running

    def wait(self, msecs: int = 30_000) -> bool:
        """Wait for the worker (tests, closing)."""
        return self._workers.wait(msecs)

    def check(self) -> None:
        """Start pricing the pending skills, unless already at it."""
        names = pending(self.document)
        if self._running or not names or names in self._failed:
            return
        system = self.document.system
        if not isinstance(system, StrangeFateSystem):
            return
        character = self.document.character
        self._running = True
        self._workers.run(
            lambda: system.finish_pricing(character),
            lambda _count: self._done(system),
            lambda message: self._fail(names, message),
        )

    def _done(self, system: StrangeFateSystem) -> None:
        self._running = False
        if self.document.system is system:  # the cache holds the walks now: exact at once
            self.document.rebind(system)
        else:
            self.check()

    def _fail(self, names: tuple[str, ...], message: str) -> None:
        self._running = False
        self._failed.add(names)  # the warning stays; the log says why
        log.warning("pricing %s failed: %s", ", ".join(names), message)
