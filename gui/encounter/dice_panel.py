"""GUI layer: the dice panel: pick actor, target and skills, see the odds, roll or type dice.

The panel builds engine events (attack, maneuver, block, simple roll) and hands them to the
window, which rolls any dice left blank (so undo/redo replays the same faces) and pushes the
command. Odds come from :mod:`rules.conflict` before rolling; the result line names the efforts on
the system's ladder, the shifts and spin.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.document import EncounterDocument
from gui.theme import tint
from rules.conflict import (
    contest_odds,
    contest_pools,
    protecting_block,
    roll_bonus,
    roll_odds,
    roll_pool,
)
from rules.dice import DicePool
from rules.encounter import (
    AttackEvent,
    BlockEvent,
    Encounter,
    Event,
    Invoke,
    ManeuverEvent,
    Participant,
    RollEvent,
    TagAspectEvent,
)
from rules.errors import RuleViolation
from rules.ladder import Ladder

SCENE = "\u2014 scene / none \u2014"
_FACE = {"+": 1, "-": -1, "0": 0, " ": 0, "\u2212": -1}
_TYPED = {"plain": "4", "percentile": "57"}
"""An example face of each kind of die that is typed as a number, for an entry's hint."""


def parse_faces(text: str) -> tuple[int, ...] | None:
    """Dice typed in: ``"+0-+"``, ``"1 0 -1 1"``, ``"57"``; empty means roll. Raises
    ValueError."""
    text = text.strip()
    if not text:
        return None
    parts = text.replace(",", " ").split()
    if len(parts) > 1 or (text.isdigit() and text.strip("0")):  # or one d100: "57" ("00": dF)
        return tuple(int(x) for x in parts)
    faces = []
    for c in text:
        if c not in _FACE:
            raise ValueError(f"{c!r} is not a die face; type +, 0 and - (or numbers)")
        faces.append(_FACE[c])
    return tuple(faces)


def _reroll_note(actor: int, target: int) -> str:
    """The odds' caveat when rerolls are queued: each is used only on a failure ("Invoking
    Aspects")."""

    def n(k: int) -> str:
        return f"{k} reroll{'s' if k != 1 else ''}"

    parts = ([n(actor)] if actor else []) + ([f"the target's {n(target)}"] if target else [])
    return f" (counting {' and '.join(parts)}, used only when behind)" if parts else ""


class DifficultySpinBox(QSpinBox):
    """The difficulty: a number, or, for a system whose difficulties are rungs of its ladder
    (:attr:`ConflictRules.difficulty_on_ladder`), the rung's name from the bottom rung to the
    top (typing a name or a number picks it too)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ladder: Ladder | None = None
        self.lineEdit().setText(self.textFromValue(self.value()))  # else blank until changed

    def use_ladder(self, ladder: Ladder) -> None:
        """Name every value by ``ladder``'s adjective; only its rungs can be chosen."""
        self._ladder = ladder
        self.setRange(ladder.bottom.value, ladder.top.value)
        self.lineEdit().setText(self.textFromValue(self.value()))
        self.setToolTip("The difficulty, by its name on the system's ladder")

    def text_for(self, value: int) -> str:
        """``value`` as shown: the rung's adjective, or the signed number without a ladder."""
        return self._ladder.adjective(value) if self._ladder is not None else f"{value:+d}"

    def textFromValue(self, value: int) -> str:
        """The rung's adjective (a plain number without a ladder)."""
        if self._ladder is None:
            return super().textFromValue(value)
        return self._ladder.adjective(value)

    def valueFromText(self, text: str) -> int:
        """A typed name or number."""
        if self._ladder is None:
            return super().valueFromText(text)
        try:
            return self._ladder.parse(text.strip())
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """A name or number of a rung is acceptable; anything else only while typing (fixed
        up on leaving). Numbers only without a ladder."""
        if self._ladder is None:
            return super().validate(text, pos)
        try:
            value = self._ladder.parse(text.strip())
        except ValueError:
            return (QValidator.State.Intermediate, text, pos)
        ok = self.minimum() <= value <= self.maximum()
        return (QValidator.State.Acceptable if ok else QValidator.State.Intermediate, text, pos)

    def fixup(self, text: str) -> str:
        """An unknown name goes back to the current value's."""
        return self.textFromValue(self.value())


