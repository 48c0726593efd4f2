"""Rules layer: the Strange Fate catalogue schema (trappings, Common skills, Extras, Drawbacks,
the book's sample Unique and Strange skills) and the trapping-label parser.

The data lives in ``resources/systems/strange-fate/*.json`` (our own words; names and numbers are
the book's facts). A storage module reads those files and hands the parsed JSON to
:func:`parse_catalog`; this module does no I/O. Every ``line`` field is a line number in the
Strange Fate SRD text (``strange-fate-srd.txt``).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import CatalogError
from rules.systems.strange_fate._errors import validate_file

CATALOG_FILES = (
    "trappings.json",
    "common_skills.json",
    "extras.json",
    "drawbacks.json",
    "samples.json",
)
TRAPPING_COUNT = 41  # the list at L1206-L1354
COMMON_SKILL_COUNT = 28  # L1053-L1105
SAMPLE_COUNT = 48  # 12 Unique (L2833-L3009) + 36 Strange (L3011-L3621)

_FROZEN = ConfigDict(frozen=True, extra="forbid")

DETAIL_MAX = 80
"""Characters a name or a trapping's written-in detail holds."""
Name = Annotated[str, Field(min_length=1, max_length=DETAIL_MAX)]
Text = Annotated[str, Field(max_length=400)]
BookLine = Annotated[int, Field(ge=1, le=4756)]
Severity = Literal["minor", "major"]
Tier = Literal["Mundane", "Extraordinary", "Superhuman", "Ascendant", "Godlike"]
Category = Literal[
    "Offense", "Defense", "Mobility", "Social", "Perception", "Technical", "Subterfuge", "General"
]


class DetailSpec(BaseModel):
    """What a trapping's bracketed detail may be ("Stress Capacity [Health]").

    Attributes:
        kind: The book's word for it: a scope, an environment type, a frequency, or (Minions) a
            form.
        required: Whether the trapping must name one (Variable must; Environment need not).
        choices: The names the book uses.
        aliases: Misprinted or older names the book also prints, mapped to the right choice.
        open: Whether names beyond ``choices`` are allowed (Environment types are open-ended).
        multiple: Whether one trapping may carry several (Horsemanship's Treatment, L1573).
        default: The choice assumed when none is named (Minions are Simple unless Advanced).
        lines: Where the book defines the detail.
        note: Our remark on the book's wording.
    """

    model_config = _FROZEN

    kind: Literal["scope", "type", "frequency", "form"]
    required: bool
    choices: tuple[Name, ...] = Field(min_length=1)
    aliases: dict[str, Name] = Field(default_factory=dict)
    open: bool = False
    multiple: bool = False
    default: Name | None = None
    lines: tuple[BookLine, ...] = ()
    note: Text = ""


class TrappingDef(BaseModel):
    """One of the 41 trappings (L1206-L1354; descriptions L1779-L2626).

    Attributes:
        name: The book's name.
        category: The book's loose grouping.
        tier_benefits: Whether the trapping has Tier Benefits.
        line: Its entry in the trapping list.
        summary: What it does, in our words.
        detail: The bracketed detail it takes, if any.
    """

    model_config = _FROZEN

    name: Name
    category: Category
    tier_benefits: bool
    line: BookLine
    summary: Text
    detail: DetailSpec | None = None


class ExtraUse(BaseModel):
    """An Extra attached to one trapping ("+ Range x3", "+ Unusual: Flight").

    Attributes:
        extra: The Extra's name.
        count: How many times it is taken (Range and Unusual repeat).
        note: What an Unusual Extra does, or a remark ("5 zones").
    """

    model_config = _FROZEN

    extra: Name
    count: int = Field(default=1, ge=1, le=20)
    note: Text | None = None


class TrappingUse(BaseModel):
    """A trapping as a skill uses it.

    Attributes:
        trapping: The trapping's name.
        details: Its bracketed detail(s) ("Urban", "Health", "Scene").
        extras: Extras on it.
        count: How many copies ("Variable [Session] x2").
        printed_points: The price the book prints for this trapping in a sample, if any.
        printed_extras: The Extras' value the book prints next to it, if any.
        printed_as: The book's own (misprinted) wording when it differs from ours.
    """

    model_config = _FROZEN

    trapping: Name
    details: tuple[Name, ...] = ()
    extras: tuple[ExtraUse, ...] = ()
    count: int = Field(default=1, ge=1, le=20)
    printed_points: int | None = None
    printed_extras: int | None = None
    printed_as: Name | None = None

    @property
    def label(self) -> str:
        """The trapping as the book writes it: ``Environment [Urban]``."""
        return f"{self.trapping} [{', '.join(self.details)}]" if self.details else self.trapping


