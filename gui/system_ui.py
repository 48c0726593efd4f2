"""GUI layer: what a game system's GUI plug-in provides to the application's core.

Each system's ``gui/systems/<package>/plugin.py`` exposes ``PLUGIN`` (a :class:`UiPlugin`) that
builds its :class:`SystemUi`; :func:`gui.plugins.system_ui` finds it from the system's
registration entry. The core (main window, library, encounter window) speaks to a system's
widgets only through this protocol.
"""

from __future__ import annotations

from typing import Protocol

from rules.systems.registry import GameSystem


class SystemUi(Protocol):
    """One game system's GUI: its editor pages, panels, settings page and encounter prompts."""

    @property
    def system(self) -> GameSystem:
        """The rules this UI edits."""


class UiPlugin(Protocol):
    """What ``gui.systems.<package>.plugin.PLUGIN`` is."""

    def make_ui(self, system: GameSystem) -> SystemUi:
        """The system's UI, for ``system`` (already bound to the open library's data)."""
