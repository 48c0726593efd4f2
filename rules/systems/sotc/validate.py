"""Rules layer: Spirit of the Century's character validation (rules V1-V12 / W1-W5).

The rule numbers follow the project's digest (shared/rules/sotc.md section 2.8); every problem
cites the SotC section it comes from (:mod:`rules.systems.sotc.sections`). Judgment calls are in
docs/rules-notes.md. Gadgets are checked in :mod:`rules.systems.sotc.gadgets`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import attrgetter

from rules.ladder import Ladder
from rules.systems.sotc.advancement import (
    NO_ADVANCEMENT,
    AdvancementTally,
    check_advancements,
    tally,
)
from rules.systems.sotc.catalog import StuntDef
from rules.systems.sotc.catalog_index import CatalogIndex
from rules.systems.sotc.character import (
    ASPECT_COUNT,
    ASPECTS_PER_PHASE,
    PHASE_COUNT,
    PYRAMID,
    STUNT_COUNT,
    TOP_RUNG,
    Phase,
    SotcCharacter,
)
from rules.systems.sotc.derive import derive_character
from rules.systems.sotc.gadgets import blank, check_gadgets
from rules.systems.sotc.prereqs import check_stunt, check_takes
from rules.systems.sotc.sections import (
    S_FAST,
    S_FP,
    S_GUEST,
    S_LONG_GAME,
    S_NAME,
    S_PHASES,
    S_SETTING,
    S_SKILLS,
    S_STRESS,
    S_STUNTS,
    S_STUNTS_CH,
)
from rules.systems.sotc.settings import SotcSettings, Weirdness
from rules.validation import Problem, error, warning

LOW_WEIRDNESS = frozenset({"outside-your-window", "world-of-mystery"})
ORDINAL = ("One", "Two", "Three", "Four", "Five")
PHASE_NAMES = tuple(f"Phase {o}" for o in ORDINAL)
GUEST_PATHS = {4: "phases[3].guest_star_in", 5: "phases[4].guest_star_in"}
EMPTY_PHASE = Phase()
FAST_EARLY_SKILLS = ("Athletics", "Endurance", "Resolve", "Alertness")
"""SotC "Fast Character Creation": the skills worth setting early (they matter in every fight)."""


_ASPECTS = attrgetter("aspects")
_EVENTS = attrgetter("events")
_NAME = attrgetter("name")
_MENTOR = attrgetter("mentor", "mentor_fate")
_TOP = attrgetter(
    "name", "creation_mode", "phases", "advancements", "refresh", "fate_points", "condition"
)
FULL_PHASES = [ASPECTS_PER_PHASE] * PHASE_COUNT
"""Aspects per phase of a finished character, phase by phase."""
GOOD_LADDER = sorted(rung for rung, wanted in PYRAMID.items() for _ in range(wanted))
"""The ratings of a finished creation pyramid, lowest first (SotC "Skills")."""


def _fold_aspects(groups: list[tuple[str, ...]]) -> list[str]:
    """Every aspect of ``groups`` (each phase's aspects) folded for comparison, in order: case
    ignored, every run of whitespace one space, none at the ends ("" for a blank aspect)."""
    flat = list(chain.from_iterable(groups))
    text = "|".join(flat)
    # Printable text has no whitespace but the plain space, and case folding makes none: with
    # no space doubled or at an aspect's end, folding is casefold alone (the usual case).
    # Casefold maps each character on its own, so the joined text folds at once and splits
    # back where no aspect holds the separator itself.
    if (
        text.isprintable()
        and "  " not in text
        and " |" not in text
        and "| " not in text
        and text[:1] != " "
        and text[-1:] != " "
        and text.count("|") == len(flat) - 1
    ):
        # On ASCII text casefold and lower agree, and lower has a fast path for it.
        return (text.lower() if text.isascii() else text.casefold()).split("|")
    return [" ".join(aspect.casefold().split()) for aspect in flat]


@dataclass(frozen=True, slots=True)
class _SettingsFacts:
    """What the checks read from a campaign's settings, kept as plain attributes.

    Attributes:
        exact_skills: The campaign's skill names as it spells them.
        skill_keys: The same names case-folded.
        renamed: Book skill name -> the campaign's name for it.
        weirdness: The campaign's weirdness level.
    """

    exact_skills: frozenset[str]
    skill_keys: frozenset[str]
    renamed: dict[str, str]
    weirdness: Weirdness


class SotcValidator:
    """The SotC character-creation rules, checked against one catalogue and ladder."""

    def __init__(self, index: CatalogIndex, ladder: Ladder, *, shortcuts: bool = True) -> None:
        """
        Args:
            index: The catalogue.
            ladder: The ladder ratings are named on.
            shortcuts: Check the usual finished character in bulk before the per-item loops
                (the same problems either way; False is for the tests that hold them equal).
        """
        self.index = index
        self.ladder = ladder
        self.shortcuts = shortcuts
        self._last: tuple[SotcSettings, _SettingsFacts] | None = None

    def _facts(self, rules: SotcSettings) -> _SettingsFacts:
        """What the checks need from ``rules``, worked out once for the settings last seen
        (settings are frozen; one tuple is swapped in, so threads never see half of it)."""
        last = self._last
        if last is not None and last[0] is rules:
            return last[1]
        names = self.index.skill_names(rules)
        book = names is self.index.book_skills
        facts = _SettingsFacts(
            exact_skills=self.index.book_skill_set if book else frozenset(names),
            skill_keys=self.index.book_skill_keys
            if book
            else frozenset(n.casefold() for n in names),
            renamed=rules.renamed_skills,
            weirdness=rules.weirdness,
        )
        self._last = (rules, facts)
        return facts

    def validate(self, character: SotcCharacter, rules: SotcSettings) -> tuple[Problem, ...]:
        """Every rule of SotC character creation, as problems (never raises on half-made ones).

        Args:
            character: The character, however far along.
            rules: The campaign's settings (renamed or removed skills, weirdness, stress boxes).
        """
        problems: list[Problem] = []
        # Fields read once (each read of a pydantic model's field is a Python-level hook);
        # the checks below that have nothing to look at are not called at all.
        name, mode, phases, advancements, refresh, fate_points, condition = _TOP(character)
        if blank(name):
            problems += self._check_name(character)
        earned = tally(character) if advancements else NO_ADVANCEMENT
        fast = mode == "fast"
        # Each phase's aspects folded once: the phase check counts the written ones, the
        # aspect check looks for repeats.
        groups = list(map(_ASPECTS, phases))
        flat = _fold_aspects(groups)
        if fast:
            problems += self._check_fast(character, rules, earned.peak_raises)
        else:
            problems += self._check_phases(character, groups, flat)
            problems += self._check_pyramid(
                character, rules, shape_only=False, offset=earned.peak_raises
            )
        problems += self._check_aspect_text(character, flat)
        # Each take's name and catalogue entry (None for custom stunts), shared by the checks
        # below; names spelled as the book does are found without a call.
        names = tuple(map(_NAME, character.stunts))
        defs = list(map(self.index.stunts.get, names))
        # all() rather than `None in defs`, which calls each pydantic model's __eq__.
        if not all(defs):
            defs = [self.index.stunt(name) for name in names]
        problems += self._check_stunts(
            character, rules, fast=fast, names=names, defs=defs, earned=earned
        )
        problems += check_gadgets(self.index, character, defs)
        if refresh is not None or fate_points is not None:
            problems += self._check_fate_points(character)
        if condition.health or condition.composure:
            problems += self._check_condition(character, rules)
        if advancements:
            problems += check_advancements(character)
        return tuple(problems)

    def _check_name(self, c: SotcCharacter) -> list[Problem]:
        if blank(c.name):
            return [error("SOTC-V1-name", "name", "The character needs a name.", S_NAME)]
        return []

    def _check_phases(
        self, c: SotcCharacter, groups: list[tuple[str, ...]], flat: list[str]
    ) -> list[Problem]:
        """The five phases' aspects, events, mentor, novel and guest-star roles (``groups``:
        each phase's aspects, ``flat``: all of them folded, see :meth:`validate`)."""
        out: list[Problem] = []
        # Pydantic models answer every attribute read through a __getattr__ hook (several times
        # a plain read), so each field is read once into a local here and below.
        phases = c.phases
        if len(phases) < PHASE_COUNT:
            phases = (*phases, *(EMPTY_PHASE,) * (PHASE_COUNT - len(phases)))
        # Five phases of two written aspects each and every phase's events written (the usual
        # case) leave nothing for the loop below to say.
        events = list(map(_EVENTS, phases))
        if (
            not self.shortcuts
            or "" in flat
            or list(map(len, groups)) != FULL_PHASES
            or not all(events)
            or any(map(str.isspace, events))
        ):
            self._check_phase_aspects(out, phases, groups, flat)
        mentor, mentor_fate = _MENTOR(phases[1])
        if blank(mentor):
            out.append(
                error(
                    "SOTC-V4-mentor",
                    "phases[1].mentor",
                    "Phase Two: name the mentor or patron who inspired the character.",
                    S_PHASES,
                )
            )
        if blank(mentor_fate):
            out.append(
                error(
                    "SOTC-V4-mentor-fate",
                    "phases[1].mentor_fate",
                    "Phase Two: say what became of the mentor.",
                    S_PHASES,
                )
            )
        novel_title = phases[2].novel_title
        if blank(novel_title):
            out.append(
                error(
                    "SOTC-V5-novel-title",
                    "phases[2].novel_title",
                    "Phase Three: give the character's novel a title.",
                    S_PHASES,
                )
            )
        own_title = novel_title.strip().casefold()
        own_id = c.id.int  # UUIDs compared by their number: UUID.__eq__ is a Python call
        refs = {}
        for n in (4, 5):
            ref = phases[n - 1].guest_star_in
            path = GUEST_PATHS[n]
            label = PHASE_NAMES[n - 1]
            title = "" if ref is None else ref.title.strip()
            if ref is None or not title:
                out.append(
                    error(
                        "SOTC-V6-guest-star",
                        path,
                        f"{label}: choose another character's novel to guest-star in.",
                        S_GUEST,
                    )
                )
                continue
            ref_id = ref.character_id
            character_id = None if ref_id is None else ref_id.int
            title = title.casefold()
            if (character_id is not None and character_id == own_id) or (
                own_title and title == own_title
            ):
                out.append(
                    error(
                        "SOTC-V6-own-novel",
                        path,
                        f"{label}: a character guest-stars in someone else's novel, not their own.",
                        S_GUEST,
                    )
                )
            refs[n] = (character_id, title)
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

    @staticmethod
    def _check_phase_aspects(
        out: list[Problem],
        phases: tuple[Phase, ...],
        groups: list[tuple[str, ...]],
        flat: list[str],
    ) -> None:
        """V2 for each phase in turn: two written aspects and its events (``phases`` padded to
        five, ``groups`` and ``flat`` as :meth:`_check_phases` takes them)."""
        folded = iter(flat)
        keys = [[next(folded) for _ in group] for group in groups]
        for i, phase in enumerate(phases):
            label = PHASE_NAMES[i]
            aspects = keys[i] if i < len(keys) else []
            if len(aspects) > ASPECTS_PER_PHASE:
                out.append(
                    error(
                        "SOTC-V2-too-many-aspects",
                        f"phases[{i}].aspects",
                        f"{label} has {len(aspects)} aspects; each phase gives exactly "
                        f"{ASPECTS_PER_PHASE}.",
                        S_PHASES,
                    )
                )
            elif len(aspects) < ASPECTS_PER_PHASE or "" in aspects:
                written = [a for a in aspects if a]
                out.append(
                    error(
                        "SOTC-V2-missing-aspects",
                        f"phases[{i}].aspects",
                        f"{label} needs {ASPECTS_PER_PHASE} aspects; "
                        f"{len(written)} written so far.",
                        S_PHASES,
                    )
                )
            if blank(phase.events):
                what = "the back-cover blurb of the novel" if i == 2 else "what happened"
                out.append(
                    error(
                        "SOTC-V2-events",
                        f"phases[{i}].events",
                        f"{label}: write {what} (a sentence or two is enough).",
                        S_PHASES,
                    )
                )

    def _check_aspect_text(self, c: SotcCharacter, flat: list[str]) -> list[Problem]:
        # ``flat``: every phase's aspects folded, in order. A blank aspect's key is "", so
        # written and distinct aspects (the common case) need no further look.
        if "" not in flat and len(set(flat)) == len(flat):
            return []
        out: list[Problem] = []
        seen: dict[str, int] = {}
        folded = iter(flat)
        for i, phase in enumerate(c.phases):
            for j, aspect in enumerate(phase.aspects):
                key = next(folded)
                if not key:
                    out.append(
                        error(
                            "SOTC-V3-blank-aspect",
                            f"phases[{i}].aspects[{j}]",
                            f"{PHASE_NAMES[i]}: aspect {j + 1} is blank.",
                            S_PHASES,
                        )
                    )
                    continue
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
        self, c: SotcCharacter, rules: SotcSettings, *, shape_only: bool, offset: int = 0
    ) -> list[Problem]:
        """Skill names and the pyramid's shape; ``offset`` is how many times advancement
        raised the peak (SotC "Raising the Roof": every rung moves up with it)."""
        out: list[Problem] = []
        top = TOP_RUNG + offset
        skills = c.skills
        ratings = skills.values()
        facts = self._facts(rules)
        exact = facts.exact_skills
        # A finished pyramid of the campaign's skills, spelled as it spells them (the usual
        # case), passes every check below.
        if (
            self.shortcuts
            and not offset
            and sorted(ratings) == GOOD_LADDER
            and exact.issuperset(skills)
        ):
            return out
        allowed = facts.skill_keys
        folded: dict[str, str] = {}
        if (
            len(skills) <= len(exact)
            and exact.issuperset(skills)
            and (not ratings or (min(ratings) >= 0 and max(ratings) <= top))
        ):
            skills_to_check: dict[str, int] = {}  # all known, distinct and in range
        else:
            skills_to_check = skills
        for name, rating in skills_to_check.items():
            path = f"skills.{name}"
            key = name.strip().casefold()
            if key not in allowed:
                hint = ""
                if key in self.index.book_skill_keys:
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
            elif rating > top:
                raised = f", raised {offset} step(s) by advancement" if offset else ""
                out.append(
                    error(
                        "SOTC-V7-above-superb",
                        path,
                        f"{name} is {self.ladder.render(rating)}; the best skill is "
                        f"{self.ladder.render(top)} (Superb at creation{raised}).",
                        S_LONG_GAME if offset else S_SKILLS,
                    )
                )
        rated = list(ratings)  # rung r of the pyramid is rating r + offset
        for rung, wanted in PYRAMID.items():
            have_count = rated.count(rung + offset)
            if have_count == wanted or (shape_only and have_count < wanted):
                continue
            adj = self.ladder.render(rung + offset)
            if have_count > wanted:
                have = sorted(k for k, v in skills.items() if v == rung + offset)
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
        names: tuple[str, ...],
        defs: list[StuntDef | None],
        earned: AdvancementTally,
    ) -> list[Problem]:
        """Stunt count, catalogue, prerequisites, weirdness and skill ratings (``names`` and
        ``defs``: each take's name and catalogue entry, None for a custom stunt)."""
        out: list[Problem] = []
        allowed = earned.stunts_allowed
        extra = allowed - STUNT_COUNT
        if len(names) > allowed:
            more = f" plus the {extra} earned by advancement" if extra else ""
            out.append(
                error(
                    "SOTC-V9-too-many-stunts",
                    "stunts",
                    f"{len(names)} stunts taken; a new character has exactly {STUNT_COUNT}{more}.",
                    S_LONG_GAME if extra else S_STUNTS,
                )
            )
        elif len(names) < allowed and not fast:
            more = f" ({STUNT_COUNT} plus {extra} earned by advancement)" if extra else ""
            out.append(
                error(
                    "SOTC-V9-stunt-count",
                    "stunts",
                    f"{len(names)} of {allowed} stunts chosen{more}.",
                    S_STUNTS,
                )
            )
        skills = c.skills
        facts = self._facts(rules)
        renamed = facts.renamed
        low_weirdness = facts.weirdness in LOW_WEIRDNESS
        if (
            self.shortcuts
            and not renamed
            and self._plain_stunts(names, defs, skills, low_weirdness)
        ):
            known = list(names)  # every take is the book's stunt of that exact name
        else:
            known = self._check_each_stunt(out, c, rules, names, defs, skills, low_weirdness)
        # Fast path: every stunt taken once and none with a minimum above one (Lieutenant).
        needs_count_check = len(set(known)) != len(known) or not self.index.multi_take.isdisjoint(
            known
        )
        for name, message in check_takes(self.index.catalog, known) if needs_count_check else ():
            idx = next(
                (i for i, p in enumerate(c.stunts) if p.name.casefold() == name.casefold()), 0
            )
            out.append(error("SOTC-V10-takes", f"stunts[{idx}]", message, S_STUNTS_CH))
        return out

    def _plain_stunts(
        self,
        names: tuple[str, ...],
        defs: list[StuntDef | None],
        skills: dict[str, int],
        low_weirdness: bool,
    ) -> bool:
        """True when the per-take checks have nothing to say: every take is a book stunt
        spelled as the book spells it, without prerequisites or a weirdness flag that matters,
        and its skill is listed at Average (+1) or better."""
        if not all(defs):  # a custom stunt or a misspelt one (a model is always true)
            return False
        plain = self.index.plain_stunts
        for name in names:
            skill = plain.get(name)
            if skill is None:
                return False  # prerequisites, weirdness flags or another spelling
            if skill and skills.get(skill, 0) < 1:
                return False
        return not low_weirdness or self.index.flagged_stunts.isdisjoint(names)

    def _check_each_stunt(
        self,
        out: list[Problem],
        c: SotcCharacter,
        rules: SotcSettings,
        names: tuple[str, ...],
        defs: list[StuntDef | None],
        skills: dict[str, int],
        low_weirdness: bool,
    ) -> list[str]:
        """V9, W1, W2 and W4 for each take, in order; returns the book names of the
        catalogue stunts taken."""
        known: list[str] = []
        renamed = rules.renamed_skills
        book_skills = {rules.book_name(k): v for k, v in skills.items()} if renamed else skills
        for i, (pick, stunt) in enumerate(zip(c.stunts, defs, strict=True)):
            path = f"stunts[{i}]"
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
                    if blank(pick.skill):
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
                name = stunt.name
                known.append(name)
                skill = stunt.skill
                if stunt.requires is not None:
                    check = check_stunt(
                        self.index.catalog,
                        name,
                        names,
                        book_skills,
                        index=i,
                        weirdness=rules.weirdness,
                    )
                    for reason in check.reasons:
                        out.append(
                            error("SOTC-V9-prerequisite", path, f"{name}: {reason}.", S_STUNTS_CH)
                        )
                    for note in check.warnings:
                        out.append(
                            warning(
                                "SOTC-W2-aspect-prerequisite",
                                path,
                                f"{name}: {note} (the GM confirms this).",
                                S_STUNTS_CH,
                            )
                        )
                flags = stunt.flags if low_weirdness else ()
                blocked = self._weirdness_blocks(set(flags), rules) if flags else ""
                if blocked:
                    out.append(
                        warning(
                            "SOTC-W4-weirdness",
                            path,
                            f"{name} needs {blocked}, which this campaign's "
                            "weirdness level does not allow.",
                            S_SETTING,
                        )
                    )
            if skill:
                rating = skills.get(skill) if not renamed else None
                if rating is None:
                    rating = c.skill(renamed.get(skill, skill))
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
        return known

    @staticmethod
    def _weirdness_blocks(flags: set[str], rules: SotcSettings) -> str:
        level = rules.weirdness
        if level == "outside-your-window" and flags & {"weird_science", "mad_science", "artifact"}:
            return "Weird Science, Mad Science or artifacts"
        if level == "world-of-mystery" and "mad_science" in flags:
            return "Mad Science"
        return ""

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
        derived = derive_character(self.index, c, rules)
        for track, marks, boxes in (
            ("health", c.condition.health, derived.health_boxes),
            ("composure", c.condition.composure, derived.composure_boxes),
        ):
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

    def _check_fast(self, c: SotcCharacter, rules: SotcSettings, offset: int = 0) -> list[Problem]:
        out: list[Problem] = self._check_pyramid(c, rules, shape_only=True, offset=offset)
        aspects = c.phase_aspects()  # those earned in play are written in their log entries
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
        if blank(c.description):
            out.append(
                warning(
                    "SOTC-FAST-description",
                    "description",
                    "Fast creation starts with a sentence or two describing the character.",
                    S_FAST,
                )
            )
        if not any(v == max(PYRAMID) + offset for v in c.skills.values()):
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
