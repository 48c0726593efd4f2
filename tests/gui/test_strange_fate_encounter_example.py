"""``fatesmith encounter run`` over docs/examples/encounters/strange-fate-ashdown-cellar.json:
Professor Hale (Strength Training (E) +3, a Strange Fate character file) against Mr. Grendel,
an adversary with Fisticuffs (S), Armor 1 and the group's consequences, and four Fair Dock Thugs
(Mundane minions). Every number below is worked by hand from the book:

1. Hale's Strength Training (E) against the thugs' Mundane Physical scope: 3dF+1d6 (L1153),
   1+0+0+5 +3 = +9 against Fair +2, gang-up +3 (four minions, L4471), 4dF all blank = +5: 4
   shifts, +1 for the Weapon 1 [Health] of his chosen Physical Force Tier Benefit (L2404): 5;
   threshold 2 takes out two and the odd point is ignored (L4477, L4505): 2 left.
2. Grendel's Fisticuffs (S) against Hale's Mundane Athletics: 2dF+2d6 (L1153), 0-1+2+3 +3 = +7
   against +1+1 = +2: 5 shifts. A Trifling consequence absorbs 2 (L4211), 3 left: box 3, which
   checks boxes 1-3 (L4195).
3. Hale's 3dF+1d6 again: 1+1+0+6 +3 = +11 against Grendel's Mundane Athletics 4dF -1 +2 = +1:
   10 shifts, Weapon 1: 11, Armor 1 (L4226-L4256): 10. Grendel has no personal consequences
   (L4558) but the group's 2 Trifling and 1 Middling (L4580-L4597, one adversary): 2 + 2 + 4 =
   8, 2 left: box 2 of his five (three, and two for his Fair Endurance, L500, L2504),
   checking box 1 too.
4. The two thugs, +1 gang-up: Fair +2 +1+1 +1 = +5 against Hale's +1: 4 shifts: box 4, boxes
   1-4 checked.
5. Hale heaves the beam, a Superhuman-tier Great (+4) task: one tier above his skill, so 3dF-1d6
   (L4036-L4042): 1+1+1-2 +3 = +4: success.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.cli import main

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "docs/examples/encounters/strange-fate-ashdown-cellar.json"


def test_the_cellar_fight_ends_with_the_hand_worked_boxes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["encounter", "run", str(SCRIPT), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ps = data["participants"]
    x, o = True, False
    assert ps["hale"]["health"] == [x, x, x, x, o]
    assert ps["hale"]["consequences"] == [{"severity": "mild", "text": "Split Lip"}]
    assert ps["hale"]["fate_points"] == 6 and not ps["hale"]["taken_out"]
    # Grendel's Endurance +2 adds two boxes to his three (L500, L2504)
    assert ps["grendel"]["health"] == [x, x, o, o, o]
    assert [(c["severity"], c["text"]) for c in ps["grendel"]["consequences"]] == [
        ("mild", "Winded"),
        ("mild", "Bruised Pride"),
        ("moderate", "Cracked Jaw"),
    ]
    assert ps["thugs"]["remaining"] == 2 and ps["thugs"]["health"][:5] == [x, x, x, x, o]
    texts = [entry["text"] if isinstance(entry, dict) else entry for entry in data["log"]]
    joined = "\n".join(map(str, texts))
    assert "Strength Training +3 [+ 0 0 5] = +9" in joined
    assert "Fisticuffs +3 [0 - 2 3] = +7" in joined
    assert "4 shifts; +1 weapon: 5; Dock Thugs: 4 boxes, 2 down, 2 left" in joined
    assert "+1 weapon: 11; Mr. Grendel's armor 1 takes it to 10" in joined
    assert "absorbing 4 of the 6-point hit: 2 left" in joined
    assert "Strength Training +3 [+ + + -2] = +4 vs +4: success" in joined


def test_the_cellar_fight_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["encounter", "run", str(SCRIPT)]) == 0
    out = capsys.readouterr().out
    assert "Health [XXXX.]" in out and "Dock Thugs [thugs, minions] 2/4 left" in out


def test_encounter_run_shares_the_group_consequences(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``encounter run`` with two adversaries of one side: the 1-2 adversaries pool (2 Trifling,
    1 Middling, L4580-L4597) is written on the first only; the first takes both Trifling, so
    the second's 9-point hit finds only the Middling (absorbing 4) and the run refuses a
    further consequence for it (L4586: "Any Adversary can make use of this pool")."""
    script = {
        "format": "fatesmith-encounter-script", "system": "strange-fate",
        "cast": [
            {"id": "ada", "side": "heroes", "npc": {"name": "Ada", "skills": {"Fists": 3}}},
            {"id": "kray", "side": "gang", "npc": {"name": "Kray", "skills": {"Fists": 2}},
             "options": {"role": "adversary", "group_trifling": 2, "group_middling": 1}},
            {"id": "ron", "side": "gang", "npc": {"name": "Ron", "skills": {"Fists": 2}},
             "options": {"role": "adversary"}},
        ],
        "events": [
            {"do": "start"},
            {"do": "apply_stress", "who": "kray", "amount": 7},
            {"do": "take_consequence", "who": "kray", "text": "Winded"},
            {"do": "take_consequence", "who": "kray", "text": "Bloody Nose"},
            {"do": "apply_stress", "who": "kray"},
            {"do": "apply_stress", "who": "ron", "amount": 9},
            {"do": "take_consequence", "who": "ron", "text": "Cracked Rib"},
            {"do": "take_consequence", "who": "ron", "text": "Anything Else"},
        ],
    }  # fmt: skip
    path = tmp_path / "gang.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    code = main(["encounter", "run", str(path), "--json"])
    out = capsys.readouterr()
    assert code == 2
    # events[6], the Middling for Ron's hit, went through; events[7] found the pool empty
    assert "events[7] (take_consequence): Ron has no consequence left" in out.err
