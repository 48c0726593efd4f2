"""GUI layer: reusable widgets (pyramid, stunt picker, derived values, validation list)."""
