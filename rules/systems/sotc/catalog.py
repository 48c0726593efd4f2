"""Rules layer: the Spirit of the Century catalogue schema (skills, stunts, packages, gadgets).

The catalogue data lives in ``resources/systems/sotc/*.json``; a storage module reads those files
and hands the parsed JSON to :func:`parse_sotc_catalog`. This module does no I/O.

Prerequisite expressions (``StuntDef.requires``) are a small tree discriminated on ``kind``:

* ``stunt`` -- the character must already have the named stunt.
* ``all`` / ``any`` -- every / at least one of the listed expressions.
* ``skill_stunts`` -- N *other* stunts of a skill (the book's "requires N other X stunts"). Counting
  rule (SotC "Stunts", e.g. The Big Heist L2635; digest sotc.md section 13 item 13): the stunt being
  checked is not counted, nor one take of each stunt named elsewhere in the same requirement
  (The Big Heist needs Mental Blueprint *and one more* Burglary stunt); repeated takes of a
  repeatable stunt count one each; a stunt counts for its own skill and for every skill in its
  ``also_counts_as`` (Uncanny Hunch is listed under both Investigation L3611 and Empathy L2997).
* ``skill_at_least`` -- a skill rating floor. The book has exactly one: Disguise of the Mind needs
  Deceit at Great or better (L2825).
* ``aspect`` -- an aspect of a described kind (Gambling Man L3315, Weapon of Destiny L4727). Cannot
  be machine-checked: the checker reports it as a warning for the GM, never as unmet.
* ``hq_element`` -- special case for Trusted Employee (L4283), which needs a Headquarters *with the
  Expert Staff element*. The element is a choice made when Headquarters is taken; Stately Pleasure
  Dome grants all five elements, so it settles the question, otherwise it is a GM-confirmed warning.
* ``weirdness`` -- the requirement depends on the campaign's weirdness level. Special case for Weird
  Science: under "World of Tomorrow" the book (SotC "Setting Decisions", L6872) folds Scientific
  Invention's function into Weird Science, so it needs only Scientific Genius; at every other level
  it needs Scientific Invention (L4387).

Other book special cases, recorded as data rather than prerequisite forms: Lieutenant must be taken
two or three times (``min_takes`` 2, ``max_takes`` 3, L3681); Spirit Companion at most twice
(L3959); "Ready for Anything" requires "I'm On Top Of It", which is the stunt On Top Of It (L2357).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from rules.errors import CatalogError
from rules.names import find_name, fold_names
from rules.systems.sotc.settings import Weirdness

_T = TypeVar("_T")

SKILL_COUNT = 28
STUNT_COUNT = 266
PACKAGE_COUNT = 70

CATALOG_FILES = ("skills.json", "stunts.json", "packages.json", "improvements.json")

_FROZEN = ConfigDict(frozen=True, extra="forbid")

Name = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=300)]


class SkillDef(BaseModel):
    """One of the 28 SotC skills (SotC "Skills", table at L1603-L1630).

    Attributes:
        name: The book's skill name.
        category: The book's category, e.g. "Knowledge" or "Social/Perception".
        summary: One-line description in our own words.
        trappings: Named uses of the skill (SotC "Skills", L1595); rules-bearing, free to everyone.
        initiative: Which conflict's initiative the skill sets, if any.
        attack: Whether the skill is normally used to attack.
        defense: Whether the skill is normally used to defend.
    """

    model_config = _FROZEN

    name: Name
    category: Name
    summary: Text
    trappings: tuple[Name, ...] = ()
    initiative: Literal["physical", "social"] | None = None
    attack: bool = False
    defense: bool = False


class StuntReq(BaseModel):
    """Requires another stunt.

    Attributes:
        name: The stunt's name (matched case-insensitively).
    """

    model_config = _FROZEN

    kind: Literal["stunt"]
    name: Name


class AllReq(BaseModel):
    """Requires every one of the listed expressions."""

    model_config = _FROZEN

    kind: Literal["all"]
    of: tuple[Prereq, ...] = Field(min_length=2)


class AnyReq(BaseModel):
    """Requires at least one of the listed expressions."""

    model_config = _FROZEN

    kind: Literal["any"]
    of: tuple[Prereq, ...] = Field(min_length=2)


class SkillStuntsReq(BaseModel):
    """Requires ``count`` *other* stunts of ``skill`` (see the module docstring for counting).

    Attributes:
        skill: The skill whose stunts are counted.
        count: How many other stunts are needed.
    """

    model_config = _FROZEN

    kind: Literal["skill_stunts"]
    skill: Name
    count: int = Field(ge=1, le=5)


class SkillAtLeastReq(BaseModel):
    """Requires a skill rated at least ``rating`` on the ladder.

    Attributes:
        skill: The skill.
        rating: The minimum rating (e.g. 4 = Great).
    """

    model_config = _FROZEN

    kind: Literal["skill_at_least"]
    skill: Name
    rating: int = Field(ge=-2, le=8)


class AspectReq(BaseModel):
    """Requires an aspect of a described kind; only the GM can judge it.

    Attributes:
        about: Plain-words description of the aspect needed.
    """

    model_config = _FROZEN

    kind: Literal["aspect"]
    about: Text = Field(min_length=1)


class HqElementReq(BaseModel):
    """Requires the character's Headquarters to have a particular element (Trusted Employee).

    Attributes:
        element: The element's name, e.g. "Expert Staff".
    """

    model_config = _FROZEN

    kind: Literal["hq_element"]
    element: Name


class WeirdnessReq(BaseModel):
    """A requirement that depends on the campaign's weirdness level (SotC "Setting Decisions").

    Attributes:
        levels: The weirdness levels at which ``then`` applies.
        then: The requirement at those levels.
        otherwise: The requirement at every other level.
    """

    model_config = _FROZEN

    kind: Literal["weirdness"]
    levels: tuple[Weirdness, ...] = Field(min_length=1)
    then: Prereq
    otherwise: Prereq


Prereq = Annotated[
    StuntReq
    | AllReq
    | AnyReq
    | SkillStuntsReq
    | SkillAtLeastReq
    | AspectReq
    | HqElementReq
    | WeirdnessReq,
    Field(discriminator="kind"),
]

AllReq.model_rebuild()
AnyReq.model_rebuild()
WeirdnessReq.model_rebuild()


class StuntGrants(BaseModel):
    """Mechanical hooks a stunt adds, per take, that the app computes.

    Attributes:
        health_boxes: Extra Health boxes (Thick Skinned).
        composure_boxes: Extra Composure boxes (no book stunt; present for custom data).
        initiative_physical: Bonus to physical initiative (Ready for Anything).
        initiative_social: Bonus to social initiative (Preemptive Grace).
        extra_consequence: An extra consequence slot: "moderate-physical" (Feel the Burn),
            "moderate-social" (Smooth Recovery; social and mental) or "moderate-any"
            (Still Standing).
        gadget_improvements: Improvements for personal gadgets or personal artifacts
            (Personal Gadget, Personal Artifact).
        universal_gadget_improvements: Improvements for an on-the-fly gadget (Universal Gadget).
        rare_artifact_improvements: Improvements for an on-the-fly artifact (Rare Artifact).
        languages: Extra language slots (Linguist).
        companion_advances: Companion advances the stunt provides (Contact, Spirit Companion...).
        hq_elements: How many Headquarters elements the headquarters has (Headquarters 1,
            Lair 3, Stately Pleasure Dome all 5); the highest one taken applies.
    """

    model_config = _FROZEN

    health_boxes: int | None = Field(default=None, ge=0, le=5)
    composure_boxes: int | None = Field(default=None, ge=0, le=5)
    initiative_physical: int | None = Field(default=None, ge=0, le=5)
    initiative_social: int | None = Field(default=None, ge=0, le=5)
    extra_consequence: Literal["moderate-physical", "moderate-social", "moderate-any"] | None = None
    gadget_improvements: int | None = Field(default=None, ge=0, le=10)
    universal_gadget_improvements: int | None = Field(default=None, ge=0, le=10)
    rare_artifact_improvements: int | None = Field(default=None, ge=0, le=10)
    languages: int | None = Field(default=None, ge=0, le=20)
    companion_advances: int | None = Field(default=None, ge=0, le=10)
    hq_elements: int | None = Field(default=None, ge=0, le=5)


StuntFlag = Literal["weird_science", "mad_science", "artifact", "gadget"]


class StuntDef(BaseModel):
    """One stunt from SotC's "Stunts" chapter.

    Attributes:
        name: The name as the book prints it (OCR glitches fixed).
        skill: The skill the stunt belongs to.
        group: The book's thematic group within the skill (e.g. "Memory").
        requires: Prerequisite expression, or None for an entry-level stunt.
        repeatable: Whether the stunt may be taken more than once.
        min_takes: Fewest takes allowed once taken at all (Lieutenant: 2).
        max_takes: Most takes allowed; None means unlimited. A non-repeatable stunt always has 1
            (filled in when the data leaves it out).
        fate_point_cost: Whether some use of the stunt spends fate points.
        limits: Usage limits and costs in plain words ("" if none).
        summary: One-line description in our own words.
        line: Line of the stunt's entry in the SRD text.
        other_lines: Lines where the book lists the stunt again (Signature Strike, Uncanny Hunch).
        also_counts_as: Other skills the stunt counts for in "N other X stunts" prerequisites.
        flags: Setting-dependent features (warning W4, SotC "Setting Decisions").
        grants: Mechanical hooks the app computes, per take.
    """

    model_config = _FROZEN

    name: Name
    skill: Name
    group: Name
    requires: Prereq | None = None
    repeatable: bool = False
    min_takes: int = Field(default=1, ge=1, le=5)
    max_takes: int | None = Field(default=None, ge=1, le=10)
    fate_point_cost: bool = False
    limits: Text = ""
    summary: Text
    line: int = Field(ge=1)
    other_lines: tuple[int, ...] = ()
    also_counts_as: tuple[Name, ...] = ()
    flags: tuple[StuntFlag, ...] = ()
    grants: StuntGrants | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_max_takes(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("repeatable") and data.get("max_takes") is None:
            return {**data, "max_takes": 1}
        return data

    @model_validator(mode="after")
    def _takes_consistent(self) -> Self:
        if not self.repeatable and self.max_takes != 1:
            raise ValueError("a stunt that is not repeatable can only be taken once (max_takes 1)")
        if self.max_takes is not None and self.min_takes > self.max_takes:
            raise ValueError("min_takes is larger than max_takes")
        if self.repeatable and self.max_takes == 1:
            raise ValueError("a repeatable stunt needs max_takes above 1 (or null for no limit)")
        return self

    def counts_for(self) -> tuple[str, ...]:
        """Skills this stunt counts for in "N other X stunts" prerequisites."""
        return (self.skill, *self.also_counts_as)


class PackageDef(BaseModel):
    """A Quick Pick stunt package (SotC "Quick Pick Stunt Packages", L6896-L7518).

    Attributes:
        name: The package name as printed.
        skill: The skill heading it is listed under.
        core: Core stunt names; a stunt taken twice is listed twice.
        core_choices: Groups of alternatives, one stunt to pick from each (the Wrestler package's
            "Unbound or Herculean Strength").
        core_count: The number of core stunts the book states.
        suggestions: The book's other suggestions, in our own words.
        line: Line of the package heading in the SRD text.
        note: Anything a picker should know (e.g. Never Cross Me's core is not legal alone).
    """

    model_config = _FROZEN

    name: Name
    skill: Name
    core: tuple[Name, ...] = Field(min_length=1)
    core_choices: tuple[tuple[Name, ...], ...] = ()
    core_count: int = Field(ge=1, le=5)
    suggestions: Text = ""
    line: int = Field(ge=1)
    note: Text = ""

    @model_validator(mode="after")
    def _count_matches(self) -> Self:
        if len(self.core) + len(self.core_choices) != self.core_count:
            raise ValueError(
                f"core lists {len(self.core)} stunts and {len(self.core_choices)} choices, "
                f"but core_count says {self.core_count}"
            )
        return self


class ImprovementDef(BaseModel):
    """A gadget or artifact improvement (SotC "Improving Things" L4917, "Artifacts" L5091).

    Attributes:
        name: The improvement's name.
        line: Line of its entry in the SRD text.
        weird_science: Needs Weird Science (the stunt or a co-inventor).
        mad_science: Needs Mad Science (the stunt or a co-inventor).
        artifact_only: Only artifacts may take it (Arcane, Blessed).
        not_on_artifacts: Artifacts may not take it (Futurization, Hair Trigger).
        repeatable: Whether one device may take it more than once.
        summary: One-line description in our own words.
    """

    model_config = _FROZEN

    name: Name
    line: int = Field(ge=1)
    weird_science: bool = False
    mad_science: bool = False
    artifact_only: bool = False
    not_on_artifacts: bool = False
    repeatable: bool = False
    summary: Text


class _SkillsFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    skills: tuple[SkillDef, ...]


class _StuntsFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    stunts: tuple[StuntDef, ...]


class _PackagesFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    packages: tuple[PackageDef, ...]


class _ImprovementsFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    improvements: tuple[ImprovementDef, ...]


class _CrossCheckError(ValueError):
    """A cross-reference failure, carrying the file and field it concerns."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(message)
        self.file = file
        self.field = field
        self.message = message


def _walk(req: Prereq, path: str) -> list[tuple[str, Prereq]]:
    """Every node of a prerequisite tree with its dotted path."""
    out: list[tuple[str, Prereq]] = [(path, req)]
    if isinstance(req, AllReq | AnyReq):
        for i, sub in enumerate(req.of):
            out += _walk(sub, f"{path}.of[{i}]")
    elif isinstance(req, WeirdnessReq):
        out += _walk(req.then, f"{path}.then")
        out += _walk(req.otherwise, f"{path}.otherwise")
    return out


class SotcCatalog(BaseModel):
    """The whole SotC catalogue, cross-checked.

    Attributes:
        version: Data format version (the lowest of the four files).
        skills: The 28 skills, in book order.
        stunts: The 266 distinct stunts, in book order.
        packages: The 70 Quick Pick packages, in book order.
        improvements: Gadget and artifact improvements.
    """

    model_config = _FROZEN

    version: int = Field(ge=1)
    skills: tuple[SkillDef, ...]
    stunts: tuple[StuntDef, ...]
    packages: tuple[PackageDef, ...]
    improvements: tuple[ImprovementDef, ...] = ()

    _by_name: dict[str, StuntDef] = PrivateAttr(default_factory=dict)
    _stunt_keys: dict[str, str] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _cross_check(self) -> Self:
        skill_names: dict[str, int] = {}
        for i, skill in enumerate(self.skills):
            key = skill.name.casefold()
            if key in skill_names:
                raise _CrossCheckError(
                    "skills.json", f"skills[{i}].name", f"the skill '{skill.name}' is listed twice"
                )
            skill_names[key] = i
        stunt_names: dict[str, int] = {}
        for i, stunt in enumerate(self.stunts):
            key = stunt.name.casefold()
            if key in stunt_names:
                raise _CrossCheckError(
                    "stunts.json",
                    f"stunts[{i}].name",
                    f"the stunt '{stunt.name}' is listed twice (also stunts[{stunt_names[key]}])",
                )
            stunt_names[key] = i
        for i, stunt in enumerate(self.stunts):
            refs = [("skill", stunt.skill)] + [
                (f"also_counts_as[{j}]", other) for j, other in enumerate(stunt.also_counts_as)
            ]
            for field, skill_name in refs:
                if skill_name.casefold() not in skill_names:
                    raise _CrossCheckError(
                        "stunts.json",
                        f"stunts[{i}].{field}",
                        f"names the skill '{skill_name}', which is not in skills.json",
                    )
            if stunt.requires is not None:
                self._check_prereq(i, stunt, skill_names, stunt_names)
        for i, pkg in enumerate(self.packages):
            if pkg.skill.casefold() not in skill_names:
                raise _CrossCheckError(
                    "packages.json",
                    f"packages[{i}].skill",
                    f"names the skill '{pkg.skill}', which is not in skills.json",
                )
            refs = [(f"core[{j}]", n) for j, n in enumerate(pkg.core)] + [
                (f"core_choices[{j}][{k}]", n)
                for j, group in enumerate(pkg.core_choices)
                for k, n in enumerate(group)
            ]
            for field, name in refs:
                if name.casefold() not in stunt_names:
                    raise _CrossCheckError(
                        "packages.json",
                        f"packages[{i}].{field}",
                        f"names the stunt '{name}', which is not in stunts.json",
                    )
        package_names = Counter(p.name.casefold() for p in self.packages)
        for i, pkg in enumerate(self.packages):
            if package_names[pkg.name.casefold()] > 1:
                raise _CrossCheckError(
                    "packages.json",
                    f"packages[{i}].name",
                    f"the package '{pkg.name}' is listed twice",
                )
        improvement_names = Counter(m.name.casefold() for m in self.improvements)
        for i, imp in enumerate(self.improvements):
            if improvement_names[imp.name.casefold()] > 1:
                raise _CrossCheckError(
                    "improvements.json",
                    f"improvements[{i}].name",
                    f"the improvement '{imp.name}' is listed twice",
                )
        for file, field, have, want, what in (
            ("skills.json", "skills", len(self.skills), SKILL_COUNT, "skills"),
            ("stunts.json", "stunts", len(self.stunts), STUNT_COUNT, "distinct stunts"),
            ("packages.json", "packages", len(self.packages), PACKAGE_COUNT, "packages"),
        ):
            if have != want:
                raise _CrossCheckError(
                    file, field, f"the book has {want} {what}, but the file lists {have}"
                )
        self._by_name = {s.name: s for s in self.stunts}
        self._stunt_keys = fold_names(self._by_name)
        return self

    @staticmethod
    def _check_prereq(
        i: int, stunt: StuntDef, skill_names: Mapping[str, int], stunt_names: Mapping[str, int]
    ) -> None:
        assert stunt.requires is not None
        for path, node in _walk(stunt.requires, f"stunts[{i}].requires"):
            if isinstance(node, StuntReq):
                if node.name.casefold() not in stunt_names:
                    raise _CrossCheckError(
                        "stunts.json",
                        f"{path}.name",
                        f"names the stunt '{node.name}', which is not in stunts.json",
                    )
                if node.name.casefold() == stunt.name.casefold():
                    raise _CrossCheckError(
                        "stunts.json", f"{path}.name", f"'{stunt.name}' cannot require itself"
                    )
            elif (
                isinstance(node, SkillStuntsReq | SkillAtLeastReq)
                and node.skill.casefold() not in skill_names
            ):
                raise _CrossCheckError(
                    "stunts.json",
                    f"{path}.skill",
                    f"names the skill '{node.skill}', which is not in skills.json",
                )

    def stunt(self, name: str) -> StuntDef:
        """The stunt called ``name`` (case-insensitive).

        Raises:
            KeyError: when the catalogue has no such stunt.
        """
        found = self._find_stunt(name)
        if found is None:
            raise KeyError(name)
        return found

    def has_stunt(self, name: str) -> bool:
        """Whether the catalogue has a stunt called ``name`` (case-insensitive)."""
        return self._find_stunt(name) is not None

    def stunts_for_skill(self, skill: str) -> tuple[StuntDef, ...]:
        """The stunts listed under ``skill`` (case-insensitive), including cross-listed ones."""
        key = skill.strip().casefold()
        return tuple(s for s in self.stunts if key in {k.casefold() for k in s.counts_for()})

    def skill_names(self) -> tuple[str, ...]:
        """The 28 skill names, in book order."""
        return tuple(s.name for s in self.skills)

    def skill(self, name: str) -> SkillDef:
        """The skill called ``name`` (case-insensitive).

        Raises:
            KeyError: when there is no such skill.
        """
        return _lookup(self.skills, [s.name for s in self.skills], name)

    def package(self, name: str) -> PackageDef:
        """The Quick Pick package called ``name`` (case-insensitive).

        Raises:
            KeyError: when there is no such package.
        """
        return _lookup(self.packages, [p.name for p in self.packages], name)

    def improvement(self, name: str) -> ImprovementDef:
        """The gadget improvement called ``name`` (case-insensitive).

        Raises:
            KeyError: when there is no such improvement.
        """
        return _lookup(self.improvements, [m.name for m in self.improvements], name)

    def _find_stunt(self, name: str) -> StuntDef | None:
        # The validators' hot path looks stunts up through CatalogIndex; this serves the rest.
        found = self._by_name.get(name)
        if found is not None:
            return found
        key = find_name(self._by_name, name.strip(), self._stunt_keys)
        return None if key is None else self._by_name[key]


def _lookup(entries: Sequence[_T], names: Sequence[str], name: str) -> _T:
    """The entry called ``name`` (:func:`rules.names.find_name`, spaces around it ignored).

    Raises:
        KeyError: when there is none.
    """
    key = find_name(names, name.strip())
    if key is None:
        raise KeyError(name)
    return entries[names.index(key)]


def _loc_path(loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into a dotted path like ``stunts[12].requires.kind``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in {"stunt", "all", "any", "skill_stunts", "skill_at_least", "aspect",
                      "hq_element", "weirdness"}:  # fmt: skip
            # pydantic names the union branch it tried; the discriminator is not part of the path
            continue
        else:
            out += f".{part}" if out else part
    return out


def _plain(error: Mapping[str, Any]) -> str:
    """A plain-words message for one pydantic error."""
    kind = error.get("type", "")
    if kind == "missing":
        return "this field is required but missing"
    if kind == "extra_forbidden":
        return "this field is not part of the format (misspelt?)"
    if kind == "union_tag_invalid":
        return "unknown kind of prerequisite; expected one of " + str(
            error.get("ctx", {}).get("expected_tags", "")
        )
    if kind == "union_tag_not_found":
        return "a prerequisite needs a 'kind' field"
    if kind in {"model_type", "dict_type"}:
        return "should be a JSON object"
    msg = str(error.get("msg", "invalid value")).removeprefix("Value error, ")
    return msg[0].lower() + msg[1:] if msg else "invalid value"


def _error_path(error: Mapping[str, Any]) -> str:
    """The dotted path of a pydantic error, pointing at ``kind`` for a bad discriminator."""
    path = _loc_path(tuple(error["loc"]))
    if error.get("type") in {"union_tag_invalid", "union_tag_not_found"}:
        path = f"{path}.kind" if path else "kind"
    return path


_FILE_MODELS: tuple[tuple[str, type[BaseModel]], ...] = (
    ("skills.json", _SkillsFile),
    ("stunts.json", _StuntsFile),
    ("packages.json", _PackagesFile),
    ("improvements.json", _ImprovementsFile),
)


def parse_sotc_catalog(files: Mapping[str, object]) -> SotcCatalog:
    """Validate the four SotC catalogue files and cross-check them.

    Args:
        files: Maps "skills.json", "stunts.json", "packages.json" and "improvements.json" to
            their already-parsed JSON (each an object with "version" and one list).

    Returns:
        The checked catalogue.

    Raises:
        CatalogError: naming the file, the dotted field path and the problem in plain words.
    """
    parsed: dict[str, BaseModel] = {}
    for file, model in _FILE_MODELS:
        if file not in files:
            raise CatalogError(file, "", "file is missing from the system folder")
        try:
            parsed[file] = model.model_validate(files[file])
        except ValidationError as exc:
            first = exc.errors()[0]
            raise CatalogError(file, _error_path(first), _plain(first)) from None
    skills = parsed["skills.json"]
    stunts = parsed["stunts.json"]
    packages = parsed["packages.json"]
    improvements = parsed["improvements.json"]
    assert isinstance(skills, _SkillsFile)
    assert isinstance(stunts, _StuntsFile)
    assert isinstance(packages, _PackagesFile)
    assert isinstance(improvements, _ImprovementsFile)
    try:
        return SotcCatalog(
            version=min(skills.version, stunts.version, packages.version, improvements.version),
            skills=skills.skills,
            stunts=stunts.stunts,
            packages=packages.packages,
            improvements=improvements.improvements,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        cause = first.get("ctx", {}).get("error")
        if isinstance(cause, _CrossCheckError):
            raise CatalogError(cause.file, cause.field, cause.message) from None
        raise CatalogError("", _error_path(first), _plain(first)) from None
