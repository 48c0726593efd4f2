"""The default paper follows the locale (issue 14: the app defaulted to A4 and the command line
to Letter; both now take :func:`storage.pdf.paper.default_paper`)."""

from __future__ import annotations

import pytest

from storage.pdf.paper import default_paper, locale_territory, paper_for_locale


@pytest.mark.parametrize(
    ("locale", "paper"),
    [
        ("en_US.UTF-8", "letter"),
        ("en_CA.UTF-8", "letter"),
        ("fr_CA.UTF-8", "letter"),
        ("es_MX.UTF-8", "letter"),
        ("en_PH.UTF-8", "letter"),
        ("es_US", "letter"),
        ("en_GB.UTF-8", "a4"),
        ("de_DE.UTF-8@euro", "a4"),
        ("fr_FR", "a4"),
        ("ja_JP.eucJP", "a4"),
        ("C.UTF-8", "a4"),
        ("POSIX", "a4"),
        ("", "a4"),
    ],
)
def test_paper_for_locale(locale: str, paper: str) -> None:
    assert paper_for_locale(locale) == paper


def test_territory_is_read_from_the_locale_name() -> None:
    assert locale_territory("sr_RS.UTF-8@latin") == "RS"
    assert locale_territory("C") == ""


def test_lc_all_wins_then_lc_paper_then_lang() -> None:
    assert default_paper({"LANG": "en_US.UTF-8"}) == "letter"
    assert default_paper({"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}) == "a4"
    both = {"LANG": "de_DE", "LC_PAPER": "de_DE", "LC_ALL": "en_US.UTF-8"}
    assert default_paper(both) == "letter"
    assert default_paper({"LC_ALL": "", "LC_PAPER": "en_CA.UTF-8"}) == "letter"
    assert default_paper({}) == "a4"


def test_the_process_environment_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_PAPER", raising=False)
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    assert default_paper() == "letter"
    monkeypatch.setenv("LC_PAPER", "en_GB.UTF-8")
    assert default_paper() == "a4"


def test_the_command_line_and_the_app_default_to_the_locale_paper(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """`fatesmith sheet` without --paper and the app's preference both take the locale's."""
    import argparse

    from gui import cli_sheet

    for locale, paper in (("en_US.UTF-8", "letter"), ("de_DE.UTF-8", "a4")):
        monkeypatch.setenv("LC_ALL", locale)
        parser = argparse.ArgumentParser()
        cli_sheet.add_parser(parser.add_subparsers())
        args = parser.parse_args(["sheet", "-o", "x.pdf"])
        assert args.paper == paper
