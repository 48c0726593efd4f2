"""Rules layer: Strange Fate's cast: a character as a conflict participant, and the
encounter's harm back on the character.

A character brings its derived tracks (L500) with the stress and consequences it holds, its
Fate Points, aspects and skills, its initiative (the Initiative trapping's skill, L2150-L2156,
the tier first, L4157) and the participant options only Strange Fate reads
(:mod:`.conflict_options`): skill tiers, Invulnerabilities and Weaknesses (L1182-L1196), Armor
and Weapons (L4226-L4256), movement Tier Benefits, role and extra Trifling slots. After the
encounter its boxes, consequences (in the book's words; a group consequence marked as one,
L4580-L4597) and Fate Points go back. :class:`.conflict.StrangeFateConflictRules` answers the
core's cast hooks with these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.character import CharacterBase, ConflictKind, Consequence, Severity
from rules.encounter import OptionValue, Participant
from rules.errors import RuleViolation
from rules.systems.strange_fate.book import StrangeFateBook
from rules.systems.strange_fate.character import StrangeFateCharacter
from rules.systems.strange_fate.conflict_harm import BOOK_SEVERITY, CORE_SEVERITY, TRACKS
from rules.systems.strange_fate.conflict_options import (
    ARMOR,
    BENEFITS,
    EXTRA_PHYSICAL,
    EXTRA_SOCIAL,
    FREE_MOVE,
    FULL_ACTION,
    GROUP_MIDDLING,
    GROUP_TRIFLING,
    INVULNERABLE,
    MOVEMENT,
    NATURES,
    ROLE,
    TIER,
    TIERS_KEY,
    TRAPPINGS,
    TURN_TRAPPINGS,
    WEAK,
    WEAPONS,
    tier_entry,
)
from rules.systems.strange_fate.conflict_state import (
    ConsequenceScope,
    HeldConsequence,
    StrangeFateCondition,
)
from rules.systems.strange_fate.creation import tier_index
from rules.systems.strange_fate.derive import TRACKS as BOOK_TRACKS
from rules.systems.strange_fate.derive import chosen_benefits, derive, skill_trappings
from rules.systems.strange_fate.settings import StrangeFateSettings


def _slot_options(physical: int, social: int) -> dict[str, OptionValue]:
    """The participant options for its extra Trifling slots (left out when there are none)."""
    options: dict[str, OptionValue] = {}
    if physical:
        options[EXTRA_PHYSICAL] = min(10, physical)
    if social:
        options[EXTRA_SOCIAL] = min(10, social)
    return options


def character_weapons(book: StrangeFateBook, hero: StrangeFateCharacter) -> tuple[str, ...]:
    """The character's Weapons as ``weapons`` entries: a chosen Tier Benefit that gives one
    (Physical Force [Health], Insight [Composure], Networking [Reputation]; one per tier above
    Mundane) on its skill's hits, and each Deadly item's count per track (at most 3, L4230) on
    hits with Arms or a skill the item names (Alternate Use)."""
    best: dict[tuple[str, str], int] = {}

    def put(skill: str, track: str, points: int) -> None:
        key = (skill, track.casefold())
        best[key] = max(best.get(key, 0), min(10, points))

    for skill in hero.skills:
        for trapping in chosen_benefits(book, hero, skill):
            definition = book.benefits.of(trapping)
            level = definition.at(hero.tier_of(skill)) if definition is not None else None
            if definition is not None and level is not None and level.weapon and definition.track:
                put(skill, definition.track, level.weapon)
    for item in hero.equipment:
        skills = {"Arms", *(p.skill for p in item.improvements if p.skill)}
        for track in BOOK_TRACKS:
            deadly = min(
                3, sum(1 for p in item.improvements if (p.name, p.track) == ("Deadly", track))
            )
            for skill in skills if deadly else ():
                put(skill, track, deadly)
    return tuple(f"{skill}:{track}:{points}" for (skill, track), points in sorted(best.items()))


def character_trappings(book: StrangeFateBook, hero: StrangeFateCharacter) -> tuple[str, ...]:
    """The attack and defence trappings of the character's Unique and Strange skills as
    ``trappings`` entries (``"Strength Training:Resist Damage"``): a turn offers the skill for
    them as it does a Common skill with the same trapping (a Common skill's are the book's)."""
    entries = (
        f"{skill}:{use.trapping}"
        for skill in hero.skills
        if skill in hero.designed
        for use in skill_trappings(book, hero, skill)
        if use.trapping in TURN_TRAPPINGS
    )
    return tuple(dict.fromkeys(entries))


def character_movement(book: StrangeFateBook, hero: StrangeFateCharacter) -> tuple[str, ...]:
    """The character's movement Tier Benefits as ``benefits`` entries (``"Move:2"``): each
    chosen Move, Leap or Hide benefit at its skill's tier, the best tier counting."""
    best: dict[str, int] = {}
    for skill in hero.skills:
        for trapping in chosen_benefits(book, hero, skill):
            if trapping in MOVEMENT:
                best[trapping] = max(best.get(trapping, 0), tier_index(hero.tier_of(skill)))
    return tuple(f"{name}:{tier}" for name, tier in sorted(best.items()) if tier)


