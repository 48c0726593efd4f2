"""Rules layer: how ART Engine characters and foes become encounter participants, and back.

An adventurer joins with its ten attributes (by their full names), its Defense, one Attack per
weapon (``Attack (sword)``) and its skills as trait numbers; its Health boxes as the ``health``
track, each checked box holding its wound level; its available Fame as fate points (ART Engine,
Chapter 2 "Fame", Chapter 3 "Recording Damage"). A foe is a stat block: ratings on the result
scale (Catastrophic 0 .. Extreme 10) that never roll, Health levels and an optional damage
rating (digest §11; ART Engine "Foe Attacking Player"). Initiative: a foe's Alertness rating; an
adventurer's comes from its Alertness roll (ART Engine, Chapter 5 "Initiative"); stored one above
the column (:func:`initiative_place`), so an adventurer who has not rolled has none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.character import CharacterBase
from rules.encounter import OptionValue, Participant
from rules.errors import RuleViolation
from rules.names import find_name
from rules.systems.art import conflict_time as timing
from rules.systems.art.catalog import ATTRIBUTE_NAMES, ArtCatalog
from rules.systems.art.character import ArtCharacter
from rules.systems.art.damage import FameState, defeated_fame
from rules.systems.art.derived import derive_character, health_levels
from rules.systems.art.scale import Result
from rules.systems.art.settings import ArtSettings

TRACK = "health"
"""The one track: Health (ART has no other harm track)."""
OPT_HEALTH = "health"
"""Participant option: the wound level of each Health box, left to right (``IN``...)."""
OPT_FOE = "foe"
"""Participant option: a foe (its ratings are compared, it never rolls)."""
OPT_DAMAGE = "damage"
"""Participant option: a foe's damage rating, +1 to +3 (ART Engine "Taking Damage")."""
OPT_MOVE = "moved"
"""Option: this round's movement, (round, Agility column, bands moved, action taken 0/1)
(:mod:`rules.systems.art.conflict_move`)."""
OPT_FAME = "fame"
"""Participant option: an adventurer's full Fame, the Fame an Awesome roll brings it back to
(ART Engine "Regaining Fame", L1091-1093); ``fate_points`` holds the Fame not yet spent."""
FAME_MAX = 1000
OPT_FAME_BEFORE = "fame_before"
"""Participant option: Fame spent before the next roll, not yet used
(:mod:`rules.systems.art.conflict_fame`)."""
OPT_STAGGERED = "staggered"
"""Participant option: staggered after its turn in this round, it sits out the next one."""
DAMAGE_MAX = 3
HEALTH_KEY = re.compile(r"^health\s*(\d{1,2})$", re.IGNORECASE)
"""A foe's stat block writes its Health levels as ``Health 1`` .. ``Health N`` ratings."""
DAMAGE_KEY = "damage"
INITIATIVE = "Initiative"
"""The initiative roll: Alertness, no difficulty (ART Engine "Initiative")."""
ALERTNESS = "Alertness"
DEFENSE = "Defense"
KINDS = ("physical", "social", "mental")
ADVENTURER_EDGE = 1
"""Ties between a foe and an adventurer go to the adventurer (ART Engine "Initiative")."""
INITIATIVE_STEP = 1
"""In combat rounds an initiative column is stored one above its index (Catastrophic 1 ..
Extreme 11), so that no stored initiative means "not rolled yet", distinct from a Catastrophic
roll (the engine keeps no initiative of 0)."""


def initiative_place(column: Result) -> int:
    """The stored initiative of a column (see :data:`INITIATIVE_STEP`)."""
    return int(column) + INITIATIVE_STEP


def initiative_column(value: int) -> Result | None:
    """The column of a stored combat initiative, or None when not rolled (0)."""
    if value < INITIATIVE_STEP:
        return None
    return Result(min(int(Result.EX), value - INITIATIVE_STEP))


def is_foe(p: Participant) -> bool:
    """Whether ``p`` is a foe stat block (its ratings are read, it never rolls)."""
    return p.options.get(OPT_FOE) is True


def levels_of(p: Participant) -> tuple[Result, ...]:
    """The wound level of each of ``p``'s Health boxes, left to right."""
    raw = p.options.get(OPT_HEALTH, ())
    if not isinstance(raw, tuple):
        return ()
    return tuple(Result.parse(str(x)) for x in raw)


