"""GUI layer: the program version (read by the command line and the app, which import nothing
of each other for it)."""

VERSION = "0.1.0"
