"""Rules layer: numbers the SotC book computes from a character's stunts, skills and gadgets.

Companion advances (Contact, Close Contacts, Network of Contacts, Lieutenant), what a gadget
would take to build or buy (Making Things, Improving Things, Buying Gadgets Outright), the free
workspaces (Resources: Workspaces; Home Away From Home; Headquarters), Scholar's effective
Academics and how many aspects Empathy can read. :func:`book_values` works in one pass over the
stunts taken; every number is the book's (section names in :mod:`rules.systems.sotc.sections`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from rules.systems.sotc.character import Gadget, SotcCharacter
from rules.systems.sotc.gadgets import SURCHARGES

CONTACT_ADVANCES = 3
"""SotC "Contact": each contact is a companion with three advances."""
CLOSE_CONTACTS_ADVANCES = 3
"""SotC "Close Contacts": three more advances to spread among existing contacts, per take."""
CLOSE_CONTACTS_CAP = 6
"""SotC "Close Contacts": never more than six extra advances on any one contact (nine in all)."""
NETWORK_ADVANCES = 2
"""SotC "Network of Contacts": the revealed companion has up to two advances (three if she
leaves after one scene); each further take adds two advances."""
NETWORK_ONE_SCENE_BONUS = 1
LIEUTENANT_FREE = ("Independent", "Skilled (Leadership)")
"""SotC "Lieutenant": the free advances every lieutenant has."""
LIEUTENANT: dict[int, tuple[int, int]] = {2: (2, 4), 3: (3, 6)}
"""SotC "Lieutenant": takes -> (quality, advances beyond the free two). Twice: Fair and four
advances; three times: two more advances and promotion to Good (docs/rules-notes.md)."""
IMPROVEMENT_HOURS = 8
"""SotC "Improving Things": each improvement takes about eight hours."""
PRICE_PER_UPGRADE = 2
"""SotC "Buying Gadgets Outright": the price is the base item's cost plus two per upgrade."""
WORKSPACE_FREE = -2
WORKSPACE_SPECIALIZED = -1
"""SotC "Workspaces": one free workspace at Resources - 2, or a specialized one at Resources - 1."""
HEADQUARTERS_BONUS = 2
"""SotC "Headquarters": the headquarters' quality is two higher than the workspace's."""
SCHOLAR_FIELD = 1
SCHOLAR_SPECIALTY = 2
"""SotC "Scholar": +1 to Academics in the field, +2 in the chosen specialization."""


class CompanionValues(BaseModel):
    """Companion advances from the stunts taken (SotC "Contacting", "Leadership").

    Attributes:
        contacts: Contacts defined (one per take of Contact).
        advances_per_contact: Advances each contact starts with.
        close_contacts_advances: Extra advances Close Contacts gives to spread among them.
        most_on_one_contact: The most advances any one contact can have (Close Contacts' cap).
        network_advances: Advances of a companion revealed with Network of Contacts (0 without
            the stunt).
        network_one_scene_advances: The same companion's advances if she leaves after one scene.
        lieutenant_quality: The lieutenant's quality (None without a legal Lieutenant).
        lieutenant_advances: Advances beyond the lieutenant's free Independent and Skilled.
        lieutenant_free: The lieutenant's free advances.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    contacts: int = 0
    advances_per_contact: int = CONTACT_ADVANCES
    close_contacts_advances: int = 0
    most_on_one_contact: int = 0
    network_advances: int = 0
    network_one_scene_advances: int = 0
    lieutenant_quality: int | None = None
    lieutenant_advances: int = 0
    lieutenant_free: tuple[str, ...] = ()


class GadgetValues(BaseModel):
    """What a gadget with a recorded base cost takes to build or to buy.

    Attributes:
        name: The gadget's name.
        improvements: Improvements counted (the "Uses ... Science" surcharge entries are not).
        quality: Item quality: the base cost plus one per improvement, which is also the
            build difficulty and the least workshop quality (SotC "Improving Things").
        base_build_days: Days to build the base item from scratch: one per step of its quality
            above Mediocre, at least one (SotC "Making Things").
        improve_hours: Hours to make the improvements (about eight each).
        price: The Resources cost to buy it outright: base cost plus two per upgrade.
        seller_difficulty: The Contacting difficulty to find a seller (the improving difficulty).
        seller_days: Days the search takes: one, plus one per upgrade.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    improvements: int
    quality: int
    base_build_days: int
    improve_hours: int
    price: int
    seller_difficulty: int
    seller_days: int


