"""GUI layer: the SotC stunt picker: stunts by skill with search, Quick Picks and custom stunts.

Every stunt stays visible; those whose prerequisites are not met are greyed and say why. Taking a
stunt, removing one, applying a whole Quick Pick package or adding a custom stunt (flagged for
the GM) is each one undoable command. Below the stunts taken, the selected take's specifics
(Linguist's languages, a contact's name, a Scholar's field) and, for a custom stunt, its skill and
what it does, are edited in place, each edit undoable.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTableView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.models.base import IdRole, ObjectRole
from gui.systems.sotc.commands import (
    ApplyPackageCommand,
    RemoveStuntCommand,
    SetStuntSkillCommand,
    TakeStuntCommand,
    package_picks,
)
from gui.systems.sotc.creation.page_base import FieldProblems, TextBinding
from gui.systems.sotc.models.stunt_model import (
    GM_CHECK,
    TAKEN,
    UNAVAILABLE,
    KindRole,
    ReasonsRole,
    SearchRole,
    StatusRole,
    StuntTreeModel,
    TakenStuntModel,
    requirement_text,
)
from gui.theme import colour, css
from rules.character import MAX_NAME, MAX_TEXT
from rules.systems.sotc.character import SotcCharacter, StuntPick
from rules.systems.sotc.system import STUNT_COUNT

_Index = QModelIndex | QPersistentModelIndex


class StuntFilterProxyModel(QSortFilterProxyModel):
    """Filters the stunt tree by search text and, optionally, to skills on the pyramid."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._text = ""
        self._only_mine = False
        self.setRecursiveFilteringEnabled(True)
        self.setAutoAcceptChildRows(True)

    def set_text(self, text: str) -> None:
        """Show stunts whose name, group or summary contain ``text`` (and whole matching skills)."""
        self.beginFilterChange()
        self._text = text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_only_mine(self, only: bool) -> None:
        """Limit the tree to skills the character has on the pyramid."""
        self.beginFilterChange()
        self._only_mine = only
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def refresh(self) -> None:
        """Re-apply the filter after the character changed (the pyramid may have)."""
        if self._only_mine:
            self.beginFilterChange()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        """See :meth:`set_text` and :meth:`set_only_mine`."""
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        skill_index = source_parent if source_parent.isValid() else index
        if self._only_mine:
            skill = str(model.index(skill_index.row(), 0).data(IdRole))
            if self._document.character.skill(skill) <= 0:
                return False
        if not self._text:
            return True
        return self._text in str(index.data(SearchRole) or "").casefold()


class _StuntTree(QTreeView):
    """The catalogue tree; Enter takes the current stunt."""

    take_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter/Return takes the stunt; other keys navigate."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self.isPersistentEditorOpen(
            self.currentIndex()
        ):
            self.take_requested.emit()
            return
        super().keyPressEvent(event)


