"""Docs tool (not part of the app): renders one page of each print-out into docs/sheets/*.png.

Run from the repository root with ``PYTHONPATH=.``:
``python docs/sheets/render_samples.py`` (needs ``pdftoppm`` from poppler-utils). Every PDF is
rendered with ``invariant=True`` and rasterised at 60 dpi, so re-running it on unchanged code
gives the same pictures. Look at each PNG after a change to the sheets.
"""

from __future__ import annotations

import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Any

from rules.character import Condition
from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Phase
from rules.systems.sotc.character import Phase, SotcCharacter, StuntPick
from storage.json_io import read_character_file
from storage.pdf.cards import render_aspect_cards, render_cards
from storage.pdf.render import render, render_blank, render_conflict_sheet
from storage.pdf.sheet_layout import ConflictRow, Track, minion_card
from storage.system_sheets import (
    GENERIC,
    aspect_cards,
    blank_layouts,
    build_card,
    character_layouts,
)
from storage.systems_catalog import default_registry

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "sheets"
IRENE = ROOT / "tests" / "data" / "characters" / "pdf-complete.fatesmith.json"
ART_ADA = ROOT / "docs" / "examples" / "encounters" / "characters" / "art-ada.fatesmith.json"
DPI = 60


def _png(pdf: Path, name: str, page: int = 1) -> None:
    """Page ``page`` of ``pdf`` as ``docs/sheets/<name>.png``."""
    stem = OUT / name
    first = ["-f", str(page), "-l", str(page)]
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), *first, "-singlefile", str(pdf), stem], check=True
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
        # What a system registered with its ladder only prints (FATE 2.0's ladder and dice).
        generic = GENERIC.blank("blank", registry.info("fate2"))
        render(generic, folder / "blank-generic.pdf", invariant=True)
        _png(folder / "blank-generic.pdf", "blank-generic-sheet")
        cards = [build_card(c, sotc) for c in [irene, *_npcs()]]
        cards += [
            minion_card("Знамя Society thugs", "Fair", 4, 2),
            minion_card("Dock goons", "Average", 6, 1),
            minion_card("Ziggurat guardians", "Good", 3, 3),
        ]
        render_cards(cards, folder / "cards.pdf", invariant=True)
        _png(folder / "cards.pdf", "npc-cards")
        aspects = [*aspect_cards([irene], registry)[:2], "On fire!", "Dark & <stormy> night"]
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
            ConflictRow(
                name="Baron Václav Černý",
                initiative=4,
                tracks=(track("Health", (False,) * 6), track("Composure", (False,) * 6)),
                skills=("Deceit +5", "Leadership +4", "Weapons +4", "Intimidation +3"),
                aspects=("The banner never falls", "Duelling scar and a grudge"),
                fate_points=2,
            ),
            ConflictRow(
                name="Знамя Society thugs",
                initiative=1,
                tracks=(track("Health", (False,) * 8),),
                skills=("Weapons +2", "Fists +2"),
                count=4,
                note="Fair (+2) quality",
            ),
        ]
        render_conflict_sheet(
            rows, folder / "conflict.pdf", invariant=True, title="Rooftop chase",
            scene_aspects=("Slick with rain", "Searchlights sweep the roofs"),
        )  # fmt: skip
        _png(folder / "conflict.pdf", "conflict-sheet")
        _fate2(registry, folder)
        _strange_fate_and_art(registry, folder)


def _sybil() -> Fate2Character:
    """FATE 2.0 §2 Sample Creation: Sybil, phase by phase, a box of Gypsy checked and one
    Injured box carried from a fight."""
    buys = (
        ("Herbalist", "Gathers herbs in the hills with her grandmother.",
         ("Knife", "Healing", "Herb Lore", "Alertness")),
        ("Gypsy", "Runs off with a caravan and learns to talk her way out of anything.",
         ("Knife", "Bluff", "Pickpocket", "Healing")),
        ("Gypsy", "Works every fair in the kingdom.", ("Knife", "Bluff", "Move Silently", "Hide")),
        ("Guild Thief", "Joins the thieves' guild of the capital.",
         ("Pick Locks", "Pickpocket", "Bluff", "Hide")),
        ("Hunted", "Robs the guild's own treasury; has been running ever since.",
         ("Knife", "Hide", "Alertness", "Streetwise")),
    )  # fmt: skip
    phases = tuple(
        Fate2Phase(aspects=(aspect,), events=events, ranks=dict.fromkeys(skills, 1))
        for aspect, events, skills in buys
    )
    skills: dict[str, int] = {}
    for phase in phases:
        for name in phase.ranks:
            skills[name] = skills.get(name, -1) + 1
    return Fate2Character(
        id=uuid.UUID("5c0e7a1e-0000-4000-8000-0000000f2501"),
        name="Sybil",
        player="Deborah",
        concept="Something of a trickster",
        skills=skills,
        aspects=(
            Fate2Aspect(name="Herbalist", level=1),
            Fate2Aspect(name="Gypsy", level=2, checked=1, notes="Knows every road and fair."),
            Fate2Aspect(name="Guild Thief", level=1),
            Fate2Aspect(name="Hunted", level=1, notes="The guild wants its silver back."),
        ),
        phases=phases,
        goal="Master Thief",
        fate_points=2,
        injured=1,
    )


def _fate2(registry: Any, folder: Path) -> None:
    """FATE 2.0's sheet (both pages), its blank sheet and its phase worksheet."""
    sheet = character_layouts(_sybil(), registry.get("fate2"))
    render(sheet, folder / "fate2.pdf", invariant=True)
    _png(folder / "fate2.pdf", "fate2-character-sheet")
    _png(folder / "fate2.pdf", "fate2-character-sheet-2", page=2)
    blank, phases = blank_layouts(registry.info("fate2"))
    render([blank], folder / "fate2-blank.pdf", invariant=True)
    _png(folder / "fate2-blank.pdf", "fate2-blank-sheet")
    render([phases], folder / "fate2-phases.pdf", invariant=True)
    _png(folder / "fate2-phases.pdf", "fate2-phase-worksheet")


def _strange_fate_and_art(registry: Any, folder: Path) -> None:
    """Strange Fate's professor (both pages) and its blank; ART's Ada and its blank."""
    from tests.rules.strange_fate_builders import professor

    strange = character_layouts(professor(), registry.get("strange-fate"))
    render(strange, folder / "strange.pdf", invariant=True)
    _png(folder / "strange.pdf", "strange-fate-sheet-1")
    _png(folder / "strange.pdf", "strange-fate-sheet-2", page=2)
    render_blank(["strange-fate"], registry, folder / "strange-blank.pdf", invariant=True)
    _png(folder / "strange-blank.pdf", "strange-fate-blank")
    ada = read_character_file(ART_ADA, registry)
    render(character_layouts(ada, registry.get("art")), folder / "art.pdf", invariant=True)
    _png(folder / "art.pdf", "art-sheet")
    render_blank(["art"], registry, folder / "art-blank.pdf", invariant=True)
    _png(folder / "art-blank.pdf", "art-blank")


if __name__ == "__main__":
    main()
