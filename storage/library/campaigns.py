"""Storage layer: the campaigns part of the library facade (list, load, save, delete).

A campaign holds its system's settings and an ordered member list; saving it moves the listed
characters into it and recomputes their stored "valid" flag under its settings.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from rules.errors import UnknownSystemError
from rules.settings import SystemSettings
from storage import mappers
from storage.library.base import CHARACTERS, CampaignSettings, LibraryBase, rows_changed
from storage.library.errors import LibraryError, NotFoundError, check_version
from storage.mappers import (
    Campaign,
    PayloadError,
    campaign_from_row,
    dumps_compact,
    name_key,
    now,
    parse_campaign_settings,
    refuse_bad_text,
)
from storage.safe_read import shown
from storage.tables import CampaignRow, CharacterRow


class CampaignsMixin(LibraryBase):
    """Campaigns: their settings and their ordered members."""

    def list_campaigns(self) -> list[Campaign]:
        """Every campaign, sorted by name."""
        with self._read() as s:
            rows = s.execute(select(CampaignRow).order_by(CampaignRow.name_lower)).scalars().all()
            members: dict[uuid.UUID, list[uuid.UUID]] = {r.id: [] for r in rows}
            stmt = (
                select(CharacterRow.campaign_id, CharacterRow.id)
                .where(CharacterRow.campaign_id.is_not(None))
                .order_by(CharacterRow.campaign_position, CharacterRow.name_lower)
            )
            for campaign_id, character_id in s.execute(stmt):
                if campaign_id is not None:
                    members.setdefault(campaign_id, []).append(character_id)
            return [campaign_from_row(r, tuple(members[r.id])) for r in rows]

    def get_campaign(self, campaign_id: uuid.UUID) -> Campaign:
        """One campaign with its members in order, its settings checked by its system (and
        complete: every field, as the system writes them).

        Raises:
            NotFoundError: no such campaign.
        """
        with self._read() as s:
            row = s.get(CampaignRow, campaign_id)
            if row is None:
                raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
            campaign = campaign_from_row(row, self._members(s, campaign_id))
            newer = row.payload_version > mappers.CAMPAIGN_PAYLOAD_VERSION
        self._refuse_problem(campaign.problem, newer=newer)
        try:
            parsed = parse_campaign_settings(campaign.system, campaign.settings, self.registry)
        except PayloadError as exc:
            raise LibraryError(f"campaign {campaign.name!r} cannot be opened: {exc}") from None
        if parsed is None:
            return campaign
        return campaign.model_copy(update={"settings": parsed.model_dump(mode="json")})

    def save_campaign(self, campaign: Campaign, *, expected_version: int | None) -> int:
        """Store a campaign, its settings and its member list; returns its new version.

        Members listed are moved into this campaign (a character belongs to one campaign at
        most); former members not listed are left without a campaign. Members' stored
        versions do not change, but their "valid" flag is recomputed under the campaign's settings.

        Raises:
            ConflictError: changed or deleted since ``expected_version``.
            NotFoundError: a member id is not in the library.
            NewerRecordError: the stored campaign was saved by a newer Fatesmith.
            LibraryError: ``campaign`` came from a listing flagged with a ``problem``.
        """
        self._refuse_problem(campaign.problem)
        refuse_bad_text(
            f"campaign {shown(campaign.name)}", {"name": campaign.name, "notes": campaign.notes}
        )
        text, settings = self._checked_settings(campaign)
        with self._write() as s:
            row = s.get(CampaignRow, campaign.id)
            check_version(row, expected_version, "campaign", campaign.name)
            if row is not None:
                self._refuse_newer("campaign", row, mappers.CAMPAIGN_PAYLOAD_VERSION)
            stamp = now()
            if row is None:
                row = CampaignRow(id=campaign.id, created_at=stamp)
                s.add(row)
            row.payload_version = mappers.CAMPAIGN_PAYLOAD_VERSION
            row.name = campaign.name
            row.name_lower = name_key(campaign.name)
            row.system = campaign.system
            row.settings = text
            row.notes = campaign.notes
            row.updated_at = stamp
            s.flush()
            self._set_members(s, campaign.id, campaign.member_ids, (campaign.system, settings))
            return row.version

    def _checked_settings(self, campaign: Campaign) -> tuple[str, SystemSettings | None]:
        """A campaign's settings as stored (JSON text) and typed (None for a system without
        rules in this version, whose settings are stored as given).

        Raises:
            LibraryError: an unknown system, or settings that do not fit its settings model.
        """
        try:
            self.registry.info(campaign.system)
        except UnknownSystemError as exc:
            raise LibraryError(str(exc)) from None
        try:
            settings = parse_campaign_settings(campaign.system, campaign.settings, self.registry)
        except PayloadError as exc:
            raise LibraryError(f"campaign {campaign.name!r}: {exc}") from None
        if settings is None:
            return dumps_compact(campaign.settings), None
        return settings.model_dump_json(), settings

    def _set_members(
        self,
        s: Session,
        campaign_id: uuid.UUID,
        member_ids: Sequence[uuid.UUID],
        settings: CampaignSettings,
    ) -> None:
        wanted = list(dict.fromkeys(member_ids))
        if wanted:
            present = set(
                s.execute(select(CharacterRow.id).where(CharacterRow.id.in_(wanted))).scalars()
            )
            missing = [m for m in wanted if m not in present]
            if missing:
                raise NotFoundError(f"campaign member {missing[0]} is not in the library")
        table = CHARACTERS
        s.execute(
            update(table)
            .where(table.c.campaign_id == campaign_id, table.c.id.not_in(wanted))
            .values(campaign_id=None, campaign_position=0)
        )
        for position, member in enumerate(wanted):
            s.execute(
                update(table)
                .where(table.c.id == member)
                .values(campaign_id=campaign_id, campaign_position=position)
            )
        self._revalidate(s, wanted, settings)

    def delete_campaign(self, campaign_id: uuid.UUID) -> None:
        """Remove a campaign; its members and encounters stay, without a campaign.

        Raises:
            NotFoundError: no such campaign.
        """
        with self._write() as s:
            members = self._members(s, campaign_id)
            result = s.execute(delete(CampaignRow).where(CampaignRow.id == campaign_id))
            if not rows_changed(result):
                raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
            self._revalidate(s, members, None)
