"""Control characters in user text never reach the terminal raw (issue 22).

A name can hold ESC (which drives the terminal), CR and LF (which forge a line of output), C1
controls (U+009B is an 8-bit CSI), bidirectional overrides (U+202E shows the rest backwards) or
a lone surrogate. Every human-readable line the command line prints shows them as visible
escapes (``\\x1b``, ``\\r``, ``\\n``, ``\\u202e``); ``--json`` output stays exact (``json.loads``
gives the very text back) with them as JSON escapes. Driven through the real ``fatesmith``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from gui.cli_text import json_line, printable
from storage.json_io import write_character_file
from storage.library import Library
from storage.mappers import Campaign
from storage.paths import file_url
from storage.systems_catalog import default_registry
from tests.rules.sotc_builders import build

ROOT = Path(__file__).resolve().parents[2]
EVIL = "Evil\x1b[2J\rfatesmith: forged\nline\u202eecaf\x9b31m\x07\x7f"
"""ESC, CR, LF, U+202E, a C1 CSI, BEL and DEL in one name."""
RAW = ("\x1b", "\r", "\u202e", "\x9b", "\x07", "\x7f")


def fatesmith(*argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", *argv],
        cwd=cwd, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def clean(text: str) -> None:
    """No control character or override left raw (LF only between lines)."""
    for char in RAW:
        assert char not in text, f"{char!r} printed raw: {text!r}"
    assert all("forged" not in line or "\\n" in line for line in text.splitlines())


def shown(text: str) -> bool:
    """The name as the user sees it: every character visible."""
    return printable(EVIL) in text


def test_the_helper() -> None:
    assert printable("a\x1bb\rc\nd\te") == "a\\x1bb\\rc\\nd\\te"
    assert printable("\u202e\x9b\x00\x7f\u2028\ud83d") == "\\u202e\\x9b\\x00\\x7f\\u2028\\ud83d"
    assert printable("Zoë — “quoted” 日本 🙂 a\\b") == "Zoë — “quoted” 日本 🙂 a\\b"
    line = json_line({"name": EVIL + "\ud83d", "ok": "Zoë"})
    assert "\n" not in line
    clean(line)
    assert json.loads(line) == {"name": EVIL + "\ud83d", "ok": "Zoë"}


@pytest.fixture
def hero(tmp_path: Path) -> Path:
    path = tmp_path / "hero.fatesmith.json"
    write_character_file(path, build(name=EVIL))
    return path


def test_validate(hero: Path) -> None:
    result = fatesmith("validate", str(hero))
    assert result.returncode == 0, result.stderr
    clean(result.stdout)
    assert shown(result.stdout)
    assert len(result.stdout.splitlines()) == 2  # the verdict and the derived values


def test_validate_quotes_a_file_name_safely(tmp_path: Path) -> None:
    result = fatesmith("validate", str(tmp_path / f"{EVIL}.fatesmith.json"))
    assert result.returncode == 2
    clean(result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1


def test_library_import_list_export(hero: Path, tmp_path: Path) -> None:
    lib = str(tmp_path / "lib.sqlite3")
    result = fatesmith("--library", lib, "--create", "library", "--no-samples", "import", str(hero))
    assert result.returncode == 0, result.stderr
    clean(result.stdout)
    assert shown(result.stdout) and len(result.stdout.splitlines()) == 1

    result = fatesmith("--library", lib, "library", "list")
    clean(result.stdout)
    assert shown(result.stdout) and len(result.stdout.splitlines()) == 1

    result = fatesmith("--library", lib, "library", "list", "--json")
    clean(result.stdout)
    [row] = [json.loads(line) for line in result.stdout.splitlines()]
    assert row["name"] == EVIL  # exact

    out = tmp_path / "out.fatesmith.json"
    result = fatesmith("--library", lib, "library", "export-character", row["id"], "-o", str(out))
    assert result.returncode == 0, result.stderr
    clean(result.stdout)
    assert shown(result.stdout)

    result = fatesmith("--library", lib, "library", "export-character", EVIL, "-o", str(out))
    clean(result.stdout + result.stderr)

    result = fatesmith("--library", lib, "library", "list", "--search", EVIL[:6] + "zz")
    clean(result.stdout + result.stderr)


def test_campaign_names_in_the_listing(hero: Path, tmp_path: Path) -> None:
    url = file_url(tmp_path / "camp.sqlite3")
    with Library.open(url, registry=default_registry(), samples=False) as lib:
        report = lib.import_character_files([hero])
        member = report.imported[0].id
        lib.save_campaign(
            Campaign(id=uuid.uuid4(), name=EVIL, system="sotc", member_ids=(member,)),
            expected_version=None,
        )
    result = fatesmith("--library", url, "library", "list")
    clean(result.stdout)
    assert f"[{printable(EVIL)}]" in result.stdout
    result = fatesmith("--library", url, "library", "export", "--campaign", EVIL,
                       str(tmp_path / "c.zip"))  # fmt: skip
    assert result.returncode == 0, result.stderr
    clean(result.stdout)


def test_sheet_warning_names_the_character(tmp_path: Path) -> None:
    bad = tmp_path / "bad.fatesmith.json"
    write_character_file(bad, build(name=EVIL, skills={"Weapons": 5}))
    result = fatesmith("sheet", str(bad), "-o", str(tmp_path / "bad.pdf"))
    clean(result.stdout + result.stderr)
    assert "breaks the rules" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_encounter_run_names(tmp_path: Path) -> None:
    source = ROOT / "docs" / "examples" / "encounters"
    shutil.copytree(source / "characters", tmp_path / "characters")
    script = json.loads((source / "dockside-brawl.json").read_text(encoding="utf-8"))
    script["name"] = EVIL
    for entry in script["cast"]:
        if "npc" in entry:
            entry["npc"]["name"] = EVIL
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    result = fatesmith("encounter", "run", str(path))
    assert result.returncode == 0, result.stderr
    clean(result.stdout)
    assert shown(result.stdout)
    result = fatesmith("encounter", "run", str(path), "--json")
    clean(result.stdout)
    assert json.loads(result.stdout)["name"] == EVIL


def test_quick_npc_skill_names() -> None:
    result = fatesmith("fate2", "quick-npc", "--phases", "1", "--skills", f"{EVIL},Plain,Other")
    assert result.returncode == 0, result.stderr
    clean(result.stdout)
    result = fatesmith(
        "fate2", "quick-npc", "--phases", "1", "--skills", f"{EVIL},Plain,Other", "--json"
    )
    clean(result.stdout)
    assert EVIL in json.loads(result.stdout)["skills"]


def test_trapping_cost_quotes_an_unknown_trapping_safely() -> None:
    result = fatesmith("trapping-cost", EVIL)
    assert result.returncode == 2
    clean(result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1
