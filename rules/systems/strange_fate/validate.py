"""Rules layer: Strange Fate character validation: skills, budgets, Refresh and aspects.

Each rule of the project's digest (shared/rules/strange-fate.md section 5.9, V-01 to V-23) is a
check here or in :mod:`rules.systems.strange_fate.validate_gifts`; codes are ``SF-Vnn-...``.
Validators never raise on a half-made character: they report what is missing, in plain words,
with the field path and the book's section name.
"""

from __future__ import annotations

from collections import Counter

from rules.systems.strange_fate.book import SkillPrice, StrangeFateBook
from rules.systems.strange_fate.character import SkillDrawback, StrangeFateCharacter
from rules.systems.strange_fate.derive import StrangeFateDerived, derive, skill_trappings
from rules.systems.strange_fate.settings import DEFAULT_SETTINGS, StrangeFateSettings
from rules.systems.strange_fate.validate_gifts import (
    check_archetype,
    check_companions,
    check_equipment,
    check_gifts,
    check_invulnerabilities,
)
from rules.validation import Problem, error, warning

S_CREATION = "Strange Fate, Character Creation"
S_BUY = "Strange Fate, Character Creation: Buy Skills"
S_QUESTIONS = "Strange Fate, Character Creation: The Five Questions"
S_PICK = "Strange Fate, Character Creation: Pick Archetype and Social Class"
S_ASPECTS = "Strange Fate, Aspects: Types of Aspects"
S_REFRESH = "Strange Fate, Skills: Power Tier and Refresh"
S_SUMMARY = "Strange Fate, Skills: Skill Summary"
S_STRANGE = "Strange Fate, Skills: Strange Skills"
S_TIERS = "Strange Fate, Skills: Power Tiers"
S_BENEFITS = "Strange Fate, Skills: Tier Benefits"
S_DIAGRAM = "Strange Fate, Skills: Putting It Together (Skill Trapping Diagram)"
S_NO_COMMON = "Strange Fate, Skills: A World Without Common Skills?"
S_COMMON = "Strange Fate, Skills: The Common Skills"
S_EXTRAS = "Strange Fate, Extras and Drawbacks: Psychic"
S_DRAWBACKS = "Strange Fate, Extras and Drawbacks: Drawbacks"
S_MINIONS = "Strange Fate, Trappings: Minions (Duplicates)"
S_ADVERSARIES = "Strange Fate, The Opposition: Adversaries and Villains"

MAX_TRAPPINGS_UNIQUE = 6
"""A Unique skill with more than five or six trappings should be split (L1115)."""
TOP_RATING = {"pc": 4, "adversary": 5, "villain": 6}
"""Highest rating at creation: PCs Great (+4) (L400), Adversaries Superb (+5) (L4553),
Villains Fantastic (+6) (L4576)."""
ASPECT_COUNT = 8
FREE_SLOTS = 5


def _blank(text: str) -> bool:
    return not text or text.isspace()


def validate(
    book: StrangeFateBook,
    character: StrangeFateCharacter,
    settings: StrangeFateSettings | None = None,
    budget: int | None = None,
) -> tuple[Problem, ...]:
    """Every rule of Strange Fate character creation, as problems; a designed skill whose walk
    needs more than ``budget`` search steps is a warning that it is still being priced (the
    skill-point total counts it at its rating until then), and one whose search stopped early
    (a tangled corrected diagram) a warning that its price is not proven cheapest."""
    settings = settings or DEFAULT_SETTINGS
    derived = derive(book, character, settings, budget)
    out: list[Problem] = [
        warning(
            "SF-pricing",
            f"designed.{p.name}.trappings",
            f"{p.name} is still being priced (its walk over the corrected diagram is long); "
            "the skill points follow when it is done.",
            S_DIAGRAM,
        )
        for p in derived.skills
        if p.pending
    ]
    out += [
        warning(
            "SF-search-stopped",
            f"designed.{p.name}.trappings",
            f"{p.name}'s price may be higher than the cheapest: the search over the diagram "
            "stopped early (its loops give too many routes to try them all), so its "
            f"{p.trapping_points} trapping points are a valid order of addition, not proven "
            "cheapest.",
            S_DIAGRAM,
        )
        for p in derived.skills
        if p.walk is not None and not p.walk.exact
    ]
    if _blank(character.name):
        out.append(error("SF-name", "name", "The character needs a name.", S_CREATION))
    out += _check_questions(character)
    out += _check_budget(derived)
    out += _check_ratings(character)
    out += _check_column(character)
    out += _check_refresh(character, derived)
    out += _check_skill_kinds(book, character, settings, derived)
    out += _check_designs(book, character, derived)
    out += _check_benefits(book, character, derived)
    out += _check_aspects(book, character)
    out += check_archetype(book, character)
    out += check_gifts(book, character)
    out += check_invulnerabilities(character)
    out += check_companions(book, character, settings)
    out += check_equipment(book, character, settings)
    return tuple(out)


