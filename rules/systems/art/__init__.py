"""Rules layer: the ART Engine (2012 edition) game system."""