class _TakenTable(QTableView):
    """The stunts taken; Delete removes the current one."""

    remove_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete/Backspace removes the stunt."""
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.remove_requested.emit()
            return
        super().keyPressEvent(event)


class CustomStuntDialog(QDialog):
    """Ask for a custom stunt: name, skill and what it does (the GM approves it later)."""

    def __init__(self, skills: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a custom stunt")
        form = QFormLayout(self)
        intro = QLabel(
            "The book's list is not the last word: you may invent a stunt with your GM. It is "
            "marked as custom until the GM approves it."
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(MAX_NAME)
        self.skill_box = QComboBox()
        self.skill_box.addItems(list(skills))
        self.description_edit = QPlainTextEdit()
        self.description_edit.setPlaceholderText("What it lets the character do, in your words")
        self.description_edit.setTabChangesFocus(True)
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Skill:", self.skill_box)
        form.addRow("&What it does:", self.description_edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(460, 300)

    def pick(self) -> StuntPick | None:
        """The custom stunt described, or None when it has no name."""
        name = self.name_edit.text().strip()
        if not name:
            return None
        return StuntPick(
            name=name,
            skill=self.skill_box.currentText(),
            custom=True,
            description=self.description_edit.toPlainText().strip()[:MAX_TEXT],
        )

    @classmethod
    def ask(cls, parent: QWidget | None, skills: tuple[str, ...]) -> StuntPick | None:
        """Show the dialog; the custom stunt, or None if cancelled (tests monkeypatch this)."""
        dialog = cls(skills, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.pick()


class PackageChoiceDialog(QDialog):
    """Ask which alternative to take where a Quick Pick package offers a choice."""

    def __init__(self, package: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Quick Pick: {package.name}")
        form = QFormLayout(self)
        form.addRow(QLabel("This package lets you choose:"))
        self.boxes: list[QComboBox] = []
        for group in package.core_choices:
            box = QComboBox()
            box.addItems(list(group))
            form.addRow("Take:", box)
            self.boxes.append(box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    @classmethod
    def ask(cls, parent: QWidget | None, package: Any) -> tuple[str, ...] | None:
        """One choice per ``core_choices`` group, or None if cancelled (tests monkeypatch)."""
        dialog = cls(package, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return tuple(box.currentText() for box in dialog.boxes)


def detail_hint(stunt: Any) -> str:
    """What a take's details should say, from the catalogue entry (None for a custom stunt)."""
    if stunt is None:
        return "Anything the GM should know about this take"
    grants = stunt.grants
    if grants is not None and grants.languages:
        return f"The {grants.languages} languages this take adds, e.g. Arabic, Greek, Swahili"
    if grants is not None and grants.companion_advances:
        return "Who it is: a name and a few words"
    if "gadget" in stunt.flags or "artifact" in stunt.flags:
        return "Which device (describe it on the Gadgets step)"
    if stunt.repeatable:
        return "What this take covers, e.g. a field of study or a place"
    return "Notes on this stunt (optional)"


def _legend_dot(color: Any, text: str) -> str:
    return f"<span style='color:{color.name()}'>\u25cf</span> {text}"


