"""Rules layer: Strange Fate (catalogue, the Skill Trapping Diagram and its cost walk)."""
