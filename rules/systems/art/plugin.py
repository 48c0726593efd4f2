"""Rules layer: the ART Engine plug-in entry point.

``PLUGIN`` is what the system loader (``storage.systems_catalog``) looks for: it names the
catalogue files of ``resources/systems/art/`` and builds :class:`ArtSystem` from them. The
Action Results Table is not among them: the user supplies it (system data).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import CatalogError
from rules.systems.art.catalog import FILES, parse_art_catalog
from rules.systems.art.system import ArtSystem
from rules.systems.registry import SystemInfo


class ArtPlugin:
    """Builds the ART Engine from its catalogue files."""

    @property
    def data_files(self) -> tuple[str, ...]:
        """Gear tables, perks, and the advancement tables."""
        return tuple(FILES)

    def build(self, info: SystemInfo, files: Mapping[str, object]) -> ArtSystem:
        """The system, from ``system.json`` and the parsed catalogue files.

        Raises:
            CatalogError: naming the file (inside ``art/``) and field at fault.
        """
        try:
            catalog = parse_art_catalog(files)
        except CatalogError as exc:
            raise CatalogError(f"{info.id}/{exc.file}", exc.field, exc.message) from None
        return ArtSystem(info, catalog)


PLUGIN = ArtPlugin()
