"""Rules layer: the price of a Unique or Strange skill from the Skill Trapping Diagram.

The walk (L1366-L1372, L1390): the first trapping pays its box; each further trapping pays its
box plus the lines crossed to reach it from what the skill already has, at most ``line_cap``
(4) points of lines per addition; boxes passed over are skipped for free; a line already paid is
never paid again ("crossing the same line multiple times", L1368); a trapping not chained to
anything in the skill pays its box only. In Unique skills Information and Networking boxes are
free but their lines are not (L1372). Then Extras add, Drawbacks subtract, the sum is floored at
0 and the rating is added, so a skill never costs less than its rating (L1440, L2716).

Because of the cap and the paid lines, the price depends on the order of addition, and adding
the cheapest next trapping first (greedy) can overcharge: paying a long chain once at the capped
price makes the boxes on it free to reach. :func:`cheapest_walk` is exact: a Dijkstra search
over states (trappings added, lines paid) inside each chain of the diagram. A route to a new
trapping runs from the nearest point the skill has reached (an added box or an end of a paid
line) through boxes it has not reached; any such route may be taken, not only the shortest,
since a longer route can cost the same capped 4 points and pay more lines.

Every search here is bounded: a route search by :data:`MAX_ROUTE_STEPS`, a whole walk by
:data:`MAX_SEARCH_STEPS` and, when the caller passes a clock, by a time limit
(:class:`SearchLimit`). A corrected diagram tangled past them (a knot of boxes each joined to
each, whose simple paths number in the millions) is priced by a bounded fallback and the walk
says it stopped early (``exact`` False): a valid walk, not proven the cheapest.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from rules.systems.strange_fate.catalog import (
    DrawbackUse,
    Severity,
    StrangeFateCatalog,
    TrappingUse,
)
from rules.systems.strange_fate.diagram import Diagram

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class DiagramGapError(KeyError):
    """A skill names a trapping the diagram has no box for."""


class CrossedLine(BaseModel):
    """A line paid in one step.

    Attributes:
        a: The end the route comes from.
        b: The end the route goes to.
        style: thin, dotted or thick.
        points: Points to cross it before the cap.
    """

    model_config = _FROZEN

    a: str
    b: str
    style: str
    points: int


class WalkStep(BaseModel):
    """One addition of the walk.

    Attributes:
        trapping: The trapping's label (``Stress Capacity [Health]``).
        box: Points paid for its box.
        lines: The lines crossed (and paid) to reach it, in route order.
        line_points: Points paid for them, after the cap.
        capped: Whether the cap applied.
        points: ``box + line_points``.
    """

    model_config = _FROZEN

    trapping: str
    box: int
    lines: tuple[CrossedLine, ...] = ()
    line_points: int = 0
    capped: bool = False
    points: int


class Walk(BaseModel):
    """A priced order of addition.

    Attributes:
        points: The trapping points (boxes plus lines).
        steps: The additions in order.
        exact: False when the search stopped early: the diagram (a user's corrections) has
            loops so tangled that not every route could be tried within the search's limits
            (:class:`SearchLimit`); then ``points`` is the price of a valid walk, an upper
            bound of the cheapest.
    """

    model_config = _FROZEN

    points: int
    steps: tuple[WalkStep, ...]
    exact: bool = True


class SkillCost(BaseModel):
    """A Unique or Strange skill's price.

    Attributes:
        trapping_points: Boxes and lines of the cheapest walk.
        extra_points: Extras on its trappings.
        drawback_points: Drawback discounts (Minor 1, Major 2).
        net: ``max(0, trapping + extra - drawback)``: the number the book prints after a sample
            skill's name (L2835).
        rating: The skill's rating.
        skill_points: ``rating + net``; never below the rating (L1440).
        walk: The cheapest walk, step by step.
    """

    model_config = _FROZEN

    trapping_points: int
    extra_points: int
    drawback_points: int
    net: int
    rating: int
    skill_points: int
    walk: Walk


@dataclass(frozen=True)
class _Item:
    label: str
    vertex: int
    box: int


@dataclass(frozen=True)
class _Edge:
    u: int
    v: int
    weight: int
    style: str


class _Graph:
    """The diagram as integer adjacency lists."""

    def __init__(self, diagram: Diagram) -> None:
        self.names = tuple(box.trapping for box in diagram.boxes)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.edges = tuple(
            _Edge(self.index[line.a], self.index[line.b], line.points, line.style)
            for line in diagram.lines
        )
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in self.names]
        for e, edge in enumerate(self.edges):
            self.adjacent[edge.u].append((edge.v, e))
            self.adjacent[edge.v].append((edge.u, e))
        self.component = [-1] * len(self.names)
        for start in range(len(self.names)):
            if self.component[start] >= 0:
                continue
            stack = [start]
            self.component[start] = start
            while stack:
                at = stack.pop()
                for nxt, _ in self.adjacent[at]:
                    if self.component[nxt] < 0:
                        self.component[nxt] = start
                        stack.append(nxt)


def _items(
    diagram: Diagram, graph: _Graph, uses: Sequence[TrappingUse], unique: bool
) -> list[_Item]:
    free = set(diagram.free_in_unique) if unique else set()
    items: list[_Item] = []
    for use in uses:
        if use.trapping not in graph.index:
            raise DiagramGapError(f"the diagram has no box for {use.trapping!r}")
        box = diagram.box(use.trapping)
        points = 0 if use.trapping in free else box.points(use.details)
        items.extend(_Item(use.label, graph.index[use.trapping], points) for _ in range(use.count))
    return items


MAX_ROUTES = 64
"""Most routes to one trapping the walk tries. The bundled diagram is a forest (one route
each); a user's corrections may add loops, whose simple paths multiply exponentially: past
this many the walk also takes the cheapest route and says it is not proven cheapest."""


MAX_ROUTE_STEPS = 2_000
"""Most partial routes one route search extends. Past loops that lead nowhere (a knot beside
the way) the simple paths to try multiply without yielding a route: the search stops there,
takes the cheapest route as well and says it is not proven cheapest."""


MAX_STATES = 20_000
"""Most states the exact search visits for one chain before it gives up on a tangled corrected
diagram and walks greedily instead (the walk then says it is not proven cheapest)."""


MAX_SEARCH_STEPS = 400_000
"""Most search steps (states recorded, routes tried, partial routes extended) one walk takes
before it stops early and takes the bounded fallback: about a second or two in CPython."""


FALLBACK_STEPS = 100_000
"""Search steps the fallback (the greedy walk) may take per chain once the search stopped
early; past them the rest of the chain is added in the order given, each by its cheapest route
(a few route searches each, so the walk always ends)."""


@dataclass(frozen=True)
class SearchLimit:
    """How far one walk may search before it stops early (rules do no I/O: time comes in as a
    clock).

    Attributes:
        steps: Search steps (see :data:`MAX_SEARCH_STEPS`).
        clock: Returns the time in seconds (``time.monotonic``); None: no time limit.
        seconds: Time the search may take by ``clock`` before it stops early.
    """

    steps: int = MAX_SEARCH_STEPS
    clock: Callable[[], float] | None = None
    seconds: float = 5.0


class _Tangled(Exception):
    """The exact search outgrew :data:`MAX_STATES` or its :class:`SearchLimit`."""


class OverBudget(Exception):
    """The walk needs more search steps than the caller's ``budget`` allowed (nothing priced).

    A caller that must answer at once (the skill designer, within a frame of a click) prices
    with a small budget and, on this, prices again without one where waiting is harmless.
    """


_CLOCK_EVERY = 256
"""Search steps between two readings of the clock (a reading costs more than a step)."""


class _Budget:
    """Search steps left: the caller's ``budget`` (one per state the search records and one per
    route it tries; over it :class:`OverBudget`) and the walk's own :class:`SearchLimit` (every
    step, partial routes too; over it the search stops early with :class:`_Tangled`)."""

    def __init__(self, steps: int | None, limit: SearchLimit | None = None) -> None:
        limit = limit or SearchLimit()
        self.left = steps
        self.work = limit.steps
        self.clock = limit.clock
        self.deadline = limit.clock() + limit.seconds if limit.clock is not None else 0.0
        self._until_clock = _CLOCK_EVERY

    def spend(self, steps: int = 1) -> None:
        """Count steps against the caller's budget and the limit."""
        self.charge(steps)
        self.work_on(steps)

    def charge(self, steps: int) -> None:
        """Count steps against the caller's budget alone."""
        if self.left is not None:
            self.left -= steps
            if self.left < 0:
                raise OverBudget

    def work_on(self, steps: int = 1) -> None:
        """Count steps against the limit alone (not the caller's budget)."""
        self.work -= steps
        if self.work < 0:
            raise _Tangled
        if self.clock is not None:
            self._until_clock -= steps
            if self._until_clock <= 0:
                self._until_clock = _CLOCK_EVERY
                if self.clock() >= self.deadline:
                    self.work = -1
                    raise _Tangled


