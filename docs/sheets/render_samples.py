"""Docs tool (not part of the app): renders one page of each print-out into docs/sheets/*.png.

Run from the repository root with ``PYTHONPATH=.``:
``python docs/sheets/render_samples.py`` (needs ``pdftoppm`` from poppler-utils). Every PDF is
rendered with ``invariant=True`` and rasterised at 50 dpi, so re-running it on unchanged code
gives the same pictures. Look at each PNG after a change to the sheets.
"""

from __future__ import annotations

import subprocess
import tempfile
import uuid
from pathlib import Path

from rules.character import Condition
from rules.systems.sotc.character import Phase, SotcCharacter, StuntPick
from storage.json_io import read_character_file
from storage.pdf.cards import render_aspect_cards, render_cards
from storage.pdf.render import render, render_blank, render_conflict_sheet
from storage.pdf.sheet_layout import ConflictRow, Track, minion_card
from storage.system_sheets import build_card, character_layouts
from storage.systems_catalog import default_registry

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "sheets"
IRENE = ROOT / "tests" / "data" / "characters" / "pdf-complete.fatesmith.json"
DPI = 50


def _png(pdf: Path, name: str) -> None:
    """The first page of ``pdf`` as ``docs/sheets/<name>.png``."""
    stem = OUT / name
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile", str(pdf), stem],
        check=True,
    )


def _npcs() -> list[SotcCharacter]:
    rook = SotcCharacter(
        id=uuid.UUID("5c0e7a1e-0000-4000-8000-000000000a01"),
        name="Dr. Kasimir Rook",
        concept="Brilliant, nervous ziggurat expert",
        skills={"Academics": 5, "Mysteries": 4, "Science": 4, "Resolve": 3, "Empathy": 2},
        phases=(Phase(aspects=("Knows every dead language", "Faints at the sight of blood")),),
        stunts=(StuntPick(name="Linguist", skill="Academics"),),
        fate_points=2,
    )
    baron = SotcCharacter(
        id=uuid.UUID("5c0e7a1e-0000-4000-8000-000000000a02"),
        name="Baron Václav Černý",
        concept="Head of the Знамя Society",
        skills={"Deceit": 5, "Leadership": 4, "Weapons": 4, "Intimidation": 3, "Resources": 3},
        phases=(Phase(aspects=("The banner never falls", "Duelling scar and a grudge")),),
        fate_points=2,
        condition=Condition(),
    )
    return [rook, baron]


def main() -> None:
    """Render every sample page."""
    registry = default_registry()
    sotc = registry.get("sotc")
    irene = read_character_file(IRENE, registry)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sheet, worksheet = character_layouts(irene, sotc, "full")
        render([sheet], folder / "sheet.pdf", invariant=True)
        _png(folder / "sheet.pdf", "character-sheet")
        render([worksheet], folder / "worksheet.pdf", invariant=True)
        _png(folder / "worksheet.pdf", "story-worksheet")
        render_blank(["sotc"], registry, folder / "blank-sotc.pdf", invariant=True)
        _png(folder / "blank-sotc.pdf", "blank-sotc-sheet")
        render_blank(["fate2"], registry, folder / "blank-generic.pdf", invariant=True)
        _png(folder / "blank-generic.pdf", "blank-generic-sheet")
        cards = [build_card(c, sotc) for c in [irene, *_npcs()]]
        cards += [
            minion_card("Знамя Society thugs", "Fair", 4, 2),
            minion_card("Dock goons", "Average", 6, 1),
            minion_card("Ziggurat guardians", "Good", 3, 3),
        ]
        render_cards(cards, folder / "cards.pdf", invariant=True)
        _png(folder / "cards.pdf", "npc-cards")
        aspects = ["On fire!", "Dark & <stormy> night", " ".join(["A very long aspect"] * 12)]
        render_aspect_cards(aspects, folder / "aspects.pdf", "a4", invariant=True)
        _png(folder / "aspects.pdf", "aspect-cards")

        def track(label: str, checked: tuple[bool, ...]) -> Track:
            return Track(label=label, boxes=len(checked), checked=checked)

        rows = [
            ConflictRow(
                name="Irène",
                initiative=3,
                tracks=(
                    track("Health", (True, True) + (False,) * 5),
                    track("Composure", (False,) * 6),
                ),
                consequences=("Mild: Singed eyebrows",),
                fate_points=8,
            ),
            ConflictRow(name="Thugs (4)", initiative=1, tracks=(track("Health", (False,) * 8),)),
        ]
        render_conflict_sheet(rows, folder / "conflict.pdf", invariant=True)
        _png(folder / "conflict.pdf", "conflict-sheet")


if __name__ == "__main__":
    main()
