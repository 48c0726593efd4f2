"""GUI layer: FATE 2.0's plug-in (phase-by-phase builder, settings page, quick NPCs, commands)."""