def _route_options(
    graph: _Graph,
    target: int,
    reached: int,
    limit: int = MAX_ROUTES,
    budget: _Budget | None = None,
) -> tuple[list[tuple[int, int]], bool]:
    """The routes to try from ``target`` to the reached set, and whether they are all of them
    (at most ``limit``, plus the cheapest when there are more or the search stopped after
    :data:`MAX_ROUTE_STEPS` partial routes).

    Every route's interior avoids the reached set and it is a simple path: loops in a corrected
    diagram never make it walk in circles. Each partial route extended counts against
    ``budget``'s limit.

    Raises:
        _Tangled: ``budget``'s limit ran out.
    """
    options: list[tuple[int, int]] = []
    stack: list[tuple[int, int, int, int]] = [(target, 1 << target, 0, 0)]
    extended = 0
    complete = True
    while stack and complete:
        at, seen, mask, points = stack.pop()
        extended += 1
        if budget is not None:
            budget.work_on()
        if extended > MAX_ROUTE_STEPS:
            complete = False
            break
        for nxt, e in graph.adjacent[at]:
            if seen >> nxt & 1:
                continue
            weight = graph.edges[e].weight
            if reached >> nxt & 1:
                if len(options) == limit:
                    complete = False  # ``limit`` routes found and there are more
                    break
                options.append((mask | 1 << e, points + weight))
            else:
                stack.append((nxt, seen | 1 << nxt, mask | 1 << e, points + weight))
    if complete:
        return options, True
    shortest = _shortest_route(graph, target, reached)
    return ([*options, shortest] if shortest not in options else options), False


