"""GUI layer (no Qt): a legible default layout of the Skill Trapping Diagram.

The book's picture is lost, so the app lays the boxes out itself unless a box carries its own
``position`` (a user who moved it). Each chain of boxes joined by lines is drawn as a tidy tree
growing rightwards from its best-connected box; the biggest chain goes on the left, the others
stacked to its right, and the boxes with no line at all (Languages, Environment and the
others the reconstruction leaves alone) in a grid underneath, grouped by the book's category.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.systems.strange_fate.diagram import Diagram

BOX_WIDTH = 118.0
BOX_HEIGHT = 30.0
COLUMN = 150.0
ROW = 40.0
GAP = 36.0
GRID_COLUMNS = 7

Point = tuple[float, float]


def _components(names: Sequence[str], adjacent: Mapping[str, list[str]]) -> list[list[str]]:
    seen: set[str] = set()
    out: list[list[str]] = []
    for name in names:
        if name in seen:
            continue
        part, stack = [], [name]
        seen.add(name)
        while stack:
            at = stack.pop()
            part.append(at)
            for nxt in adjacent[at]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        out.append(part)
    return out


def _tree(root: str, adjacent: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Breadth-first spanning tree (children in name order, so the layout is stable)."""
    children: dict[str, list[str]] = {root: []}
    queue = [root]
    for at in queue:
        for nxt in sorted(adjacent[at]):
            if nxt not in children:
                children[nxt] = []
                children[at].append(nxt)
                queue.append(nxt)
    return children


def _tidy(root: str, children: Mapping[str, list[str]]) -> dict[str, Point]:
    """Depth -> column, leaves -> consecutive rows, a parent centred on its children."""
    rows: dict[str, float] = {}
    depth: dict[str, int] = {root: 0}
    next_row = 0.0

    def place(node: str) -> float:
        nonlocal next_row
        kids = children[node]
        for kid in kids:
            depth[kid] = depth[node] + 1
        if not kids:
            rows[node] = next_row
            next_row += 1
            return rows[node]
        placed = [place(kid) for kid in kids]
        rows[node] = (placed[0] + placed[-1]) / 2
        return rows[node]

    place(root)
    return {n: (depth[n] * COLUMN, rows[n] * ROW) for n in rows}


def default_layout(
    diagram: Diagram, categories: Mapping[str, str] | None = None
) -> dict[str, Point]:
    """A position (box centre) for every box of ``diagram``.

    Args:
        diagram: The diagram.
        categories: Trapping -> the book's category, to group the unconnected boxes.

    Returns:
        Trapping -> (x, y), top-left box near (0, 0).
    """
    names = [b.trapping for b in diagram.boxes]
    adjacent: dict[str, list[str]] = {n: [] for n in names}
    for line in diagram.lines:
        adjacent[line.a].append(line.b)
        adjacent[line.b].append(line.a)
    chains = [c for c in _components(names, adjacent) if len(c) > 1]
    alone = [n for n in names if not adjacent[n]]
    chains.sort(key=lambda c: (-len(c), min(c)))
    out: dict[str, Point] = {}
    x0, y0, right, bottom = 0.0, 0.0, 0.0, 0.0
    for i, chain in enumerate(chains):
        root = max(sorted(chain), key=lambda n: len(adjacent[n]))
        placed = _tidy(root, _tree(root, adjacent))
        height = max(y for _, y in placed.values())
        width = max(x for x, _ in placed.values())
        if i == 1:  # the other chains stack to the right of the biggest
            x0, y0 = right + COLUMN, 0.0
        for name, (x, y) in placed.items():
            out[name] = (x0 + x, y0 + y)
        right = max(right, x0 + width)
        bottom = max(bottom, y0 + height)
        y0 += height + ROW + GAP / 2
    category = categories or {}
    alone.sort(key=lambda n: (category.get(n, ""), n))
    top = bottom + ROW + GAP
    for k, name in enumerate(alone):
        out[name] = ((k % GRID_COLUMNS) * COLUMN, top + (k // GRID_COLUMNS) * ROW)
    return out


def positions(diagram: Diagram, categories: Mapping[str, str] | None = None) -> dict[str, Point]:
    """Every box's position: its own if it has one, else the default layout's."""
    layout = default_layout(diagram, categories)
    return {b.trapping: b.position or layout[b.trapping] for b in diagram.boxes}
