"""GUI layer: Strange Fate in the app (creation flow, skill designer, Skill Trapping Diagram)."""