def _shortest_route(graph: _Graph, target: int, reached: int) -> tuple[int, int]:
    """The route of fewest line points from ``target`` to the reached set (Dijkstra), its
    interior avoiding the reached set; ``(0, 0)`` when there is none."""
    # at equal points a reached end comes first: the search stops at the first one popped
    heap: list[tuple[int, int, int, int]] = [(0, 1, target, 0)]
    done: set[int] = set()
    nearest: dict[int, int] = {target: 0}
    while heap:
        points, _, at, mask = heapq.heappop(heap)
        if at in done:
            continue
        done.add(at)
        if at != target and reached >> at & 1:
            return mask, points
        for nxt, e in graph.adjacent[at]:
            further = points + graph.edges[e].weight
            # a route strictly longer than one already queued can never be popped first
            if nxt not in done and further <= nearest.get(nxt, further):
                nearest[nxt] = further
                heapq.heappush(heap, (further, 1 - (reached >> nxt & 1), nxt, mask | 1 << e))
    return 0, 0


def _reached(graph: _Graph, items: Sequence[_Item], added: int, paid: int) -> int:
    out = 0
    for i, item in enumerate(items):
        if added >> i & 1:
            out |= 1 << item.vertex
    e = 0
    while paid >> e:
        if paid >> e & 1:
            out |= 1 << graph.edges[e].u | 1 << graph.edges[e].v
        e += 1
    return out


def _route_lines(graph: _Graph, target: int, mask: int) -> tuple[CrossedLine, ...]:
    """The route's lines in order, from the reached end to ``target``."""
    order: list[CrossedLine] = []
    at = target
    left = mask
    while left:
        for nxt, e in graph.adjacent[at]:
            if left >> e & 1:
                edge = graph.edges[e]
                order.append(
                    CrossedLine(
                        a=graph.names[nxt], b=graph.names[at], style=edge.style, points=edge.weight
                    )
                )
                left &= ~(1 << e)
                at = nxt
                break
        else:  # pragma: no cover - a route is a simple path by construction
            raise AssertionError("broken route")
    return tuple(reversed(order))


