"""GUI layer: Strange Fate's creation flow and derived panel for the core's creation flow view.

The steps are the system's six, in the book's order («Character Creation», L331-L346); problem
paths map to the page that edits them. The derived panel shows the live skill-point and Refresh
budgets, the Power Tier and the stress tracks from ``CharacterDocument.derived``. When the
library's diagram is corrected (:class:`.diagram_editor.DiagramHub`), the flow rebinds its
document to the corrected system, so every cost on every page is repriced.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from gui.documents.character_document import CharacterDocument
from gui.system_ui import CreationStepView
from gui.systems.strange_fate.commands import sf_of
from gui.systems.strange_fate.pages import (
    ArchetypePage,
    AspectsPage,
    QuestionsPage,
    SfPage,
    aspect_index,
    aspect_of_path,
)
from gui.systems.strange_fate.pages_skills import DetailsPage, GiftsPage, SkillsPage
from gui.systems.strange_fate.pricing import PricingFinisher, budgeted, pending
from gui.theme import css
from rules.validation import Problem

BOX = "\u25a1"

STEP_KEYS = ("archetype", "questions", "skills", "aspects", "gifts", "details")

_HEADS = {
    "name": "archetype", "role": "archetype", "era": "archetype", "archetype": "archetype",
    "social_class": "archetype", "answers": "questions", "skills": "skills",
    "designed": "skills", "tiers": "skills", "tier_benefits": "skills",
    "common_drawbacks": "skills", "aspects": "aspects", "gifts": "gifts",
    "companions": "gifts", "equipment": "gifts", "invulnerabilities": "details",
    "weaknesses": "details", "fate_points": "details", "advancement": "details",
}  # fmt: skip


def step_for_path(path: str) -> str:
    """The step whose page edits the field at problem ``path``."""
    head = path.split(".", 1)[0].split("[", 1)[0]
    return _HEADS.get(head, "archetype")


class StrangeFateCreationFlow:
    """Strange Fate's pages for one character document.

    Args:
        document: The character being edited.
        hub: The window's diagram hub (None outside a window): a saved correction of the
            diagram rebinds the document.
    """

    def __init__(self, document: CharacterDocument, hub: Any = None) -> None:
        self.document = document
        pages: list[SfPage] = [
            ArchetypePage(document),
            QuestionsPage(document),
            SkillsPage(document),
            AspectsPage(document),
            GiftsPage(document),
            DetailsPage(document),
        ]
        self.pages = {page.key: page for page in pages}
        titles = {s.key: s.title for s in document.system.creation_steps}
        self._steps = tuple(
            CreationStepView(key=p.key, title=titles.get(p.key, p.heading), page=p) for p in pages
        )
        self._rebinder = _Rebinder(document)
        self.pricing = PricingFinisher(document)  # pending walks priced off the UI thread
        if hub is not None:
            hub.saved.connect(self._rebinder.rebind)

    def rebind(self, system: Any) -> None:
        """The library's diagram changed: price this character over ``system`` from now on."""
        self._rebinder.rebind(system)

    def steps(self) -> tuple[CreationStepView, ...]:
        """The six steps in the book's order."""
        return self._steps

    def step_for(self, path: str) -> str:
        """The page of ``path``: an aspect's is the page that edits it (the Archetype, Social
        Class and first Conviction aspects are written beside their choices)."""
        if path.startswith("aspects["):
            character, _ = sf_of(self.document)
            index = aspect_of_path(path)
            aspect = character.aspects[index] if 0 <= index < len(character.aspects) else None
            if (
                aspect is not None
                and aspect.kind in ("archetype", "social-class", "conviction")
                and aspect.question is None
                and aspect_index(character, aspect.kind) == index  # the first, no skill's
            ):
                return "archetype"
        return step_for_path(path)

    def problem_rank(self, problem: Problem) -> int:
        """Problems in step order."""
        return STEP_KEYS.index(self.step_for(problem.path))

    def heading(self) -> tuple[str, str]:
        """ "Steps", with the book's note that the order is only recommended."""
        return (
            "<b>Steps</b>",
            "The book's recommended order; any step can be done first («Character Creation»).",
        )

    def is_optional(self, key: str) -> bool:
        """Gifts and details may wait (one Gift is free, nothing forces it)."""
        return key in ("gifts", "details")


class _Rebinder(QObject):
    """Rebinds one document; a child of it, so the hub's connection ends with the document."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document)
        self.document = document

    def rebind(self, system: Any) -> None:
        """Price the document over ``system`` (the same system, corrected data)."""
        if system is not None and system.id == self.document.system.id:
            self.document.rebind(budgeted(system))


class StrangeFateDerivedPanel(QFrame):
    """Skill points, Refresh, Power Tier, stress tracks; live."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(18)
        self.skill_points = QLabel()
        self.skill_points.setToolTip(
            "Skill points the skills cost, of the 30 to spend (45 without Common skills, 5 more "
            "per Skilled Gift; «Buy Skills», «A World Without Common Skills?», «Skilled»)."
        )
        self.refresh = QLabel()
        self.refresh.setToolTip(
            "Adjusted Refresh: the era's Refresh less Power Tiers, Gifts after the first and "
            "Invulnerabilities, plus Weaknesses («Power Tier and Refresh»)."
        )
        self.tier = QLabel()
        self.stress = QLabel()
        self.stress.setToolTip(
            "Stress boxes per track («Refine Details»; the Stress Capacity trapping)."
        )
        for label in (self.skill_points, self.refresh, self.tier, self.stress):
            layout.addWidget(label)
        layout.addStretch(1)
        document.problems_changed.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        d: Any = self._document.derived
        spent = _flagged(
            f"{d.skill_points_spent} of {d.skill_points_total}", d.skill_points_left < 0
        )
        self.skill_points.setText(
            f"<b>Skill points</b> {spent} ({d.skill_points_left} left)"
            + (" \u2014 pricing\u2026" if pending(self._document) else "")
        )
        if d.refresh is None:
            self.refresh.setText("<b>Refresh</b> \u2014 (choose an era)")
        else:
            self.refresh.setText(
                f"<b>Refresh</b> {_flagged(str(d.refresh), d.refresh < 1)} of {d.refresh_start}"
            )
        self.tier.setText(f"<b>Power Tier</b> {d.power_tier}")
        self.stress.setText(
            "<b>Stress</b> " + "  ".join(f"{t} {BOX * n}" for t, n in d.stress.items())
        )


def _flagged(text: str, wrong: bool) -> str:
    """``text`` in the theme's error colour when ``wrong``, else in the label's own colour (Qt's
    rich text knows no ``color: inherit``: it drew the numbers black on the dark theme)."""
    return f"<span style='color:{css('error')}'>{text}</span>" if wrong else text