def opposes(state: Encounter, actor: str, other: str) -> bool:
    """Whether ``other`` may be ``actor``'s opponent: someone else, on another side where both
    sides are known."""
    a, o = state.find(actor), state.find(other)
    if a is None or o is None or a.id == o.id:
        return False
    return not (a.side and o.side and a.side == o.side)


def default_target(state: Encounter, actor: str) -> str:
    """The first opponent of ``actor`` still standing, in turn order (``""``: none, the scene)."""
    rank = {pid: i for i, pid in enumerate(state.order)}
    standing = sorted(
        (p for p in state.participants if not p.taken_out and opposes(state, actor, p.id)),
        key=lambda p: (rank.get(p.id, len(rank)), p.seat),
    )
    return standing[0].id if standing else ""


class DicePanel(QWidget):
    """Actor, target, skills, typed dice, odds and the action buttons.

    Args:
        document: The encounter.
        attack_skills: The skills offered for an action (any may be typed).
        defense_skills: The skills offered for a defense.
        parent: Parent widget.
        defense_skills_for: The skills offered for a defense by the chosen target (None: no
            target), asked again whenever the target or the state changes; None: always
            ``defense_skills``.
        attack_default: The skill an actor's turn starts with (its best attack); None: the
            skill last shown stays.
        defense_default: The skill a newly chosen target defends with; None: the one shown
            stays.
        addable_skills: The skills an actor may add to the one it rolls (up to two, sent as
            ``Attack + Swords``); None or none: the row is hidden.

    Signals:
        event_requested(object): an engine event to push (dice may still be None: roll them).
    """

    event_requested = Signal(object)

    def __init__(
        self,
        document: EncounterDocument,
        attack_skills: Sequence[str] = (),
        defense_skills: Sequence[str] = (),
        parent: QWidget | None = None,
        defense_skills_for: Callable[[Participant | None], Sequence[str]] | None = None,
        attack_default: Callable[[Participant], str] | None = None,
        defense_default: Callable[[Participant], str] | None = None,
        addable_skills: Callable[[Participant], Sequence[str]] | None = None,
    ) -> None:
        super().__init__(parent)
        self._doc = document
        self._defense_skills_for = defense_skills_for
        self._attack_default = attack_default
        self._defense_default = defense_default
        self._turn: tuple[int, int, str] | None = None  # the turn whose defaults are shown
        self._addable_skills = addable_skills
        self.actor = QComboBox()
        self.target = QComboBox()
        self.skill = QComboBox()
        self.skill.setEditable(True)
        self.skill.addItems(list(attack_skills))
        self.defense_skill = QComboBox()
        self.defense_skill.setEditable(True)
        self.defense_skill.addItems(list(defense_skills))
        self.dice = QLineEdit()
        self.dice.setPlaceholderText("roll (or type +0-+)")
        self.defense_dice = QLineEdit()
        self.defense_dice.setPlaceholderText("roll (or type +0-+)")
        self.aspect = QLineEdit()
        self.aspect.setPlaceholderText("maneuver aspect, e.g. Off Balance")
        self.difficulty = DifficultySpinBox()
        self.difficulty.setRange(-10, 20)
        if document.conflict_rules.difficulty_on_ladder and document.ladder is not None:
            self.difficulty.use_ladder(document.ladder)
        self.difficulty_tier = QSpinBox()  # shown only where power tiers change the dice
        self.difficulty_tier.setRange(-1, 20)
        self.difficulty_tier.setSpecialValueText("the roller's own")
        self.difficulty_tier.setValue(-1)
        self.difficulty_tier.setToolTip("The power tier of a static difficulty that has one")
        self.persistent = QCheckBox("stands on by itself (persistent)")
        self.persistent.setToolTip(  # shown only where the system has persistent blocks
            "A block that stands from exchange to exchange without the blocker (a wall of "
            "stone); those trying to get past it gain a bonus each round"
        )
        self.invoke_aspect = QComboBox()
        self.invoke_aspect.setToolTip(
            "Scene and temporary aspects, the actor's own aspects and consequences, and the "
            "target's (tagging someone else's costs a fate point that goes to them when the "
            "exchange ends)"
        )
        self.invoke_side = QComboBox()
        self.invoke_side.addItem("by the actor", "actor")
        self.invoke_side.addItem("by the target", "target")
        self.invoke_effect = QComboBox()
        self.invoke_effect.addItem(f"+{document.conflict_rules.invoke_bonus}", "bonus")
        self.invoke_effect.addItem("reroll", "reroll")
        self.invoke_free = QCheckBox("free tag")
        self.invoke_free.setToolTip("Use the aspect's free tag instead of a fate point")
        self.add_invoke_button = QPushButton("Add to roll")
        self.tag_button = QPushButton("Tag for effect")
        self.tag_button.setToolTip("Use the aspect outside a roll (paid like an invoke)")
        self.invoke_list = QListWidget()
        self.invoke_list.setMaximumHeight(64)
        self.remove_invoke_button = QPushButton("Remove")
        for combo in (self.actor, self.target, self.invoke_aspect):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(16)
        self.reroll_dice = QLineEdit()
        self.reroll_dice.setPlaceholderText("reroll faces: roll (or type +0-+)")
        self.pending_invokes: list[tuple[str, Invoke]] = []
        self.odds = QLabel()
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.error = QLabel()
        tint(self.error, "error")
        self.error.setWordWrap(True)
        self.attack_button = QPushButton("&Attack")
        self.maneuver_button = QPushButton("&Maneuver")
        self.block_button = QPushButton("&Block")
        self.roll_button = QPushButton("Roll vs difficulty")
        self.added_skills = [QComboBox(), QComboBox()]
        self.added_box = QWidget()
        added_row = QHBoxLayout(self.added_box)
        added_row.setContentsMargins(0, 0, 0, 0)
        for n, combo in enumerate(self.added_skills, 1):
            combo.setAccessibleName(f"Added skill {n}")
            combo.setToolTip("A skill of the actor's added to the trait it rolls")
            added_row.addWidget(combo, 1)
        form = QFormLayout()
        form.addRow("Actor", self.actor)
        form.addRow("Skill", self.skill)
        form.addRow("Plus skills", self.added_box)
        form.addRow("Dice", self.dice)
        form.addRow("Target", self.target)
        form.addRow("Defense skill", self.defense_skill)
        form.addRow("Defense dice", self.defense_dice)
        form.addRow("Maneuver aspect", self.aspect)
        form.addRow("Difficulty", self.difficulty)
        form.addRow("Difficulty tier", self.difficulty_tier)
        form.addRow("Block", self.persistent)
        self._form = form
        inv = QGroupBox("Invokes and tags")
        ibox = QVBoxLayout(inv)
        ibox.addWidget(self.invoke_aspect)
        irow = QHBoxLayout()
        irow.addWidget(self.invoke_side, 1)
        irow.addWidget(self.invoke_effect)
        irow.addWidget(self.invoke_free)
        ibox.addLayout(irow)
        brow = QHBoxLayout()
        brow.addWidget(self.add_invoke_button)
        brow.addWidget(self.remove_invoke_button)
        brow.addWidget(self.tag_button)
        ibox.addLayout(brow)
        ibox.addWidget(self.invoke_list)
        ibox.addWidget(self.reroll_dice)
        buttons = QHBoxLayout()
        for b in (self.attack_button, self.maneuver_button, self.block_button, self.roll_button):
            buttons.addWidget(b)
        group = QGroupBox("Dice")
        inner = QVBoxLayout(group)
        inner.addLayout(form)
        inner.addWidget(inv)
        inner.addWidget(self.odds)
        inner.addLayout(buttons)
        inner.addWidget(self.result)
        inner.addWidget(self.error)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(group)
        outer.addStretch(1)
        self.attack_button.clicked.connect(lambda: self.request("attack"))
        self.maneuver_button.clicked.connect(lambda: self.request("maneuver"))
        self.block_button.clicked.connect(lambda: self.request("block"))
        self.roll_button.clicked.connect(lambda: self.request("roll"))
        for w in (self.actor, self.target, self.skill, self.defense_skill):
            w.currentTextChanged.connect(self.update_odds)
        self.actor.currentIndexChanged.connect(self._fill_candidates)
        self.actor.currentIndexChanged.connect(self._fill_added_skills)
        for combo in self.added_skills:
            combo.currentIndexChanged.connect(self.update_odds)
        self.actor.currentIndexChanged.connect(self._on_actor_chosen)
        self.target.currentIndexChanged.connect(self._fill_candidates)
        self.target.currentIndexChanged.connect(self._fill_defense_skills)
        self.target.currentIndexChanged.connect(self._on_target_chosen)
        self.invoke_aspect.currentIndexChanged.connect(self._on_candidate_changed)
        self.add_invoke_button.clicked.connect(self.add_invoke)
        self.remove_invoke_button.clicked.connect(self.remove_invoke)
        self.tag_button.clicked.connect(self.tag_for_effect)
        self.difficulty.valueChanged.connect(self.update_odds)
        self.difficulty_tier.valueChanged.connect(self.update_odds)
        self._invoke_group = inv
        self._show_actions()
        document.state_replaced.connect(self._on_state_replaced)
        self._on_state_replaced(document.state)

    # -- state -> widgets -------------------------------------------------------------------------

    def _fill(self, combo: QComboBox, items: list[tuple[str, str]], keep: str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        for label, pid in items:
            combo.addItem(label, pid)
        index = combo.findData(keep) if keep is not None else -1
        combo.setCurrentIndex(max(0, index))
        combo.blockSignals(False)

    def _static_tier(self) -> int | None:
        """The difficulty's tier, or None for the roller's own."""
        value = self.difficulty_tier.value()
        return None if value < 0 else value

    def _show_tiers(self) -> None:
        """The difficulty tier row only for a system whose dice depend on tiers."""
        cr = self._doc.conflict_rules
        tiered = cr.static_dice(0, 1) != cr.dice_for() or cr.dice_for(1, 0) != cr.dice_for()
        self._form.setRowVisible(self.difficulty_tier, tiered)

    def _show_actions(self) -> None:
        """Only the controls of the shared actions the system has
        (:attr:`ConflictRules.shared_actions`): no maneuver, block or invokes where its book
        has none."""
        has = self._doc.conflict_rules.shared_actions
        self.attack_button.setVisible("attack" in has)
        self.maneuver_button.setVisible("maneuver" in has)
        self._form.setRowVisible(self.aspect, "maneuver" in has)
        self.block_button.setVisible("block" in has)
        lasting = "block" in has and self._doc.conflict_rules.persistent_block_bonus(0) is not None
        self._form.setRowVisible(self.persistent, lasting)
        if not lasting:
            self.persistent.setChecked(False)
        self.roll_button.setVisible("roll" in has)
        self._invoke_group.setVisible("invoke" in has)
        plain = self._doc.conflict_rules.dice_for()
        self._show_pools((plain, plain), plain)

    def _on_state_replaced(self, state: Encounter) -> None:
        self._show_tiers()
        self._show_actions()
        active = [(p.name, p.id) for p in state.participants if not p.taken_out]
        actor = state.current or self.actor.currentData()
        turn = (state.exchange, state.turn, state.current) if state.current else None
        new_turn = turn is not None and turn != self._turn
        if turn is not None:
            self._turn = turn
        target = self.target.currentData()
        if new_turn and state.current is not None:
            target = default_target(state, state.current)
        self._fill(self.actor, active, actor)
        self._fill(self.target, [(SCENE, ""), *active], target)
        last = state.last
        # A new turn starts with an empty result line: the last turn's roll stays in the log,
        # and shown here it read as the new actor's.
        shown = last is not None and not new_turn
        self.result.setText(self.describe(last) if shown and last is not None else "")
        self._fill_candidates()
        self._fill_defense_skills()
        self._fill_added_skills(clear=new_turn)
        if new_turn:  # each turn starts from the new actor's own choices
            self._default_skills()
        self.update_odds()

    def _fill_added_skills(self, _index: int = -1, *, clear: bool = True) -> None:
        """The actor's skills it may add to its roll (none chosen for a new actor or turn)."""
        p = self._doc.state.find(self.actor.currentData() or "")
        names = tuple(self._addable_skills(p)) if p is not None and self._addable_skills else ()
        self._form.setRowVisible(self.added_box, bool(names))
        for combo in self.added_skills:
            keep = None if clear or _index >= 0 else combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem("(none)", "")
            for name in names:
                rating = p.skills.get(name, 0) if p is not None else 0
                combo.addItem(f"{name} {rating:+d}", name)
            combo.setCurrentIndex(max(0, combo.findData(keep)) if keep else 0)
            combo.blockSignals(False)

    def rolled_skill(self) -> str:
        """The skill as rolled: the chosen one with any skills added (``Attack + Swords``)."""
        added = [str(c.currentData()) for c in self.added_skills if c.currentData()]
        if self._form.isRowVisible(self.added_box) and added:
            return " + ".join([self.skill.currentText().strip(), *added])
        return self.skill.currentText().strip()

    def _default_skills(self, attack: bool = True, defense: bool = True) -> None:
        """The chosen actor's best attack skill and the chosen target's best defence."""
        state = self._doc.state
        actor = state.find(self.actor.currentData() or "")
        target = state.find(self.target.currentData() or "")
        for wanted, combo, p, choose in (
            (attack, self.skill, actor, self._attack_default),
            (defense, self.defense_skill, target, self._defense_default),
        ):
            if not wanted or p is None or choose is None:
                continue
            skill = choose(p)
            if skill and skill != combo.currentText():
                combo.blockSignals(True)
                index = combo.findText(skill)
                if index >= 0:
                    combo.setCurrentIndex(index)
                else:
                    combo.setEditText(skill)
                combo.blockSignals(False)

    def _on_actor_chosen(self, _index: int) -> None:
        """The GM picked another actor: its own attack, and an opponent of its if the target
        was itself or an ally."""
        state = self._doc.state
        actor = self.actor.currentData()
        if not actor or state.find(actor) is None:
            return
        target = state.find(self.target.currentData() or "")
        if target is not None and not opposes(state, actor, target.id):
            self.target.setCurrentIndex(max(0, self.target.findData(default_target(state, actor))))
        self._default_skills(defense=False)
        self.update_odds()

    def _on_target_chosen(self, _index: int) -> None:
        """A newly chosen target defends with its own best defence."""
        self._default_skills(attack=False)
        self.update_odds()

    def _fill_defense_skills(self) -> None:
        """The defense skills the chosen target may use: the chosen one kept while it still is
        one of them (a skill typed by hand always is)."""
        if self._defense_skills_for is None:
            return
        pid = self.target.currentData()
        skills = list(self._defense_skills_for(self._doc.state.find(pid) if pid else None))
        now = [self.defense_skill.itemText(i) for i in range(self.defense_skill.count())]
        if skills == now:
            return
        keep = self.defense_skill.currentText()
        self.defense_skill.blockSignals(True)
        self.defense_skill.clear()
        self.defense_skill.addItems(skills)
        index = self.defense_skill.findText(keep)
        if index >= 0:
            self.defense_skill.setCurrentIndex(index)
        elif keep in now:  # offered for the last target only: back to the first
            self.defense_skill.setCurrentIndex(0)
        else:  # typed by hand: it stays
            self.defense_skill.setEditText(keep)
        self.defense_skill.blockSignals(False)
        self.update_odds()

    def select(self, actor: str | None = None, target: str | None = None) -> None:
        """Point the panel at an actor and/or a target."""
        if actor is not None:
            self.actor.setCurrentIndex(max(0, self.actor.findData(actor)))
        if target is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(target)))
        self.update_odds()

    def describe(self, outcome: Any) -> str:
        """The last result with ladder adjectives, the hit an attack deals (or the margin)
        and spin, in the system's words."""
        ladder = self._doc.ladder
        cr = self._doc.conflict_rules
        parts = []
        for r in outcome.rolls:
            name = self._doc.participant(r.who)
            label = name.name if name is not None else r.who
            effort = ladder.render(r.effort) if ladder is not None else f"{r.effort:+d}"
            if ladder is not None and cr.difficulty_on_ladder:  # a rung's name, as the panel's
                effort = ladder.adjective(r.effort)
            parts.append(f"{label}: {r.skill} {effort}")
        text = " vs ".join(parts)
        first = outcome.rolls[0].effort if outcome.rolls else 0
        words = cr.result_words(outcome.action, first, outcome.opposition, outcome.shifts)
        if words is not None:  # the system's own words for the result
            text += f" \u2192 {words}"
        elif outcome.action == "attack" and outcome.shifts > 0:  # what the hit deals
            text += f" \u2192 {cr.hit_text(outcome.shifts)}"
        elif outcome.action in ("attack", "maneuver", "pass_block") or (
            outcome.action == "roll" and outcome.opposition is not None  # None: no verdict
        ):
            text += f" \u2192 {cr.margin_text(outcome.shifts)}"
        if outcome.spin:
            text += " (spin)"
        return text

    def update_odds(self) -> None:
        """The chance of success before rolling."""
        state = self._doc.state
        actor = self.actor.currentData()
        if not actor or state.find(actor) is None:
            self.odds.setText("")
            return
        try:
            bonus = self._doc.conflict_rules.invoke_bonus
            plus = {
                side: bonus
                * sum(1 for s, inv in self.pending_invokes if s == side and inv.reroll is None)
                for side in ("actor", "target")
            }
            total = (
                roll_bonus(self._doc.rules, state, actor, self.skill.currentText()) + plus["actor"]
            )
            rerolls = {
                side: sum(
                    1 for s, inv in self.pending_invokes if s == side and inv.reroll is not None
                )
                for side in ("actor", "target")
            }
            target = self.target.currentData()
            note = _reroll_note(rerolls["actor"], rerolls["target"] if target else 0)
            cr, skill = self._doc.conflict_rules, self.skill.currentText()
            plain = cr.dice_for()
            if target:
                pools = contest_pools(  # the odds are an attack's (a protecting block too)
                    cr, state, actor, skill, target, self.defense_skill.currentText(), attack=True
                )
            else:
                pools = (roll_pool(cr, state, actor, skill, static_tier=self._static_tier()), plain)
            self._show_pools(pools, plain)
            if pools[0] != plain or pools[1] != plain:
                note += f" ({pools[0].text} vs {pools[1].text if target else 'the difficulty'})"
            if target:
                defense = roll_bonus(
                    self._doc.rules, state, target, self.defense_skill.currentText(), defense=True
                )
                defense += plus["target"]
                chance = contest_odds(
                    self._doc.rules,
                    state,
                    total,
                    defense,
                    protecting_block(state, target),
                    rerolls=rerolls["actor"],
                    defense_rerolls=rerolls["target"],
                    pools=pools,
                )
                self.odds.setText(f"Odds of at least one shift{note}: {float(chance) * 100:.0f}%")
            else:
                chance = roll_odds(
                    self._doc.rules, state, total, self.difficulty.value(),
                    rerolls=rerolls["actor"], pool=pools[0],
                )  # fmt: skip
                self.odds.setText(
                    f"Odds vs {self.difficulty.text_for(self.difficulty.value())}{note}: "
                    f"{float(chance) * 100:.0f}%"
                )
        except RuleViolation:
            self.odds.setText("")

    def _show_pools(self, pools: tuple[DicePool, DicePool], plain: DicePool) -> None:
        """Name each side's dice in its entry's hint when tiers change them (type the faces in
        order, a d6's as a number: ``+ 0 - 4``)."""
        for edit, pool in ((self.dice, pools[0]), (self.defense_dice, pools[1])):
            hint = (
                "+0-+"
                if pool.is_fudge
                else " ".join(_TYPED.get(t.kind, "+") for t in pool.terms for _ in range(t.count))
            )
            edit.setPlaceholderText(
                f"roll {pool.text} (or type {hint})" if pool != plain else f"roll (or type {hint})"
            )

    # -- widgets -> events ------------------------------------------------------------------------

    # -- invokes -----------------------------------------------------------------------------

    def candidates(self) -> list[tuple[str, str, str | None, int]]:
        """Aspects the actor or target could use: (label, aspect id or text, whose, free tags).

        Scene and temporary aspects by id; the actor's and the target's own aspects and
        consequences by text with their owner ("Invoking Aspects", "Tagging").
        """
        state = self._doc.state
        out: list[tuple[str, str, str | None, int]] = []
        for a in state.aspects:
            holder = state.find(a.holder) if a.holder else None
            where = "scene" if holder is None else f"on {holder.name}"
            free = f", {a.free_tags} free" if a.free_tags else ""
            out.append((f"{a.text} ({where}{free})", a.id, None, a.free_tags))
        seen: set[str] = set()
        for key in (self.actor.currentData(), self.target.currentData()):
            p = state.find(key) if key else None
            if p is None or p.id in seen:
                continue
            seen.add(p.id)
            for text in p.aspects:
                out.append((f"{text} ({p.name})", text, p.id, 0))
            for c in p.consequences:
                word = self._doc.conflict_rules.severity_word(c.severity)
                out.append((f"{c.text} ({p.name}, {word})", c.text, p.id, 0))
        return out

    def _fill_candidates(self) -> None:
        keep = self.invoke_aspect.currentData()
        self.invoke_aspect.blockSignals(True)
        self.invoke_aspect.clear()
        for label, key, on, free in self.candidates():
            self.invoke_aspect.addItem(label, (key, on, free))
        index = self.invoke_aspect.findData(keep) if keep is not None else -1
        self.invoke_aspect.setCurrentIndex(max(0, index))
        self.invoke_aspect.blockSignals(False)
        self._on_candidate_changed()

    def _on_candidate_changed(self) -> None:
        data = self.invoke_aspect.currentData()
        free = bool(data and data[2])
        self.invoke_free.setEnabled(free)
        if not free:
            self.invoke_free.setChecked(False)
        has = data is not None
        for w in (self.add_invoke_button, self.tag_button, self.invoke_side, self.invoke_effect):
            w.setEnabled(has)

    def select_invoke(self, aspect: str, on: str | None = None) -> None:
        """Choose the aspect (id, or text with its owner) in the invoke picker."""
        for i in range(self.invoke_aspect.count()):
            key, owner, _free = self.invoke_aspect.itemData(i)
            if key == aspect and (on is None or owner == on):
                self.invoke_aspect.setCurrentIndex(i)
                return
        raise ValueError(f"no aspect {aspect!r} to invoke")

    def _chosen(self) -> tuple[str, Invoke]:
        data = self.invoke_aspect.currentData()
        if data is None:
            raise ValueError("there is no aspect to use")
        key, on, _free = data
        side = str(self.invoke_side.currentData())
        by = self.actor.currentData() if side == "actor" else self.target.currentData()
        if not by:
            raise ValueError("choose a target first" if side == "target" else "choose who acts")
        reroll: tuple[int, ...] | None = None
        if self.invoke_effect.currentData() == "reroll":
            reroll = ()  # faces typed below, or rolled when the action is
        invoke = Invoke(aspect=key, by=by, on=on, free=self.invoke_free.isChecked(), reroll=reroll)
        return side, invoke

    def add_invoke(self) -> None:
        """Put the chosen invoke on the next roll (the actor's or the target's)."""
        try:
            side, invoke = self._chosen()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        self.pending_invokes.append((side, invoke))
        self._show_invokes()

    def remove_invoke(self) -> None:
        """Take the selected invoke off the next roll."""
        row = self.invoke_list.currentRow()
        if 0 <= row < len(self.pending_invokes):
            del self.pending_invokes[row]
            self._show_invokes()

    def clear_invokes(self) -> None:
        """No invokes on the next roll."""
        self.pending_invokes.clear()
        self._show_invokes()

    def _show_invokes(self) -> None:
        state = self._doc.state
        self.invoke_list.clear()
        for _side, inv in self.pending_invokes:
            p = state.find(inv.by)
            a = state.aspect(inv.aspect)
            text = a.text if a is not None else inv.aspect
            bonus = f"+{self._doc.conflict_rules.invoke_bonus}"
            how = "reroll" if inv.reroll is not None else bonus
            pay = "free tag" if inv.free else "fate point"
            self.invoke_list.addItem(f"{p.name if p else inv.by}: {how} {text} ({pay})")
        self.update_odds()

    def tag_for_effect(self) -> None:
        """Use the chosen aspect outside a roll (a fate point or its free tag)."""
        try:
            _side, invoke = self._chosen()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        self.submit(TagAspectEvent(invoke=invoke.model_copy(update={"reroll": None})))

    def _invokes(self, side: str) -> tuple[Invoke, ...]:
        """The pending invokes of one side; typed reroll faces go to the first reroll."""
        typed = parse_faces(self.reroll_dice.text())
        out = []
        for s, inv in self.pending_invokes:
            if s != side:
                continue
            if inv.reroll == () and typed is not None:
                inv = inv.model_copy(update={"reroll": typed})
                typed = None
            out.append(inv)
        return tuple(out)

    def build(self, action: str) -> Event:
        """The event for ``action`` from the widgets (ValueError on unreadable dice)."""
        actor = self.actor.currentData()
        if not actor:
            raise ValueError("choose who acts")
        target = self.target.currentData() or None
        skill = self.rolled_skill()
        dice = parse_faces(self.dice.text())
        invokes = self._invokes("actor")
        defense_invokes = self._invokes("target")
        if defense_invokes and (target is None or action not in ("attack", "maneuver")):
            raise ValueError("the target's invokes go on a defense roll (attack or maneuver)")
        if action == "attack":
            if target is None:
                raise ValueError("choose whom to attack")
            return AttackEvent(
                attacker=actor,
                defender=target,
                skill=skill,
                defense_skill=self.defense_skill.currentText().strip(),
                dice=dice,
                defense_dice=parse_faces(self.defense_dice.text()),
                invokes=invokes,
                defense_invokes=defense_invokes,
            )
        if action == "maneuver":
            aspect = self.aspect.text().strip()
            if not aspect:
                raise ValueError("name the aspect the maneuver places")
            return ManeuverEvent(
                actor=actor,
                skill=skill,
                aspect=aspect,
                target=target,
                defense_skill=self.defense_skill.currentText().strip(),
                dice=dice,
                defense_dice=parse_faces(self.defense_dice.text()),
                difficulty=self.difficulty.value(),
                invokes=invokes,
                defense_invokes=defense_invokes,
            )
        if action == "block":
            return BlockEvent(
                actor=actor,
                skill=skill,
                dice=dice,
                protects=target,
                against="" if target else "the GM's call",
                invokes=invokes,
                persistent=self.persistent.isChecked(),
            )
        return RollEvent(
            who=actor, skill=skill, dice=dice, difficulty=self.difficulty.value(), invokes=invokes,
            difficulty_tier=self._static_tier(),
        )  # fmt: skip

    def request(self, action: str) -> None:
        """Build the event for ``action`` and hand it to the window."""
        try:
            event = self.build(action)
        except (ValueError, KeyError) as exc:
            self.error.setText(f"Cannot {action}: {exc}")
            return
        self.error.setText("")
        if not self.submit(event):
            return  # refused: the dice and invokes stay for another try
        self.dice.clear()
        self.defense_dice.clear()
        self.reroll_dice.clear()
        self.clear_invokes()
        if action == "block":  # the next block is an ordinary one unless asked again
            self.persistent.setChecked(False)

    def submit(self, event: Event) -> bool:
        """Hand ``event`` on (the window replaces this with its ``push``); True if accepted."""
        self.event_requested.emit(event)
        return True
