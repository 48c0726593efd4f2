"""GUI layer: the one place that reads SotC novels and guest stars from a library.

SotC's Phase Three names each character's own novel; Phases Four and Five cast the character as
a guest star in two others' novels (SotC, Character Creation: Phase Three to Phase Five).
:class:`CampaignNovels` answers, for one main window, which novels a character may guest-star
in (the campaign's other members', or everyone's outside a campaign) and who was cast into its
own novel. An index of the novels is read from the stored documents on a worker and kept up to
date as characters are saved or deleted; until it is ready, only SotC documents are read.
Characters open in tabs count with their unsaved state.
"""

from __future__ import annotations

import uuid
from typing import Any

from PySide6.QtCore import QObject

from gui.workspace import Workspace
from rules.systems.sotc.character import NovelRef

Facts = tuple[str, str, dict[int, str | None]]
"""(name, own novel title, {4: id of the novel guest-starred in, 5: ...})."""


def novel_of(document: Any, system_id: str) -> tuple[str, str] | None:
    """(novel title, author) of a stored character document of ``system_id`` whose Phase Three
    names its novel, else None (read straight from the JSON, without validating it)."""
    if not isinstance(document, dict) or document.get("system") != system_id:
        return None
    phases = document.get("phases") or []
    if len(phases) < 3 or not isinstance(phases[2], dict):
        return None
    title = str(phases[2].get("novel_title", "") or "")
    return (title, str(document.get("name", ""))) if title.strip() else None


def facts_of_document(data: Any) -> Facts:
    """Name, own novel and the novels guest-starred in, from a stored document."""
    if not isinstance(data, dict):
        return "", "", {4: None, 5: None}
    phases = data.get("phases") or []
    title = ""
    if len(phases) >= 3 and isinstance(phases[2], dict):
        title = str(phases[2].get("novel_title") or "")
    cast: dict[int, str | None] = {4: None, 5: None}
    for number in (4, 5):
        if len(phases) >= number and isinstance(phases[number - 1], dict):
            ref = phases[number - 1].get("guest_star_in") or {}
            if isinstance(ref, dict) and ref.get("character_id"):
                cast[number] = str(ref["character_id"])
    return str(data.get("name") or ""), title, cast


def facts_of_character(character: Any) -> Facts:
    """The same facts from a SotC character (an open tab's current state)."""
    cast: dict[int, str | None] = {}
    for n in (4, 5):
        ref = character.phase(n).guest_star_in
        cast[n] = str(ref.character_id) if ref is not None and ref.character_id else None
    return character.name, character.phase(3).novel_title, cast