def damage_rating(p: Participant) -> int:
    """``p``'s damage rating (0 when it has none)."""
    value = p.options.get(OPT_DAMAGE, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def options_problem(options: Mapping[str, OptionValue]) -> str | None:
    """What is wrong with an ART participant's options, or None."""
    for key, value in options.items():
        if key == OPT_FOE:
            if not isinstance(value, bool):
                return "foe must be true or false"
        elif key == OPT_DAMAGE:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
                return f"damage must be a whole number from 0 to {DAMAGE_MAX}"
        elif key == OPT_FAME:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= FAME_MAX:
                return f"fame must be a whole number from 0 to {FAME_MAX}"
        elif key == OPT_STAGGERED:
            if not isinstance(value, bool):
                return "staggered must be true or false"
        elif key == OPT_MOVE:
            if (
                not isinstance(value, tuple)
                or len(value) != 4  # (round, column, bands, action)
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                or not 0 <= int(value[1]) <= int(Result.AW)
            ):
                return "moved must be (round, Agility column 0-9, bands moved, action 0 or 1)"
        elif key == OPT_FAME_BEFORE:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= FAME_MAX:
                return f"{OPT_FAME_BEFORE} must be a whole number from 1 to {FAME_MAX}"
        elif key in timing.OWNED:
            problem = timing.options_problem(key, value)
            if problem:
                return problem
        elif key == OPT_HEALTH:
            if not isinstance(value, tuple) or not 1 <= len(value) <= 20:
                return "health must list 1 to 20 wound levels"
            for level in value:
                problem = _level_problem(str(level))
                if problem:
                    return problem
        else:
            return f"the ART Engine has no participant option {key!r}"
    return None


def _level_problem(text: str) -> str | None:
    try:
        level = Result.parse(text)
    except ValueError as exc:
        return f"health: {exc}"
    if level is Result.CT:
        return "health: a Health box is at least Pathetic (a Catastrophic box would take any hit)"
    return None


def _own(character: CharacterBase) -> ArtCharacter:
    if not isinstance(character, ArtCharacter):
        raise RuleViolation(
            f"{character.name or 'this character'} is a {character.system!r} character, "
            "not an ART Engine one"
        )
    return character


def adventurer_traits(
    hero: ArtCharacter, catalog: ArtCatalog, settings: ArtSettings
) -> dict[str, int]:
    """The trait numbers an adventurer rolls on: attributes by full name, Defense (with the
    shield when one is carried), one Attack per weapon, then its skills' ratings."""
    derived = derive_character(hero, catalog, settings)
    traits: dict[str, int] = {}
    for key, name in ATTRIBUTE_NAMES.items():
        score = hero.attribute(key)
        if score is not None:
            traits[name] = score
    defense = derived.defense_with_shield if derived.defense_with_shield is not None else None
    if defense is None:
        defense = derived.defense
    if defense is not None:
        traits[DEFENSE] = defense
    for line in derived.weapons:
        if line.attack is not None:
            traits[f"Attack ({line.name or 'weapon'})"] = line.attack
    for name, rating in hero.skills.items():
        traits.setdefault(name, rating)
    return traits


def participant_from_character(
    character: CharacterBase,
    catalog: ArtCatalog,
    settings: ArtSettings,
    *,
    pid: str,
    kind: str = "pc",
    side: str = "",
    seat: int = 0,
    zone: str | None = None,
) -> Participant:
    """An adventurer: traits, Health (checked boxes hold their level), available Fame.

    Raises:
        RuleViolation: not an ART Engine character.
    """
    hero = _own(character)
    levels = health_levels(hero, catalog)
    checked = hero.health_checked
    track = tuple(
        int(level) if i < len(checked) and checked[i] else 0 for i, level in enumerate(levels)
    )
    options: dict[str, OptionValue] = {OPT_FAME: hero.fame}
    if levels:
        options[OPT_HEALTH] = tuple(level.name for level in levels)
    return Participant(
        id=pid, name=hero.name or pid, kind="npc" if kind == "npc" else "pc", side=side,
        character_id=hero.id, skills=adventurer_traits(hero, catalog, settings), seat=seat,
        tracks={TRACK: track}, options=options,
        fate_points=max(0, hero.fame - hero.fame_spent), zone=zone,
        tie_edge={k: ADVENTURER_EDGE for k in KINDS},
    )  # fmt: skip


def fame_regained(
    p: Participant, column: Result, *, fame_used: bool = False
) -> tuple[int | None, str]:
    """The Fame an adventurer's roll of ``column`` leaves it, with the log's words: on an
    Awesome roll it recovers all expended Fame, back to its full Fame (ART Engine "Regaining
    Fame", L1091-1093); (None, "") otherwise, for a foe, or with no Fame spent. A roll that
    used Fame (``fame_used``: spent before rolling, :mod:`rules.systems.art.conflict_fame`)
    regains none (L1093). The encounter has no Fame after rolling: the column read is the
    column rolled."""
    full = p.options.get(OPT_FAME)
    if column is not Result.AW or is_foe(p) or not isinstance(full, int):
        return None, ""
    if p.fate_points >= full:
        return None, ""
    if fame_used:
        return None, "; Awesome, but Fame was spent on this roll: no Fame regained"
    back = full - p.fate_points
    words = f"; Awesome: {p.name} recovers all expended Fame ({back} back, {full} to spend)"
    return full, words


def foe_participant(
    *,
    pid: str,
    name: str,
    skills: Mapping[str, int],
    side: str = "",
    seat: int = 0,
    zone: str | None = None,
    aspects: tuple[str, ...] = (),
) -> Participant:
    """A foe from its stat block: ratings 0-10 (Catastrophic .. Extreme), ``Health 1`` ..
    ``Health N`` its wound levels left to right, ``Damage`` its damage rating (0-3).

    Raises:
        RuleViolation: a rating off the scale, no Health levels, or a Catastrophic box.
    """
    ratings: dict[str, int] = {}
    health: dict[int, Result] = {}
    damage = 0
    for key, value in skills.items():
        if key.strip().casefold() == DAMAGE_KEY:
            if not 0 <= value <= DAMAGE_MAX:
                raise RuleViolation(f"{name}: a damage rating is +1 to +{DAMAGE_MAX} (or 0)")
            damage = value
            continue
        if not 0 <= value <= int(Result.EX):
            raise RuleViolation(
                f"{name}: {key} {value} is off the result scale (0 Catastrophic .. 10 Extreme)"
            )
        match = HEALTH_KEY.match(key.strip())
        if match:
            health[int(match.group(1))] = Result(value)
        else:
            ratings[key] = value
    if not health:
        raise RuleViolation(
            f"{name}: a foe needs its Health levels, as ratings 'Health 1' .. 'Health 4' "
            "(left to right; most foes have four)"
        )
    levels = tuple(health[k] for k in sorted(health))
    if Result.CT in levels:
        raise RuleViolation(f"{name}: a Health box is at least Pathetic")
    options: dict[str, OptionValue] = {OPT_FOE: True, OPT_HEALTH: tuple(x.name for x in levels)}
    if damage:
        options[OPT_DAMAGE] = damage
    alert = find_name(ratings, ALERTNESS)
    initiative = initiative_place(Result(ratings[alert])) if alert is not None else 0
    return Participant(
        id=pid, name=name or pid, kind="npc", side=side, skills=ratings, seat=seat,
        tracks={TRACK: (0,) * len(levels)}, options=options, zone=zone, aspects=aspects,
        initiative={k: initiative for k in KINDS},
    )  # fmt: skip


def apply_results(character: CharacterBase, p: Participant) -> ArtCharacter:
    """The adventurer with the Health boxes and Fame tally it ends the encounter with; newly
    defeated (every box checked), it loses 1 Fame for good (ART Engine "Defeat")."""
    hero = _own(character)
    track = p.track(TRACK)
    checked = tuple(bool(b) for b in track)[:4]
    spent = max(0, hero.fame - p.fate_points)
    state = FameState(fame=hero.fame, spent=min(spent, hero.fame), glory=hero.glory)
    was_defeated = (
        bool(hero.health_checked)
        and all(hero.health_checked)
        and len(hero.health_checked) == len(track)
    )
    if track and all(track) and not was_defeated:
        state = defeated_fame(state)
    return hero.model_copy(
        update={"health_checked": checked, "fame": state.fame, "fame_spent": state.spent}
    )
