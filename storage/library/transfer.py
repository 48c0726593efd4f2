"""Storage layer: moving records in and out of the library (the transfer part of the facade).

Imports store many characters, campaigns and encounters in one transaction (ids already taken
by an identical record are skipped, by a different one renumbered); character files and
archives (:mod:`storage.archive`) are read and written here.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rules.character import CharacterBase
from rules.errors import CharacterFileError, UnknownSystemError
from storage import archive, mappers
from storage.json_io import read_character_file, write_character_file
from storage.library.base import CHARACTER_TAGS, CHARACTERS, CampaignSettings, settings_for
from storage.library.campaigns import CampaignsMixin
from storage.library.characters import CharactersMixin
from storage.library.encounters import EncountersMixin
from storage.library.errors import LibraryError, NotFoundError
from storage.mappers import (
    Campaign,
    CharacterSummary,
    EncounterRecord,
    ImportReport,
    character_facts,
    dumps_compact,
    now,
    split_tags,
)
from storage.tables import TAG_SEPARATOR, CampaignRow, CharacterRow, EncounterRow, LibraryInfoRow


class TransferMixin(CharactersMixin, CampaignsMixin, EncountersMixin):
    """Bulk imports, character files and archives; counts and facts about the library."""

    def import_characters(
        self, characters: Sequence[CharacterBase], *, campaign_id: uuid.UUID | None = None
    ) -> list[CharacterSummary]:
        """Store already-parsed characters in one transaction (the bulk path of imports).

        A character whose id is already in the library with the same document is left as it
        is; one whose id is taken by a different document is stored as a copy with a new id.
        """
        return self.import_bundle([(c, campaign_id) for c in characters])

    def import_bundle(
        self,
        characters: Sequence[tuple[CharacterBase, uuid.UUID | None]],
        campaigns: Sequence[Campaign] = (),
        encounters: Sequence[EncounterRecord] = (),
    ) -> list[CharacterSummary]:
        """Store characters, campaigns and encounters together in one transaction.

        Campaign ids on characters and encounters may name campaigns of the bundle or of the
        library. Ids already taken by an identical record are left as they are; ids taken by a
        different record get a new id (references are rewritten). Member order within a
        campaign follows the order of ``characters``.

        Returns:
            Summaries of the characters actually added.
        """
        self._refuse_read_only()
        stamp = now()
        with self._write() as s:
            campaign_map, settings = self._insert_campaigns(s, campaigns, stamp)
            rows = self._insert_characters(s, characters, campaign_map, settings, stamp)
            self._insert_encounters(s, encounters, campaign_map, stamp)
            names = dict(
                s.execute(
                    select(CampaignRow.id, CampaignRow.name).where(
                        CampaignRow.id.in_({r["campaign_id"] for r in rows} - {None})
                    )
                ).all()
            )
        return [
            CharacterSummary(
                id=r["id"],
                name=r["name"],
                system=r["system"],
                player=r["player"],
                campaign_id=r["campaign_id"],
                campaign_name=names.get(r["campaign_id"], ""),
                headline=r["headline"],
                headline_rank=r["headline_rank"],
                tags=split_tags(r["tags"]),
                updated_at=stamp,
                version=1,
                valid=r["valid"],
            )
            for r in rows
        ]

    def _insert_campaigns(
        self, s: Session, campaigns: Sequence[Campaign], stamp: Any
    ) -> tuple[dict[uuid.UUID, uuid.UUID], dict[uuid.UUID, CampaignSettings]]:
        """Insert campaigns; returns (incoming id -> stored id, stored id -> settings)."""
        mapping: dict[uuid.UUID, uuid.UUID] = {}
        settings: dict[uuid.UUID, CampaignSettings] = {}
        for campaign in campaigns:
            row = s.get(CampaignRow, campaign.id)
            text, typed = self._checked_settings(campaign)
            if row is not None and (row.name, row.system, row.settings, row.notes) == (
                campaign.name,
                campaign.system,
                text,
                campaign.notes,
            ):
                mapping[campaign.id] = campaign.id
                settings[campaign.id] = (campaign.system, typed)
                continue
            new_id = campaign.id if row is None and campaign.id not in mapping else uuid.uuid4()
            s.add(
                CampaignRow(
                    id=new_id,
                    name=campaign.name,
                    name_lower=campaign.name.casefold(),
                    system=campaign.system,
                    settings=text,
                    notes=campaign.notes,
                    payload_version=mappers.CAMPAIGN_PAYLOAD_VERSION,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            mapping[campaign.id] = new_id
            settings[new_id] = (campaign.system, typed)
        s.flush()
        return mapping, settings

    def _insert_characters(
        self,
        s: Session,
        characters: Sequence[tuple[CharacterBase, uuid.UUID | None]],
        campaign_map: dict[uuid.UUID, uuid.UUID],
        settings: dict[uuid.UUID, CampaignSettings],
        stamp: Any,
    ) -> list[dict[str, Any]]:
        ids = [c.id for c, _ in characters]
        existing: dict[uuid.UUID, str] = {}
        for start in range(0, len(ids), 500):
            stmt = select(CharacterRow.id, CharacterRow.payload).where(
                CharacterRow.id.in_(ids[start : start + 500])
            )
            existing.update(dict(s.execute(stmt).all()))
        positions: dict[uuid.UUID, int] = {}
        rows: list[dict[str, Any]] = []
        tag_links: list[tuple[uuid.UUID, tuple[str, ...]]] = []
        for character, wanted in characters:
            campaign_id = campaign_map.get(wanted, wanted) if wanted is not None else None
            if campaign_id is not None and campaign_id not in settings:
                settings[campaign_id] = self._campaign_settings(s, campaign_id)
            own = settings_for(
                character.system, settings[campaign_id] if campaign_id is not None else None
            )
            try:
                facts = character_facts(character, self.registry, own)
            except UnknownSystemError as exc:
                raise LibraryError(f"{character.name!r}: {exc}") from None
            if character.id in existing:
                if existing[character.id] == facts.payload:
                    continue
                character = character.model_copy(update={"id": uuid.uuid4()})
                facts = character_facts(character, self.registry, own)
            existing[character.id] = facts.payload
            position = 0
            if campaign_id is not None:
                if campaign_id not in positions:
                    positions[campaign_id] = self._next_position(s, campaign_id)
                position = positions[campaign_id]
                positions[campaign_id] += 1
            rows.append(
                {
                    "id": character.id,
                    "system": facts.system,
                    "name": facts.name,
                    "name_lower": facts.name.casefold(),
                    "player": facts.player,
                    "campaign_id": campaign_id,
                    "campaign_position": position,
                    "headline": facts.headline,
                    "headline_rank": facts.headline_rank,
                    "valid": facts.valid,
                    "tags": TAG_SEPARATOR.join(facts.tags),
                    "search_text": facts.search_text,
                    "payload": facts.payload,
                    "payload_version": facts.payload_version,
                    "version": 1,
                    "created_at": stamp,
                    "updated_at": stamp,
                }
            )
            if facts.tags:
                tag_links.append((character.id, facts.tags))
        if rows:
            s.execute(CHARACTERS.insert(), rows)
        if tag_links:
            all_tags = list(dict.fromkeys(t for _, tags in tag_links for t in tags))
            keys = [t.casefold() for t in all_tags]
            tag_ids = dict(zip(keys, self._tag_ids(s, all_tags), strict=True))
            links = [
                {"character_id": cid, "tag_id": tag_ids[t.casefold()]}
                for cid, tags in tag_links
                for t in tags
            ]
            s.execute(CHARACTER_TAGS.insert(), links)
        return rows

    @staticmethod
    def _insert_encounters(
        s: Session,
        encounters: Sequence[EncounterRecord],
        campaign_map: dict[uuid.UUID, uuid.UUID],
        stamp: Any,
    ) -> None:
        for record in encounters:
            payload = dumps_compact(record.payload)
            campaign_id = (
                campaign_map.get(record.campaign_id, record.campaign_id)
                if record.campaign_id is not None
                else None
            )
            row = s.get(EncounterRow, record.id)
            if row is not None and (row.name, row.payload, row.campaign_id, row.is_template) == (
                record.name,
                payload,
                campaign_id,
                record.is_template,
            ):
                continue
            if campaign_id is not None and s.get(CampaignRow, campaign_id) is None:
                raise NotFoundError(
                    f"encounter {record.name!r}: its campaign is not in the library"
                )
            s.add(
                EncounterRow(
                    id=record.id if row is None else uuid.uuid4(),
                    name=record.name,
                    campaign_id=campaign_id,
                    is_template=record.is_template,
                    payload=payload,
                    payload_version=mappers.ENCOUNTER_PAYLOAD_VERSION,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
        s.flush()

    def import_character_files(self, paths: Sequence[Path]) -> ImportReport:
        """Import ``*.fatesmith.json`` files; good ones are stored, bad ones reported by name.

        All good files are stored in one transaction.
        """
        self._refuse_read_only()
        good: list[CharacterBase] = []
        failed: list[tuple[str, str]] = []
        for path in paths:
            try:
                good.append(read_character_file(Path(path), self.registry))
            except CharacterFileError as exc:
                failed.append((Path(path).name, str(exc)))
        imported = self.import_characters(good)
        return ImportReport(imported=tuple(imported), failed=tuple(failed))

    def export_character_file(self, character_id: uuid.UUID, path: Path) -> None:
        """Write one character as a ``*.fatesmith.json`` file (atomically)."""
        stored = self.get_character(character_id)
        try:
            write_character_file(Path(path), stored.character)
        except OSError as exc:
            raise LibraryError(f"cannot write {path}: {exc.strerror or exc}") from None

    def export_archive(self, path: Path, *, campaign_id: uuid.UUID | None = None) -> None:
        """Write the whole library, or one campaign, as a zip archive (see storage.archive).

        Raises:
            NotFoundError: ``campaign_id`` is not in the library.
            LibraryError: the file cannot be written, or a campaign or encounter cannot be
                read by this version (see ``Campaign.problem``).
        """
        if campaign_id is None:
            campaigns = self.list_campaigns()
            encounters = self.list_encounters()
            payloads = self.payloads()
            scope = "library"
        else:
            campaign = self.get_campaign(campaign_id)
            campaigns = [campaign]
            encounters = self.list_encounters(campaign_id)
            payloads = self.payloads(campaign.member_ids)
            scope = "campaign"
        problems = [c.problem for c in campaigns if c.problem]
        problems += [e.problem for e in encounters if e.problem]
        if problems:
            # Exporting its stand-in (default settings, empty state) would lose it for good.
            raise LibraryError(f"cannot export: {problems[0]}")
        try:
            archive.export_archive(
                Path(path),
                scope=scope,
                campaigns=campaigns,
                encounters=encounters,
                payloads=payloads,
            )
        except archive.ArchiveError as exc:
            raise LibraryError(str(exc)) from None

    def import_archive(self, path: Path, *, partial: bool = False) -> ImportReport:
        """Import an archive in one transaction.

        Args:
            partial: False (default): any bad file refuses the whole archive, naming it.
                True: import the good files and report the bad ones.

        Raises:
            LibraryError: the archive is refused (hostile, damaged, or a bad file when not
                partial).
        """
        self._refuse_read_only()
        try:
            contents = archive.read_archive(Path(path), self.registry)
        except archive.ArchiveError as exc:
            raise LibraryError(str(exc)) from None
        if contents.failed and not partial:
            name, reason = contents.failed[0]
            more = len(contents.failed) - 1
            extra = f" (and {more} more bad file{'s' if more != 1 else ''})" if more else ""
            raise LibraryError(f"{name}: {reason}{extra}; nothing was imported")
        imported = self.import_bundle(contents.characters, contents.campaigns, contents.encounters)
        return ImportReport(imported=tuple(imported), failed=contents.failed)

    def counts(self) -> dict[str, int]:
        """How many characters, campaigns and encounters the library holds."""
        with self._read() as s:
            return {
                "characters": int(s.execute(select(func.count(CharacterRow.id))).scalar() or 0),
                "campaigns": int(s.execute(select(func.count(CampaignRow.id))).scalar() or 0),
                "encounters": int(s.execute(select(func.count(EncounterRow.id))).scalar() or 0),
            }

    def info(self) -> dict[str, str]:
        """Facts recorded about the library (e.g. ``created_at``)."""
        with self._read() as s:
            return dict(s.execute(select(LibraryInfoRow.key, LibraryInfoRow.value)).all())


def document_text(payload: str) -> str:
    """A stored payload as file text (indented), identical to what ``export`` writes."""
    return json.dumps(json.loads(payload), indent=2, ensure_ascii=False) + "\n"
