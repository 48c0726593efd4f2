"""Rules layer: Spirit of the Century's catalogue indexed by name, for validation and derivation.

Stunts and gadget improvements are looked up for every take of every character validated, so
their names are indexed once per system; names match the way every name in Fatesmith does
(:func:`rules.names.find_name`), after stripping the spaces people type around them.
"""

from __future__ import annotations

from rules.names import find_name, fold_names
from rules.systems.sotc.catalog import ImprovementDef, SotcCatalog, StuntDef
from rules.systems.sotc.settings import SotcSettings


class CatalogIndex:
    """The SotC catalogue with its names indexed.

    Attributes:
        catalog: The catalogue itself.
        stunts: Stunt name (as the book spells it) -> stunt.
        book_skills: The book's skill names, in book order.
        book_skill_keys: The same names case-folded.
        book_skill_set: The same names as spelled, for a quick "all known" check.
        multi_take: Names of the stunts that must be taken more than once when taken at all
            (Lieutenant), so the repeat check can be skipped for characters without them.
        plain_stunts: Name -> skill of every stunt without prerequisites, so a character
            whose takes are all such stunts skips the prerequisite machinery.
        flagged_stunts: Names of the stunts with setting flags (weirdness warning W4).
        gadget_stunts: Each catalogue stunt whose takes allow improvements for personal
            gadgets and artifacts (Personal Gadget, Personal Artifact), with what one take
            allows; the gadget check finds them among a character's stunts by identity.
        improvement_flags: Improvement name (as the book spells it) -> its ``(repeatable,
            artifact_only, not_on_artifacts, weird_science, mad_science)``, read once here.
        plain_gadget_improvements: Names (as spelled) a personal gadget may take with nothing
            to report or surcharge: not for artifacts only, no Weird or Mad Science.
        plain_artifact_improvements: Names (as spelled) an artifact may take: all but the
            ones artifacts cannot take.
    """

    def __init__(self, catalog: SotcCatalog) -> None:
        self.catalog = catalog
        self.stunts: dict[str, StuntDef] = {s.name: s for s in catalog.stunts}
        self._stunt_keys = fold_names(self.stunts)
        self.multi_take = frozenset(s.name for s in catalog.stunts if s.min_takes > 1)
        self.plain_stunts: dict[str, str] = {
            s.name: s.skill for s in catalog.stunts if s.requires is None
        }
        self.flagged_stunts = frozenset(s.name for s in catalog.stunts if s.flags)
        self._improvements: dict[str, ImprovementDef] = {m.name: m for m in catalog.improvements}
        self._improvement_keys = fold_names(self._improvements)
        self.gadget_stunts: tuple[tuple[StuntDef, int], ...] = tuple(
            (s, s.grants.gadget_improvements)
            for s in self.stunts.values()
            if s.grants is not None and s.grants.gadget_improvements
        )
        self.improvement_flags: dict[str, tuple[bool, bool, bool, bool, bool]] = {
            name: (
                m.repeatable,
                m.artifact_only,
                m.not_on_artifacts,
                m.weird_science,
                m.mad_science,
            )
            for name, m in self._improvements.items()
        }
        self.plain_gadget_improvements = frozenset(
            name
            for name, (_, artifact_only, _, weird, mad) in self.improvement_flags.items()
            if not (artifact_only or weird or mad)
        )
        self.plain_artifact_improvements = frozenset(
            name for name, flags in self.improvement_flags.items() if not flags[2]
        )
        self.book_skills: tuple[str, ...] = tuple(s.name for s in catalog.skills)
        self.book_skill_keys = frozenset(n.casefold() for n in self.book_skills)
        self.book_skill_set = frozenset(self.book_skills)

    def stunt(self, name: str) -> StuntDef | None:
        """The catalogue stunt called ``name``, or None (a custom stunt or a typo)."""
        found = self.stunts.get(name)
        if found is not None:
            return found  # find_name's first step, inlined: this runs for every take validated
        key = find_name(self.stunts, name.strip(), self._stunt_keys)
        return None if key is None else self.stunts[key]

    def improvement(self, name: str) -> ImprovementDef | None:
        """The gadget improvement called ``name``, or None when the book has no such one."""
        found = self._improvements.get(name)
        if found is not None:
            return found  # as in stunt(): the exact spelling first, without a call
        key = find_name(self._improvements, name.strip(), self._improvement_keys)
        return None if key is None else self._improvements[key]

    def skill_names(self, settings: SotcSettings | None) -> tuple[str, ...]:
        """The book's skills, or the campaign's list when it renames or removes some.

        The book's own tuple is returned unchanged when the campaign keeps it, so callers may
        test ``names is index.book_skills`` to use the prebuilt sets.
        """
        if settings is None or (not settings.renamed_skills and not settings.removed_skills):
            return self.book_skills
        return settings.skill_list(self.book_skills)
