"""GUI layer: the quick NPC dialog: §10 Pyramid Shorthand in the app.

Pick a number of phases, list skill names highest first, and get phases that buy that pyramid
rank by rank, each balanced at its end (``rules.systems.fate2.builder.quick_npc_phases``); the
aspects are left for the user to name. The preview shows where each name lands.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.theme import css
from rules.systems.fate2.builder import quick_npc_phases
from rules.systems.fate2.character import Fate2Phase
from rules.systems.fate2.settings import Fate2Settings
from rules.systems.fate2.system import Fate2System


class QuickNpcDialog(QDialog):
    """Phases and skill names in, a pyramid preview, phases out.

    Args:
        system: FATE 2.0.
        settings: The campaign's settings (ranks per phase, shape, skill list).
        cancel_text: The reject button's text ("Cancel", or "Start blank" for a new character).
        parent: The parent widget.
    """

    def __init__(
        self,
        system: Fate2System,
        settings: Fate2Settings,
        cancel_text: str = "Cancel",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Quick NPC (Pyramid Shorthand)")
        self._system = system
        self._settings = settings
        self.phases = QSpinBox()
        self.phases.setRange(1, 30)
        self.phases.setValue(settings.phases)
        self.phases.setAccessibleName("Phases")
        self.names = QPlainTextEdit()
        self.names.setAccessibleName("Skill names, highest first")
        self.names.setPlaceholderText("One skill per line, the best first")
        self.names.setTabChangesFocus(True)
        self.fill = QPushButton("&Fill from the campaign's list")
        self.fill.clicked.connect(self._fill)
        self.preview = QLabel()
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setWordWrap(True)
        self.preview.setMinimumWidth(360)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("&Create")
        self.buttons.addButton(cancel_text, QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Phases:", self.phases)
        form.addRow("&Skills:", self.names)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.fill)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)
        self.phases.valueChanged.connect(self._refresh)
        self.names.textChanged.connect(self._refresh)
        self._refresh()

    def skill_names(self) -> list[str]:
        """The names typed, in order."""
        return [n.strip() for n in self.names.toPlainText().splitlines() if n.strip()]

    def pyramid(self) -> dict[int, int]:
        """The shape for the chosen number of phases."""
        return self._system.quick_pyramid(self.phases.value(), self._settings)

    def _fill(self) -> None:
        have = self.skill_names()
        taken = {n.casefold() for n in have}
        needed = sum(self.pyramid().values()) - len(have)
        more = [n for n in self._system.skill_names(self._settings) if n.casefold() not in taken]
        self.names.setPlainText("\n".join([*have, *more[: max(0, needed)]]))

    def _refresh(self) -> None:
        pyramid = self.pyramid()
        names = iter(self.skill_names())
        ladder = self._system.ladder
        lines = []
        for rung in sorted(pyramid, reverse=True):
            slots = [next(names, "____") for _ in range(pyramid[rung])]
            lines.append(f"<b>{ladder.render(rung)}</b>: {', '.join(slots)}")
        needed = sum(pyramid.values())
        missing = needed - len(self.skill_names())
        ranks = self.phases.value() * self._settings.ranks_per_phase
        head = f"{needed} skills, {ranks} ranks."
        if missing > 0:
            head += f" <span style='color:{css('error')}'>{missing} more name(s) needed.</span>"
        self.preview.setText(head + "<br>" + "<br>".join(lines))
        self.ok.setEnabled(missing <= 0)

    def result_phases(self) -> tuple[Fate2Phase, ...] | None:
        """The phases, or None when the names do not fill the pyramid (or repeat)."""
        try:
            return quick_npc_phases(
                self.phases.value(),
                self.skill_names(),
                self._settings.ranks_per_phase,
                self._settings.skill_shape,
            )
        except ValueError:
            return None

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        system: Fate2System,
        settings: Fate2Settings,
        cancel_text: str = "Cancel",
    ) -> tuple[Fate2Phase, ...] | None:
        """Run the dialog; the phases, or None when cancelled."""
        dialog = cls(system, settings, cancel_text, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.result_phases()
