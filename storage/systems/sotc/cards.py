"""Storage layer (Spirit of the Century plug-in): an NPC's index card for the game master.

Skills by rung (as every system's card), then what SotC adds: the concept, aspects, stunts,
fate points, the consequences held, and the Health and Composure boxes (SotC "Stress").
"""

from __future__ import annotations

from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.system import SotcSystem
from storage.pdf.generic import skills_card
from storage.pdf.sheet_layout import SEVERITY_LABELS, CardLayout, FieldLine, Track


def npc_card(
    character: SotcCharacter, system: SotcSystem, settings: SotcSettings | None = None
) -> CardLayout:
    """The card of ``character``: skills, aspects, stunts, fate points, consequences, tracks."""
    base = skills_card(character, system.info.ladder)
    derived = system.derive(character, settings)
    lines = list(base.lines)
    if character.all_aspects():
        lines.append(FieldLine(label="Aspects", value=" · ".join(character.all_aspects())))
    if character.stunts:
        lines.append(FieldLine(label="Stunts", value=", ".join(character.stunt_names())))
    lines.append(FieldLine(label="Fate Points", value=str(derived.fate_points)))
    held = character.condition.consequences
    if held:
        lines.append(
            FieldLine(
                label="Consequences",
                value="; ".join(f"{SEVERITY_LABELS[c.severity]}: {c.text}" for c in held),
            )
        )
    condition = character.condition
    return CardLayout(
        title=base.title,
        subtitle=character.concept,
        lines=tuple(lines),
        tracks=(
            Track(label="Health", boxes=derived.health_boxes, checked=condition.health),
            Track(label="Composure", boxes=derived.composure_boxes, checked=condition.composure),
        ),
    )
