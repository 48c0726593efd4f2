"""SotC stunt prerequisites and repeat limits (digest rules V9, V10, W2)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from rules.systems.sotc.catalog import SotcCatalog, parse_sotc_catalog
from rules.systems.sotc.prereqs import check_stunt, check_takes

DATA_DIR = Path(__file__).parents[2] / "resources/systems/sotc"
FILES = ("skills.json", "stunts.json", "packages.json", "improvements.json")


@pytest.fixture(scope="module")
def catalog() -> SotcCatalog:
    return parse_sotc_catalog(
        {name: json.loads((DATA_DIR / name).read_text(encoding="utf-8")) for name in FILES}
    )


# -- Quick Pick packages -----------------------------------------------------------------------


def _package_builds(catalog: SotcCatalog) -> list[tuple[str, list[str]]]:
    builds = []
    for pkg in catalog.packages:
        for choice in itertools.product(*pkg.core_choices):
            builds.append((pkg.name, [*pkg.core, *choice]))
    return builds


def test_every_package_core_is_legal_except_never_cross_me(catalog: SotcCatalog) -> None:
    """SotC "Quick Pick Stunt Packages" (L6896-L7518): each core, taken together, satisfies its
    own prerequisites and repeat limits (aspect prerequisites only warn); Never Cross Me is the
    one exception (digest section 13 item 40)."""
    broken = set()
    for pkg_name, taken in _package_builds(catalog):
        for i, name in enumerate(taken):
            # Disguise of the Mind is not in any core; a Great Deceit costs nothing here.
            result = check_stunt(catalog, name, taken, {}, index=i)
            if not result.met:
                broken.add(pkg_name)
        assert check_takes(catalog, taken) == [], pkg_name
    assert broken == {"Never Cross Me"}


def test_package_aspect_warnings(catalog: SotcCatalog) -> None:
    """SotC Quick Picks: Lucky Devil (Gambling Man, L3315) and Man/Woman from another Time
    (Weapon of Destiny, L4727) are legal but carry an aspect warning for the GM."""
    warned = set()
    for pkg_name, taken in _package_builds(catalog):
        for i, name in enumerate(taken):
            if check_stunt(catalog, name, taken, {}, index=i).warnings:
                warned.add(pkg_name)
    assert warned == {"Lucky Devil", "Man/Woman from another Time"}


def test_never_cross_me_needs_scary(catalog: SotcCatalog) -> None:
    """SotC Quick Picks, Never Cross Me (L7218): The Promise of Pain requires Scary (L3553), so
    the two-stunt core is unmet until Scary is added."""
    core = list(catalog.package("Never Cross Me").core)
    result = check_stunt(
        catalog, "The Promise of Pain", core, {}, index=core.index("The Promise of Pain")
    )
    assert not result.met
    assert any("Scary" in r for r in result.reasons)
    fixed = [*core, "Scary"]
    assert check_stunt(catalog, "The Promise of Pain", fixed, {}, index=1).met


# -- single stunt prerequisite -----------------------------------------------------------------


def test_stunt_prerequisite(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Academics, Photographic Memory (L2291): requires Walking Library."""
    result = check_stunt(catalog, "Photographic Memory", [], {})
    assert not result.met
    assert result.reasons == ("needs the stunt Walking Library",)
    assert check_stunt(catalog, "Photographic Memory", ["walking library"], {}).met


