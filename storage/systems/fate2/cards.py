"""Storage layer (FATE 2.0 plug-in): an NPC's index card for the game master.

Skills by rung (as every system's card), then what FATE 2.0 adds: the concept, the aspects with
their levels (§4), the extras and how many minions come a scene (§5 Minions), fate points, and
the wound track by rows (§8 Table 2) with the Injured boxes still marked.
"""

from __future__ import annotations

from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.settings import Fate2Settings
from rules.systems.fate2.system import Fate2System
from storage.pdf.generic import skills_card
from storage.pdf.sheet_layout import CardLayout, FieldLine, Track


def npc_card(
    character: Fate2Character, system: Fate2System, settings: Fate2Settings | None = None
) -> CardLayout:
    """The card of ``character``: skills, aspects, extras, fate points, wound rows."""
    base = skills_card(character, system.info.ladder)
    d = system.derive(character, settings)
    lines = list(base.lines)
    aspects = [f"{a.name} {a.level}" for a in character.aspects if a.name.strip()]
    if aspects:
        lines.append(FieldLine(label="Aspects", value=" · ".join(aspects)))
    extras = [f"{e.name} ({e.ranks})" for e in character.extras if e.name.strip()]
    if extras:
        lines.append(FieldLine(label="Extras", value=", ".join(extras)))
    if d.minions:
        lines.append(
            FieldLine(label="Minions", value=", ".join(f"{n}: {k}" for n, k in d.minions.items()))
        )
    lines.append(FieldLine(label="Fate Points", value=str(d.fate_points)))
    tracks = []
    for band in d.wound_track:
        if band.boxes and band.outcome != "Taken Out":
            marked = min(character.injured, band.boxes) if band.outcome == "Injured" else 0
            tracks.append(Track(label=band.outcome, boxes=band.boxes, checked=(True,) * marked))
    return CardLayout(
        title=base.title, subtitle=character.concept, lines=tuple(lines), tracks=tuple(tracks)
    )
