"""Storage layer: Spirit of the Century's sheet layouts (a game-system plug-in)."""