def character_options(
    hero: StrangeFateCharacter,
    armor: Mapping[Any, int],
    physical: int,
    social: int,
    weapons: tuple[str, ...] = (),
    movement: tuple[str, ...] = (),
    trappings: tuple[str, ...] = (),
) -> dict[str, OptionValue]:
    """A character's participant options: its skills' tiers, its Invulnerabilities and
    Weaknesses (broad ones by scope, narrow ones by category), Armor per track, Weapons,
    movement Tier Benefits, the turn trappings of Unique and Strange skills, role and extra
    Trifling slots (each left out when it is the default)."""
    options = _slot_options(physical, social)
    if weapons:
        options[WEAPONS] = weapons
    if movement:
        options[BENEFITS] = movement
    if trappings:
        options[TRAPPINGS] = trappings
    tiers = tuple(
        tier_entry(skill, tier_index(tier))
        for skill, tier in sorted(hero.tiers.items())
        if tier != "Mundane" and skill in hero.skills
    )
    if tiers:
        options[TIERS_KEY] = tiers
    invulnerable = tuple(
        f"{inv.scope}:{inv.severity}"
        if inv.breadth == "broad"
        else f"{inv.category}:{inv.severity}"
        for inv in hero.invulnerabilities
        if (inv.scope if inv.breadth == "broad" else inv.category.strip())
    )
    if invulnerable:
        options[INVULNERABLE] = invulnerable
    weak = tuple(f"{w.category}:{w.severity}" for w in hero.weaknesses if w.category.strip())
    if weak:
        options[WEAK] = weak
    for name, key in ARMOR.items():
        points = armor.get(name.capitalize(), 0)
        if points:
            options[key] = min(10, points)
    if hero.role != "pc":
        options[ROLE] = hero.role
    return options


def own_character(character: CharacterBase) -> StrangeFateCharacter:
    """``character`` as a Strange Fate one.

    Raises:
        RuleViolation: a character of another system.
    """
    if not isinstance(character, StrangeFateCharacter):
        raise RuleViolation(
            f"{character.name or 'this character'} is a {character.system!r} character, "
            "not a Strange Fate one"
        )
    return character


def initiative(book: StrangeFateBook, character: StrangeFateCharacter, scope: str) -> int:
    """The best rating among skills with Initiative [scope] (L2150-L2156); Mediocre if
    none. The tier sorts first at the table (L4157): it is folded in as 10 per tier."""
    best = 0
    for name, rating in character.skills.items():
        uses = skill_trappings(book, character, name)
        if any(u.trapping == "Initiative" and scope in u.details for u in uses):
            best = max(best, tier_index(character.tier_of(name)) * 10 + rating)
    return best


def npc_character(name: str, skills: Mapping[str, int]) -> StrangeFateCharacter:
    """A named NPC written into a scene as a character with those skills (Common skills' fixed
    trappings), so it is derived like a PC ("Creating Adversaries": built more or less like
    PCs)."""
    return StrangeFateCharacter(name=name, skills=dict(skills))


def npc_initiative(book: StrangeFateBook, hero: StrangeFateCharacter) -> dict[ConflictKind, int]:
    """Initiative per conflict kind from the Initiative [scope] skills (L2150-L2156), as a
    PC's (:func:`character_participant`)."""
    return {
        "physical": initiative(book, hero, "Physical"),
        "social": initiative(book, hero, "Social"),
        "mental": initiative(book, hero, "Social"),
    }


def npc_track_sizes(
    book: StrangeFateBook, settings: StrangeFateSettings, hero: StrangeFateCharacter
) -> dict[str, int]:
    """Boxes per track: three plus what its Stress Capacity skills add (L500, L2504)."""
    stress = derive(book, hero, settings).stress
    return {spec.key: stress[name] for spec, name in zip(TRACKS, BOOK_TRACKS, strict=True)}


