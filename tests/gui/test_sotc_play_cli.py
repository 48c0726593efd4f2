"""``fatesmith validate --json`` on a SotC character advanced in play: the derived values the
book computes (companions, workspace, Scholar, Empathy reads) and the advancement log."""

from __future__ import annotations

import json
from typing import Any

from gui.cli import main
from rules.systems.sotc.character import SotcCharacter
from storage.json_io import write_character_file
from tests.rules.sotc_builders import COMPLETE_SKILLS, complete_document


def test_validate_json_reports_the_book_values_and_an_earned_sixth_stunt(
    capsys: Any, tmp_path: Any
) -> None:
    # `fatesmith validate --json` carries the derived values; a character with an eleventh
    # aspect and a sixth stunt earned in play (SotC "The Long Game: Advancement") is valid.
    doc = complete_document(
        skills={**COMPLETE_SKILLS, "Contacting": 1, "Drive": 0, "Empathy": 3, "Deceit": 2},
        gadgets=[],
        advancements=[
            {"kind": "aspect", "aspect": "I Hate It When I'm Right", "date": "session 3"},
            {"kind": "aspect", "aspect": "Dr. Herborn Must Be Stopped", "date": "session 6"},
            {"kind": "stunt", "stunt": "Close Contacts", "note": "after the Glass City"},
        ],
    )
    doc["stunts"] = [
        {"name": "Danger Sense"},
        {"name": "Mighty Leap"},
        {"name": "Clever Disguise"},
        {"name": "Contact", "detail": "Mme Roux, fence"},
        {"name": "Scholar", "detail": "aeronautics"},
        {"name": "Close Contacts"},
    ]
    path = tmp_path / "ada.fatesmith.json"
    write_character_file(path, SotcCharacter.model_validate(doc))
    assert main(["validate", "--json", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["valid"] is True, record["problems"]
    derived = record["derived"]
    assert derived["aspects"] == 12 and derived["refresh"] == 12 and derived["stunts"] == 6
    assert derived["advancement"]["stunts_allowed"] == 6
    assert derived["companions"]["most_on_one_contact"] == 6
    assert derived["scholar"] == [
        {"field": "aeronautics", "academics": 3, "specialty_academics": 4}
    ]
    assert derived["empathy_reads"] == 3
    assert derived["workspace"]["quality"] == -2
