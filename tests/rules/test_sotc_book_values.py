"""The numbers the SotC book computes from stunts, skills and gadgets, as ``derive`` reports
them (each test names the section it checks)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.sotc.character import SotcCharacter
from tests.rules.sotc_builders import COMPLETE_SKILLS, complete_document


@pytest.fixture(scope="module")
def sotc(registry: Any) -> Any:
    return registry.get("sotc")


def with_stunts(*names: str, skills: dict[str, int] | None = None, **extra: Any) -> SotcCharacter:
    doc = complete_document(**extra)
    doc["stunts"] = [{"name": n} if isinstance(n, str) else n for n in names]
    if skills:
        doc["skills"] = {**COMPLETE_SKILLS, **skills}
    return SotcCharacter.model_validate(doc)


@pytest.mark.parametrize(
    ("stunts", "contacts", "pool", "most"),
    [
        (("Contact",), 1, 0, 3),
        (("Contact", "Close Contacts"), 1, 3, 6),
        (("Contact", "Close Contacts", "Close Contacts"), 1, 6, 9),
        (("Contact", "Close Contacts", "Close Contacts", "Close Contacts"), 1, 9, 9),
        (("Contact", "Contact", "Close Contacts"), 2, 3, 6),
        ((), 0, 0, 0),
    ],
)
def test_contacts_and_close_contacts_advances_and_cap(
    sotc: Any, stunts: tuple[str, ...], contacts: int, pool: int, most: int
) -> None:
    # SotC "Contact": three advances per contact; "Close Contacts": three more to spread per
    # take, never more than six extra on any one contact (nine in all).
    c = sotc.derive(with_stunts(*stunts)).companions
    assert (c.contacts, c.advances_per_contact) == (contacts, 3)
    assert (c.close_contacts_advances, c.most_on_one_contact) == (pool, most)


def test_network_of_contacts_reveals_a_companion_with_two_advances_three_for_one_scene(
    sotc: Any,
) -> None:
    # SotC "Network of Contacts": up to two advances (three if she leaves after a scene);
    # each further take adds two.
    one = sotc.derive(with_stunts("Contact", "Network of Contacts")).companions
    assert (one.network_advances, one.network_one_scene_advances) == (2, 3)
    two = sotc.derive(
        with_stunts("Contact", "Network of Contacts", "Network of Contacts")
    ).companions
    assert (two.network_advances, two.network_one_scene_advances) == (4, 5)


@pytest.mark.parametrize(("takes", "quality", "advances"), [(1, None, 0), (2, 2, 4), (3, 3, 6)])
def test_lieutenant_quality_and_advances_per_take(
    sotc: Any, takes: int, quality: int | None, advances: int
) -> None:
    # SotC "Lieutenant": Fair with Independent and Skilled (Leadership) free; twice: four
    # advances; three times: two more and promotion to Good. Once is not a legal lieutenant.
    c = sotc.derive(with_stunts(*["Lieutenant"] * takes)).companions
    assert (c.lieutenant_quality, c.lieutenant_advances) == (quality, advances)
    if quality is not None:
        assert c.lieutenant_free == ("Independent", "Skilled (Leadership)")


@pytest.mark.parametrize(
    ("base", "improvements", "quality", "price", "days"),
    [
        (1, ["Armed"], 2, 3, 2),  # Garrote Watch: Average + Armed = Fair
        (1, ["Miniaturization", "Special Effect", "Futurization"], 4, 7, 4),  # Wrist Comm.: Great
        (0, ["Miniaturization", "Upgrade"], 2, 4, 3),  # Belt-Buckle Grappling Hook: Fair
    ],
)
def test_gadget_quality_price_and_seller_follow_the_sample_gadgets(
    sotc: Any, base: int, improvements: list[str], quality: int, price: int, days: int
) -> None:
    # SotC "Improving Things": +1 quality (difficulty, workshop) and ~8 hours per improvement;
    # "Some Sample Gadgets" give the item qualities; "Buying Gadgets Outright": seller at the
    # improving difficulty in 1 day + 1 per upgrade, price base + 2 per upgrade.
    gadget = {
        "name": "Gizmo",
        "base_cost": base,
        "improvements": [{"name": n} for n in improvements],
    }
    c = with_stunts("Personal Gadget", gadgets=[gadget, {"name": "No cost recorded"}])
    (values,) = sotc.derive(c).gadgets
    assert (values.quality, values.seller_difficulty) == (quality, quality)
    assert (values.price, values.seller_days) == (price, days)
    assert values.improve_hours == 8 * len(improvements)


@pytest.mark.parametrize(("base", "days"), [(-2, 1), (0, 1), (1, 1), (4, 4)])
def test_building_the_base_item_takes_a_day_per_step_above_mediocre(
    sotc: Any, base: int, days: int
) -> None:
    # SotC "Making Things": at least a day per level of quality over Mediocre (minimum one).
    c = with_stunts(gadgets=[{"name": "Thing", "base_cost": base}])
    assert sotc.derive(c).gadgets[0].base_build_days == days


def test_the_surcharge_entries_are_not_improvements_of_the_item(sotc: Any) -> None:
    gadget = {
        "name": "Ray",
        "base_cost": 1,
        "improvements": [{"name": "Uses Weird Science"}, {"name": "Special Effect"}],
    }
    c = with_stunts("Personal Gadget", gadgets=[gadget])
    assert sotc.derive(c).gadgets[0].quality == 2


@pytest.mark.parametrize(
    ("stunts", "free", "hq", "elements"),
    [
        ((), 1, None, 0),
        (("Home Away From Home",), 2, None, 0),
        (("Headquarters",), 1, 4, 1),
        (("Headquarters", "Lair"), 1, 4, 3),
    ],
)
def test_free_workspace_from_resources(
    sotc: Any, stunts: tuple[str, ...], free: int, hq: int | None, elements: int
) -> None:
    # SotC "Workspaces": one free at Resources - 2, specialized at Resources - 1; "Home Away
    # From Home": a second one; "Headquarters": +2 (= Resources), "Lair": three elements.
    w = sotc.derive(with_stunts(*stunts, skills={"Resources": 4, "Drive": 0})).workspace
    assert (w.free, w.quality, w.specialized_quality) == (free, 2, 3)
    assert w.headquarters_quality == hq and w.headquarters_elements == elements
    if hq is not None:
        assert w.headquarters_specialized_quality == 5


def test_scholar_gives_academics_plus_one_in_the_field_plus_two_in_the_specialty(
    sotc: Any,
) -> None:
    # SotC "Scholar": +1 in the field, +2 in the specialization (Good Academics complements
    # as Superb).
    c = with_stunts(
        {"name": "Scholar", "detail": "history"},
        {"name": "Scholar", "detail": "cryptography"},
        skills={"Academics": 3, "Deceit": 2},
    )
    fields = sotc.derive(c).scholar
    assert [(f.field, f.academics, f.specialty_academics) for f in fields] == [
        ("history", 4, 5),
        ("cryptography", 4, 5),
    ]
    assert sotc.derive(with_stunts()).scholar == ()


@pytest.mark.parametrize(("empathy", "reads"), [(0, 1), (1, 1), (2, 2), (5, 5)])
def test_empathy_reads_reveal_up_to_the_skill_value_minimum_one(
    sotc: Any, empathy: int, reads: int
) -> None:
    # SotC "Empathy: Reading People": as many aspects as Empathy's value, minimum one.
    skills = {k: v for k, v in COMPLETE_SKILLS.items() if k != "Empathy"}
    doc = complete_document(skills={**skills, **({"Empathy": empathy} if empathy else {})})
    assert sotc.derive(SotcCharacter.model_validate(doc)).empathy_reads == reads
