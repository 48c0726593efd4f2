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
        keys: Its key sequences in portable text ("Ctrl+Shift+N"), or a standard key's
            name prefixed with "std:" ("std:Undo"), resolved on the platform.
    """

    name: str
    text: str
    where: str
    keys: tuple[str, ...]


def _s(name: str, text: str, where: str, *keys: str) -> Shortcut:
    return Shortcut(name, text, where, keys)


SHORTCUTS: tuple[Shortcut, ...] = (
    # -- every window
    _s("undo", "Undo", EVERYWHERE, "std:Undo"),
    _s("redo", "Redo", EVERYWHERE, "std:Redo"),
    _s("print", "Print (the sheet, or the GM conflict sheet)", EVERYWHERE, "std:Print"),
    _s("shortcuts", "Keyboard shortcuts (this list)", EVERYWHERE, "F1"),
    _s(
        "close",
        "Close (the character tab, the encounter window, the player view)",
        EVERYWHERE,
        "std:Close",
    ),
    # -- the main window
    _s("new", "New character", MAIN, "std:New"),
    _s("open", "Open the selected characters", MAIN, "std:Open"),
    _s("save", "Save the character", MAIN, "std:Save"),
    _s("import", "Import character files or an archive", MAIN, "Ctrl+I"),
    _s("export", "Export the selected character to a file", MAIN, "Ctrl+E"),
    _s("find", "Find in the library", MAIN, "std:Find"),
    _s("duplicate", "Duplicate the selected characters", MAIN, "Ctrl+D"),
    _s("delete", "Delete the selected characters or encounters (asks first)", MAIN, "std:Delete"),
    _s("tags", "Edit the tags of the selected characters", MAIN, "Ctrl+Shift+T"),
    _s("preferences", "Preferences", MAIN, "std:Preferences", "Ctrl+,"),
    _s("library", "Show the library", MAIN, "Ctrl+L"),
    _s("new_encounter", "New encounter", MAIN, "Ctrl+Shift+E"),
    _s("next_tab", "Next tab", MAIN, "std:NextChild"),
    _s("prev_tab", "Previous tab", MAIN, "std:PreviousChild"),
    _s("quit", "Quit", MAIN, "std:Quit", "Ctrl+Q"),
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
    """The key sequences of ``name`` on this platform (standard keys resolved, duplicates
    dropped, in the scheme's order)."""
    out: list[QKeySequence] = []
    for spec in _BY_NAME[name].keys:
        if spec.startswith("std:"):
            found = QKeySequence.keyBindings(getattr(QKeySequence.StandardKey, spec[4:]))
        else:
            found = [QKeySequence(spec)]
        for sequence in found:
            if not sequence.isEmpty() and sequence not in out:
                out.append(sequence)
    return out


_NAMED_KEYS = ("Del", "Delete", "Return", "Enter", "Esc", "Backspace")


def _readable(text: str) -> bool:
    """Whether a key is one a keyboard has for everyone: a combination, a function key, or
    Delete / Return (not the dedicated Undo, Open or Forward keys some keyboards add)."""
    return "+" in text or text in _NAMED_KEYS or (text[:1] == "F" and text[1:].isdigit())


def key_text(name: str) -> str:
    """The keys of ``name`` as the user reads them ("Shift+N, Ctrl+Right")."""
    texts = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys(name)]
    return ", ".join(t for t in texts if _readable(t)) or ", ".join(texts)


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
