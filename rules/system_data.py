"""Rules layer: rules data that the user may correct or supply, with its provenance.

Some of a book's data is missing or must come from elsewhere (Strange Fate's Skill Trapping
Diagram is absent from the book's text; the ART Engine's Action Results Table is published
separately). A system declares such data as :class:`SystemDataKind`s; the library stores one
:class:`SystemData` document per kind, and the system is bound to those documents when a library
is opened (:meth:`rules.systems.registry.GameSystem.with_data`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Provenance = Literal["bundled", "user"]


class SystemDataKind(BaseModel):
    """One kind of user-editable data a system uses.

    Attributes:
        key: Stable key inside the system (``"trapping-diagram"``, ``"action-results-table"``).
        title: What the user sees ("Skill Trapping Diagram").
        bundled: The default document shipped with Fatesmith, or None when there is none and
            the user must supply it (the system then works without it, saying so).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=100)
    title: str
    bundled: dict[str, Any] | None = None


class SystemData(BaseModel):
    """One document of user-editable system data, as the library stores it.

    Attributes:
        system: The system id.
        key: The :attr:`SystemDataKind.key`.
        provenance: ``bundled`` (the shipped default, untouched) or ``user`` (edited/supplied).
        version: Optimistic-concurrency version of the stored row (0 before the first save).
        content: The document itself; its shape belongs to the system.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: str
    key: str
    provenance: Provenance = "bundled"
    version: int = 0
    content: dict[str, Any] = Field(default_factory=dict)