class CampaignNovels(QObject):
    """SotC novels and guest-star casting of one window's library.

    Args:
        workspace: The window's library, listing and open documents.
        system_id: SotC's id (its characters are the ones read).
    """

    def __init__(self, workspace: Workspace, system_id: str) -> None:
        super().__init__(workspace)
        self._workspace = workspace
        self._system_id = system_id
        self.index: dict[uuid.UUID, tuple[str, str]] | None = None
        """Character id -> (novel title, author); None while (re)building."""
        self._request = 0
        workspace.listing_reloaded.connect(self.rebuild)
        workspace.character_stored.connect(self._on_stored)
        workspace.character_removed.connect(self._on_removed)
        self.rebuild()

    # -- the index --------------------------------------------------------------------------------

    def rebuild(self) -> None:
        """Read the novels of every SotC character again, on a worker."""
        self.index = None
        self._request += 1
        if not self._workspace.is_ready():
            return
        request = self._request
        system_id = self._system_id
        wanted = [s.id for s in self._workspace.rows() if s.system == system_id]

        def job(library: Any) -> dict[uuid.UUID, tuple[str, str]]:
            import json

            novels: dict[uuid.UUID, tuple[str, str]] = {}
            for character_id, payload in library.payloads(wanted) if wanted else []:
                try:
                    novel = novel_of(json.loads(payload), system_id)
                except json.JSONDecodeError:
                    continue
                if novel is not None:
                    novels[character_id] = novel
            return novels

        def done(result: dict[uuid.UUID, tuple[str, str]]) -> None:
            if request == self._request:
                self.index = result

        self._workspace.run_with_library(job, done)

    def _on_stored(self, character_id: uuid.UUID, document: Any) -> None:
        if self.index is None:
            return
        novel = novel_of(document, self._system_id)
        if novel is None:
            self.index.pop(character_id, None)
        else:
            self.index[character_id] = novel

    def _on_removed(self, character_id: uuid.UUID) -> None:
        if self.index is not None:
            self.index.pop(character_id, None)

    # -- answers ----------------------------------------------------------------------------------

    def novels_for(self, document: Any) -> list[NovelRef]:
        """The other characters' novels a character can guest-star in (phases four and five).

        Inside a campaign: the other members' novels; otherwise every other SotC character's.
        Answered from the index (no parsing); while that is being built, only the stored
        documents of SotC characters are read.
        """
        own = document.character.id
        members_ids = self._workspace.campaign_members(document.campaign_id)
        members = set(members_ids) if members_ids is not None else None
        novels = self.index
        if novels is None:
            wanted = [
                s.id
                for s in self._workspace.rows()
                if s.system == self._system_id
                and s.id != own
                and (members is None or s.id in members)
            ]
            novels = {}
            for character_id, data in self._workspace.stored_documents(wanted).items():
                novel = novel_of(data, self._system_id)
                if novel is not None:
                    novels[character_id] = novel
        out = [
            NovelRef(title=title, author=author, character_id=character_id)
            for character_id, (title, author) in novels.items()
            if character_id != own and (members is None or character_id in members)
        ]
        out.sort(key=lambda n: (n.title.casefold(), n.author.casefold()))
        return out

    def guest_stars_for(self, document: Any) -> list[str]:
        """Names of the characters cast into this character's novel (SotC, Phase Three).

        From the campaign's casting: the other members whose Phase Four or Five
        ``guest_star_in`` names this character (by id, or by the novel's title when no id was
        recorded); open members are read from their tabs (unsaved casting counts). Outside a
        campaign there is no casting, so none.
        """
        from storage.json_io import character_to_document

        members = self._workspace.campaign_members(document.campaign_id)
        if members is None:
            return []
        own = document.character.id
        own_phases: Any = getattr(document.character, "phases", ())
        own_title = own_phases[2].novel_title.strip().casefold() if len(own_phases) >= 3 else ""
        documents: dict[uuid.UUID, Any] = {}
        closed = []
        for member in members:
            if member == own:
                continue
            open_document = self._workspace.open_document(member)
            if open_document is not None:
                documents[member] = character_to_document(open_document.character)
            else:
                closed.append(member)
        documents.update(self._workspace.stored_documents(closed))
        names: list[str] = []
        for member in members:
            member_document = documents.get(member)
            if not isinstance(member_document, dict):
                continue
            phases = member_document.get("phases") or []
            for phase in phases[3:5]:
                ref = phase.get("guest_star_in") if isinstance(phase, dict) else None
                if not isinstance(ref, dict):
                    continue
                if ref.get("character_id"):
                    cast = str(ref["character_id"]) == str(own)
                else:
                    title = str(ref.get("title") or "").strip().casefold()
                    cast = bool(own_title) and title == own_title
                name = str(member_document.get("name") or "").strip()
                if cast and name and name not in names:
                    names.append(name)
        return names

    def member_facts(
        self, ids: list[uuid.UUID], cache: dict[uuid.UUID, Any]
    ) -> dict[uuid.UUID, Facts]:
        """Name, own novel and casting of each of ``ids`` (open tabs' unsaved state first).

        Args:
            ids: The members.
            cache: Stored documents already read (filled with the ones read now).
        """
        missing = [i for i in ids if i not in cache]
        if missing:
            cache.update(self._workspace.stored_documents(missing))
        out = {}
        for character_id in ids:
            open_document = self._workspace.open_document(character_id)
            if open_document is not None:  # an open tab may hold newer, unsaved choices
                out[character_id] = facts_of_character(open_document.character)
            else:
                out[character_id] = facts_of_document(cache.get(character_id, {}))
        return out
