"""GUI layer: autosaved drafts, so a crash or a kill loses at most a few seconds of editing.

Every few seconds the :class:`Autosaver` writes each open character with unsaved changes to
the drafts folder (in the user's data folder) as JSON, atomically. Saving or discarding the
changes deletes the draft; on the next start the app offers to restore any drafts left behind.
Drafts are per library: a draft records the library URL and is only offered for that library.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import uuid
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QObject, QTimer

from rules.errors import CharacterFileError

if TYPE_CHECKING:  # the character model (pydantic) loads when a draft is first written or read
    from rules.character import CharacterBase

log = logging.getLogger(__name__)

DRAFT_FORMAT = "fatesmith-draft"
DRAFT_VERSION = 1


class Draft(NamedTuple):
    """An autosaved, unsaved state of one character.

    Attributes:
        character: The character as it was being edited.
        version: The library version the edits started from (None: never saved).
        campaign_id: The campaign the document belonged to.
        saved_at: When the draft was written (UTC).
        path: The draft file.
    """

    character: CharacterBase
    version: int | None
    campaign_id: uuid.UUID | None
    saved_at: datetime
    path: Path

    @property
    def title(self) -> str:
        """The character's name, or a placeholder."""
        return self.character.name.strip() or "Unnamed character"


def library_key(url: str) -> str:
    """A short stable key naming a library in draft file names."""
    import hashlib  # here: loading OpenSSL costs a few milliseconds at start-up

    return hashlib.sha256(url.encode("utf-8")).hexdigest()[:12]


class DraftStore:
    """The drafts folder, seen from one library.

    Args:
        folder: Where drafts live (created on first write).
        library_url: The library these drafts belong to.
        registry: The loaded systems, to read drafts back.
    """

    def __init__(self, folder: Path, library_url: str, registry: Any) -> None:
        self.folder = Path(folder)
        self.library_url = library_url
        self._registry = registry

    @functools.cached_property
    def _prefix(self) -> str:
        # Worked out on first use, after the window is on screen (hashlib loads OpenSSL).
        return library_key(self.library_url)

    def path_for(self, character_id: uuid.UUID) -> Path:
        """The draft file of ``character_id`` in this library."""
        return self.folder / f"{self._prefix}-{character_id}.draft.json"

    def write(
        self, character: CharacterBase, *, version: int | None, campaign_id: uuid.UUID | None
    ) -> Path:
        """Write (atomically) the draft of ``character``."""
        from storage.atomic_file import atomic_write_text
        from storage.json_io import character_to_document

        self.folder.mkdir(parents=True, exist_ok=True)
        data = {
            "format": DRAFT_FORMAT,
            "format_version": DRAFT_VERSION,
            "library": self.library_url,
            "version": version,
            "campaign_id": str(campaign_id) if campaign_id else None,
            "saved_at": datetime.now(UTC).isoformat(),
            "character": character_to_document(character),
        }
        path = self.path_for(character.id)
        atomic_write_text(path, json.dumps(data, ensure_ascii=False) + "\n")
        return path

    def discard(self, character_id: uuid.UUID) -> None:
        """Delete the draft of ``character_id`` (no error when there is none)."""
        with contextlib.suppress(FileNotFoundError):
            self.path_for(character_id).unlink()

    def discard_all(self, drafts: Iterable[Draft]) -> None:
        """Delete the given drafts."""
        for draft in drafts:
            with contextlib.suppress(FileNotFoundError):
                draft.path.unlink()

    def pending(self) -> list[Draft]:
        """Every readable draft of this library, oldest first; unreadable ones are set aside."""
        if not self.folder.is_dir():
            return []
        out: list[Draft] = []
        for path in sorted(self.folder.glob(f"{self._prefix}-*.draft.json")):
            try:
                out.append(self._read(path))
            except (CharacterFileError, ValueError, KeyError, TypeError) as exc:
                log.warning("ignoring unreadable draft %s: %s", path, exc)
                with contextlib.suppress(OSError):
                    path.rename(path.with_suffix(".unreadable"))
        out.sort(key=lambda d: d.saved_at)
        return out

    def _read(self, path: Path) -> Draft:
        from storage.json_io import loads_limited, parse_character, read_text_limited

        data = loads_limited(read_text_limited(path))
        if not isinstance(data, dict) or data.get("format") != DRAFT_FORMAT:
            raise ValueError("not a Fatesmith draft")
        if data.get("library") != self.library_url:
            raise ValueError("draft of another library")
        character = parse_character(data["character"], self._registry)
        version = data.get("version")
        campaign = data.get("campaign_id")
        return Draft(
            character=character,
            version=version if isinstance(version, int) else None,
            campaign_id=uuid.UUID(campaign) if campaign else None,
            saved_at=datetime.fromisoformat(str(data["saved_at"])),
            path=path,
        )


class Autosaver(QObject):
    """Writes drafts of dirty documents on a timer and removes them when they are clean.

    Args:
        store: The drafts folder.
        documents: Returns the documents open right now.
        interval_seconds: How often to write.
    """

    def __init__(
        self,
        store: DraftStore,
        documents: Callable[[], Iterable[Any]],
        interval_seconds: int = 3,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self._documents = documents
        self._written: dict[uuid.UUID, CharacterBase] = {}
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.flush)
        self.set_interval(interval_seconds)

    def set_interval(self, seconds: int) -> None:
        """Change how often drafts are written."""
        self._timer.setInterval(max(1, int(seconds)) * 1000)

    def start(self) -> None:
        """Start the timer."""
        self._timer.start()

    def stop(self) -> None:
        """Stop the timer."""
        self._timer.stop()

    def is_active(self) -> bool:
        """Whether the timer runs."""
        return self._timer.isActive()

    def flush(self) -> int:
        """Write the draft of every dirty document whose state changed; returns how many."""
        written = 0
        for doc in self._documents():
            character = doc.character
            if doc.undo_stack.isClean():
                if character.id in self._written:
                    self.forget(character.id)
                continue
            if self._written.get(character.id) is character:
                continue  # unchanged since the last draft (states are immutable)
            try:
                self.store.write(character, version=doc.version, campaign_id=doc.campaign_id)
            except OSError as exc:  # a full disk must not break editing
                log.warning("could not write draft of %s: %s", character.id, exc)
                continue
            self._written[character.id] = character
            written += 1
        return written

    def forget(self, character_id: uuid.UUID) -> None:
        """The character was saved or its edits discarded: remove its draft."""
        self._written.pop(character_id, None)
        self.store.discard(character_id)
