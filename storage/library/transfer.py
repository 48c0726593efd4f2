"""Storage layer: moving records in and out of the library (the transfer part of the facade).

Imports store many characters, campaigns and encounters in one transaction (ids already taken
by an identical record are skipped, by a different one renumbered; a character stored
differently under the same id is replaced, kept beside the import or skipped, as the caller
chooses); character files and archives (:mod:`storage.archive`) are read and written here.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from rules.character import MAX_NAME, CharacterBase
from rules.errors import CharacterFileError, FatesmithError, UnknownSystemError
from rules.system_data import SystemData
from rules.systems.registry import SystemRegistry
from storage import archive, mappers
from storage.json_io import read_character_file, write_character_file
from storage.library.base import CHARACTER_TAGS, CHARACTERS, CampaignSettings, settings_for
from storage.library.campaigns import CampaignsMixin
from storage.library.characters import CharactersMixin
from storage.library.encounters import EncountersMixin
from storage.library.errors import LibraryError, NotFoundError
from storage.library.system_data import put_document
from storage.mappers import (
    Campaign,
    CharacterSummary,
    EncounterRecord,
    ImportReport,
    character_facts,
    dumps_compact,
    name_key,
    now,
    refuse_bad_text,
    split_tags,
)
from storage.safe_read import shown
from storage.tables import (
    TAG_SEPARATOR,
    CampaignRow,
    CharacterRow,
    EncounterRow,
    LibraryInfoRow,
    SystemDataRow,
)

DUPLICATE_CHOICES: tuple[str, ...] = ("keep-both", "replace", "skip")
"""What an import does with a character stored differently under the same id."""
DEFAULT_ON_DUPLICATE = "keep-both"
"""Keep both (the imported one as a new copy): the choice that never loses anything."""

OnDuplicate = str | Mapping[uuid.UUID, str]
"""One of :data:`DUPLICATE_CHOICES` for every character, or a choice per character id."""

DataKind = tuple[str, str]
"""(system id, kind key): one document of a system's rules data."""
OnRulesData = str | Mapping[DataKind, str] | None
"""What an import does with rules data the library holds differently, made by the user: one
of :data:`DUPLICATE_CHOICES` for all, a choice per (system, key), or None (follow
``on_duplicate`` when it is one choice for all, else keep both). "keep-both" keeps the
library's: there is one document per kind, so keeping it is what loses nothing."""


def duplicate_choice(on_duplicate: OnDuplicate, character_id: uuid.UUID) -> str:
    """The choice for ``character_id`` (refusing one that is not in :data:`DUPLICATE_CHOICES`)."""
    choice = (
        on_duplicate
        if isinstance(on_duplicate, str)
        else on_duplicate.get(character_id, DEFAULT_ON_DUPLICATE)
    )
    if choice not in DUPLICATE_CHOICES:
        raise LibraryError(
            f"unknown choice for duplicates {choice!r} (one of {', '.join(DUPLICATE_CHOICES)})"
        )
    return choice


@dataclass
class _Outcome:
    """What happened to the characters already in the library (see ``ImportReport``)."""

    replaced: list[dict[str, Any]] = field(default_factory=list)
    copies: list[uuid.UUID] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


_NUMBERED = re.compile(r"(.*) \((\d+)\)")


def copy_name(name: str, taken: set[str]) -> str:
    """The name of a kept copy of ``name``: "Name (2)", or "(3)" and on when that is taken
    (``taken``: the library's names as :func:`storage.mappers.name_key` keys); the copy of a
    copy counts on from its original's name."""
    numbered = _NUMBERED.fullmatch(name)
    base = numbered.group(1) if numbered else name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = base[: MAX_NAME - len(suffix)] + suffix
        if name_key(candidate) not in taken:
            return candidate
        number += 1


def report_lines(report: ImportReport) -> list[str]:
    """One line per character an import touched or left alone, in words for the user:
    ``imported X``, ``replaced X``, ``kept both: X (2) (new copy)``, ``skipped X: already in the
    library, unchanged``, ``skipped X: already in the library (a different version)``."""
    copies = set(report.copies)
    lines = []
    for summary in report.imported:
        name = summary.name or "(unnamed)"
        if summary.id in copies:
            lines.append(f"kept both: {name} (new copy {summary.id})")
        else:
            lines.append(f"imported {name} ({summary.id})")
    lines += [f"replaced {s.name or '(unnamed)'} ({s.id})" for s in report.replaced]
    lines += [
        f"skipped {name or '(unnamed)'}: already in the library, unchanged"
        for name in report.unchanged
    ]
    lines += [
        f"skipped {name or '(unnamed)'}: already in the library (a different version)"
        for name in report.skipped
    ]
    lines += [RULES_DATA_WORDS[outcome].format(what) for what, outcome in report.rules_data]
    return lines


