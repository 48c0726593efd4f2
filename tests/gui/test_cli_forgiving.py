"""The command line meets the user halfway (issue #23, "Also seen"): ``fate2 quick-npc 5`` takes
the phases as a plain argument, ``roll --vs Grate`` suggests the closest ladder rung, and
``sheet --kind worksheet`` prints a worksheet for every system whose sheets have one (SotC's
story worksheet, FATE 2.0's phase worksheet), naming the kinds a file's system prints otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.cli import main
from tests.cli_process import fatesmith as cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "systems"


def test_quick_npc_takes_the_phases_as_a_plain_argument() -> None:
    plain = cli("fate2", "quick-npc", "5", "--json")
    assert plain.returncode == 0, plain.stderr
    named = cli("fate2", "quick-npc", "--phases", "5", "--json")
    assert json.loads(plain.stdout) == json.loads(named.stdout)
    both = cli("fate2", "quick-npc", "5", "--phases", "4")
    assert both.returncode == 2 and "5" in both.stderr and "4" in both.stderr
    neither = cli("fate2", "quick-npc")
    assert neither.returncode == 2 and "phases" in neither.stderr


@pytest.mark.parametrize(
    ("typed", "meant"), [("Grate", "Great"), ("Superbb", "Superb"), ("Avrage", "Average")]
)
def test_roll_vs_suggests_the_closest_rung(
    typed: str, meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roll", "4dF", "--vs", typed, "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert f"did you mean {meant}?" in err


def test_roll_vs_far_from_any_rung_lists_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "4dF", "--vs", "Qwxyz"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err and "Great" in err and "Mediocre" in err


def test_worksheet_for_every_system_that_has_one(tmp_path: Path) -> None:
    fate2 = SAMPLES / "fate2" / "samples" / "oskar-blum.fatesmith.json"
    out = tmp_path / "phases.pdf"
    done = cli("sheet", str(fate2), "--kind", "worksheet", "-o", str(out), "--reproducible")
    assert done.returncode == 0, done.stderr
    from pypdf import PdfReader

    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Phase Worksheet" in text and "Oskar" in text
    character = json.loads(fate2.read_text(encoding="utf-8"))
    for phase in character.get("phases", ())[:2]:
        for aspect in phase.get("aspects", ()):
            assert aspect.split()[0] in text
    art = next((SAMPLES / "art" / "samples").glob("*.fatesmith.json"))
    refused = cli("sheet", str(art), "--kind", "worksheet", "-o", str(tmp_path / "x.pdf"))
    assert refused.returncode == 2
    assert "prints sheet, blank" in refused.stderr and "worksheet" in refused.stderr