def character_participant(
    book: StrangeFateBook,
    settings: StrangeFateSettings,
    hero: StrangeFateCharacter,
    *,
    pid: str,
    kind: str = "pc",
    side: str = "",
    seat: int = 0,
    grit: int | None = None,
    zone: str | None = None,
) -> Participant:
    """A participant with the character's tracks (derived sizes), held stress and
    consequences, Fate Points, aspects and skills."""
    derived = derive(book, hero, settings)
    cond = hero.condition
    tracks = {}
    for spec, name in zip(TRACKS, BOOK_TRACKS, strict=True):
        size = derived.stress[name]
        held = cond.track(name)[:size]
        tracks[spec.key] = (*(int(b) for b in held), *([0] * (size - len(held))))
    extra_physical = sum(
        1 for e in derived.extra_consequences if e.scope == "Physical" and e.severity == "trifling"
    )
    extra_social = sum(
        1 for e in derived.extra_consequences if e.scope != "Physical" and e.severity == "trifling"
    )
    return Participant(
        id=pid,
        name=hero.name or pid,
        kind="npc" if kind == "npc" else "pc",
        side=side,
        character_id=hero.id,
        skills=dict(hero.skills),
        initiative=npc_initiative(book, hero),
        seat=seat,
        tracks=tracks,
        consequences=tuple(
            Consequence(severity=CORE_SEVERITY[c.severity], text=c.text, kind=c.scope)
            for c in cond.consequences
            if not c.group
        ),
        options=character_options(
            hero,
            derived.armor,
            extra_physical,
            extra_social,
            character_weapons(book, hero),
            character_movement(book, hero),
            character_trappings(book, hero),
        ),
        fate_points=max(0, derived.fate_points or 0),
        aspects=tuple(a.text for a in hero.aspects if a.text.strip()),
        grit=grit,
        zone=zone,
    )


def refreshed(p: Participant, fresh: Participant) -> Participant:
    """``fresh`` (the character read afresh) with what only the cast gave ``p`` (group
    consequences, a scene's Weakness, a default tier, attack natures, this exchange's free
    move and Full Action) and its placement."""
    kept = {
        k: v
        for k, v in p.options.items()
        if k in (GROUP_TRIFLING, GROUP_MIDDLING, WEAK, TIER, NATURES, FREE_MOVE, FULL_ACTION)
    }
    options = {**kept, **fresh.options}
    scene_weak = p.options.get(WEAK, ())
    own_weak = fresh.options.get(WEAK, ())
    if isinstance(scene_weak, tuple) and isinstance(own_weak, tuple) and scene_weak:
        options[WEAK] = tuple(dict.fromkeys((*own_weak, *scene_weak)))
    return fresh.model_copy(
        update={"attached_to": p.attached_to, "hidden": p.hidden, "options": options}
    )


def results_on_character(
    hero: StrangeFateCharacter, p: Participant, personal_slots: Sequence[Severity]
) -> StrangeFateCharacter:
    """``hero`` with the stress boxes, consequences (in the book's words, with the scope of
    the conflict) and Fate Points ``p`` ends the encounter with; a consequence beyond
    ``personal_slots`` (its own slots) came from the group (L4580-L4597)."""
    kept_group = tuple(c for c in hero.condition.consequences if c.group)
    personal = list(personal_slots)
    group: list[bool] = []
    for c in p.consequences:
        key = "mild" if c.severity == "extra" else c.severity
        group.append(key not in personal)
        if key in personal:
            personal.remove(key)
    scopes: dict[str, ConsequenceScope] = {
        "physical": "physical",
        "mental": "mental",
        "social": "social",
    }
    condition = StrangeFateCondition(
        health=tuple(bool(b) for b in p.track("health")),
        composure=tuple(bool(b) for b in p.track("composure")),
        reputation=tuple(bool(b) for b in p.track("reputation")),
        consequences=(
            *kept_group,
            *(
                HeldConsequence(
                    severity=BOOK_SEVERITY[c.severity],
                    scope=scopes[c.kind],
                    text=c.text,
                    group=from_group,
                )
                for c, from_group in zip(p.consequences, group, strict=True)
            ),
        ),
    )
    return hero.model_copy(update={"condition": condition, "fate_points": p.fate_points})