RULES_DATA_WORDS = {
    "imported": "imported rules data: {}",
    "replaced": "replaced rules data: {} (the library's own was overwritten)",
    "unchanged": "skipped rules data {}: unchanged",
    "kept": "kept the library's rules data {}: the archive holds a different version "
    "(--on-duplicate replace takes the archive's)",
    "skipped": "skipped rules data {}: the library has its own (a different version)",
}
"""The line ``library import`` prints for each outcome of a rules-data document."""


def rules_data_choice(on_rules_data: OnRulesData, on_duplicate: OnDuplicate, kind: DataKind) -> str:
    """The choice for rules data ``kind`` (see :data:`OnRulesData`)."""
    if on_rules_data is None:
        choice = on_duplicate if isinstance(on_duplicate, str) else DEFAULT_ON_DUPLICATE
    elif isinstance(on_rules_data, str):
        choice = on_rules_data
    else:
        choice = on_rules_data.get(kind, DEFAULT_ON_DUPLICATE)
    if choice not in DUPLICATE_CHOICES:
        raise LibraryError(
            f"unknown choice for duplicates {choice!r} (one of {', '.join(DUPLICATE_CHOICES)})"
        )
    return choice


class TransferMixin(CharactersMixin, CampaignsMixin, EncountersMixin):
    """Bulk imports, character files and archives; counts and facts about the library."""

    @staticmethod
    def _names_like(s: Session, name: str) -> set[str]:
        """The name keys of stored characters whose names start as ``name`` does without a
        number (the names a copy's "(2)" must not repeat)."""
        numbered = _NUMBERED.fullmatch(name)
        prefix = name_key(numbered.group(1) if numbered else name)
        stmt = select(CharacterRow.name_lower).where(
            CharacterRow.name_lower.startswith(prefix, autoescape=True)
        )
        return set(s.execute(stmt).scalars())

    def import_characters(
        self,
        characters: Sequence[CharacterBase],
        *,
        campaign_id: uuid.UUID | None = None,
        on_duplicate: OnDuplicate = DEFAULT_ON_DUPLICATE,
    ) -> list[CharacterSummary]:
        """Store already-parsed characters in one transaction (the bulk path of imports).

        A character whose id is already in the library with the same document is left as it
        is; one whose id is taken by a different document is handled as ``on_duplicate`` says
        (see :meth:`import_report`).
        """
        return self.import_bundle([(c, campaign_id) for c in characters], on_duplicate=on_duplicate)

    def import_bundle(
        self,
        characters: Sequence[tuple[CharacterBase, uuid.UUID | None]],
        campaigns: Sequence[Campaign] = (),
        encounters: Sequence[EncounterRecord] = (),
        *,
        on_duplicate: OnDuplicate = DEFAULT_ON_DUPLICATE,
    ) -> list[CharacterSummary]:
        """Store characters, campaigns and encounters together in one transaction.

        See :meth:`import_report`.

        Returns:
            Summaries of the characters actually added.
        """
        report = self.import_report(characters, campaigns, encounters, on_duplicate=on_duplicate)
        return list(report.imported)

    def import_report(
        self,
        characters: Sequence[tuple[CharacterBase, uuid.UUID | None]],
        campaigns: Sequence[Campaign] = (),
        encounters: Sequence[EncounterRecord] = (),
        *,
        on_duplicate: OnDuplicate = DEFAULT_ON_DUPLICATE,
        system_data: Sequence[SystemData] = (),
        on_rules_data: OnRulesData = None,
    ) -> ImportReport:
        """Store characters, campaigns and encounters together in one transaction.

        Campaign ids on characters and encounters may name campaigns of the bundle or of the
        library. Ids already taken by an identical record are left as they are. A campaign or
        encounter whose id is taken by a different one gets a new id (references are
        rewritten). A character whose id is taken by a different character is handled as
        ``on_duplicate`` says: ``"keep-both"`` (the default: stored as a new copy with a new
        id), ``"replace"`` (the stored one is overwritten, keeping its campaign unless the
        bundle names one, its version raised) or ``"skip"``; a mapping gives the choice per
        character id (missing ids: keep both). Member order within a campaign follows the
        order of ``characters``.

        ``system_data`` (an archive's rules data) is stored first, in the same transaction:
        a document the library lacks, or holds only as the bundled default, is stored; one the
        library holds differently as the user's own is handled as ``on_rules_data`` says (see
        :data:`OnRulesData`). The characters are then validated and listed under the rules
        data the library will hold.

        Returns:
            What was done to each character and rules data (``failed`` is left empty).
        """
        self._refuse_read_only()
        stamp = now()
        plan, outcomes = self._plan_rules_data(system_data, on_rules_data, on_duplicate)
        registry = self.registry
        if plan:
            documents = self._stored_documents()
            for doc, _expected in plan:
                documents.setdefault(doc.system, {})[doc.key] = doc
            registry = self._systems.bind(documents)
        with self._write() as s:
            for doc, expected in plan:
                put_document(s, doc.system, doc.key, doc.content, doc.provenance, expected)
            campaign_map, settings = self._insert_campaigns(s, campaigns, stamp)
            rows, outcome = self._insert_characters(
                s, characters, campaign_map, settings, stamp, on_duplicate, registry
            )
            self._insert_encounters(s, encounters, campaign_map, stamp)
            if plan:
                self._bound = None  # bound again, to the imported rules data, on next use
            wanted = {r["campaign_id"] for r in [*rows, *outcome.replaced]} - {None}
            names = dict(
                s.execute(
                    select(CampaignRow.id, CampaignRow.name).where(CampaignRow.id.in_(wanted))
                ).all()
            )

        def summary(r: dict[str, Any]) -> CharacterSummary:
            return CharacterSummary(
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
                version=r["version"],
                valid=r["valid"],
            )

        return ImportReport(
            imported=tuple(summary(r) for r in rows),
            replaced=tuple(summary(r) for r in outcome.replaced),
            copies=tuple(outcome.copies),
            unchanged=tuple(outcome.unchanged),
            skipped=tuple(outcome.skipped),
            rules_data=tuple(outcomes),
        )

    def _plan_rules_data(
        self,
        documents: Sequence[SystemData],
        on_rules_data: OnRulesData,
        on_duplicate: OnDuplicate,
    ) -> tuple[list[tuple[SystemData, int | None]], list[tuple[str, str]]]:
        """(document to store, the stored version it replaces or None) for each of an
        archive's rules data the import stores, and (what, outcome) for each of them."""
        if not documents:
            return [], []
        with self._read() as s:
            stored = {
                (row.system, row.key): (row.provenance, row.content, row.version)
                for row in s.execute(select(SystemDataRow)).scalars()
            }
        plan: list[tuple[SystemData, int | None]] = []
        outcomes: list[tuple[str, str]] = []
        for doc in documents:
            kind = (doc.system, doc.key)
            what = self._rules_data_title(doc.system, doc.key)
            held = stored.get(kind)
            if held is not None and held[:2] == (doc.provenance, dumps_compact(doc.content)):
                outcomes.append((what, "unchanged"))
                continue
            if held is None or held[0] != "user":
                plan.append((doc, held[2] if held is not None else None))
                outcomes.append((what, "imported"))
                continue
            choice = rules_data_choice(on_rules_data, on_duplicate, kind)
            if choice == "replace":
                plan.append((doc, held[2]))
                outcomes.append((what, "replaced"))
            else:
                outcomes.append((what, "kept" if choice == "keep-both" else "skipped"))
        return plan, outcomes

    def _rules_data_title(self, system_id: str, key: str) -> str:
        """``ART Engine: Action Results Table``: a document of rules data in words."""
        try:
            system = self._systems.get(system_id)
        except FatesmithError:
            return f"{system_id}: {key}"
        title = next((k.title for k in system.data_kinds if k.key == key), key)
        return f"{system.info.name}: {title}"

    def rules_data_in_files(self, paths: Sequence[Path]) -> list[tuple[DataKind, str]]:
        """((system, key), what) of each rules data document in the archives among ``paths``
        that the library holds differently as the user's own: what an import asks about
        (replace or keep the library's). Archives that cannot be read are passed over."""
        documents: list[SystemData] = []
        for path in paths:
            if Path(path).suffix.lower() == ".zip":
                try:
                    documents += archive.read_archive(Path(path), self.registry).system_data
                except archive.ArchiveError:
                    continue
        _plan, outcomes = self._plan_rules_data(documents, "keep-both", DEFAULT_ON_DUPLICATE)
        return [
            ((doc.system, doc.key), what)
            for doc, (what, outcome) in zip(documents, outcomes, strict=True)
            if outcome == "kept"
        ]

    def stored_differently(
        self, characters: Sequence[CharacterBase]
    ) -> list[tuple[uuid.UUID, str]]:
        """(id, name) of each of ``characters`` whose id the library holds with a different
        document: the ones an import must ask about (replace, keep both or skip)."""
        ids = [c.id for c in characters]
        stored: dict[uuid.UUID, str] = {}
        with self._read() as s:
            for start in range(0, len(ids), 500):
                stmt = select(CharacterRow.id, CharacterRow.payload).where(
                    CharacterRow.id.in_(ids[start : start + 500])
                )
                stored.update(dict(s.execute(stmt).all()))
        out: list[tuple[uuid.UUID, str]] = []
        for character in characters:
            if character.id in stored and stored[character.id] != mappers.character_payload(
                character
            ):
                out.append((character.id, character.name))
        return out

    def _insert_campaigns(
        self, s: Session, campaigns: Sequence[Campaign], stamp: Any
    ) -> tuple[dict[uuid.UUID, uuid.UUID], dict[uuid.UUID, CampaignSettings]]:
        """Insert campaigns; returns (incoming id -> stored id, stored id -> settings)."""
        mapping: dict[uuid.UUID, uuid.UUID] = {}
        settings: dict[uuid.UUID, CampaignSettings] = {}
        for campaign in campaigns:
            refuse_bad_text(
                f"campaign {shown(campaign.name)}",
                {"name": campaign.name, "notes": campaign.notes, "settings": campaign.settings},
            )
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
                    name_lower=name_key(campaign.name),
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
        on_duplicate: OnDuplicate = DEFAULT_ON_DUPLICATE,
        registry: SystemRegistry | None = None,
    ) -> tuple[list[dict[str, Any]], _Outcome]:
        registry = registry or self.registry
        ids = [c.id for c, _ in characters]
        existing: dict[uuid.UUID, str] = {}
        stored: dict[uuid.UUID, tuple[uuid.UUID | None, int, int]] = {}
        for start in range(0, len(ids), 500):
            stmt = select(
                CharacterRow.id,
                CharacterRow.payload,
                CharacterRow.campaign_id,
                CharacterRow.campaign_position,
                CharacterRow.version,
            ).where(CharacterRow.id.in_(ids[start : start + 500]))
            for row_id, payload, campaign, position, version in s.execute(stmt).all():
                existing[row_id] = payload
                stored[row_id] = (campaign, position, version)
        positions: dict[uuid.UUID, int] = {}
        rows: list[dict[str, Any]] = []
        outcome = _Outcome()
        tag_links: list[tuple[uuid.UUID, tuple[str, ...]]] = []
        for character, wanted in characters:
            campaign_id = campaign_map.get(wanted, wanted) if wanted is not None else None
            replace = False
            if character.id in existing:
                choice = duplicate_choice(on_duplicate, character.id)
                if character.id in stored and choice == "replace" and campaign_id is None:
                    campaign_id = stored[character.id][0]  # a replaced one stays where it was
                replace = choice == "replace" and character.id in stored
            if campaign_id is not None and campaign_id not in settings:
                settings[campaign_id] = self._campaign_settings(s, campaign_id)
            own = settings_for(
                character.system, settings[campaign_id] if campaign_id is not None else None
            )
            try:
                facts = character_facts(character, registry, own)
            except UnknownSystemError as exc:
                raise LibraryError(f"{character.name!r}: {exc}") from None
            if character.id in existing:
                if existing[character.id] == facts.payload:
                    outcome.unchanged.append(character.name)
                    continue
                choice = duplicate_choice(on_duplicate, character.id)
                if choice == "skip":
                    outcome.skipped.append(character.name)
                    continue
                if not replace:  # keep both: a new id, and a name the list tells apart
                    taken = self._names_like(s, character.name) | {r["name_lower"] for r in rows}
                    name = copy_name(character.name, taken)
                    character = character.model_copy(update={"id": uuid.uuid4(), "name": name})
                    facts = character_facts(character, registry, own)
                    outcome.copies.append(character.id)
            existing[character.id] = facts.payload
            position = 0
            if replace and campaign_id is not None and campaign_id == stored[character.id][0]:
                position = stored[character.id][1]
            elif campaign_id is not None:
                if campaign_id not in positions:
                    positions[campaign_id] = self._next_position(s, campaign_id)
                position = positions[campaign_id]
                positions[campaign_id] += 1
            row = {
                "id": character.id,
                "system": facts.system,
                "name": facts.name,
                "name_lower": name_key(facts.name),
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
            if replace:
                row["version"] = stored.pop(character.id)[2] + 1
                values = {k: v for k, v in row.items() if k not in ("id", "created_at")}
                s.execute(update(CHARACTERS).where(CHARACTERS.c.id == character.id).values(values))
                s.execute(
                    delete(CHARACTER_TAGS).where(CHARACTER_TAGS.c.character_id == character.id)
                )
                outcome.replaced.append(row)
            else:
                rows.append(row)
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
        return rows, outcome

    @staticmethod
    def _insert_encounters(
        s: Session,
        encounters: Sequence[EncounterRecord],
        campaign_map: dict[uuid.UUID, uuid.UUID],
        stamp: Any,
    ) -> None:
        for record in encounters:
            refuse_bad_text(
                f"encounter {shown(record.name)}", {"name": record.name, "payload": record.payload}
            )
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

    def read_character_files(
        self, paths: Sequence[Path]
    ) -> tuple[list[CharacterBase], list[tuple[str, str]]]:
        """Read ``*.fatesmith.json`` files: (the good characters, (file name, reason) of each
        bad file)."""
        good: list[CharacterBase] = []
        failed: list[tuple[str, str]] = []
        for path in paths:
            try:
                good.append(read_character_file(Path(path), self.registry))
            except CharacterFileError as exc:
                failed.append((Path(path).name, str(exc)))
        return good, failed

    def duplicates_in_files(self, paths: Sequence[Path]) -> list[tuple[uuid.UUID, str]]:
        """(id, name) of each character in the character files and archives ``paths`` that the
        library holds under the same id with a different document: what an import asks about
        before it starts. Files that cannot be read are passed over (the import reports them).
        """
        characters: list[CharacterBase] = []
        files = [Path(p) for p in paths if Path(p).suffix.lower() != ".zip"]
        characters += self.read_character_files(files)[0]
        for path in paths:
            if Path(path).suffix.lower() == ".zip":
                try:
                    contents = archive.read_archive(Path(path), self.registry)
                except archive.ArchiveError:
                    continue
                characters += [c for c, _campaign in contents.characters]
        return self.stored_differently(characters)

    def import_character_files(
        self, paths: Sequence[Path], *, on_duplicate: OnDuplicate = DEFAULT_ON_DUPLICATE
    ) -> ImportReport:
        """Import ``*.fatesmith.json`` files; good ones are stored, bad ones reported by name.

        All good files are stored in one transaction; a character whose id is stored with a
        different document is handled as ``on_duplicate`` says (see :meth:`import_report`).
        """
        self._refuse_read_only()
        good, failed = self.read_character_files(paths)
        report = self.import_report([(c, None) for c in good], on_duplicate=on_duplicate)
        return report.model_copy(update={"failed": tuple(failed)})

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
            systems = None
        else:
            campaign = self.get_campaign(campaign_id)
            campaigns = [campaign]
            encounters = self.list_encounters(campaign_id)
            payloads = self.payloads(campaign.member_ids)
            scope = "campaign"
            systems = {campaign.system}  # the rules data the campaign plays by
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
                system_data=[
                    doc
                    for system_id, docs in self._stored_documents().items()
                    if systems is None or system_id in systems
                    for doc in docs.values()
                ],
            )
        except archive.ArchiveError as exc:
            raise LibraryError(str(exc)) from None

    def import_archive(
        self,
        path: Path,
        *,
        partial: bool = False,
        on_duplicate: OnDuplicate = DEFAULT_ON_DUPLICATE,
        on_rules_data: OnRulesData = None,
    ) -> ImportReport:
        """Import an archive in one transaction.

        Args:
            partial: False (default): any bad file refuses the whole archive, naming it.
                True: import the good files and report the bad ones.
            on_duplicate: What to do with characters stored differently under the same id
                (see :meth:`import_report`), and with rules data the library holds
                differently when ``on_rules_data`` is None.
            on_rules_data: What to do with the archive's rules data the library holds
                differently as the user's own (see :data:`OnRulesData`).

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
        report = self.import_report(
            contents.characters,
            contents.campaigns,
            contents.encounters,
            on_duplicate=on_duplicate,
            system_data=contents.system_data,
            on_rules_data=on_rules_data,
        )
        return report.model_copy(update={"failed": contents.failed})

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
