"""GUI layer: undo commands, one class per user action (STYLE.md "Commands")."""
