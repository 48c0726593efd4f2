"""GUI layer: SotC's per-document stunt checks and typed settings, cached on the document.

Whether a catalogue stunt could be taken now depends on the character, so it is kept in the
document's per-state memo; what a stunt requires depends only on the campaign's settings, so it
is kept for the document's life (SotC, Stunts: prerequisites).
"""

from __future__ import annotations

from typing import Any

from gui.documents.character_document import CharacterDocument
from rules.systems.sotc.prereqs import StuntCheck, check_stunt
from rules.systems.sotc.settings import SotcSettings


def sotc_settings(document: CharacterDocument) -> SotcSettings:
    """The document's campaign settings as SotC's own (the book's defaults if not SotC's)."""
    settings = document.settings
    return settings if isinstance(settings, SotcSettings) else SotcSettings()


def _catalog(document: CharacterDocument) -> Any:
    return getattr(document.system, "catalog", None)


def stunt_check(document: CharacterDocument, name: str) -> StuntCheck | None:
    """Whether catalogue stunt ``name`` could be taken now (cached per state).

    Returns:
        The check, or None when the name is not in the stunt catalogue.
    """

    def make() -> StuntCheck | None:
        catalog = _catalog(document)
        if catalog is None or not catalog.has_stunt(name):
            return None
        character: Any = document.character
        settings = sotc_settings(document)
        taken = tuple(character.stunt_names())
        skills = {settings.book_name(k): v for k, v in character.skills.items()}
        return check_stunt(catalog, name, taken, skills, weirdness=settings.weirdness)

    return document.memo(("sotc-stunt-check", name.casefold()), make)


def stunt_requirement(document: CharacterDocument, name: str) -> tuple[str, ...]:
    """Everything catalogue stunt ``name`` requires, in plain words (cached; () if none).

    Checked against an empty character, so every machine-checkable need is listed, plus the
    ones only the GM can judge.
    """

    def make() -> tuple[str, ...]:
        catalog = _catalog(document)
        if catalog is None or not catalog.has_stunt(name):
            return ()
        weirdness = sotc_settings(document).weirdness
        check = check_stunt(catalog, name, (), {}, weirdness=weirdness)
        return (*check.reasons, *check.warnings)

    return document.keep(("sotc-stunt-requirement", name.casefold()), make)
