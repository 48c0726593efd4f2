"""Rules layer: what a Strange Fate participant carries into a conflict in
``Participant.options``, how it is read and how it is checked.

The keys (all optional; docs/encounter-script.md lists them for script writers):

* ``tier`` (0-4): the Power Tier of every skill not named in ``tiers`` (an NPC's, a minion
  group's scopes; «Power Tiers», L1137-L1166).
* ``tiers``: skills at another tier, written as the book writes them: ``"Brawn (S)"``,
  ``"Athletics (Mundane)"`` (an initial or a tier's name).
* ``invulnerable`` / ``weak``: ``"physical:minor"``, ``"mental:major"``: a broad
  Invulnerability, or a Weakness the scene exploits, shifting every defence in conflicts of
  that scope by 2 or 4 tiers («Invulnerability and Weakness», L1182-L1196); ``"fire:minor"``
  (any other category): a narrow one, shifting the defence against attacks of that nature.
* ``natures``: ``"Flame Lance:fire"``: what an attack with that skill is (a skill whose name
  holds the category's words is of it anyway), for the defender's narrow Invulnerabilities
  and Weaknesses.
* ``armor_health`` / ``armor_composure`` / ``armor_reputation`` (0-10): Armor N takes N off every
  hit on that track (L4226-L4256; Stress Capacity Tier Benefits, Protective equipment).
* ``weapons``: ``"Strength Training:health:1"``: Weapon N on hits with that skill on that
  track (Tier Benefits of Physical Force, Insight, Networking; Deadly equipment, L4226-L4242),
  the best one counting, never more than the hit's shifts (at most twice the stress, L4230).
* ``role``: ``adversary`` (no personal consequences: the group's, L4537-L4560) or ``villain``
  (personal and group consequences, L4562-L4578).
* ``group_trifling`` / ``group_middling`` (0-20): the group consequences of this adversary's
  or villain's side (L4580-L4597), written on any one of them: every adversary and villain of
  the side shares the one pool (the largest named), so what one takes the others lose.
* ``extra_trifling_physical`` / ``extra_trifling_social`` (0-10): scope-locked extra Trifling
  slots (Tier Benefits, Essential gear; L2512-L2516, L3702).
* ``free_move_exchange`` (written by the engine): the exchange in which the participant took
  its one free Move or Leap (:mod:`rules.systems.strange_fate.conflict_actions`).
* ``full_action_exchange`` (written by the engine): the exchange in which the participant's
  attempt to get past a block was a Full Action (L4356-L4362), so no free action goes with it.
* ``trappings``: ``"Strength Training:Resist Damage"``: an attack or defence trapping of a
  Unique or Strange skill (:data:`ATTACK_TRAPPINGS`, :data:`DEFENCE_TRAPPINGS`), so a turn
  can offer that skill first (a Common skill's trappings are the book's and need none).
* ``benefits``: ``"Move:2"``: a movement Tier Benefit (Move, Leap, Hide) and the tier (1-4) of
  the skill it comes with (L2091, L2238, L2310;
  :mod:`rules.systems.strange_fate.conflict_actions`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.character import ConflictKind
from rules.encounter import OptionValue
from rules.systems.strange_fate.creation import TIERS
from rules.systems.strange_fate.tiers import TIER_SHIFT

TIER = "tier"
TIERS_KEY = "tiers"
INVULNERABLE = "invulnerable"
WEAK = "weak"
WEAPONS = "weapons"
ROLE = "role"
GROUP_TRIFLING = "group_trifling"
GROUP_MIDDLING = "group_middling"
EXTRA_PHYSICAL = "extra_trifling_physical"
EXTRA_SOCIAL = "extra_trifling_social"
BENEFITS = "benefits"
NATURES = "natures"
TRAPPINGS = "trappings"
FREE_MOVE = "free_move_exchange"
FULL_ACTION = "full_action_exchange"
MOVEMENT = ("Move", "Leap", "Hide")
"""The Tier Benefits the encounter engine applies as actions."""
ARMOR: dict[str, str] = {
    "health": "armor_health",
    "composure": "armor_composure",
    "reputation": "armor_reputation",
}
"""Track key -> its armor option."""
ATTACK_TRAPPINGS: dict[ConflictKind, tuple[str, ...]] = {
    "physical": ("Strike", "Shoot"),
    "mental": ("Menace",),
    "social": ("Influence",),
}
"""The Offense trappings that deal each kind's stress (SRD "Trappings", Offense: Strike and
Shoot deal Health stress, Menace Composure, Influence Reputation)."""
DEFENCE_TRAPPINGS: dict[ConflictKind, tuple[str, ...]] = {
    "physical": ("Dodge", "Parry", "Resist Damage"),
    "mental": ("Willpower",),
    "social": ("Esteem",),
}
"""The Defense trappings against each kind of attack (SRD "Trappings", Defense)."""
TURN_TRAPPINGS = frozenset(
    t for table in (ATTACK_TRAPPINGS, DEFENCE_TRAPPINGS) for ts in table.values() for t in ts
)
"""Every trapping a turn's defaults read (the ``trappings`` option holds only these)."""
ROLES = ("pc", "adversary", "villain")
SCOPES: tuple[ConflictKind, ...] = ("physical", "social", "mental")
_INT_RANGES: dict[str, tuple[int, int]] = {
    TIER: (0, len(TIERS) - 1),
    GROUP_TRIFLING: (0, 20),
    GROUP_MIDDLING: (0, 20),
    EXTRA_PHYSICAL: (0, 10),
    EXTRA_SOCIAL: (0, 10),
    FREE_MOVE: (0, 100_000),
    FULL_ACTION: (0, 100_000),
    **{key: (0, 10) for key in ARMOR.values()},
}
_SKILL_TIER = re.compile(r"^(?P<skill>.+?)\s*\((?P<tier>[^()]+)\)\s*$")


