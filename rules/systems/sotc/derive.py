"""Rules layer: Spirit of the Century's derived values (stress, fate points, initiative...).

Everything here is computed from what is filled in, so a half-made character derives too:
missing skills count as Mediocre, missing refresh follows the aspects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from rules.systems.sotc.advancement import AdvancementTally, tally
from rules.systems.sotc.book_values import (
    CompanionValues,
    GadgetValues,
    ScholarField,
    WorkspaceValues,
    book_values,
)
from rules.systems.sotc.catalog_index import CatalogIndex
from rules.systems.sotc.character import PYRAMID, SotcCharacter
from rules.systems.sotc.conflict import stress_bonus
from rules.systems.sotc.gadgets import gadget_cost, improvement_allowance
from rules.systems.sotc.settings import SotcSettings


class Initiative(BaseModel):
    """Initiative values: Alertness for physical conflicts, Empathy for social ones."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    physical: int
    social: int
    tiebreak: int


class SotcDerived(BaseModel):
    """Everything computed from a SotC character.

    ``fate_points`` is the current pool, ``refresh`` the rate (aspects from the phases and
    from advancement); ``advancement`` counts the log; ``companions``, ``gadgets``,
    ``workspace``, ``scholar`` and ``empathy_reads`` are the book's numbers of
    :mod:`rules.systems.sotc.book_values`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    health_boxes: int
    composure_boxes: int
    aspects: int
    refresh: int
    fate_points: int
    initiative: Initiative
    stunts: int
    consequence_slots_physical: int
    consequence_slots_social: int
    languages: int
    gadget_improvements_allowed: int
    gadget_improvements_used: int
    pyramid: dict[int, tuple[str, ...]]
    peak_skill: str
    peak_rating: int
    advancement: AdvancementTally
    companions: CompanionValues
    gadgets: tuple[GadgetValues, ...]
    workspace: WorkspaceValues
    scholar: tuple[ScholarField, ...]
    empathy_reads: int


def _total(values: Iterable[int | None]) -> int:
    """The sum of the grants that are set (a stunt without the grant adds nothing)."""
    return sum(v or 0 for v in values)


def book_skill(character: SotcCharacter, book_name: str, settings: SotcSettings) -> int:
    """The rating of the book's skill ``book_name`` under its campaign name (if renamed)."""
    return character.skill(settings.renamed_skills.get(book_name, book_name))


def _pyramid(character: SotcCharacter) -> dict[int, tuple[str, ...]]:
    """The pyramid's rungs (shifted up by any raise of its peak) -> skills on them."""
    offset = character.peak_raises() if character.advancements else 0
    return {
        rung + offset: tuple(sorted(k for k, v in character.skills.items() if v == rung + offset))
        for rung in sorted(PYRAMID, reverse=True)
    }


def derive_character(
    index: CatalogIndex, character: SotcCharacter, settings: SotcSettings
) -> SotcDerived:
    """Stress boxes, fate points, refresh, initiative and friends from what is filled in.

    Health = base + Endurance band (+ Thick Skinned); Composure = base + Resolve band
    (SotC "Endurance", "Resolve"); refresh = number of aspects (SotC "Fate Points");
    initiative = Alertness / Empathy, ties by Resolve (SotC "Initiative").
    """
    names = character.stunt_names()
    defs = [d for d in map(index.stunt, names) if d]
    grants = [d.grants for d in defs if d.grants is not None]
    endurance = book_skill(character, "Endurance", settings)
    resolve = book_skill(character, "Resolve", settings)
    health = (
        settings.stress_boxes + stress_bonus(endurance) + _total(g.health_boxes for g in grants)
    )
    composure = (
        settings.stress_boxes + stress_bonus(resolve) + _total(g.composure_boxes for g in grants)
    )
    aspects = len(character.all_aspects())
    refresh = aspects if character.refresh is None else character.refresh
    fate_points = refresh if character.fate_points is None else character.fate_points
    initiative = Initiative(
        physical=book_skill(character, "Alertness", settings)
        + _total(g.initiative_physical for g in grants),
        social=book_skill(character, "Empathy", settings)
        + _total(g.initiative_social for g in grants),
        tiebreak=resolve,
    )
    extra = Counter(g.extra_consequence for g in grants if g.extra_consequence)
    physical_slots = 3 + extra["moderate-physical"] + extra["moderate-any"]
    social_slots = 3 + extra["moderate-social"] + extra["moderate-any"]
    languages = max(0, book_skill(character, "Academics", settings)) + _total(
        g.languages for g in grants
    )
    pyramid = _pyramid(character)
    peak_skill, peak_rating = "", 0
    if character.skills:
        peak_skill, peak_rating = max(character.skills.items(), key=lambda kv: (kv[1], kv[0]))
    has = {d.name for d in defs}
    book = book_values(
        character,
        Counter(d.name for d in defs),
        max((g.hq_elements or 0 for g in grants), default=0),
        lambda name: book_skill(character, name, settings),
    )
    return SotcDerived(
        health_boxes=health,
        composure_boxes=composure,
        aspects=aspects,
        refresh=refresh,
        fate_points=fate_points,
        initiative=initiative,
        stunts=len(names),
        consequence_slots_physical=physical_slots,
        consequence_slots_social=social_slots,
        languages=languages,
        gadget_improvements_allowed=improvement_allowance(defs),
        gadget_improvements_used=sum(gadget_cost(index, g, has) for g in character.gadgets),
        pyramid=pyramid,
        peak_skill=peak_skill,
        peak_rating=peak_rating,
        advancement=tally(character),
        companions=book.companions,
        gadgets=book.gadgets,
        workspace=book.workspace,
        scholar=book.scholar,
        empathy_reads=book.empathy_reads,
    )
