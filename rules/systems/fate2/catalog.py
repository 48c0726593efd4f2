"""Rules layer: FATE 2.0's bundled data: the skill categories and sample list, the shorthand table.

The files in ``resources/systems/fate2/`` are parsed here with pydantic; load errors name the
file and the field (``rules.errors.CatalogError``). The storage layer reads the files.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.errors import CatalogError
from rules.systems.fate2.pyramid import shape_break
from rules.systems.fate2.settings import SkillDef

SKILLS_FILE = "skills.json"
SHORTHAND_FILE = "shorthand.json"
DATA_FILES = (SKILLS_FILE, SHORTHAND_FILE)

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class SkillCategory(BaseModel):
    """One of the ten categories of §10 Skill Categories."""

    model_config = _FROZEN

    name: str = Field(min_length=1)
    covers: str = ""


class ShorthandRow(BaseModel):
    """One row of §10 Pyramid Shorthand: skills per rung, from Average up, for ``phases``."""

    model_config = _FROZEN

    phases: int = Field(ge=1)
    counts: tuple[int, ...] = Field(min_length=1)

    def pyramid(self) -> dict[int, int]:
        """Rung value -> number of skills (Average is 0)."""
        return {rung: n for rung, n in enumerate(self.counts) if n > 0}


class _SkillsFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = Field(ge=1)
    note: str = ""
    categories: tuple[SkillCategory, ...]
    sample_list: tuple[SkillDef, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> _SkillsFile:
        names = [s.name.casefold() for s in self.sample_list]
        if len(names) != len(set(names)):
            raise ValueError("a skill is listed twice")
        known = {c.name for c in self.categories}
        for skill in self.sample_list:
            if skill.category and skill.category not in known:
                raise ValueError(f"{skill.name}: unknown category {skill.category!r}")
        return self


class _ShorthandFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = Field(ge=1)
    note: str = ""
    ranks_per_phase: int = Field(ge=1)
    rows: tuple[ShorthandRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> _ShorthandFile:
        for row in self.rows:
            cost = sum(n * (rung + 1) for rung, n in enumerate(row.counts))
            if cost != row.phases * self.ranks_per_phase:
                raise ValueError(
                    f"the {row.phases}-phase row costs {cost} ranks, not "
                    f"{row.phases * self.ranks_per_phase}"
                )
            if shape_break(row.pyramid(), "pyramid") is not None:
                raise ValueError(f"the {row.phases}-phase row is not a valid pyramid")
        return self


class Fate2Catalog(BaseModel):
    """FATE 2.0's bundled data.

    Attributes:
        categories: The ten skill categories.
        sample_list: The book's sample campaign skill list (the default settings' list).
        shorthand: Pyramid Shorthand rows, by number of phases.
        shorthand_ranks: Ranks per phase the shorthand table assumes.
    """

    model_config = _FROZEN

    categories: tuple[SkillCategory, ...]
    sample_list: tuple[SkillDef, ...]
    shorthand: tuple[ShorthandRow, ...]
    shorthand_ranks: int


def parse_fate2_catalog(files: Mapping[str, object]) -> Fate2Catalog:
    """Validate the FATE 2.0 data files.

    Args:
        files: Maps ``skills.json`` and ``shorthand.json`` to their parsed JSON.

    Raises:
        CatalogError: naming the file, the dotted field path and the problem.
    """
    parsed: dict[str, BaseModel] = {}
    for file, model in ((SKILLS_FILE, _SkillsFile), (SHORTHAND_FILE, _ShorthandFile)):
        if file not in files:
            raise CatalogError(file, "", "file is missing from the system folder")
        try:
            parsed[file] = model.model_validate(files[file])
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"])
            raise CatalogError(file, field, first["msg"]) from None
    skills, shorthand = parsed[SKILLS_FILE], parsed[SHORTHAND_FILE]
    assert isinstance(skills, _SkillsFile)
    assert isinstance(shorthand, _ShorthandFile)
    return Fate2Catalog(
        categories=skills.categories,
        sample_list=skills.sample_list,
        shorthand=shorthand.rows,
        shorthand_ranks=shorthand.ranks_per_phase,
    )
