"""GUI layer: the main window's actions, menus, toolbar and context menus.

:class:`ShellActions` only makes the ``QAction`` objects (text, shortcut, icon, tip) and lays
them out; :class:`gui.shell.window.MainWindow` connects each to the controller that does the
work, so this module knows nothing about libraries or documents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QWidget

from gui.shortcuts import keys
from gui.theme import standard_icon


def connect(action: QAction, slot: Callable[[], Any]) -> None:
    """Run ``slot()`` (without the ``checked`` argument) when ``action`` is triggered."""
    action.triggered.connect(lambda _checked=False: slot())


class ShellActions:
    """Every action of the main window, grouped by menu (attributes named for what they do).

    Args:
        window: The main window (parent of the actions, source of the standard icons).
        undo_group: The window's undo group (its undo and redo actions follow the active tab).
    """

    def __init__(self, window: QMainWindow, undo_group: QUndoGroup) -> None:
        self._window = window
        key = QKeySequence.StandardKey
        make = self._make
        self.new = make(
            "&New Character\u2026",
            key.New,
            "file",
            "Create a new character (of the system you choose)",
        )
        self.open = make("&Open", key.Open, "open", "Open the selected characters")
        self.save = make("&Save", key.Save, "save", "Save the character to the library")
        self.close = make("&Close Tab", key.Close, None, "Close the current character")
        self.print = make(
            "&Print / Export PDF\u2026",
            key.Print,
            None,
            "Preview the printable sheet and save it as PDF",
        )
        self.print.setIcon(QIcon.fromTheme("document-print", standard_icon("details")))
        self.export_pdfs = make(
            "Export Selected as P&DF\u2026",
            None,
            None,
            "Save the sheets of the selected characters in one PDF",
        )
        self.import_ = make(
            "&Import\u2026", "Ctrl+I", "down", "Import character files or an archive"
        )
        self.export = make(
            "&Export Character File\u2026",
            "Ctrl+E",
            "up",
            "Save the selected character as a .fatesmith.json file",
        )
        self.export_archive = make(
            "Export &Archive\u2026", None, None, "Save the whole library as one archive"
        )
        self.quit = make("&Quit", key.Quit, None, "Quit Fatesmith")
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)

        self.undo = undo_group.createUndoAction(window, "&Undo")
        self.undo.setShortcuts(key.Undo)
        self.undo.setIcon(QIcon.fromTheme("edit-undo", standard_icon("back")))
        self.redo = undo_group.createRedoAction(window, "&Redo")
        self.redo.setShortcuts(key.Redo)
        self.redo.setIcon(QIcon.fromTheme("edit-redo", standard_icon("forward")))
        for action in (self.undo, self.redo):
            action.changed.connect(lambda a=action: self._tip_follows_text(a))
        self.find = make("&Find in Library", key.Find, None, "Search the library")
        self.duplicate = make("D&uplicate", "Ctrl+D", None, "Copy the selected characters")
        self.delete = make(
            "&Delete from Library\u2026",
            key.Delete,
            "trash",
            "Delete the selected characters",
        )
        self.delete.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.edit_tags = make(
            "Edit &Tags\u2026",
            "Ctrl+Shift+T",
            None,
            "Add or remove tags of the selected characters",
        )
        self.preferences = make(
            "Pre&ferences\u2026", key.Preferences, None, "Theme, autosave, paper"
        )
        self.preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.library = make("Show &Library", "Ctrl+L", None, "Back to the library")
        self.new_campaign = make("New &Campaign\u2026")
        self.edit_campaign = make("&Edit Campaign\u2026")
        self.new_encounter = make(
            "&New Encounter",
            "Ctrl+Shift+E",
            None,
            "Set up a new conflict in its own window (saved as you play)",
        )
        self.open_encounter = make(
            "&Open Encounter",
            None,
            None,
            "Open the selected encounters (a template starts a fresh run)",
        )
        self.start_template = make(
            "Start from &Template\u2026",
            None,
            None,
            "Run a prepared scene again: a new encounter of its own",
        )
        self.delete_encounter = make(
            "&Delete Encounter\u2026",
            key.Delete,
            None,
            "Delete the selected encounters or templates",
        )
        self.delete_encounter.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        for action, short in ((self.new_encounter, "New\u2026"),
                              (self.start_template, "From template\u2026"),
                              (self.open_encounter, "Open"),
                              (self.delete_encounter, "Delete\u2026")):  # fmt: skip
            action.setIconText(short)  # what the library page's encounter buttons show
        self.about = make("&About Fatesmith")
        self.about.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_qt = make("About &Qt")
        self.about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)
        self.next_tab = make("Next Tab", key.NextChild)
        self.prev_tab = make("Previous Tab", key.PreviousChild)
        self.shortcuts = make("&Keyboard Shortcuts", None, None, "Every key of every window")
        window.addAction(self.next_tab)
        window.addAction(self.prev_tab)
        self._apply_scheme()
        self.new_kinds: list[QAction] = []
        """The File menu's other ways to start a character (see :meth:`set_new_kinds`)."""

    @staticmethod
    def _tip_follows_text(action: QAction) -> None:
        tip = action.text().replace("&", "")
        if action.toolTip() != tip:
            action.setToolTip(tip)  # "Undo Edit name": what the short button would undo

    def _apply_scheme(self) -> None:
        """Take every key from the app's one scheme (:mod:`gui.shortcuts`), so a key means
        the same in this window and the encounter window, and Help lists what is bound."""
        scheme = {
            self.new: "new", self.open: "open", self.save: "save", self.close: "close",
            self.print: "print", self.import_: "import", self.export: "export",
            self.quit: "quit", self.undo: "undo", self.redo: "redo", self.find: "find",
            self.duplicate: "duplicate", self.delete: "delete", self.edit_tags: "tags",
            self.preferences: "preferences", self.library: "library",
            self.new_encounter: "new_encounter", self.delete_encounter: "delete",
            self.next_tab: "next_tab", self.prev_tab: "prev_tab", self.shortcuts: "shortcuts",
        }  # fmt: skip
        for action, name in scheme.items():
            action.setShortcuts(keys(name))

    def _make(
        self,
        text: str,
        shortcut: QKeySequence.StandardKey | str | None = None,
        icon: str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self._window)
        if icon is not None:
            action.setIcon(standard_icon(icon))
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(shortcut)
        elif shortcut:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def make_new_kind(self, text: str, tip: str) -> QAction:
        """A File menu action that starts one kind of character (placed by :meth:`build_menus`
        or :meth:`set_new_kinds`)."""
        return self._make(text, None, None, tip)

    # -- layout -----------------------------------------------------------------------------------

    def build_menus(self, window: QMainWindow) -> None:
        """The menu bar: File, Edit, Library, Encounter, Help."""
        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        self.file_menu = file_menu
        file_menu.addAction(self.new)
        file_menu.addAction(self.open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        add_all(file_menu, (None, self.save, self.close, None, self.import_, self.export,
                            self.export_archive, None, self.print, self.export_pdfs, None,
                            self.quit))  # fmt: skip
        edit_menu = bar.addMenu("&Edit")
        add_all(edit_menu, (self.undo, self.redo, None, self.find, self.duplicate,
                            self.edit_tags, self.delete, None, self.preferences))  # fmt: skip
        library_menu = bar.addMenu("&Library")
        add_all(library_menu, (self.library, None, self.new_campaign, self.edit_campaign, None))
        self.rules_data_menu = library_menu.addMenu("Rules &Data")
        self.rules_data_menu.setToolTipsVisible(True)
        encounter_menu = bar.addMenu("E&ncounter")
        add_all(encounter_menu, (self.new_encounter, self.open_encounter, self.start_template,
                                 None, self.delete_encounter))  # fmt: skip
        help_menu = bar.addMenu("&Help")
        add_all(help_menu, (self.shortcuts, None, self.about, self.about_qt))

    def set_new_kinds(self, actions: Iterable[QAction]) -> None:
        """Put the other ways to start a character right after File > New (replacing any
        shown before)."""
        for action in self.new_kinds:
            self.file_menu.removeAction(action)
        self.new_kinds = list(actions)
        for action in self.new_kinds:
            self.file_menu.insertAction(self.open, action)

    def build_toolbar(self, window: QMainWindow) -> QToolBar:
        """The main toolbar (with short labels beside the icons)."""
        toolbar = QToolBar("Main toolbar")
        toolbar.setObjectName("mainToolbar")
        toolbar.setIconSize(QSize(20, 20))
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        add_all(toolbar, (self.new, self.open, self.save, None, self.undo, self.redo, None,
                          self.import_, self.export, self.print, None, self.delete))  # fmt: skip
        # Undo / Redo keep one short word: the undo group renames them for every command
        # ("Undo Edit the name of phase 2..."), which would widen the button and shift the
        # toolbar; the full text stays in the menu and the tooltip.
        for action, short in ((self.new, "New"), (self.export, "Export"),
                              (self.print, "Print"), (self.delete, "Delete"),
                              (self.open, "Open"), (self.undo, "Undo"),
                              (self.redo, "Redo")):  # fmt: skip
            action.setIconText(short)
        for action in toolbar.actions():  # Tab reaches every button, like any control
            if action.isSeparator():
                # A separator is not a control (and wrapping its private widget class makes
                # PySide6 set up dozens of widget types: ~15 ms of the start-up).
                continue
            button = toolbar.widgetForAction(action)
            if button is not None:
                button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        window.addToolBar(toolbar)
        return toolbar

    def library_menu(self, parent: QWidget) -> QMenu:
        """The character table's context menu."""
        menu = QMenu(parent)
        add_all(menu, (self.open, self.duplicate, self.edit_tags, self.export, self.print,
                       self.export_pdfs, None, self.delete))  # fmt: skip
        return menu

    def encounter_menu(self, parent: QWidget) -> QMenu:
        """The encounter table's context menu."""
        menu = QMenu(parent)
        add_all(menu, (self.open_encounter, self.new_encounter, self.start_template, None,
                       self.delete_encounter))  # fmt: skip
        return menu


def add_all(target: QMenu | QToolBar, actions: Iterable[QAction | None]) -> None:
    """Add ``actions`` in order (None: a separator)."""
    for action in actions:
        if action is None:
            target.addSeparator()
        else:
            target.addAction(action)


def popup(menu: QMenu, view: Any, pos: QPoint) -> None:
    """Show a context menu at ``pos`` of ``view``'s viewport."""
    menu.popup(view.viewport().mapToGlobal(pos))
