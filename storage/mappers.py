"""Storage layer: the library's domain records and their conversion to and from table rows.

The :class:`storage.library.Library` facade returns only these frozen pydantic models (or rules
models such as characters), never ORM rows. Character payloads are the same document as a
``*.fatesmith.json`` file (:func:`storage.json_io.character_to_document`), parsed back with
:func:`storage.json_io.parse_character`, so the library and the files never drift apart.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.campaign import CampaignRules
from rules.character import CharacterBase
from rules.errors import FatesmithError
from rules.systems.registry import SystemRegistry
from rules.validation import has_errors
from storage.json_io import FORMAT_VERSION, character_to_document, parse_character
from storage.tables import TAG_SEPARATOR, CampaignRow, EncounterRow

ENCOUNTER_PAYLOAD_VERSION = 1
CAMPAIGN_PAYLOAD_VERSION = 1
_FROZEN = ConfigDict(frozen=True, extra="forbid")


class CharacterSummary(BaseModel):
    """One row of the library listing.

    Attributes:
        valid: Whether the system's validator found no errors when the character was saved.
        version: The stored version; pass it back as ``expected_version`` when saving.
    """

    model_config = _FROZEN

    id: uuid.UUID
    name: str
    system: str
    player: str
    campaign_id: uuid.UUID | None
    campaign_name: str
    peak_skill: str
    peak_rating: int
    tags: tuple[str, ...]
    updated_at: datetime
    version: int
    valid: bool


class StoredCharacter(BaseModel):
    """A character as loaded from the library, with its version for the next save."""

    model_config = _FROZEN

    character: CharacterBase
    version: int
    updated_at: datetime
    campaign_id: uuid.UUID | None


class Campaign(BaseModel):
    """A campaign: its system, house rules, notes and member characters (in order).

    ``version`` is 0 for a campaign not saved yet.
    """

    model_config = _FROZEN

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    name: str = Field(default="", max_length=200)
    system: str = "sotc"
    rules: CampaignRules = CampaignRules()
    notes: str = Field(default="", max_length=100_000)
    member_ids: tuple[uuid.UUID, ...] = ()
    version: int = 0


class EncounterRecord(BaseModel):
    """A saved encounter; ``payload`` is the encounter engine's JSON state, opaque here."""

    model_config = _FROZEN

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    name: str = Field(default="", max_length=200)
    campaign_id: uuid.UUID | None = None
    is_template: bool = False
    payload: dict[str, Any] = Field(default_factory=dict)
    version: int = 0
    updated_at: datetime = datetime(1970, 1, 1, tzinfo=UTC)


class SearchQuery(BaseModel):
    """What the listing is filtered by.

    Attributes:
        text: Words that must all appear (any case) in the name, player, system, concept,
            aspects, skills, stunts, tags or campaign name.
        system: Only this system id.
        campaign_id: Only members of this campaign.
        tag: Only characters carrying this tag (any case).
    """

    model_config = _FROZEN

    text: str = ""
    system: str | None = None
    campaign_id: uuid.UUID | None = None
    tag: str | None = None


class ImportReport(BaseModel):
    """What an import did: the characters stored, and each file refused with its reason."""

    model_config = _FROZEN

    imported: tuple[CharacterSummary, ...] = ()
    failed: tuple[tuple[str, str], ...] = ()


def utc(value: datetime) -> datetime:
    """``value`` as an aware UTC datetime (SQLite hands back naive ones)."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def dumps_compact(data: Any) -> str:
    """JSON text as stored in payload columns (compact, UTF-8, key order kept)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def split_tags(text: str) -> tuple[str, ...]:
    """The tags column back into a tuple."""
    return tuple(text.split(TAG_SEPARATOR)) if text else ()


def clean_tags(tags: Any) -> tuple[str, ...]:
    """Trimmed, non-empty tags without case-insensitive duplicates, first spelling kept."""
    seen: set[str] = set()
    out: list[str] = []
    for tag in tags:
        text = " ".join(str(tag).replace(TAG_SEPARATOR, " ").split())[:200]
        if text and text.casefold() not in seen:
            seen.add(text.casefold())
            out.append(text)
    return tuple(out)


_SUMMARY_FIELDS_SET = set(CharacterSummary.model_fields)


def _uuid(value: Any) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(value)


def _time(value: Any) -> datetime:
    if isinstance(value, str):  # SQLite hands back ISO text
        value = datetime.fromisoformat(value)
    return utc(value)


