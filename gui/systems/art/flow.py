"""GUI layer: the ART Engine creation flow and derived panel for the core's creation flow view.

The steps are the system's (ART Engine, Chapter 2 "Creating an Adventurer": attributes;
Health, Fame, Glory and Fortune; gear; goals; starting experience and skills; perks) after an
"Adventurer" page of its own (name, player, stage). Problem paths map to the page that edits
them. The derived panel reads ``CharacterDocument.derived`` and computes nothing itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from gui.documents.character_document import CharacterDocument
from gui.system_ui import CreationStepView
from gui.systems.art.gear_page import GearPage
from gui.systems.art.page_base import ArtPage
from gui.systems.art.pages import (
    AdventurerPage,
    AttributesPage,
    GoalsPage,
    HealthPage,
    PerksPage,
    SkillsPage,
)
from rules.validation import Problem

DASH = "\u2014"

STEP_KEYS = ("adventurer", "attributes", "health", "gear", "goals", "skills", "perks")

_HEADS = {
    "name": "adventurer", "player": "adventurer", "stage": "adventurer",
    "attribute_method": "attributes", "attributes": "attributes",
    "attribute_rolls": "attributes", "balanced_pairs": "attributes",
    "attribute_inspiration": "attributes",
    "health_rank": "health", "health_checked": "health", "fame": "health",
    "fame_spent": "health", "glory": "health", "fortune": "health", "treasures": "health",
    "trophies": "health",
    "equipping_others": "gear", "armor": "gear", "shield": "gear", "weapons": "gear",
    "gear": "gear",
    "goals": "goals", "notes": "goals",
    "skills": "skills", "skill_inspiration": "skills", "experience": "skills",
    "perks": "perks",
}  # fmt: skip


def step_for_path(path: str) -> str:
    """The step whose page edits the field at problem ``path``."""
    head = path.split(".", 1)[0].split("[", 1)[0]
    return _HEADS.get(head, "adventurer")


class ArtCreationFlow:
    """The ART Engine pages for one adventurer's document.

    Args:
        document: The adventurer being edited.
        rng: The dice of the random attribute method (None: a fresh generator).
    """

    def __init__(self, document: CharacterDocument, rng: random.Random | None = None) -> None:
        self.document = document
        pages: list[ArtPage] = [
            AdventurerPage(document),
            AttributesPage(document, rng),
            HealthPage(document),
            GearPage(document),
            GoalsPage(document),
            SkillsPage(document),
            PerksPage(document),
        ]
        self.pages = {page.key: page for page in pages}
        titles = {s.key: s.title for s in document.system.creation_steps}
        titles["adventurer"] = "Adventurer"
        self._steps = tuple(
            CreationStepView(key=p.key, title=titles.get(p.key, p.key), page=p) for p in pages
        )

    def steps(self) -> tuple[CreationStepView, ...]:
        """Adventurer, attributes, health, gear, goals, skills, perks."""
        return self._steps

    def step_for(self, path: str) -> str:
        """The page of ``path``."""
        return step_for_path(path)

    def problem_rank(self, problem: Problem) -> int:
        """Problems in step order."""
        return STEP_KEYS.index(step_for_path(problem.path))

    def heading(self) -> tuple[str, str]:
        """ "Steps", and the stage."""
        stage = getattr(self.document.character, "stage", "creation")
        if stage == "play":
            return "<b>Steps</b> (in play)", "In play: only the rules that still hold are checked."
        return "<b>Steps</b>", ""

    def is_optional(self, key: str) -> bool:
        """Perks may stay empty."""
        return key == "perks"


class ArtDerivedPanel(QFrame):
    """Health boxes, Fame (available), Glory (next Fame at), Fortune, Defense, XP left, and
    a Roll button opening the dice panel (when the editor has one).

    Args:
        document: The adventurer's document.
        open_dice: Opens the dice panel for this adventurer, or None (no button).
    """

    def __init__(
        self,
        document: CharacterDocument,
        open_dice: Callable[[QWidget], Any] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(18)
        self.health = QLabel()
        self.health.setToolTip("The four Health boxes of the Health rank (ART Engine, Health)")
        self.fame = QLabel()
        self.fame.setToolTip("Fame, and Fame left to spend (Fame minus the tally)")
        self.glory = QLabel()
        self.glory.setToolTip("Glory; ten times Fame raises Fame by one (ART Engine, Glory)")
        self.fortune = QLabel()
        self.defense = QLabel()
        self.xp = QLabel()
        for label in (self.health, self.fame, self.glory, self.fortune, self.defense, self.xp):
            layout.addWidget(label)
        layout.addStretch(1)
        self.dice_button: QPushButton | None = None
        if open_dice is not None:
            self.dice_button = QPushButton("&Roll\u2026")
            self.dice_button.setToolTip("Roll d100 and the kicker for this adventurer")
            self.dice_button.clicked.connect(lambda: open_dice(self))
            layout.addWidget(self.dice_button)
        document.problems_changed.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        d: Any = self._document.derived
        boxes = (
            " ".join(("\u2612" if b.checked else "\u2610") + b.level for b in d.health) or "\u2014"
        )
        if d.health_rank is None:
            self.health.setText(f"<b>Health</b> {DASH} (from Stamina)")
        else:
            self.health.setText(f"<b>Health</b> {d.health_rank}: {boxes}")
        self.fame.setText(f"<b>Fame</b> {d.fame} ({d.fame_available} to spend)")
        self.glory.setText(f"<b>Glory</b> {d.glory}/{d.glory_for_next_fame}")
        self.fortune.setText(f"<b>Fortune</b> {d.fortune_name or DASH}")
        defense = "\u2014" if d.defense is None else str(d.defense)
        self.defense.setText(f"<b>Defense</b> {defense}")
        left = "\u2014" if d.xp_remaining is None else str(d.xp_remaining)
        self.xp.setText(f"<b>XP left</b> {left}")
