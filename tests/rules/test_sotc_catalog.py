"""SotC catalogue schema and data: counts, cross-checks and CatalogError reporting."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import CatalogError
from rules.systems.sotc.catalog import (
    AllReq,
    AspectReq,
    SkillAtLeastReq,
    SkillStuntsReq,
    SotcCatalog,
    StuntReq,
    WeirdnessReq,
    parse_sotc_catalog,
)

DATA_DIR = Path(__file__).parents[2] / "resources/systems/sotc"
FILES = ("skills.json", "stunts.json", "packages.json", "improvements.json")


def _raw() -> dict[str, Any]:
    return {name: json.loads((DATA_DIR / name).read_text(encoding="utf-8")) for name in FILES}


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return _raw()


@pytest.fixture(scope="module")
def catalog(raw: dict[str, Any]) -> SotcCatalog:
    return parse_sotc_catalog(raw)


def _broken(raw: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(raw)


# -- counts and lookups -----------------------------------------------------------------------


def test_counts_match_the_book(catalog: SotcCatalog) -> None:
    """SotC "Skills" table (L1603-L1630): 28 skills; "Stunts": 266 distinct stunts;
    "Quick Pick Stunt Packages" (L6896-L7518): 70 packages."""
    assert len(catalog.skills) == 28
    assert len(catalog.stunts) == 266
    assert len(catalog.packages) == 70
    assert len({s.name.casefold() for s in catalog.stunts}) == 266


def test_duplicate_listings_appear_once(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Fists: Signature Strike is listed at L3189 and again at L3301; Uncanny Hunch
    is a pointer under Empathy (L2997) with its entry under Investigation (L3611)."""
    names = [s.name for s in catalog.stunts]
    assert names.count("Signature Strike") == 1
    assert names.count("Uncanny Hunch") == 1
    strike = catalog.stunt("Signature Strike")
    assert (strike.line, strike.other_lines) == (3189, (3301,))
    hunch = catalog.stunt("Uncanny Hunch")
    assert hunch.skill == "Investigation"
    assert hunch.also_counts_as == ("Empathy",)
    assert hunch.line == 3611


