"""Storage layer: reads each system's bundled catalogue data and builds the system registry.

The data lives in ``resources/systems/<id>/`` (read through ``importlib.resources``); parsing and
checking is done by the rules layer's pydantic schemas, whose errors name the file and field.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources.abc import Traversable

from pydantic import ValidationError

from rules.errors import CatalogError
from rules.systems.registry import SystemInfo, SystemRegistry
from rules.systems.sotc.catalog import parse_sotc_catalog
from rules.systems.sotc.system import SotcSystem
from storage.bundled import bundled_path

SOTC_FILES = ("skills.json", "stunts.json", "packages.json", "improvements.json")


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


def load_sotc(root: Traversable | None = None) -> SotcSystem:
    """Load Spirit of the Century: ``system.json`` plus its catalogue files."""
    folder = (root or systems_root()).joinpath("sotc")
    info = parse_system_info(read_json(folder, "system.json"), "sotc/system.json")
    files = {name: read_json(folder, name) for name in SOTC_FILES}
    try:
        catalog = parse_sotc_catalog(files)
    except CatalogError as exc:
        raise CatalogError(f"sotc/{exc.file}", exc.field, exc.message) from None
    return SotcSystem(info, catalog)


@cache
def default_registry() -> SystemRegistry:
    """Every bundled system, loaded once per process."""
    registry = SystemRegistry()
    registry.register(load_sotc())
    for system_id in ("fate2", "strange-fate", "art"):
        registry.register_info(load_system_info(system_id))
    return registry
