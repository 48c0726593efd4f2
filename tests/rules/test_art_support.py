"""Shared builders for the ART Engine tests (no tests here).

The Action Results Table built here is INVENTED test data shaped like a real table (every row
covers 1-100, better rows make better results likelier) with the book's one known cell (row 14:
59-73 is Good). It is not the published table and is never shipped.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rules.systems.art.catalog import ArtCatalog, parse_art_catalog
from rules.systems.art.character import ArtCharacter
from rules.systems.art.table import ActionResultsTable, ArtRow, Cell

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "resources" / "systems" / "art"
BOOK = "shared/seeds/art-engine-2012.txt"

_ROW14_STARTS = (6, 13, 23, 34, 46, 59, 74, 89, 98)
"""Invented starts of columns PT..AW on row 14 (only GD = 59-73 is the book's)."""


def fake_row(row: int) -> ArtRow:
    """An invented row: the row-14 boundaries moved 2 points per row."""
    starts = [1] + [max(1, min(101, s - 2 * (row - 14))) for s in _ROW14_STARTS] + [101]
    cells: list[Cell] = []
    for k in range(10):
        lo, hi = starts[k], starts[k + 1] - 1
        cells.append((lo, hi) if lo <= hi else None)
    return ArtRow(row=row, cells=tuple(cells))


def fake_table(rows: range = range(0, 31)) -> ActionResultsTable:
    """An invented, consistent table (see the module docstring)."""
    return ActionResultsTable(source="invented test data", rows=tuple(fake_row(r) for r in rows))


@cache
def catalog() -> ArtCatalog:
    """The bundled ART catalogue."""
    files = {
        n: json.loads((ART / n).read_text("utf-8"))
        for n in ("gear.json", "perks.json", "advancement.json")
    }
    return parse_art_catalog(files)


BALANCED = {
    "AGI": 7,  # 4 + 3
    "ALE": 7,  # 4 + 3
    "CHA": 7,  # 4 + 3
    "CRA": 7,  # 4 + 3
    "CUN": 7,  # 5 + 2
    "DEX": 7,  # 5 + 2
    "FAT": 7,  # 5 + 2
    "INT": 7,  # 6 + 1
    "STA": 7,  # 6 + 1
    "STR": 7,  # 6 + 1
}


def balanced_adventurer(**changes: object) -> ArtCharacter:
    """A finished new adventurer made with the balanced method (all attributes 7)."""
    data: dict[str, object] = {
        "name": "Ada",
        "goals": "Find the lost expedition.",
        "attribute_method": "balanced",
        "attributes": dict(BALANCED),
    }
    data.update(changes)
    return ArtCharacter.model_validate(data)
