"""Storage layer: the library's domain records and their conversion to and from table rows.

The :class:`storage.library.Library` facade returns only these frozen pydantic models (or rules
models such as characters), never ORM rows. Character payloads are the same document as a
``*.fatesmith.json`` file (:func:`storage.json_io.character_to_document`), parsed back with
:func:`storage.json_io.parse_character`, so the library and the files never drift apart.

Campaign payloads (the settings of the campaign's system, a JSON object) and
encounter payloads (the encounter engine's state) carry a ``payload_version`` too. Reading
runs the dict -> dict steps registered in :data:`CAMPAIGN_UPGRADES` / :data:`ENCOUNTER_UPGRADES`
up to the current version, like the character file's ``storage.json_io.UPGRADES``. A payload
this code cannot read (newer, or damaged) never breaks a listing: the record comes back with
its ``problem`` set, and only opening or changing it is refused.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import to_jsonable_python

from rules.character import CharacterBase
from rules.errors import FatesmithError
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem, ListingFacts, SystemRegistry
from rules.validation import has_errors
from storage.db_values import utc, utc_from_db, uuid_from_db
from storage.json_io import FORMAT_VERSION, character_to_document, parse_character
from storage.listing_rows import CharacterSummary as CharacterSummary
from storage.safe_read import BadTextError, first_bad_text, may_hold_bad_text, shown
from storage.search_syntax import search_blob
from storage.tables import TAG_SEPARATOR, CampaignRow, EncounterRow

ENCOUNTER_PAYLOAD_VERSION = 1
"""The encounter payload version this code writes (and the newest it reads)."""
CAMPAIGN_PAYLOAD_VERSION = 2
"""The campaign payload (settings) version this code writes (and the newest it reads).

1: SotC's house rules, whatever the campaign's system. 2: the settings of the campaign's
system (``GameSystem.parse_settings``)."""

CAMPAIGN_NOTES_MAX = 100_000
"""Characters a campaign's notes hold (an archive's campaigns are held to it when read)."""
NAME_KEY_MAX = 200
"""Characters of a case-folded name or tag key column (``String(200)``): folding can lengthen
a name ("ß" -> "ss"), which PostgreSQL refuses past the column's length and SQLite keeps."""

PayloadUpgrade = Callable[[dict[str, Any]], dict[str, Any]]

# payload_version -> function upgrading a payload dict from that version to the next. When a
# payload changes shape, bump the *_PAYLOAD_VERSION above and register the step from the old
# version here (and bump storage.archive.ARCHIVE_VERSION, whose manifest holds these payloads).


def _campaign_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    # Version 1 settings were SotC's house rules, and only SotC campaigns could be made: the
    # object is already SotC's settings. The version changed so that a Fatesmith that knows
    # only version 1 refuses another system's settings as newer instead of calling them damaged.
    return data


CAMPAIGN_UPGRADES: dict[int, PayloadUpgrade] = {1: _campaign_1_to_2}
ENCOUNTER_UPGRADES: dict[int, PayloadUpgrade] = {}
_FROZEN = ConfigDict(frozen=True, extra="forbid")


class StoredCharacter(BaseModel):
    """A character as loaded from the library, with its version for the next save."""

    model_config = _FROZEN

    character: CharacterBase
    version: int
    updated_at: datetime
    campaign_id: uuid.UUID | None


class Campaign(BaseModel):
    """A campaign: its system, that system's settings, notes and member characters (in order).

    Attributes:
        system: The game system id.
        settings: The system's campaign settings as JSON (``GameSystem.parse_settings`` reads
            them; empty: the book's defaults).
        version: 0 for a campaign not saved yet.
        problem: Set (in listings only) when the stored settings cannot be read by this
            version: written by a newer Fatesmith, or damaged. ``settings`` are then empty (the
            defaults), and the campaign can be listed or deleted but not opened or saved.
    """

    model_config = _FROZEN

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    name: str = Field(default="", max_length=200)
    system: str = Field(min_length=1, max_length=40)
    settings: dict[str, Any] = Field(default_factory=dict)
    notes: str = Field(default="", max_length=CAMPAIGN_NOTES_MAX)
    member_ids: tuple[uuid.UUID, ...] = ()
    version: int = 0
    problem: str = ""


class EncounterRecord(BaseModel):
    """A saved encounter; ``payload`` is the encounter engine's JSON state, opaque here.

    Attributes:
        problem: Set (in listings only) when the stored payload cannot be read by this
            version: written by a newer Fatesmith, or damaged. ``payload`` is then empty, and
            the encounter can be listed or deleted but not opened or saved.
    """

    model_config = _FROZEN

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    name: str = Field(default="", max_length=200)
    campaign_id: uuid.UUID | None = None
    is_template: bool = False
    payload: dict[str, Any] = Field(default_factory=dict)
    version: int = 0
    updated_at: datetime = datetime(1970, 1, 1, tzinfo=UTC)
    problem: str = ""


