"""Rules layer: the Strange Fate plug-in entry point.

``PLUGIN`` is what the system loader (``storage.systems_catalog``) looks for: it names the files
of ``resources/systems/strange-fate/`` (h7's catalogue and diagram, the creation catalogue and the
Tier Benefits) and builds :class:`StrangeFateSystem` from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import CatalogError
from rules.systems.registry import SystemInfo
from rules.systems.strange_fate.book import StrangeFateBook
from rules.systems.strange_fate.catalog import CATALOG_FILES, parse_catalog
from rules.systems.strange_fate.creation import CREATION_FILES, parse_creation
from rules.systems.strange_fate.diagram import DIAGRAM_FILE, parse_diagram
from rules.systems.strange_fate.system import StrangeFateSystem


class StrangeFatePlugin:
    """Builds Strange Fate from its catalogue files."""

    @property
    def data_files(self) -> tuple[str, ...]:
        """Trappings, Common skills, Extras, Drawbacks, samples, the diagram, the creation
        catalogue and the Tier Benefits."""
        return (*CATALOG_FILES, DIAGRAM_FILE, *CREATION_FILES)

    def build(self, info: SystemInfo, files: Mapping[str, object]) -> StrangeFateSystem:
        """The system, from ``system.json`` and the parsed files.

        Raises:
            CatalogError: naming the file (inside ``strange-fate/``) and field at fault.
        """
        try:
            catalog = parse_catalog(files)
            if DIAGRAM_FILE not in files:
                raise CatalogError(DIAGRAM_FILE, "", "file is missing from the system folder")
            diagram = parse_diagram(files[DIAGRAM_FILE])
            creation, benefits = parse_creation(files)
            with_benefits = {t.name for t in catalog.trappings if t.tier_benefits}
            for i, entry in enumerate(benefits.benefits):
                if entry.trapping not in with_benefits:
                    raise CatalogError(
                        "tier_benefits.json",
                        f"benefits[{i}].trapping",
                        f"{entry.trapping!r} is not a trapping with Tier Benefits",
                    )
        except CatalogError as exc:
            raise CatalogError(f"{info.id}/{exc.file}", exc.field, exc.message) from None
        bundled = files[DIAGRAM_FILE]
        assert isinstance(bundled, dict)
        content: dict[str, Any] = bundled
        return StrangeFateSystem(
            info, StrangeFateBook(catalog, creation, benefits, diagram), content
        )


PLUGIN = StrangeFatePlugin()
