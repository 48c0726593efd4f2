"""Packaging: the entry script PyInstaller freezes (same as the ``fatesmith`` console script)."""

import sys

from gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