class SearchQuery(BaseModel):
    """What the listing is filtered by.

    Attributes:
        text: What was typed in the search box (:mod:`storage.search_syntax`): words and
            quoted phrases that must all appear (any case) in the name, player, system,
            concept, aspects, skills, stunts, tags or campaign name, and field terms such as
            ``skill:Guns``, ``stunt:"Danger Sense"`` or ``campaign:"Thunder Atoll"``.
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
    """What an import did: the characters stored, and each file refused with its reason.

    Attributes:
        imported: Characters added (new ids, and new copies of stored ones: see ``copies``).
        failed: (file name, reason) of each file refused.
        replaced: Stored characters replaced by the imported version (same id).
        copies: Ids among ``imported`` that are new copies of a stored character that has the
            imported one's id but differs from it ("keep both").
        unchanged: Names of characters already stored exactly as imported (nothing done).
        skipped: Names of characters stored differently under the same id, skipped by choice.
        rules_data: (what, outcome) of each system's rules data an archive carried, the
            outcome one of :data:`RULES_DATA_OUTCOMES`.
    """

    model_config = _FROZEN

    imported: tuple[CharacterSummary, ...] = ()
    failed: tuple[tuple[str, str], ...] = ()
    replaced: tuple[CharacterSummary, ...] = ()
    copies: tuple[uuid.UUID, ...] = ()
    unchanged: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()
    rules_data: tuple[tuple[str, str], ...] = ()


RULES_DATA_OUTCOMES = ("imported", "replaced", "unchanged", "kept", "skipped")
"""What an import did with one document of rules data: stored it (the library had none of
its own), replaced the library's, found it the same, kept the library's different one (keep
both: there is one document per kind, so nothing is lost) or skipped it by choice."""


def now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def dumps_compact(data: Any) -> str:
    """JSON text as stored in payload columns (compact, UTF-8, key order kept).

    Every campaign's settings and every encounter's payload is written through here, so text
    no library stores is refused here on every path (a caller that knows the record names it
    first: see :func:`refuse_bad_text`).

    Raises:
        BadTextError: a NUL or a lone surrogate anywhere in ``data``, naming its field.
    """
    text = _dumps(data)
    if may_hold_bad_text(text):
        problem = first_bad_text(data)
        if problem:
            raise BadTextError(problem)
    return text


def split_tags(text: str) -> tuple[str, ...]:
    """The tags column back into a tuple."""
    return tuple(text.split(TAG_SEPARATOR)) if text else ()


def name_key(name: str) -> str:
    """The case-folded form of ``name`` stored for sorting and lookups (``name_lower``), cut to
    its column's :data:`NAME_KEY_MAX` characters."""
    return name.casefold()[:NAME_KEY_MAX]


