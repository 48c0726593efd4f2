"""Reconstruct Strange Fate's missing Skill Trapping Diagram as a search problem (issue 10).

The book's picture of the diagram is missing (SRD L1388 reads ``[TODO]``). This script searches
for the diagram -- each box's border, each line's existence and style -- that reproduces the most
printed sample costs while keeping every fact the book states, then writes
``resources/systems/strange-fate/diagram.json`` and prints, sample by sample, computed vs printed.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python -m benchmarks.strange_fate_diagram_search [--write] \
        [--restarts N] [--steps N] [--seed N]

What it does:

1. Proves what no diagram can do. Every box costs at least 1 (or its stated price; 0 for
   Information and Networking in a Unique skill), so a sample whose boxes, Extras and Drawbacks
   already exceed its printed number cannot be reproduced by any diagram. And removing a trapping
   from a skill makes its cheapest walk cheaper by at least that trapping's box (a route through
   the removed box stays open and merging two capped steps never costs more), so when one sample's
   trappings contain another's, their printed numbers must differ by at least the extra boxes;
   where they don't, at most one of the pair can be reproduced. Stated examples (the Oxford
   Professor, the strong professor) take part in this check as samples that must hold.
2. Searches: hill climbing with restarts (seeded, so the result is reproducible) over the
   unstated borders, the stated-but-ambiguous facts (which box Esteem's thin line and Physical
   Force's dotted line start from; the order of Leap, Move and Skulk on the Physical Force -
   Dexterity chain and which of its four lines is dotted) and lines between trappings that appear
   together in some sample. A candidate that breaks a stated fact is rejected.
3. Prunes every inferred line whose removal loses no sample, and records for each inferred box
   and line the samples that need it (its provenance).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.systems.strange_fate.catalog import (
    CATALOG_FILES,
    SampleSkill,
    StrangeFateCatalog,
    TrappingUse,
    parse_catalog,
)
from rules.systems.strange_fate.cost import Pricer, drawback_points, extra_points
from rules.systems.strange_fate.diagram import Box, Diagram, Line, Provenance, parse_diagram

DATA = Path(__file__).resolve().parents[1] / "resources/systems/strange-fate"

# -- what the book states ------------------------------------------------------------------------

STATED_BORDERS: dict[str, tuple[str, tuple[int, ...], str]] = {
    "Physical Force": ("solid", (1410,), "adding it to the strong professor's skill costs 1"),
    "Dexterity": ("solid", (1390,), "'another point' to add Dexterity after the capped lines"),
    "Wealth": ("solid", (1380,), "Oxford Professor: Wealth has a solid border"),
    "Esteem": ("solid", (1380,), "Oxford Professor: 'another point to add it'"),
    "Languages": ("solid", (1370, 1380, 1390), "always exactly 1 point, joined to nothing"),
    "Environment": ("solid", (1390,), "always exactly 1 point, joined to nothing"),
    "Research": ("solid", (1380,), "Oxford Professor: Research is a solid box"),
    "Resist Damage": ("dotted", (1410,), "strong professor: starting with it costs 2"),
    "Stress Capacity": ("dotted", (1410,), "strong professor: dotted border, 2 points"),
    "Move": ("solid", (1904,), "Personal Aero-Platform: the Move trapping is 1 point"),
    "Shoot": ("dotted", (2582,), "Variable: the Shoot trapping costs 2 skill points"),
}
PRICED: dict[str, tuple[dict[str, int], str, tuple[int, ...], str]] = {
    "Variable": (
        {"Scene": 4, "Session": 2},
        "Session",
        (2582,),
        "redefined each scene 4 points, each session 2; no lines are known",
    ),
    "Minions": (
        {"Simple": 2, "Advanced": 4, "Duplicates": 2},
        "Simple",
        (2266, 2290),
        "Simple 2, Advanced twice that (4); the Duplicates form has no stated price and "
        "is priced as Simple Minions (judgment); no lines are known",
    ),
}
UNCONNECTED = ("Languages", "Environment", "Variable", "Minions")
FIXED_LINES: tuple[tuple[str, str, str, tuple[int, ...], str], ...] = (
    (
        "Networking",
        "Wealth",
        "thin",
        (1380,),
        "Oxford Professor: Networking is chained to Wealth by a thin line",
    ),
    (
        "Information",
        "Research",
        "thin",
        (1380,),
        "Oxford Professor: Information is connected to Research by a thin line",
    ),
    (
        "Resist Damage",
        "Stress Capacity",
        "thin",
        (1410,),
        "strong professor: a thin line joins them",
    ),
)
ESTEEM_FROM = ("Networking", "Wealth")  # L1380 says "the thin line" without naming the far end
PF_DOTTED_FROM = ("Stress Capacity", "Resist Damage")  # L1410: "the dotted line to Physical Force"
CHAIN_MIDDLE = ("Leap", "Move", "Skulk")  # L1368: the boxes skipped between PF and Dexterity


def _use(trapping: str, *details: str) -> TrappingUse:
    return TrappingUse(trapping=trapping, details=details)


#: Stated examples: (name, uses, unique, trapping points the book's own steps add up to, lines).
STATED_EXAMPLES: tuple[tuple[str, tuple[TrappingUse, ...], bool, int, tuple[int, ...]], ...] = (
    (
        "Oxford Professor (steps)",
        (
            _use("Networking"),
            _use("Wealth"),
            _use("Esteem"),
            _use("Languages"),
            _use("Information"),
            _use("Research"),
        ),
        True,
        7,
        (1380,),
    ),
    (
        "strong professor",
        (_use("Resist Damage"), _use("Stress Capacity", "Health"), _use("Physical Force")),
        False,
        8,
        (1410,),
    ),
    (
        "Physical Force to Dexterity",
        (_use("Physical Force"), _use("Dexterity")),
        False,
        6,
        (1368, 1390),
    ),
)

# -- the candidate diagram -----------------------------------------------------------------------

STYLES = (None, "thin", "dotted", "thick")


@dataclass
class Candidate:
    """One point of the search space."""

    borders: dict[str, str]
    esteem_from: str
    pf_dotted_from: str
    chain: tuple[str, str, str]
    chain_dotted: int
    lines: dict[tuple[str, str], str] = field(default_factory=dict)

    def copy(self) -> Candidate:
        """A copy safe to mutate."""
        return Candidate(
            dict(self.borders),
            self.esteem_from,
            self.pf_dotted_from,
            self.chain,
            self.chain_dotted,
            dict(self.lines),
        )

    def stated_lines(self) -> list[tuple[str, str, str, Provenance]]:
        """The stated lines, with the ambiguous ends as this candidate reads them."""
        out = [
            (a, b, s, Provenance(kind="stated", lines=ln, note=n)) for a, b, s, ln, n in FIXED_LINES
        ]
        out.append(
            (
                self.esteem_from,
                "Esteem",
                "thin",
                Provenance(
                    kind="stated",
                    lines=(1380,),
                    note="Oxford Professor: a thin line reaches Esteem; the book does not say from "
                    "Networking or from Wealth (the price is the same either way)",
                ),
            )
        )
        out.append(
            (
                self.pf_dotted_from,
                "Physical Force",
                "dotted",
                Provenance(
                    kind="stated",
                    lines=(1410,),
                    note="strong professor: a dotted line reaches Physical Force from the Resist "
                    "Damage / Stress Capacity pair; the book does not say which end",
                ),
            )
        )
        path = ("Physical Force", *self.chain, "Dexterity")
        for k in range(4):
            style = "dotted" if k == self.chain_dotted else "thin"
            out.append(
                (
                    path[k],
                    path[k + 1],
                    style,
                    Provenance(
                        kind="stated",
                        lines=(1368, 1390),
                        note="Physical Force to Dexterity crosses three thin lines and one "
                        "dotted line, skipping Leap, Move and Skulk; their order and which line "
                        "is dotted are not stated",
                    ),
                )
            )
        return out

    def diagram(
        self,
        trappings: list[str],
        provenance: dict[str, Provenance] | None = None,
        validate: bool = False,
    ) -> Diagram:
        """Build the diagram this candidate describes."""
        unknown = Provenance(kind="unknown", note="no stated fact or sample decides it")
        boxes = []
        for name in trappings:
            if name in PRICED:
                prices, default, ln, note = PRICED[name]
                boxes.append(
                    Box.model_construct(
                        trapping=name,
                        border="priced",
                        prices=prices,
                        default=default,
                        provenance=Provenance(kind="stated", lines=ln, note=note),
                    )
                )
            elif name in STATED_BORDERS:
                border, ln, note = STATED_BORDERS[name]
                boxes.append(
                    Box.model_construct(
                        trapping=name,
                        border=border,
                        prices={},
                        default=None,
                        provenance=Provenance(kind="stated", lines=ln, note=note),
                    )
                )
            else:
                prov = (provenance or {}).get(name, unknown)
                boxes.append(
                    Box.model_construct(
                        trapping=name,
                        border=self.borders[name],
                        prices={},
                        default=None,
                        provenance=prov,
                    )
                )
        lines = [
            Line.model_construct(a=a, b=b, style=s, provenance=p)
            for a, b, s, p in self.stated_lines()
        ]
        taken = {frozenset((ln.a, ln.b)) for ln in lines}
        for (a, b), style in sorted(self.lines.items()):
            if frozenset((a, b)) in taken:
                continue
            prov = (provenance or {}).get(f"{a}|{b}", unknown)
            lines.append(Line.model_construct(a=a, b=b, style=style, provenance=prov))
        data: dict[str, Any] = dict(
            version=1,
            boxes=tuple(boxes),
            lines=tuple(lines),
            line_cap=4,
            free_in_unique=("Information", "Networking"),
            note="",
        )
        if validate:
            return Diagram.model_validate(
                {
                    **data,
                    "boxes": [b.model_dump() for b in boxes],
                    "lines": [ln.model_dump() for ln in lines],
                }
            )
        return Diagram.model_construct(**data)


# -- pricing -------------------------------------------------------------------------------------


def sample_net(catalog: StrangeFateCatalog, pricer: Pricer, sample: SampleSkill) -> int:
    """The number the book prints for ``sample``, as this diagram computes it."""
    walk = pricer.cheapest(sample.trappings, unique=sample.kind == "unique")
    return max(
        0,
        walk.points
        + extra_points(catalog, sample.trappings)
        - drawback_points(catalog.discounts, sample.drawbacks),
    )


def _expanded(uses: tuple[TrappingUse, ...]) -> Counter[str]:
    """The skill's trappings as a multiset of labels (a detail makes a different label)."""
    return Counter(itertools.chain.from_iterable([u.label] * u.count for u in uses))


