"""``fatesmith library path|list|import|export`` end to end on a SQLite library in tmp_path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.cli import main
from storage.json_io import write_character_file
from tests.rules.sotc_builders import build


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_path_list_export_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = str(tmp_path / "lib.sqlite3")
    code, out, _ = run(capsys, "--library", lib, "library", "path")
    assert (code, out.strip()) == (0, str(Path(lib).resolve()))
    assert not Path(lib).exists()  # "path" never creates the library

    code, out, _ = run(capsys, "--library", lib, "--create", "library", "list", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 9  # the samples: four of SotC, five of the other systems
    assert sum(r["valid"] for r in rows) == 8  # all but SotC's half-made Tobias Wren

    archive = tmp_path / "camp.zip"
    code, out, _ = run(
        capsys, "--library", lib, "library", "export", "--campaign",
        "the thunder atoll affair", str(archive),
    )  # fmt: skip
    assert code == 0 and archive.is_file()

    other = str(tmp_path / "other.sqlite3")
    hero = tmp_path / "hero.fatesmith.json"
    write_character_file(hero, build())
    bad = tmp_path / "bad.fatesmith.json"
    bad.write_text("{")
    code, out, err = run(
        capsys, "--library", other, "--create", "library", "--no-samples", "import",
        str(archive), str(hero), str(bad),
    )  # fmt: skip
    assert code == 1
    assert out.count("imported ") == 4  # the sample campaign's three members and the hero
    assert "bad.fatesmith.json" in err
    code, out, _ = run(capsys, "--library", other, "library", "list", "--search", "ada")
    assert code == 0 and "Ada Thorne" in out and len(out.splitlines()) == 1


def test_unknown_campaign_and_no_samples_env(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FATESMITH_NO_SAMPLES", "1")
    lib = str(tmp_path / "lib.sqlite3")
    code, out, err = run(
        capsys, "--library", lib, "--create", "library", "export", "--campaign", "x", "o.zip"
    )
    assert code == 2 and "no campaign named 'x'" in err
    code, out, _ = run(capsys, "--library", lib, "library", "list")
    assert code == 0 and out.startswith("the library is empty")  # no samples listed


def test_garbage_library_is_reported_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = tmp_path / "lib.sqlite3"
    lib.write_bytes(b"garbage" * 100)
    code, _, err = run(capsys, "--library", str(lib), "library", "list")
    assert code == 2 and "not a Fatesmith library" in err
    assert lib.read_bytes() == b"garbage" * 100
