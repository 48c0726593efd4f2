"""Rules layer: Spirit of the Century, as a game-system plug-in (everything SotC's rules need)."""