def _min_box(name: str, details: tuple[str, ...], unique: bool) -> int:
    if unique and name in ("Information", "Networking"):
        return 0
    if name in PRICED:
        prices, default, _, _ = PRICED[name]
        return next((prices[d] for d in details if d in prices), prices[default])
    if name in STATED_BORDERS:
        return 1 if STATED_BORDERS[name][0] == "solid" else 2
    return 1


def impossible_reasons(catalog: StrangeFateCatalog) -> dict[str, str]:
    """Samples no diagram consistent with the stated facts can reproduce, with the proof."""
    reasons: dict[str, str] = {}
    for sample in catalog.samples:
        unique = sample.kind == "unique"
        boxes = sum(_min_box(u.trapping, u.details, unique) * u.count for u in sample.trappings)
        extras = extra_points(catalog, sample.trappings)
        discount = drawback_points(catalog.discounts, sample.drawbacks)
        low = max(0, boxes + extras - discount)
        if low > sample.printed:
            reasons[sample.name] = (
                f"boxes alone cost at least {boxes}, Extras +{extras}, Drawbacks -{discount}: "
                f"at least {low}, but the book prints {sample.printed}"
            )
    return reasons


def conflicts(catalog: StrangeFateCatalog) -> list[tuple[str, str, str]]:
    """Pairs (smaller, larger, proof) that no single diagram can both reproduce."""
    known: list[tuple[str, Counter[str], dict[str, tuple[str, tuple[str, ...]]], bool, int, bool]]
    known = []
    for sample in catalog.samples:
        unique = sample.kind == "unique"
        if sample.printed == 0:  # only an upper bound on the trapping points
            continue
        t = (
            sample.printed
            - extra_points(catalog, sample.trappings)
            + drawback_points(catalog.discounts, sample.drawbacks)
        )
        details = {u.label: (u.trapping, u.details) for u in sample.trappings}
        known.append((sample.name, _expanded(sample.trappings), details, unique, t, False))
    for name, uses, unique, points, _ in STATED_EXAMPLES:
        known.append(
            (
                name,
                _expanded(uses),
                {u.label: (u.trapping, u.details) for u in uses},
                unique,
                points,
                True,
            )
        )
    out = []
    for (na, ca, _, ua, ta, sa), (nb, cb, db, ub, tb, sb) in itertools.permutations(known, 2):
        if ua != ub or (sa and sb) or (not ca < cb and ca != cb):
            continue
        if ca == cb and na > nb:
            continue
        more = sum(_min_box(*db[k], ub) * n for k, n in (cb - ca).items())
        if tb < ta + more:
            out.append(
                (
                    na,
                    nb,
                    f"{nb} holds every trapping of {na} and more, so its trapping "
                    f"points must be at least {ta} + {more} = {ta + more}; the book's "
                    f"numbers give {tb}",
                )
            )
    return out