def test_entry_level_stunt_is_always_available(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Academics, Walking Library (L2283): no prerequisite."""
    result = check_stunt(catalog, "Walking Library", [], {})
    assert result.met and result.reasons == () and result.warnings == ()


def test_all_prerequisite(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Deceit, Master of Disguise (L2807): Clever Disguise and Mimicry."""
    result = check_stunt(catalog, "Master of Disguise", ["Clever Disguise"], {})
    assert not result.met
    assert result.reasons == ("needs the stunt Mimicry",)
    assert check_stunt(catalog, "Master of Disguise", ["Clever Disguise", "Mimicry"], {}).met


def test_any_prerequisite(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Deceit, Clever Facade (L2851): either The Honest Lie or Takes One to Know
    One; Fists, Signature Strike (L3193): Crippling Blow or Fist of Death."""
    assert not check_stunt(catalog, "Clever Facade", [], {}).met
    assert check_stunt(catalog, "Clever Facade", ["Takes One to Know One"], {}).met
    assert check_stunt(catalog, "Clever Facade", ["The Honest Lie"], {}).met
    strike = check_stunt(catalog, "Signature Strike", ["Brawler"], {})
    assert not strike.met
    assert "Crippling Blow" in strike.reasons[0] and "Fist of Death" in strike.reasons[0]
    assert check_stunt(catalog, "Signature Strike", ["Fist of Death"], {}).met


def test_skill_stunts_counts_others(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Athletics, Slippery (L2543): "at least one other Athletics stunt"; a stunt
    of another skill does not count."""
    result = check_stunt(catalog, "Slippery", ["Brawler"], {})
    assert not result.met
    assert result.reasons == ("needs 1 other Athletics stunt (has 0)",)
    assert check_stunt(catalog, "Slippery", ["Acrobat"], {}).met


def test_skill_stunts_excludes_the_stunt_being_checked(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Alertness, Take It All In (L2411): "two other Alertness stunts" -- the
    stunt itself, at ``index``, is not one of them."""
    taken = ["Take It All In", "Danger Sense"]
    assert not check_stunt(catalog, "Take It All In", taken, {}, index=0).met
    taken = ["Take It All In", "Danger Sense", "Saw It Coming"]
    assert check_stunt(catalog, "Take It All In", taken, {}, index=0).met


def test_skill_stunts_excludes_named_stunt(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Burglary, The Big Heist (L2635): Mental Blueprint *and at least one other*
    Burglary stunt -- Mental Blueprint itself does not count as the other one."""
    result = check_stunt(catalog, "The Big Heist", ["Mental Blueprint"], {})
    assert not result.met
    assert result.reasons == ("needs 1 other Burglary stunt besides Mental Blueprint (has 0)",)
    ok = check_stunt(catalog, "The Big Heist", ["Mental Blueprint", "Tripwire Sensibilities"], {})
    assert ok.met


def test_skill_stunts_counts_repeated_takes(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Contacting, Network of Contacts (L2667, repeatable L2673): the second take
    counts the first take as its "other Contacting stunt" (A Little Help From My Friends)."""
    taken = ["Network of Contacts", "Network of Contacts"]
    assert check_stunt(catalog, "Network of Contacts", taken, {}, index=1).met
    assert check_stunt(catalog, "Network of Contacts", taken, {}, index=0).met
    # A lone take has no other Contacting stunt.
    assert not check_stunt(catalog, "Network of Contacts", ["Network of Contacts"], {}, index=0).met
    # As a candidate (not yet taken) an existing take counts.
    assert check_stunt(catalog, "Network of Contacts", ["Network of Contacts"], {}).met
    # Repeats count one each for someone else's prerequisite too (Take It All In needs two
    # other Alertness stunts; Ready for Anything is repeatable, L2359).
    assert not check_stunt(catalog, "Take It All In", ["Ready for Anything"], {}).met
    assert check_stunt(catalog, "Take It All In", ["Ready for Anything"] * 2, {}).met


def test_skill_stunts_message_counts(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Pilot, Plane Mechanic (L4051): two other Pilot stunts; message counts."""
    result = check_stunt(catalog, "Plane Mechanic", ["Flying Ace"], {})
    assert result.reasons == ("needs 2 other Pilot stunts (has 1)",)


def test_skill_at_least(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Deceit, Disguise of the Mind (L2825): Master of Disguise and Deceit Great or
    better."""
    taken = ["Clever Disguise", "Mimicry", "Master of Disguise"]
    low = check_stunt(catalog, "Disguise of the Mind", taken, {"Deceit": 3})
    assert not low.met
    assert low.reasons == ("needs Deceit at Great (+4) or better (has Good (+3))",)
    assert check_stunt(catalog, "Disguise of the Mind", taken, {"Deceit": 4}).met
    assert check_stunt(catalog, "Disguise of the Mind", taken, {"Deceit": 5}).met
    missing = check_stunt(catalog, "Disguise of the Mind", taken, {})
    assert missing.reasons == ("needs Deceit at Great (+4) or better (has Mediocre (+0))",)


def test_aspect_prerequisite_is_a_warning(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Gambling, Gambling Man (L3315): needs a compellable gambling aspect, which
    only the GM can judge -- a warning, never unmet (digest W2)."""
    result = check_stunt(catalog, "Gambling Man", [], {})
    assert result.met
    assert result.reasons == ()
    assert len(result.warnings) == 1 and "gambling" in result.warnings[0]


def test_hq_element_prerequisite(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Resources, Trusted Employee (L4283): a Headquarters with Expert Staff; the
    element is the player's choice (warning) unless Stately Pleasure Dome gives every element
    (L4265)."""
    assert not check_stunt(catalog, "Trusted Employee", [], {}).met
    chosen = check_stunt(catalog, "Trusted Employee", ["Headquarters"], {})
    assert chosen.met and chosen.warnings
    dome = ["Headquarters", "Lair", "Stately Pleasure Dome"]
    full = check_stunt(catalog, "Trusted Employee", dome, {})
    assert full.met and full.warnings == ()


def test_weird_science_world_of_tomorrow(catalog: SotcCatalog) -> None:
    """SotC "Setting Decisions", World of Tomorrow (L6872): Weird Science includes Scientific
    Invention's function, so Scientific Genius alone unlocks it; elsewhere it needs Scientific
    Invention (L4387)."""
    taken = ["Scientific Genius"]
    assert not check_stunt(catalog, "Weird Science", taken, {}).met
    assert check_stunt(catalog, "Weird Science", taken, {}, weirdness="world-of-tomorrow").met
    assert check_stunt(catalog, "Weird Science", [*taken, "Scientific Invention"], {}).met


# -- Uncanny Hunch -----------------------------------------------------------------------------


def test_uncanny_hunch_needs_both_skills(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Investigation, Uncanny Hunch (L3615): one other Investigation stunt and one
    other Empathy stunt."""
    assert not check_stunt(catalog, "Uncanny Hunch", ["Quick Eye"], {}).met
    assert not check_stunt(catalog, "Uncanny Hunch", ["Cold Read"], {}).met
    result = check_stunt(catalog, "Uncanny Hunch", ["Quick Eye"], {})
    assert result.reasons == ("needs 1 other Empathy stunt (has 0)",)
    assert check_stunt(catalog, "Uncanny Hunch", ["Quick Eye", "Cold Read"], {}).met


def test_uncanny_hunch_counts_for_empathy_and_investigation(catalog: SotcCatalog) -> None:
    """SotC "Stunts": Uncanny Hunch is listed under Empathy (L2997) and Investigation (L3611),
    so it counts as a stunt of either skill for others' prerequisites (digest 13 item 13):
    A Peek Inside needs two other Empathy stunts (L2987)."""
    assert check_stunt(catalog, "A Peek Inside", ["Cold Read", "Uncanny Hunch"], {}).met
    assert not check_stunt(catalog, "A Peek Inside", ["Cold Read", "Quick Eye"], {}).met
    # ... and as an Investigation stunt, e.g. for a second Uncanny-Hunch-style count.
    investigation = [s.name for s in catalog.stunts_for_skill("Investigation")]
    assert "Uncanny Hunch" in investigation


def test_index_excludes_only_that_pick(catalog: SotcCatalog) -> None:
    """Digest 13 item 13: with ``index`` the pick itself is excluded, other picks are counted."""
    taken = ["Cold Read", "A Peek Inside", "Heart's Secret"]
    assert check_stunt(catalog, "A Peek Inside", taken, {}, index=1).met
    assert not check_stunt(catalog, "A Peek Inside", taken[:2], {}, index=1).met


def test_custom_stunts_are_ignored(catalog: SotcCatalog) -> None:
    """SotC "Stunts" (L2243): custom stunts are the caller's business; they never count."""
    assert not check_stunt(catalog, "Slippery", ["Jury-Rig"], {}).met
    assert check_takes(catalog, ["Jury-Rig", "Jury-Rig"]) == []


# -- repeat limits -----------------------------------------------------------------------------


def test_non_repeatable_twice(catalog: SotcCatalog) -> None:
    """Digest V9: a stunt that is not repeatable may appear only once (e.g. Scary, L3525)."""
    problems = check_takes(catalog, ["Scary", "Scary"])
    assert [name for name, _ in problems] == ["Scary"]
    assert "only be taken once" in problems[0][1]
    assert check_takes(catalog, ["Scary"]) == []


def test_repeatable_stunt_many_times(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Engineering, Universal Gadget (L3117): may be taken several times."""
    assert check_takes(catalog, ["Universal Gadget"] * 5) == []


def test_lieutenant_takes(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Leadership, Lieutenant (L3681): must be taken two or three times."""
    once = check_takes(catalog, ["Lieutenant"])
    assert [n for n, _ in once] == ["Lieutenant"]
    assert "2 or 3" in once[0][1]
    assert check_takes(catalog, ["Lieutenant"] * 2) == []
    assert check_takes(catalog, ["Lieutenant"] * 3) == []
    four = check_takes(catalog, ["Lieutenant"] * 4)
    assert [n for n, _ in four] == ["Lieutenant"]
    assert "at most 3" in four[0][1]


def test_spirit_companion_at_most_twice(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Mysteries, Spirit Companion (L3959): a second take is the maximum."""
    assert check_takes(catalog, ["Spirit Companion"] * 2) == []
    three = check_takes(catalog, ["Spirit Companion"] * 3)
    assert [n for n, _ in three] == ["Spirit Companion"]
    assert "at most twice" in three[0][1]


def test_takes_match_names_case_insensitively(catalog: SotcCatalog) -> None:
    """Names are matched case-insensitively, so differing case does not dodge the limit."""
    assert [n for n, _ in check_takes(catalog, ["Scary", "scary"])] == ["Scary"]


def test_unknown_stunt_raises(catalog: SotcCatalog) -> None:
    """check_stunt is only for catalogue stunts; the caller handles custom ones."""
    with pytest.raises(KeyError):
        check_stunt(catalog, "Jury-Rig", [], {})
