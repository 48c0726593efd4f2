"""GUI layer: the Strange Fate GUI plug-in entry point (``PLUGIN``)."""

from __future__ import annotations

from gui.system_ui import UiPlugin
from gui.systems.strange_fate.ui import StrangeFateUi
from rules.systems.registry import GameSystem


class StrangeFateUiPlugin:
    """Builds :class:`StrangeFateUi`."""

    def make_ui(self, system: GameSystem) -> StrangeFateUi:
        """Strange Fate's UI over ``system``."""
        return StrangeFateUi(system)


PLUGIN: UiPlugin = StrangeFateUiPlugin()
