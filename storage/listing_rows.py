"""Storage layer: the library listing's row, one plain typed record for every listing.

A listing row is only read (shown, sorted, filtered), never validated or edited, so it is a
``NamedTuple``: built from a database row in one step, with no model machinery per row. The
library (:meth:`storage.library.Library.list_characters`) and the start-up listing read with
``sqlite3`` alone (:mod:`storage.quick_listing`) hand out the same type.

This module imports nothing beyond the standard library (the start-up listing must not load
pydantic or SQLAlchemy). It does not use ``from __future__ import annotations``: ``NamedTuple``
would then compile every field annotation as a forward reference when the module loads.
"""

import uuid
from datetime import datetime
from typing import NamedTuple


class CharacterSummary(NamedTuple):
    """One row of the library listing.

    Attributes:
        id: The character's id.
        name: Its name.
        system: Its game system's id.
        player: The player's name ("" when none is written).
        campaign_id: The campaign it belongs to, if any.
        campaign_name: That campaign's name ("" outside campaigns).
        headline: The system's listing column (``ListingFacts.headline``, "Guns +5" for SotC).
        headline_rank: Its sort key (higher first when sorting descending).
        tags: Its tags, in their stored order.
        updated_at: When it was last saved (UTC).
        version: The stored version; pass it back as ``expected_version`` when saving.
        valid: Whether the system's validator found no errors when the character was saved.
    """

    id: uuid.UUID
    name: str
    system: str
    player: str
    campaign_id: uuid.UUID | None
    campaign_name: str
    headline: str
    headline_rank: int
    tags: tuple[str, ...]
    updated_at: datetime
    version: int
    valid: bool
