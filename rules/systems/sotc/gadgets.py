"""Rules layer: Spirit of the Century's personal gadgets and artifacts.

SotC "Personal Gadgets", "Improving Things" and "Artifacts": what the stunts allow, what each
device draws from that allowance (with the Weird/Mad Science surcharges), and which improvements
a device may take.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from rules.systems.sotc.catalog import StuntDef
from rules.systems.sotc.catalog_index import CatalogIndex
from rules.systems.sotc.character import Gadget, SotcCharacter
from rules.systems.sotc.sections import S_ARTIFACTS, S_GADGETS, S_IMPROVING
from rules.validation import Problem, error, warning

SURCHARGES = {"uses weird science": 1, "uses mad science": 2}
"""The entries that only record a surcharge (case-folded); they are not improvements."""

_NAME = attrgetter("name")


def blank(text: str) -> bool:
    """True for empty or whitespace-only text (without building a stripped copy)."""
    return not text or text.isspace()


def science_surcharge(weird: bool, mad: bool, stunts: set[str]) -> tuple[int, int]:
    """Extra improvements a personal gadget pays for Weird/Mad Science without the stunt.

    SotC "Personal Gadgets": "Uses Weird Science" costs 1 improvement unless the character has
    Weird Science (or Mad Science); "Uses Mad Science" costs 2 unless it has Mad Science.
    Returns (weird surcharge, mad surcharge).
    """
    weird_cost = 1 if weird and not stunts & {"Weird Science", "Mad Science"} else 0
    mad_cost = 2 if mad and "Mad Science" not in stunts else 0
    return weird_cost, mad_cost


def improvement_allowance(defs: Iterable[StuntDef]) -> int:
    """Improvements the stunts taken allow for personal gadgets and artifacts (3 per Personal
    Gadget or Personal Artifact take)."""
    return sum(d.grants.gadget_improvements or 0 for d in defs if d.grants is not None)


def gadget_cost(index: CatalogIndex, gadget: Gadget, has: set[str]) -> int:
    """Improvements a device draws from the stunts' allowance (SotC "Personal Gadgets").

    Each improvement counts one; a personal gadget using Weird Science without the stunt
    pays one more, Mad Science without the stunt two more (the "Uses ... Science" entries
    only record that surcharge). Artifacts pay no surcharge; other stunts' devices (kind
    "other") draw nothing from this allowance.

    Args:
        index: The catalogue.
        gadget: The device.
        has: Names of the catalogue stunts the character has taken.
    """
    if gadget.kind == "other":
        return 0
    names = [m.name for m in gadget.improvements if m.name.strip().casefold() not in SURCHARGES]
    cost = len(names)
    if gadget.kind == "artifact":
        return cost
    found = [index.improvement(n) for n in names]
    weird = any(m is not None and m.weird_science for m in found)
    mad = any(m is not None and m.mad_science for m in found)
    return cost + sum(science_surcharge(weird, mad, has))


def check_gadgets(
    index: CatalogIndex, c: SotcCharacter, defs: list[StuntDef | None]
) -> list[Problem]:
    """Personal gadgets and artifacts: the improvement allowance, the Weird/Mad Science
    surcharges, and which improvements a device may take.

    Every character validated goes through here, so each pydantic field is read once into a
    local and the catalogue's facts come from the index's precomputed tables.

    Args:
        index: The catalogue.
        c: The character.
        defs: The catalogue entry of each of ``c.stunts`` (None for custom stunts).
    """
    out: list[Problem] = []
    gadgets = c.gadgets
    if not gadgets:
        return out  # nothing drawn from any allowance, nothing to check
    flags = index.improvement_flags
    has: set[str] | None = None  # names of the stunts taken, built only for a surcharge
    devices = False  # any personal gadget or artifact (kind other than "other")
    used = 0
    for i, gadget in enumerate(gadgets):
        name, kind, improvements = gadget.name, gadget.kind, gadget.improvements
        if blank(name):
            out.append(
                error(
                    "SOTC-GADGET-name", f"gadgets[{i}].name", "Give the gadget a name.", S_GADGETS
                )
            )
        if kind == "other":
            continue
        devices = True
        artifact = kind == "artifact"
        names = [*map(_NAME, improvements)]
        plain = index.plain_artifact_improvements if artifact else index.plain_gadget_improvements
        if len(plain.intersection(names)) == len(names):
            # The common device (as many distinct names in ``plain`` as there are names):
            # every improvement is the book's, spelled exactly, none repeated, none this kind
            # of device cannot take, no Weird/Mad Science surcharge. The loop below would
            # report nothing and count each improvement once.
            used += len(names)
            continue
        weird = mad = spelled_weird = spelled_mad = False
        seen: set[str] = set()
        cost = 0  # as gadget_cost counts it: every improvement but the surcharge entries
        for j, key_name in enumerate(names):
            found = flags.get(key_name)  # index.improvement's first step (exact spelling)
            if found is None:
                improvement = index.improvement(key_name)
                if improvement is None:
                    key = key_name.strip().casefold()
                    if key in SURCHARGES:
                        spelled_weird |= key == "uses weird science"
                        spelled_mad |= key == "uses mad science"
                        continue
                    cost += 1
                    out.append(
                        warning(
                            "SOTC-GADGET-unknown-improvement",
                            f"gadgets[{i}].improvements[{j}]",
                            f"\u201c{key_name.strip()}\u201d is not an improvement from the "
                            "book; the GM must approve it.",
                            S_IMPROVING,
                        )
                    )
                    continue
                key_name = improvement.name
                found = flags[key_name]
            repeatable, artifact_only, not_on_artifacts, needs_weird, needs_mad = found
            cost += 1
            if key_name in seen and not repeatable:
                out.append(
                    error(
                        "SOTC-GADGET-repeat",
                        f"gadgets[{i}].improvements[{j}]",
                        f"{key_name} can be put on a device only once.",
                        S_IMPROVING,
                    )
                )
            seen.add(key_name)
            if artifact_only and not artifact:
                out.append(
                    error(
                        "SOTC-GADGET-artifact-only",
                        f"gadgets[{i}].improvements[{j}]",
                        f"{key_name} is for artifacts only.",
                        S_ARTIFACTS,
                    )
                )
            if not_on_artifacts and artifact:
                out.append(
                    error(
                        "SOTC-GADGET-not-on-artifacts",
                        f"gadgets[{i}].improvements[{j}]",
                        f"Artifacts cannot take {key_name}.",
                        S_ARTIFACTS,
                    )
                )
            weird |= needs_weird
            mad |= needs_mad
        # Without the stunt, a personal gadget first buys "Uses Weird Science" (1
        # improvement) or "Uses Mad Science" (2); artifacts pay in complications instead.
        if not artifact and (weird or mad):
            if has is None:
                has = {d.name for d in defs if d is not None}
            weird_cost, mad_cost = science_surcharge(weird, mad, has)
            cost += weird_cost + mad_cost
            if weird_cost and not spelled_weird:
                out.append(
                    warning(
                        "SOTC-GADGET-weird-surcharge",
                        f"gadgets[{i}]",
                        f"{name or 'This gadget'} uses Weird Science without the "
                        "stunt: that costs one extra improvement (counted).",
                        S_GADGETS,
                    )
                )
            if mad_cost and not spelled_mad:
                out.append(
                    warning(
                        "SOTC-GADGET-mad-surcharge",
                        f"gadgets[{i}]",
                        f"{name or 'This gadget'} uses Mad Science without the "
                        "stunt: that costs two extra improvements (counted).",
                        S_GADGETS,
                    )
                )
        used += cost
    if devices:
        # The stunts' allowance only matters when it is 0 or exceeded. The catalogue's
        # gadget stunts, found among ``defs`` by identity, allow at least ``least`` (no
        # stunt allows less than 0: StuntGrants says ge=0); once that is above 0 and covers
        # what the devices use, neither problem below can arise, so the exact sum (a
        # pydantic field read or two per stunt) is skipped.
        least = 0
        for stunt, allowance in index.gadget_stunts:
            for d in defs:
                if d is stunt:
                    least += allowance
            if least and used <= least:
                return out
    allowed = improvement_allowance(d for d in defs if d is not None)
    if allowed == 0 and devices:
        out.append(
            warning(
                "SOTC-GADGET-no-stunt",
                "gadgets",
                "Personal gadgets come from the Personal Gadget (or Personal Artifact) stunt, "
                "which this character has not taken.",
                S_GADGETS,
            )
        )
    elif used > allowed:
        out.append(
            error(
                "SOTC-GADGET-improvements",
                "gadgets",
                f"The gadgets carry {used} improvements; the stunts taken allow {allowed} "
                "(3 per Personal Gadget or Personal Artifact).",
                S_GADGETS,
            )
        )
    return out