def parse_tier(text: str) -> int | None:
    """A tier written as a name (``Superhuman``), an initial (``S``; ``M`` for Mundane) or an
    index (``2``); None when it is none of those."""
    word = text.strip().casefold()
    if word.isdigit() and int(word) < len(TIERS):
        return int(word)
    for i, name in enumerate(TIERS):
        if word in (name.casefold(), name[0].casefold()):
            return i
    return None


def skill_tiers(options: Mapping[str, OptionValue]) -> dict[str, int]:
    """The ``tiers`` option as skill (case-folded) -> tier index (unreadable entries left out;
    :func:`options_problem` refuses them first)."""
    raw = options.get(TIERS_KEY, ())
    out: dict[str, int] = {}
    for entry in raw if isinstance(raw, tuple) else ():
        match = _SKILL_TIER.match(str(entry))
        tier = parse_tier(match["tier"]) if match else None
        if match and tier is not None:
            out[match["skill"].strip().casefold()] = tier
    return out


def tier_entry(skill: str, tier: int) -> str:
    """``"Brawn (S)"``: a skill at ``tier`` as the ``tiers`` option writes it (Mundane spelled
    out, the book giving it no initial)."""
    return f"{skill} ({'Mundane' if tier == 0 else TIERS[tier][0]})"


def benefit_entry(text: str) -> tuple[str, int] | None:
    """``"Leap:2"`` as (``Leap``, 2), or None."""
    name, _, tier = text.partition(":")
    name = next((m for m in MOVEMENT if m.casefold() == name.strip().casefold()), "")
    if not name or not tier.strip().isdigit() or not 1 <= int(tier) < len(TIERS):
        return None
    return name, int(tier)


def benefit_tiers(options: Mapping[str, OptionValue]) -> dict[str, int]:
    """The ``benefits`` option as benefit -> its best tier."""
    raw = options.get(BENEFITS, ())
    out: dict[str, int] = {}
    for entry in raw if isinstance(raw, tuple) else ():
        found = benefit_entry(str(entry))
        if found is not None:
            out[found[0]] = max(out.get(found[0], 0), found[1])
    return out


def weapon_entry(text: str) -> tuple[str, str, int] | None:
    """``"Brawn:health:2"`` as (skill case-folded, track, points 1-10), or None."""
    rest, _, points = text.rpartition(":")
    skill, _, track = rest.rpartition(":")
    if not skill.strip() or track.strip() not in ARMOR or not points.strip().isdigit():
        return None
    value = int(points)
    return (skill.strip().casefold(), track.strip(), value) if 1 <= value <= 10 else None


def weapon_points(options: Mapping[str, OptionValue], skill: str, track: str) -> int:
    """The best Weapon on hits with ``skill`` on ``track`` (0: none)."""
    raw = options.get(WEAPONS, ())
    key = skill.strip().casefold()
    found = (weapon_entry(str(e)) for e in (raw if isinstance(raw, tuple) else ()))
    return max(
        (p for w in found if w and w[0] == key and w[1] == track for p in (w[2],)), default=0
    )


def shift_entries(options: Mapping[str, OptionValue], key: str) -> list[tuple[str, int]]:
    """The ``invulnerable`` or ``weak`` option as (category case-folded, tiers) pairs."""
    raw = options.get(key, ())
    out: list[tuple[str, int]] = []
    for entry in raw if isinstance(raw, tuple) else ():
        category, _, severity = str(entry).rpartition(":")
        if category.strip() and severity.strip() in TIER_SHIFT:
            out.append((category.strip().casefold(), TIER_SHIFT[severity.strip()]))  # type: ignore[index]
    return out


def _shifts(options: Mapping[str, OptionValue], key: str, kind: ConflictKind) -> int:
    return sum(tiers for category, tiers in shift_entries(options, key) if category == kind)


