"""Rules layer: the FATE 2.0 plug-in entry point.

``PLUGIN`` is what the system loader (``storage.systems_catalog``) looks for: it names the data
files of ``resources/systems/fate2/`` and builds :class:`Fate2System` from them.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import CatalogError
from rules.systems.fate2.catalog import DATA_FILES, parse_fate2_catalog
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import SystemInfo


class Fate2Plugin:
    """Builds FATE 2.0 from its data files."""

    @property
    def data_files(self) -> tuple[str, ...]:
        """The skill categories and sample list, and the Pyramid Shorthand table."""
        return DATA_FILES

    def build(self, info: SystemInfo, files: Mapping[str, object]) -> Fate2System:
        """The system, from ``system.json`` and the parsed data files.

        Raises:
            CatalogError: naming the file (inside ``fate2/``) and field at fault.
        """
        try:
            catalog = parse_fate2_catalog(files)
        except CatalogError as exc:
            raise CatalogError(f"{info.id}/{exc.file}", exc.field, exc.message) from None
        return Fate2System(info, catalog)


PLUGIN = Fate2Plugin()
