"""GUI layer: SotC's creation steps as its editor shows them, and which step holds each field.

The system's steps (concept, the five phases, skills, stunts) plus its own gadgets and review
pages; problem paths map to the page that edits them (SotC, Character Creation).
"""

from __future__ import annotations

STEP_KEYS: tuple[str, ...] = (
    "concept",
    "phase1",
    "phase2",
    "phase3",
    "phase4",
    "phase5",
    "skills",
    "stunts",
    "gadgets",
    "review",
)
"""The SotC editor's steps, in creation order (the system's steps plus gadgets and review)."""


def step_for_path(path: str) -> str:
    """The creation step whose page holds the field at problem ``path``."""
    head = path.split(".", 1)[0].split("[", 1)[0]
    if head in ("name", "player", "concept", "description"):
        return "concept"
    if head == "phases":
        if path.startswith("phases[") and "]" in path:
            digits = path[len("phases[") : path.index("]")]
            if digits.isdigit() and 0 <= int(digits) < 5:
                return f"phase{int(digits) + 1}"
        return "phase1"
    if head in ("skills", "pyramid"):
        return "skills"
    if head == "stunts":
        return "stunts"
    if head == "gadgets":
        return "gadgets"
    return "review"


FAST_START_PATHS = frozenset({"pyramid.5", "phases", "skills", "description"})
"""Problem paths of fast creation's start (apex skill, two aspects, early skills)."""
