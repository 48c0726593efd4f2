"""The ART Engine sheet prints each weapon's own properties and uses the whole page (issue 23).

ART Engine, Chapter 2 "Weapons & Attack": the AOE Damage column is "the amount of damage an
Area of Effect (AOE) weapon does"; only an Autofire weapon's spray ("Autofire") and grenades
("Grenades") are area attacks, so a blade has no area damage. A melee weapon strikes in its own
band, one with Reach also the adjacent band ("Reach"); a two-handed ranged weapon needs the
Strength of its cost's row ("2h Ranged STR Req").
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from rules.systems.art.character import Weapon
from storage.pdf.render import render
from storage.system_sheets import build_sheet
from tests.storage.test_art_sheets import adventurer


def sheet_text(layouts: Any) -> str:
    buf = io.BytesIO()
    render(layouts, buf, invariant=True)
    pages = PdfReader(io.BytesIO(buf.getvalue())).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.fixture(scope="module")
def art(registry: Any) -> Any:
    return registry.get("art")


def weapon_line(text: str, name: str, following: str) -> str:
    return text[text.index(name) : text.index(following, text.index(name))]


def test_melee_weapons_have_no_area_damage(art: Any) -> None:
    weapons = (
        Weapon(name="sabre", weapon_class="Blade", cost="Getting By"),
        Weapon(name="pike", weapon_class="Spear", cost="Getting By", features=("Reach",)),
        Weapon(name="hunting bow", weapon_class="Bow", cost="Getting By", slot="at_hand"),
        Weapon(name="tommy gun", weapon_class="Machine Gun", cost="Getting By", slot="stowed"),
    )
    text = sheet_text([build_sheet(adventurer(weapons=weapons, gear=()), art)])
    sabre = weapon_line(text, "sabre", "pike")
    assert "Area damage" not in sabre and "Strikes in own band" in sabre and "adjacent" not in sabre
    pike = weapon_line(text, "pike", "hunting bow")
    assert "Area damage" not in pike and "Strikes in own and adjacent band (Reach)" in pike
    bow = weapon_line(text, "hunting bow", "tommy gun")
    assert "Area damage" not in bow and "Strength needed 2" in bow
    gun = text[text.index("tommy gun") :]
    assert "Spray (autofire) PR x4" in gun


def _x_of(pdf: bytes, word: str) -> list[float]:
    xs: list[float] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip().startswith(word):
            xs.append(tm[4] * cm[0] + cm[4])

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return xs


def test_a_new_adventurers_sheet_uses_the_left_column(art: Any) -> None:
    """A new adventurer's few blocks do not all go to the narrow right column."""
    new = art.new_character().model_copy(update={"name": "Newbie"})
    buf = io.BytesIO()
    render([build_sheet(new, art)], buf, invariant=True)
    page_width = float(PdfReader(io.BytesIO(buf.getvalue())).pages[0].mediabox.width)
    headings = {w: _x_of(buf.getvalue(), w) for w in ("Gear", "Health", "Perks")}
    assert all(headings.values()), headings
    left = [w for w, xs in headings.items() if min(xs) < page_width / 2]
    assert left, f"every block sits in the right half: {headings}"