def test_stunt_lookup_is_case_insensitive(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Alertness, On Top Of It (L2345): lookup ignores case; unknown names raise."""
    assert catalog.stunt("on top of it").name == "On Top Of It"
    with pytest.raises(KeyError):
        catalog.stunt("I'm On Top Of It")
    assert catalog.package("never cross me").skill == "Intimidation"
    with pytest.raises(KeyError):
        catalog.package("No Such Package")


def test_stunts_for_skill_includes_cross_listing(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Empathy (L2921-L2997): nine entries, Uncanny Hunch included by reference."""
    empathy = [s.name for s in catalog.stunts_for_skill("empathy")]
    assert len(empathy) == 9
    assert "Uncanny Hunch" in empathy
    assert len(catalog.stunts_for_skill("Investigation")) == 7


def test_skill_names_in_book_order(catalog: SotcCatalog) -> None:
    """SotC "Skills" table (L1603): 28 skills, Academics first, Weapons last."""
    names = catalog.skill_names()
    assert names[0] == "Academics" and names[-1] == "Weapons"
    assert catalog.skill("Empathy").initiative == "social"
    assert catalog.skill("Alertness").initiative == "physical"


# -- prerequisite data as the book prints it ----------------------------------------------------


def test_ready_for_anything_requires_on_top_of_it(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Alertness, Ready for Anything (L2357): "Requires I'm On Top Of It" means the
    stunt On Top Of It (digest section 13 item 12)."""
    assert catalog.stunt("Ready for Anything").requires == StuntReq(
        kind="stunt", name="On Top Of It"
    )


def test_big_heist_prerequisite_shape(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Burglary, The Big Heist (L2635): Mental Blueprint and one other Burglary
    stunt."""
    req = catalog.stunt("The Big Heist").requires
    assert isinstance(req, AllReq)
    assert StuntReq(kind="stunt", name="Mental Blueprint") in req.of
    assert SkillStuntsReq(kind="skill_stunts", skill="Burglary", count=1) in req.of


def test_disguise_of_the_mind_has_the_only_skill_floor(catalog: SotcCatalog) -> None:
    """SotC "Stunts", Deceit, Disguise of the Mind (L2825): the only stunt with a skill-rating
    prerequisite (Deceit Great or better)."""

    def floors(req: object) -> list[SkillAtLeastReq]:
        if isinstance(req, SkillAtLeastReq):
            return [req]
        return [f for sub in getattr(req, "of", ()) for f in floors(sub)]

    found = {s.name: floors(s.requires) for s in catalog.stunts if floors(s.requires)}
    assert list(found) == ["Disguise of the Mind"]
    assert found["Disguise of the Mind"][0].skill == "Deceit"
    assert found["Disguise of the Mind"][0].rating == 4


def test_aspect_prerequisites(catalog: SotcCatalog) -> None:
    """SotC "Stunts": Gambling Man (L3315) and Weapon of Destiny (L4727) need aspects."""
    with_aspects = sorted(s.name for s in catalog.stunts if isinstance(s.requires, AspectReq))
    assert with_aspects == ["Gambling Man", "Weapon of Destiny"]


def test_weird_science_depends_on_weirdness(catalog: SotcCatalog) -> None:
    """SotC "Setting Decisions", World of Tomorrow (L6872): Weird Science absorbs Scientific
    Invention; otherwise it requires Scientific Invention (L4387)."""
    req = catalog.stunt("Weird Science").requires
    assert isinstance(req, WeirdnessReq)
    assert req.levels == ("world-of-tomorrow",)
    assert req.then == StuntReq(kind="stunt", name="Scientific Genius")
    assert req.otherwise == StuntReq(kind="stunt", name="Scientific Invention")


def test_take_limits_in_data(catalog: SotcCatalog) -> None:
    """SotC "Stunts": Lieutenant two or three times (L3681); Spirit Companion at most twice
    (L3959); Minions repeatable without limit (L3697); Scary only once."""
    lieutenant = catalog.stunt("Lieutenant")
    assert (lieutenant.repeatable, lieutenant.min_takes, lieutenant.max_takes) == (True, 2, 3)
    companion = catalog.stunt("Spirit Companion")
    assert (companion.repeatable, companion.max_takes) == (True, 2)
    assert catalog.stunt("Minions").max_takes is None
    assert catalog.stunt("Scary").max_takes == 1


def test_grants(catalog: SotcCatalog) -> None:
    """SotC "Stunts": Thick Skinned +1 Health box (L3075), Linguist +5 languages (L2265),
    Feel the Burn / Smooth Recovery / Still Standing extra moderate consequences (L3015, L4133,
    L4189), Personal Gadget 3 and Universal Gadget 2 improvements (L3105, L3111)."""
    g = {s.name: s.grants for s in catalog.stunts if s.grants is not None}
    assert g["Thick Skinned"].health_boxes == 1
    assert g["Ready for Anything"].initiative_physical == 1
    assert g["Linguist"].languages == 5
    assert g["Feel the Burn"].extra_consequence == "moderate-physical"
    assert g["Smooth Recovery"].extra_consequence == "moderate-social"
    assert g["Still Standing"].extra_consequence == "moderate-any"
    assert g["Personal Gadget"].gadget_improvements == 3
    assert g["Universal Gadget"].universal_gadget_improvements == 2


def test_weirdness_flags(catalog: SotcCatalog) -> None:
    """SotC "Setting Decisions" (L6856-L6872): Weird/Mad Science and artifact stunts are flagged
    so a low weirdness level can warn about them (digest W4)."""
    assert "weird_science" in catalog.stunt("Weird Science").flags
    assert "mad_science" in catalog.stunt("Mad Science").flags
    for name in ("Artificer", "Personal Artifact", "Rare Artifact", "Weapon of Destiny"):
        assert "artifact" in catalog.stunt(name).flags


def test_wrestler_package_core_choice(catalog: SotcCatalog) -> None:
    """SotC Quick Picks, Wrestler (L7288): "Unbound or Herculean Strength, and Wrestler"."""
    pkg = catalog.package("Wrestler")
    assert pkg.core == ("Wrestler",)
    assert pkg.core_choices == (("Unbound", "Herculean Strength"),)
    assert pkg.core_count == 2


def test_packages_with_repeated_core_stunts(catalog: SotcCatalog) -> None:
    """SotC Quick Picks: A Little Help From My Friends takes Network of Contacts twice (L7008);
    Master/Mistress of Minions takes Minions twice (L7262)."""
    assert catalog.package("A Little Help From My Friends").core.count("Network of Contacts") == 2
    assert catalog.package("Master/Mistress of Minions").core.count("Minions") == 2


def test_improvements(catalog: SotcCatalog) -> None:
    """SotC "Improving Things" (L4917-L4985) and "Artifacts" (L5091-L5109): 16 gadget
    improvements plus artifact-only Arcane and Blessed; Futurization and Hair Trigger are barred
    from artifacts; [2] marks Weird Science, [3] Mad Science."""
    imps = {m.name: m for m in catalog.improvements}
    assert len(imps) == 18
    assert {n for n, m in imps.items() if m.artifact_only} == {"Arcane", "Blessed"}
    assert {n for n, m in imps.items() if m.not_on_artifacts} == {"Futurization", "Hair Trigger"}
    assert {n for n, m in imps.items() if m.weird_science} == {
        "Alternate Usage",
        "Speculative Science",
        "Conscious",
        "Special Effect",
    }
    assert {n for n, m in imps.items() if m.mad_science} == {"Unbelievable"}
    assert imps["Rugged"].repeatable


def test_summaries_are_short(catalog: SotcCatalog) -> None:
    """Licensing (SotC L7596): summaries are our own one-liners, not the book's paragraphs."""
    for s in catalog.stunts:
        assert 0 < len(s.summary) <= 200, s.name


# -- CatalogError reporting --------------------------------------------------------------------


def test_missing_file_is_named(raw: dict[str, Any]) -> None:
    """A missing catalogue file names the file."""
    files = _broken(raw)
    del files["packages.json"]
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.file == "packages.json"


def test_wrong_type_names_file_and_field(raw: dict[str, Any]) -> None:
    """A value of the wrong type names the file and the dotted field path."""
    files = _broken(raw)
    files["stunts.json"]["stunts"][12]["repeatable"] = "sometimes"
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.file == "stunts.json"
    assert err.value.field == "stunts[12].repeatable"


def test_unknown_prerequisite_kind(raw: dict[str, Any]) -> None:
    """An unknown prerequisite kind names the path down to ``requires.kind``."""
    files = _broken(raw)
    index = next(
        i for i, s in enumerate(files["stunts.json"]["stunts"]) if s["name"] == "Gift of Tongues"
    )
    files["stunts.json"]["stunts"][index]["requires"] = {"kind": "telepathy", "name": "Linguist"}
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.file == "stunts.json"
    assert err.value.field == f"stunts[{index}].requires.kind"
    assert "unknown kind" in err.value.message


def test_unknown_stunt_in_package(raw: dict[str, Any]) -> None:
    """A package core naming a stunt that does not exist names the package entry."""
    files = _broken(raw)
    files["packages.json"]["packages"][3]["core"][1] = "Foo"
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.file == "packages.json"
    assert err.value.field == "packages[3].core[1]"
    assert "'Foo'" in err.value.message


def test_unknown_stunt_in_prerequisite(raw: dict[str, Any]) -> None:
    """A prerequisite naming a missing stunt names the path inside ``requires``."""
    files = _broken(raw)
    stunts = files["stunts.json"]["stunts"]
    index = next(i for i, s in enumerate(stunts) if s["name"] == "The Big Heist")
    stunts[index]["requires"]["of"][0]["name"] = "Mental Blueprints"
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.file == "stunts.json"
    assert err.value.field == f"stunts[{index}].requires.of[0].name"


def test_duplicate_stunt_name(raw: dict[str, Any]) -> None:
    """Two stunts with the same name (ignoring case) are refused, naming the second."""
    files = _broken(raw)
    stunts = files["stunts.json"]["stunts"]
    stunts[5]["name"] = stunts[2]["name"].upper()
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.file == "stunts.json"
    assert err.value.field == "stunts[5].name"
    assert "twice" in err.value.message


def test_unknown_skill_on_stunt(raw: dict[str, Any]) -> None:
    """A stunt under a skill that is not in skills.json is refused."""
    files = _broken(raw)
    files["stunts.json"]["stunts"][0]["skill"] = "Basket Weaving"
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert (err.value.file, err.value.field) == ("stunts.json", "stunts[0].skill")


def test_wrong_count_is_refused(raw: dict[str, Any]) -> None:
    """SotC "Skills": exactly 28 skills; a file with 27 is refused."""
    files = _broken(raw)
    dropped = files["skills.json"]["skills"].pop()
    # Keep stunts consistent so the count check is what fails.
    files["stunts.json"]["stunts"] = [
        s for s in files["stunts.json"]["stunts"] if s["skill"] != dropped["name"]
    ]
    files["packages.json"]["packages"] = [
        p for p in files["packages.json"]["packages"] if p["skill"] != dropped["name"]
    ]
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert (err.value.file, err.value.field) == ("skills.json", "skills")
    assert "28" in err.value.message


def test_non_repeatable_with_max_takes_refused(raw: dict[str, Any]) -> None:
    """A non-repeatable stunt cannot claim more than one take."""
    files = _broken(raw)
    files["stunts.json"]["stunts"][1]["max_takes"] = 3
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert err.value.field == "stunts[1]"
    assert "only be taken once" in err.value.message


def test_extra_field_refused(raw: dict[str, Any]) -> None:
    """Unknown fields are refused (typos would otherwise be silently ignored)."""
    files = _broken(raw)
    files["skills.json"]["skills"][0]["catagory"] = "Knowledge"
    with pytest.raises(CatalogError) as err:
        parse_sotc_catalog(files)
    assert (err.value.file, err.value.field) == ("skills.json", "skills[0].catagory")