def _check_questions(c: StrangeFateCharacter) -> list[Problem]:
    missing = [k for k, v in c.answers.model_dump().items() if _blank(v)]
    if not missing:
        return []
    names = ", ".join(m.replace("_", " ").title() for m in missing)
    return [
        warning(
            "SF-questions",
            f"answers.{missing[0]}",
            f"Unanswered question(s): {names}. Each answer gives one Free aspect.",
            S_QUESTIONS,
        )
    ]


def _check_budget(d: StrangeFateDerived) -> list[Problem]:
    """V-01: skill points spent within the budget."""
    if d.skill_points_spent <= d.skill_points_total:
        return []
    return [
        error(
            "SF-V01-skill-points",
            "skills",
            f"The skills cost {d.skill_points_spent} skill points but only "
            f"{d.skill_points_total} are available ({-d.skill_points_left} too many).",
            S_BUY,
        )
    ]


def _check_ratings(c: StrangeFateCharacter) -> list[Problem]:
    """V-02: ratings from Average (+1) to Great (+4) at creation (L400)."""
    out: list[Problem] = []
    top = TOP_RATING[c.role]
    advanced = c.advancement.skill_points > 0
    for name, rating in c.skills.items():
        path = f"skills.{name}"
        if _blank(name):
            out.append(error("SF-V02-name", path, "A skill has no name.", S_BUY))
        if rating < 1:
            out.append(
                error(
                    "SF-V02-rating",
                    path,
                    f"{name or 'A skill'} is rated {rating:+d}; skills are bought from Average "
                    "(+1) up. An unrated Common skill is Mediocre (+0): leave it out.",
                    S_BUY,
                )
            )
        elif rating > top:
            make = warning if advanced and c.role == "pc" else error
            out.append(
                make(
                    "SF-V02-rating",
                    path,
                    f"{name} is rated {rating:+d}; the highest rating at creation is {top:+d}.",
                    S_BUY if c.role == "pc" else S_ADVERSARIES,
                )
            )
    for name in c.designed:
        if name not in c.skills:
            out.append(
                error(
                    "SF-V02-unrated",
                    f"designed.{name}",
                    f"{name} is designed but has no rating in the skill list.",
                    S_BUY,
                )
            )
    return out


def _check_column(c: StrangeFateCharacter) -> list[Problem]:
    """V-03: no more skills at a rating than at the rating below (L402)."""
    counts = Counter(r for r in c.skills.values() if r >= 1)
    out: list[Problem] = []
    make = error if c.role == "pc" else warning
    for rating in sorted(counts):
        if rating >= 2 and counts[rating] > counts[rating - 1]:
            out.append(
                make(
                    "SF-V03-column",
                    "skills",
                    f"{counts[rating]} skill(s) at {rating:+d} but only {counts[rating - 1]} at "
                    f"{rating - 1:+d}: each rating needs at least as many skills one step below.",
                    S_BUY if c.role == "pc" else S_ADVERSARIES,
                )
            )
    return out


def _check_refresh(c: StrangeFateCharacter, d: StrangeFateDerived) -> list[Problem]:
    """V-04: an era sets Refresh; it cannot be overspent."""
    if d.refresh is None:
        return [
            warning(
                "SF-V04-no-era",
                "era",
                "No era is chosen (here or in the campaign), so Refresh cannot be worked out: "
                "Early Century 6, Middle 8, Late 10.",
                S_REFRESH,
            )
        ]
    if d.refresh < 0:
        return [
            error(
                "SF-V04-refresh",
                "tiers",
                f"Power Tiers, Gifts and Invulnerabilities cost {-d.refresh} Refresh more than "
                f"the {d.refresh_start} available.",
                S_REFRESH,
            )
        ]
    if d.refresh < 1 and c.role != "adversary":
        return [
            warning(
                "SF-V04-refresh-low",
                "tiers",
                "Adjusted Refresh is 0: the character starts each session with no Fate Points.",
                S_REFRESH,
            )
        ]
    return []