def clean_tags(tags: Any) -> tuple[str, ...]:
    """Trimmed, non-empty tags without case-insensitive duplicates, first spelling kept; a tag
    is cut to 200 characters, and shorter where its case-folded key would be longer than that
    (the key column holds 200 on every back end)."""
    seen: set[str] = set()
    out: list[str] = []
    for tag in tags:
        text = " ".join(str(tag).replace(TAG_SEPARATOR, " ").split())[:NAME_KEY_MAX]
        while len(text.casefold()) > NAME_KEY_MAX:
            text = text[: -max(1, (len(text.casefold()) - NAME_KEY_MAX) // 3)].rstrip()
        if text and text.casefold() not in seen:
            seen.add(text.casefold())
            out.append(text)
    return tuple(out)


def _uuid(value: Any) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid_from_db(value)


def _time(value: Any) -> datetime:
    if isinstance(value, str):  # SQLite hands back ISO text
        return utc_from_db(value)
    return utc(value)


def summary_from_row(row: Any, campaigns: dict[Any, uuid.UUID]) -> CharacterSummary:
    """A summary from a listing row (id, name, system, player, campaign id, campaign name,
    headline, headline rank, tags, updated at, version, valid), ids and times as the driver
    returns them (UUID or text, datetime or ISO text).

    The values come from our own columns, whose types the schema fixes; only the ids, times and
    tags need converting. ``campaigns`` caches converted campaign ids across the rows of one
    listing.
    """
    campaign = row[4]
    if campaign is not None:
        converted = campaigns.get(campaign)
        if converted is None:
            converted = campaigns[campaign] = _uuid(campaign)
        campaign = converted
    # tuple.__new__ fills the record in one step (a NamedTuple's own __new__ is a Python
    # function taking keywords: a sizeable share of a 10,000-row listing).
    return _make(CharacterSummary, (
        _uuid(row[0]),
        row[1],
        row[2],
        row[3],
        campaign,
        row[5] or "",
        row[6],
        row[7],
        tuple(row[8].split(TAG_SEPARATOR)) if row[8] else (),
        _time(row[9]),
        row[10],
        bool(row[11]),
    ))  # fmt: skip


_make = tuple.__new__


def summary_json(summary: CharacterSummary) -> dict[str, Any]:
    """A listing row as JSON values (ids and times as text, as pydantic writes them), for
    ``fatesmith library list --json``."""
    data: dict[str, Any] = to_jsonable_python(summary._asdict())
    return data


class CharacterFacts(BaseModel):
    """Everything the characters table stores about one character, computed at save time."""

    model_config = _FROZEN

    system: str
    name: str
    player: str
    headline: str
    headline_rank: int
    valid: bool
    tags: tuple[str, ...]
    search_text: str
    payload: str
    payload_version: int


def _search_text(
    character: CharacterBase, system: GameSystem, listing: ListingFacts, tags: tuple[str, ...]
) -> str:
    # One marked line per part (storage.search_syntax), so that a search word never matches
    # across two parts and a field term (skill:guns) can tell the parts apart. The system says
    # what else is searchable (aspects, skills, stunts, trappings, gifts...).
    entries = [
        ("name", character.name),
        ("player", character.player),
        ("system", character.system),
        ("system", system.info.name),
        ("description", listing.description),
        *listing.search_entries,
        *(("tag", t) for t in tags),
    ]
    return search_blob(entries)


def character_search_text(
    character: CharacterBase, registry: SystemRegistry, settings: SystemSettings | None = None
) -> str:
    """The ``search_text`` column for ``character`` (as :func:`character_facts` computes it).

    Raises:
        UnknownSystemError: when the character's system has no rules in this version.
    """
    system = registry.get(character.system)
    listing = system.listing(character, settings)
    return _search_text(character, system, listing, clean_tags(character.tags))


def listing_columns(
    character: CharacterBase, registry: SystemRegistry, settings: SystemSettings | None = None
) -> tuple[str, int, str]:
    """The derived listing columns of ``character``: headline, headline rank and search text.

    Raises:
        UnknownSystemError: when the character's system has no rules in this version.
    """
    system = registry.get(character.system)
    listing = system.listing(character, settings)
    text = _search_text(character, system, listing, clean_tags(character.tags))
    return listing.headline[:200], listing.headline_rank, text


def character_payload(character: CharacterBase, tags: tuple[str, ...] | None = None) -> str:
    """The payload column stored for ``character`` (its file document, with cleaned tags).

    Raises:
        BadTextError: a NUL or a lone surrogate in any of its text, naming the character and
            the field (see :func:`refuse_bad_text`).
    """
    document = character_to_document(character)
    if "tags" in document:
        # stored documents always carry the cleaned tags
        document["tags"] = list(clean_tags(character.tags) if tags is None else tags)
    text = _dumps(document)
    refuse_bad_text(f"character {shown(character.name)}", text)
    return text


def character_facts(
    character: CharacterBase, registry: SystemRegistry, settings: SystemSettings | None = None
) -> CharacterFacts:
    """Summary columns, search text and payload for ``character``.

    Args:
        settings: Its campaign's settings (of the character's system), None for the book's.

    Raises:
        UnknownSystemError: when the character's system has no rules in this version.
    """
    system = registry.get(character.system)
    tags = clean_tags(character.tags)
    payload = character_payload(character, tags)  # first: it refuses text no library stores
    listing = system.listing(character, settings)
    valid = not has_errors(system.validate(character, settings))
    return CharacterFacts(
        system=character.system,
        name=character.name,
        player=character.player,
        headline=listing.headline[:200],
        headline_rank=listing.headline_rank,
        valid=valid,
        tags=tags,
        search_text=_search_text(character, system, listing, tags),
        payload=payload,
        payload_version=FORMAT_VERSION,
    )


def refuse_bad_text(what: str, data: Any) -> None:
    """Refuse a record holding text no library stores, before any database sees it: a NUL
    (PostgreSQL refuses it, SQLite keeps it) or a lone surrogate (both drivers fail on it).

    Args:
        what: The record as a message names it (``character 'Ada'``).
        data: Its fields (a dict: field name -> value), or its stored JSON text.

    Raises:
        BadTextError: naming ``what`` and the field (:func:`storage.safe_read.first_bad_text`).
    """
    if isinstance(data, str):
        if not may_hold_bad_text(data):
            return
        data = json.loads(data)
    problem = first_bad_text(data)
    if problem:
        raise BadTextError(f"{what}: {problem}")


def load_character(payload: str, registry: SystemRegistry) -> CharacterBase:
    """Parse a stored payload (upgrading old payload versions on the way).

    Raises:
        CharacterFileError: when the payload is damaged or its system has no rules here.
    """
    return parse_character(json.loads(payload), registry)


class PayloadError(FatesmithError):
    """A stored campaign or encounter payload that this version cannot read."""


class NewerPayloadError(PayloadError):
    """A payload written by a newer Fatesmith (its ``payload_version`` is above ours)."""


def upgrade_payload(
    kind: str,
    data: Any,
    version: Any,
    current: int,
    upgrades: dict[int, PayloadUpgrade],
) -> dict[str, Any]:
    """Bring a stored ``kind`` payload from ``version`` up to ``current``, one step at a time.

    Raises:
        NewerPayloadError: ``version`` is above ``current``.
        PayloadError: the version is not a positive integer, the payload is not a JSON object,
            or a step is missing.
    """
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise PayloadError(f"damaged ({kind} format {version!r} is not a version number)")
    if version > current:
        raise NewerPayloadError(
            f"written by a newer Fatesmith ({kind} format {version}; this version reads up to "
            f"{current}); update Fatesmith to open it"
        )
    if not isinstance(data, dict):
        raise PayloadError(f"damaged (the stored {kind} is not a JSON object)")
    payload: dict[str, Any] = data
    while version < current:
        step = upgrades.get(version)
        if step is None:
            raise PayloadError(f"no upgrade from {kind} format {version} (a Fatesmith bug)")
        payload = step(payload)
        version += 1
    return payload


def _loads(kind: str, text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise PayloadError(f"damaged (the stored {kind} is not valid JSON)") from None


def read_campaign_settings(text: str, payload_version: Any) -> dict[str, Any]:
    """A campaign's stored settings, upgraded from ``payload_version`` (not yet validated:
    see :func:`parse_campaign_settings`).

    Raises:
        PayloadError: newer (:class:`NewerPayloadError`) or damaged settings.
    """
    return upgrade_payload(
        "campaign",
        _loads("campaign settings", text),
        payload_version,
        CAMPAIGN_PAYLOAD_VERSION,  # read here, at call time, so tests can stand in a newer one
        CAMPAIGN_UPGRADES,
    )


def parse_campaign_settings(
    system_id: str, data: dict[str, Any], registry: SystemRegistry
) -> SystemSettings | None:
    """The typed settings of a campaign of ``system_id`` (None when this version has no
    rules for that system, which then cannot be checked).

    Raises:
        PayloadError: the settings do not fit the system's settings model.
    """
    if not registry.is_implemented(system_id):
        return None
    try:
        return registry.get(system_id).parse_settings(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise PayloadError(f"damaged settings (field {where}: {first['msg']})") from None


def read_encounter_payload(text: str, payload_version: Any) -> dict[str, Any]:
    """An encounter's stored state, upgraded from ``payload_version``.

    Raises:
        PayloadError: newer (:class:`NewerPayloadError`) or damaged payload.
    """
    return upgrade_payload(
        "encounter",
        _loads("encounter", text),
        payload_version,
        ENCOUNTER_PAYLOAD_VERSION,
        ENCOUNTER_UPGRADES,
    )


def campaign_from_row(row: CampaignRow, member_ids: tuple[uuid.UUID, ...]) -> Campaign:
    """A :class:`Campaign` from its row and its ordered member ids; never raises on the
    stored settings: unreadable ones (newer, not a JSON object) give empty settings (the
    defaults) and a ``problem``. The settings are not checked against their system here, so
    that listing campaigns loads no system (start-up speed); opening one does
    (:func:`parse_campaign_settings`)."""
    settings: dict[str, Any] = {}
    problem = ""
    try:
        settings = read_campaign_settings(row.settings, row.payload_version)
    except PayloadError as exc:
        problem = f"campaign {row.name!r} cannot be opened: {exc}"
    return Campaign(
        id=row.id,
        name=row.name,
        system=row.system,
        settings=settings,
        notes=row.notes,
        member_ids=member_ids,
        version=row.version,
        problem=problem,
    )


def encounter_from_row(row: EncounterRow) -> EncounterRecord:
    """An :class:`EncounterRecord` from its row; never raises on the stored payload:
    an unreadable one gives an empty payload and a ``problem``."""
    payload: dict[str, Any] = {}
    problem = ""
    try:
        payload = read_encounter_payload(row.payload, row.payload_version)
    except PayloadError as exc:
        problem = f"encounter {row.name!r} cannot be opened: {exc}"
    return EncounterRecord(
        id=row.id,
        name=row.name,
        campaign_id=row.campaign_id,
        is_template=row.is_template,
        payload=payload,
        version=row.version,
        updated_at=utc(row.updated_at),
        problem=problem,
    )
