"""GUI layer: the one keyboard shortcut scheme of every Fatesmith window.

A key sequence means one thing everywhere: the main window and the encounter window take their
shortcuts from :data:`SHORTCUTS` by name (:func:`keys`), and Help > Keyboard Shortcuts lists
this table (:mod:`gui.dialogs.shortcuts`), so the list can never drift from the keys. The
encounter's table commands need Shift (a letter typed by accident on the table does nothing),
the window-wide ones Ctrl; :func:`clashes` is the check the tests run: no sequence may carry
two meanings across the windows.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QKeySequence

MAIN = "Main window"
ENCOUNTER = "Encounter window"
EVERYWHERE = "Every window"


class Shortcut(NamedTuple):
    """One command's keys.

    Attributes:
        name: The id the windows look the keys up by.
        text: What the command does (as listed in Help).
        where: Which window has it (:data:`MAIN`, :data:`ENCOUNTER`, :data:`EVERYWHERE`).
        keys: Its key sequences in portable text ("Ctrl+Shift+N"), the same on every
            platform (see :func:`keys`).
    """

    name: str
    text: str
    where: str
    keys: tuple[str, ...]


def _s(name: str, text: str, where: str, *keys: str) -> Shortcut:
    return Shortcut(name, text, where, keys)


SHORTCUTS: tuple[Shortcut, ...] = (
    # -- every window
    _s("undo", "Undo", EVERYWHERE, "Ctrl+Z"),
    _s("redo", "Redo", EVERYWHERE, "Ctrl+Shift+Z", "Ctrl+Y"),
    _s("print", "Print (the sheet, or the GM conflict sheet)", EVERYWHERE, "Ctrl+P"),
    _s("shortcuts", "Keyboard shortcuts (this list)", EVERYWHERE, "F1"),
    _s(
        "close",
        "Close (the character tab, the encounter window, the player view)",
        EVERYWHERE,
        "Ctrl+W",
        "Ctrl+F4",
    ),
    # -- the main window
    _s("new", "New character", MAIN, "Ctrl+N"),
    _s("open", "Open the selected characters", MAIN, "Ctrl+O"),
    _s("save", "Save the character", MAIN, "Ctrl+S"),
    _s("import", "Import character files or an archive", MAIN, "Ctrl+I"),
    _s("export", "Export the selected character to a file", MAIN, "Ctrl+E"),
    _s("find", "Find in the library", MAIN, "Ctrl+F"),
    _s("duplicate", "Duplicate the selected characters", MAIN, "Ctrl+D"),
    _s("delete", "Delete the selected characters or encounters (asks first)", MAIN, "Del"),
    _s("tags", "Edit the tags of the selected characters", MAIN, "Ctrl+Shift+T"),
    _s("preferences", "Preferences", MAIN, "Ctrl+,"),
    _s("library", "Show the library", MAIN, "Ctrl+L"),
    _s("new_encounter", "New encounter", MAIN, "Ctrl+Shift+E"),
    _s("next_tab", "Next tab", MAIN, "Ctrl+Tab", "Ctrl+F6"),
    _s("prev_tab", "Previous tab", MAIN, "Ctrl+Shift+Backtab", "Ctrl+Shift+F6"),
    _s("quit", "Quit", MAIN, "Ctrl+Q"),
    # -- the encounter window: the flow of play
    _s("start", "Start: fix the initiative order", ENCOUNTER, "Ctrl+Return"),
    _s("next_turn", "Next turn", ENCOUNTER, "Shift+N", "Ctrl+Right"),
    _s("next_exchange", "Next exchange", ENCOUNTER, "Shift+E"),
    _s("end_scene", "End the scene", ENCOUNTER, "Ctrl+Shift+X"),
    _s("player_view", "Open the player view", ENCOUNTER, "Shift+P"),
    _s("close_view", "Close the player view (in the player view)", ENCOUNTER, "Esc"),
    # -- the encounter window: acting on the selected participant
    _s("roll", "Roll: attack the target (or roll vs difficulty without one)", ENCOUNTER, "Shift+R"),
    _s("maneuver", "Maneuver", ENCOUNTER, "Shift+M"),
    _s("block", "Block", ENCOUNTER, "Shift+B"),
    _s("mark_stress", "Mark stress: check the box for the pending hit", ENCOUNTER, "Shift+S"),
    _s("consequence", "Take a consequence for the pending hit", ENCOUNTER, "Shift+C"),
    _s("companion_hit", "Companion takes the hit (its extra consequence)", ENCOUNTER, "Shift+K"),
    _s(
        "fill_lower",
        "Fill lower empty boxes instead of a roll-up (when a stunt allows)",
        ENCOUNTER,
        "Shift+O",
    ),
    _s("take_out", "Take out the selected participant", ENCOUNTER, "Shift+X"),
    _s(
        "add_aspect",
        "Add an aspect (on the selected participant, or the scene)",
        ENCOUNTER,
        "Shift+A",
    ),
    _s("fate_point", "Grant a fate point to the selected participant", ENCOUNTER, "Shift+F"),
    _s("full_defense", "Full defense for the selected participant", ENCOUNTER, "Shift+D"),
    _s(
        "gm_override",
        "GM override: the selected may act once more this exchange",
        ENCOUNTER,
        "Shift+G",
    ),
    _s("hold", "Hold the current actor's action", ENCOUNTER, "Shift+H"),
    _s("resume", "Take the selected participant's held action now", ENCOUNTER, "Shift+T"),
    _s("hide", "Hide / show the selected participant in the player view", ENCOUNTER, "Shift+V"),
    _s("zone", "Place the selected participant in a zone", ENCOUNTER, "Shift+Z"),
    _s(
        "scene_aspect",
        "Add a scene aspect (sticky or fragile, free tags)",
        ENCOUNTER,
        "Ctrl+Shift+A",
    ),
    # -- the encounter window: the cast
    _s("add_library", "Add characters from the library", ENCOUNTER, "Ctrl+Shift+L"),
    _s("add_npc", "Add a named NPC", ENCOUNTER, "Ctrl+Shift+N"),
    _s("add_minions", "Add a minion group", ENCOUNTER, "Ctrl+Shift+M"),
    _s("add_companion", "Add a companion", ENCOUNTER, "Ctrl+Shift+K"),
    _s("remove", "Remove the selected participant (undoable)", ENCOUNTER, "Ctrl+Delete"),
)
"""Every shortcut of the app, in the order Help lists them."""

_BY_NAME = {s.name: s for s in SHORTCUTS}


def shortcut(name: str) -> Shortcut:
    """The shortcut called ``name``.

    Raises:
        KeyError: no such shortcut.
    """
    return _BY_NAME[name]


def keys(name: str) -> list[QKeySequence]:
    """The key sequences of ``name``, in the scheme's order.

    The scheme names every key literally, never as a Qt standard key: those differ by desktop
    (on GNOME and KDE, Delete is "Del, Ctrl+D", which made Ctrl+D mean both Duplicate and
    Delete), so Help, docs/shortcuts.md and the bound keys are the same everywhere. On macOS
    Qt reads Ctrl as Cmd.
    """
    return [QKeySequence(spec) for spec in _BY_NAME[name].keys]


def key_text(name: str) -> str:
    """The keys of ``name`` as the user reads them ("Shift+N, Ctrl+Right")."""
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys(name))


def clashes() -> list[tuple[str, str, str]]:
    """Key sequences given two meanings anywhere: (sequence, name, other name)."""
    seen: dict[str, str] = {}
    found = []
    for s in SHORTCUTS:
        for sequence in keys(s.name):
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            if text in seen and seen[text] != s.name:
                found.append((text, seen[text], s.name))
            seen.setdefault(text, s.name)
    return found


def markdown_table() -> str:
    """The scheme as the Markdown of docs/shortcuts.md (a test keeps the file in step)."""
    lines = []
    for where in (EVERYWHERE, MAIN, ENCOUNTER):
        lines += [f"### {where}", "", "| Keys | Command |", "| --- | --- |"]
        lines += [f"| {key_text(s.name)} | {s.text} |" for s in SHORTCUTS if s.where == where]
        lines.append("")
    return "\n".join(lines)
