"""Storage layer: Spirit of the Century's printable sheets (a game-system plug-in).

:mod:`.plugin` holds ``PLUGIN``; :mod:`.sheets` the Character Sheet, :mod:`.worksheet` the
Character Story Worksheet, :mod:`.cards` the NPC card.
"""
