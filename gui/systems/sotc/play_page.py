"""GUI layer: the SotC editor's "In play" page: the character between fights.

Current fate points with the start-of-session refresh (SotC "Refreshing Fate Points"), the
stress boxes and consequences the character carries (SotC "Stress", "Consequences") with what
care, poison and first aid left on them (written back from an encounter), recovery
over time (SotC "Removing Consequences") and the advancement log (SotC "The Long Game:
Advancement"). Every change is an undo command of :mod:`gui.systems.sotc.play_commands`; the
page redraws from the document whenever the character changes.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.creation.page_base import CreationPage, FieldProblems
from gui.systems.sotc.play_commands import (
    AddAdvancementCommand,
    AddConsequenceCommand,
    CurePoisonCommand,
    RecoverCommand,
    RefreshFatePointsCommand,
    RemoveAdvancementCommand,
    RemoveConsequenceCommand,
    SetFatePointsCommand,
    ToggleStressCommand,
    Track,
    track_marks,
)
from rules.character import ConflictKind, Severity
from rules.encounter import RecoveryPeriod
from rules.systems.sotc.character import Advancement, AdvancementKind, SotcCharacter, Treatment
from rules.systems.sotc.system import SotcSystem
from rules.systems.sotc.treatment_marks import treatment_text

SEVERITIES: tuple[Severity, ...] = ("mild", "moderate", "severe", "extra")
KINDS: tuple[ConflictKind, ...] = ("physical", "social", "mental")
ADVANCEMENT_KINDS: tuple[tuple[AdvancementKind, str], ...] = (
    ("aspect", "New aspect"),
    ("stunt", "New stunt"),
    ("peak", "Raise the pyramid's peak"),
    ("shuffle", "Shuffle (swaps only)"),
)
PERIODS: tuple[tuple[RecoveryPeriod, str, str], ...] = (
    ("breather", "Breather", "A few minutes' rest between scenes: mild consequences go."),
    ("night", "Night's rest", "Six hours or more of rest: moderate consequences go."),
    ("downtime", "Downtime", "Days or weeks: severe consequences go."),
)


def advancement_text(number: int, entry: Advancement) -> str:
    """One line of the advancement log: "3. Stunt: Scholar (session 6) - after the siege"."""
    what = {
        "aspect": f"Aspect: {entry.aspect}",
        "stunt": f"Stunt: {entry.stunt}",
        "peak": "Peak raised one step",
        "shuffle": "Shuffle",
    }[entry.kind]
    when = f" ({entry.date})" if entry.date.strip() else ""
    note = f" \u2014 {entry.note}" if entry.note.strip() else ""
    return f"{number}. {what}{when}{note}"


class PlayPage(CreationPage):
    """Fate points, stress, consequences, recovery and advancement, edited with undo."""

    key = "play"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(
            document,
            "In play",
            "The character between fights: its fate points, the stress and consequences it "
            "carries, rest, and what it has gained in play (<i>SotC, Fate Points; Conflicts: "
            "Removing Consequences; The Long Game: Advancement</i>).",
            parent,
        )
        self._updating = False
        self._stress_boxes: dict[Track, list[QCheckBox]] = {"health": [], "composure": []}
        self.body.addWidget(self._fate_box())
        self.body.addWidget(self._stress_box())
        self.body.addWidget(self._recovery_box())
        self.body.addWidget(self._advancement_box())
        self.body.addStretch(1)
        self.fields["fate_points"] = self.fate_points
        self.fields["condition"] = self.consequence_text
        self.fields["advancements"] = self.advancement_text
        document.character_replaced.connect(self._show)
        self._show()

    # -- building ---------------------------------------------------------------------------------

    def _fate_box(self) -> QGroupBox:
        box = QGroupBox("Fate points")
        row = QHBoxLayout(box)
        self.fate_points = QSpinBox()
        self.fate_points.setRange(0, 1000)
        self.fate_points.setAccessibleName("Current fate points")
        self.fate_points.valueChanged.connect(self._on_fate_points)
        self.refresh_label = QLabel()
        self.refresh_button = QPushButton("Refresh (start of session)")
        self.refresh_button.setToolTip(
            "Bring the fate points up to the refresh rate; a larger pool is kept "
            "(SotC, Fate Points: Refreshing Fate Points)."
        )
        self.refresh_button.clicked.connect(
            lambda: self.document.undo_stack.push(RefreshFatePointsCommand(self.document))
        )
        row.addWidget(self.fate_points)
        row.addWidget(self.refresh_label)
        row.addStretch(1)
        row.addWidget(self.refresh_button)
        return box

    def _stress_box(self) -> QGroupBox:
        box = QGroupBox("Stress and consequences")
        form = QFormLayout(box)
        self._stress_rows: dict[Track, QHBoxLayout] = {}
        for track in ("health", "composure"):
            row = QHBoxLayout()
            row.setSpacing(2)
            row.addStretch(1)
            self._stress_rows[track] = row
            holder = QWidget()
            holder.setLayout(row)
            form.addRow(track.title(), holder)
        self.consequences = QListWidget()
        self.consequences.setMaximumHeight(90)
        form.addRow("Consequences", self.consequences)
        add = QHBoxLayout()
        self.consequence_severity = QComboBox()
        self.consequence_severity.addItems(list(SEVERITIES))
        self.consequence_kind = QComboBox()
        self.consequence_kind.addItems(list(KINDS))
        self.consequence_text = QLineEdit()
        self.consequence_text.setPlaceholderText("The consequence, as an aspect")
        self.add_consequence = QPushButton("Add")
        self.add_consequence.clicked.connect(self._on_add_consequence)
        self.remove_consequence = QPushButton("Remove")
        self.remove_consequence.clicked.connect(self._on_remove_consequence)
        self.cure_poison = QPushButton("Cure poison")
        self.cure_poison.setToolTip(
            "A slow poison's consequences stay until it is cured; cured, they recover with "
            "time like any other (SotC, Endurance: Poisons)."
        )
        self.cure_poison.clicked.connect(lambda: self._push(CurePoisonCommand(self.document)))
        for widget in (
            self.consequence_severity,
            self.consequence_kind,
            self.consequence_text,
            self.add_consequence,
            self.remove_consequence,
            self.cure_poison,
        ):
            add.addWidget(widget)
        form.addRow("", _row(add))
        form.addRow(FieldProblems(self.document, ("condition",)))
        return box

    def _recovery_box(self) -> QGroupBox:
        box = QGroupBox("Recovery")
        row = QHBoxLayout(box)
        self.recover_buttons: dict[RecoveryPeriod, QPushButton] = {}
        for period, label, tip in PERIODS:
            button = QPushButton(label)
            button.setToolTip(
                f"{tip} Stress clears (SotC, Conflicts: Removing Consequences; Stress)."
            )
            button.clicked.connect(lambda _=False, p=period: self._on_recover(p))
            self.recover_buttons[period] = button
            row.addWidget(button)
        self.back_to_back = QCheckBox("Back-to-back session")
        self.back_to_back.setToolTip(
            "No in-game time passed since the last session: consequences count one level "
            "lower for how quickly they go."
        )
        row.addWidget(self.back_to_back)
        row.addStretch(1)
        return box

    def _advancement_box(self) -> QGroupBox:
        box = QGroupBox("Advancement")
        form = QFormLayout(box)
        self.next_label = QLabel()
        form.addRow(self.next_label)
        self.advancements = QListWidget()
        self.advancements.setMaximumHeight(110)
        form.addRow(self.advancements)
        self.advancement_kind = QComboBox()
        for kind, label in ADVANCEMENT_KINDS:
            self.advancement_kind.addItem(label, kind)
        self.advancement_kind.currentIndexChanged.connect(self._on_kind_changed)
        self.advancement_text = QLineEdit()
        system = self.document.system
        names = [s.name for s in system.catalog.stunts] if isinstance(system, SotcSystem) else []
        self.stunt_completer = QCompleter(sorted(names, key=str.casefold), self)
        self.stunt_completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.advancement_date = QLineEdit()
        self.advancement_date.setPlaceholderText("Session 4, or 12 June 1925")
        self.advancement_note = QLineEdit()
        self.advancement_note.setPlaceholderText("Where it came from")
        self.advancement_text_label = QLabel()
        form.addRow("Kind", self.advancement_kind)
        form.addRow(self.advancement_text_label, self.advancement_text)
        form.addRow("When", self.advancement_date)
        form.addRow("Note", self.advancement_note)
        buttons = QHBoxLayout()
        self.record_advancement = QPushButton("Record advancement")
        self.record_advancement.clicked.connect(self._on_record)
        self.remove_advancement = QPushButton("Remove selected")
        self.remove_advancement.clicked.connect(self._on_remove_advancement)
        buttons.addWidget(self.record_advancement)
        buttons.addWidget(self.remove_advancement)
        buttons.addStretch(1)
        form.addRow(_row(buttons))
        form.addRow(FieldProblems(self.document, ("advancements",)))
        self._on_kind_changed()
        return box

    # -- showing ----------------------------------------------------------------------------------

    def _character(self) -> SotcCharacter:
        return cast(SotcCharacter, self.document.character)

    def _show(self, *_args: Any) -> None:
        character = self._character()
        derived: Any = self.document.derived
        self._updating = True
        try:
            self.fate_points.setValue(derived.fate_points)
            self.refresh_label.setText(f"Refresh {derived.refresh}")
            for track in ("health", "composure"):
                self._show_track(track, getattr(derived, f"{track}_boxes"))
            self.consequences.clear()
            marks = character.treatment
            for i, c in enumerate(character.condition.consequences):
                note = treatment_text(marks[i] if i < len(marks) else Treatment())
                self.consequences.addItem(
                    f"{c.severity.title()} ({c.kind}): {c.text}" + (f" [{note}]" if note else "")
                )
            self.cure_poison.setEnabled(any(t.uncured for t in marks))
            self.advancements.clear()
            for number, entry in enumerate(character.advancements, 1):
                self.advancements.addItem(advancement_text(number, entry))
            tally = derived.advancement
            self.next_label.setText(
                f"Earned: {tally.aspects} aspect(s), {tally.stunts} stunt(s); stunts allowed "
                f"{tally.stunts_allowed}. The book's cycle (aspect, aspect, stunt) gives "
                f"<b>{tally.next_kind}</b> next."
            )
        finally:
            self._updating = False

    def _show_track(self, track: Track, boxes: int) -> None:
        row = self._stress_rows[track]
        checks = self._stress_boxes[track]
        while len(checks) < boxes:
            index = len(checks)
            check = QCheckBox(str(index + 1))
            check.setAccessibleName(f"{track.title()} box {index + 1}")
            check.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            check.toggled.connect(lambda _=False, t=track, i=index: self._on_toggle(t, i))
            row.insertWidget(index, check)
            checks.append(check)
        while len(checks) > boxes:
            check = checks.pop()
            row.removeWidget(check)
            check.deleteLater()
        for check, marked in zip(checks, track_marks(self._character(), track, boxes), strict=True):
            check.setChecked(marked)

    # -- actions ----------------------------------------------------------------------------------

    def _push(self, command: Any) -> None:
        self.document.undo_stack.push(command)

    def _on_fate_points(self, value: int) -> None:
        if not self._updating and value != cast(Any, self.document.derived).fate_points:
            self._push(SetFatePointsCommand(self.document, value))

    def _on_toggle(self, track: Track, index: int) -> None:
        if not self._updating:
            self._push(ToggleStressCommand(self.document, track, index))

    def _on_add_consequence(self) -> None:
        text = self.consequence_text.text().strip()
        if not text:
            self.consequence_text.setFocus()
            return
        self._push(
            AddConsequenceCommand(
                self.document,
                SEVERITIES[self.consequence_severity.currentIndex()],
                text,
                KINDS[self.consequence_kind.currentIndex()],
            )
        )
        self.consequence_text.clear()

    def _on_remove_consequence(self) -> None:
        row = self.consequences.currentRow()
        if row >= 0:
            self._push(RemoveConsequenceCommand(self.document, row))

    def _on_recover(self, period: RecoveryPeriod) -> None:
        self._push(
            RecoverCommand(self.document, period, back_to_back=self.back_to_back.isChecked())
        )

    def _kind(self) -> AdvancementKind:
        return cast(AdvancementKind, self.advancement_kind.currentData())

    def _on_kind_changed(self, *_args: Any) -> None:
        kind = self._kind()
        label = {"aspect": "Aspect", "stunt": "Stunt", "shuffle": "Swapped in"}.get(kind, "")
        self.advancement_text_label.setText(label)
        self.advancement_text.setEnabled(kind != "peak")
        if kind == "stunt":
            self.advancement_text.setCompleter(self.stunt_completer)
        else:
            self.advancement_text.setCompleter(None)  # type: ignore[arg-type]  # Qt: no completer
        self.advancement_text.setPlaceholderText(
            {
                "aspect": "The new aspect (it raises refresh by one)",
                "stunt": "The stunt's name (the take is added to the stunts)",
                "shuffle": "What was swapped (optional)",
            }.get(kind, "Every skill moves up one step")
        )

    def _on_record(self) -> None:
        kind = self._kind()
        text = self.advancement_text.text().strip()
        if kind in ("aspect", "stunt") and not text:
            self.advancement_text.setFocus()
            return
        entry = Advancement(
            kind=kind,
            aspect=text if kind == "aspect" else "",
            stunt=text if kind == "stunt" else "",
            note=(f"{text}. " if kind == "shuffle" and text else "")
            + self.advancement_note.text().strip(),
            date=self.advancement_date.text().strip(),
        )
        self._push(AddAdvancementCommand(self.document, entry))
        self.advancement_text.clear()
        self.advancement_note.clear()

    def _on_remove_advancement(self) -> None:
        row = self.advancements.currentRow()
        if row >= 0:
            self._push(RemoveAdvancementCommand(self.document, row))


def _row(layout: QHBoxLayout) -> QWidget:
    holder = QWidget()
    holder.setLayout(layout)
    layout.setContentsMargins(0, 0, 0, 0)
    return holder
