"""Library facade: several characters saved in one transaction (an encounter's results written
back and taken back), all or none, each checked against the version it was loaded at."""

from __future__ import annotations

import pytest

from storage.library import Campaign, ConflictError, Library
from tests.storage.test_library import half_made


def test_save_characters_stores_all_and_keeps_campaigns(library: Library) -> None:
    campaign = Campaign(name="Pulp", system="sotc")
    library.save_campaign(campaign, expected_version=None)
    nell, ada = half_made("Nell"), half_made("Ada")
    library.save_character(nell, expected_version=None, campaign_id=campaign.id)
    library.save_character(ada, expected_version=None)
    versions = library.save_characters(
        [
            (nell.model_copy(update={"name": "Nell II"}), 1),
            (ada.model_copy(update={"name": "Ada II"}), 1),
        ]
    )
    assert versions == [2, 2]
    assert library.get_character(nell.id).character.name == "Nell II"
    assert library.get_character(nell.id).campaign_id == campaign.id
    assert library.get_character(ada.id).campaign_id is None
    assert library.character_summary(ada.id).name == "Ada II"


def test_save_characters_is_all_or_nothing(library: Library) -> None:
    nell, ada = half_made("Nell"), half_made("Ada")
    library.save_character(nell, expected_version=None)
    library.save_character(ada, expected_version=None)
    library.save_character(ada.model_copy(update={"name": "Ada elsewhere"}), expected_version=1)
    with pytest.raises(ConflictError, match="saved elsewhere"):
        library.save_characters(
            [
                (nell.model_copy(update={"name": "Nell II"}), 1),
                (ada.model_copy(update={"name": "Ada II"}), 1),  # stale: version 2 now
            ]
        )
    assert library.get_character(nell.id).character.name == "Nell"  # rolled back
    assert library.get_character(nell.id).version == 1
    assert library.get_character(ada.id).character.name == "Ada elsewhere"
