"""GUI layer: the app shell's dialogs; each exposes an ``ask()`` classmethod tests can replace."""
