"""Rules layer: the Spirit of the Century plug-in entry point.

``PLUGIN`` is what the system loader (``storage.systems_catalog``) looks for: it names the
catalogue files of ``resources/systems/sotc/`` and builds :class:`SotcSystem` from them.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import CatalogError
from rules.systems.registry import SystemInfo, SystemPlugin
from rules.systems.sotc.catalog import parse_sotc_catalog
from rules.systems.sotc.system import SotcSystem


class SotcPlugin:
    """Builds Spirit of the Century from its catalogue files."""

    @property
    def data_files(self) -> tuple[str, ...]:
        """Skills, stunts, Quick Pick packages and gadget improvements."""
        return ("skills.json", "stunts.json", "packages.json", "improvements.json")

    def build(self, info: SystemInfo, files: Mapping[str, object]) -> SotcSystem:
        """The system, from ``system.json`` and the parsed catalogue files.

        Raises:
            CatalogError: naming the file (inside ``sotc/``) and field at fault.
        """
        try:
            catalog = parse_sotc_catalog(files)
        except CatalogError as exc:
            raise CatalogError(f"{info.id}/{exc.file}", exc.field, exc.message) from None
        return SotcSystem(info, catalog)


PLUGIN: SystemPlugin = SotcPlugin()
"""Built once at import; the static type makes mypy hold SotcSystem to the GameSystem protocol."""
