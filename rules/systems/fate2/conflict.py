"""Rules layer: FATE 2.0 conflicts as :class:`rules.conflict_rules.ConflictRules`.

FATE 2.0 (§8 Combat; digest fate2.md section 10) fights on 4dF read on its own ladder (Average
0, Mediocre -1; §1 Rolling the Dice). Every roll of a conflict is a dynamic check and the
winner's margin is looked up on Table 1: the wound track of :mod:`.conflict_wounds` takes it,
one track for every kind of conflict (§8 The Power of Clipped: the same outcomes serve a
debate). There are no consequences, concessions, grit or spin. The engine's shapes map so:

- an ``attack`` is the book's turn-based attack (the attack must beat the defense to harm,
  §8 Turn Based Fights); an exchange is an attack each way;
- full defense is fighting defensively, +1 (§8 Other Combat Modifiers);
- a paid invoke that does not reroll is a fate point's +1 (§4 Fate Points), one that rerolls is
  the aspect's reroll (§4 Using Aspects);
- a group (two or more acting together) outnumbers its opponent: +1 (Table 5);
- initiative is Alertness, ties by Tactics (§8 Turn Based Fights).

What a wound track costs on later rolls is a standing modifier on every roll the wounded
character makes (:meth:`Fate2ConflictRules.roll_modifier`, §8 Injuries and Advantages): -1 while
any Hurt box is marked, -1 per marked Injured box. A Clipped result's -1 falls on the next action
only; the engine keeps no "next action" per participant, so that -1 is the GM's modifier on the
roll it spoils (and the Clipped box stays marked, for overflow).

Minions (§5 Minions) are cannon fodder, usually Average fighters and Mediocre at everything
else, and as many a scene as the ranks spent times the controlling aspect's level
(:func:`minions_of`). The book gives them no track of their own; Fatesmith runs them as the
engine's minion groups with one box per rung of quality from Mediocre up (an Average minion has
one box, a Fair one two), a hit's margin filling that many boxes (judgment call). Servants are
characters of their own (§5 Servants), not companions: companions have no boxes here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from rules.character import CharacterBase, ConflictKind, Consequence
from rules.conflict_rules import ConflictHookDefaults, ConflictRules, NoConsequences, TrackSpec
from rules.dice import DicePool, parse_dice
from rules.encounter import Encounter, OptionValue, Participant, RecoveryPeriod, TrackName
from rules.errors import RuleViolation
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.conflict_cast import Fate2Cast
from rules.systems.fate2.conflict_wounds import (
    CLIPPED,
    HURT,
    INJURED,
    ROW_NAMES,
    TAKEN_OUT,
    landing_box,
    layout,
    marked,
    outcome_row,
    wound_penalty,
)
from rules.systems.fate2.settings import Fate2Settings, SkillDef

WOUNDS: TrackName = "wounds"
BOX_CLEAR, BOX_MARKED = "\u2610", "\u2612"

TRACKS: tuple[TrackSpec, ...] = (
    TrackSpec(
        key=WOUNDS,
        label="Wounds",
        kinds=("physical", "social", "mental"),
        levels=INJURED,
        clears_after_scene=False,
        harm="wound",
        level_names=tuple(ROW_NAMES[row] for row in (CLIPPED, HURT, INJURED)),
    ),
)
"""The one wound track (§8 Table 2). Its boxes hold their row's level (Clipped 1, Hurt 2,
Injured 3). It does not empty at the end of a scene because its Injured boxes outlast it;
Clipped and Hurt are not written back to the character (:meth:`Fate2ConflictRules.apply_results`).
The log speaks of wounds, not stress: a box reads "Wounds box 4 (Hurt)", an attack that does not
beat the defense "no wound" (§8 Table 1, Table 2).
"""

DICE: DicePool = parse_dice("4dF")
"""§1 Rolling the Dice: four Fudge dice added to the trait."""

FIGHTING_DEFENSIVELY = 1
"""§8 Other Combat Modifiers: declared before the roll, +1 to the combat skill, no harm dealt."""

FATE_POINT_BONUS = 1
"""§4 Fate Points: a fate point spent on a roll adds +1."""

OUTNUMBERING = 1
"""§8 Other Combat Modifiers (Table 5): outnumbering the opponent, +1."""

NO_SPIN = 1000
"""FATE 2.0 has no spin: a margin no defense reaches."""


def minions_of(character: Fate2Character) -> dict[str, int]:
    """Minion extra -> how many come a scene: its ranks times the level of the aspect that
    commands them (§5 Minions; 0 without that aspect)."""
    out: dict[str, int] = {}
    for extra in character.extras:
        if extra.kind == "minions" and extra.name.strip():
            control = character.aspect(extra.controlling_aspect)
            out[extra.name] = extra.ranks * (control.level if control else 0)
    return out


CLIPPED_SEEN = "clipped_seen"
"""Participant option: Clipped boxes marked when the current exchange began."""
CLIPPED_NOW = "clipped"
"""Participant option: a Clipped result costs -1 on every roll of this exchange."""


class Fate2ConflictRules(Fate2Cast, NoConsequences, ConflictHookDefaults):
    """FATE 2.0's conflict rules under a campaign's settings (a :class:`ConflictRules`).

    Args:
        settings: The campaign's settings (their ``wound_boxes`` and ``wound_overflow`` shape
            the track; their skill list gives untrained skills their defaults).
        book_list: The book's sample skill list, for settings that leave the list to the book.
    """

    def __init__(self, settings: Fate2Settings, book_list: tuple[SkillDef, ...] = ()) -> None:
        super().__init__(settings, book_list)
        self._data: dict[str, Any] = settings.model_dump(mode="json")
        self._rebound: dict[str, Fate2ConflictRules] = {}

    @property
    def combat_skills(self) -> tuple[str, ...]:
        """The campaign list's Combat skills (§10 Skill Lists: "fighting, armed or not"), the
        skills both sides of a fight roll (§8 Exchange Based Fights)."""
        return tuple(s.name for s in self._resolved.skills if s.category == "Combat")

    # -- settings ---------------------------------------------------------------------------

    @property
    def settings(self) -> Fate2Settings:
        """The campaign settings in force."""
        return self._settings

    @property
    def settings_data(self) -> dict[str, Any]:
        """The settings as JSON (what ``Encounter.settings`` stores)."""
        return self._data

    def for_settings(self, data: Mapping[str, Any]) -> Fate2ConflictRules:
        """These rules under the settings stored as ``data`` (empty: the book's).

        Raises:
            RuleViolation: settings FATE 2.0 does not have, or out of range.
        """
        key = json.dumps(data, sort_keys=True)
        found = self._rebound.get(key)
        if found is None:
            try:
                settings = Fate2Settings.model_validate(dict(data))
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(x) for x in first["loc"])
                raise RuleViolation(f"campaign settings: {where}: {first['msg']}") from None
            same = settings == self._settings
            found = self if same else Fate2ConflictRules(settings, self._book_list)
            if len(self._rebound) < 16:
                self._rebound[key] = found
        return found

    def settings_change_problem(self, before: ConflictRules, has_cast: bool) -> str | None:
        """The wound boxes size every track: fixed once anyone is in the scene."""
        old = before.settings
        if not has_cast or not isinstance(old, Fate2Settings):
            return None
        if old.wound_boxes != self._settings.wound_boxes:
            return "the wound boxes shape every track: change them before adding the cast"
        return None

    def settings_text(self) -> str:
        """``run with 3 Clipped, 3 Hurt and 2 Injured boxes, overflow``."""
        b = self._settings.wound_boxes
        return f"run with {b.clipped} Clipped, {b.hurt} Hurt and {b.injured} Injured boxes, " + (
            "overflow" if self._settings.wound_overflow else "no overflow"
        )

    @property
    def rotating_initiative(self) -> bool:
        """No: initiative is Alertness (§8 Turn Based Fights)."""
        return False

    @property
    def uses_grit(self) -> bool:
        """No: FATE 2.0 has no concessions to be ready for."""
        return False

    @property
    def one_companion_each(self) -> bool:
        """No: FATE 2.0 has no companions (servants are characters of their own, §5)."""
        return False

    # -- tracks and dice ----------------------------------------------------------------------

    @property
    def tracks(self) -> tuple[TrackSpec, ...]:
        """The wound track."""
        return TRACKS

    def track_for(self, kind: ConflictKind) -> TrackName:
        """The wound track, in every kind of conflict (§8 The Power of Clipped)."""
        return WOUNDS

    @property
    def full_defense_bonus(self) -> int:
        """Fighting defensively: +1 (§8 Other Combat Modifiers)."""
        return FIGHTING_DEFENSIVELY

    @property
    def spin_margin(self) -> int:
        """FATE 2.0 has no spin (:data:`NO_SPIN`)."""
        return NO_SPIN

    @property
    def invoke_bonus(self) -> int:
        """+1: a fate point's bonus to a roll (§4 Fate Points)."""
        return FATE_POINT_BONUS

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        """Always 4dF (§1 Rolling the Dice)."""
        return DICE

    def track_text(self, p: Participant, track: TrackName) -> str | None:
        """The wound track as the book draws it (§8 Table 2 Wound Track): its rows apart
        (Clipped, Hurt, Injured), a marked box checked whatever its row's level, then Taken
        Out, the one X, checked only when ``p`` is out (``☐☐☐ ☐☒☐ ☐☐ Out ☐``). A minion
        group's boxes, one run per minion, stay plain."""
        if track != WOUNDS or p.is_group:
            return None
        boxes = p.track(WOUNDS)
        rows = layout(self._settings.wound_boxes)
        groups: list[str] = []
        last = None
        for i, value in enumerate(boxes):
            row = rows[i] if i < len(rows) else INJURED
            if row != last:
                groups.append("")
                last = row
            groups[-1] += BOX_MARKED if value else BOX_CLEAR
        out = BOX_MARKED if p.taken_out else BOX_CLEAR
        return " ".join([*groups, "Out", out])

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """The wound penalty on every roll ``p`` makes (§8 Injuries and Advantages, Table 2):
        -1 while any Hurt box is marked, -1 per marked Injured box; the book's guard, hurt and
        injured, is at -2. The book applies it to "all actions" (AMB-24); the GM offsets it
        with a modifier where common sense says it does not bite (a bedridden reader).
        Minion groups carry no wound levels (:meth:`minion_boxes`)."""
        if p.is_group:
            return 0, ""
        track = p.track(WOUNDS)
        clipped = p.options.get(CLIPPED_NOW) is True
        penalty = wound_penalty(track, clipped_pending=clipped)
        if not penalty:
            return 0, ""
        parts = ["Clipped"] if clipped else []
        parts += ["Hurt"] if marked(track, HURT) else []
        injured = marked(track, INJURED)
        if injured:
            parts.append(f"Injured \u00d7{injured}" if injured > 1 else "Injured")
        return penalty, f"wound penalty: {', '.join(parts)}"

    def margin_text(self, margin: int) -> str:
        """FATE 2.0 speaks of the margin of success: ``MoS 3`` (§1 Success and Failure)."""
        return f"MoS {margin}"

    def hit_text(self, amount: int) -> str:
        """The Table 1 outcome a margin gives: ``a Hurt result (MoS 3)``, ``an Injured result
        (MoS 5)`` (§8 Combat)."""
        row = outcome_row(amount)
        name = "Scratched" if row is None else ROW_NAMES.get(row, "Taken Out")
        if row == TAKEN_OUT:
            name = "Taken Out"
        article = "an" if name[0] in "AEIOU" else "a"
        return f"{article} {name} result (MoS {amount})"

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        """The faces added up, read on the FATE 2.0 ladder with the trait (§1)."""
        return sum(faces)

    def stress_box(self, track: tuple[int, ...], amount: int) -> int | None:
        """The box a result of margin ``amount`` marks (Table 1, Table 2), or None: taken out."""
        b = self._settings
        return landing_box(track, b.wound_boxes, amount, b.wound_overflow)

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        """As :meth:`stress_box` on ``p``'s track: FATE 2.0 has no stunts or armor that move
        a result to another box."""
        return self.stress_box(p.track(track), amount)

    def hit_level(self, p: Participant, track: TrackName, amount: int) -> int:
        """The level of the row the result marks (Clipped 1, Hurt 2, Injured 3)."""
        box = self.stress_box_for(p, track, amount)
        rows = layout(self._settings.wound_boxes)
        if box is None:
            return INJURED
        return rows[box] if box < len(rows) else INJURED

    def participant_options_problem(self, options: Mapping[str, OptionValue]) -> str | None:
        """FATE 2.0 participants carry only the engine's own Clipped bookkeeping
        (:meth:`exchange_begins`); anything else is a mistake, named."""
        unknown = sorted(set(options) - {CLIPPED_SEEN, CLIPPED_NOW})
        if unknown:
            return f"FATE 2.0 has no participant option {', '.join(unknown)}"
        seen = options.get(CLIPPED_SEEN, 0)
        if not isinstance(seen, int) or isinstance(seen, bool) or not 0 <= seen <= 50:
            return f"{CLIPPED_SEEN} must be a whole number of boxes, 0 to 50"
        if not isinstance(options.get(CLIPPED_NOW, False), bool):
            return f"{CLIPPED_NOW} must be true or false"
        return None

    def exchange_begins(self, state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
        """A Clipped result costs -1 on the victim's next exchange (§8 Injuries and
        Advantages, Table 2; several do not stack): as each exchange begins, whoever had a
        Clipped box marked since the last one is Clipped for this exchange, and no longer."""
        changed: list[Participant] = []
        notes: list[str] = []
        for p in state.participants:
            if p.is_group or WOUNDS not in p.tracks:
                continue
            count = marked(p.track(WOUNDS), CLIPPED)
            seen = p.options.get(CLIPPED_SEEN, 0)
            now = isinstance(seen, int) and count > seen
            options = {k: v for k, v in p.options.items() if k not in (CLIPPED_SEEN, CLIPPED_NOW)}
            if count:
                options[CLIPPED_SEEN] = count
            if now:
                options[CLIPPED_NOW] = True
                notes.append(f"{p.name} is Clipped: -1 this exchange")
            if options != p.options:
                changed.append(p.model_copy(update={"options": options}))
        if not changed:
            return state, ()
        by_id = {p.id: p for p in changed}
        parts = tuple(by_id.get(p.id, p) for p in state.participants)
        return state.model_copy(update={"participants": parts}), tuple(notes)

    def group_bonus(self, size: int) -> int:
        """+1 for outnumbering (Table 5) when two or more act together."""
        return OUTNUMBERING if size >= 2 else 0

    def minion_boxes(self, quality: int) -> int:
        """One box per rung from Mediocre up: Average 1, Fair 2, Good 3 (judgment call, see
        the module's docstring)."""
        return max(1, quality + 1)

    def companion_boxes(self, quality: int) -> int:
        """0: FATE 2.0 has no companions with a track of their own."""
        return 0

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """FATE 2.0 has no consequences to recover: what the engine holds stays as it is.
        Injured boxes heal on the character (:func:`heal`, :func:`.conflict_wounds.heal_days`)."""
        return consequences

    def overflow(self, track: tuple[int, ...], shifts: int) -> int:
        """0: there are no consequences a margin could force."""
        return 0


def heal(character: CharacterBase, boxes: int = 1) -> Fate2Character:
    """``character`` with ``boxes`` Injured boxes healed (each after
    :func:`.conflict_wounds.heal_days`; §8 Long Term Injuries).

    Raises:
        RuleViolation: ``character`` is not a FATE 2.0 character, or ``boxes`` is negative.
    """
    if not isinstance(character, Fate2Character):
        raise RuleViolation(f"{character.name or 'this character'} is not a FATE 2.0 character")
    if boxes < 0:
        raise RuleViolation("a wound heals, it does not open")
    return character.model_copy(update={"injured": max(0, character.injured - boxes)})
