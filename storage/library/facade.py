"""Storage layer: the :class:`Library` facade, composed of its parts.

Each part is a mixin over :class:`storage.library.base.LibraryBase`: characters, campaigns,
encounters, system data, opening (safety checks, migration, read-only) and transfer
(imports, files, archives). Only this module puts them together.
"""

from __future__ import annotations

from storage.library.opening import OpeningMixin
from storage.library.system_data import SystemDataMixin
from storage.library.transfer import TransferMixin
from storage.samples import load_sample_sets


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
        """Store every system's sample characters, campaign and ready encounters (in a new,
        empty library)."""
        for sample in load_sample_sets(self.registry):
            self.import_characters(list(sample.characters))
            campaign = sample.campaign
            if campaign is None:
                continue
            known = {c.id for c in sample.characters}
            members = tuple(m for m in campaign.member_ids if m in known)
            self.save_campaign(
                campaign.model_copy(update={"member_ids": members}), expected_version=None
            )
            for encounter in sample.encounters:
                self.save_encounter(encounter, expected_version=None)
