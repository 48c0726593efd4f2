"""GUI layer: the encounter window's commands in the game system's words.

The window's menus are built once with the FATE books' commands; the scene's rules (they may
change while the scene is framed) then hide the commands their book has no counterpart for and
name the rest by the system's seams in :class:`rules.conflict_rules.ConflictRules`: no aspect
commands without aspects, no maneuver or block where the book has none
(:attr:`ConflictRules.shared_actions`), no consequence commands without consequences, no full
defense without its bonus, no granted points where the GM grants none
(:attr:`ConflictRules.grants_points`), no places where the system places no one
(:attr:`ConflictRules.zone_words`) and no borders between places in a row
(:attr:`ConflictRules.zone_borders`); the harm a box takes by the tracks' own word
(:attr:`TrackSpec.harm`: ``Mark damage``), an exchange by :attr:`ConflictRules.exchange_word`,
the GM's characters by :attr:`ConflictRules.cast_words` (``Add foe``), and any other command
the system names by :attr:`ConflictRules.command_words` (``Wait`` for ``Hold action``).
Help > Keyboard Shortcuts then lists the commands the window shows, in the same words
(:func:`shown_shortcuts`). Nothing here names a game system.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from gui.encounter.turn_model import has_aspects
from gui.shortcuts import ENCOUNTER, SHORTCUTS, key_text
from rules.conflict_rules import ConflictRules


def mnemonic(word: str, action: QAction) -> str:
    """``word`` with ``&`` before its first letter that no other entry of ``action``'s menus
    uses as its key (none when every letter is taken)."""
    taken = {
        other.text()[other.text().index("&") + 1].lower()
        for menu in action.associatedObjects()
        if isinstance(menu, QMenu)
        for other in menu.actions()
        if other is not action and "&" in other.text()[:-1]
    }
    at = next((i for i, ch in enumerate(word) if ch.isalpha() and ch.lower() not in taken), None)
    return word if at is None else f"{word[:at]}&{word[at:]}"


def hidden_commands(cr: ConflictRules) -> frozenset[str]:
    """The names (:data:`gui.shortcuts.SHORTCUTS`) of the window's commands ``cr``'s book has
    no counterpart for."""
    hidden: set[str] = set()
    if not has_aspects(cr):
        hidden |= {"add_aspect", "scene_aspect"}
    hidden |= {name for name in ("maneuver", "block") if name not in cr.shared_actions}
    if not cr.has_consequences:
        hidden |= {"consequence", "companion_hit", "fill_lower"}
    if cr.full_defense_bonus <= 0:
        hidden.add("full_defense")
    if not cr.grants_points:
        hidden.add("fate_point")
    if cr.zone_words is None:
        hidden.add("zone")
    return frozenset(hidden)


def harm_word(cr: ConflictRules) -> str:
    """What the system's tracks take (``stress``; ART: ``damage``); ``stress`` when its tracks
    take different things."""
    words = {track.harm for track in cr.tracks}
    return words.pop() if len(words) == 1 else "stress"


def command_texts(cr: ConflictRules) -> dict[str, str]:
    """The Help list's text of each command ``cr`` names in its own words."""
    word, harm = cr.exchange_word, harm_word(cr)
    texts = {
        "next_exchange": f"Next {word}",
        "gm_override": f"GM override: the selected may act once more this {word}",
        "mark_stress": f"Mark {harm}: check the box for the pending hit",
    }
    if cr.zone_words is not None:
        texts["zone"] = f"Place the selected participant in a {cr.zone_words[1]}"
    one, group = cr.cast_words
    texts["add_npc"] = f"Add {_a(one)}"
    texts["add_minions"] = f"Add {_a(group)}"
    texts.update({name: help_text for name, (_word, help_text) in cr.command_words.items()})
    return texts


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def show_words(window: Any, cr: ConflictRules) -> None:
    """``window``'s commands (an :class:`~gui.encounter.window.EncounterWindow`) shown or
    hidden and named for ``cr``."""
    hidden = hidden_commands(cr)
    for name, action in window.actions_by_name.items():
        if name in SHORTCUT_NAMES:
            action.setVisible(name not in hidden)
    harm = harm_word(cr)
    mark = window.actions_by_name["mark_stress"]
    text = "Mark &stress" if harm == "stress" else f"Mark {mnemonic(harm, mark)}"
    if mark.text() != text:
        mark.setText(text)
        mark.setToolTip(f"Mark {harm} ({key_text('mark_stress')})")
    window.hide_npc_tracks.setText(f"&Hide NPC {harm} in the player view")
    border = window._zone_actions[1]  # Scene > Border between zones
    border.setVisible(cr.zone_words is not None and cr.zone_borders)
    one, group = cr.cast_words
    for name, noun, button in (("add_npc", one, "NPC"), ("add_minions", group, "minions")):
        action = window.actions_by_name[name]
        text = f"Add {mnemonic(noun, action)}..."
        if (noun, button) in (("named NPC", "NPC"), ("minion group", "minions")):
            continue  # the menus' and buttons' own words (FATE)
        if action.text() != text:
            action.setText(text)
            action.setToolTip(f"Add {_a(noun)} ({key_text(name)})")
            words = f"Add {noun if name == 'add_npc' else _plural(noun)}"
            action.setIconText(f"{words}\u2026")
            window.toolbar.buttons[name].setAccessibleName(words)
    if cr.zone_words is not None:
        place = window.actions_by_name["zone"]
        place.setToolTip(f"Place selected in a {cr.zone_words[1]} ({key_text('zone')})")
    _name_commands(window, cr.command_words)


DEFAULT_TEXT = "fatesmith_default_text"
"""The QAction property that keeps a command's own (FATE) text while a system renames it."""


def _name_commands(window: Any, words: Mapping[str, tuple[str, str]]) -> None:
    """The commands ``words`` names in the system's words (an ellipsis kept where the command
    opens a dialog); the others back in the window's own words."""
    for name, action in window.actions_by_name.items():
        if name not in SHORTCUT_NAMES:
            continue
        own = action.property(DEFAULT_TEXT)
        if name not in words:
            if own is not None and action.text() != own:
                action.setText(own)
                action.setToolTip(f"{own.replace('&', '')} ({key_text(name)})")
            continue
        if own is None:
            own = action.text()
            action.setProperty(DEFAULT_TEXT, own)
        word = words[name][0]
        dots = "..." if own.endswith("...") else ""
        text = f"{mnemonic(word, action)}{dots}"
        if action.text() != text:
            action.setText(text)
            action.setToolTip(f"{word}{dots} ({key_text(name)})")


def _plural(noun: str) -> str:
    """``group of foes`` for a group (its members: ``foes``)."""
    return noun.split(" of ", 1)[1] if " of " in noun else f"{noun}s"


def shown_shortcuts(window: Any, cr: ConflictRules) -> dict[str, str]:
    """The encounter commands ``window`` shows, by name, with their Help text in ``cr``'s
    words (for :func:`gui.dialogs.shortcuts.show_shortcuts`)."""
    hidden = hidden_commands(cr)
    texts = command_texts(cr)
    return {
        s.name: texts.get(s.name, s.text)
        for s in SHORTCUTS
        if s.where == ENCOUNTER and s.name not in hidden
    }


SHORTCUT_NAMES = frozenset(s.name for s in SHORTCUTS if s.where == ENCOUNTER)
"""The encounter commands :func:`show_words` shows or hides (the window's other actions, e.g.
undo, stay)."""