_State = tuple[int, int]


def _search(
    graph: _Graph,
    items: list[_Item],
    cap: int,
    limit: int = MAX_ROUTES,
    budget: _Budget | None = None,
) -> tuple[list[WalkStep], bool]:
    """Dijkstra over (added items, paid lines) for one chain's items; also whether every
    route was tried (see :data:`MAX_ROUTES`).

    Raises:
        OverBudget: ``budget`` ran out first.
        _Tangled: more than :data:`MAX_STATES` states, or ``budget``'s limit ran out.
    """
    budget = budget or _Budget(None)
    spend = budget.spend
    n = len(items)
    full = (1 << n) - 1
    # Identical items (same box, same price) are added in list order: fewer equivalent states.
    twin_before = [
        next((j for j in range(i - 1, -1, -1) if items[j] == items[i]), -1) for i in range(n)
    ]
    best: dict[_State, int] = {(0, 0): 0}
    parent: dict[_State, tuple[_State, int, int, int]] = {}
    heap: list[tuple[int, int, int]] = [(0, 0, 0)]
    route_cache: dict[tuple[int, int], list[tuple[int, int]]] = {}
    goal: _State | None = None
    exact = True
    while heap:
        cost, added, paid = heapq.heappop(heap)
        if best.get((added, paid), 1 << 60) < cost:
            continue
        if added == full:
            goal = (added, paid)
            break
        reached = _reached(graph, items, added, paid) if added else 0
        for i in range(n):
            if added >> i & 1 or (twin_before[i] >= 0 and not added >> twin_before[i] & 1):
                continue
            item = items[i]
            options: list[tuple[int, int]]
            if not added or reached >> item.vertex & 1:
                options = [(0, 0)]
            else:
                key = (item.vertex, reached)
                if key not in route_cache:
                    found, every = _route_options(graph, item.vertex, reached, limit, budget)
                    spend(1 + len(found))
                    route_cache[key] = found or [(0, 0)]
                    exact = exact and every
                options = route_cache[key]
            for mask, points in options:
                line_points = min(cap, points)
                state = (added | 1 << i, paid | mask)
                total = cost + item.box + line_points
                if total < best.get(state, 1 << 60):
                    if len(best) >= MAX_STATES:
                        raise _Tangled
                    spend()
                    best[state] = total
                    parent[state] = ((added, paid), i, mask, line_points)
                    heapq.heappush(heap, (total, state[0], state[1]))
    assert goal is not None
    steps: list[WalkStep] = []
    state = goal
    while state != (0, 0):
        prev, i, mask, line_points = parent[state]
        item = items[i]
        lines = _route_lines(graph, item.vertex, mask) if mask else ()
        raw = sum(line.points for line in lines)
        steps.append(
            WalkStep(
                trapping=item.label,
                box=item.box,
                lines=lines,
                line_points=line_points,
                capped=raw > line_points,
                points=item.box + line_points,
            )
        )
        state = prev
    steps.reverse()
    return steps, exact


class Pricer:
    """Prices many skills against one diagram (the diagram's graph is built once).

    Args:
        diagram: The Skill Trapping Diagram.
    """

    def __init__(self, diagram: Diagram) -> None:
        self.diagram = diagram
        self._graph = _Graph(diagram)

    def cheapest(
        self,
        uses: Sequence[TrappingUse],
        *,
        unique: bool,
        budget: int | None = None,
        limit: SearchLimit | None = None,
    ) -> Walk:
        """See :func:`cheapest_walk`; ``budget`` caps the search steps (None: no cap).

        Args:
            uses: The skill's trappings.
            unique: Whether the skill is Unique.
            budget: The caller's cap on search steps: over it nothing is priced.
            limit: Where the search stops early and takes a bounded fallback (the walk then
                says so: ``exact`` False); None: :data:`MAX_SEARCH_STEPS`, no time limit.

        Raises:
            OverBudget: the walk needs more than ``budget`` steps (the bundled diagram's
                costliest sample skill takes under 200; a tangled correction thousands).
        """
        graph = self._graph
        spent = _Budget(budget, limit)
        items = _items(self.diagram, graph, uses, unique)
        groups: dict[int, list[_Item]] = {}
        for item in items:
            groups.setdefault(graph.component[item.vertex], []).append(item)
        steps: list[WalkStep] = []
        exact = True
        for group in groups.values():
            if len({item.vertex for item in group}) == 1:
                steps.extend(WalkStep(trapping=i.label, box=i.box, points=i.box) for i in group)
            else:
                try:
                    found, every = _search(graph, group, self.diagram.line_cap, budget=spent)
                except _Tangled:
                    found = _tangled(graph, group, self.diagram.line_cap, spent)
                    every = False
                steps.extend(found)
                exact = exact and every
        return Walk(points=sum(step.points for step in steps), steps=tuple(steps), exact=exact)


