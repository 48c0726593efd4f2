"""GUI layer: the encounter window's toolbar, the flow of play in visible buttons.

A new game master should not need to know a key to run a conflict: Start, Next turn, Next
exchange and End scene, the ways to add to the cast, the player view and the list of keys are
buttons here (the window's own actions, so a button, its menu entry and its shortcut are one
command). The buttons take the keyboard focus with Tab like any control.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar, QToolButton

LAYOUT: tuple[tuple[str, str] | None, ...] = (
    ("start", "Start"),
    ("next_turn", "Next turn \u25b6"),
    ("next_exchange", "Next exchange"),
    ("end_scene", "End scene"),
    None,
    ("add_library", "Add character\u2026"),
    ("add_npc", "Add NPC\u2026"),
    ("add_minions", "Add minions\u2026"),
    None,
    ("player_view", "Player view"),
    ("shortcuts", "Shortcuts\u2026"),
)
"""(shortcut name, button text) in order; None: a separator."""


class EncounterToolBar(QToolBar):
    """The flow-of-play buttons of ``window`` (an :class:`EncounterWindow` whose actions are
    built: ``window.actions_by_name``)."""

    def __init__(self, window: Any) -> None:
        super().__init__("Encounter")
        self.setObjectName("encounterToolbar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.buttons: dict[str, Any] = {}
        for entry in LAYOUT:
            if entry is None:
                self.addSeparator()
                continue
            name, text = entry
            action = window.actions_by_name[name]
            action.setIconText(text)  # the button's words; the menu keeps the action's text
            self.addAction(action)
            button = self.widgetForAction(action)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            if isinstance(button, QToolButton):
                button.setAutoRaise(False)  # drawn as a button, not as menu text
            button.setAccessibleName(action.text().replace("&", ""))
            self.buttons[name] = button

    def show_exchange_word(self, word: str) -> None:
        """The next-exchange button in the system's words (``Next round``)."""
        action = self.buttons["next_exchange"].defaultAction()
        action.setIconText(f"Next {word}")
        self.buttons["next_exchange"].setAccessibleName(f"Next {word}")
