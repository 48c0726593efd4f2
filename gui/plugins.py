"""GUI layer: finds each game system's GUI plug-in from the system's registration entry.

The registration list (``resources/systems/systems.json``) names a package per system; its GUI
half is ``gui.systems.<package>.plugin.PLUGIN``. Nothing else in the core names a system.
"""

from __future__ import annotations

import importlib

from gui.system_ui import SystemUi, UiPlugin
from rules.errors import UnknownSystemError
from rules.systems.registry import GameSystem


def ui_plugin(system: GameSystem) -> UiPlugin:
    """The GUI plug-in of ``system``.

    Raises:
        UnknownSystemError: when the system has no GUI package.
    """
    package = system.info.package
    if not package:
        raise UnknownSystemError(f"the {system.info.name} system has no GUI in this version")
    module = importlib.import_module(f"gui.systems.{package}.plugin")
    plugin: UiPlugin = module.PLUGIN
    return plugin


def system_ui(system: GameSystem) -> SystemUi:
    """The :class:`SystemUi` of ``system``."""
    return ui_plugin(system).make_ui(system)