def _tangled(graph: _Graph, items: list[_Item], cap: int, budget: _Budget) -> list[WalkStep]:
    """A good walk over a corrected diagram too tangled for the exact search: the search with
    only each trapping's cheapest route (within what is left of ``budget``'s limit), or the
    greedy walk (within :data:`FALLBACK_STEPS`), whichever is cheaper."""
    budget.charge(len(items) ** 2)  # the greedy walk tries every remaining trapping each step
    greedy = list(_greedy(graph, items, cap, _Budget(None, SearchLimit(FALLBACK_STEPS))).steps)
    try:
        narrow, _ = _search(graph, items, cap, limit=0, budget=budget)
    except _Tangled:
        return greedy
    return min(narrow, greedy, key=lambda steps: sum(s.points for s in steps))


def cheapest_walk(diagram: Diagram, uses: Sequence[TrappingUse], *, unique: bool) -> Walk:
    """The cheapest order of addition over all orders, step by step.

    Args:
        diagram: The Skill Trapping Diagram.
        uses: The skill's trappings (a ``count`` adds that many copies).
        unique: Whether the skill is Unique (Information and Networking boxes free).

    Returns:
        The cheapest walk; chains of the diagram are priced separately (they never interact),
        in the order their first trapping appears in ``uses``.

    Raises:
        DiagramGapError: a trapping has no box in the diagram.
        KeyError: a priced box (Variable) and no price for the trapping's detail.
    """
    return Pricer(diagram).cheapest(uses, unique=unique)


def walk_in_order(diagram: Diagram, uses: Sequence[TrappingUse], *, unique: bool) -> Walk:
    """Price the trappings added in the given order, each by its cheapest route then.

    This is how a player prices a pinned order (and what the book's worked examples do).

    Raises:
        DiagramGapError: a trapping has no box in the diagram.
    """
    graph = _Graph(diagram)
    items = _items(diagram, graph, uses, unique)
    return _walk_sequence(graph, items, diagram.line_cap, range(len(items)))


def greedy_walk(diagram: Diagram, uses: Sequence[TrappingUse], *, unique: bool) -> Walk:
    """Always add the cheapest next trapping (ties: list order). Can overcharge; for comparison.

    Raises:
        DiagramGapError: a trapping has no box in the diagram.
    """
    graph = _Graph(diagram)
    return _greedy(graph, _items(diagram, graph, uses, unique), diagram.line_cap)


def _greedy(graph: _Graph, items: list[_Item], cap: int, budget: _Budget | None = None) -> Walk:
    """Add the cheapest next trapping each time (ties: list order). Every candidate follows
    the same walk so far, so each is priced by its own step only. When ``budget``'s limit runs
    out, the rest are added in list order (each by its cheapest route)."""
    left = list(range(len(items)))
    added = paid = 0
    exact = True
    steps: list[WalkStep] = []
    while left:
        try:
            trial = [
                (_step(graph, items, cap, added, paid, i, budget), k) for k, i in enumerate(left)
            ]
        except _Tangled:
            rest = _walk_sequence(graph, items, cap, left, added, paid)
            steps.extend(rest.steps)
            return Walk(points=sum(s.points for s in steps), steps=tuple(steps), exact=False)
        (step, mask, every), k = min(trial, key=lambda t: (t[0][0].points, t[1]))
        added |= 1 << left.pop(k)
        paid |= mask
        exact = exact and every
        steps.append(step)
    return Walk(points=sum(s.points for s in steps), steps=tuple(steps), exact=exact)


