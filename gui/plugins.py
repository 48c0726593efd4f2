"""GUI layer: finds each game system's GUI plug-in from the system's registration entry.

The registration list (``resources/systems/systems.json``) names a package per system; its GUI
half is ``gui.systems.<package>.plugin.PLUGIN``. Nothing else in the core names a system.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.errors import FatesmithError, UnknownSystemError

if TYPE_CHECKING:  # start-up: the listing is shown before pydantic loads
    from gui.system_ui import SystemUi, UiPlugin
    from rules.systems.registry import GameSystem


def gui_system_ids() -> list[str]:
    """The ids of the registered systems that have a GUI package, in registration order.

    Read from the registration list alone (no catalogue is loaded: start-up speed).
    """
    from storage.bundled import bundled_path

    try:
        index = json.loads(bundled_path("systems", "systems.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    out = []
    for entry in index.get("systems", []) if isinstance(index, dict) else []:
        package = entry.get("package") if isinstance(entry, dict) else None
        if package and _has_gui(str(package)):
            out.append(str(entry["id"]))
    return out


def _has_gui(package: str) -> bool:
    """Whether ``gui.systems.<package>.plugin`` exists (a system may register its rules before
    its GUI: ``find_spec`` raises when the package folder itself is missing)."""
    name = f"gui.systems.{package}.plugin"
    # Looked for among the files first, without importing the system's GUI package (start-up:
    # the filter lists every system before any of them is needed); then by the import system
    # (a frozen build keeps no source files).
    import gui.systems

    folders = [os.path.join(folder, package) for folder in gui.systems.__path__]
    if importlib.machinery.PathFinder.find_spec(name, folders) is not None:
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def ui_plugin(system: GameSystem) -> UiPlugin:
    """The GUI plug-in of ``system``.

    Raises:
        UnknownSystemError: when the system has no GUI package.
    """
    package = system.info.package
    if not package or not _has_gui(package):
        raise UnknownSystemError(f"the {system.info.name} system has no GUI in this version")
    module = importlib.import_module(f"gui.systems.{package}.plugin")
    plugin: UiPlugin = module.PLUGIN
    return plugin


def system_ui(system: GameSystem) -> SystemUi:
    """The :class:`SystemUi` of ``system``."""
    return ui_plugin(system).make_ui(system)


class SystemUis:
    """The UIs of a registry's systems, made once each (one set per main window).

    Args:
        registry: The loaded systems (read on first use: the start-up registry is lazy).
        plugins: GUI plug-ins by system id that take precedence over the registered packages
            (tests add systems of their own this way).
    """

    def __init__(self, registry: Any, plugins: Mapping[str, UiPlugin] | None = None) -> None:
        self._registry = registry
        self._plugins = dict(plugins or {})
        self._uis: dict[str, SystemUi] = {}

    def get(self, system_id: str) -> SystemUi:
        """The UI of ``system_id``.

        Raises:
            UnknownSystemError: the system is unknown, has no rules yet or no GUI.
        """
        if system_id not in self._uis:
            system = self._registry.get(system_id)
            plugin = self._plugins.get(system_id) or ui_plugin(system)
            self._uis[system_id] = plugin.make_ui(system)
        return self._uis[system_id]

    def available(self) -> list[SystemUi]:
        """The UIs of every implemented system that has a GUI, in registration order."""
        out = []
        for system in self._registry:
            try:
                out.append(self.get(system.id))
            except FatesmithError:
                continue
        return out
