"""GUI layer: the encounter window's GM conflict sheet: its rows, and printing it through the
print preview on the paper the preferences name.

The rows carry what the game master looks up at the table (issue 14): each participant's
aspects (its own, then those the scene put on it), an NPC's or a group's skills, and a minion
group's size; the scene's own aspects head the sheet. Printing opens
:class:`gui.dialogs.print_preview.PrintPreviewDialog` on a :class:`PrintJob`, so the sheet is
seen before it is saved or printed, and the paper is the preferences' (the locale's until
chosen).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.conflict import initiative_value
from rules.encounter import Encounter
from rules.ladder import Ladder
from storage.pdf.sheet_layout import ConflictRow, Track


def _skills(participant: Any) -> tuple[str, ...]:
    """An NPC's or a group's skills, best first ("Fists +3"); none for player characters."""
    if participant.kind == "pc":
        return ()
    ranked = sorted(participant.skills.items(), key=lambda item: (-item[1], item[0].casefold()))
    return tuple(f"{name} {rating:+d}" for name, rating in ranked)


def conflict_rows(
    state: Encounter, conflict_rules: Any, order: list[str], ladder: Ladder | None = None
) -> list[ConflictRow]:
    """The sheet's rows for the participants ``order`` names (ids, in turn order); ``ladder``
    names a minion group's quality."""
    rows = []
    for pid in order:
        p = state.find(pid)
        if p is None:
            continue
        placed = tuple(a.text for a in state.aspects if a.holder == p.id)
        note = ""
        if p.is_group:
            quality = ladder.render(p.quality) if ladder is not None else f"{p.quality:+d}"
            note = f"{quality} quality"
        rows.append(
            ConflictRow(
                name=p.name,
                initiative=initiative_value(state, p),
                tracks=tuple(
                    Track(
                        label=spec.label,
                        boxes=len(p.track(spec.key)),
                        checked=tuple(bool(b) for b in p.track(spec.key)),
                    )
                    for spec in conflict_rules.tracks
                ),
                consequences=tuple(
                    f"{conflict_rules.severity_word(c.severity).title()}: {c.text}"
                    for c in p.consequences
                ),
                fate_points=None if p.is_group else p.fate_points,
                aspects=(*p.aspects, *placed),
                skills=_skills(p),
                count=p.count if p.is_group else None,
                note=note,
            )
        )
    return rows


def scene_aspects(state: Encounter) -> tuple[str, ...]:
    """The aspects on the scene itself (on no participant)."""
    return tuple(a.text for a in state.aspects if a.holder is None)


def print_settings(window: Any) -> Any:
    """The preferences the sheet's paper comes from: the window's, else the app's."""
    settings = window.print_settings
    if settings is None:
        from gui.settings import Settings

        settings = Settings()
    return settings


def print_conflict_sheet(window: Any, rows: list[ConflictRow], path: Any = None) -> Any:
    """Preview and save or print the sheet (``path`` given: write it there, no dialog).

    Returns:
        Where the PDF was written, or None when the user closed the preview.
    """
    from storage.pdf.render import render_conflict_sheet

    state = window.doc.state
    title, scene = state.name or "Conflict", scene_aspects(state)
    settings = print_settings(window)

    def render(out: Any, paper: str) -> int:
        return render_conflict_sheet(rows, out, paper, title=title, scene_aspects=scene)

    if path is not None:
        render(Path(path), settings.paper)
        return Path(path)
    from gui.dialogs.print_preview import PrintJob, PrintPreviewDialog

    job = PrintJob(
        title=f"GM conflict sheet: {title}", name=f"{title} conflict sheet", render=render
    )
    return PrintPreviewDialog.ask_job(window, job, settings)
