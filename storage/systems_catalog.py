"""Storage layer: reads each system's bundled catalogue data and builds the system registry.

The systems are listed once, in ``resources/systems/systems.json`` (the registration point);
each entry names its plug-in package, whose ``rules.systems.<package>.PLUGIN`` builds the system
from the data in ``resources/systems/<id>/`` (read through ``importlib.resources``). Parsing and
checking is done by the rules layer's pydantic schemas, whose errors name the file and field.
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from importlib.resources.abc import Traversable

from pydantic import ValidationError

from rules.errors import CatalogError
from rules.systems.registry import (
    GameSystem,
    RegistryEntry,
    RegistryIndex,
    SystemInfo,
    SystemPlugin,
    SystemRegistry,
)
from storage.bundled import bundled_path

INDEX_FILE = "systems.json"


def systems_root() -> Traversable:
    """The bundled ``resources/systems`` folder."""
    return bundled_path("systems")


def read_json(folder: Traversable, name: str) -> object:
    """Parse one catalogue file.

    Raises:
        CatalogError: naming the file when it is missing or not valid JSON.
    """
    entry = folder.joinpath(name)
    try:
        text = entry.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(name, "", "file is missing from the system folder") from None
    except UnicodeDecodeError as exc:
        raise CatalogError(name, "", f"not UTF-8 text ({exc.reason})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(name, f"line {exc.lineno} column {exc.colno}", exc.msg) from None


def parse_system_info(data: object, file: str = "system.json") -> SystemInfo:
    """Validate a ``system.json`` document.

    Raises:
        CatalogError: naming the field at fault.
    """
    try:
        return SystemInfo.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise CatalogError(file, field, first["msg"]) from None


def load_system_info(system_id: str, root: Traversable | None = None) -> SystemInfo:
    """Read ``<root>/<system_id>/system.json``."""
    folder = (root or systems_root()).joinpath(system_id)
    return parse_system_info(read_json(folder, "system.json"), f"{system_id}/system.json")


def read_index(root: Traversable | None = None) -> RegistryIndex:
    """The registration list ``resources/systems/systems.json``.

    Raises:
        CatalogError: naming the field at fault.
    """
    data = read_json(root or systems_root(), INDEX_FILE)
    try:
        return RegistryIndex.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise CatalogError(INDEX_FILE, field, first["msg"]) from None


def rules_plugin(package: str) -> SystemPlugin:
    """The ``PLUGIN`` of ``rules.systems.<package>.plugin``.

    Raises:
        CatalogError: when the package is missing or exposes no plug-in.
    """
    try:
        module = importlib.import_module(f"rules.systems.{package}.plugin")
    except ImportError as exc:
        raise CatalogError(INDEX_FILE, package, f"no rules package ({exc})") from None
    try:
        plugin: SystemPlugin = module.PLUGIN
    except AttributeError:
        raise CatalogError(INDEX_FILE, package, "rules package defines no PLUGIN") from None
    return plugin


def load_system(entry: RegistryEntry, root: Traversable | None = None) -> GameSystem:
    """Build the system of one registration entry from its folder's data.

    Raises:
        CatalogError: naming the file and field at fault.
    """
    assert entry.package is not None
    folder = (root or systems_root()).joinpath(entry.id)
    info = parse_system_info(read_json(folder, "system.json"), f"{entry.id}/system.json")
    info = info.model_copy(update={"package": entry.package})
    plugin = rules_plugin(entry.package)
    files = {name: read_json(folder, name) for name in plugin.data_files}
    return plugin.build(info, files)


def load_registry(root: Traversable | None = None) -> SystemRegistry:
    """Every system listed in ``systems.json`` under ``root`` (the bundled folder by default)."""
    registry = SystemRegistry()
    for entry in read_index(root).systems:
        if entry.package:
            registry.register(load_system(entry, root))
        else:
            registry.register_info(load_system_info(entry.id, root))
    return registry


@cache
def default_registry() -> SystemRegistry:
    """Every bundled system, loaded once per process (bound to no library's data)."""
    return load_registry()
