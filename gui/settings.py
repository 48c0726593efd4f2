"""GUI layer: the user's preferences and window state, kept with QSettings.

A thin typed wrapper so the rest of the app never spells a settings key twice. Tests hand in a
``QSettings`` on an INI file in a temporary folder, so they never touch the user's settings.
"""

from __future__ import annotations

import json
from typing import Any, Literal, NamedTuple

from PySide6.QtCore import QByteArray, QSettings

ThemeMode = Literal["system", "light", "dark"]
PaperSize = Literal["a4", "letter"]

MAX_RECENT = 10
DEFAULT_AUTOSAVE_SECONDS = 3
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5)
"""The UI scales Preferences offers (a GM's projector, a 4K screen)."""


class RecentItem(NamedTuple):
    """A character opened recently: its id, as text, and the name it had then."""

    id: str
    name: str


class Settings:
    """Typed access to the app's QSettings.

    Args:
        qsettings: Where to keep the values; by default the user's Fatesmith settings.
    """

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._s = qsettings if qsettings is not None else QSettings("Fatesmith", "Fatesmith")

    @property
    def qsettings(self) -> QSettings:
        """The underlying QSettings."""
        return self._s

    def sync(self) -> None:
        """Write pending changes to disk."""
        self._s.sync()

    # -- window state -----------------------------------------------------------------------

    def _bytes(self, key: str) -> QByteArray | None:
        value: Any = self._s.value(key)
        if isinstance(value, QByteArray) and not value.isEmpty():
            return value
        if isinstance(value, bytes | bytearray) and value:
            return QByteArray(bytes(value))
        return None

    @property
    def geometry(self) -> QByteArray | None:
        """The main window's saved geometry, if any."""
        return self._bytes("window/geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self._s.setValue("window/geometry", value)

    @property
    def window_state(self) -> QByteArray | None:
        """The main window's saved toolbar/dock state, if any."""
        return self._bytes("window/state")

    @window_state.setter
    def window_state(self, value: QByteArray) -> None:
        self._s.setValue("window/state", value)

    @property
    def splitter_state(self) -> QByteArray | None:
        """The library page's splitter sizes, if any."""
        return self._bytes("window/splitter")

    @splitter_state.setter
    def splitter_state(self, value: QByteArray) -> None:
        self._s.setValue("window/splitter", value)

    @property
    def header_state(self) -> QByteArray | None:
        """The character table's column widths and sort order, if any."""
        return self._bytes("window/header")

    @header_state.setter
    def header_state(self, value: QByteArray) -> None:
        self._s.setValue("window/header", value)

    # -- preferences ------------------------------------------------------------------------

    @property
    def theme(self) -> ThemeMode:
        """Colour scheme: follow the system, or force light or dark."""
        value = str(self._s.value("prefs/theme", "system"))
        return value if value in ("system", "light", "dark") else "system"  # type: ignore[return-value]

    @theme.setter
    def theme(self, value: ThemeMode) -> None:
        self._s.setValue("prefs/theme", value)

    @property
    def autosave_seconds(self) -> int:
        """How often dirty characters are written to the drafts folder (1-60 s)."""
        try:
            value = int(str(self._s.value("prefs/autosave_seconds", DEFAULT_AUTOSAVE_SECONDS)))
        except ValueError:
            value = DEFAULT_AUTOSAVE_SECONDS
        return min(60, max(1, value))

    @autosave_seconds.setter
    def autosave_seconds(self, value: int) -> None:
        self._s.setValue("prefs/autosave_seconds", int(value))

    @property
    def paper(self) -> PaperSize:
        """Paper size for printed sheets (until chosen: the locale's, as the command line)."""
        from storage.pdf.paper import default_paper

        value = str(self._s.value("prefs/paper", ""))
        return value if value in ("a4", "letter") else default_paper()  # type: ignore[return-value]

    @paper.setter
    def paper(self, value: PaperSize) -> None:
        self._s.setValue("prefs/paper", value)

    @property
    def ui_scale(self) -> float:
        """How much larger than the system's the text is drawn (1.0 to 2.5; the table text,
        the encounter table and the player view follow it)."""
        try:
            value = float(str(self._s.value("prefs/ui_scale", 1.0)))
        except ValueError:
            return 1.0
        if value != value:  # NaN
            return 1.0
        return min(UI_SCALES[-1], max(UI_SCALES[0], value))

    @ui_scale.setter
    def ui_scale(self, value: float) -> None:
        self._s.setValue("prefs/ui_scale", float(value))

    @property
    def last_folder(self) -> str:
        """The folder last used in a file dialog (empty: the home folder)."""
        return str(self._s.value("prefs/last_folder", "") or "")

    @last_folder.setter
    def last_folder(self, value: str) -> None:
        self._s.setValue("prefs/last_folder", value)

    @property
    def last_system(self) -> str:
        """The game system last chosen for something new (a character, a campaign, an
        encounter): the choice the next "New" offers first ("" until one is chosen)."""
        return str(self._s.value("prefs/last_system", "") or "")

    @last_system.setter
    def last_system(self, value: str) -> None:
        self._s.setValue("prefs/last_system", value)

    # -- recent items -----------------------------------------------------------------------

    def recent(self) -> list[RecentItem]:
        """Recently opened characters, newest first."""
        raw = self._s.value("recent/characters", "[]")
        try:
            items = json.loads(str(raw))
        except json.JSONDecodeError:
            return []
        out: list[RecentItem] = []
        if isinstance(items, list):
            for item in items:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    out.append(RecentItem(id=item["id"], name=str(item.get("name", ""))))
        return out[:MAX_RECENT]

    def add_recent(self, item_id: str, name: str) -> None:
        """Put a character at the top of the recent list."""
        items = [r for r in self.recent() if r.id != item_id]
        items.insert(0, RecentItem(item_id, name))
        self._store_recent(items[:MAX_RECENT])

    def remove_recent(self, item_id: str) -> None:
        """Forget a character (deleted, or no longer in the library)."""
        self._store_recent([r for r in self.recent() if r.id != item_id])

    def clear_recent(self) -> None:
        """Forget every recent item."""
        self._store_recent([])

    def _store_recent(self, items: list[RecentItem]) -> None:
        self._s.setValue(
            "recent/characters", json.dumps([{"id": r.id, "name": r.name} for r in items])
        )
