"""GUI layer: the ART Engine GUI plug-in entry point (``PLUGIN``)."""

from __future__ import annotations

from gui.system_ui import UiPlugin
from gui.systems.art.ui import ArtUi
from rules.systems.registry import GameSystem


class ArtUiPlugin:
    """Builds :class:`ArtUi`."""

    def make_ui(self, system: GameSystem) -> ArtUi:
        """The ART Engine's UI over ``system``."""
        return ArtUi(system)


PLUGIN: UiPlugin = ArtUiPlugin()