def _check_skill_kinds(
    book: StrangeFateBook,
    c: StrangeFateCharacter,
    settings: StrangeFateSettings,
    d: StrangeFateDerived,
) -> list[Problem]:
    """V-10 to V-15: what each kind of skill may be and carry."""
    out: list[Problem] = []
    era = d.era
    for name in c.skills:
        if name in c.designed or _blank(name):
            continue
        path = f"skills.{name}"
        common = book.common_skill(name)
        if common is None:
            out.append(
                error(
                    "SF-V10-unknown",
                    path,
                    f"{name} is not one of the Common skills; design it as a Unique or Strange "
                    "skill, or pick a Common skill.",
                    S_COMMON,
                )
            )
            continue
        if not settings.common_skills:
            out.append(
                error(
                    "SF-V10-no-common",
                    path,
                    f"This campaign plays without Common skills: build {name} as a Unique skill.",
                    S_NO_COMMON,
                )
            )
        if common.eras is not None and era is not None and era not in common.eras:
            out.append(
                error(
                    "SF-V10-era",
                    path,
                    f"{common.name} does not exist in the {era} era.",
                    S_COMMON,
                )
            )
    for name, tier in c.tiers.items():
        if name not in c.skills and name not in c.designed:
            out.append(
                error("SF-tier-unknown", f"tiers.{name}", f"{name} is not a skill.", S_TIERS)
            )
            continue
        kind = c.kind_of(name)
        if kind == "unique" and tier not in ("Mundane", "Extraordinary"):
            out.append(
                error(
                    "SF-V12-unique-tier",
                    f"tiers.{name}",
                    f"{name} is a Unique skill at {tier}: Unique skills go no higher than "
                    "Extraordinary; make it a Strange skill.",
                    S_SUMMARY,
                )
            )
    for name, drawbacks in c.common_drawbacks.items():
        path = f"common_drawbacks.{name}"
        if name in c.designed or name not in c.skills:
            out.append(
                error(
                    "SF-V11-common",
                    path,
                    f"{name} is not a Common skill the character has.",
                    S_SUMMARY,
                )
            )
        elif drawbacks and not c.is_strange(name):
            out.append(
                error(
                    "SF-V11-common",
                    path,
                    f"{name} is a Common skill below Superhuman: it cannot have Drawbacks.",
                    S_SUMMARY,
                )
            )
    for name in dict.fromkeys([*c.skills, *c.designed]):
        design = c.designed.get(name)
        drawbacks = c.drawbacks_of(name)
        kinds = {d.drawback.casefold() for d in drawbacks}
        if design is not None and design.kind == "unique":
            if c.tier_of(name) == "Extraordinary" and not kinds & {"complication", "conviction"}:
                out.append(
                    error(
                        "SF-V13-unique-aspect",
                        f"designed.{name}.drawbacks",
                        f"{name} is an Extraordinary Unique skill: it needs a Complication or "
                        "Conviction Drawback.",
                        S_SUMMARY,
                    )
                )
        elif c.is_strange(name) and not drawbacks:
            path = f"designed.{name}.drawbacks" if design else f"common_drawbacks.{name}"
            why = "" if design else f" ({c.tier_of(name)} makes it Strange)"
            out.append(
                error(
                    "SF-V14-strange-drawback",
                    path,
                    f"{name} is a Strange skill{why}: it needs at least one Drawback.",
                    S_STRANGE,
                )
            )
        out += _check_drawbacks(book, name, drawbacks, design is not None)
    return out


