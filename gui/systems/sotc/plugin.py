"""GUI layer: the Spirit of the Century GUI plug-in entry point (``PLUGIN``)."""

from __future__ import annotations

from gui.system_ui import UiPlugin
from gui.systems.sotc.ui import SotcUi
from rules.systems.registry import GameSystem


class SotcUiPlugin:
    """Builds :class:`SotcUi`."""

    def make_ui(self, system: GameSystem) -> SotcUi:
        """SotC's UI over ``system``."""
        return SotcUi(system)


PLUGIN: UiPlugin = SotcUiPlugin()