class StuntPicker(QWidget):
    """Stunts by skill with search, details and why-not, the stunts taken, packages, custom."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._catalog = getattr(document.system, "catalog")  # noqa: B009
        self.tree_model = StuntTreeModel(document, self)
        self.proxy = StuntFilterProxyModel(document, self)
        self.proxy.setSourceModel(self.tree_model)
        self.taken_model = TakenStuntModel(document, self)

        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(12)
        outer.addLayout(self._build_catalogue(), 5)
        outer.addLayout(self._build_side(), 4)

        document.problems_changed.connect(self._refresh)
        self._refresh()

    # -- construction ------------------------------------------------------------------------

    def _build_catalogue(self) -> QVBoxLayout:
        layout = QVBoxLayout()
        row = QHBoxLayout()
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Search stunts by name or what they do\u2026")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setAccessibleName("Search stunts")
        self.search_edit.textChanged.connect(self._on_search)
        row.addWidget(self.search_edit, 1)
        self.only_mine = QCheckBox("Only my skills")
        self.only_mine.setToolTip("Show only the skills you placed on the pyramid")
        self.only_mine.toggled.connect(self.proxy.set_only_mine)
        row.addWidget(self.only_mine)
        layout.addLayout(row)
        self.tree = _StuntTree()
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setAccessibleName("Stunts by skill")
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 210)
        header.setStretchLastSection(True)
        self.tree.selectionModel().currentChanged.connect(self._on_current_changed)
        self.tree.take_requested.connect(self.take_current)
        self.tree.doubleClicked.connect(lambda _i: self.take_current())
        layout.addWidget(self.tree, 1)
        legend = QLabel(
            "  ".join(
                (
                    _legend_dot(colour("ok"), "taken"),
                    _legend_dot(colour("gm"), "GM must confirm"),
                    _legend_dot(colour("muted"), "needs something first (hover to see what)"),
                )
            )
            + " &nbsp; <b>Enter</b> or double-click takes a stunt."
        )
        legend.setWordWrap(True)
        layout.addWidget(legend)
        packages = QGroupBox("Quick Pick packages")
        pl = QVBoxLayout(packages)
        row = QHBoxLayout()
        self.package_box = QComboBox()
        self.package_box.setAccessibleName("Quick Pick package")
        # nothing chosen until the user chooses: no package's verdict before it is asked for
        self.package_box.addItem("Choose a package\u2026", None)
        for pkg in self._catalog.packages:
            self.package_box.addItem(f"{pkg.name} ({pkg.skill})", pkg.name)
        self.package_box.currentIndexChanged.connect(self._show_package)
        self.package_text = QLabel()
        self.package_text.setWordWrap(True)
        self.package_button = QPushButton("&Apply package")
        self.package_button.clicked.connect(self.apply_current_package)
        row.addWidget(self.package_box, 1)
        row.addWidget(self.package_button)
        pl.addLayout(row)
        pl.addWidget(self.package_text)
        layout.addWidget(packages)
        self._show_package()
        return layout

    def _build_side(self) -> QVBoxLayout:
        layout = QVBoxLayout()
        self.counter = QLabel()
        layout.addWidget(self.counter)

        details = QGroupBox("Selected stunt")
        dl = QVBoxLayout(details)
        self.detail_title = QLabel("Pick a stunt on the left to read about it.")
        self.detail_title.setWordWrap(True)
        self.detail_text = QLabel()
        self.detail_text.setWordWrap(True)
        self.detail_text.setTextFormat(Qt.TextFormat.RichText)
        self.take_button = QPushButton("&Take stunt")
        self.take_button.clicked.connect(self.take_current)
        self.take_button.setEnabled(False)
        dl.addWidget(self.detail_title)
        dl.addWidget(self.detail_text)
        dl.addWidget(self.take_button, 0, Qt.AlignmentFlag.AlignRight)
        details.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        dl.addStretch(1)
        layout.addWidget(details, 1)

        taken = QGroupBox("Your stunts")
        tl = QVBoxLayout(taken)
        self.taken_view = _TakenTable()
        self.taken_view.setModel(self.taken_model)
        self.taken_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.taken_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.taken_view.verticalHeader().hide()
        self.taken_view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.taken_view.setWordWrap(False)
        self.taken_view.setAccessibleName("Your stunts")
        th = self.taken_view.horizontalHeader()
        th.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        th.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        th.setStretchLastSection(True)
        row_height = self.fontMetrics().height() + 8
        self.taken_view.setMinimumHeight(row_height * 4 + 6)
        self.taken_view.setMaximumHeight(row_height * (STUNT_COUNT + 2) + 6)
        self.taken_view.remove_requested.connect(self.remove_current)
        tl.addWidget(self.taken_view)
        buttons = QHBoxLayout()
        self.custom_button = QPushButton("Add a &custom stunt\u2026")
        self.custom_button.clicked.connect(self.add_custom)
        self.remove_button = QPushButton("&Remove")
        self.remove_button.clicked.connect(self.remove_current)
        buttons.addWidget(self.custom_button)
        buttons.addStretch(1)
        buttons.addWidget(self.remove_button)
        tl.addLayout(buttons)
        tl.addWidget(self._build_take_form())
        layout.addWidget(taken)

        return layout

    def _build_take_form(self) -> QWidget:
        """The selected take's details (and a custom stunt's skill and description)."""
        box = QWidget()
        form = QFormLayout(box)
        form.setContentsMargins(0, 4, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.detail_edit = QLineEdit()
        self.detail_edit.setAccessibleName("Stunt details")
        self.custom_skill_box = QComboBox()
        self.custom_skill_box.setAccessibleName("Custom stunt skill")
        self.custom_skill_box.addItems(list(self._document.skill_names()))
        self.custom_skill_box.activated.connect(self._on_custom_skill_activated)
        self.custom_description_edit = QLineEdit()
        self.custom_description_edit.setAccessibleName("Custom stunt description")
        self.custom_description_edit.setPlaceholderText("What it lets the character do")
        self.take_problems = FieldProblems(self._document, ())
        self.take_bindings = (
            TextBinding(self._document, self.detail_edit, ""),
            TextBinding(self._document, self.custom_description_edit, ""),
        )
        self.detail_label = QLabel("&Details:")
        self.detail_label.setBuddy(self.detail_edit)
        form.addRow(self.detail_label, self.detail_edit)
        form.addRow("S&kill:", self.custom_skill_box)
        form.addRow("What it &does:", self.custom_description_edit)
        form.addRow(self.take_problems)
        self._take_form = form
        self.taken_view.selectionModel().currentRowChanged.connect(self._show_take)
        self.taken_model.modelReset.connect(self._show_take)
        self._take_row = -1
        self._show_take()
        return box

    # -- the selected take ---------------------------------------------------------------------

    def current_take(self) -> int:
        """Position of the take being edited in the character's stunts (-1 for none)."""
        return self._take_row

    def _show_take(self, *_args: Any) -> None:
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        index = self.taken_view.currentIndex()
        row = index.row() if index.isValid() else -1
        if row < 0 and character.stunts:
            # Show which take the fields edit: select the last one (this re-enters once).
            self.taken_view.setCurrentIndex(self.taken_model.index(len(character.stunts) - 1, 0))
            return
        row = min(row, len(character.stunts) - 1)
        self._take_row = row
        pick = character.stunts[row] if row >= 0 else None
        prefix = f"stunts[{row}]" if pick is not None else ""
        self.take_bindings[0].set_path(f"{prefix}.detail" if prefix else "")
        custom = pick is not None and pick.custom
        self.take_bindings[1].set_path(f"{prefix}.description" if custom else "")
        self.take_problems.set_paths((f"{prefix}.skill",) if custom else ())
        self.detail_edit.setEnabled(pick is not None)
        for widget in (self.custom_skill_box, self.custom_description_edit):
            self._take_form.setRowVisible(widget, custom)
        if pick is None:
            self.detail_label.setText("&Details:")
            self.detail_edit.setPlaceholderText("Select one of your stunts")
            return
        stunt = self._catalog.stunt(pick.name) if self._catalog.has_stunt(pick.name) else None
        takes = [
            i for i, p in enumerate(character.stunts) if p.name.casefold() == pick.name.casefold()
        ]
        which = f" ({takes.index(row) + 1})" if len(takes) > 1 else ""
        self.detail_label.setText(f"&Details{which}:")
        self.detail_label.setToolTip(f"Details of {pick.name}{which}")
        self.detail_edit.setPlaceholderText(detail_hint(None if custom else stunt))
        if custom:
            found = self.custom_skill_box.findText(pick.skill)
            if found < 0 and pick.skill:
                self.custom_skill_box.addItem(pick.skill)
                found = self.custom_skill_box.count() - 1
            self.custom_skill_box.setCurrentIndex(found)

    def _on_custom_skill_activated(self, row: int) -> None:
        self.set_custom_skill(self.custom_skill_box.itemText(row))

    def set_custom_skill(self, skill: str) -> None:
        """Give the custom stunt being edited the skill ``skill`` (one undoable step)."""
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        row = self._take_row
        if 0 <= row < len(character.stunts) and character.stunts[row].skill != skill:
            self._document.undo_stack.push(SetStuntSkillCommand(self._document, row, skill))

    def select_take(self, row: int) -> None:
        """Select the take at position ``row`` of the character's stunts."""
        if 0 <= row < self.taken_model.rowCount():
            self.taken_view.setCurrentIndex(self.taken_model.index(row, 0))

    # -- refresh -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        state = (
            character.stunts,
            tuple(sorted(character.skills.items())),
            character.creation_mode,
        )
        if state == getattr(self, "_state", None):
            return  # nothing the picker shows has changed (e.g. typing an aspect)
        self._state = state
        n = len(character.stunts)
        if n < STUNT_COUNT and character.creation_mode == "fast":
            text = (
                f"<b>{n} of {STUNT_COUNT}</b> stunts so far (fast creation): take the others "
                "when the story calls for them."
            )
        elif n < STUNT_COUNT:
            text = f"<b>{n} of {STUNT_COUNT}</b> stunts chosen: pick {STUNT_COUNT - n} more."
        elif n == STUNT_COUNT:
            text = f"<b style='color:{css('ok')}'>{n} of {STUNT_COUNT} stunts "
            text += "chosen \u2713</b>"
        else:
            text = f"<b style='color:{css('error')}'>{n} stunts: a new character has "
            text += f"{STUNT_COUNT}.</b> Remove {n - STUNT_COUNT}."
        self.counter.setText(text)
        self.proxy.refresh()
        self._on_current_changed(self.tree.currentIndex())
        self._show_package()
        self.remove_button.setEnabled(n > 0)
        self._show_take()

    def _on_search(self, text: str) -> None:
        self.proxy.set_text(text)
        if text.strip():
            self.tree.expandAll()
        else:
            self.tree.collapseAll()

    def _on_current_changed(self, current: QModelIndex, _previous: Any = None) -> None:
        index = current.siblingAtColumn(0) if current.isValid() else current
        if not index.isValid() or index.data(KindRole) != "stunt":
            self.take_button.setEnabled(False)
            if index.isValid():
                self.detail_title.setText(f"<b>{index.data(IdRole)}</b>")
                self.detail_text.setText("Open the skill to see its stunts.")
            return
        stunt = index.data(ObjectRole)
        status = index.data(StatusRole)
        status_text = str(index.siblingAtColumn(1).data(Qt.ItemDataRole.DisplayRole))
        self.detail_title.setText(
            f"<b>{stunt.name}</b> &nbsp; <span>{stunt.skill} \u00b7 {stunt.group}</span>"
        )
        # an unmet prerequisite is a problem wherever it shows: the error colour, never green
        unmet = status == UNAVAILABLE or (status == TAKEN and bool(index.data(ReasonsRole)))
        color = colour("error") if unmet else colour("gm" if status == GM_CHECK else "ok")
        limits = f"<br><i>{stunt.limits}</i>" if stunt.limits else ""
        self.detail_text.setText(
            f"{stunt.summary}{limits}<br><br><b>Needs:</b> "
            f"{requirement_text(self._document, stunt.name)}<br>"
            f"<b>Now:</b> <span style='color:{color.name()}'>{status_text}</span>"
        )
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        takes = sum(1 for n in character.stunt_names() if n.casefold() == stunt.name.casefold())
        can_repeat = stunt.repeatable and (stunt.max_takes is None or takes < stunt.max_takes)
        self.take_button.setEnabled(takes == 0 or can_repeat)
        if status == UNAVAILABLE:
            self.take_button.setText("&Take anyway")
            self.take_button.setToolTip(
                "Its prerequisites are not met yet; it will be listed as a problem until they are."
            )
        else:
            self.take_button.setText("&Take again" if takes else "&Take stunt")
            self.take_button.setToolTip("")

    def _show_package(self, *_args: Any) -> None:
        name = self.package_box.currentData()
        if not name:
            self.package_text.setText(
                "A Quick Pick package takes a skill's core stunts in one step: choose one to "
                "see what it adds."
            )
            self.package_button.setEnabled(False)
            return
        pkg = self._catalog.package(name)
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        adds = package_picks(self._catalog, name, (), character.stunt_names())
        core = list(pkg.core) + [" or ".join(group) for group in pkg.core_choices]
        parts = [f"<b>Core stunts:</b> {', '.join(core)}."]
        if pkg.suggestions:
            parts.append(f"<i>{pkg.suggestions}</i>")
        if pkg.note:
            parts.append(pkg.note)
        total = len(character.stunts) + len(adds)
        if not adds:
            parts.append("You already have all of them.")
        elif total > STUNT_COUNT:
            parts.append(
                f"<span style='color:{css('error')}'>Applying it gives {total} stunts; a "
                f"new character has {STUNT_COUNT}.</span>"
            )
        self.package_text.setText("<br>".join(parts))
        self.package_button.setEnabled(bool(adds))

    # -- actions -------------------------------------------------------------------------------

    def select_stunt(self, name: str) -> bool:
        """Select catalogue stunt ``name`` in the tree (clearing filters that hide it).

        Returns:
            False when the tree does not list it (its skill was removed by the campaign).
        """
        source = self.tree_model.find(name)
        if not source.isValid():
            return False
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            self.search_edit.clear()
            self.only_mine.setChecked(False)
            index = self.proxy.mapFromSource(source)
        self.tree.expand(index.parent())
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        return True

    def take_current(self) -> None:
        """Take the stunt selected in the tree (one undoable step)."""
        index = self.tree.currentIndex()
        if not index.isValid() or index.data(KindRole) != "stunt":
            return
        if not self.take_button.isEnabled():
            return
        stunt = index.siblingAtColumn(0).data(ObjectRole)
        self._document.undo_stack.push(
            TakeStuntCommand(self._document, StuntPick(name=stunt.name, skill=stunt.skill))
        )

    def take(self, name: str) -> None:
        """Select and take catalogue stunt ``name``."""
        if self.select_stunt(name):
            self.take_current()

    def remove_current(self) -> None:
        """Remove the stunt selected in "Your stunts"."""
        index = self.taken_view.currentIndex()
        if not index.isValid():
            if self.taken_model.rowCount() == 0:
                return
            index = self.taken_model.index(self.taken_model.rowCount() - 1, 0)
        name, take = self.taken_model.take_of(index.row())
        self._document.undo_stack.push(RemoveStuntCommand(self._document, name, take))

    def add_custom(self) -> None:
        """Ask for a custom stunt and add it, flagged for the GM."""
        pick = CustomStuntDialog.ask(self, self._document.skill_names())
        if pick is not None:
            self._document.undo_stack.push(TakeStuntCommand(self._document, pick))

    def apply_package(self, name: str) -> None:
        """Apply Quick Pick package ``name`` in one undoable step (asking for its choices)."""
        pkg = self._catalog.package(name)
        choices: tuple[str, ...] = ()
        if pkg.core_choices:
            asked = PackageChoiceDialog.ask(self, pkg)
            if asked is None:
                return
            choices = asked
        command = ApplyPackageCommand(self._document, pkg.name, choices)
        if command.added:
            self._document.undo_stack.push(command)

    def apply_current_package(self) -> None:
        """Apply the package chosen in the combo box."""
        name = self.package_box.currentData()
        if name:
            self.apply_package(str(name))

    def focus_path(self, path: str) -> None:
        """Focus the stunt a problem path points to (``stunts[i]``) or the list."""
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        if path.startswith("stunts[") and "]" in path:
            try:
                row = int(path[len("stunts[") : path.index("]")])
            except ValueError:
                row = -1
            if 0 <= row < self.taken_model.rowCount():
                self.taken_view.setCurrentIndex(self.taken_model.index(row, 0))
                if path.endswith((".detail", ".description", ".skill")):
                    field = {".detail": self.detail_edit, ".skill": self.custom_skill_box}
                    target = next(
                        (w for end, w in field.items() if path.endswith(end)),
                        self.custom_description_edit,
                    )
                    target.setFocus()
                    return
                self.taken_view.setFocus()
                return
        if len(character.stunts) < STUNT_COUNT:
            self.search_edit.setFocus()
        else:
            self.taken_view.setFocus()
