"""The command line's library and file handling (issue 14): exact library paths, bad URLs, libraries
created only when asked, in-memory URLs, exports, re-imports, exit codes and messages."""

from __future__ import annotations

import errno
import io
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gui import cli_library
from gui.cli import main
from storage.json_io import write_character_file
from tests.rules.sotc_builders import build

ADA = build()


@pytest.fixture(autouse=True)
def _no_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FATESMITH_NO_SAMPLES", "1")
    monkeypatch.delenv("FATESMITH_LIBRARY", raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hero(tmp_path: Path) -> Path:
    path = tmp_path / "ada.fatesmith.json"
    write_character_file(path, ADA)
    return path


@pytest.fixture
def lib(tmp_path: Path, hero: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[str]:
    """A library file holding Ada Thorne."""
    path = str(tmp_path / "lib.sqlite3")
    assert run(capsys, "--library", path, "--create", "library", "import", str(hero))[0] == 0
    yield path


# -- library paths and URLs -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a?b.sqlite3", "a#b.sqlite3", "a%41.sqlite3"])
def test_library_path_prints_the_file_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, hero: Path
) -> None:
    path = tmp_path / name
    code, out, _ = run(capsys, "--library", str(path), "library", "path")
    assert (code, out.strip()) == (0, str(path))
    code, _, err = run(capsys, "--library", str(path), "--create", "library", "import", str(hero))
    assert code == 0, err
    assert path.is_file()
    assert {p.name for p in tmp_path.iterdir()} <= {hero.name, name, f"{name}-wal", f"{name}-shm"}


@pytest.mark.parametrize(
    "url",
    [
        "notadb://x",
        "mysql://u@localhost/db",
        "postgresql+psycopg2://u@localhost/db",
        "postgresql://u@h:notaport/db",
    ],
)
def test_bad_library_urls_are_one_line(capsys: pytest.CaptureFixture[str], url: str) -> None:
    code, out, err = run(capsys, "--library", url, "library", "list")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("fatesmith")


def test_in_memory_library_refuses_imports(capsys: pytest.CaptureFixture[str], hero: Path) -> None:
    for url in ("sqlite://", "sqlite:///:memory:"):
        code, out, err = run(capsys, "--library", url, "library", "import", str(hero))
        assert code == 2 and "imported" not in out
        assert "in-memory" in err and "nothing would be kept" in err


def test_missing_library_needs_create(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hero: Path
) -> None:
    typo = tmp_path / "librray" / "lib.sqlite3"
    code, _, err = run(capsys, "--library", str(typo), "library", "list")
    assert code == 2 and "no library at" in err and "--create" in err
    code, _, err = run(capsys, "--library", str(typo), "library", "import", str(hero))
    assert code == 2
    assert not (tmp_path / "librray").exists()  # nothing was created, not even the folder
    code, _, _ = run(capsys, "--library", str(typo), "--create", "library", "list")
    assert code == 0 and typo.is_file()
    other = tmp_path / "other.sqlite3"
    code, _, _ = run(capsys, "--library", str(other), "library", "--create", "list")
    assert code == 0 and other.is_file()


def test_default_library_is_created_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import storage.paths

    default = tmp_path / "data" / "library.sqlite3"
    monkeypatch.setattr(storage.paths, "default_library_path", lambda: default)
    code, out, _ = run(capsys, "library", "list")
    assert code == 0 and default.is_file() and "empty" in out


# -- exports --------------------------------------------------------------------------------------


def test_export_to_json_name_is_refused(
    tmp_path: Path, lib: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.json"
    code, _, err = run(capsys, "--library", lib, "library", "export", str(out))
    assert code == 2 and "out.zip" in err and "export-character" in err
    assert not out.exists()


def test_export_character_by_name_and_id(
    tmp_path: Path, lib: str, capsys: pytest.CaptureFixture[str], registry: Any
) -> None:
    from storage.json_io import read_character_file

    old = os.umask(0o022)
    try:
        out = tmp_path / "ada-out.fatesmith.json"
        code, stdout, err = run(
            capsys, "--library", lib, "library", "export-character", "ada thorne", "-o", str(out)
        )
        assert code == 0, err
        assert "exported Ada Thorne" in stdout
        exported = read_character_file(out, registry)
        assert (exported.id, exported.name, exported.skills) == (ADA.id, ADA.name, ADA.skills)
        assert stat.S_IMODE(out.stat().st_mode) == 0o644  # the umask's, not mkstemp's 0600
        again = tmp_path / "by-id.fatesmith.json"
        code, _, _ = run(
            capsys, "--library", lib, "library", "export-character", str(ADA.id),
            "-o", str(again),
        )  # fmt: skip
        assert code == 0 and again.read_text() == out.read_text()
    finally:
        os.umask(old)
    code, _, err = run(
        capsys, "--library", lib, "library", "export-character", "Nobody", "-o", str(out)
    )
    assert code == 2 and "no character named 'Nobody'" in err


def test_archive_export_respects_umask(
    tmp_path: Path, lib: str, capsys: pytest.CaptureFixture[str]
) -> None:
    old = os.umask(0o027)
    try:
        out = tmp_path / "all.zip"
        assert run(capsys, "--library", lib, "library", "export", str(out))[0] == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o640
    finally:
        os.umask(old)


# -- re-imports -----------------------------------------------------------------------------------


def test_reimport_outcomes(
    tmp_path: Path, lib: str, hero: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--library", lib, "library", "import", str(hero))
    assert code == 0 and out.strip() == "skipped Ada Thorne: already in the library, unchanged"
    edited = tmp_path / "edited.fatesmith.json"
    write_character_file(edited, ADA.model_copy(update={"notes": "after the session"}))
    code, out, _ = run(capsys, "--library", lib, "library", "import", str(edited),
                       "--on-duplicate", "skip")  # fmt: skip
    assert out.strip() == "skipped Ada Thorne: already in the library (a different version)"
    code, out, _ = run(capsys, "--library", lib, "library", "import", str(edited),
                       "--on-duplicate", "replace")  # fmt: skip
    assert out.strip() == f"replaced Ada Thorne ({ADA.id})"
    write_character_file(edited, ADA.model_copy(update={"notes": "and again"}))
    code, out, _ = run(capsys, "--library", lib, "library", "import", str(edited))
    assert out.startswith("kept both: Ada Thorne (2) (new copy ")  # the default
    code, out, _ = run(capsys, "--library", lib, "library", "list")
    assert out.count("Ada Thorne") == 2


def test_duplicate_choices_agree_with_storage() -> None:
    from storage.library import transfer

    assert cli_library.DUPLICATE_CHOICES == transfer.DUPLICATE_CHOICES
    assert cli_library.DEFAULT_ON_DUPLICATE == transfer.DEFAULT_ON_DUPLICATE


# -- messages and exit codes ----------------------------------------------------------------------


def test_missing_file_is_exit_2_everywhere(
    tmp_path: Path, lib: str, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nope.fatesmith.json")
    assert run(capsys, "validate", missing)[0] == 2
    assert run(capsys, "sheet", missing, "-o", str(tmp_path / "o.pdf"))[0] == 2
    code, _, err = run(capsys, "--library", lib, "library", "import", missing)
    assert code == 2 and "cannot read" in err and "no such file" in err


def test_paper_in_any_case(tmp_path: Path, hero: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a4.pdf"
    code, stdout, err = run(capsys, "sheet", str(hero), "-o", str(out), "--paper", "A4")
    assert code == 0, err
    assert "a4" in stdout


def test_no_message_says_format_is_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.fatesmith.json"
    path.write_text(json.dumps({"name": "x"}))
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2 and "None" not in err and 'no "format" field' in err


def test_empty_library_list_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = str(tmp_path / "empty.sqlite3")
    code, out, _ = run(capsys, "--library", lib, "--create", "library", "list")
    assert code == 0 and out.startswith("the library is empty")
    code, out, _ = run(capsys, "--library", lib, "library", "list", "--json")
    assert code == 0 and out == ""  # JSON lines stay machine-readable


def test_skill_typo_gets_a_suggestion(lib: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--library", lib, "library", "list", "--search", "skill:Gunz")
    assert code == 0 and "did you mean skill:Guns?" in out
    code, out, _ = run(capsys, "--library", lib, "library", "list", "--search", "skill:Guns")
    assert "Ada Thorne" in out and "did you mean" not in out


def test_sheet_warns_about_a_rule_breaking_character(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cheat = tmp_path / "cheat.fatesmith.json"
    write_character_file(cheat, build(skills={"Guns": 5, "Fists": 5}))  # no pyramid
    out = tmp_path / "cheat.pdf"
    code, stdout, err = run(capsys, "sheet", str(cheat), "-o", str(out))
    assert code == 0 and out.is_file() and "page" in stdout
    assert "warning" in err and "breaks the rules" in err and "Ada Thorne" in err


def test_impossible_roll_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "4dF", "--vs", "5", "--seed", "1")
    assert code == 0 and "odds of success: impossible" in out and "0/1" not in out
    code, out, _ = run(capsys, "roll", "4dF", "--vs", "-4", "--seed", "1")
    assert "odds of success: certain" in out


# -- sheet -o over an existing PDF on a full disk -------------------------------------------------


def full_disk_writes(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Every file opened for writing in ``folder`` fails with ENOSPC on its first write
    (after the open has truncated it, as a real full disk does)."""
    real_open = io.open

    class Full:
        def __init__(self, handle: Any) -> None:
            self._handle = handle

        def write(self, _data: Any) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self._handle.close()

        def __getattr__(self, name: str) -> Any:
            return getattr(self._handle, name)

    def fake_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(file, mode, *args, **kwargs)
        if "w" not in mode:
            return handle
        if isinstance(file, int):
            name = os.readlink(f"/proc/self/fd/{file}")
        else:
            name = os.fspath(file)
        return Full(handle) if Path(name).parent == folder else handle

    monkeypatch.setattr(io, "open", fake_open)


def test_sheet_on_full_disk_keeps_the_existing_pdf(
    tmp_path: Path, hero: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    existing = out_dir / "ada.pdf"
    assert run(capsys, "sheet", str(hero), "-o", str(existing))[0] == 0
    before = existing.read_bytes()
    full_disk_writes(monkeypatch, out_dir)
    code, _, err = run(capsys, "sheet", str(hero), "-o", str(existing), "--paper", "a4")
    assert code == 2 and "No space left" in err
    assert existing.read_bytes() == before
    new = out_dir / "new.pdf"
    code, _, _ = run(capsys, "sheet", str(hero), "-o", str(new))
    assert code == 2
    monkeypatch.undo()
    assert sorted(p.name for p in out_dir.iterdir()) == ["ada.pdf"]  # no 0-byte or temp file
