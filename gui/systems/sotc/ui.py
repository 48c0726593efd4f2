"""GUI layer: Spirit of the Century's :class:`gui.system_ui.SystemUi`."""

from __future__ import annotations

from rules.systems.registry import GameSystem


class SotcUi:
    """SotC's editor pages, panels, settings page and encounter prompts."""

    def __init__(self, system: GameSystem) -> None:
        self._system = system

    @property
    def system(self) -> GameSystem:
        """The SotC rules."""
        return self._system
