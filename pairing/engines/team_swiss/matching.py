"""Matchings for the team Swiss: does a set of teams have a pairing at all ([C3], art. 3.4.1,
3.5.5), and the lexicographically first best pairing of a bracket (art. 3.6).

Feasibility is Edmonds' maximum-cardinality matching (blossoms contracted by their base,
O(n^3)), started from a greedy matching so that the dense graphs of a Swiss need few
augmentations. The bracket's pairing uses :func:`pairing.engines.matching.max_weight_matching`
with exact integer weights.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from pairing.engines.matching import max_weight_matching

CanMeet = Callable[[int, int], bool]


def has_perfect_matching(teams: Sequence[int], can_meet: CanMeet) -> bool:
    """True when ``teams`` can all be paired with pairs allowed by ``can_meet``."""
    n = len(teams)
    if n == 0:
        return True
    if n % 2:
        return False
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        a = teams[i]
        for j in range(i + 1, n):
            if can_meet(a, teams[j]):
                adj[i].append(j)
                adj[j].append(i)
    return _max_cardinality(n, adj) == n // 2


def _max_cardinality(n: int, adj: list[list[int]]) -> int:
    """Size of a maximum matching (Edmonds, with blossom contraction through bases)."""
    match = [-1] * n
    size = 0
    # Greedy start: fewest neighbours first.
    for v in sorted(range(n), key=lambda v: len(adj[v])):
        if match[v] == -1:
            for w in adj[v]:
                if match[w] == -1:
                    match[v], match[w] = w, v
                    size += 1
                    break
    if size * 2 == n:
        return size
    for root in range(n):
        if match[root] != -1:
            continue
        if _augment(n, adj, match, root):
            size += 1
            if size * 2 == n:
                break
    return size


def _augment(n: int, adj: list[list[int]], match: list[int], root: int) -> bool:
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue: deque[int] = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    # augment along the path
                    while to != -1:
                        pv = parent[to]
                        ppv = match[pv]
                        match[to], match[pv] = pv, to
                        to = ppv
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False


def min_weight_perfect_matching(
    n: int, edges: Sequence[tuple[int, int, int]]
) -> list[tuple[int, int]] | None:
    """A perfect matching of minimum total weight on vertices ``0..n-1`` (weights >= 0), or None
    when there is none. Pairs ``(i, j)`` with ``i < j``, sorted."""
    if n == 0:
        return []
    if n % 2 or not edges:
        return None
    heaviest = max(w for _, _, w in edges)
    big = (n // 2) * heaviest + 1
    mate = max_weight_matching(n, [(i, j, big - w) for i, j, w in edges])
    pairs = sorted((v, w) for v, w in enumerate(mate) if w > v)
    if 2 * len(pairs) != n:
        return None
    return pairs
