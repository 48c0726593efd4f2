"""GUI layer: the FATE 2.0 GUI plug-in entry point (``PLUGIN``)."""

from __future__ import annotations

from gui.system_ui import UiPlugin
from gui.systems.fate2.ui import Fate2Ui
from rules.systems.registry import GameSystem


class Fate2UiPlugin:
    """Builds :class:`Fate2Ui`."""

    def make_ui(self, system: GameSystem) -> Fate2Ui:
        """FATE 2.0's UI over ``system``."""
        return Fate2Ui(system)


PLUGIN: UiPlugin = Fate2UiPlugin()
