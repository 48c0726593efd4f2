"""The printed SotC Character Sheet of a character advanced in play: the aspects earned sit
with the phases' aspects and the advancement log is printed (SotC "Character Sheet"; "Tips and
Tricks: The Long Game: Advancement"); carried stress and consequences are printed as held."""

from __future__ import annotations

import io
from typing import Any

from rules.character import Condition, Consequence
from rules.systems.sotc.character import Advancement
from rules.systems.sotc.play import advance
from storage.pdf.render import render_pdf
from storage.pdf.sheet_layout import (
    AspectsBlock,
    ConsequencesBlock,
    FieldsBlock,
    SkillsBlock,
    TracksBlock,
)
from storage.system_sheets import build_sheet
from tests.rules.sotc_builders import build


def test_the_sheet_prints_earned_aspects_the_log_and_the_harm_carried(
    registry: Any, sotc: Any
) -> None:
    hurt = Condition(
        health=(True, False, False, False, False, False, False),
        consequences=(Consequence(severity="mild", text="Winded"),),
    )
    c = advance(
        build(condition=hurt.model_dump(), fate_points=2),
        Advancement(kind="aspect", aspect="I Hate It When I'm Right", date="session 3"),
    )
    c = advance(c, Advancement(kind="shuffle", note="swapped Drive for Pilot"))
    layout = build_sheet(c, sotc)
    header = layout.blocks[0]
    assert header.rows[0][1].value == "11" and header.rows[1][1].value == "2"  # type: ignore[attr-defined]
    aspects = next(b for b in layout.blocks if isinstance(b, AspectsBlock))
    assert aspects.groups[-1].label == "Earned"
    assert aspects.groups[-1].aspects == ("I Hate It When I'm Right",)
    tracks = next(b for b in layout.blocks if isinstance(b, TracksBlock))
    assert tracks.tracks[0].checked[0] is True
    consequences = next(b for b in layout.blocks if isinstance(b, ConsequencesBlock))
    assert consequences.slots[0].text == "Winded"
    log = next(b for b in layout.blocks if isinstance(b, FieldsBlock) and b.title == "Advancement")
    assert [(f.label, f.value) for f in log.fields] == [
        ("1. Aspect", "I Hate It When I'm Right \u2014 session 3"),
        ("2. Shuffle", "swapped Drive for Pilot"),
    ]
    out = io.BytesIO()
    assert render_pdf([c], registry, out, invariant=True) >= 1


def test_a_raised_pyramid_prints_on_its_raised_rungs(sotc: Any) -> None:
    # SotC "Raising the Roof": every rung moves up one step, the pyramid keeps its shape.
    c = advance(build(), Advancement(kind="peak"))
    skills = next(b for b in build_sheet(c, sotc).blocks if isinstance(b, SkillsBlock))
    assert [(r.value, r.slots) for r in skills.rows] == [(6, 1), (5, 2), (4, 3), (3, 4), (2, 5)]
    assert skills.rows[0].entries == ("Athletics",)
