"""Hostile files (issue 14, "Bad input that crashes or misleads"): pipes, devices, huge numbers,
duplicate keys and wrong-kind messages are each refused with one line naming the problem."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from rules.errors import CharacterFileError, FatesmithError
from storage.json_io import character_to_document, read_character_file, read_text_limited
from storage.safe_read import (
    CHARACTER_FILE,
    ENCOUNTER_SCRIPT,
    LIBRARY_ARCHIVE,
    FileKind,
    UnreadableFileError,
    loads_json,
    open_regular,
    read_bytes,
    read_encounter_script,
)
from tests.rules.sotc_builders import build

REPO = Path(__file__).resolve().parents[2]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX-only")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")


def _in_thread(work: Any, seconds: float = 10.0) -> BaseException | None:
    """Run ``work`` in a daemon thread; fail the test if it is still running (a hang)."""
    outcome: list[BaseException | None] = []

    def target() -> None:
        try:
            work()
            outcome.append(None)
        except BaseException as exc:  # handed back to the test
            outcome.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s (it would hang the command)"
    return outcome[0]


def _one_line(exc: BaseException | None, *fragments: str) -> str:
    assert isinstance(exc, FatesmithError), f"expected a one-line refusal, got {exc!r}"
    message = str(exc)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


@needs_fifo
def test_a_fifo_named_json_is_refused_without_blocking(tmp_path: Path, registry: Any) -> None:
    fifo = tmp_path / "hero.fatesmith.json"
    os.mkfifo(fifo)
    exc = _in_thread(lambda: read_character_file(fifo, registry))
    assert isinstance(exc, CharacterFileError)
    _one_line(exc, "named pipe", "not a regular file", "character file")


@needs_fifo
def test_validate_on_a_fifo_prints_one_line_and_exits(tmp_path: Path) -> None:
    """The command itself returns (status 2) instead of waiting for a writer forever."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "gui.cli", "validate", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=REPO,
    )
    assert done.returncode == 2
    assert "named pipe" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@needs_dev_zero
def test_a_device_is_refused_before_reading(tmp_path: Path, registry: Any) -> None:
    """/dev/zero named .zip or .json never grows in memory: it is refused by its type."""
    for name, kind in (("zero.zip", LIBRARY_ARCHIVE), ("zero.fatesmith.json", CHARACTER_FILE)):
        link = tmp_path / name
        link.symlink_to("/dev/zero")
        exc = _in_thread(lambda link=link, kind=kind: read_bytes(link, kind))
        _one_line(exc, "character device", kind.name)
    with pytest.raises(CharacterFileError, match="character device"):
        read_character_file(tmp_path / "zero.fatesmith.json", registry)
    with pytest.raises(UnreadableFileError, match="character device"):
        open_regular(Path("/dev/zero"), LIBRARY_ARCHIVE)


def test_folders_missing_and_oversized_files(tmp_path: Path) -> None:
    small = FileKind("test file", 10)
    with pytest.raises(UnreadableFileError, match="folder"):
        read_bytes(tmp_path, small)
    with pytest.raises(UnreadableFileError, match="no such file"):
        read_bytes(tmp_path / "missing", small)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 11)
    with pytest.raises(UnreadableFileError, match="larger than 10 bytes"):
        read_bytes(big, small)
    big.write_bytes(b"x" * 10)
    assert read_bytes(big, small) == b"x" * 10
    with open_regular(big, small) as handle:
        assert handle.read() == b"x" * 10


def test_every_kind_has_a_documented_limit() -> None:
    assert CHARACTER_FILE.max_bytes == 5 * 1024 * 1024
    assert ENCOUNTER_SCRIPT.max_bytes == 5 * 1024 * 1024
    assert LIBRARY_ARCHIVE.max_bytes == 1024 * 1024 * 1024
    assert CHARACTER_FILE.error is CharacterFileError


def test_a_non_utf8_encounter_script_is_not_called_a_character_file(tmp_path: Path) -> None:
    script = tmp_path / "fight.json"
    script.write_bytes(b'{"name": "Caf\xe9"}')
    with pytest.raises(UnreadableFileError) as info:
        read_encounter_script(script)
    message = _one_line(info.value, "not UTF-8", "an encounter script")
    assert "character" not in message
    # The old reader, given the script's kind, says the same.
    with pytest.raises(UnreadableFileError, match="an encounter script"):
        read_text_limited(script, ENCOUNTER_SCRIPT.max_bytes, ENCOUNTER_SCRIPT)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ('{"a": 1, "a": 2}', ("'a'", "more than once", "top level")),
        ('{"cast": [{"id": "x"}, {"id": "y", "side": "a", "side": "b"}]}', ("'side'", "cast[1]")),
        ('{"cast": [{"quality": 1000000000000000000000000000000}]}', ("cast[0].quality",)),
        ('{"n": 9223372036854775808}', ("field n", "too large")),
        ('{"n": -9223372036854775809}', ("field n", "too large")),
        ('{"n": 1e400}', ("field n", "too large")),
        ('{"n": ' + "9" * 5000 + "}", ("field n", "5000 characters")),
        ('{"n": NaN}', ("NaN",)),
        ('{"n": -Infinity}', ("Infinity",)),
        ('{"n": 1', ("not valid JSON", "line 1")),
    ],
)
def test_strict_json_names_the_key_or_field(text: str, fragments: tuple[str, ...]) -> None:
    with pytest.raises(UnreadableFileError) as info:
        loads_json(text, ENCOUNTER_SCRIPT)
    _one_line(info.value, *fragments)


def test_numbers_at_the_limits_are_kept() -> None:
    text = '{"big": 9223372036854775807, "small": -9223372036854775808, "f": 1.5e300, "z": 0}'
    assert loads_json(text, ENCOUNTER_SCRIPT) == {
        "big": 2**63 - 1,
        "small": -(2**63),
        "f": 1.5e300,
        "z": 0,
    }


def test_encounter_script_duplicates_are_refused(tmp_path: Path) -> None:
    """issue 13: duplicate keys anywhere in an encounter file are an error naming the key."""
    script = tmp_path / "fight.json"
    script.write_text('{"format": "fatesmith-encounter", "seed": 1, "seed": 2}', encoding="utf-8")
    with pytest.raises(UnreadableFileError, match="'seed' appears more than once"):
        read_encounter_script(script)


def test_the_bundled_example_scripts_still_read() -> None:
    for script in sorted((REPO / "docs" / "examples" / "encounters").glob("*.json")):
        assert read_encounter_script(script) == json.loads(script.read_text(encoding="utf-8"))


def test_a_huge_rating_imports_nothing_bad_and_keeps_the_good_files(
    tmp_path: Path, library: Any
) -> None:
    """A rating of 2**63 crashed `library import` with OverflowError and lost the good files."""
    good = tmp_path / "good.fatesmith.json"
    good.write_text(json.dumps(character_to_document(build(name="Good"))), encoding="utf-8")
    doc = character_to_document(build(name="Huge"))
    doc["skills"]["Guns"] = 2**63
    bad = tmp_path / "huge.fatesmith.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    report = library.import_character_files([good, bad])
    assert [c.name for c in report.imported] == ["Good"]
    assert len(report.failed) == 1
    name, reason = report.failed[0]
    assert name == "huge.fatesmith.json" and "skills.Guns" in reason