class CommonSkillDef(BaseModel):
    """One of the 28 Common skills (L1469-L1777); costs its rating whatever its trappings.

    Attributes:
        name: The book's name.
        line: The line listing its trappings.
        theme: Its theme, in our words.
        trappings: Its fixed trappings, Extras included ("Strike + Range").
        eras: The eras it exists in, when not all (Drive and Pilot, L1045).
    """

    model_config = _FROZEN

    name: Name
    line: BookLine
    theme: Text
    trappings: tuple[TrappingUse, ...] = Field(min_length=1)
    eras: tuple[Literal["early", "middle", "late"], ...] | None = None


class ExtraDef(BaseModel):
    """An Extra (summary table L2638-L2646).

    Attributes:
        name: The book's name.
        cost: Skill points per instance.
        repeatable: Whether one trapping may take it several times.
        all_or_nothing: Psychic: on every trapping of the skill or none (L2664).
        line: Its row in the summary table.
        lines: Its full description.
        summary: What it does, in our words.
        takes_note: Whether the player names what it does (Unusual).
    """

    model_config = _FROZEN

    name: Name
    cost: int = Field(ge=1, le=10)
    repeatable: bool
    all_or_nothing: bool
    line: BookLine
    lines: tuple[BookLine, ...] = ()
    summary: Text
    takes_note: bool = False


class DrawbackDef(BaseModel):
    """A Drawback (summary table L2718-L2738).

    Attributes:
        name: The book's name.
        kind: An aspect Drawback (turns a Free aspect) or a Flaw.
        severities: The severities the book allows.
        converts_free_aspect: Whether it turns one of the five Free aspects.
        line: Its row in the summary table.
        lines: Its full description.
        summary: What it means, in our words.
    """

    model_config = _FROZEN

    name: Name
    kind: Literal["aspect", "flaw"]
    severities: tuple[Severity, ...] = Field(min_length=1)
    converts_free_aspect: bool
    line: BookLine
    lines: tuple[BookLine, ...] = ()
    summary: Text


class DrawbackUse(BaseModel):
    """A Drawback taken by a skill.

    Attributes:
        drawback: The Drawback's name.
        severity: Minor or Major.
        label: The aspect's name, or what the Flaw limits (our words).
    """

    model_config = _FROZEN

    drawback: Name
    severity: Severity
    label: Text | None = None


class SampleSkill(BaseModel):
    """A sample Unique (by social class) or Strange (by archetype) skill.

    Attributes:
        name: The book's name.
        kind: Unique or Strange.
        group: The social class or archetype it is listed under.
        line: The line of its heading.
        printed: The number in parentheses after the name: trapping points plus Extras minus
            Drawbacks, never below 0 (L2835).
        tier: The example Power Tier (Strange samples; None when the book says "Any").
        trappings: Its trappings with Extras.
        drawbacks: Its Drawbacks.
    """

    model_config = _FROZEN

    name: Name
    kind: Literal["unique", "strange"]
    group: Name
    line: BookLine
    printed: int = Field(ge=0)
    tier: Tier | None = None
    trappings: tuple[TrappingUse, ...] = Field(min_length=1)
    drawbacks: tuple[DrawbackUse, ...] = ()


class _TrappingsFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    trappings: tuple[TrappingDef, ...]


class _CommonFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    common_skills: tuple[CommonSkillDef, ...]


class _ExtrasFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    discounts: dict[Severity, int]
    discount_line: BookLine
    extras: tuple[ExtraDef, ...]


class _DrawbacksFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    discounts: dict[Severity, int]
    discount_line: BookLine
    drawbacks: tuple[DrawbackDef, ...]


class _SamplesFile(BaseModel):
    model_config = _FROZEN
    version: int = Field(ge=1)
    samples: tuple[SampleSkill, ...]


