"""GUI layer: the ART Engine's desktop pages, Action Results Table editor, dice panel and CLI."""
