"""Storage layer: where the bundled data (``resources/``) is, from a checkout, an install or a
PyInstaller bundle. Standard library only, so the GUI can use it at start-up.

``resources`` is a namespace package of data. ``importlib.resources`` is tried first; CPython
3.11 cannot read a namespace package that an editable install extends with a path hook, so the
package's real folders, then the repository's, are tried next.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

REPO_RESOURCES = Path(__file__).resolve().parents[1] / "resources"


def bundled_path(*parts: str) -> Path:
    """The real path of ``resources/<parts...>``; the first candidate when none exists."""
    try:
        target = resources.files("resources").joinpath(*parts)
        if target.is_file() or target.is_dir():
            return Path(str(target))
    except (NotADirectoryError, ModuleNotFoundError, TypeError):
        pass
    try:
        import resources as package

        folders = [Path(p) for p in package.__path__ if Path(p).is_dir()]
    except ImportError:
        folders = []
    folders.append(REPO_RESOURCES)
    for folder in folders:
        candidate = folder.joinpath(*parts)
        if candidate.exists():
            return candidate
    return folders[0].joinpath(*parts)