def _joined(cand: Candidate, a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are already chained (the search keeps the diagram a forest, so
    every route is unique and the walk stays fast; the book's examples describe chains)."""
    adjacent: dict[str, set[str]] = {}
    for x, y, _, _ in cand.stated_lines():
        adjacent.setdefault(x, set()).add(y)
        adjacent.setdefault(y, set()).add(x)
    for x, y in cand.lines:
        adjacent.setdefault(x, set()).add(y)
        adjacent.setdefault(y, set()).add(x)
    seen = {a}
    stack = [a]
    while stack:
        at = stack.pop()
        if at == b:
            return True
        for nxt in adjacent.get(at, ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


# -- search --------------------------------------------------------------------------------------


@dataclass
class Problem:
    """The fixed parts of the search."""

    catalog: StrangeFateCatalog
    trappings: list[str]
    free_boxes: list[str]
    pairs: list[tuple[str, str]]

    def score(self, cand: Candidate) -> tuple[int, int] | None:
        """(samples reproduced, -inferred lines), or None when a stated fact breaks."""
        pricer = Pricer(cand.diagram(self.trappings))
        for _, uses, unique, points, _ in STATED_EXAMPLES:
            if pricer.cheapest(uses, unique=unique).points != points:
                return None
        hits = sum(sample_net(self.catalog, pricer, s) == s.printed for s in self.catalog.samples)
        return hits, -len(cand.lines)

    def neighbour(self, cand: Candidate, rng: random.Random) -> Candidate:
        """A random small change."""
        out = cand.copy()
        roll = rng.random()
        if roll < 0.25:
            name = rng.choice(self.free_boxes)
            out.borders[name] = "dotted" if out.borders[name] == "solid" else "solid"
        elif roll < 0.3:
            out.esteem_from = rng.choice(ESTEEM_FROM)
            out.pf_dotted_from = rng.choice(PF_DOTTED_FROM)
        elif roll < 0.35:
            out.chain = tuple(rng.sample(CHAIN_MIDDLE, 3))  # type: ignore[assignment]
            out.chain_dotted = rng.randrange(4)
        else:
            pair = rng.choice(self.pairs)
            style = rng.choice([s for s in STYLES if s != out.lines.get(pair)])
            if style is None:
                out.lines.pop(pair, None)
            elif pair in out.lines or not _joined(out, *pair):
                out.lines[pair] = style
        return out


def build_problem(catalog: StrangeFateCatalog) -> Problem:
    """The variables: unstated borders and lines between trappings that share a sample."""
    trappings = [t.name for t in catalog.trappings]
    free_boxes = [t for t in trappings if t not in STATED_BORDERS and t not in PRICED]
    pairs: set[tuple[str, str]] = set()
    for sample in catalog.samples:
        names = sorted({u.trapping for u in sample.trappings} - set(UNCONNECTED))
        pairs.update(itertools.combinations(names, 2))
    return Problem(catalog, trappings, free_boxes, sorted(pairs))


def start(problem: Problem) -> Candidate:
    """The stated facts alone, every unknown box solid, no inferred lines."""
    return Candidate(
        {b: "solid" for b in problem.free_boxes}, "Networking", "Stress Capacity", CHAIN_MIDDLE, 3
    )


def climb(problem: Problem, seed: int, steps: int) -> tuple[tuple[int, int], Candidate]:
    """One hill climb (sideways moves allowed) from the stated-facts diagram."""
    rng = random.Random(seed)
    cand = start(problem)
    best = problem.score(cand)
    assert best is not None, "the stated facts alone contradict each other"
    for _ in range(steps):
        trial = problem.neighbour(cand, rng)
        got = problem.score(trial)
        if (got is not None and got >= best) or (
            got is not None and got[0] == best[0] and rng.random() < 0.2
        ):
            cand, best = trial, got
    return best, cand


def prune(problem: Problem, cand: Candidate) -> Candidate:
    """Drop inferred lines that reproduce nothing; reset borders that nothing needs."""
    base = problem.score(cand)
    assert base is not None
    for pair in sorted(cand.lines):
        trial = cand.copy()
        del trial.lines[pair]
        got = problem.score(trial)
        if got is not None and got[0] >= base[0]:
            cand, base = trial, got
    for name in problem.free_boxes:
        if cand.borders[name] == "dotted":
            trial = cand.copy()
            trial.borders[name] = "solid"
            got = problem.score(trial)
            if got is not None and got[0] >= base[0]:
                cand, base = trial, got
    return cand


def provenance(problem: Problem, cand: Candidate) -> dict[str, Provenance]:
    """For each inferred box and line: the reproduced samples that need it."""
    pricer = Pricer(cand.diagram(problem.trappings))
    hit = {
        s.name
        for s in problem.catalog.samples
        if sample_net(problem.catalog, pricer, s) == s.printed
    }
    out: dict[str, Provenance] = {}

    def needed(trial: Candidate) -> tuple[str, ...]:
        p = Pricer(trial.diagram(problem.trappings))
        return tuple(
            s.name
            for s in problem.catalog.samples
            if s.name in hit and sample_net(problem.catalog, p, s) != s.printed
        )

    for name in problem.free_boxes:
        trial = cand.copy()
        trial.borders[name] = "dotted" if cand.borders[name] == "solid" else "solid"
        samples = needed(trial)
        if samples:
            out[name] = Provenance(
                kind="inferred", samples=samples, note="the other border would lose these samples"
            )
    for pair in cand.lines:
        trial = cand.copy()
        del trial.lines[pair]
        samples = needed(trial)
        out[f"{pair[0]}|{pair[1]}"] = (
            Provenance(
                kind="inferred",
                samples=samples,
                note="without this line these samples are not reproduced",
            )
            if samples
            else Provenance(kind="unknown", note="kept by the search; no sample needs it alone")
        )
    return out


def _diagram_json(diagram: Diagram, summary: str) -> dict[str, Any]:
    data = diagram.model_dump(mode="json", exclude_defaults=False)
    data["note"] = summary
    for box in data["boxes"]:
        if box["border"] != "priced":
            del box["prices"], box["default"]
    return data


def report(catalog: StrangeFateCatalog, diagram: Diagram) -> tuple[int, list[str]]:
    """Sample by sample: computed vs printed. Returns (reproduced, lines)."""
    pricer = Pricer(diagram)
    rows = []
    hits = 0
    for sample in catalog.samples:
        net = sample_net(catalog, pricer, sample)
        ok = net == sample.printed
        hits += ok
        rows.append(
            f"{'ok  ' if ok else 'MISS'} {sample.name:<32} L{sample.line:<5} "
            f"{sample.kind:<7} printed {sample.printed:>2}  computed {net:>2}"
        )
    return hits, rows


def main(argv: list[str] | None = None) -> int:
    """Run the search and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write diagram.json")
    parser.add_argument("--restarts", type=int, default=1)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)

    files = {n: json.loads((DATA / n).read_text(encoding="utf-8")) for n in CATALOG_FILES}
    catalog = parse_catalog(files)
    problem = build_problem(catalog)
    began = time.perf_counter()

    reasons = impossible_reasons(catalog)
    pairs = conflicts(catalog)
    print(f"Proved impossible for any diagram keeping the stated facts ({len(reasons)}):")
    for name, why in reasons.items():
        print(f"  {name}: {why}")
    print(f"Pairs no single diagram can both reproduce ({len(pairs)}):")
    for a, b, why in pairs:
        print(f"  {a} / {b}: {why}")

    best: tuple[tuple[int, int], Candidate] | None = None
    for k in range(args.restarts):
        got = climb(problem, args.seed + k, args.steps)
        print(f"restart {k}: {got[0][0]} samples, {-got[0][1]} inferred lines")
        if best is None or got[0] > best[0]:
            best = got
    assert best is not None
    cand = prune(problem, best[1])
    prov = provenance(problem, cand)
    diagram = cand.diagram(problem.trappings, prov, validate=True)
    hits, rows = report(catalog, diagram)
    print("\n".join(rows))
    print(
        f"reproduced {hits} of {len(catalog.samples)} samples ({time.perf_counter() - began:.1f} s)"
    )
    if args.write:
        summary = (
            f"Reconstruction by benchmarks/strange_fate_diagram_search.py (seed "
            f"{args.seed}, {args.restarts} restarts x {args.steps} steps): reproduces "
            f"{hits} of {len(catalog.samples)} printed sample costs and every stated fact."
        )
        data = _diagram_json(diagram, summary)
        parse_diagram(data)
        (DATA / "diagram.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DATA / 'diagram.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