def summary_from_row(row: Any, campaigns: dict[Any, uuid.UUID]) -> CharacterSummary:
    """A summary from a listing row (id, name, system, player, campaign id, campaign name,
    peak skill, peak rating, tags, updated at, version, valid), ids and times as the driver
    returns them (UUID or text, datetime or ISO text).

    The values come from our own columns, so validation is skipped: this is the listing's
    inner loop (the equivalent of ``model_construct`` without its per-call overhead).
    ``campaigns`` caches converted campaign ids across the rows of one listing.
    """
    campaign = row[4]
    if campaign is not None:
        converted = campaigns.get(campaign)
        if converted is None:
            converted = campaigns[campaign] = _uuid(campaign)
        campaign = converted
    summary = object.__new__(CharacterSummary)
    object.__setattr__(
        summary,
        "__dict__",
        {
            "id": _uuid(row[0]),
            "name": row[1],
            "system": row[2],
            "player": row[3],
            "campaign_id": campaign,
            "campaign_name": row[5] or "",
            "peak_skill": row[6],
            "peak_rating": row[7],
            "tags": tuple(row[8].split(TAG_SEPARATOR)) if row[8] else (),
            "updated_at": _time(row[9]),
            "version": row[10],
            "valid": bool(row[11]),
        },
    )
    # Shared: a frozen model never changes its fields-set.
    object.__setattr__(summary, "__pydantic_fields_set__", _SUMMARY_FIELDS_SET)
    object.__setattr__(summary, "__pydantic_extra__", None)
    object.__setattr__(summary, "__pydantic_private__", None)
    return summary


class CharacterFacts(BaseModel):
    """Everything the characters table stores about one character, computed at save time."""

    model_config = _FROZEN

    system: str
    name: str
    player: str
    peak_skill: str
    peak_rating: int
    valid: bool
    tags: tuple[str, ...]
    search_text: str
    payload: str
    payload_version: int


def character_facts(
    character: CharacterBase, registry: SystemRegistry, rules: CampaignRules | None = None
) -> CharacterFacts:
    """Summary columns, search text and payload for ``character``.

    Raises:
        UnknownSystemError: when the character's system has no rules in this version.
    """
    system = registry.get(character.system)
    summary = system.summary(character)
    valid = not has_errors(system.validate(character, rules))
    tags = clean_tags(character.tags)
    aspects = [str(a) for a in summary.get("aspects", ())]
    stunts = [str(s) for s in summary.get("stunts", ())]
    parts = [
        character.name,
        character.player,
        character.system,
        system.info.name,
        str(summary.get("description", "")),
        *aspects,
        *character.skills,
        *stunts,
        *tags,
    ]
    # One line per part so that a search word never matches across two parts.
    search_text = "\n".join(p.strip().casefold() for p in parts if p and p.strip())
    document = character_to_document(character)
    if "tags" in document:
        document["tags"] = list(tags)  # stored documents always carry the cleaned tags
    return CharacterFacts(
        system=character.system,
        name=character.name,
        player=character.player,
        peak_skill=str(summary.get("peak_skill", "")),
        peak_rating=int(summary.get("peak_rating", 0)),
        valid=valid,
        tags=tags,
        search_text=search_text,
        payload=dumps_compact(document),
        payload_version=FORMAT_VERSION,
    )


def load_character(payload: str, registry: SystemRegistry) -> CharacterBase:
    """Parse a stored payload (upgrading old payload versions on the way).

    Raises:
        CharacterFileError: when the payload is damaged or its system has no rules here.
    """
    return parse_character(json.loads(payload), registry)


def campaign_from_row(row: CampaignRow, member_ids: tuple[uuid.UUID, ...]) -> Campaign:
    """A :class:`Campaign` from its row and its ordered member ids."""
    return Campaign(
        id=row.id,
        name=row.name,
        system=row.system,
        rules=CampaignRules.model_validate_json(row.rules),
        notes=row.notes,
        member_ids=member_ids,
        version=row.version,
    )


def encounter_from_row(row: EncounterRow) -> EncounterRecord:
    """An :class:`EncounterRecord` from its row."""
    payload = json.loads(row.payload)
    if not isinstance(payload, dict):
        raise FatesmithError(f"encounter {row.name!r} has a damaged payload")
    return EncounterRecord(
        id=row.id,
        name=row.name,
        campaign_id=row.campaign_id,
        is_template=row.is_template,
        payload=payload,
        version=row.version,
        updated_at=utc(row.updated_at),
    )
