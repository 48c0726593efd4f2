"""GUI layer: the main window's document tabs and the undo group that follows them.

The first tab is the library page; every other tab is a :class:`gui.documents.tab.DocumentTab`
of any kind. The window's ``QUndoGroup`` makes the current tab's stack active; a stack's clean
state drives the tab's "\u25cf" marker and the window's ``[*]``. Closing a tab with unsaved
changes asks first (save, discard, cancel).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QTabWidget, QWidget

from gui.documents.tab import DocumentTab


class DocumentTabs(QObject):
    """Opens, finds, titles and closes the document tabs of one ``QTabWidget``.

    Args:
        tabs: The tab widget; its tab 0 is the library page (never closed).
        undo_group: The window's undo group.
        dialog_parent: Parent of the "save changes?" question.

    Signals:
        title_changed(str, bool): the window's title and modified state to show.
        current_changed(): the current tab changed (or its state did): actions may change.
        documents_changed(): a tab was opened or closed.
    """

    title_changed = Signal(str, bool)
    current_changed = Signal()
    documents_changed = Signal()

    def __init__(self, tabs: QTabWidget, undo_group: QUndoGroup, dialog_parent: QWidget) -> None:
        super().__init__(tabs)
        self.widget = tabs
        self.undo_group = undo_group
        self._parent = dialog_parent
        self._hide_close_button(0)
        tabs.currentChanged.connect(self._on_current_changed)
        tabs.tabCloseRequested.connect(self.close_tab)

    # -- finding ----------------------------------------------------------------------------------

    @staticmethod
    def is_document(widget: QWidget | None) -> bool:
        """Whether ``widget`` is a document tab (not the library page)."""
        return widget is not None and hasattr(widget, "undo_stack") and hasattr(widget, "key")

    def tabs(self) -> list[Any]:
        """The open document tabs, in tab order."""
        out = []
        for i in range(self.widget.count()):
            widget = self.widget.widget(i)
            if self.is_document(widget):
                out.append(widget)
        return out

    def current(self) -> Any:
        """The current document tab, or None on the library page."""
        widget = self.widget.currentWidget()
        return widget if self.is_document(widget) else None

    def find(self, key: Hashable) -> Any:
        """The open tab showing ``key``, if any."""
        return next((t for t in self.tabs() if t.key() == key), None)

    # -- opening and closing ----------------------------------------------------------------------

    def add(self, tab: DocumentTab) -> None:
        """Show ``tab`` (a new document tab) and make it current."""
        widget = cast(QWidget, tab)
        self.undo_group.addStack(tab.undo_stack)
        tab.changed.connect(self.update_titles)
        index = self.widget.addTab(widget, tab.title())
        self.widget.setCurrentIndex(index)
        self.update_titles()
        self.documents_changed.emit()

    def show(self, tab: DocumentTab) -> None:
        """Make ``tab`` current."""
        self.widget.setCurrentWidget(cast(QWidget, tab))

    def close_current(self) -> bool:
        """Close the current document tab (asking about unsaved changes)."""
        index = self.widget.currentIndex()
        return self.close_tab(index) if index > 0 else False

    def close_tab(self, index: int) -> bool:
        """Close the tab at ``index``; False when the user cancelled (or it is the library)."""
        widget = self.widget.widget(index)
        if not self.is_document(widget):
            return False
        tab: Any = widget
        if not self.settle(tab):
            return False
        self.remove(tab, discard=True)
        return True

    def settle(self, tab: DocumentTab) -> bool:
        """Ask about unsaved changes; True when the tab may close."""
        from gui.dialogs.confirm import SaveChangesDialog

        if not tab.is_modified():
            return True
        self.show(tab)
        answer = SaveChangesDialog.ask(self._parent, tab.title())
        if answer == "cancel":
            return False
        if answer == "save":
            return tab.save()
        return True

    def settle_all(self) -> bool:
        """Ask about every tab with unsaved changes; True when all may close."""
        return all(self.settle(tab) for tab in list(self.tabs()))

    def remove(self, tab: DocumentTab, *, discard: bool) -> None:
        """Close ``tab`` without asking (``discard``: its unsaved changes are dropped)."""
        widget = cast(QWidget, tab)
        if discard:
            tab.discard()
        self.undo_group.removeStack(tab.undo_stack)
        index = self.widget.indexOf(widget)
        if index >= 0:
            self.widget.removeTab(index)
        document = getattr(tab, "document", None)
        widget.deleteLater()
        if isinstance(document, QObject):
            document.deleteLater()
        self.update_titles()
        self.documents_changed.emit()

    def remove_all(self) -> None:
        """Close every document tab without asking."""
        for tab in self.tabs():
            self.remove(tab, discard=True)

    # -- moving -----------------------------------------------------------------------------------

    def show_library(self) -> None:
        """Go to the library page."""
        self.widget.setCurrentIndex(0)

    def next(self) -> None:
        """The next tab (wrapping round)."""
        self.widget.setCurrentIndex((self.widget.currentIndex() + 1) % self.widget.count())

    def previous(self) -> None:
        """The previous tab (wrapping round)."""
        self.widget.setCurrentIndex((self.widget.currentIndex() - 1) % self.widget.count())

    # -- titles -----------------------------------------------------------------------------------

    def update_titles(self) -> None:
        """Tab texts ("\u25cf " marks unsaved changes), tooltips and the window title."""
        for i in range(self.widget.count()):
            widget: Any = self.widget.widget(i)
            if self.is_document(widget):
                dirty = widget.is_modified()
                title = widget.title()
                self.widget.setTabText(i, ("\u25cf " if dirty else "") + title)
                self.widget.setTabToolTip(i, title + (" (unsaved changes)" if dirty else ""))
        tab = self.current()
        if tab is None:
            self.title_changed.emit("Library \u2014 Fatesmith[*]", False)
        else:
            self.title_changed.emit(f"{tab.title()}[*] \u2014 Fatesmith", tab.is_modified())
        self.current_changed.emit()

    def _on_current_changed(self, _index: int) -> None:
        tab = self.current()
        self.undo_group.setActiveStack(tab.undo_stack if tab is not None else None)  # type: ignore[arg-type]
        self.update_titles()

    def _hide_close_button(self, index: int) -> None:
        bar = self.widget.tabBar()
        for side in (bar.ButtonPosition.RightSide, bar.ButtonPosition.LeftSide):
            button = bar.tabButton(index, side)
            if button is not None:
                button.resize(0, 0)
                button.hide()
