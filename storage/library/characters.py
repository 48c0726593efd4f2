"""Storage layer: the characters part of the library facade (listing, search, load, save, tags).

Listing reads Core rows, not ORM entities, and builds summaries without validation: listing
10,000 characters must stay fast. Saves carry the version the caller loaded (optimistic
concurrency) and store the summary columns, search text and payload computed by
:func:`storage.mappers.character_facts`.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from types import EllipsisType
from typing import Any

from sqlalchemy import String, and_, delete, or_, select, type_coerce
from sqlalchemy.orm import Session

from rules.character import CharacterBase
from rules.errors import CharacterFileError, UnknownSystemError
from storage.db_values import utc
from storage.library.base import CAMPAIGNS, CHARACTERS, LibraryBase, rows_changed, settings_for
from storage.library.errors import LibraryError, NotFoundError, check_version
from storage.mappers import (
    CharacterFacts,
    CharacterSummary,
    SearchQuery,
    StoredCharacter,
    character_facts,
    load_character,
    now,
    summary_from_row,
)
from storage.search_syntax import ParsedSearch, blob_matches, parse_search, search_blob
from storage.tables import TAG_SEPARATOR, CharacterRow, CharacterTagRow, TagRow

KEEP: EllipsisType = ...
"""``campaign_id=KEEP``: leave a saved character in the campaign it is in."""


def escape_like(term: str) -> str:
    """``term`` with LIKE's wildcards escaped (the escape character is a backslash)."""
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class CharactersMixin(LibraryBase):
    """Characters: listing and search, load, save, duplicate, delete, tags."""

    @staticmethod
    def _summary_select() -> Any:
        c, p = CHARACTERS.c, CAMPAIGNS.c
        # ids and times come back as the driver gives them (no per-value SQLAlchemy result
        # processing); summary_from_row converts them, caching the few campaign ids.
        return select(
            type_coerce(c.id, String),
            c.name,
            c.system,
            c.player,
            type_coerce(c.campaign_id, String),
            p.name,
            c.headline,
            c.headline_rank,
            c.tags,
            type_coerce(c.updated_at, String),
            c.version,
            c.valid,
        ).select_from(CHARACTERS.outerjoin(CAMPAIGNS, p.id == c.campaign_id))

    def list_characters(self, query: SearchQuery | None = None) -> list[CharacterSummary]:
        """Summaries of the characters matching ``query`` (all when None), sorted by name.

        Each word or quoted phrase of ``query.text`` must appear (case-insensitively) in the
        character's search text or its campaign's name, and each field term (``skill:guns``,
        see :mod:`storage.search_syntax`) in one entry of that field.
        """
        c, p = CHARACTERS.c, CAMPAIGNS.c
        stmt = self._summary_select()
        check = ParsedSearch()
        if query is not None:
            if query.system:
                stmt = stmt.where(c.system == query.system)
            if query.campaign_id is not None:
                stmt = stmt.where(c.campaign_id == query.campaign_id)
            if query.tag:
                tagged = (
                    select(CharacterTagRow.character_id)
                    .join(TagRow, TagRow.id == CharacterTagRow.tag_id)
                    .where(TagRow.key == query.tag.strip().casefold())
                )
                stmt = stmt.where(c.id.in_(tagged))
            search = parse_search(query.text)
            for word in search.words:
                pattern = f"%{escape_like(word)}%"
                stmt = stmt.where(
                    or_(
                        c.search_text.like(pattern, escape="\\"),
                        and_(p.name_lower.is_not(None), p.name_lower.like(pattern, escape="\\")),
                    )
                )
            for term in search.fields:
                pattern = f"%{escape_like(term.value)}%"
                if term.field == "campaign":
                    stmt = stmt.where(p.name_lower.like(pattern, escape="\\"))
                else:
                    # Narrows to the rows holding the value somewhere; which part holds it
                    # is checked on the search text below (LIKE cannot stay within a line).
                    stmt = stmt.where(c.search_text.like(pattern, escape="\\"))
            check = ParsedSearch(fields=tuple(t for t in search.fields if t.field != "campaign"))
            if check.fields:
                stmt = stmt.add_columns(c.search_text)
        stmt = stmt.order_by(c.name_lower, c.id)
        with self._read() as s:
            # Core rows, not ORM entities: listing 10,000 characters must stay fast.
            rows = s.connection().execute(stmt).all()
        if check.fields:
            rows = [row for row in rows if blob_matches(check, row[-1])]
        campaigns: dict[Any, uuid.UUID] = {}
        return [summary_from_row(row, campaigns) for row in rows]

    def character_summary(self, character_id: uuid.UUID) -> CharacterSummary:
        """The listing row of one character.

        Raises:
            NotFoundError: no such character.
        """
        stmt = self._summary_select().where(CHARACTERS.c.id == character_id)
        with self._read() as s:
            row = s.connection().execute(stmt).first()
        if row is None:
            raise NotFoundError("that character is not in the library (deleted elsewhere?)")
        return summary_from_row(row, {})

    def get_character(self, character_id: uuid.UUID) -> StoredCharacter:
        """Load one character with its version.

        Raises:
            NotFoundError: no such character.
            LibraryError: its stored payload cannot be read by this version.
        """
        with self._read() as s:
            row = s.get(CharacterRow, character_id)
            if row is None:
                raise NotFoundError("that character is not in the library (deleted elsewhere?)")
            payload, version, updated, campaign_id, name = (
                row.payload,
                row.version,
                row.updated_at,
                row.campaign_id,
                row.name,
            )
        try:
            character = load_character(payload, self.registry)
        except (CharacterFileError, ValueError) as exc:
            raise LibraryError(f"character {name!r} cannot be loaded: {exc}") from None
        return StoredCharacter(
            character=character, version=version, updated_at=utc(updated), campaign_id=campaign_id
        )

    def _facts(
        self, s: Session, character: CharacterBase, campaign_id: uuid.UUID | None
    ) -> CharacterFacts:
        settings = None
        if campaign_id is not None:
            settings = settings_for(character.system, self._campaign_settings(s, campaign_id))
        try:
            return character_facts(character, self.registry, settings)
        except UnknownSystemError as exc:
            raise LibraryError(str(exc)) from None

    def save_character(
        self,
        character: CharacterBase,
        *,
        expected_version: int | None,
        campaign_id: uuid.UUID | EllipsisType | None = KEEP,
    ) -> int:
        """Store ``character`` in one transaction and return its new version.

        Args:
            character: The character (its ``id`` is the library key).
            expected_version: The version it was loaded at; None for a new character.
            campaign_id: Campaign to put it in, None for none; leave out to keep its campaign.

        Raises:
            ConflictError: it was changed or deleted since ``expected_version``, or (when None)
                a character with this id exists already.
            LibraryReadOnlyError: the library is read-only.
        """
        with self._write() as s:
            return self._save_in(s, character, expected_version, campaign_id)

    def save_characters(self, changes: Sequence[tuple[CharacterBase, int]]) -> list[int]:
        """Store several stored characters in one transaction: all of them or none.

        Each keeps its campaign. This is how an encounter's results are written back to its
        cast and taken back again.

        Args:
            changes: (character, the version it was loaded at) pairs.

        Returns:
            Their new versions, in order.

        Raises:
            ConflictError: one of them was changed or deleted since (nothing is stored).
            LibraryReadOnlyError: the library is read-only.
        """
        with self._write() as s:
            return [self._save_in(s, c, version, KEEP) for c, version in changes]

    def _save_in(
        self,
        s: Session,
        character: CharacterBase,
        expected_version: int | None,
        campaign_id: uuid.UUID | EllipsisType | None,
    ) -> int:
        """Store one character inside the session ``s`` (see :meth:`save_character`)."""
        row = s.get(CharacterRow, character.id)
        check_version(
            row, expected_version, "character", character.name or "this character",
            deleted_hint="save it as a new character instead",
            changed_hint="reload it or save yours as a copy",
        )  # fmt: skip
        if isinstance(campaign_id, EllipsisType):
            target = row.campaign_id if row is not None else None
        else:
            target = campaign_id
        facts = self._facts(s, character, target)
        stamp = now()
        position = None
        if target is not None and (row is None or row.campaign_id != target):
            position = self._next_position(s, target)
        if row is None:
            row = CharacterRow(id=character.id, created_at=stamp, campaign_position=0)
            s.add(row)
        if position is not None:
            row.campaign_position = position
        row.campaign_id = target
        self._apply_facts(row, facts, stamp)
        s.flush()
        self._sync_tags(s, character.id, facts.tags)
        return row.version

    @staticmethod
    def _apply_facts(row: CharacterRow, facts: CharacterFacts, stamp: Any) -> None:
        row.system = facts.system
        row.name = facts.name
        row.name_lower = facts.name.casefold()
        row.player = facts.player
        row.headline = facts.headline
        row.headline_rank = facts.headline_rank
        row.valid = facts.valid
        row.tags = TAG_SEPARATOR.join(facts.tags)
        row.search_text = facts.search_text
        row.payload = facts.payload
        row.payload_version = facts.payload_version
        row.updated_at = stamp

    def delete_character(self, character_id: uuid.UUID) -> None:
        """Remove a character (its tags go with it; campaigns just lose a member).

        Raises:
            NotFoundError: no such character.
        """
        with self._write() as s:
            result = s.execute(delete(CharacterRow).where(CharacterRow.id == character_id))
            if not rows_changed(result):
                raise NotFoundError("that character is not in the library (deleted elsewhere?)")

    def duplicate_character(self, character_id: uuid.UUID) -> CharacterSummary:
        """Store a copy with a new id, named "... (copy)", in the same campaign."""
        stored = self.get_character(character_id)
        original = stored.character
        name = f"{original.name} (copy)" if original.name else "(copy)"
        data = original.model_dump()
        data.update(id=uuid.uuid4(), name=name[:200])
        copy = type(original).model_validate(data)
        self.save_character(copy, expected_version=None, campaign_id=stored.campaign_id)
        return self.character_summary(copy.id)

    def set_tags(self, character_id: uuid.UUID, tags: Sequence[str]) -> None:
        """Replace a character's tags (stored in its document too, so its version goes up)."""
        stored = self.get_character(character_id)
        data = stored.character.model_dump()
        data["tags"] = tuple(tags)
        changed = type(stored.character).model_validate(data)
        self.save_character(changed, expected_version=stored.version)

    def all_tags(self) -> list[str]:
        """Every tag some character carries, sorted without regard to case."""
        stmt = (
            select(TagRow.name)
            .where(TagRow.id.in_(select(CharacterTagRow.tag_id)))
            .order_by(TagRow.key)
        )
        with self._read() as s:
            return list(s.execute(stmt).scalars())

    def search_texts(self, ids: Sequence[uuid.UUID] | None = None) -> list[tuple[uuid.UUID, str]]:
        """(id, searchable text) of the characters ``ids`` (all when None), by id: the stored
        search text (:func:`storage.mappers.character_facts`) plus a line for the campaign's
        name, so an in-memory index (:class:`gui.models.library_model.SearchIndex`) matches
        exactly what :meth:`list_characters` matches, without parsing any character."""
        c, p = CHARACTERS.c, CAMPAIGNS.c
        stmt = (
            select(c.id, c.search_text, p.name)
            .select_from(CHARACTERS.outerjoin(CAMPAIGNS, p.id == c.campaign_id))
            .order_by(c.id)
        )
        if ids is not None:
            stmt = stmt.where(c.id.in_(list(ids)))
        with self._read() as s:
            rows = s.connection().execute(stmt).all()
        out = []
        for character_id, text, campaign in rows:
            line = search_blob([("campaign", campaign or "")])
            out.append((character_id, f"{text}\n{line}" if text and line else text or line))
        return out

    def payloads(self, ids: Sequence[uuid.UUID] | None = None) -> list[tuple[uuid.UUID, str]]:
        """(id, stored JSON document) of the characters ``ids`` (all when None), by id."""
        stmt = select(CharacterRow.id, CharacterRow.payload).order_by(CharacterRow.id)
        if ids is not None:
            stmt = stmt.where(CharacterRow.id.in_(list(ids)))
        with self._read() as s:
            return [(i, p) for i, p in s.execute(stmt).all()]