def attack_natures(options: Mapping[str, OptionValue], skill: str) -> set[str]:
    """What an attack with ``skill`` is, by the ``natures`` option (case-folded)."""
    raw = options.get(NATURES, ())
    key = skill.strip().casefold()
    out: set[str] = set()
    for entry in raw if isinstance(raw, tuple) else ():
        name, _, nature = str(entry).rpartition(":")
        if name.strip().casefold() == key and nature.strip():
            out.add(nature.strip().casefold())
    return out


def of_nature(category: str, skill: str, natures: set[str]) -> bool:
    """Whether an attack with ``skill`` (declared ``natures``) is of ``category``: declared so,
    or the skill's name holds the category's words ("Fire Breath" is fire)."""
    if category in natures:
        return True
    return re.search(rf"\b{re.escape(category)}\b", skill.casefold()) is not None


def nature_shifts(
    attacker: Mapping[str, OptionValue], skill: str, defender: Mapping[str, OptionValue]
) -> list[tuple[str, int]]:
    """The defender's narrow Invulnerabilities (+2/+4) and Weaknesses (-2/-4) that an attack
    with ``skill`` is of (L1186, L1194), as (category, tiers); the scopes' broad ones are
    :func:`defence_shift`'s."""
    natures = attack_natures(attacker, skill)
    out: list[tuple[str, int]] = []
    for key, sign in ((INVULNERABLE, 1), (WEAK, -1)):
        for category, tiers in shift_entries(defender, key):
            if category not in SCOPES and of_nature(category, skill, natures):
                out.append((category, sign * tiers))
    return out


def defence_shift(options: Mapping[str, OptionValue], kind: ConflictKind) -> int:
    """Tiers added to every defence in a conflict of ``kind``: +2/+4 per Minor/Major
    Invulnerability of that scope, -2/-4 per Weakness (L1186, L1194)."""
    return _shifts(options, INVULNERABLE, kind) - _shifts(options, WEAK, kind)


def skill_has_trapping(
    options: Mapping[str, OptionValue], skill: str, trappings: tuple[str, ...]
) -> bool:
    """Whether the ``trappings`` option gives ``skill`` one of ``trappings``."""
    raw = options.get(TRAPPINGS, ())
    entries = raw if isinstance(raw, tuple) else ()
    return any(str(e).rpartition(":")[::2] in {(skill, t) for t in trappings} for e in entries)


def int_option(options: Mapping[str, OptionValue], key: str) -> int:
    """A whole-number option (0 when missing)."""
    value = options.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _shift_problem(key: str, value: OptionValue) -> str | None:
    if not isinstance(value, tuple):
        return f'{key} is a list like ["physical:minor"]'
    for entry in value:
        category, _, severity = str(entry).rpartition(":")
        if not category.strip() or severity.strip() not in TIER_SHIFT:
            return (
                f"{key}: {entry!r} is not category:severity (physical, mental or social for "
                "all attacks of a scope, or a narrow category like fire; minor or major)"
            )
    return None


def options_problem(options: Mapping[str, OptionValue]) -> str | None:
    """What is wrong with a Strange Fate participant's options, or None."""
    for key, value in options.items():
        if key in _INT_RANGES:
            low, high = _INT_RANGES[key]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                return f"{key} must be a whole number from {low} to {high}"
        elif key == TIERS_KEY:
            if not isinstance(value, tuple):
                return 'tiers is a list like ["Brawn (S)"]'
            for entry in value:
                match = _SKILL_TIER.match(str(entry))
                if match is None or parse_tier(match["tier"]) is None:
                    return f'tiers: {entry!r} is not a skill with its tier, like "Brawn (S)"'
        elif key == WEAPONS:
            if not isinstance(value, tuple) or any(weapon_entry(str(e)) is None for e in value):
                return 'weapons is a list like ["Brawn:health:1"] (skill, track, 1-10)'
        elif key == NATURES:
            if not isinstance(value, tuple) or any(
                not all(part.strip() for part in str(e).rpartition(":")[::2]) for e in value
            ):
                return 'natures is a list like ["Flame Lance:fire"] (skill:category)'
        elif key == TRAPPINGS:
            if not isinstance(value, tuple) or any(
                not all(part.strip() for part in str(e).rpartition(":")[::2]) for e in value
            ):
                return 'trappings is a list like ["Strength Training:Resist Damage"]'
        elif key == BENEFITS:
            if not isinstance(value, tuple) or any(benefit_entry(str(e)) is None for e in value):
                return 'benefits is a list like ["Move:2"] (Move, Leap or Hide, tier 1-4)'
        elif key in (INVULNERABLE, WEAK):
            problem = _shift_problem(key, value)
            if problem:
                return problem
        elif key == ROLE:
            if value not in ROLES:
                return f"role must be one of {', '.join(ROLES)}"
        else:
            return f"Strange Fate has no participant option {key!r}"
    return None
