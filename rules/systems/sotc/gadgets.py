"""Rules layer: Spirit of the Century's personal gadgets and artifacts.

SotC "Personal Gadgets", "Improving Things" and "Artifacts": what the stunts allow, what each
device draws from that allowance (with the Weird/Mad Science surcharges), and which improvements
a device may take.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.systems.sotc.catalog import StuntDef
from rules.systems.sotc.catalog_index import CatalogIndex
from rules.systems.sotc.character import Gadget, SotcCharacter
from rules.systems.sotc.sections import S_ARTIFACTS, S_GADGETS, S_IMPROVING
from rules.validation import Problem, error, warning

SURCHARGES = {"uses weird science": 1, "uses mad science": 2}
"""The entries that only record a surcharge (case-folded); they are not improvements."""


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

    Args:
        index: The catalogue.
        c: The character.
        defs: The catalogue entry of each of ``c.stunts`` (None for custom stunts).
    """
    out: list[Problem] = []
    if not c.gadgets:
        return out  # nothing drawn from any allowance, nothing to check
    taken = [d for d in defs if d is not None]
    allowed = improvement_allowance(taken)
    has = {d.name for d in taken}
    used = 0
    for i, gadget in enumerate(c.gadgets):
        if blank(gadget.name):
            out.append(
                error(
                    "SOTC-GADGET-name", f"gadgets[{i}].name", "Give the gadget a name.", S_GADGETS
                )
            )
        if gadget.kind == "other":
            continue
        artifact = gadget.kind == "artifact"
        weird = mad = spelled_weird = spelled_mad = False
        seen: set[str] = set()
        cost = 0  # as gadget_cost counts it: every improvement but the surcharge entries
        for j, m in enumerate(gadget.improvements):
            improvement = index.improvement(m.name)
            if improvement is None:
                key = m.name.strip().casefold()
                if key in SURCHARGES:
                    spelled_weird |= key == "uses weird science"
                    spelled_mad |= key == "uses mad science"
                    continue
                cost += 1
                out.append(
                    warning(
                        "SOTC-GADGET-unknown-improvement",
                        f"gadgets[{i}].improvements[{j}]",
                        f"\u201c{m.name.strip()}\u201d is not an improvement from the "
                        "book; the GM must approve it.",
                        S_IMPROVING,
                    )
                )
                continue
            cost += 1
            name = improvement.name
            if name in seen and not improvement.repeatable:
                out.append(
                    error(
                        "SOTC-GADGET-repeat",
                        f"gadgets[{i}].improvements[{j}]",
                        f"{name} can be put on a device only once.",
                        S_IMPROVING,
                    )
                )
            seen.add(name)
            if improvement.artifact_only and not artifact:
                out.append(
                    error(
                        "SOTC-GADGET-artifact-only",
                        f"gadgets[{i}].improvements[{j}]",
                        f"{name} is for artifacts only.",
                        S_ARTIFACTS,
                    )
                )
            if improvement.not_on_artifacts and artifact:
                out.append(
                    error(
                        "SOTC-GADGET-not-on-artifacts",
                        f"gadgets[{i}].improvements[{j}]",
                        f"Artifacts cannot take {name}.",
                        S_ARTIFACTS,
                    )
                )
            weird |= improvement.weird_science
            mad |= improvement.mad_science
        # Without the stunt, a personal gadget first buys "Uses Weird Science" (1
        # improvement) or "Uses Mad Science" (2); artifacts pay in complications instead.
        if not artifact:
            weird_cost, mad_cost = science_surcharge(weird, mad, has)
            cost += weird_cost + mad_cost
            if weird_cost and not spelled_weird:
                out.append(
                    warning(
                        "SOTC-GADGET-weird-surcharge",
                        f"gadgets[{i}]",
                        f"{gadget.name or 'This gadget'} uses Weird Science without the "
                        "stunt: that costs one extra improvement (counted).",
                        S_GADGETS,
                    )
                )
            if mad_cost and not spelled_mad:
                out.append(
                    warning(
                        "SOTC-GADGET-mad-surcharge",
                        f"gadgets[{i}]",
                        f"{gadget.name or 'This gadget'} uses Mad Science without the "
                        "stunt: that costs two extra improvements (counted).",
                        S_GADGETS,
                    )
                )
        used += cost
    if allowed == 0 and any(g.kind != "other" for g in c.gadgets):
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
