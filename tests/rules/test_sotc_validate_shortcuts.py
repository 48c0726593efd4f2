"""The SotC validator's short paths say exactly what its full per-item checks say.

Reading and validating a library (issue #9's `validate_10k_sotc` benchmark) spends most of the
rules' time on finished characters, so the validator checks the usual finished character in bulk
(five phases of two written aspects and written events, a finished pyramid of the campaign's
skills, stunts without prerequisites whose skills are Average or better) before falling back to
the per-item loops. These tests compare it with the same validator built without short paths:
the problems, their order and their wording must not change (SotC "Character Creation": V2, V7,
V9, W1, W4).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.settings import HOW_TO_DO_THINGS, SotcSettings
from rules.systems.sotc.validate import SotcValidator
from tests.rules.sotc_builders import complete_document

TEXT = st.sampled_from(
    ["", " ", "\t", "x", "Oil in My Veins", "oil in  my veins", "a|b", " a", "ß", "Owes the RAF"]
)
CAMPAIGNS = st.sampled_from(
    [
        SotcSettings(),
        HOW_TO_DO_THINGS,
        SotcSettings(weirdness="world-of-mystery"),
        SotcSettings(weirdness="outside-your-window"),
        SotcSettings(renamed_skills={"Guns": "Bows"}),
        SotcSettings(removed_skills=("Mysteries",)),
    ]
)


def _full_validator(sotc: Any) -> SotcValidator:
    """The same validator with its short paths turned off."""
    fast: SotcValidator = sotc._validator
    return SotcValidator(fast.index, fast.ladder, shortcuts=False)


def _mutate(data: st.DataObject, doc: dict[str, Any], stunts: list[str]) -> None:
    """One random edit of a finished character's document."""
    kind = data.draw(st.integers(0, 9))
    phases = doc["phases"]
    if kind == 0:
        doc["skills"][data.draw(st.sampled_from([*doc["skills"], "guns", "Bows", "Mysteries"]))] = (
            data.draw(st.integers(-1, 7))
        )
    elif kind == 1 and doc["skills"]:
        del doc["skills"][data.draw(st.sampled_from(sorted(doc["skills"])))]
    elif kind == 2:
        phase = phases[data.draw(st.integers(0, len(phases) - 1))] if phases else {}
        phase["aspects"] = data.draw(st.lists(TEXT, max_size=3))
    elif kind == 3:
        phase = phases[data.draw(st.integers(0, len(phases) - 1))] if phases else {}
        phase[data.draw(st.sampled_from(["events", "mentor", "mentor_fate", "novel_title"]))] = (
            data.draw(TEXT)
        )
    elif kind == 4:
        del phases[data.draw(st.integers(0, 5)) :]
    elif kind == 5:
        doc["stunts"][data.draw(st.integers(0, 4))] = {
            "name": data.draw(st.sampled_from(stunts)),
            "custom": data.draw(st.booleans()),
        }
    elif kind == 6:
        doc["stunts"].append({"name": data.draw(st.sampled_from(stunts))})
    elif kind == 7:
        doc["advancements"] = [{"kind": "peak"}]
    elif kind == 8:
        doc["creation_mode"] = "fast"
    elif kind == 9 and len(phases) > 3:
        phases[3]["guest_star_in"] = data.draw(st.none() | st.fixed_dictionaries({"title": TEXT}))


@settings(max_examples=400, suppress_health_check=list(HealthCheck), deadline=None)
@given(data=st.data(), rules=CAMPAIGNS)
def test_short_paths_agree_with_the_full_checks(
    sotc: Any, data: st.DataObject, rules: SotcSettings
) -> None:
    full = _full_validator(sotc)
    stunts = [s.name for s in full.index.catalog.stunts] + ["Made Up", "  linguist "]
    doc = complete_document()
    for _ in range(data.draw(st.integers(0, 3))):
        _mutate(data, doc, stunts)
    character = SotcCharacter.model_validate(doc)
    assert sotc._validator.validate(character, rules) == full.validate(character, rules)


def test_the_full_checks_are_really_exercised(sotc: Any) -> None:
    """The comparison above is not empty: a finished character passes both ways, and one
    pyramid or stunt problem is found both ways."""
    full = _full_validator(sotc)
    finished = SotcCharacter.model_validate(complete_document())
    assert full.validate(finished, SotcSettings()) == ()
    doc = complete_document()
    doc["skills"]["Athletics"] = 4
    doc["stunts"][0] = {"name": "Lieutenant"}
    broken = SotcCharacter.model_validate(doc)
    codes = [p.code for p in full.validate(broken, SotcSettings())]
    assert "SOTC-V7-rung-over" in codes and "SOTC-V10-takes" in codes
