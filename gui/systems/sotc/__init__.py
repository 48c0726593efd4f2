"""GUI layer: Spirit of the Century, as a game-system plug-in (its editor, pages and panels)."""
