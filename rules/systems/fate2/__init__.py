"""Rules layer: the FATE 2.0 game system (phase-by-phase creation, the pyramid per phase)."""
