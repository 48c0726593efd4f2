"""Rules layer: Spirit of the Century: validation rules V1-V12 / W1-W5, derived values, creation.

Section names in messages are the SotC SRD's own chapter headings; the rule numbers follow the
project's digest (shared/rules/sotc.md section 2.8). Judgment calls are in docs/rules-notes.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from rules.character import CharacterBase
from rules.conflict_rules import ConflictRules
from rules.errors import FatesmithError
from rules.ladder import Ladder
from rules.settings import SystemSettings
from rules.system_data import SystemData, SystemDataKind
from rules.systems.registry import CreationStep, ListingFacts, SystemInfo
from rules.systems.sotc.catalog import SotcCatalog, StuntDef
from rules.systems.sotc.character import (
    ASPECTS_PER_PHASE,
    PHASE_CHAPTERS,
    PHASE_COUNT,
    Gadget,
    Phase,
    SotcCharacter,
)
from rules.systems.sotc.conflict import SotcConflictRules, stress_bonus
from rules.systems.sotc.prereqs import StuntCheck, check_stunt, check_takes
from rules.systems.sotc.settings import SotcSettings
from rules.validation import Problem, error, warning

PYRAMID: dict[int, int] = {5: 1, 4: 2, 3: 3, 2: 4, 1: 5}
"""SotC "Skills": rung value -> number of skills at creation (15 in all)."""

TOP_RUNG = max(PYRAMID)
DEFAULT_RULES = SotcSettings()
LOW_WEIRDNESS = frozenset({"outside-your-window", "world-of-mystery"})
_NO_PREREQUISITES = StuntCheck(name="", met=True)
STUNT_COUNT = 5
ASPECT_COUNT = PHASE_COUNT * ASPECTS_PER_PHASE

S_PHASES = "SotC, Character Creation: The Phases"
S_SKILLS = "SotC, Character Creation: Skills"
S_STUNTS = "SotC, Character Creation: Stunts"
S_STUNTS_CH = "SotC, Stunts: What Stunts Do"
S_FP = "SotC, Fate Points: Refresh"
S_STRESS = "SotC, Skills: Endurance / Resolve (stress boxes)"
S_FAST = "SotC, Character Creation: Fast Character Creation"
S_NAME = "SotC, Character Creation: Name"
S_GADGETS = "SotC, Gadgets and Gizmos: Personal Gadgets"
S_SETTING = "SotC, Running the Game: Setting Decisions"
S_IMPROVING = "SotC, Gadgets and Gizmos: Improving Things"
S_ARTIFACTS = "SotC, Gadgets and Gizmos: Artifacts"
SURCHARGES = {"uses weird science": 1, "uses mad science": 2}
S_GUEST = "SotC, Character Creation: Phase Four and Five (Guest Star)"

ORDINAL = ("One", "Two", "Three", "Four", "Five")
PHASE_NAMES = tuple(f"Phase {o}" for o in ORDINAL)
GUEST_PATHS = {4: "phases[3].guest_star_in", 5: "phases[4].guest_star_in"}
EMPTY_PHASE = Phase()

FAST_EARLY_SKILLS = ("Athletics", "Endurance", "Resolve", "Alertness")


def _rules(settings: SystemSettings | None) -> SotcSettings:
    """SotC's settings from a generic ``settings`` argument (None: the book's rules)."""
    if settings is None:
        return DEFAULT_RULES
    assert isinstance(settings, SotcSettings)
    return settings


def _blank(text: str) -> bool:
    """True for empty or whitespace-only text (without building a stripped copy)."""
    return not text or text.isspace()


class Initiative(BaseModel):
    """Initiative values: Alertness for physical conflicts, Empathy for social ones."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    physical: int
    social: int
    tiebreak: int


class SotcDerived(BaseModel):
    """Everything computed from a SotC character."""

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


def science_surcharge(weird: bool, mad: bool, stunts: set[str]) -> tuple[int, int]:
    """Extra improvements a personal gadget pays for Weird/Mad Science without the stunt.

    SotC "Personal Gadgets": "Uses Weird Science" costs 1 improvement unless the character has
    Weird Science (or Mad Science); "Uses Mad Science" costs 2 unless it has Mad Science.
    Returns (weird surcharge, mad surcharge).
    """
    weird_cost = 1 if weird and not stunts & {"Weird Science", "Mad Science"} else 0
    mad_cost = 2 if mad and "Mad Science" not in stunts else 0
    return weird_cost, mad_cost


