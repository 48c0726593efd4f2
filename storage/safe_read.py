"""Storage layer: reading a user's file as hostile input, bounded, refusing what is not a file.

Every file Fatesmith reads from a path a user gives goes through here, so none of them can hang
the program, exhaust its memory or crash it with a traceback:

* Only **regular files** are read. A named pipe (FIFO), a device (``/dev/zero``), a socket or a
  folder is refused with one line before anything is read; the open itself cannot block (it is
  non-blocking) and the opened file is checked again, so a path swapped after the first check
  is refused too.
* Every read is **bounded** by the maximum size of its kind of file:

  ================  =======  ====================================================
  kind              limit    why
  ================  =======  ====================================================
  character file     5 MB    a complete character is a few KB
  encounter script   5 MB    a long conflict is a few hundred KB
  library archive   1 GB     a zip of character files; its members are bounded
                             again when unpacked (storage.archive)
  ================  =======  ====================================================

* JSON is parsed **strictly**: nesting deeper than 64 levels is refused before parsing; a key
  that appears twice in one object is an error naming the key and where it is (JSON parsers keep
  only the last, which silently loses data); an integer outside the signed 64-bit range a
  database column can hold, a number too large for a float, and ``NaN``/``Infinity`` (not JSON)
  are errors naming the field.

Character files, whose every number is bounded by their model, are parsed by ``jiter`` (a Rust
JSON parser that refuses duplicate keys itself, several times faster than the exact parser);
only a document it refuses takes the exact parser, which names the key or field at fault, and
an out-of-range number is named by the model. Other kinds always take the exact parser.

Each refusal raises the kind's error class (:class:`rules.errors.CharacterFileError` for
character files) with one plain line that names the kind of file, never a traceback.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import jiter

from rules.errors import CharacterFileError, FatesmithError
from rules.validation import field_path
from storage.db import open_library_file

MB = 1024 * 1024
MAX_DEPTH = 64
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


class UnreadableFileError(FatesmithError):
    """A file that is refused before or while it is read (not a file, too big, not JSON)."""


@dataclass(frozen=True)
class FileKind:
    """A kind of file Fatesmith reads, its size limit and the error it raises.

    Attributes:
        name: How messages call it ("character file", "encounter script").
        max_bytes: The largest file of this kind that is read at all.
        error: The exception class raised for every refusal.
        bounded_schema: Every number a document of this kind may carry is bounded by the
            pydantic model it is read into (characters: ratings, fate points...), so the parser
            may leave out-of-range numbers to that model, which names the field too.
    """

    name: str
    max_bytes: int
    error: type[FatesmithError] = UnreadableFileError
    bounded_schema: bool = False

    @property
    def a_name(self) -> str:
        """The name with its indefinite article ("an encounter script")."""
        return ("an " if self.name[:1] in "aeiou" else "a ") + self.name


CHARACTER_FILE = FileKind("character file", 5 * MB, CharacterFileError, bounded_schema=True)
ENCOUNTER_SCRIPT = FileKind("encounter script", 5 * MB)
LIBRARY_ARCHIVE = FileKind("library archive", 1024 * MB)

_NOT_REGULAR = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _size_text(n: int) -> str:
    return f"{n // MB} MB" if n >= MB else f"{n} bytes"


def _check_mode(mode: int, kind: FileKind) -> None:
    if stat.S_ISDIR(mode):
        raise kind.error("is a folder, not a file")
    if stat.S_ISREG(mode):
        return
    what = next((name for test, name in _NOT_REGULAR if test(mode)), "not a regular file")
    raise kind.error(f"is {what}, not a regular file; refusing to read it as {kind.a_name}")


def _check_size(size: int, kind: FileKind) -> None:
    if size > kind.max_bytes:
        raise kind.error(
            f"larger than {_size_text(kind.max_bytes)} (the limit for {kind.a_name}); refusing it"
        )


def open_regular(path: Path, kind: FileKind) -> IO[bytes]:
    """Open ``path`` for binary reading only if it is a regular file within the kind's limit.

    The caller must still bound its reads by ``kind.max_bytes`` (the file may grow after the
    check); :func:`read_bytes` does. Use this for files read by a library that wants a file
    object (``zipfile.ZipFile(open_regular(path, LIBRARY_ARCHIVE))``).

    Raises:
        FatesmithError: of ``kind.error``: missing, a folder, a pipe, device or socket, too
            large, or unreadable.
    """
    library = open_library_file(path)
    if library is not None:
        # Reading it with a plain open() would drop this process's SQLite locks on the library
        # when the descriptor closes (storage.db), and a library is no character file anyway.
        raise kind.error(
            f"is the open library {library.name} itself (or one of its files), not {kind.a_name}"
        )
    try:
        _check_mode(os.stat(path).st_mode, kind)
        # Non-blocking: opening a FIFO that appeared after the check must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise kind.error("no such file") from None
    except IsADirectoryError:
        raise kind.error("is a folder, not a file") from None
    except OSError as exc:
        raise kind.error(f"cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        _check_mode(info.st_mode, kind)
        _check_size(info.st_size, kind)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: Path, kind: FileKind) -> bytes:
    """The bytes of a regular file, never more than ``kind.max_bytes``.

    Raises:
        FatesmithError: of ``kind.error`` (see :func:`open_regular`).
    """
    with open_regular(path, kind) as handle:
        try:
            raw = handle.read(kind.max_bytes + 1)
        except OSError as exc:
            raise kind.error(f"cannot be read ({exc.strerror or exc})") from None
    _check_size(len(raw), kind)
    return raw


def decode_text(raw: bytes, kind: FileKind) -> str:
    """UTF-8 text (a leading byte-order mark is dropped).

    Raises:
        FatesmithError: of ``kind.error`` when the bytes are not UTF-8; the message names the
            kind of file that was expected.
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise kind.error(
            f"not UTF-8 text (byte {exc.start}); is it really {kind.a_name}?"
        ) from None


