"""CI: fail on any import cycle in rules/, storage/ or gui/ (STYLE.md: "No import cycles").

import-linter's contracts say which layer may import which; they do not forbid a circle inside a
layer. This builds the import graph with grimp (which import-linter installs): one node per
module, each package's ``__init__`` a module of its own, every import counted, those inside
functions and under ``if TYPE_CHECKING`` too (a local import is a cycle hidden, not solved). It
prints each strongly connected component of two or more modules, with the imports that tie it,
and exits 1 if any is not on the allow-list.

Usage: ``python .ci/check_cycles.py [PACKAGE ...]`` (default: rules storage gui).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGES: tuple[str, ...] = ("rules", "storage", "gui")

ALLOWED_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Cycles reported but not failed on: each entry is one whole component, module for module (a
module more or less fails the check)."""


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with two or more nodes, each sorted, in
    order of their first module (Tarjan's algorithm, iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def import_cycles(packages: Iterable[str] = PACKAGES) -> tuple[list[list[str]], list[str]]:
    """The import cycles among ``packages``' modules, and a readable account of each (the
    imports inside the component, with their lines)."""
    if str(ROOT) not in sys.path[:1]:
        sys.path.insert(0, str(ROOT))  # this checkout, not whatever the environment installed
    graph = grimp.build_graph(*packages, cache_dir=None)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    cycles = strongly_connected(edges)
    report: list[str] = []
    for component in cycles:
        members = set(component)
        allowed = frozenset(component) in ALLOWED_CYCLES
        head = "allowed (see ALLOWED_CYCLES)" if allowed else "import cycle"
        report.append(f"{head}: {len(component)} modules")
        for importer in component:
            for imported in sorted(edges[importer] & members):
                lines = sorted(
                    d["line_number"]
                    for d in graph.get_import_details(importer=importer, imported=imported)
                )
                where = ", ".join(f"line {n}" for n in lines)
                report.append(f"  {importer} -> {imported} ({where})")
    return cycles, report


def failing(cycles: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    """The cycles not on the allow-list."""
    return [c for c in cycles if frozenset(c) not in ALLOWED_CYCLES]


def main(argv: Sequence[str]) -> int:
    packages = tuple(argv) or PACKAGES
    cycles, report = import_cycles(packages)
    print("\n".join(report) if report else f"no import cycles in {', '.join(packages)}")
    bad = failing(cycles)
    if bad:
        print(f"{len(bad)} import cycle(s): break each one (move the shared code down a layer)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
