"""``fatesmith library campaigns | new-campaign NAME --system ID | encounters`` (issue 23: "the
command line has no campaign command at all"), in process and once as the real command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("FATESMITH_NO_SAMPLES", "1")
    return str(tmp_path / "lib.sqlite3")


def test_new_campaign_then_listed_as_text_and_json(
    lib: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--library", lib, "--create", "library", "campaigns")
    assert (code, err) == (0, "") and "no campaigns" in out
    code, out, err = run(
        capsys, "--library", lib, "library", "new-campaign", "Lanterns over Kessel",
        "--system", "fate2",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out.startswith("created campaign 'Lanterns over Kessel' (FATE 2.0")
    run(capsys, "--library", lib, "library", "new-campaign", "Red Sails", "--system", "sotc")

    code, out, _ = run(capsys, "--library", lib, "library", "campaigns")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "Lanterns over Kessel (fate2, 0 members, 0 encounters)" in lines[0]
    assert "Red Sails (sotc" in lines[1]

    code, out, _ = run(capsys, "--library", lib, "library", "campaigns", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["name"] for r in rows] == ["Lanterns over Kessel", "Red Sails"]
    assert rows[0]["system"] == "fate2" and rows[0]["members"] == [] and rows[0]["encounters"] == 0
    assert set(rows[0]) == {
        "id", "name", "system", "notes", "members", "encounters", "version", "problem",
    }  # fmt: skip


def test_clear_one_line_errors(lib: str, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--library", lib, "--create", "library", "new-campaign", "Red Sails", "--system",
        "sotc")  # fmt: skip
    code, out, err = run(
        capsys, "--library", lib, "library", "new-campaign", "X", "--system", "gurps"
    )
    assert code == 2 and out == ""
    assert err == (
        "fatesmith library: unknown game system 'gurps' (known: sotc, strange-fate, fate2, art)\n"
    )
    code, out, err = run(
        capsys, "--library", lib, "library", "new-campaign", "red sails", "--system", "art"
    )
    assert code == 2 and err == (
        "fatesmith library: a campaign named 'Red Sails' is already in the library\n"
    )
    code, _, err = run(capsys, "--library", lib, "library", "new-campaign", "  ", "--system", "art")
    assert code == 2 and err == "fatesmith library: a campaign needs a name\n"
    assert len(err.splitlines()) == 1


def test_a_read_only_library_refuses_a_new_campaign(
    lib: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, "--library", lib, "--create", "library", "campaigns")
    real = os.access

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(path) == Path(lib):
            return False  # the tests may run as root, who may write anything
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    code, out, err = run(
        capsys, "--library", lib, "library", "new-campaign", "Red Sails", "--system", "sotc"
    )
    assert code == 2 and out == ""
    assert err.splitlines()[-1].startswith("fatesmith library: the library is read-only")
    monkeypatch.setattr(os, "access", real)
    code, out, _ = run(capsys, "--library", lib, "library", "campaigns")
    assert "no campaigns" in out


def test_encounters_listed_with_their_system_and_campaign(
    lib: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from rules.encounter_script import to_payload
    from storage.library import EncounterRecord, Library
    from storage.systems_catalog import default_registry

    registry = default_registry()
    run(capsys, "--library", lib, "--create", "library", "new-campaign", "Red Sails", "--system",
        "sotc")  # fmt: skip
    with Library.open(f"sqlite:///{lib}", registry=registry) as library:
        campaign = library.list_campaigns()[0]
        from gui.encounter import new_encounter

        scene = new_encounter(registry, "Ambush\x1b[2J at the Ford", system="art")
        library.save_encounter(
            EncounterRecord(name=scene.name, payload=to_payload(scene, (), scene)),
            expected_version=None,
        )
        docks = new_encounter(registry, "The Docks", system="sotc")
        library.save_encounter(
            EncounterRecord(
                name=docks.name, campaign_id=campaign.id, payload=to_payload(docks, (), docks)
            ),
            expected_version=None,
        )
    code, out, _ = run(capsys, "--library", lib, "library", "encounters")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "Ambush\\x1b[2J at the Ford (art, encounter, 0 participants)" in lines[0]
    assert lines[1].endswith("The Docks (sotc, encounter, 0 participants) [Red Sails]")
    code, out, _ = run(capsys, "--library", lib, "library", "encounters", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0]["name"] == "Ambush\x1b[2J at the Ford" and rows[0]["system"] == "art"
    assert rows[1]["campaign"] == "Red Sails" and rows[1]["campaign_id"] == str(campaign.id)
    assert set(rows[0]) == {
        "id", "name", "system", "campaign_id", "campaign", "is_template", "participants",
        "updated_at", "problem",
    }  # fmt: skip
    code, out, _ = run(capsys, "--library", lib, "library", "encounters", "--campaign", "red sails")
    assert code == 0 and len(out.splitlines()) == 1 and "The Docks" in out


def test_the_real_command(tmp_path: Path) -> None:
    env = {**os.environ, "FATESMITH_NO_SAMPLES": "1"}
    lib = str(tmp_path / "lib.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "gui.cli", "--library", lib, "--create", "library",
         "new-campaign", "Red Sails", "--system", "strange-fate"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "gui.cli", "--library", lib, "library", "campaigns", "--json"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and json.loads(done.stdout)["system"] == "strange-fate"