def _check_drawbacks(
    book: StrangeFateBook, skill: str, drawbacks: tuple[SkillDrawback, ...], designed: bool
) -> list[Problem]:
    """V-21, V-22: known Drawbacks at an allowed severity; Transform names its aspects."""
    out: list[Problem] = []
    base = f"designed.{skill}.drawbacks" if designed else f"common_drawbacks.{skill}"
    for i, use in enumerate(drawbacks):
        path = f"{base}[{i}]"
        try:
            known = book.catalog.drawback(use.drawback)
        except KeyError:
            out.append(
                error(
                    "SF-V21-unknown",
                    f"{path}.drawback",
                    f"There is no Drawback called {use.drawback!r}.",
                    S_DRAWBACKS,
                )
            )
            continue
        if use.severity not in known.severities:
            only = " or ".join(s.title() for s in known.severities)
            out.append(
                error(
                    "SF-V21-severity",
                    f"{path}.severity",
                    f"{known.name} is always {only}.",
                    S_DRAWBACKS,
                )
            )
        if known.name == "Transform" and (_blank(use.label or "") or _blank(use.replaces or "")):
            out.append(
                error(
                    "SF-V22-transform",
                    path,
                    f"{skill}'s Transform needs the transformed aspect and the Free aspect it "
                    "replaces.",
                    S_DRAWBACKS,
                )
            )
    return out


def _check_designs(
    book: StrangeFateBook, c: StrangeFateCharacter, d: StrangeFateDerived
) -> list[Problem]:
    """Trappings that exist, V-16 Psychic, V-18 Duplicates, V-19 broad Unique skills."""
    out: list[Problem] = []
    prices: dict[str, SkillPrice] = {p.name: p for p in d.skills}
    for name, design in c.designed.items():
        path = f"designed.{name}"
        if not design.trappings:
            out.append(
                error(
                    "SF-trappings",
                    f"{path}.trappings",
                    f"{name} has no trappings yet.",
                    S_DIAGRAM,
                )
            )
        for i, use in enumerate(design.trappings):
            bad = book.trapping_problem(use)
            if bad is not None:
                out.append(
                    error("SF-trapping", f"{path}.trappings[{i}]", f"{name}: {bad}.", S_DIAGRAM)
                )
            duplicates = use.trapping == "Minions" and "Duplicates" in use.details
            if duplicates and design.kind != "strange":
                out.append(
                    error(
                        "SF-V18-duplicates",
                        f"{path}.trappings[{i}]",
                        f"{name}: Duplicates are only for Strange skills.",
                        S_MINIONS,
                    )
                )
        price = prices.get(name)
        if (
            price is not None
            and price.problem
            and not any(book.trapping_problem(u) for u in design.trappings)
        ):
            out.append(
                error("SF-price", f"{path}.trappings", f"{name} {price.problem}.", S_DIAGRAM)
            )
        flags = {any(e.extra.casefold() == "psychic" for e in u.extras) for u in design.trappings}
        if len(flags) > 1:
            out.append(
                error(
                    "SF-V16-psychic",
                    f"{path}.trappings",
                    f"{name}: Psychic goes on every trapping of the skill or on none.",
                    S_EXTRAS,
                )
            )
        if design.kind == "unique" and len(design.trappings) > MAX_TRAPPINGS_UNIQUE:
            out.append(
                warning(
                    "SF-V19-broad",
                    f"{path}.trappings",
                    f"{name} has {len(design.trappings)} trappings: a Unique skill with more "
                    "than five or six is probably two skills.",
                    S_NO_COMMON,
                )
            )
    return out


def _check_benefits(
    book: StrangeFateBook, c: StrangeFateCharacter, d: StrangeFateDerived
) -> list[Problem]:
    """V-17: Tier Benefits chosen from the skill's trappings, at most its rating."""
    out: list[Problem] = []
    for name, picked in c.tier_benefits.items():
        path = f"tier_benefits.{name}"
        if name not in c.skills and name not in c.designed:
            out.append(error("SF-V17-unknown", path, f"{name} is not a skill.", S_BENEFITS))
            continue
        if picked and c.tier_of(name) == "Mundane":
            out.append(
                error(
                    "SF-V17-mundane",
                    path,
                    f"{name} is Mundane: Tier Benefits come from Extraordinary up.",
                    S_BENEFITS,
                )
            )
            continue
        has = {u.trapping for u in skill_trappings(book, c, name)}
        for i, trapping in enumerate(picked):
            if trapping not in has or book.benefits.of(trapping) is None:
                out.append(
                    error(
                        "SF-V17-trapping",
                        f"{path}[{i}]",
                        f"{name} has no {trapping} trapping with a Tier Benefit.",
                        S_BENEFITS,
                    )
                )
        rating = max(0, c.skills.get(name, 0))
        if len(set(picked)) > rating:
            out.append(
                error(
                    "SF-V17-count",
                    path,
                    f"{name} has {len(set(picked))} Tier Benefits; a skill gives at most its "
                    f"rating ({rating}).",
                    S_BENEFITS,
                )
            )
    for name, available in d.tier_benefits_available.items():
        if not c.tier_benefits.get(name) and available:
            out.append(
                warning(
                    "SF-V17-unchosen",
                    f"tier_benefits.{name}",
                    f"{name} is {c.tier_of(name)}: choose up to {available} Tier Benefit(s) "
                    "from its trappings.",
                    S_BENEFITS,
                )
            )
    return out


