"""GUI layer: the small questions the encounter window asks (each an ``ask`` classmethod that
tests replace with a scripted answer)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.models.columns import with_player
from gui.theme import css, tint
from rules.conflict_rules import ConflictRules
from rules.encounter import OptionValue
from rules.ladder import Ladder

MINION_QUALITIES = (1, 2, 3)
"""The qualities a minion group is offered in (Average to Good on a FATE ladder)."""
COMPANION_QUALITIES = (1, 2, 3, 4)
"""The qualities a companion is offered in (Average to Great)."""


@dataclass(frozen=True)
class OptionField:
    """A question a system adds to the cast dialogs (a power tier, a role): a labelled choice
    whose answer goes into ``Participant.options`` (the engine checks it with
    ``ConflictRules.participant_options_problem``).

    With ``read`` the row is a line of text instead (a list the system reads): ``read(text)``
    returns the options it sets or raises ``ValueError`` saying what is wrong, shown under the
    field; the dialog is not accepted until it reads.

    Attributes:
        label: The row's label.
        choices: Each choice's words and the options it sets (the first is the default,
            usually setting none).
        tip: The choice's tooltip.
        read: Reads a text row (None: a choice row).
        placeholder: A text row's example.
    """

    label: str
    choices: tuple[tuple[str, Mapping[str, OptionValue]], ...]
    tip: str = ""
    read: Callable[[str], Mapping[str, OptionValue]] | None = None
    placeholder: str = ""


class OptionFields:
    """The widgets of a dialog's :class:`OptionField` rows and the options they set: a combo
    box a choice row (``boxes``, in order), a line edit and its error line a text row
    (``edits``, ``errors``)."""

    def __init__(self, fields: Sequence[OptionField]) -> None:
        self.fields = tuple(fields)
        self.boxes: list[QComboBox] = []
        self.edits: list[QLineEdit] = []
        self.errors: list[QLabel] = []
        self._widgets: list[QWidget] = []
        for field in self.fields:
            widget: QWidget
            if field.read is not None:
                edit = QLineEdit()
                edit.setPlaceholderText(field.placeholder)
                error = QLabel()
                error.setWordWrap(True)
                tint(error, "error")
                error.hide()
                edit.textChanged.connect(self._show_problems)
                self.edits.append(edit)
                self.errors.append(error)
                widget = edit
            else:
                box = QComboBox()
                for text, _options in field.choices:
                    box.addItem(text)
                self.boxes.append(box)
                widget = box
            widget.setToolTip(field.tip)
            self._widgets.append(widget)

    def add_rows(self, form: QFormLayout) -> None:
        """One row a field (and a text row's error line), after what ``form`` already holds."""
        errors = iter(self.errors)
        for field, widget in zip(self.fields, self._widgets, strict=True):
            form.addRow(field.label, widget)
            if field.read is not None:
                form.addRow("", next(errors))

    def _read(self) -> list[tuple[OptionField, QWidget, Mapping[str, OptionValue] | str]]:
        out: list[tuple[OptionField, QWidget, Mapping[str, OptionValue] | str]] = []
        for field, widget in zip(self.fields, self._widgets, strict=True):
            if field.read is not None and isinstance(widget, QLineEdit):
                try:
                    out.append((field, widget, field.read(widget.text())))
                except ValueError as exc:
                    out.append((field, widget, str(exc)))
            elif isinstance(widget, QComboBox):
                out.append((field, widget, field.choices[max(0, widget.currentIndex())][1]))
        return out

    def _show_problems(self) -> None:
        read = [r for r in self._read() if r[0].read is not None]
        for (_field, _widget, value), error in zip(read, self.errors, strict=True):
            error.setText(value if isinstance(value, str) else "")
            error.setVisible(isinstance(value, str))

    def problem(self) -> str | None:
        """What a text row cannot read (``"Label: why"``), or None."""
        return next((f"{f.label}: {v}" for f, _w, v in self._read() if isinstance(v, str)), None)

    def options(self) -> dict[str, OptionValue]:
        """The options the chosen answers set.

        Raises:
            ValueError: a text row cannot be read (:meth:`problem`).
        """
        out: dict[str, OptionValue] = {}
        for field, _widget, value in self._read():
            if isinstance(value, str):
                raise ValueError(f"{field.label}: {value}")
            out.update(value)
        return out


MinionAnswer = tuple[str, int, int] | tuple[str, int, int, dict[str, OptionValue]]
"""A minion group's (name, quality, count), with the options its system's fields set when it
asked any."""


class TextPrompt:
    """Ask for one line of text (a consequence, an aspect)."""

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
        """The text entered, or None when cancelled or empty."""
        value, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
        value = value.strip()
        return value if ok and value else None


def quality_label(value: int, ladder: Ladder | None) -> str:
    """A quality as ``"Good (+3)"`` on ``ladder`` (``"+3"`` without one)."""
    return ladder.render(value) if ladder is not None else f"{value:+d}"


class MinionPrompt(QDialog):
    """Ask for a minion group: name, quality (named on the system's ladder), count."""

    def __init__(
        self,
        parent: QWidget | None = None,
        ladder: Ladder | None = None,
        qualities: Sequence[int] = MINION_QUALITIES,
        option_fields: Sequence[OptionField] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a minion group")
        self.option_fields = OptionFields(option_fields)
        form = QFormLayout()
        self.name = QLineEdit("Thugs")
        self.quality = QSpinBox()
        self.quality.setRange(min(qualities), max(qualities))
        self.count = QSpinBox()
        self.count.setRange(1, 50)
        self.count.setValue(4)
        named = ", ".join(
            f"{v} {ladder.adjective(v)}" if ladder is not None else str(v) for v in qualities
        )
        form.addRow("Name", self.name)
        form.addRow(f"Quality ({named})", self.quality)
        form.addRow("Minions", self.count)
        self.option_fields.add_rows(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)

    def accept(self) -> None:
        """Only when the system's text rows read."""
        if self.option_fields.problem() is None:
            super().accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        ladder: Ladder | None = None,
        qualities: Sequence[int] = MINION_QUALITIES,
    ) -> tuple[str, int, int] | None:
        """(name, quality, count) or None."""
        dialog = cls(parent, ladder, qualities)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.name.text().strip() or "Minions", dialog.quality.value(), dialog.count.value()

    @classmethod
    def ask_with_options(
        cls,
        parent: QWidget | None,
        ladder: Ladder | None,
        option_fields: Sequence[OptionField],
        qualities: Sequence[int] = MINION_QUALITIES,
    ) -> tuple[str, int, int, dict[str, OptionValue]] | None:
        """(name, quality, count, options) or None: the dialog with the system's fields."""
        dialog = cls(parent, ladder, qualities, option_fields)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        name = dialog.name.text().strip() or "Minions"
        return name, dialog.quality.value(), dialog.count.value(), dialog.option_fields.options()


class CharacterPicker(QDialog):
    """Pick characters from the library to bring into the scene."""

    def __init__(
        self, summaries: Sequence[Any], parent: QWidget | None = None, *, note: str = ""
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add characters from the library")
        self.note = QLabel(note)
        self.note.setWordWrap(True)
        self.note.setVisible(bool(note))
        self.list = QListWidget()
        self.list.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        for s in summaries:
            item = QListWidgetItem(with_player(s.name, s.player))
            item.setData(256, s.id)
            self.list.addItem(item)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.list)
        box.addWidget(self.note)
        box.addWidget(buttons)

    @classmethod
    def ask(
        cls, parent: QWidget | None, summaries: Sequence[Any], *, note: str = ""
    ) -> list[uuid.UUID]:
        """The chosen characters' ids (empty when cancelled); ``note`` says which characters
        are not offered and why."""
        dialog = cls(summaries, parent, note=note)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return []
        return [item.data(256) for item in dialog.list.selectedItems()]


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class AspectPrompt(QDialog):
    """Ask for a scene aspect: its text, sticky or fragile, free tags, hidden from players."""

    def __init__(self, parent: QWidget | None = None, *, sticky: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add an aspect")
        self.text = QLineEdit()
        self.text.setPlaceholderText("e.g. Crates Everywhere")
        self.sticky = QCheckBox("Sticky (stays after being tagged)")
        self.sticky.setChecked(sticky)
        self.free_tags = QSpinBox()
        self.free_tags.setRange(0, 10)
        self.hidden = QCheckBox("Hidden from the player view")
        form = QFormLayout()
        form.addRow("Aspect", self.text)
        form.addRow("", self.sticky)
        form.addRow("Free tags", self.free_tags)
        form.addRow("", self.hidden)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(_buttons(self))

    @classmethod
    def ask(
        cls, parent: QWidget | None, *, sticky: bool = True
    ) -> tuple[str, bool, int, bool] | None:
        """(text, sticky, free tags, hidden), or None when cancelled or empty."""
        dialog = cls(parent, sticky=sticky)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.text.text().strip():
            return None
        return (
            dialog.text.text().strip(),
            dialog.sticky.isChecked(),
            dialog.free_tags.value(),
            dialog.hidden.isChecked(),
        )


class BorderPrompt(QDialog):
    """Ask which two zones are adjacent, and the border's value (or that they are not)."""

    def __init__(
        self,
        zones: Sequence[tuple[str, str]],
        parent: QWidget | None = None,
        *,
        first: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Border between zones")
        self.a = QComboBox()
        self.b = QComboBox()
        for label, zid in zones:
            self.a.addItem(label, zid)
            self.b.addItem(label, zid)
        if first is not None:
            self.a.setCurrentIndex(max(0, self.a.findData(first)))
        self.b.setCurrentIndex(1 if self.a.currentIndex() == 0 and len(zones) > 1 else 0)
        self.value = QSpinBox()
        self.value.setRange(0, 20)
        self.value.setToolTip("0 is an open passage; each point is -1 on a move across it")
        self.parted = QCheckBox("Not adjacent (remove the border)")
        form = QFormLayout()
        form.addRow("From", self.a)
        form.addRow("To", self.b)
        form.addRow("Border value", self.value)
        form.addRow("", self.parted)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(_buttons(self))

    @classmethod
    def ask(
        cls, parent: QWidget | None, zones: Sequence[tuple[str, str]], first: str | None = None
    ) -> tuple[str, str, int | None] | None:
        """(zone, zone, value or None to part them), or None when cancelled."""
        dialog = cls(zones, parent, first=first)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        value = None if dialog.parted.isChecked() else dialog.value.value()
        return str(dialog.a.currentData()), str(dialog.b.currentData()), value


class ChoicePrompt:
    """Pick one of a few labelled values (a zone, a template)."""

    @classmethod
    def ask(
        cls, parent: QWidget | None, title: str, label: str, choices: Sequence[tuple[str, Any]]
    ) -> Any:
        """The chosen value, or None when cancelled."""
        labels = [c[0] for c in choices]
        if not labels:
            return None
        text, ok = QInputDialog.getItem(parent, title, label, labels, 0, False)
        if not ok:
            return None
        return choices[labels.index(text)][1]


SCOPES = (("Physical", "physical"), ("Social", "social"), ("Mental", "mental"))


def parse_skills(text: str, ladder: Ladder | None = None) -> dict[str, int]:
    """Skills typed in one line: ``"Sword 4, Climb +3, Notice Good"``.

    Entries are separated by commas, semicolons or new lines; each is a skill name followed by
    a rating (a signed number, or a ladder adjective when a ladder is given).

    Raises:
        ValueError: naming the entry that cannot be read.
    """
    skills: dict[str, int] = {}
    for raw in re.split(r"[,;\n]", text):
        entry = raw.strip()
        if not entry:
            continue
        match = re.fullmatch(r"(.+?)\s+([+\-\u2212]?\d+|[A-Za-z]+)", entry)
        if match is None:
            raise ValueError(f"{entry!r}: write a skill and its rating, e.g. \u201cClimb 3\u201d")
        name, rating = match.group(1).strip(), match.group(2)
        try:
            value = ladder.parse(rating) if ladder is not None else int(rating)
        except ValueError:
            raise ValueError(f"{entry!r}: {rating!r} is not a rating") from None
        skills[name] = value
    return skills


def _auto_spin(special: str, top: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, top)
    spin.setSpecialValueText(special)
    return spin


class NpcPrompt(QDialog):
    """Ask for a named NPC written straight into the scene (no library character): name, a
    few skills, the size of each track the system names, grit and fate points.

    A system adds fields of its own by overriding :meth:`extra_rows` (rows after the aspects)
    and :meth:`extra_answer` (their values, more ``npc_participant`` arguments), or by giving
    ``option_fields`` (rows before the side, their answers the ``options`` entry of the answer,
    set on the participant by the window).

    ``answer()`` is a dict of :meth:`rules.conflict_rules.CastRules.npc_participant` arguments
    (``tracks``: the sizes set by hand; the others take the system's default for the skills).
    With ``known_skills`` (the campaign's skill list), typed skills outside it are named in an
    inline warning; saving is still allowed, since the GM's NPCs may use custom skills.
    """

    def __init__(
        self,
        rules: ConflictRules,
        ladder: Ladder | None = None,
        parent: QWidget | None = None,
        *,
        grit: bool = True,
        known_skills: tuple[str, ...] | None = None,
        option_fields: Sequence[OptionField] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a named NPC")
        self.option_fields = OptionFields(option_fields)
        self._rules = rules
        self._ladder = ladder
        self._known = None if known_skills is None else {k.casefold() for k in known_skills}
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Baron Von Kessel")
        self.skills = QLineEdit()
        self.skills.setPlaceholderText(self.skills_placeholder(known_skills))
        self.skills.setMinimumWidth(360)
        self.aspects = QLineEdit()
        self.aspects.setPlaceholderText("aspects, separated by semicolons")
        self.track_spins = {t.key: _auto_spin("auto", 20) for t in rules.tracks}
        self.grit = _auto_spin("none", 10)
        self.grit.setEnabled(grit)
        self.grit.setToolTip("Consequences the NPC takes before offering a concession")
        self.fate_points = QSpinBox()
        self.fate_points.setRange(0, 100)
        self.side = QLineEdit("gm")
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.unknown = QLabel()
        self.unknown.setWordWrap(True)
        tint(self.unknown, "warning")
        self.unknown.hide()
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Skills", self.skills)
        form.addRow("", self.unknown)
        form.addRow("Aspects", self.aspects)
        for label, widget in self.extra_rows():
            form.addRow(label, widget)
        for t in rules.tracks:
            form.addRow(f"{t.label} boxes", self.track_spins[t.key])
        form.addRow("Grit", self.grit)
        form.addRow("Fate points", self.fate_points)
        self.option_fields.add_rows(form)
        form.addRow("Side", self.side)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.preview)
        box.addWidget(_buttons(self))
        self.skills.textChanged.connect(self._update)
        for spin in self.track_spins.values():
            spin.valueChanged.connect(self._update)
        self._update()

    def skills_placeholder(self, known_skills: tuple[str, ...] | None) -> str:
        """The skills field's example: three of the campaign's skills."""
        names = list(known_skills or ())[:3] or ["Skill", "Another skill", "A third"]
        return ", ".join(f"{n} {r}" for n, r in zip(names, (3, 2, 1), strict=False))

    def extra_rows(self) -> list[tuple[str, QWidget]]:
        """The system's own fields (label, widget), shown after the aspects; none here."""
        return []

    def extra_answer(self) -> dict[str, Any]:
        """The values of :meth:`extra_rows`, as ``npc_participant`` arguments; none here."""
        return {}

    def tracks(self, skills: dict[str, int]) -> dict[str, int]:
        """Each track's boxes: as set, else the system's size for these skills."""
        default = self._rules.npc_track_sizes(skills)
        return {k: spin.value() or default.get(k, 0) for k, spin in self.track_spins.items()}

    def unknown_skills(self, skills: dict[str, int]) -> list[str]:
        """Typed skills missing from the campaign's list (none when no list was given)."""
        if self._known is None:
            return []
        return [k for k in skills if k.casefold() not in self._known]

    def _update(self) -> None:
        try:
            skills = parse_skills(self.skills.text(), self._ladder)
        except ValueError as exc:
            self.preview.setText(f"<span style='color:{css('error')}'>{exc}</span>")
            self.unknown.hide()
            return
        unknown = self.unknown_skills(skills)
        self.unknown.setText(
            f"Not in the campaign's skill list: {', '.join(unknown)} "
            "(kept as typed: check the spelling, or keep it as a custom skill)"
        )
        self.unknown.setVisible(bool(unknown))
        sizes = self.tracks(skills)
        self.preview.setText(
            ", ".join(f"{t.label} {sizes[t.key]} boxes" for t in self._rules.tracks)
        )

    def answer(self) -> dict[str, Any]:
        """The NPC's fields (ValueError when the skills cannot be read)."""
        skills = parse_skills(self.skills.text(), self._ladder)
        aspects = tuple(a.strip() for a in self.aspects.text().split(";") if a.strip())
        return {
            "name": self.name.text().strip() or "NPC",
            "skills": skills,
            "aspects": aspects,
            "tracks": self.tracks(skills),
            "grit": self.grit.value() or None,
            "fate_points": self.fate_points.value(),
            "side": self.side.text().strip(),
            **self.extra_answer(),
            **({"options": options} if (options := self.option_fields.options()) else {}),
        }

    def accept(self) -> None:
        """Only with readable skills."""
        try:
            self.answer()
        except ValueError:
            return
        super().accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        rules: ConflictRules,
        ladder: Ladder | None = None,
        known_skills: tuple[str, ...] | None = None,
        option_fields: Sequence[OptionField] = (),
    ) -> dict[str, Any] | None:
        """The NPC's fields, or None when cancelled."""
        dialog = cls(
            rules, ladder, parent, grit=rules.uses_grit, known_skills=known_skills,
            option_fields=option_fields,
        )  # fmt: skip
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.answer()


class CompanionPrompt(QDialog):
    """Ask for a companion: name, quality, scope, the character it is attached to and its
    skills; when the system gives companions boxes (``companion_boxes``) they soak its patron's
    hits. With ``cap_skills`` no skill may be above the companion's quality.

    ``answer()`` is a dict of :func:`rules.conflict.companion` arguments.
    """

    def __init__(
        self,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None = None,
        parent: QWidget | None = None,
        *,
        qualities: Sequence[int] = COMPANION_QUALITIES,
        cap_skills: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a companion")
        self._rules = rules
        self._ladder = ladder
        self._cap = cap_skills
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Sparky")
        self.quality = QComboBox()
        for value in qualities:
            self.quality.addItem(quality_label(value, ladder), value)
        self.scope: dict[str, QCheckBox] = {}
        scopes = QHBoxLayout()
        for label, kind in SCOPES:
            check = QCheckBox(label)
            check.setChecked(kind == "physical")
            self.scope[kind] = check
            scopes.addWidget(check)
        self.patron = QComboBox()
        self.patron.addItem("(nobody: on its own)", "")
        for label, pid in patrons:
            self.patron.addItem(label, pid)
        if patrons:
            self.patron.setCurrentIndex(1)
        self.skills = QLineEdit()
        self.skills.setPlaceholderText("its skills, e.g. Mechanics 1, Stealth 1")
        self.skills.setMinimumWidth(320)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Quality", self.quality)
        form.addRow("Scope", scopes)
        form.addRow("Attached to", self.patron)
        form.addRow("Skills", self.skills)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.preview)
        box.addWidget(_buttons(self))
        self.quality.currentIndexChanged.connect(self._update)
        self.skills.textChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        quality = int(self.quality.currentData())
        boxes = self._rules.companion_boxes(quality)
        if boxes:
            text = f"A stress track of {boxes} boxes that takes its patron's hits" + (
                "; one companion attached at a time." if self._rules.one_companion_each else "."
            )
        else:
            text = (
                "No stress boxes: its patron may take one extra consequence (the companion "
                "is out) instead."
            )
        try:
            skills = parse_skills(self.skills.text(), self._ladder)
            high = [k for k, v in skills.items() if v > quality] if self._cap else []
            if high:
                text += (
                    f"<br><span style='color:{css('error')}'>Above its quality: {', '.join(high)}"
                )
                text += "</span>"
        except ValueError as exc:
            text += f"<br><span style='color:{css('error')}'>{exc}</span>"
        self.preview.setText(text)

    def answer(self) -> dict[str, Any]:
        """The companion's fields (ValueError on unreadable skills or skills above quality)."""
        quality = int(self.quality.currentData())
        skills = parse_skills(self.skills.text(), self._ladder)
        high = [k for k, v in skills.items() if v > quality] if self._cap else []
        if high:
            raise ValueError(f"skills above the companion's quality: {', '.join(high)}")
        scope = tuple(kind for kind, check in self.scope.items() if check.isChecked())
        return {
            "name": self.name.text().strip() or "Companion",
            "quality": quality,
            "scope": scope or ("physical",),
            "patron": self.patron.currentData() or None,
            "skills": skills,
        }

    def accept(self) -> None:
        """Only with readable skills within the quality."""
        try:
            self.answer()
        except ValueError:
            return
        super().accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None = None,
    ) -> dict[str, Any] | None:
        """The companion's fields, or None when cancelled."""
        dialog = cls(rules, patrons, ladder, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.answer()
