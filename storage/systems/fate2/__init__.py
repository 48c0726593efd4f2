"""Storage layer: FATE 2.0's printable sheets (a game-system plug-in).

:mod:`.plugin` holds ``PLUGIN``; :mod:`.sheets` the Character Sheet (filled in and blank),
:mod:`.cards` the NPC card.
"""