def _check_aspects(book: StrangeFateBook, c: StrangeFateCharacter) -> list[Problem]:
    """V-05, V-06: eight personal aspects; Drawbacks' aspects take Free slots."""
    out: list[Problem] = []
    kinds: Counter[str] = Counter(a.kind for a in c.aspects)
    for i, aspect in enumerate(c.aspects):
        if _blank(aspect.text):
            out.append(
                error("SF-V05-blank", f"aspects[{i}].text", "This aspect is blank.", S_ASPECTS)
            )
    for kind, label in (("archetype", "Archetype"), ("social-class", "Social Class")):
        if kinds[kind] != 1:
            out.append(
                error(
                    f"SF-V05-{kind}",
                    "aspects",
                    f"A character has exactly one {label} aspect (found {kinds[kind]}).",
                    S_ASPECTS,
                )
            )
    own = sum(1 for a in c.aspects if a.kind == "conviction" and a.skill is None)
    if own < 1:
        out.append(
            error(
                "SF-V05-conviction",
                "aspects",
                "Every character has at least one Conviction aspect of their own.",
                S_ASPECTS,
            )
        )
    if len(c.aspects) != ASPECT_COUNT:
        out.append(
            error(
                "SF-V05-count",
                "aspects",
                f"A character has {ASPECT_COUNT} personal aspects (found {len(c.aspects)}).",
                S_ASPECTS,
            )
        )
    needed: Counter[tuple[str, str]] = Counter()
    for name in dict.fromkeys([*c.skills, *c.designed]):
        for use in c.drawbacks_of(name):
            kind = use.drawback.casefold()
            if kind in ("complication", "conviction"):
                needed[(name, kind)] += 1
    if sum(needed.values()) > FREE_SLOTS:
        out.append(
            error(
                "SF-V06-too-many",
                "aspects",
                f"Skills' Drawbacks turn {sum(needed.values())} Free aspects into "
                f"Complications or Convictions; there are only {FREE_SLOTS}.",
                S_ASPECTS,
            )
        )
    linked: Counter[tuple[str, str]] = Counter(
        (a.skill, a.kind) for a in c.aspects if a.skill is not None
    )
    for (skill, kind), count in needed.items():
        if linked[(skill, kind)] < count:
            out.append(
                error(
                    "SF-V06-link",
                    "aspects",
                    f"{skill}'s {kind.title()} Drawback turns a Free aspect into a "
                    f"{kind.title()} aspect linked to it; {count - linked[(skill, kind)]} "
                    "missing.",
                    S_ASPECTS,
                )
            )
    for i, aspect in enumerate(c.aspects):
        if aspect.skill is not None and needed[(aspect.skill, aspect.kind)] == 0:
            out.append(
                error(
                    "SF-V06-link",
                    f"aspects[{i}].skill",
                    f"This aspect is linked to {aspect.skill}, which has no {aspect.kind} "
                    "Drawback.",
                    S_ASPECTS,
                )
            )
        if aspect.kind == "complication" and aspect.skill is None:
            out.append(
                error(
                    "SF-V06-link",
                    f"aspects[{i}].skill",
                    "A Complication aspect comes from a skill's Drawback: name the skill.",
                    S_ASPECTS,
                )
            )
    if _blank(c.social_class):
        out.append(
            error("SF-class", "social_class", "Pick a Social Class.", S_PICK),
        )
    elif c.social_class not in {s.name for s in book.creation.social_classes}:
        out.append(
            warning(
                "SF-class",
                "social_class",
                f"{c.social_class!r} is not one of the four Social Classes.",
                S_PICK,
            )
        )
    if _blank(c.archetype):
        out.append(error("SF-archetype", "archetype", "Pick an Archetype.", S_PICK))
    return out