def read_text(path: Path, kind: FileKind) -> str:
    """A regular UTF-8 text file of at most ``kind.max_bytes``."""
    return decode_text(read_bytes(path, kind), kind)


def check_depth(text: str, kind: FileKind = CHARACTER_FILE, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before handing it to a parser.

    A linear scan that skips string contents, so hostile input (10,000 nested brackets) is
    rejected in O(n) without recursion.

    Raises:
        FatesmithError: of ``kind.error`` when nesting exceeds ``limit``.
    """
    if text.count("[") + text.count("{") <= limit:
        return  # cannot possibly nest deeper than there are openers
    # Drop string literals (C-speed regex), then walk only the brackets that remain.
    depth = 0
    for ch in _BRACKETS.findall(_STRINGS.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > limit:
                raise kind.error(f"nested more than {limit} levels deep; refusing it")
        else:
            depth -= 1


class _Duplicated(dict[str, Any]):
    """An object in which ``key`` appeared more than once (only built when that happens)."""

    key: str


class _OutOfRange:
    """A number too large to keep, standing in for it until its field is named."""

    def __init__(self, literal: str) -> None:
        self.literal = literal

    def describe(self) -> str:
        shown = self.literal if len(self.literal) <= 24 else self.literal[:20] + "..."
        digits = f" ({len(self.literal)} characters)" if len(self.literal) > 24 else ""
        return f"the number {shown}{digits} is too large (integers must lie within +/-{INT64_MAX})"


class _StrictHooks:
    """Parser hooks that flag duplicate keys and out-of-range numbers without slowing the rest."""

    def __init__(self) -> None:
        self.flagged = False

    def object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        made = dict(pairs)
        if len(made) == len(pairs):
            return made
        self.flagged = True
        dup = _Duplicated(made)
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                dup.key = key
                break
            seen.add(key)
        return dup

    def integer(self, literal: str) -> int | _OutOfRange:
        if len(literal) <= 18:  # at most 18 digits always fits in 64 bits
            return int(literal)
        if len(literal.lstrip("-")) <= 19:
            value = int(literal)
            if INT64_MIN <= value <= INT64_MAX:
                return value
        self.flagged = True
        return _OutOfRange(literal)

    def number(self, literal: str) -> float | _OutOfRange:
        value = float(literal)
        if math.isinf(value):
            self.flagged = True
            return _OutOfRange(literal)
        return value

    def constant(self, literal: str) -> Any:
        raise ValueError(f"{literal} is not a JSON number")


def _first_problem(data: Any, loc: tuple[int | str, ...] = ()) -> str | None:
    """The first duplicate key or out-of-range number in document order, with its path."""
    if isinstance(data, _OutOfRange):
        return f"field {field_path(loc)}: {data.describe()}"
    if isinstance(data, dict):
        if isinstance(data, _Duplicated):
            where = "at the top level" if not loc else f"in {field_path(loc)}"
            return (
                f"the key {data.key!r} appears more than once {where} "
                "(only one may be given; remove the others)"
            )
        for key, value in data.items():
            found = _first_problem(value, (*loc, key))
            if found:
                return found
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found = _first_problem(value, (*loc, i))
            if found:
                return found
    return None


def loads_json(text: str, kind: FileKind, *, depth_checked_later: bool = False) -> Any:
    """Parse JSON strictly: bounded depth, no duplicate keys, no out-of-range numbers.

    Args:
        text: The document.
        kind: What it is (its size limit, its error, whether its model bounds it).
        depth_checked_later: For a kind whose model bounds the document (``bounded_schema``):
            the caller reads the result straight into that model, which admits no deeper
            nesting, and calls :func:`check_depth` itself whenever that model is not the last
            word (a refusal, an upgraded document). The depth scan then only runs before the
            exact parser, which recurses; jiter refuses more than 200 levels by itself.

    Raises:
        FatesmithError: of ``kind.error``, one line naming what is wrong and where.
    """
    if not (depth_checked_later and kind.bounded_schema):
        check_depth(text, kind)
    if kind.bounded_schema:
        try:
            return jiter.from_json(text.encode(), allow_inf_nan=False, catch_duplicate_keys=True)
        except (ValueError, UnicodeEncodeError):
            pass  # a duplicate key or a syntax error: the exact parser below says which, where
        if depth_checked_later:
            check_depth(text, kind)
    hooks = _StrictHooks()
    try:
        data = json.loads(
            text,
            object_pairs_hook=hooks.object,
            parse_int=hooks.integer,
            parse_float=hooks.number,
            parse_constant=hooks.constant,
        )
    except json.JSONDecodeError as exc:
        raise kind.error(
            f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
            "the file may be truncated or damaged"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise kind.error(f"not valid JSON ({exc})") from None
    if hooks.flagged:
        problem = _first_problem(data)
        if problem:
            raise kind.error(problem)
    return data


def read_json(path: Path, kind: FileKind) -> Any:
    """Read and strictly parse a JSON file of the given kind (see the module docstring)."""
    return loads_json(read_text(path, kind), kind)


def read_encounter_script(path: Path) -> Any:
    """The JSON document of an encounter script, read and parsed strictly.

    Hand the result to ``rules.encounter_script.parse_script``. Errors name the file as an
    encounter script, never as a character file.

    Raises:
        UnreadableFileError: not a regular file, over 5 MB, not UTF-8, not strict JSON.
    """
    return read_json(path, ENCOUNTER_SCRIPT)
