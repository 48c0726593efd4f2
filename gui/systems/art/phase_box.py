"""GUI layer: the ART Engine's phase box on the scene panel: combat rounds or exploration
phases, the scale of a phase, and the time each adventurer has spent against its limit.

ART Engine, Chapter 4 "Exploration Phases": the narrator sets the time scale of the phase
("Time Scale of Phases"); each action moves the adventurer's token one square per phase it
took ("Phase Track"); a time limit announced before a roll aborts a longer task ("Setting Time
Limits"; set from the Rules menu, as are the raised scale after a failed attempt, "Rolling
Again"). Every change is an engine event (the scene's settings, :class:`SetSceneEvent`), so it
goes on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
)

from rules.encounter import Encounter, Event, SetSceneEvent
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_time import SCALES, duration_text
from rules.systems.art.settings import ArtSettings

if TYPE_CHECKING:
    from gui.encounter.document import EncounterDocument


class ArtPhaseBox(QGroupBox):
    """Rounds or phases, the phase's scale, and the time spent (a
    :class:`gui.encounter.system_prompts.SceneControls`)."""

    def __init__(self, document: EncounterDocument, emit: Callable[[Event], None]) -> None:
        super().__init__("Rounds and phases")
        self._doc = document
        self._emit = emit
        self.exploration = QCheckBox("Exploration phases")
        self.exploration.setToolTip(
            'Phases instead of combat rounds (ART Engine, Chapter 4 "Exploration Phases"): '
            "actions take phases on the phase track; chosen before anyone joins the scene"
        )
        self.scale = QComboBox()
        for scale in SCALES:
            self.scale.addItem(f"{scale} (a phase is {duration_text(1, scale)})", scale)
        self.scale.setToolTip(
            'ART Engine, "Time Scale of Phases": the narrator sets one scale for the actions '
            "declared"
        )
        self.time = QLabel()
        self.time.setWordWrap(True)
        row = QHBoxLayout()  # one row: the scene panel is short at the window's default size
        row.addWidget(self.exploration)
        scale_label = QLabel("Scale")
        scale_label.setBuddy(self.scale)
        row.addWidget(scale_label)
        row.addWidget(self.scale, 1)
        box = QVBoxLayout(self)
        box.addLayout(row)
        box.addWidget(self.time)
        self.exploration.toggled.connect(self._changed)
        self.scale.currentIndexChanged.connect(self._changed)
        self.refresh(document.state)

    def _settings(self) -> ArtSettings:
        rules = self._doc.conflict_rules
        return rules.settings if isinstance(rules, ArtConflictRules) else ArtSettings()

    def refresh(self, state: Encounter) -> None:
        """Show the scene's choice, and in exploration the time each adventurer has spent, its
        scale and the limit of its next task."""
        settings = self._settings()
        for w in (self.exploration, self.scale):
            w.blockSignals(True)
        self.exploration.setChecked(settings.exploration)
        self.exploration.setEnabled(not state.participants and not state.ended)
        self.scale.setCurrentIndex(self.scale.findData(settings.phase_scale))
        # the scene's settings are fixed at the start; later, "raise_scale" (Rules menu)
        self.scale.setEnabled(settings.exploration and not state.started and not state.ended)
        for w in (self.exploration, self.scale):
            w.blockSignals(False)
        rules = self._doc.conflict_rules
        status = rules.time_status(state) if isinstance(rules, ArtConflictRules) else ""
        if settings.exploration:
            self.time.setText(
                status
                or "No adventurer yet: each one's time spent shows here. Set a time "
                "limit from the Rules menu before rolling."
            )
        else:
            self.time.setText("Combat rounds: initiative by Alertness (Chapter 5).")

    def _changed(self) -> None:
        data = dict(self._doc.conflict_rules.settings_data)
        data.update(exploration=self.exploration.isChecked(), phase_scale=self.scale.currentData())
        if data != self._doc.conflict_rules.settings_data:
            self._emit(SetSceneEvent(settings=data))
