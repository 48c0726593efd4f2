"""GUI layer: what Strange Fate's cast dialogs ask beyond the generic ones: the Power Tier of
an inline NPC's or a minion group's skills, an NPC's role
(adversary or villain) and its side's group consequences; and, as
checked comma lists, its movement Tier Benefits, what its attacks are
(for narrow Invulnerabilities) and its own Invulnerabilities and Weaknesses
(L1182-L1196); each stored in ``Participant.options``
(:mod:`rules.systems.strange_fate.conflict_options`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from gui.encounter.prompts import OptionField
from gui.encounter.system_prompts import GenericEncounterPrompts, best_skill, default_skill
from rules.character import ConflictKind
from rules.conflict_rules import ConflictRules
from rules.encounter import Encounter, OptionValue, Participant
from rules.systems.strange_fate.conflict import (
    ATTACK_TRAPPINGS,
    DEFENCE_TRAPPINGS,
    GROUP_CONSEQUENCES,
    StrangeFateConflictRules,
)
from rules.systems.strange_fate.conflict_options import (
    BENEFITS,
    GROUP_MIDDLING,
    GROUP_TRIFLING,
    INVULNERABLE,
    MOVEMENT,
    NATURES,
    ROLE,
    TIER,
    WEAK,
    parse_tier,
)
from rules.systems.strange_fate.creation import TIERS
from rules.systems.strange_fate.tiers import TIER_SHIFT

TIER_FIELD = OptionField(
    "Power Tier",
    tuple((name, {TIER: i} if i else {}) for i, name in enumerate(TIERS)),
    "The tier of every skill it rolls (a minion group's scopes): a Fudge die becomes a d6 per "
    "tier of difference against a lower-tier opponent",
)
ROLE_FIELD = OptionField(
    "Role",
    (
        ("Named NPC (its own consequences)", {}),
        ("Adversary (the group consequences)", {ROLE: "adversary"}),
        ("Villain (its own, then the group's)", {ROLE: "villain"}),
    ),
    "Adversaries take no personal consequences, only their side's group consequences; a "
    "villain has its own and then what the adversaries left",
)
POOL_FIELD = OptionField(
    "Group consequences",
    (
        ("none named here", {}),
        *(
            (
                f"{trifling} Trifling, {middling} Middling ({fewest}"
                + ("+" if fewest == 7 else f"-{fewest + 1}")
                + " adversaries)",
                {GROUP_TRIFLING: trifling, GROUP_MIDDLING: middling},
            )
            for fewest, trifling, middling in reversed(GROUP_CONSEQUENCES)
        ),
    ),
    "The pool the side's adversaries and villains share, by the adversaries in the story arc; "
    "name it on one of them",
)


def _entries(text: str) -> list[str]:
    return [e.strip() for e in text.split(",") if e.strip()]


def _list_reader(
    key: str, entry: Callable[[str], str | None], what: str
) -> Callable[[str], dict[str, OptionValue]]:
    """A comma list read entry by entry (``entry`` gives its stored form, or None); an entry
    it cannot read is named with ``what`` it should be."""

    def read(text: str) -> dict[str, OptionValue]:
        stored: list[str] = []
        for raw in _entries(text):
            found = entry(raw)
            if found is None:
                raise ValueError(f"{raw!r} is not {what}")
            stored.append(found)
        return {key: tuple(stored)} if stored else {}

    return read


def benefit(text: str) -> str | None:
    """``"Leap:S"``, ``"leap superhuman"`` or ``"Leap:2"`` as ``"Leap:2"`` (a movement Tier
    Benefit and the tier of the skill it comes with, Extraordinary or better), or None."""
    name, _, tier = text.replace(":", " ", 1).partition(" ")
    known = next((m for m in MOVEMENT if m.casefold() == name.strip().casefold()), None)
    index = parse_tier(tier)
    return f"{known}:{index}" if known and index else None


def nature(text: str) -> str | None:
    """``"Flame Lance: fire"`` as ``"Flame Lance:fire"`` (a skill and what its attacks are)."""
    skill, _, category = text.rpartition(":")
    return f"{skill.strip()}:{category.strip()}" if skill.strip() and category.strip() else None


def shift(text: str) -> str | None:
    """``"fire: major"`` as ``"fire:major"`` (a scope or a narrow category, and a severity)."""
    category, _, severity = text.rpartition(":")
    severity = severity.strip().casefold()
    return f"{category.strip()}:{severity}" if category.strip() and severity in TIER_SHIFT else None


_TIER_WORDS = ", ".join(t[0] for t in TIERS[1:])
BENEFITS_FIELD = OptionField(
    "Tier Benefits",
    (),
    "Movement Tier Benefits it has, each with the tier of the skill it comes with: Move, "
    "Leap, Hide; they are offered in the Rules menu",
    read=_list_reader(
        BENEFITS,
        benefit,
        f"{', '.join(MOVEMENT[:-1])} or {MOVEMENT[-1]} with a tier ({_TIER_WORDS})",
    ),
    placeholder="e.g. Move:S, Leap:E",
)
NATURES_FIELD = OptionField(
    "Attack natures",
    (),
    "What its attacks with a skill are, for a defender's narrow Invulnerability or Weakness; "
    "a skill whose name says it (Fire Breath) needs no entry",
    read=_list_reader(NATURES, nature, "skill:nature (Claws:silver)"),
    placeholder="e.g. Flame Lance:fire, Claws:silver",
)
_SHIFT_WHAT = "a scope or a nature, then minor or major (fire:minor)"
INVULNERABLE_FIELD = OptionField(
    "Invulnerable",
    (),
    "A Minor (+2 tiers) or Major (+4) Invulnerability on its defence: every attack of a scope, "
    "or only attacks of a nature",
    read=_list_reader(INVULNERABLE, shift, _SHIFT_WHAT),
    placeholder="e.g. physical:minor, fire:major",
)
WEAK_FIELD = OptionField(
    "Weak",
    (),
    "A Minor (-2 tiers) or Major (-4) Weakness the scene exploits",
    read=_list_reader(WEAK, shift, _SHIFT_WHAT),
    placeholder="e.g. cold iron:major",
)


class StrangeFateEncounterPrompts(GenericEncounterPrompts):
    """The generic encounter UI with a turn's skills chosen by their trappings."""

    def attack_default(
        self, rules: ConflictRules, state: Encounter, actor: Participant, offered: Sequence[str]
    ) -> str:
        """The actor's best skill with a trapping that deals the scene's kind of stress
        (Strike or Shoot, Menace, Influence: SRD "Trappings", Offense)."""
        return self._by_trapping(rules, actor, state.kind, ATTACK_TRAPPINGS, offered)

    def defense_default(
        self,
        rules: ConflictRules,
        defender: Participant,
        kind: ConflictKind,
        offered: Sequence[str],
    ) -> str:
        """The defender's best skill with a Defense trapping against ``kind`` (Dodge, Parry or
        Resist Damage; Willpower; Esteem: SRD "Trappings", Defense), else the book's skill
        that has one (rolled at Mediocre), never the first skill of the list."""
        return self._by_trapping(rules, defender, kind, DEFENCE_TRAPPINGS, offered)

    @staticmethod
    def _by_trapping(
        rules: ConflictRules,
        p: Participant,
        kind: ConflictKind,
        trappings: Mapping[ConflictKind, tuple[str, ...]],
        offered: Sequence[str],
    ) -> str:
        if not isinstance(rules, StrangeFateConflictRules):
            return default_skill(p, kind, (), offered)
        candidates = rules.skills_with(p, trappings[kind])
        found = best_skill(p, kind, candidates)
        if found is not None:
            return found
        return candidates[0] if candidates else default_skill(p, kind, (), offered)


def encounter_prompts() -> StrangeFateEncounterPrompts:
    """The generic cast dialogs with Strange Fate's questions."""
    return StrangeFateEncounterPrompts(
        npc_fields=(
            TIER_FIELD, ROLE_FIELD, POOL_FIELD, BENEFITS_FIELD, NATURES_FIELD,
            INVULNERABLE_FIELD, WEAK_FIELD,
        ),
        minion_fields=(TIER_FIELD,),
    )  # fmt: skip
