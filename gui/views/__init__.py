"""GUI layer: views, the larger widgets that show and edit one document or campaign."""
