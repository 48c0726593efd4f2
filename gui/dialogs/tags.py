"""GUI layer: the "Edit Tags" dialog for one or several library characters.

Every tag in use is listed with a check box: checked when every selected character carries it,
partly checked when only some do (left as it is unless the user decides), unchecked when none
do. New tags are typed in a line (comma-separated). :meth:`EditTagsDialog.ask` returns the
change as a plain value; tests replace ``ask``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules.names import find_name


@dataclass(frozen=True)
class TagChange:
    """What to do to each selected character's tags.

    Attributes:
        add: Tags every selected character gets (spelling as shown).
        remove: Tags no selected character keeps (compared without regard to case).
    """

    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()

    def apply(self, tags: Sequence[str]) -> tuple[str, ...]:
        """``tags`` after the change: removed ones dropped, added ones appended once."""
        gone = {t.casefold() for t in self.remove}
        out = [t for t in tags if t.casefold() not in gone]
        have = {t.casefold() for t in out}
        for tag in self.add:
            if tag.casefold() not in have:
                out.append(tag)
                have.add(tag.casefold())
        return tuple(out)


def split_tags(text: str) -> list[str]:
    """Comma-separated tags typed by the user, trimmed, without empty ones."""
    return [" ".join(part.split()) for part in text.split(",") if part.strip()]


class EditTagsDialog(QDialog):
    """Choose tags for the characters ``selected`` (each a sequence of its current tags).

    Args:
        names: The selected characters' names (for the title).
        selected: Each selected character's current tags.
        known: Every tag in use in the library.
        parent: Parent widget.
    """

    def __init__(
        self,
        names: Sequence[str],
        selected: Sequence[Sequence[str]],
        known: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit tags")
        who = f"\u201c{names[0]}\u201d" if len(names) == 1 else f"{len(names)} characters"
        intro = QLabel(
            f"Tags of {who}. A partly checked tag is on some of them only and stays as it is "
            "unless you check or clear it."
            if len(names) > 1
            else f"Tags of {who}:"
        )
        intro.setWordWrap(True)
        spelled: dict[str, str] = {}
        for tag in [*known, *(t for tags in selected for t in tags)]:
            spelled.setdefault(tag.casefold(), tag)
        self._initial: dict[str, Qt.CheckState] = {}
        self.list = QListWidget()
        for key in sorted(spelled):
            count = sum(1 for tags in selected if key in {t.casefold() for t in tags})
            if count == len(selected) and count:
                state = Qt.CheckState.Checked
            elif count:
                state = Qt.CheckState.PartiallyChecked
            else:
                state = Qt.CheckState.Unchecked
            item = QListWidgetItem(spelled[key])
            flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
            if state == Qt.CheckState.PartiallyChecked:
                flags |= Qt.ItemFlag.ItemIsUserTristate
            item.setFlags(flags)
            item.setCheckState(state)
            self._initial[spelled[key]] = state
            self.list.addItem(item)
        self.new_tags = QLineEdit()
        self.new_tags.setPlaceholderText("New tags, separated by commas")
        completer = QCompleter(sorted(spelled.values(), key=str.casefold), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.new_tags.setCompleter(completer)
        new_label = QLabel("&Add:")
        new_label.setBuddy(self.new_tags)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(new_label)
        layout.addWidget(self.new_tags)
        layout.addWidget(buttons)
        self.resize(380, 420)

    def check(self, tag: str, state: Qt.CheckState = Qt.CheckState.Checked) -> None:
        """Set the check box of ``tag`` (as the user would)."""
        texts = [self.list.item(row).text() for row in range(self.list.count())]
        found = find_name(texts, tag)
        if found is None:
            raise KeyError(tag)
        self.list.item(texts.index(found)).setCheckState(state)

    def change(self) -> TagChange:
        """The change the dialog's state asks for."""
        add: list[str] = []
        remove: list[str] = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            state = item.checkState()
            if state == self._initial.get(item.text()):
                continue
            if state == Qt.CheckState.Checked:
                add.append(item.text())
            elif state == Qt.CheckState.Unchecked:
                remove.append(item.text())
        add += split_tags(self.new_tags.text())
        return TagChange(add=tuple(add), remove=tuple(remove))

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        names: Sequence[str],
        selected: Sequence[Sequence[str]],
        known: Sequence[str],
    ) -> TagChange | None:
        """Show the dialog; returns the change, or None when cancelled or nothing changed."""
        dialog = cls(names, selected, known, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        change = dialog.change()
        return change if change.add or change.remove else None
