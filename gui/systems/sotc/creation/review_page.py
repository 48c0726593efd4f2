"""GUI layer: the last page of the creation flow: the whole character at a glance, and notes.

Everything here is read from the character and the document's cached derived values and
problems; the only field is the free-text notes.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import ORDINALS
from gui.systems.sotc.creation.page_base import CreationPage
from gui.theme import css
from rules.systems.sotc.character import (
    PHASE_CHAPTERS,
    PHASE_COUNT,
    Gadget,
    SotcCharacter,
    StuntPick,
)
from rules.systems.sotc.system import PYRAMID

INTRO = (
    "Here is your hero at a glance. Anything still missing is listed on the left; click it to "
    "go there. You can come back and change any step at any time."
)


def _stunt_text(pick: StuntPick) -> str:
    """ "Linguist (Arabic, Greek)", "Jury-Rig (custom)"."""
    notes = [n for n in (pick.detail.strip(), "custom" if pick.custom else "") if n]
    return escape(pick.name) + (f" ({escape(', '.join(notes))})" if notes else "")


def _gadget_text(gadget: Gadget) -> str:
    """ "Thunder Harpoon (harpoon gun): Armed, Rugged"."""
    name = escape(gadget.name.strip() or "Unnamed device")
    base = f" ({escape(gadget.base)})" if gadget.base.strip() else ""
    improvements = ", ".join(escape(m.name) for m in gadget.improvements)
    return f"{name}{base}" + (f": {improvements}" if improvements else "")


class ReviewPage(CreationPage):
    """A read-only summary, the completeness verdict and the notes field."""

    key = "review"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "Review", INTRO, parent)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.body.addWidget(self.verdict)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("Character summary")
        self.body.addWidget(self.summary)
        self.body.addWidget(QLabel("<b>Notes</b>"))
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setPlaceholderText("Anything else: gear, contacts, questions for the GM")
        self.notes_edit.setAccessibleName("Notes")
        self.notes_edit.setFixedHeight(80)
        self.body.addWidget(self.notes_edit)
        self.bind(self.notes_edit, "notes")
        self.body.addStretch(1)
        document.problems_changed.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: Any) -> None:
        character = self.document.character
        assert isinstance(character, SotcCharacter)
        errors = self.document.error_count()
        if errors == 0:
            self.verdict.setText(
                f"<b style='color:{css('ok')}'>\u2713 This character is complete and follows the "
                "book's rules.</b>"
            )
        else:
            self.verdict.setText(
                f"<b>{errors} thing{'s' if errors != 1 else ''} still to do</b> before the "
                "character is complete (see the list on the left)."
            )
        self.summary.setText(self._summary_html(character))

    def _summary_html(self, c: SotcCharacter) -> str:
        ladder = self.document.system.ladder
        derived: Any = self.document.derived
        name = escape(c.name) or "<i>no name yet</i>"
        parts = [f"<h3 style='margin:0'>{name}</h3>"]
        if c.concept:
            parts.append(f"<i>{escape(c.concept)}</i>")
        rows = []
        for n in range(1, PHASE_COUNT + 1):
            phase = c.phase(n)
            # one aspect a line: "Fists, Wits and Nerve, Lucky" would read as three
            aspects = "<br>".join(escape(a) for a in phase.aspects if a.strip()) or "\u2014"
            extra = ""
            if n == 3 and phase.novel_title:
                guests = ", ".join(escape(g) for g in phase.guest_stars)
                with_guests = f"; guest stars {guests}" if guests else ""
                extra = f" <i>({escape(phase.novel_title)}{with_guests})</i>"
            if n in (4, 5) and phase.guest_star_in is not None and phase.guest_star_in.title:
                extra = f" <i>(in {escape(phase.guest_star_in.title)})</i>"
            rows.append(
                f"<tr><td valign='top' width='45%'><b>{ORDINALS[n - 1]}</b> "
                f"{PHASE_CHAPTERS[n - 1]}{extra}</td>"
                f"<td>{aspects}</td></tr>"
            )
        parts.append(
            "<p><b>Aspects</b></p><table cellspacing='0' cellpadding='2'>"
            + "".join(rows)
            + "</table>"
        )
        skill_rows = []
        for rung in sorted(PYRAMID, reverse=True):
            skills = derived.pyramid.get(rung, ())
            text = ", ".join(escape(s) for s in skills) or "\u2014"
            skill_rows.append(
                f"<tr><td><b>{ladder.render(rung)}</b></td><td>{text}</td>"
                f"<td>&nbsp;&nbsp;&nbsp;&nbsp;{len(skills)}/{PYRAMID[rung]}</td></tr>"
            )
        parts.append(
            "<p><b>Skills</b></p><table cellspacing='0' cellpadding='2'>"
            + "".join(skill_rows)
            + "</table>"
        )
        stunts = ", ".join(_stunt_text(p) for p in c.stunts) or "\u2014"
        parts.append(f"<p><b>Stunts</b> ({len(c.stunts)}): {stunts}</p>")
        if c.gadgets:
            devices = "; ".join(_gadget_text(g) for g in c.gadgets)
            parts.append(
                f"<p><b>Gadgets</b> ({derived.gadget_improvements_used} of "
                f"{derived.gadget_improvements_allowed} improvements): {devices}</p>"
            )
        parts.append(
            f"<p><b>Health</b> {derived.health_boxes} boxes &nbsp; <b>Composure</b> "
            f"{derived.composure_boxes} boxes &nbsp; <b>Fate points</b> {derived.fate_points} "
            f"&nbsp; <b>Refresh</b> {derived.refresh}</p>"
        )
        return "".join(parts)

    def focus_path(self, path: str) -> bool:
        """Refresh, fate points and anything without its own field land on the summary."""
        if path == "notes":
            self.notes_edit.setFocus()
        else:
            self.summary.setFocus()
        return True