class SotcSystem:
    """Spirit of the Century, as a :class:`rules.systems.registry.GameSystem`."""

    def __init__(self, info: SystemInfo, catalog: SotcCatalog) -> None:
        self._info = info
        self.catalog = catalog
        # Looked up for every stunt of every character validated: index once.
        self._stunts: dict[str, StuntDef] = {s.name.casefold(): s for s in catalog.stunts}
        self._stunts_exact: dict[str, StuntDef] = {s.name: s for s in catalog.stunts}
        self._improvements = {m.name.casefold(): m for m in catalog.improvements}
        self._improvements_exact = {m.name: m for m in catalog.improvements}
        self._book_skill_names = tuple(s.name for s in catalog.skills)
        self._book_skill_keys = frozenset(n.casefold() for n in self._book_skill_names)
        self._book_skill_set = frozenset(self._book_skill_names)

    def _stunt_def(self, name: str) -> StuntDef | None:
        """The catalogue stunt called ``name`` (exact, else case-insensitive), or None."""
        found = self._stunts_exact.get(name)
        return found if found is not None else self._stunts.get(name.strip().casefold())

    # -- identity -------------------------------------------------------------------------------

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""
        return self._info

    @property
    def id(self) -> str:
        """``"sotc"``."""
        return self._info.id

    @property
    def ladder(self) -> Ladder:
        """The SotC ladder (Mediocre 0, Average +1 ... Legendary +8)."""
        return self._info.ladder

    @property
    def character_type(self) -> type[CharacterBase]:
        """:class:`SotcCharacter`."""
        return SotcCharacter

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """Concept, the five phases, skills, stunts (SotC "Character Creation")."""
        steps = [
            CreationStep(
                key="concept",
                title="Concept and name",
                section=S_NAME,
                summary="A pulp hero's idea and name.",
            )
        ]
        for i, chapter in enumerate(PHASE_CHAPTERS, start=1):
            steps.append(
                CreationStep(
                    key=f"phase{i}",
                    title=f"Phase {ORDINAL[i - 1]}: {chapter}",
                    section=S_PHASES,
                    summary="Events and two aspects.",
                )
            )
        steps.append(
            CreationStep(
                key="skills",
                title="Skills",
                section=S_SKILLS,
                summary="The pyramid: 1 Superb, 2 Great, 3 Good, 4 Fair, 5 Average.",
            )
        )
        steps.append(
            CreationStep(key="stunts", title="Stunts", section=S_STUNTS, summary="Five stunts.")
        )
        return tuple(steps)

    @property
    def settings_type(self) -> type[SystemSettings]:
        """SotC's campaign settings: :class:`SotcSettings` (house rules, the variant)."""
        return SotcSettings

    @property
    def payload_version(self) -> int:
        """SotC character documents are at version 1."""
        return 1

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        """SotC has no user-editable rules data."""
        return ()

    def upgrade_payload(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """No SotC document needs upgrading yet (version 1 is the first).

        Raises:
            FatesmithError: always: there is no version before 1 to upgrade from.
        """
        raise FatesmithError(f"no upgrade from SotC character document version {version}")

    def default_settings(self) -> SotcSettings:
        """The book's rules."""
        return DEFAULT_RULES

    def parse_settings(self, data: Mapping[str, Any] | None) -> SotcSettings:
        """SotC settings from stored JSON (empty: the book's rules)."""
        return SotcSettings.model_validate(data) if data else DEFAULT_RULES

    def conflict_rules(self, settings: SystemSettings | None = None) -> ConflictRules:
        """SotC's conflict rules under ``settings``."""
        return SotcConflictRules(_rules(settings))

    def with_data(self, data: Mapping[str, SystemData]) -> SotcSystem:
        """SotC has no user-editable data: itself."""
        return self

    def listing(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ListingFacts:
        """Peak skill as the headline; aspects, skills and stunts to search."""
        assert isinstance(character, SotcCharacter)
        derived = self.derive(character, _rules(settings))
        headline = ""
        if derived.peak_skill:
            headline = f"{derived.peak_skill} {derived.peak_rating:+d}"
        return ListingFacts(
            headline=headline,
            headline_rank=derived.peak_rating,
            description=character.description or character.concept,
            search_entries=(
                *(("aspect", a) for a in character.all_aspects()),
                *(("skill", s) for s in character.skills),
                *(("stunt", s) for s in character.stunt_names()),
            ),
        )

    def skill_names(self, rules: SotcSettings | None = None) -> tuple[str, ...]:
        """The 28 book skills, or the campaign's list (renamed/removed)."""
        if rules is None or (not rules.renamed_skills and not rules.removed_skills):
            return self._book_skill_names
        return rules.skill_list(self._book_skill_names)

    def new_character(self, name: str = "") -> SotcCharacter:
        """A blank character with its five phases laid out."""
        return SotcCharacter(name=name)

    # -- derived ----------------------------------------------------------------------------------

    def _book_skill(self, character: SotcCharacter, book_name: str, rules: SotcSettings) -> int:
        return character.skill(rules.renamed_skills.get(book_name, book_name))

    def derive(self, character: CharacterBase, rules: SotcSettings | None = None) -> SotcDerived:
        """Stress boxes, fate points, refresh, initiative and friends from what is filled in.

        Health = base + Endurance band (+ Thick Skinned); Composure = base + Resolve band
        (SotC "Endurance", "Resolve"); refresh = number of aspects (SotC "Fate Points");
        initiative = Alertness / Empathy, ties by Resolve (SotC "Initiative").
        """
        assert isinstance(character, SotcCharacter)
        rules = rules or DEFAULT_RULES
        names = character.stunt_names()

        defs = [d for d in map(self._stunt_def, names) if d]

        def grants(key: str) -> int:
            return sum(int(getattr(d.grants, key, None) or 0) for d in defs)

        endurance = self._book_skill(character, "Endurance", rules)
        resolve = self._book_skill(character, "Resolve", rules)
        health = rules.stress_boxes + stress_bonus(endurance) + grants("health_boxes")
        composure = rules.stress_boxes + stress_bonus(resolve) + grants("composure_boxes")
        aspects = len(character.all_aspects())
        refresh = aspects if character.refresh is None else character.refresh
        fate_points = refresh if character.fate_points is None else character.fate_points
        initiative = Initiative(
            physical=self._book_skill(character, "Alertness", rules)
            + grants("initiative_physical"),
            social=self._book_skill(character, "Empathy", rules) + grants("initiative_social"),
            tiebreak=resolve,
        )
        extra = Counter(str(getattr(d.grants, "extra_consequence", None) or "") for d in defs)
        physical_slots = 3 + extra["moderate-physical"] + extra["moderate-any"]
        social_slots = 3 + extra["moderate-social"] + extra["moderate-any"]
        languages = max(0, self._book_skill(character, "Academics", rules)) + grants("languages")
        pyramid: dict[int, tuple[str, ...]] = {
            rung: tuple(sorted(k for k, v in character.skills.items() if v == rung))
            for rung in sorted(PYRAMID, reverse=True)
        }
        peak_skill, peak_rating = "", 0
        if character.skills:
            peak_skill, peak_rating = max(character.skills.items(), key=lambda kv: (kv[1], kv[0]))
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
            gadget_improvements_allowed=grants("gadget_improvements"),
            gadget_improvements_used=sum(
                self._gadget_cost(g, {d.name for d in defs}) for g in character.gadgets
            ),
            pyramid=pyramid,
            peak_skill=peak_skill,
            peak_rating=peak_rating,
        )

    # -- validation -------------------------------------------------------------------------------

    def validate(
        self, character: CharacterBase, rules: SotcSettings | None = None
    ) -> tuple[Problem, ...]:
        """Every rule of SotC character creation, as problems (never raises on half-made ones)."""
        assert isinstance(character, SotcCharacter)
        rules = rules or DEFAULT_RULES
        problems: list[Problem] = []
        problems += self._check_name(character)
        if character.creation_mode == "fast":
            problems += self._check_fast(character, rules)
        else:
            problems += self._check_phases(character)
            problems += self._check_pyramid(character, rules, shape_only=False)
        problems += self._check_aspect_text(character)
        # Catalogue entry of each take (None for custom stunts), shared by the checks below.
        defs = [self._stunt_def(pick.name) for pick in character.stunts]
        problems += self._check_stunts(
            character, rules, fast=character.creation_mode == "fast", defs=defs
        )
        problems += self._check_gadgets(character, defs)
        problems += self._check_fate_points(character)
        problems += self._check_condition(character, rules)
        return tuple(problems)

    def _check_name(self, c: SotcCharacter) -> list[Problem]:
        if _blank(c.name):
            return [error("SOTC-V1-name", "name", "The character needs a name.", S_NAME)]
        return []

    def _check_phases(self, c: SotcCharacter) -> list[Problem]:
        out: list[Problem] = []
        for n in range(1, PHASE_COUNT + 1):
            phase = c.phases[n - 1] if n <= len(c.phases) else EMPTY_PHASE
            label = PHASE_NAMES[n - 1]
            written = [a for a in phase.aspects if not _blank(a)]
            if len(phase.aspects) > ASPECTS_PER_PHASE:
                out.append(
                    error(
                        "SOTC-V2-too-many-aspects",
                        f"phases[{n - 1}].aspects",
                        f"{label} has {len(phase.aspects)} aspects; each phase gives exactly "
                        f"{ASPECTS_PER_PHASE}.",
                        S_PHASES,
                    )
                )
            elif len(written) < ASPECTS_PER_PHASE:
                out.append(
                    error(
                        "SOTC-V2-missing-aspects",
                        f"phases[{n - 1}].aspects",
                        f"{label} needs {ASPECTS_PER_PHASE} aspects; "
                        f"{len(written)} written so far.",
                        S_PHASES,
                    )
                )
            if _blank(phase.events):
                what = "the back-cover blurb of the novel" if n == 3 else "what happened"
                out.append(
                    error(
                        "SOTC-V2-events",
                        f"phases[{n - 1}].events",
                        f"{label}: write {what} (a sentence or two is enough).",
                        S_PHASES,
                    )
                )
        p2 = c.phase(2)
        if _blank(p2.mentor):
            out.append(
                error(
                    "SOTC-V4-mentor",
                    "phases[1].mentor",
                    "Phase Two: name the mentor or patron who inspired the character.",
                    S_PHASES,
                )
            )
        if _blank(p2.mentor_fate):
            out.append(
                error(
                    "SOTC-V4-mentor-fate",
                    "phases[1].mentor_fate",
                    "Phase Two: say what became of the mentor.",
                    S_PHASES,
                )
            )
        p3 = c.phase(3)
        if _blank(p3.novel_title):
            out.append(
                error(
                    "SOTC-V5-novel-title",
                    "phases[2].novel_title",
                    "Phase Three: give the character's novel a title.",
                    S_PHASES,
                )
            )
        own_title = p3.novel_title.strip().casefold()
        refs = {}
        for n in (4, 5):
            ref = c.phase(n).guest_star_in
            path = GUEST_PATHS[n]
            label = PHASE_NAMES[n - 1]
            if ref is None or not ref.title.strip():
                out.append(
                    error(
                        "SOTC-V6-guest-star",
                        path,
                        f"{label}: choose another character's novel to guest-star in.",
                        S_GUEST,
                    )
                )
                continue
            if (ref.character_id is not None and ref.character_id == c.id) or (
                own_title and ref.title.strip().casefold() == own_title
            ):
                out.append(
                    error(
                        "SOTC-V6-own-novel",
                        path,
                        f"{label}: a character guest-stars in someone else's novel, not their own.",
                        S_GUEST,
                    )
                )
            refs[n] = (ref.character_id, ref.title.strip().casefold())
        if 4 in refs and 5 in refs:
            (id4, t4), (id5, t5) = refs[4], refs[5]
            if (id4 is not None and id4 == id5 and t4 == t5) or (id4 is None and t4 == t5):
                out.append(
                    error(
                        "SOTC-V6-same-novel",
                        "phases[4].guest_star_in",
                        "Phase Five must be a different novel from Phase Four: no one "
                        "co-stars in the same book twice.",
                        S_GUEST,
                    )
                )
        return out

    def _check_aspect_text(self, c: SotcCharacter) -> list[Problem]:
        out: list[Problem] = []
        seen: dict[str, int] = {}
        for i, phase in enumerate(c.phases):
            for j, aspect in enumerate(phase.aspects):
                if _blank(aspect):
                    out.append(
                        error(
                            "SOTC-V3-blank-aspect",
                            f"phases[{i}].aspects[{j}]",
                            f"{PHASE_NAMES[i]}: aspect {j + 1} is blank.",
                            S_PHASES,
                        )
                    )
                    continue
                key = " ".join(aspect.casefold().split())
                if key in seen:
                    out.append(
                        warning(
                            "SOTC-V3-duplicate-aspect",
                            f"phases[{i}].aspects[{j}]",
                            f"The aspect \u201c{aspect.strip()}\u201d appears twice "
                            f"(also at {PHASE_NAMES[seen[key]]}).",
                            S_PHASES,
                        )
                    )
                else:
                    seen[key] = i
        return out

    def _check_pyramid(
        self, c: SotcCharacter, rules: SotcSettings, *, shape_only: bool
    ) -> list[Problem]:
        out: list[Problem] = []
        names = self.skill_names(rules)
        allowed = (
            self._book_skill_keys
            if names is self._book_skill_names
            else frozenset(n.casefold() for n in names)
        )
        folded: dict[str, str] = {}
        exact = self._book_skill_set if names is self._book_skill_names else frozenset(names)
        if len(c.skills) <= len(exact) and all(
            name in exact and 0 <= rating <= TOP_RUNG for name, rating in c.skills.items()
        ):
            skills_to_check: dict[str, int] = {}  # all known, distinct and in range
        else:
            skills_to_check = c.skills
        for name, rating in skills_to_check.items():
            path = f"skills.{name}"
            key = name.strip().casefold()
            if key not in allowed:
                hint = ""
                if key in self._book_skill_keys:
                    hint = " (the campaign removed or renamed it)"
                out.append(
                    error(
                        "SOTC-V7-unknown-skill",
                        path,
                        f"\u201c{name}\u201d is not a skill in this campaign{hint}.",
                        S_SKILLS,
                    )
                )
            if key in folded:
                out.append(
                    error(
                        "SOTC-V7-duplicate-skill",
                        path,
                        f"{name} is listed twice (also as {folded[key]}).",
                        S_SKILLS,
                    )
                )
            folded[key] = name
            if rating < 0:
                out.append(
                    error(
                        "SOTC-V8-below-mediocre",
                        path,
                        f"{name} is {self.ladder.render(rating)}; skills you did not "
                        "take are Mediocre (+0), never lower.",
                        S_SKILLS,
                    )
                )
            elif rating > TOP_RUNG:
                out.append(
                    error(
                        "SOTC-V7-above-superb",
                        path,
                        f"{name} is {self.ladder.render(rating)}; at creation the best "
                        "skill is Superb (+5).",
                        S_SKILLS,
                    )
                )
        counts = Counter(v for v in c.skills.values() if v in PYRAMID)
        for rung, wanted in PYRAMID.items():
            have_count = counts[rung]
            if have_count == wanted or (shape_only and have_count < wanted):
                continue
            adj = self.ladder.render(rung)
            if have_count > wanted:
                have = sorted(k for k, v in c.skills.items() if v == rung)
                out.append(
                    error(
                        "SOTC-V7-rung-over",
                        f"pyramid.{rung}",
                        f"{adj} has {have_count} skills ({', '.join(have)}); the pyramid "
                        f"allows {wanted}.",
                        S_SKILLS,
                    )
                )
            else:
                out.append(
                    error(
                        "SOTC-V7-rung-under",
                        f"pyramid.{rung}",
                        f"{adj} has {have_count} of its {wanted} skills.",
                        S_SKILLS,
                    )
                )
        return out

    def _check_stunts(
        self,
        c: SotcCharacter,
        rules: SotcSettings,
        *,
        fast: bool,
        defs: list[StuntDef | None] | None = None,
    ) -> list[Problem]:
        out: list[Problem] = []
        names = c.stunt_names()
        if len(names) > STUNT_COUNT:
            out.append(
                error(
                    "SOTC-V9-too-many-stunts",
                    "stunts",
                    f"{len(names)} stunts taken; a new character has exactly {STUNT_COUNT}.",
                    S_STUNTS,
                )
            )
        elif len(names) < STUNT_COUNT and not fast:
            out.append(
                error(
                    "SOTC-V9-stunt-count",
                    "stunts",
                    f"{len(names)} of {STUNT_COUNT} stunts chosen.",
                    S_STUNTS,
                )
            )
        known: list[str] = []
        book_skills = self._book_skills(c, rules)
        for i, pick in enumerate(c.stunts):
            path = f"stunts[{i}]"
            stunt = defs[i] if defs is not None else self._stunt_def(pick.name)
            if stunt is None:
                if not pick.custom:
                    out.append(
                        error(
                            "SOTC-V9-unknown-stunt",
                            path,
                            f"\u201c{pick.name}\u201d is not a stunt in the book; mark it "
                            "as a custom stunt if the GM agreed to it.",
                            S_STUNTS_CH,
                        )
                    )
                else:
                    out.append(
                        warning(
                            "SOTC-W-custom-stunt",
                            path,
                            f"\u201c{pick.name}\u201d is a custom stunt: the GM must approve it.",
                            S_STUNTS_CH,
                        )
                    )
                    if _blank(pick.skill):
                        out.append(
                            error(
                                "SOTC-V9-custom-skill",
                                f"{path}.skill",
                                f"Custom stunt \u201c{pick.name}\u201d needs a skill.",
                                S_STUNTS_CH,
                            )
                        )
                skill = pick.skill
            else:
                known.append(stunt.name)
                skill = stunt.skill
                check = (
                    _NO_PREREQUISITES
                    if stunt.requires is None
                    else check_stunt(
                        self.catalog,
                        stunt.name,
                        names,
                        book_skills,
                        index=i,
                        weirdness=rules.weirdness,
                    )
                )
                for reason in check.reasons:
                    out.append(
                        error("SOTC-V9-prerequisite", path, f"{stunt.name}: {reason}.", S_STUNTS_CH)
                    )
                for note in check.warnings:
                    out.append(
                        warning(
                            "SOTC-W2-aspect-prerequisite",
                            path,
                            f"{stunt.name}: {note} (the GM confirms this).",
                            S_STUNTS_CH,
                        )
                    )
                blocked = (
                    self._weirdness_blocks(set(stunt.flags), rules)
                    if stunt.flags and rules.weirdness in LOW_WEIRDNESS
                    else ""
                )
                if blocked:
                    out.append(
                        warning(
                            "SOTC-W4-weirdness",
                            path,
                            f"{stunt.name} needs {blocked}, which this campaign's "
                            "weirdness level does not allow.",
                            S_SETTING,
                        )
                    )
            if skill:
                rating = c.skills.get(skill) if not rules.renamed_skills else None
                if rating is None:
                    rating = c.skill(rules.renamed_skills.get(skill, skill))
                if rating < 1:
                    out.append(
                        warning(
                            "SOTC-W1-low-skill-stunt",
                            path,
                            f"{pick.name} is a {skill} stunt but {skill} is "
                            f"{self.ladder.render(rating)}; stunts normally go with "
                            "skills of Average or better (needs the GM's consent).",
                            S_STUNTS_CH,
                        )
                    )
        # Fast path: every stunt taken once and none with a minimum above one (Lieutenant).
        needs_count_check = len(set(known)) != len(known) or any(
            self._stunts_exact[k].min_takes > 1 for k in known
        )
        for name, message in check_takes(self.catalog, known) if needs_count_check else ():
            idx = next(
                (i for i, p in enumerate(c.stunts) if p.name.casefold() == name.casefold()), 0
            )
            out.append(error("SOTC-V10-takes", f"stunts[{idx}]", message, S_STUNTS_CH))
        return out

    @staticmethod
    def _weirdness_blocks(flags: set[str], rules: SotcSettings) -> str:
        level = rules.weirdness
        if level == "outside-your-window" and flags & {"weird_science", "mad_science", "artifact"}:
            return "Weird Science, Mad Science or artifacts"
        if level == "world-of-mystery" and "mad_science" in flags:
            return "Mad Science"
        return ""

    def _book_skills(self, c: SotcCharacter, rules: SotcSettings) -> dict[str, int]:
        """Ratings keyed by the book's skill names (prerequisites are written with those)."""
        if not rules.renamed_skills:
            return c.skills
        return {rules.book_name(k): v for k, v in c.skills.items()}

    def _check_gadgets(
        self, c: SotcCharacter, all_defs: list[StuntDef | None] | None = None
    ) -> list[Problem]:
        """Personal gadgets and artifacts (SotC "Personal Gadgets", "Improving Things",
        "Artifacts"): the improvement allowance, the Weird/Mad Science surcharges, and which
        improvements a device may take."""
        out: list[Problem] = []
        if not c.gadgets:
            return out  # nothing drawn from any allowance, nothing to check
        if all_defs is None:
            all_defs = [self._stunt_def(pick.name) for pick in c.stunts]
        defs = [d for d in all_defs if d is not None]
        allowed = sum(int(getattr(d.grants, "gadget_improvements", None) or 0) for d in defs)
        has = {d.name for d in defs}
        used = 0
        exact = self._improvements_exact
        for i, gadget in enumerate(c.gadgets):
            if _blank(gadget.name):
                out.append(
                    error(
                        "SOTC-GADGET-name",
                        f"gadgets[{i}].name",
                        "Give the gadget a name.",
                        S_GADGETS,
                    )
                )
            if gadget.kind == "other":
                continue
            artifact = gadget.kind == "artifact"
            weird = mad = spelled_weird = spelled_mad = False
            seen: set[str] = set()
            cost = 0  # as _gadget_cost counts it: every improvement but the surcharge entries
            for j, m in enumerate(gadget.improvements):
                improvement = exact.get(m.name)
                if improvement is None:
                    key = m.name.strip().casefold()
                    if key in SURCHARGES:
                        spelled_weird |= key == "uses weird science"
                        spelled_mad |= key == "uses mad science"
                        continue
                    improvement = self._improvements.get(key)
                    if improvement is None:
                        cost += 1
                        out.append(
                            warning(
                                "SOTC-GADGET-unknown-improvement",
                                f"gadgets[{i}].improvements[{j}]",
                                f"\u201c{m.name.strip()}\u201d is not an improvement from the "
                                "book; the GM must approve it.",
                                S_IMPROVING,
                            )
                        )
                        continue
                cost += 1
                name = improvement.name
                if name in seen and not improvement.repeatable:
                    out.append(
                        error(
                            "SOTC-GADGET-repeat",
                            f"gadgets[{i}].improvements[{j}]",
                            f"{name} can be put on a device only once.",
                            S_IMPROVING,
                        )
                    )
                seen.add(name)
                if improvement.artifact_only and not artifact:
                    out.append(
                        error(
                            "SOTC-GADGET-artifact-only",
                            f"gadgets[{i}].improvements[{j}]",
                            f"{name} is for artifacts only.",
                            S_ARTIFACTS,
                        )
                    )
                if improvement.not_on_artifacts and artifact:
                    out.append(
                        error(
                            "SOTC-GADGET-not-on-artifacts",
                            f"gadgets[{i}].improvements[{j}]",
                            f"Artifacts cannot take {name}.",
                            S_ARTIFACTS,
                        )
                    )
                weird |= improvement.weird_science
                mad |= improvement.mad_science
            # Without the stunt, a personal gadget first buys "Uses Weird Science" (1
            # improvement) or "Uses Mad Science" (2); artifacts pay in complications instead.
            if not artifact:
                weird_cost, mad_cost = science_surcharge(weird, mad, has)
                cost += weird_cost + mad_cost
                if weird_cost and not spelled_weird:
                    out.append(
                        warning(
                            "SOTC-GADGET-weird-surcharge",
                            f"gadgets[{i}]",
                            f"{gadget.name or 'This gadget'} uses Weird Science without the "
                            "stunt: that costs one extra improvement (counted).",
                            S_GADGETS,
                        )
                    )
                if mad_cost and not spelled_mad:
                    out.append(
                        warning(
                            "SOTC-GADGET-mad-surcharge",
                            f"gadgets[{i}]",
                            f"{gadget.name or 'This gadget'} uses Mad Science without the "
                            "stunt: that costs two extra improvements (counted).",
                            S_GADGETS,
                        )
                    )
            used += cost
        if c.gadgets and allowed == 0 and any(g.kind != "other" for g in c.gadgets):
            out.append(
                warning(
                    "SOTC-GADGET-no-stunt",
                    "gadgets",
                    "Personal gadgets come from the Personal Gadget (or Personal Artifact) stunt, "
                    "which this character has not taken.",
                    S_GADGETS,
                )
            )
        elif used > allowed:
            out.append(
                error(
                    "SOTC-GADGET-improvements",
                    "gadgets",
                    f"The gadgets carry {used} improvements; the stunts taken allow {allowed} "
                    "(3 per Personal Gadget or Personal Artifact).",
                    S_GADGETS,
                )
            )
        return out

    def _gadget_cost(self, gadget: Gadget, has: set[str]) -> int:
        """Improvements a device draws from the stunts' allowance (SotC "Personal Gadgets").

        Each improvement counts one; a personal gadget using Weird Science without the stunt
        pays one more, Mad Science without the stunt two more (the "Uses ... Science" entries
        only record that surcharge). Artifacts pay no surcharge; other stunts' devices (kind
        "other") draw nothing from this allowance.
        """
        if gadget.kind == "other":
            return 0
        folded = [m.name.strip().casefold() for m in gadget.improvements]
        cost = sum(1 for n in folded if n not in SURCHARGES)
        if gadget.kind == "artifact":
            return cost
        found = [self._improvements.get(n) for n in folded if n not in SURCHARGES]
        weird = any(m is not None and m.weird_science for m in found)
        mad = any(m is not None and m.mad_science for m in found)
        return cost + sum(science_surcharge(weird, mad, has))

    def _check_fate_points(self, c: SotcCharacter) -> list[Problem]:
        out: list[Problem] = []
        if c.refresh is None and c.fate_points is None:
            return out  # both follow the aspects: nothing recorded that could disagree
        aspects = len(c.all_aspects())
        if c.refresh is not None and c.refresh != aspects:
            out.append(
                error(
                    "SOTC-V11-refresh",
                    "refresh",
                    f"Refresh is {c.refresh} but the character has {aspects} aspects; "
                    "refresh equals the number of aspects.",
                    S_FP,
                )
            )
        refresh = aspects if c.refresh is None else c.refresh
        if c.fate_points is not None and c.fate_points != refresh:
            out.append(
                warning(
                    "SOTC-V11-fate-points",
                    "fate_points",
                    f"{c.fate_points} fate points against a refresh of {refresh}: "
                    "a new character starts with exactly its refresh (normal once "
                    "play has begun).",
                    S_FP,
                )
            )
        return out

    def _check_condition(self, c: SotcCharacter, rules: SotcSettings) -> list[Problem]:
        out: list[Problem] = []
        if not c.condition.health and not c.condition.composure:
            return out
        derived = self.derive(c, rules)
        for track, boxes in (
            ("health", derived.health_boxes),
            ("composure", derived.composure_boxes),
        ):
            marks = getattr(c.condition, track)
            if marks and len(marks) != boxes:
                out.append(
                    error(
                        "SOTC-V12-track-length",
                        f"condition.{track}",
                        f"The {track.title()} track records {len(marks)} boxes; this "
                        f"character has {boxes}.",
                        S_STRESS,
                    )
                )
        return out

    def _check_fast(self, c: SotcCharacter, rules: SotcSettings) -> list[Problem]:
        out: list[Problem] = self._check_pyramid(c, rules, shape_only=True)
        aspects = c.all_aspects()
        if len(aspects) > ASPECT_COUNT:
            out.append(
                error(
                    "SOTC-FAST-too-many-aspects",
                    "phases",
                    f"{len(aspects)} aspects; a character has at most {ASPECT_COUNT}.",
                    S_FAST,
                )
            )
        for i, phase in enumerate(c.phases):
            if len(phase.aspects) > ASPECTS_PER_PHASE:
                out.append(
                    error(
                        "SOTC-V2-too-many-aspects",
                        f"phases[{i}].aspects",
                        f"Phase {ORDINAL[i]} has {len(phase.aspects)} aspects; each "
                        f"phase holds {ASPECTS_PER_PHASE}.",
                        S_FAST,
                    )
                )
        if _blank(c.description):
            out.append(
                warning(
                    "SOTC-FAST-description",
                    "description",
                    "Fast creation starts with a sentence or two describing the character.",
                    S_FAST,
                )
            )
        if not any(v == max(PYRAMID) for v in c.skills.values()):
            out.append(
                warning(
                    "SOTC-FAST-apex",
                    "pyramid.5",
                    "Fast creation starts with the character's Superb (apex) skill.",
                    S_FAST,
                )
            )
        if len(aspects) < 2:
            out.append(
                warning(
                    "SOTC-FAST-aspects",
                    "phases",
                    "Fast creation starts with two aspects (one strength, one flaw works well).",
                    S_FAST,
                )
            )
        missing = [s for s in FAST_EARLY_SKILLS if rules.renamed_skills.get(s, s) not in c.skills]
        if missing:
            out.append(
                warning(
                    "SOTC-W3-early-skills",
                    "skills",
                    f"Set {', '.join(missing)} early: they matter in every fight.",
                    S_FAST,
                )
            )
        return out
