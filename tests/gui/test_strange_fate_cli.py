"""``fatesmith trapping-cost`` (issue 10): the trapping points and the breakdown of the cheapest
walk over the bundled Skill Trapping Diagram («Skill Trapping Diagram», L1356-L1390), called
through ``add_arguments``/``run`` as the system CLI seam does.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from gui.systems.strange_fate import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="fatesmith trapping-cost")
    cli.add_arguments(parser)
    code = cli.run(parser.parse_args(list(argv)))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, _ = run(capsys, "--json", *argv)
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def test_json_shape_and_running_total(capsys: pytest.CaptureFixture[str]) -> None:
    """Networking then Wealth over the stated thin line (L1380): 1 + (1 + 1) = 3."""
    data = as_json(capsys, "Networking", "Wealth")
    assert data["points"] == 3
    for step in data["steps"]:
        assert {"trapping", "box", "lines", "points"} <= set(step)
    assert sum(step["points"] for step in data["steps"]) == data["points"]
    joined = next(s for s in data["steps"] if s["lines"])
    assert joined["lines"][0]["style"] == "thin"


def test_unique_makes_information_and_networking_free(capsys: pytest.CaptureFixture[str]) -> None:
    """L1372: in a Unique skill the Information and Networking boxes cost nothing."""
    assert as_json(capsys, "--unique", "Networking")["points"] == 0
    assert as_json(capsys, "Networking")["points"] == 1


def test_oxford_professor_steps(capsys: pytest.CaptureFixture[str]) -> None:
    """«Putting It Together» (L1376-L1380): the stated steps sum to 7 trapping points."""
    data = as_json(
        capsys, "--unique", "Networking", "Information", "Wealth", "Esteem", "Languages",
        "Research",
    )  # fmt: skip
    assert data["points"] == 7


def test_details_change_the_price_only_where_the_book_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Variable [Scene] 4, [Session] 2 (L2582); Environment and Stress Capacity details are
    names only (Environment is always 1, L1390)."""
    assert as_json(capsys, "Variable [Scene]")["points"] == 4
    assert as_json(capsys, "Variable [Session]")["points"] == 2
    # Minions: Simple 2, Advanced twice that (L2266).
    assert as_json(capsys, "Minions [Simple]")["points"] == 2
    assert as_json(capsys, "Minions [Advanced]")["points"] == 4
    urban = as_json(capsys, "Environment [Urban]")["points"]
    assert urban == as_json(capsys, "Environment")["points"] == 1
    health = as_json(capsys, "Stress Capacity [Health]")["points"]
    assert health == as_json(capsys, "Stress Capacity [Reputation]")["points"]
    # The book's other spelling of a scope (Physical for Health) reads as the same trapping.
    assert as_json(capsys, "Stress Capacity [Physical]")["steps"][0]["trapping"] == (
        "Stress Capacity [Health]"
    )
    # Every scope name the book uses for a trapping is accepted.
    for scope in ("Physical", "Mental", "Social"):
        assert run(capsys, f"Treatment [{scope}]")[0] == 0
        assert run(capsys, f"Initiative [{scope}]")[0] == 0


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Shoot", "Dodge")
    assert code == 0
    assert out.splitlines()[0].startswith(
        f"{as_json(capsys, 'Shoot', 'Dodge')['points']} trapping points"
    )
    assert " 1. " in out and " 2. " in out and "total" in out


def test_unknown_trapping_exits_2_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Networking", "Shooot")
    assert code == 2
    assert out == ""
    assert "Shoot" in err and "did you mean" in err
    assert len(err.strip().splitlines()) == 1


def test_missing_or_unknown_detail_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "Variable")
    assert code == 2 and "Variable [Scene]" in err
    code, _, err = run(capsys, "Variable [Weekly]")
    assert code == 2 and "Variable [S" in err


def test_top_level_alias_runs_the_systems_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10 asks for ``fatesmith trapping-cost``: the plug-in marks its command
    ``top_level`` and the core offers it at the top level; the same answer as ``fatesmith
    strange-fate trapping-cost`` (Networking then Wealth over the thin line, L1380: 3), and an
    unknown trapping still exits 2."""
    from gui.cli import build_parser, main

    assert main(["trapping-cost", "--json", "Networking", "Wealth"]) == 0
    top = json.loads(capsys.readouterr().out)
    assert main(["strange-fate", "trapping-cost", "--json", "Networking", "Wealth"]) == 0
    assert json.loads(capsys.readouterr().out) == top and top["points"] == 3
    assert main(["trapping-cost", "Netwroking"]) == 2
    assert "Networking" in capsys.readouterr().err
    assert "trapping-cost" in build_parser().format_help()


def test_more_trappings_than_a_skill_holds_is_one_clear_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 1,000 trappings took 23 s to price (issue #29); a skill holds at most 60.
    code, out, err = run(capsys, *(["Fists"] * 61))
    assert code == 2 and out == ""
    assert err.strip() == (
        "fatesmith trapping-cost: 61 trappings given; a skill holds at most 60 (the book "
        "advises splitting one past five or six)"
    )
    _code, _out, err = run(capsys, *(["Fists"] * 60))
    assert "a skill holds at most" not in err  # 60 are priced (or refused for what they are)


@pytest.mark.parametrize("detail", ["A" * 81, "Urban\udcff"], ids=["long", "not UTF-8"])
def test_a_written_in_detail_that_cannot_be_stored_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], detail: str
) -> None:
    # The fuzz command's finding: a raw pydantic error for an 81-character or non-UTF-8 detail.
    code, out, err = run(capsys, f"Environment [{detail}]")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "must be printable text of at most 80 characters" in err
    assert "Traceback" not in err and "validation error" not in err