class StrangeFateCatalog(BaseModel):
    """The checked catalogue.

    Attributes:
        version: The lowest file version.
        trappings: The 41 trappings.
        common_skills: The 28 Common skills.
        extras: The five Extras.
        drawbacks: The Drawbacks (Profane included: two samples use it, its chapter is missing).
        discounts: Drawback discount by severity (Minor 1, Major 2; L2716).
        samples: The 48 sample skills.
    """

    model_config = _FROZEN

    version: int
    trappings: tuple[TrappingDef, ...]
    common_skills: tuple[CommonSkillDef, ...]
    extras: tuple[ExtraDef, ...]
    drawbacks: tuple[DrawbackDef, ...]
    discounts: dict[Severity, int]
    samples: tuple[SampleSkill, ...]

    def trapping(self, name: str) -> TrappingDef:
        """The trapping called ``name`` (case-insensitive).

        Raises:
            KeyError: no such trapping.
        """
        for item in self.trappings:
            if item.name.casefold() == name.casefold():
                return item
        raise KeyError(name)

    def extra(self, name: str) -> ExtraDef:
        """The Extra called ``name`` (case-insensitive).

        Raises:
            KeyError: no such Extra.
        """
        for item in self.extras:
            if item.name.casefold() == name.casefold():
                return item
        raise KeyError(name)

    def drawback(self, name: str) -> DrawbackDef:
        """The Drawback called ``name`` (case-insensitive).

        Raises:
            KeyError: no such Drawback.
        """
        for item in self.drawbacks:
            if item.name.casefold() == name.casefold():
                return item
        raise KeyError(name)

    def sample(self, name: str) -> SampleSkill:
        """The sample skill called ``name`` (case-insensitive).

        Raises:
            KeyError: no such sample.
        """
        for item in self.samples:
            if item.name.casefold() == name.casefold():
                return item
        raise KeyError(name)


class UnknownTrappingError(ValueError):
    """A trapping label names no trapping, or a detail the trapping cannot take.

    Attributes:
        label: The text given.
        suggestions: The closest valid names.
    """

    def __init__(self, label: str, message: str, suggestions: tuple[str, ...]) -> None:
        hint = f" (did you mean: {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"{message}{hint}")
        self.label = label
        self.suggestions = suggestions


_LABEL = re.compile(r"^\s*(?P<name>[^\[\]]+?)\s*(?:\[(?P<details>[^\[\]]*)\])?\s*$")


def canonical_details(definition: TrappingDef, details: tuple[str, ...]) -> tuple[str, ...]:
    """Check ``details`` against what ``definition`` takes and return them in the book's spelling.

    Aliases (the book's misprints, e.g. Stress Capacity [Physical]) become the right name.

    Raises:
        UnknownTrappingError: a detail the trapping cannot take, or a required one missing.
    """
    label = f"{definition.name} [{', '.join(details)}]" if details else definition.name
    spec = definition.detail
    if spec is None:
        if details:
            raise UnknownTrappingError(label, f"{definition.name} takes no bracketed detail", ())
        return ()
    if not details:
        if spec.required:
            names = tuple(f"{definition.name} [{c}]" for c in spec.choices)
            raise UnknownTrappingError(label, f"{definition.name} needs a {spec.kind}", names)
        return ()
    if len(details) > 1 and not spec.multiple:
        raise UnknownTrappingError(label, f"{definition.name} takes one {spec.kind}", ())
    by_fold = {c.casefold(): c for c in spec.choices}
    by_fold.update({a.casefold(): target for a, target in spec.aliases.items()})
    out: list[str] = []
    for detail in details:
        known = by_fold.get(detail.strip().casefold())
        if known is not None:
            out.append(known)
        elif spec.open and detail.strip():
            text = detail.strip()
            if len(text) > DETAIL_MAX or not text.isprintable():
                raise UnknownTrappingError(
                    f"{definition.name} [...]",
                    f"{definition.name}'s {spec.kind} must be printable text of at most "
                    f"{DETAIL_MAX} characters",
                    (),
                )
            out.append(text)
        else:
            close = difflib.get_close_matches(detail, spec.choices, n=3, cutoff=0.4)
            names = tuple(f"{definition.name} [{c}]" for c in close or spec.choices)
            raise UnknownTrappingError(
                label, f"{definition.name} has no {spec.kind} called {detail!r}", names
            )
    return tuple(out)


def parse_trapping_label(catalog: StrangeFateCatalog, text: str) -> TrappingUse:
    """Read a label such as ``Environment [Urban]`` or ``Variable [Scene]``.

    Raises:
        UnknownTrappingError: unknown trapping or detail, with the closest valid names.
    """
    match = _LABEL.match(text)
    if match is None:
        raise UnknownTrappingError(text, f"cannot read trapping {text!r}", ())
    name = match.group("name")
    raw = match.group("details")
    details = tuple(d.strip() for d in raw.split(",")) if raw is not None else ()
    try:
        definition = catalog.trapping(name)
    except KeyError:
        names = [t.name for t in catalog.trappings]
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
        if not close:
            folded = name.casefold()
            close = [n for n in names if folded in n.casefold()][:3]
        raise UnknownTrappingError(text, f"unknown trapping {name!r}", tuple(close)) from None
    return TrappingUse(trapping=definition.name, details=canonical_details(definition, details))


