"""GUI layer: the SotC widgets (pyramid, stunt picker, gadget editor)."""
