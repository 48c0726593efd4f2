"""Storage layer: where the bundled data (``resources/``) is, from a checkout, an install or a
PyInstaller bundle. Standard library only, so the GUI can use it at start-up.

``resources`` is a namespace package of data. Its real folders are tried first (a checkout or
an install: no ``importlib.resources`` to import, which costs the GUI's start-up several
milliseconds), then ``importlib.resources`` (any other loader), then the repository's folder
(CPython 3.11 cannot read a namespace package that an editable install extends with a path hook;
a PyInstaller bundle keeps ``resources/`` beside the code).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

bundled_package: ModuleType | None
try:
    import resources as bundled_package
except ImportError:  # no ``resources`` package on the path: the last resorts below
    bundled_package = None

REPO_RESOURCES = Path(__file__).resolve().parents[1] / "resources"


def bundled_path(*parts: str) -> Path:
    """The real path of ``resources/<parts...>``; the first candidate when none exists."""
    folders = (
        [Path(p) for p in bundled_package.__path__ if Path(p).is_dir()]
        if bundled_package is not None
        else []
    )
    for folder in folders:
        candidate = folder.joinpath(*parts)
        if candidate.exists():
            return candidate
    try:
        from importlib import resources  # noqa: PLC0415 - pulls tempfile: off the start-up path

        target = resources.files("resources").joinpath(*parts)
        if target.is_file() or target.is_dir():
            return Path(str(target))
    except (NotADirectoryError, ModuleNotFoundError, TypeError):
        pass
    candidate = REPO_RESOURCES.joinpath(*parts)
    if candidate.exists():
        return candidate
    return (folders[0] if folders else REPO_RESOURCES).joinpath(*parts)