def _check_uses(
    catalog: StrangeFateCatalog, file: str, field: str, uses: tuple[TrappingUse, ...]
) -> None:
    for i, use in enumerate(uses):
        where = f"{field}.trappings[{i}]"
        try:
            definition = catalog.trapping(use.trapping)
        except KeyError:
            raise CatalogError(
                file, f"{where}.trapping", f"unknown trapping {use.trapping!r}"
            ) from None
        try:
            canonical = canonical_details(definition, use.details)
        except UnknownTrappingError as exc:
            raise CatalogError(file, f"{where}.details", str(exc)) from None
        if canonical != use.details:
            raise CatalogError(file, f"{where}.details", f"write {canonical!r} (book spelling)")
        for j, extra in enumerate(use.extras):
            try:
                known = catalog.extra(extra.extra)
            except KeyError:
                raise CatalogError(
                    file, f"{where}.extras[{j}].extra", f"unknown Extra {extra.extra!r}"
                ) from None
            if extra.count > 1 and not known.repeatable:
                raise CatalogError(
                    file, f"{where}.extras[{j}].count", f"{known.name} is taken once"
                )


def _check_drawbacks(
    catalog: StrangeFateCatalog, file: str, field: str, uses: tuple[DrawbackUse, ...]
) -> None:
    for i, use in enumerate(uses):
        where = f"{field}.drawbacks[{i}]"
        try:
            known = catalog.drawback(use.drawback)
        except KeyError:
            raise CatalogError(
                file, f"{where}.drawback", f"unknown Drawback {use.drawback!r}"
            ) from None
        if use.severity not in known.severities:
            raise CatalogError(file, f"{where}.severity", f"{known.name} cannot be {use.severity}")


def parse_catalog(files: Mapping[str, object]) -> StrangeFateCatalog:
    """Validate the five catalogue files and cross-check them.

    Args:
        files: Maps each name in :data:`CATALOG_FILES` to its already-parsed JSON.

    Returns:
        The checked catalogue.

    Raises:
        CatalogError: naming the file, the dotted field path and the problem in plain words.
    """
    for name in CATALOG_FILES:
        if name not in files:
            raise CatalogError(name, "", "file is missing from the system folder")
    trappings = validate_file(_TrappingsFile, "trappings.json", files["trappings.json"])
    common = validate_file(_CommonFile, "common_skills.json", files["common_skills.json"])
    extras = validate_file(_ExtrasFile, "extras.json", files["extras.json"])
    drawbacks = validate_file(_DrawbacksFile, "drawbacks.json", files["drawbacks.json"])
    samples = validate_file(_SamplesFile, "samples.json", files["samples.json"])
    for file, names, field in (
        ("trappings.json", [t.name for t in trappings.trappings], "trappings"),
        ("common_skills.json", [c.name for c in common.common_skills], "common_skills"),
        ("extras.json", [e.name for e in extras.extras], "extras"),
        ("drawbacks.json", [d.name for d in drawbacks.drawbacks], "drawbacks"),
        ("samples.json", [s.name for s in samples.samples], "samples"),
    ):
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name.casefold() in seen:
                raise CatalogError(file, f"{field}[{i}].name", f"{name!r} appears twice")
            seen.add(name.casefold())
    if extras.discounts != drawbacks.discounts:
        raise CatalogError("drawbacks.json", "discounts", "differs from extras.json's discounts")
    catalog = StrangeFateCatalog(
        version=min(
            trappings.version, common.version, extras.version, drawbacks.version, samples.version
        ),
        trappings=trappings.trappings,
        common_skills=common.common_skills,
        extras=extras.extras,
        drawbacks=drawbacks.drawbacks,
        discounts=drawbacks.discounts,
        samples=samples.samples,
    )
    for i, skill in enumerate(catalog.common_skills):
        _check_uses(catalog, "common_skills.json", f"common_skills[{i}]", skill.trappings)
    for i, sample in enumerate(catalog.samples):
        _check_uses(catalog, "samples.json", f"samples[{i}]", sample.trappings)
        _check_drawbacks(catalog, "samples.json", f"samples[{i}]", sample.drawbacks)
    return catalog
