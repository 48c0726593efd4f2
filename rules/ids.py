"""Rules layer: typed identifiers for aggregates, as NewTypes over UUID."""

from __future__ import annotations

import uuid
from typing import NewType

CharacterId = NewType("CharacterId", uuid.UUID)
CampaignId = NewType("CampaignId", uuid.UUID)
EncounterId = NewType("EncounterId", uuid.UUID)
ParticipantId = NewType("ParticipantId", str)


def new_character_id() -> CharacterId:
    """Return a fresh random character id."""
    return CharacterId(uuid.uuid4())


def new_campaign_id() -> CampaignId:
    """Return a fresh random campaign id."""
    return CampaignId(uuid.uuid4())


def new_encounter_id() -> EncounterId:
    """Return a fresh random encounter id."""
    return EncounterId(uuid.uuid4())