class WorkspaceValues(BaseModel):
    """The workspaces Resources gives for free (SotC "Workspaces").

    Attributes:
        free: How many free workspaces (one; two with Home Away From Home).
        quality: Quality of a free workspace (Resources - 2).
        specialized_quality: Quality of a free specialized one (Resources - 1).
        headquarters_quality: Quality of the headquarters (Resources), None without the stunt.
        headquarters_specialized_quality: A specialized headquarters' quality (Resources + 1).
        headquarters_elements: Extra elements the headquarters has (Headquarters 1, Lair 3,
            Stately Pleasure Dome all 5).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    free: int
    quality: int
    specialized_quality: int
    headquarters_quality: int | None = None
    headquarters_specialized_quality: int | None = None
    headquarters_elements: int = 0


class ScholarField(BaseModel):
    """One Scholar take: the field and the Academics it rolls there (SotC "Scholar").

    Attributes:
        field: The field as the take's detail names it ("" when not written).
        academics: Academics for rolls in the field (+1).
        specialty_academics: Academics in the chosen specialization (+2); also the rating
            it complements social skills with in the field.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    field: str
    academics: int
    specialty_academics: int


class BookValues(NamedTuple):
    """The derived values of this module, as :class:`~rules.systems.sotc.derive.SotcDerived`
    carries them (a plain tuple: derive runs on every edit, and its parts are checked models)."""

    companions: CompanionValues
    gadgets: tuple[GadgetValues, ...]
    workspace: WorkspaceValues
    scholar: tuple[ScholarField, ...]
    empathy_reads: int


def gadget_values(gadget: Gadget) -> GadgetValues | None:
    """Build and purchase numbers of ``gadget`` (None when its base cost is not recorded)."""
    if gadget.base_cost is None:
        return None
    base = gadget.base_cost
    n = sum(1 for m in gadget.improvements if m.name.strip().casefold() not in SURCHARGES)
    return GadgetValues(
        name=gadget.name,
        improvements=n,
        quality=base + n,
        base_build_days=max(1, base),
        improve_hours=IMPROVEMENT_HOURS * n,
        price=base + PRICE_PER_UPGRADE * n,
        seller_difficulty=base + n,
        seller_days=1 + n,
    )


NO_COMPANIONS = CompanionValues()
COMPANION_STUNTS = ("Contact", "Close Contacts", "Network of Contacts", "Lieutenant")


def companion_values(takes: Counter[str]) -> CompanionValues:
    """Companion advances from stunt ``takes`` (canonical stunt name -> takes)."""
    if not any(name in takes for name in COMPANION_STUNTS):
        return NO_COMPANIONS
    contacts = takes["Contact"]
    pool = CLOSE_CONTACTS_ADVANCES * takes["Close Contacts"] if contacts else 0
    network = takes["Network of Contacts"]
    network_advances = NETWORK_ADVANCES * network
    lieutenant = LIEUTENANT.get(takes["Lieutenant"])
    return CompanionValues(
        contacts=contacts,
        close_contacts_advances=pool,
        most_on_one_contact=(CONTACT_ADVANCES + min(pool, CLOSE_CONTACTS_CAP)) if contacts else 0,
        network_advances=network_advances,
        network_one_scene_advances=network_advances + NETWORK_ONE_SCENE_BONUS if network else 0,
        lieutenant_quality=None if lieutenant is None else lieutenant[0],
        lieutenant_advances=0 if lieutenant is None else lieutenant[1],
        lieutenant_free=() if lieutenant is None else LIEUTENANT_FREE,
    )


def book_values(
    character: SotcCharacter,
    takes: Counter[str],
    hq_elements: int,
    skill: Callable[[str], int],
) -> BookValues:
    """The book's computed numbers for ``character``.

    Args:
        character: The character.
        takes: Catalogue stunt name -> number of takes.
        hq_elements: The most headquarters elements any stunt taken grants (0: none).
        skill: A book skill's rating under the campaign's name for it.
    """
    resources = skill("Resources")
    hq = hq_elements > 0
    workspace = WorkspaceValues(
        free=1 + (1 if takes["Home Away From Home"] else 0),
        quality=resources + WORKSPACE_FREE,
        specialized_quality=resources + WORKSPACE_SPECIALIZED,
        headquarters_quality=resources + WORKSPACE_FREE + HEADQUARTERS_BONUS if hq else None,
        headquarters_specialized_quality=(
            resources + WORKSPACE_SPECIALIZED + HEADQUARTERS_BONUS if hq else None
        ),
        headquarters_elements=hq_elements,
    )
    scholar: tuple[ScholarField, ...] = ()
    if takes["Scholar"]:
        academics = skill("Academics")
        scholar = tuple(
            ScholarField(
                field=pick.detail.strip(),
                academics=academics + SCHOLAR_FIELD,
                specialty_academics=academics + SCHOLAR_SPECIALTY,
            )
            for pick in character.stunts
            if pick.name.strip().casefold() == "scholar"
        )
    gadgets = (
        tuple(v for v in map(gadget_values, character.gadgets) if v is not None)
        if character.gadgets
        else ()
    )
    return BookValues(
        companions=companion_values(takes),
        gadgets=gadgets,
        workspace=workspace,
        scholar=scholar,
        empathy_reads=max(1, skill("Empathy")),
    )
