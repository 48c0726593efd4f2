"""Storage layer: the :class:`Library` facade, composed of its parts.

Each part is a mixin over :class:`storage.library.base.LibraryBase`: characters, campaigns,
encounters, system data, opening (safety checks, migration, read-only) and transfer
(imports, files, archives). Only this module puts them together.
"""

from __future__ import annotations

from storage.library.opening import OpeningMixin
from storage.library.system_data import SystemDataMixin
from storage.library.transfer import TransferMixin
from storage.samples import load_sample_campaign, load_sample_characters


class Library(OpeningMixin, TransferMixin, SystemDataMixin):
    """A character library on any SQLAlchemy database (SQLite file by default).

    Create with :meth:`open`. Every call has its own session, so threads may share one library
    (the app's workers use the window's); a process keeps one engine per library (see
    :func:`storage.db.acquire_engine`). Attributes:
        url: The SQLAlchemy URL it was opened with.
        read_only: True when writes are refused.
        read_only_reason: Why, in words for the user ("" when writable).
        backup: The backup taken before migrating on open, if any.
    """

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _add_samples(self) -> None:
        """Store the sample characters and campaign (in a new, empty library)."""
        characters = load_sample_characters(self.registry)
        campaign = load_sample_campaign()
        self.import_characters(characters)
        if campaign is not None:
            known = {c.id for c in characters}
            members = tuple(m for m in campaign.member_ids if m in known)
            self.save_campaign(
                campaign.model_copy(update={"member_ids": members}), expected_version=None
            )
