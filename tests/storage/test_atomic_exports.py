"""Every export writes a temporary file made by ``mkstemp`` beside its target and renames it over
the target (issue #22): a symlink or a folder planted at a predictable temporary name changes
nothing, the file at the target is replaced whole (never written in place, so a kill mid-write
leaves the old file), and a FIFO or device at the target is refused in one line, never hung on.

Driven through the real command line (``python -m gui.cli``) and the storage functions.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.systems.art.table_csv import write_table_csv
from storage.atomic_file import atomic_write_bytes, atomic_writer
from storage.json_io import write_character_file
from storage.pdf.cards import render_aspect_cards, render_cards
from storage.pdf.render import render_blank, render_conflict_sheet
from storage.pdf.sheet_layout import ConflictRow, minion_card
from storage.systems_catalog import default_registry
from tests.rules.sotc_builders import build
from tests.rules.test_art_support import fake_table

ROOT = Path(__file__).resolve().parents[2]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite library with the samples and an Action Results Table."""
    folder = tmp_path_factory.mktemp("lib")
    lib = str(folder / "lib.sqlite3")
    table = folder / "table.csv"
    table.write_text(write_table_csv(fake_table()), encoding="utf-8")
    done = cli("--library", lib, "--create", "art", "art-table", "import", str(table))
    assert done.returncode == 0, done.stderr
    return lib