def _step(
    graph: _Graph,
    items: list[_Item],
    cap: int,
    added: int,
    paid: int,
    i: int,
    budget: _Budget | None = None,
) -> tuple[WalkStep, int, bool]:
    """Adding item ``i`` after the items ``added`` with the lines ``paid``: the step, the
    lines it pays and whether every route to it was tried.

    Raises:
        _Tangled: ``budget``'s limit ran out.
    """
    item = items[i]
    same_chain = any(
        added >> j & 1 and graph.component[items[j].vertex] == graph.component[item.vertex]
        for j in range(len(items))
    )
    reached = _reached(graph, items, added, paid)
    mask, points = 0, 0
    every = True
    if same_chain and not reached >> item.vertex & 1:
        options, every = _route_options(graph, item.vertex, reached, budget=budget)
        if options:
            mask, points = min(options, key=lambda o: (min(cap, o[1]), -o[0].bit_count()))
    line_points = min(cap, points)
    lines = _route_lines(graph, item.vertex, mask) if mask else ()
    step = WalkStep(
        trapping=item.label,
        box=item.box,
        lines=lines,
        line_points=line_points,
        capped=points > line_points,
        points=item.box + line_points,
    )
    return step, mask, every


def _walk_sequence(
    graph: _Graph,
    items: list[_Item],
    cap: int,
    order: Sequence[int],
    added: int = 0,
    paid: int = 0,
) -> Walk:
    """Add ``order``'s items one by one after the items ``added`` with the lines ``paid``
    (every route search bounded by :data:`MAX_ROUTE_STEPS`)."""
    exact = True
    steps: list[WalkStep] = []
    for i in order:
        step, mask, every = _step(graph, items, cap, added, paid, i)
        steps.append(step)
        exact = exact and every
        added |= 1 << i
        paid |= mask
    return Walk(points=sum(s.points for s in steps), steps=tuple(steps), exact=exact)


def extra_points(catalog: StrangeFateCatalog, uses: Sequence[TrappingUse]) -> int:
    """Skill points for the Extras on ``uses`` (summary table L2638-L2646).

    Each Extra costs its price per instance (Range x3 is 3), per copy of the trapping; Psychic is
    +1 on every trapping that has it (a whole-skill rule checks it is on all of them, L2664).

    Raises:
        KeyError: an unknown Extra.
    """
    return sum(
        use.count * sum(catalog.extra(e.extra).cost * e.count for e in use.extras) for use in uses
    )


def psychic_is_all_or_nothing(uses: Sequence[TrappingUse]) -> bool:
    """Whether Psychic is on every trapping of the skill or on none (L2664)."""
    flags = {any(e.extra == "Psychic" for e in use.extras) for use in uses}
    return len(flags) <= 1


def drawback_points(discounts: Mapping[Severity, int], drawbacks: Sequence[DrawbackUse]) -> int:
    """The Drawbacks' discount: Minor 1, Major 2 each (L2716)."""
    return sum(discounts[d.severity] for d in drawbacks)


def skill_cost(
    catalog: StrangeFateCatalog,
    diagram: Diagram,
    uses: Sequence[TrappingUse],
    drawbacks: Sequence[DrawbackUse],
    *,
    rating: int,
    unique: bool,
) -> SkillCost:
    """The skill points of a Unique or Strange skill (L1376-L1380, L1440).

    ``rating + max(0, trapping points + Extras - Drawbacks)``: never below the rating.

    Raises:
        DiagramGapError: a trapping has no box in the diagram.
        KeyError: an unknown Extra, or Variable without a price for its detail.
    """
    walk = cheapest_walk(diagram, uses, unique=unique)
    extras = extra_points(catalog, uses)
    discount = drawback_points(catalog.discounts, drawbacks)
    net = max(0, walk.points + extras - discount)
    return SkillCost(
        trapping_points=walk.points,
        extra_points=extras,
        drawback_points=discount,
        net=net,
        rating=rating,
        skill_points=rating + net,
        walk=walk,
    )
