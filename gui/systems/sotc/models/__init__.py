"""GUI layer: the SotC Qt models (pyramid, stunts, gadgets)."""
