"""GUI layer: one folder per game system (each a plug-in found through the registration list)."""
