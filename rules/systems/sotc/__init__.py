"""Rules layer: Spirit of the Century, as a game-system plug-in (``plugin.PLUGIN`` builds it)."""
