"""GUI layer: the PySide6 desktop app and the command line (the composition root).

Importing this package does not import Qt: the command line's text commands stay fast.
"""
