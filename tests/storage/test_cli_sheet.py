"""Tests for ``fatesmith sheet`` (gui/cli_sheet.py): files in, one PDF out, one-line errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from gui.cli import main
from tests.storage.test_sheet_layout import COMPLETE, SKY_HOBO


def text_of(path: Path) -> str:
    """All the text of a PDF."""
    return " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_several_files_into_one_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two character files, one A4 PDF with both sheets; the summary line names the pages."""
    out = tmp_path / "party.pdf"
    assert main(["sheet", str(SKY_HOBO), str(COMPLETE), "-o", str(out), "--paper", "a4"]) == 0
    text = text_of(out)
    assert "Diego MacKinnon" in text and "Irène Vasquez-Okonkwo" in text
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert round(float(reader.pages[0].mediabox.width)) == 595
    assert "page" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("kind", "expect"),
    [
        ("worksheet", "Who inspired you to greatness?"),
        ("full", "Title of your Novel"),
        ("cards", "Diego MacKinnon"),
        ("aspect-cards", "Hobo Detective"),
    ],
)
def test_kinds(tmp_path: Path, kind: str, expect: str) -> None:
    """Every --kind renders from a character file."""
    out = tmp_path / f"{kind}.pdf"
    assert main(["sheet", str(SKY_HOBO), "-o", str(out), "--kind", kind]) == 0
    assert expect in text_of(out)


def test_blank_needs_no_file(tmp_path: Path) -> None:
    """--kind blank with --system prints blank sheets without any character file."""
    out = tmp_path / "blank.pdf"
    assert main(["sheet", "-o", str(out), "--kind", "blank", "--system", "fate2"]) == 0
    text = text_of(out)
    assert "Character Sheet" in text and "FATE 2.0" in text


def test_blank_without_files_or_systems_is_the_first_registered_system(tmp_path: Path) -> None:
    """--kind blank alone prints the first system of the registration list (SotC's pair)."""
    out = tmp_path / "blank.pdf"
    assert main(["sheet", "-o", str(out), "--kind", "blank"]) == 0
    text = text_of(out)
    assert "Spirit of the Century" in text and "WORKSHEET FOR" in text


def test_system_without_a_kind_prints_its_blank(tmp_path: Path) -> None:
    """--system alone: that system's blank kind (the generic sheet for one without sheets)."""
    out = tmp_path / "blank.pdf"
    assert main(["sheet", "-o", str(out), "--system", "art", "--system", "sotc"]) == 0
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert "ART Engine" in (reader.pages[0].extract_text() or "")
    assert len(reader.pages) == 4  # ART's blank sheet, then SotC's sheet and worksheet


def test_help_lists_every_systems_kinds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--help names the kinds each registered system declares, and the game master's aids."""
    monkeypatch.setenv("COLUMNS", "400")  # argparse would wrap "aspect-cards" at its hyphen
    with pytest.raises(SystemExit):
        main(["sheet", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "Spirit of the Century: sheet, worksheet, full, blank;" in help_text
    assert "ART Engine: sheet, blank" in help_text
    assert "Every system: cards, aspect-cards" in help_text


def test_reproducible_flag_gives_identical_bytes(tmp_path: Path) -> None:
    """--reproducible: the same files give byte-identical PDFs."""
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert main(["sheet", str(COMPLETE), "-o", str(a), "--reproducible"]) == 0
    assert main(["sheet", str(COMPLETE), "-o", str(b), "--reproducible"]) == 0
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.fatesmith.json"], "no such file"),
        (["BROKEN"], "not valid JSON"),
        ([], "needs at least one character file"),
        (["--kind", "blank", "--system", "nope"], "unknown game system 'nope'"),
        (["--kind", "aspect-cards"], "--aspect"),
        (
            ["SKY_HOBO", "--kind", "poster"],
            "--kind poster: Spirit of the Century (sotc) prints sheet, worksheet, full, blank; "
            "every system also prints cards, aspect-cards",
        ),
        (["--kind", "worksheet", "--system", "art"], "(art) prints sheet, blank;"),
        (["--kind", "worksheet", "--system", "sotc"], "--system prints blank sheets only"),
        (["--kind", "full"], "--kind full needs at least one character file"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """Like validate: one clear line on stderr, exit status 2, and no PDF left behind."""
    broken = tmp_path / "broken.fatesmith.json"
    broken.write_text("{not json", encoding="utf-8")
    files = {"BROKEN": str(broken), "SKY_HOBO": str(SKY_HOBO)}
    args = [files.get(a, a) for a in args]
    out = tmp_path / "out.pdf"
    assert main(["sheet", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_unwritable_output_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that does not exist: exit 2 with a plain message."""
    out = tmp_path / "no" / "such" / "dir" / "x.pdf"
    assert main(["sheet", str(COMPLETE), "-o", str(out)]) == 2
    assert "cannot write" in capsys.readouterr().err