@pytest.fixture
def hero_file(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "hero.fatesmith.json"
    path.parent.mkdir()
    write_character_file(path, build())
    return path


def export_argv(kind: str, library: str, out: Path, hero: Path) -> list[str]:
    """The command line that writes ``out``, for each kind of export."""
    return {
        "archive": ["--library", library, "library", "export", str(out)],
        "character": ["--library", library, "library", "export-character", "Tobias Wren",
                      "-o", str(out)],
        "sheet": ["sheet", str(hero), "-o", str(out)],
        "art-table": ["--library", library, "art", "art-table", "export", str(out)],
    }[kind]  # fmt: skip


OUT_NAMES = {
    "archive": "shared.zip",
    "character": "tobias.fatesmith.json",
    "sheet": "hero.pdf",
    "art-table": "table.csv",
}
KINDS = list(OUT_NAMES)


def leftovers(folder: Path, out: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(f".{out.name}"))


@pytest.mark.parametrize("kind", KINDS)
def test_a_symlink_planted_at_the_old_temporary_name_is_never_followed(
    kind: str, library: str, hero_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / OUT_NAMES[kind]
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    planted = tmp_path / f".{out.name}.tmp"
    planted.symlink_to(victim)

    done = cli(*export_argv(kind, library, out, hero_file))

    assert done.returncode == 0, done.stderr
    assert victim.read_text() == "precious\n"
    assert planted.is_symlink() and out.is_file() and not out.is_symlink()
    assert out.stat().st_size > 0


@pytest.mark.parametrize("kind", KINDS)
def test_a_folder_at_the_old_temporary_name_is_no_obstacle(
    kind: str, library: str, hero_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / OUT_NAMES[kind]
    (tmp_path / f".{out.name}.tmp").mkdir()

    done = cli(*export_argv(kind, library, out, hero_file))

    assert done.returncode == 0, done.stderr
    assert out.is_file() and out.stat().st_size > 0
    assert leftovers(tmp_path, out) == [f".{out.name}.tmp"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_target_is_replaced_whole_never_written_in_place(
    kind: str, library: str, hero_file: Path, tmp_path: Path
) -> None:
    """A second name (hard link) for the old file keeps the old bytes: the export wrote a new
    file and renamed it, so a kill at any moment leaves either the old file or the new one."""
    out = tmp_path / OUT_NAMES[kind]
    out.write_text("old contents\n")
    os.link(out, tmp_path / "second-name")
    out.chmod(0o640)

    done = cli(*export_argv(kind, library, out, hero_file))

    assert done.returncode == 0, done.stderr
    assert (tmp_path / "second-name").read_text() == "old contents\n"
    assert out.read_bytes() != b"old contents\n" and out.stat().st_size > 0
    assert out.stat().st_mode & 0o777 == 0o640  # the file's own permissions are kept
    assert leftovers(tmp_path, out) == []


@needs_fifo
@pytest.mark.parametrize("kind", KINDS)
def test_a_fifo_at_the_target_is_refused_in_one_line(
    kind: str, library: str, hero_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / OUT_NAMES[kind]
    os.mkfifo(out)

    done = cli(*export_argv(kind, library, out, hero_file), timeout=30)

    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert out.name in lines[0] and "named pipe" in lines[0]
    assert out.exists() and not out.is_file()  # still the FIFO, nothing written to or over it
    assert leftovers(tmp_path, out) == []


def test_a_character_device_at_the_target_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="character device") as caught:
        atomic_write_bytes(Path(os.devnull), b"x")
    assert caught.value.strerror and "refusing" in caught.value.strerror


def test_a_folder_at_the_target_is_refused(tmp_path: Path) -> None:
    (tmp_path / "out.zip").mkdir()
    with pytest.raises(IsADirectoryError, match="folder"):
        atomic_write_bytes(tmp_path / "out.zip", b"x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.zip"]


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    out.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_writer(out) as handle:
        handle.write(b"half of the new")
        raise KeyboardInterrupt
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_a_very_long_target_name_still_gets_a_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / ("x" * 240 + ".zip")  # the temporary file's name must stay within 255
    atomic_write_bytes(out, b"data")
    assert out.read_bytes() == b"data"


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path, umask_022: Any) -> None:
    out = tmp_path / "new.json"
    atomic_write_bytes(out, b"{}")
    assert out.stat().st_mode & 0o777 == 0o644


def _pdf_writers() -> dict[str, Any]:
    return {
        "sheet": lambda out: render_blank(["sotc"], default_registry(), out),
        "conflict sheet": lambda out: render_conflict_sheet([ConflictRow(name="Rook")], out),
        "cards": lambda out: render_cards([minion_card("Goons", "Average", 8, 3)], out),
        "aspect cards": lambda out: render_aspect_cards(["On fire!"], out),
    }


@pytest.mark.parametrize("what", ["sheet", "conflict sheet", "cards", "aspect cards"])
@pytest.mark.parametrize("as_text", [False, True], ids=["Path", "str"])
def test_a_pdf_rendered_to_a_path_replaces_the_file_whole(
    what: str, as_text: bool, tmp_path: Path
) -> None:
    """ReportLab given a file name writes it in place; the renderers go through the helper."""
    out = tmp_path / "out.pdf"
    out.write_text("old contents\n")
    os.link(out, tmp_path / "second-name")

    pages = _pdf_writers()[what](str(out) if as_text else out)

    assert pages >= 1
    assert (tmp_path / "second-name").read_text() == "old contents\n"
    assert out.read_bytes().startswith(b"%PDF")
    assert leftovers(tmp_path, out) == []


def test_a_target_that_is_a_symlink_keeps_the_link_and_replaces_its_file(tmp_path: Path) -> None:
    """A link the user keeps at the target (or ``/dev/stdout`` redirected to a file) is
    followed, as a shell's ``>`` would: the file it names is replaced whole, the link stays
    (renaming over the link would have put a new file in its folder, such as ``/dev``)."""
    real = tmp_path / "elsewhere" / "table.csv"
    real.parent.mkdir()
    real.write_text("old\n")
    os.link(real, tmp_path / "second-name")
    link = tmp_path / "table.csv"
    link.symlink_to(real)

    atomic_write_bytes(link, b"new\n")

    assert link.is_symlink() and real.read_text() == "new\n"
    assert (tmp_path / "second-name").read_text() == "old\n"
    assert sorted(p.name for p in real.parent.iterdir()) == ["table.csv"]


@needs_fifo
def test_a_symlink_to_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "out.csv").symlink_to(fifo)
    with pytest.raises(OSError, match="named pipe"):
        atomic_write_bytes(tmp_path / "out.csv", b"x")
    assert (tmp_path / "out.csv").is_symlink()
