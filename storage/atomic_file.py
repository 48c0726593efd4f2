"""Storage layer: writing an output file atomically, the one way every export and save does it.

The bytes go to a temporary file that :func:`tempfile.mkstemp` makes in the target's folder (an
unpredictable name, created exclusively: a symlink or a folder planted at a guessable name is
never followed or tripped over), are flushed to disk, and the file is renamed over the target
with :func:`os.replace`. A crash, a kill or a full disk at any moment leaves either the old file
or the new one, never half of one; on any error the temporary file is removed.

A symlink at the target (the user's own, unlike one planted at a temporary name) is followed,
as a shell's ``>`` follows it. The target itself must be a regular file or missing: a named
pipe would make a plain write hang until someone reads it, a device (``/dev/stdout`` on a
terminal, ``/dev/null``) or a folder cannot be renamed over, so each is refused with one plain
line (an :class:`OSError` whose ``strerror`` says why, as every caller already reports a write
that failed).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from storage.safe_read import not_regular

MAX_PREFIX = 100
"""Characters of the target's name kept in the temporary file's name (a name is at most 255)."""


def _umask() -> int:
    """The process's umask: from ``/proc`` where there is one (reading it there changes
    nothing), else by setting it and putting it back at once."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_target(path: Path) -> int | None:
    """The permission bits of the regular file at ``path``, or None when nothing is there.

    Raises:
        IsADirectoryError: a folder is at ``path``.
        OSError: a named pipe, device or socket is at ``path`` (``strerror`` says which).
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return None  # a dangling symlink, a folder we may not look into: the write will say
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    what = not_regular(info.st_mode)
    if what is not None:
        raise OSError(
            errno.EINVAL, f"is {what}, not a regular file; refusing to write to it", str(path)
        )
    return stat.S_IMODE(info.st_mode)


@contextlib.contextmanager
def atomic_writer(path: Path) -> Iterator[IO[bytes]]:
    """A binary file whose contents replace ``path`` whole when the block ends without error.

    On an error (or an interrupt) inside the block, ``path`` is left as it was and the
    temporary file is removed. An existing target keeps its permission bits; a new one gets
    those any new file gets (0666 less the umask; ``mkstemp`` alone would make it 0600).

    Raises:
        OSError: the target is a folder, a pipe, a device or a socket, or the folder cannot be
            written (see :func:`check_target`).
    """
    path = Path(path)
    if os.path.islink(path):
        # The user's own link at the target is followed, as a shell's ">" would: the file it
        # names is replaced and the link kept. Renaming over the link instead would put a new
        # file in the link's folder (for /dev/stdout redirected to a file: in /dev).
        path = Path(os.path.realpath(path))
    mode = check_target(path)
    if mode is None:
        mode = 0o666 & ~_umask()
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:MAX_PREFIX]}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            else:  # pragma: no cover - Windows
                os.chmod(tmp, mode)
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to disk where the system allows it (best effort)."""
    if not hasattr(os, "O_DIRECTORY"):
        return  # pragma: no cover - Windows has no folder handles to sync
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_writer`).

    Raises:
        OSError: the target is not a regular file, or the write failed (the old file is kept).
    """
    with atomic_writer(path) as handle:
        handle.write(data)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 (``\\n`` line ends, as given) atomically; see
    :func:`atomic_write_bytes`."""
    atomic_write_bytes(path, text.encode("utf-8"))
