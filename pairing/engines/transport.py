"""The matching of a graph whose vertices fall into few kinds, solved kind by kind.

When every edge weight depends only on the kinds of its two ends (apart from a few missing
edges), a maximum-weight perfect matching is, up to parity, a *transportation* problem between
the kinds: how many pairs of each two kinds. Its linear relaxation (vertex duals only, no odd
sets) is solved here on the bipartite double cover (each kind once as a row, once as a column)
by successive shortest paths (Ford and Fulkerson; Edmonds and Karp 1972, "Theoretical
improvements in algorithmic efficiency for network flow problems", for the potentials).

It gives :class:`~pairing.engines.matching.IncrementalMatching` its first duals and pairs:

- ``duals[a]`` for a vertex of kind ``a`` is the doubled dual of the relaxation (row potential
  plus column potential), so ``duals[a] + duals[b] >= 2 * weight[a][b]`` for every two kinds:
  every edge is feasible;
- ``pairs[(a, b)]`` (``a <= b``) is how many pairs of those kinds the relaxation makes, rounded
  down; each of them is tight (complementary slackness), so seating them is a matching of tight
  edges, the start the blossom algorithm needs. When the relaxation is integral and those pairs
  cover every vertex, the duals certify the matching optimal without a single stage.

Weights are Python integers of any size: the arithmetic is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise


def kind_relaxation(
    counts: Sequence[int], weight: Sequence[Sequence[int | None]]
) -> tuple[list[int], dict[tuple[int, int], int]] | None:
    """Duals (doubled) and pairs per kind of the relaxed perfect matching problem.

    ``counts[a]`` vertices are of kind ``a``; ``weight[a][b]`` (symmetric) is the weight of an
    edge between kinds ``a`` and ``b``, None when there is none (a kind of one vertex has no
    edge to itself). Returns None when not every vertex can be paired."""
    k = len(counts)
    source, sink = 2 * k, 2 * k + 1
    # nodes: rows 0..k-1, columns k..2k-1, source, sink; cost of row a -> column b is -weight
    size = 2 * k + 2
    supply = list(counts)
    demand = list(counts)
    flow = [[0] * k for _ in range(k)]
    potential = [0] * size
    for b in range(k):
        costs = [-w for w in (weight[a][b] for a in range(k)) if w is not None]
        if not costs:
            return None
        potential[k + b] = min(costs)
    potential[sink] = min(potential[k : 2 * k])
    total = sum(counts)
    routed = 0
    while routed < total:
        # Dijkstra over the residual graph, reduced costs (non-negative)
        dist: list[int | None] = [None] * size
        before = [-1] * size
        done = [False] * size
        dist[source] = 0
        while True:
            x, dx = -1, 0
            for y in range(size):
                dy = dist[y]
                if dy is not None and not done[y] and (x < 0 or dy < dx):
                    x, dx = y, dy
            if x < 0:
                break
            done[x] = True
            px = potential[x]
            for y, cost in _arcs(x, k, supply, demand, flow, weight, counts):
                if done[y]:
                    continue
                d = dx + cost + px - potential[y]
                if dist[y] is None or d < dist[y]:  # type: ignore[operator]
                    dist[y] = d
                    before[y] = x
        reach = dist[sink]
        if reach is None:
            return None
        for y in range(size):
            dy = dist[y]
            potential[y] += reach if dy is None or dy > reach else dy
        path = [sink]
        while path[-1] != source:
            path.append(before[path[-1]])
        path.reverse()
        amount = supply[path[1]]
        amount = min(amount, demand[path[-2] - k])
        for x, y in pairwise(path[1:-1]):
            if x >= k:  # a column back to a row: undo flow row y -> column x
                amount = min(amount, flow[y][x - k])
        supply[path[1]] -= amount
        demand[path[-2] - k] -= amount
        for x, y in pairwise(path[1:-1]):
            if x < k:
                flow[x][y - k] += amount
            else:
                flow[y][x - k] -= amount
        routed += amount
    duals = [potential[a] - potential[k + a] for a in range(k)]
    pairs: dict[tuple[int, int], int] = {}
    for a in range(k):
        for b in range(a, k):
            # the double cover counts a pair of two kinds once each way, a pair of one kind twice
            count = (flow[a][b] + flow[b][a]) // 2 if a != b else flow[a][a] // 2
            if count:
                pairs[(a, b)] = count
    return duals, pairs


def _arcs(
    x: int,
    k: int,
    supply: list[int],
    demand: list[int],
    flow: list[list[int]],
    weight: Sequence[Sequence[int | None]],
    counts: Sequence[int],
) -> list[tuple[int, int]]:
    """The residual arcs out of node ``x`` with their costs."""
    source, sink = 2 * k, 2 * k + 1
    if x == source:
        return [(a, 0) for a in range(k) if supply[a] > 0]
    if x == sink:
        return []
    if x < k:
        row = weight[x]
        return [(k + b, -w) for b in range(k) if (w := row[b]) is not None]
    b = x - k
    arcs = [(a, weight[a][b]) for a in range(k) if flow[a][b] > 0]
    if demand[b] > 0:
        arcs.append((sink, 0))
    return arcs  # type: ignore[return-value]
