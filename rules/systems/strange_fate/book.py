"""Rules layer: everything Strange Fate's character rules read, bound together, and the price of
each of a character's skills.

:class:`StrangeFateBook` holds the checked catalogue, the creation catalogue, the Tier Benefits
and the Skill Trapping Diagram in force (the bundled reconstruction, or a library's corrected
copy), with one :class:`~rules.systems.strange_fate.cost.Pricer` over that diagram.
:func:`price_skills` prices a character's skills (Common: the rating, L404; Unique and Strange:
rating + max(0, trapping points + Extras - Drawbacks), L1372-L1380, L1440, L2716).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.systems.strange_fate.catalog import (
    CommonSkillDef,
    StrangeFateCatalog,
    Tier,
    TrappingUse,
    UnknownTrappingError,
    canonical_details,
)
from rules.systems.strange_fate.character import DesignedSkill, StrangeFateCharacter
from rules.systems.strange_fate.cost import (
    DiagramGapError,
    OverBudget,
    Pricer,
    Walk,
    drawback_points,
    extra_points,
)
from rules.systems.strange_fate.creation import CreationCatalog, TierBenefitsFile
from rules.systems.strange_fate.diagram import Diagram

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class SkillPrice(BaseModel):
    """What one of a character's skills costs.

    Attributes:
        name: The skill.
        kind: ``common``, ``unique`` or ``strange`` (as designed; a Common skill at Superhuman
            or above is Strange too, see :meth:`StrangeFateCharacter.is_strange`).
        rating: Its rating.
        tier: Its Power Tier.
        skill_points: What it costs in skill points (never below the rating).
        trapping_points: Boxes and lines of the cheapest walk (designed skills).
        extra_points: Extras on its trappings.
        drawback_points: Its Drawbacks' discount.
        walk: The cheapest walk, step by step (designed skills that could be priced).
        printed: The book's printed number, for a skill copied from a sample.
        problem: Why the skill could not be priced (then ``skill_points`` is its rating).
        pending: Its walk needs more search steps than the caller allowed (``budget``) and is
            not priced yet: ``skill_points`` is its rating until it is (see
            :func:`price_skills`).
    """

    model_config = _FROZEN

    name: str
    kind: Literal["common", "unique", "strange"]
    rating: int
    tier: Tier
    skill_points: int
    trapping_points: int | None = None
    extra_points: int = 0
    drawback_points: int = 0
    walk: Walk | None = None
    printed: int | None = None
    problem: str | None = None
    pending: bool = False


class StrangeFateBook:
    """The rules data one Strange Fate system works with.

    Args:
        catalog: Trappings, Common skills, Extras, Drawbacks, samples.
        creation: Eras, tiers, Archetypes, Gifts...
        benefits: Tier Benefits by trapping.
        diagram: The Skill Trapping Diagram in force.
    """

    def __init__(
        self,
        catalog: StrangeFateCatalog,
        creation: CreationCatalog,
        benefits: TierBenefitsFile,
        diagram: Diagram,
    ) -> None:
        self.catalog = catalog
        self.creation = creation
        self.benefits = benefits
        self.diagram = diagram
        self.pricer = Pricer(diagram)
        self._common = {c.name.casefold(): c for c in catalog.common_skills}
        self._walks: dict[tuple[tuple[TrappingUse, ...], bool], Walk | str] = {}

    def with_diagram(self, diagram: Diagram) -> StrangeFateBook:
        """The same book over another diagram."""
        return StrangeFateBook(self.catalog, self.creation, self.benefits, diagram)

    def common_skill(self, name: str) -> CommonSkillDef | None:
        """The Common skill called ``name`` (case-insensitive), or None."""
        return self._common.get(name.strip().casefold())

    def trapping_problem(self, use: TrappingUse) -> str | None:
        """Why ``use`` names no trapping of the book, or a detail or Extra it cannot take."""
        try:
            definition = self.catalog.trapping(use.trapping)
        except KeyError:
            return f"there is no trapping called {use.trapping!r}"
        try:
            canonical_details(definition, use.details)
        except UnknownTrappingError as exc:
            return str(exc)
        for extra in use.extras:
            try:
                known = self.catalog.extra(extra.extra)
            except KeyError:
                return f"there is no Extra called {extra.extra!r}"
            if extra.count > 1 and not known.repeatable:
                return f"{known.name} can be taken only once on a trapping"
        return None

    def walk(
        self, uses: Sequence[TrappingUse], *, unique: bool, budget: int | None = None
    ) -> Walk | str:
        """The cheapest walk of ``uses`` (cached), or why it cannot be priced.

        Raises:
            OverBudget: not cached and the walk needs more than ``budget`` search steps
                (:meth:`Pricer.cheapest`); nothing is cached then.
        """
        key = (tuple(uses), unique)
        cached = self._walks.get(key)
        if cached is not None:
            return cached
        result: Walk | str
        try:
            canonical = [
                u.model_copy(
                    update={
                        "trapping": self.catalog.trapping(u.trapping).name,
                        "details": canonical_details(self.catalog.trapping(u.trapping), u.details),
                    }
                )
                for u in uses
            ]
            result = self.pricer.cheapest(canonical, unique=unique, budget=budget)
        except (DiagramGapError, KeyError, UnknownTrappingError) as exc:
            result = f"cannot be priced: {exc}"
        if len(self._walks) > 4096:
            self._walks.clear()
        self._walks[key] = result
        return result

    def price_design(
        self,
        name: str,
        design: DesignedSkill,
        rating: int,
        tier: Tier,
        budget: int | None = None,
    ) -> SkillPrice:
        """The price of one designed skill at ``rating``.

        Raises:
            OverBudget: the walk is not cached and needs more than ``budget`` search steps.
        """
        printed = None
        if design.sample:
            try:
                printed = self.catalog.sample(design.sample).printed
            except KeyError:
                printed = None
        base = SkillPrice(
            name=name, kind=design.kind, rating=rating, tier=tier, skill_points=max(rating, 0)
        )
        bad = next((p for p in map(self.trapping_problem, design.trappings) if p), None)
        if bad is not None:
            return base.model_copy(update={"problem": bad, "printed": printed})
        walk = self.walk(design.trappings, unique=design.kind == "unique", budget=budget)
        if isinstance(walk, str):
            return base.model_copy(update={"problem": walk, "printed": printed})
        extras = extra_points(self.catalog, design.trappings)
        discount = drawback_points(
            self.catalog.discounts,
            [d for d in design.drawbacks if self._known_drawback(d.drawback)],
        )
        net = max(0, walk.points + extras - discount)
        return base.model_copy(
            update={
                "skill_points": max(rating, 0) + net,
                "trapping_points": walk.points,
                "extra_points": extras,
                "drawback_points": discount,
                "walk": walk,
                "printed": printed,
            }
        )

    def _known_drawback(self, name: str) -> bool:
        try:
            self.catalog.drawback(name)
        except KeyError:
            return False
        return True


def price_skills(
    book: StrangeFateBook, character: StrangeFateCharacter, budget: int | None = None
) -> dict[str, SkillPrice]:
    """Every skill's price, in the order of ``skills`` then designed skills without a rating.

    A Common skill costs its rating (L404, L1360); a designed skill its rating plus its net
    trapping points (L1440). A designed skill missing from ``skills`` is priced at rating 0.
    A designed skill whose walk is not cached and needs more than ``budget`` search steps (a
    tangled corrected diagram) is ``pending`` at its rating: a caller that must answer at once
    prices it again without a budget elsewhere (:func:`finish_pricing`), which caches it.
    """
    out: dict[str, SkillPrice] = {}
    names = list(character.skills) + [n for n in character.designed if n not in character.skills]
    for name in names:
        rating = character.skills.get(name, 0)
        tier = character.tier_of(name)
        design = character.designed.get(name)
        if design is None:
            out[name] = SkillPrice(
                name=name, kind="common", rating=rating, tier=tier, skill_points=max(rating, 0)
            )
        else:
            try:
                out[name] = book.price_design(name, design, rating, tier, budget=budget)
            except OverBudget:
                out[name] = SkillPrice(
                    name=name, kind=design.kind, rating=rating, tier=tier,
                    skill_points=max(rating, 0), pending=True,
                )  # fmt: skip
    return out


def finish_pricing(book: StrangeFateBook, character: StrangeFateCharacter) -> int:
    """Price every designed skill of ``character`` without a budget (slow on a tangled
    corrected diagram: for a worker thread), so that the book's cache answers the next
    budgeted :func:`price_skills` at once; how many were priced."""
    for name, design in character.designed.items():
        book.price_design(
            name, design, character.skills.get(name, 0), character.tier_of(name), budget=None
        )
    return len(character.designed)
