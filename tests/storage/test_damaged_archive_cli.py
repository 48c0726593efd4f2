"""``fatesmith library import`` of an archive whose compressed data is damaged: one line, exit 2,
the library as it was (zlib errors, a stream cut short, a wrong CRC, a damaged header)."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_process import exported_library
from tests.cli_process import fatesmith as cli


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A good archive of the sample library (its members deflated)."""
    return exported_library(tmp_path_factory.mktemp("source"))


def _data_span(path: Path, index: int) -> tuple[int, int]:
    """Where member ``index``'s compressed bytes lie in the file."""
    with zipfile.ZipFile(path) as zf:
        info = zf.infolist()[index]
    raw = path.read_bytes()
    start = info.header_offset
    name_len = int.from_bytes(raw[start + 26 : start + 28], "little")
    extra_len = int.from_bytes(raw[start + 28 : start + 30], "little")
    data = start + 30 + name_len + extra_len
    return data, data + info.compress_size


def _flip_middle(raw: bytearray, span: tuple[int, int]) -> None:
    raw[(span[0] + span[1]) // 2] ^= 0xFF


def _flip_early(raw: bytearray, span: tuple[int, int]) -> None:
    raw[span[0] + 3] ^= 0x55


def _zero(raw: bytearray, span: tuple[int, int]) -> None:
    raw[span[0] : span[1]] = bytes(span[1] - span[0])


def _cut_stream(raw: bytearray, span: tuple[int, int]) -> None:
    # A stored deflate stream's final block cut short: the decompressor runs dry (EOFError).
    raw[span[0] : span[1]] = b"\x00\xff\xff\x00\x00" + bytes(span[1] - span[0] - 5)


def _wrong_crc(raw: bytearray, span: tuple[int, int]) -> None:
    # The central directory's CRC of the first member (the one zipfile checks) no longer fits.
    first = raw.find(b"PK\x01\x02")
    assert first >= 0
    raw[first + 16] ^= 0x01


DAMAGE: dict[str, Callable[[bytearray, tuple[int, int]], None]] = {
    "flipped byte mid-stream": _flip_middle,
    "flipped byte in the block header": _flip_early,
    "zeroed data": _zero,
    "stream cut short": _cut_stream,
    "wrong CRC": _wrong_crc,
}


@pytest.mark.parametrize("member", [0, 1], ids=["manifest", "character"])
@pytest.mark.parametrize("how", list(DAMAGE))
def test_damaged_archive_is_one_line_exit_2_and_imports_nothing(
    exported: Path, tmp_path: Path, how: str, member: int
) -> None:
    raw = bytearray(exported.read_bytes())
    DAMAGE[how](raw, _data_span(exported, member))
    bad = tmp_path / "damaged.zip"
    bad.write_bytes(bytes(raw))
    lib = str(tmp_path / "lib.sqlite3")
    first = cli("--library", lib, "--create", "library", "--no-samples", "list", "--json")
    assert first.returncode == 0 and first.stdout == ""

    done = cli("--library", lib, "library", "import", str(bad))

    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "damaged.zip" in lines[0] and "damaged" in lines[0].split("damaged.zip", 1)[1]
    assert done.stdout == ""
    after = cli("--library", lib, "library", "list", "--json")
    assert after.returncode == 0 and after.stdout == ""
