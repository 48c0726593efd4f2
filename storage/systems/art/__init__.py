"""Storage layer: the ART Engine's printable sheets (its storage plug-in is ``plugin.PLUGIN``)."""
