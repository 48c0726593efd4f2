"""Storage layer: one folder per game system (its sheet layouts and any storage it alone needs)."""
