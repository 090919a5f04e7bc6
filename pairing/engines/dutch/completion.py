"""Can the players below the brackets being paired still all be paired? (C.04.3 [C4], [C2], [C5])

The 2026 pairer optimises one bracket at a time over a *window* (the bracket and the next one);
every player below it belongs to the *rest*, where any pairing is as good as any other: the only
thing the rest must do is to complete the round ([C4]), leaving at most one player unpaired, who
must be able to take the pairing-allocated bye ([C2]) with a score no higher than the bye's
([C5]). This module keeps a pairing of the rest and answers, for the window's downfloaters,
whether the rest can take them in.

Augmenting paths are searched breadth first without shrinking odd cycles, and when that finds
none, by Edmonds' search, which shrinks them: a pairing is found whenever one exists. Passing the
one left out to a bye candidate (:func:`_shift_free`) is still searched without shrinking, so a
"no" may then be wrong and the caller widens its window. A "yes" is always backed by a pairing
that was actually built.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable


class RestPairing:
    """A pairing of a set of players (vertex ids) under a compatibility relation.

    ``compatible(a, b)`` says whether two players may meet ([C1], [C3]); ``candidate[v]`` whether
    ``v`` may be the one left unpaired ([C2], [C5]).
    """

    def __init__(
        self,
        vertices: Iterable[int],
        compatible: Callable[[int, int], bool],
        candidate: list[bool],
    ) -> None:
        self.compatible = compatible
        self.candidate = candidate
        self.pool: list[int] = sorted(vertices)
        self.members = set(self.pool)
        self.mate: dict[int, int] = {}
        self._cache: dict[frozenset[int], bool] = {}
        self._greedy()

    def _greedy(self) -> None:
        free = list(self.pool)
        mate = self.mate
        for i, v in enumerate(free):
            if v in mate:
                continue
            for u in free[i + 1 :]:
                if u not in mate and self.compatible(v, u):
                    mate[v] = u
                    mate[u] = v
                    break

    def free(self) -> list[int]:
        return [v for v in self.pool if v not in self.mate]

    def settle(self) -> bool:
        """Pair the rest among itself as far as it goes; True when at most one player is left
        unpaired and that player may take the bye."""
        self._cache.clear()
        return _complete(self.mate, self.pool, self.free(), self.compatible, self.candidate)

    def remove(self, vertices: Collection[int]) -> bool:
        """Take players out of the rest (they enter the window); their partners are re-paired."""
        gone = set(vertices) & self.members
        if not gone:
            return True
        self.members -= gone
        self.pool = [v for v in self.pool if v not in gone]
        for v in gone:
            u = self.mate.pop(v, None)
            if u is not None and u not in gone:
                del self.mate[u]
        return self.settle()

    def can_take(self, extra: Collection[int]) -> bool:
        """Can the rest and the players ``extra`` (downfloaters from the window) all be paired,
        leaving at most one player, a bye candidate, unpaired?"""
        key = frozenset(extra)
        hit = self._cache.get(key)
        if hit is None:
            mate = dict(self.mate)
            pool = self.pool + sorted(key)
            free = [v for v in self.pool if v not in mate] + sorted(key)
            hit = _complete(mate, pool, free, self.compatible, self.candidate)
            self._cache[key] = hit
        return hit

    def lowest_bye(self, groups: list[list[int]]) -> int | None:
        """The bye candidate of the lowest group (groups of candidates, lowest score first) who
        can be left unpaired while all the others are paired; the pairing is changed to leave
        that player out. None when the lowest group's search is not conclusive."""
        if not self.settle() or not groups:
            return None
        for v in groups[0]:
            free = self.free()
            if v not in self.mate:
                if free == [v]:
                    return v
                continue
            u = self.mate[v]
            mate = dict(self.mate)
            del mate[v]
            del mate[u]
            pool = [x for x in self.pool if x != v]
            if _augment(mate, pool, u, set(free), self.compatible):
                self.mate = mate
                self._cache.clear()
                return v
        return None


def pair_leaving(
    vertices: list[int], compatible: Callable[[int, int], bool], leave: int
) -> list[int] | None:
    """Pair ``vertices`` among themselves leaving exactly ``leave`` of them unpaired (same
    parity as their number); the unpaired, or None when the search gives up."""
    mate: dict[int, int] = {}
    for i, v in enumerate(vertices):
        if v in mate:
            continue
        for u in vertices[i + 1 :]:
            if u not in mate and compatible(v, u):
                mate[v] = u
                mate[u] = v
                break
    free = [v for v in vertices if v not in mate]
    while len(free) > leave:
        v = free[0]
        if not _augment(mate, vertices, v, set(free[1:]), compatible):
            return None
        free = [x for x in free if x not in mate]
    while len(free) < leave:
        v = next(x for x in vertices if x in mate)
        u = mate.pop(v)
        del mate[u]
        free += [v, u]
    return free


def _complete(
    mate: dict[int, int],
    pool: list[int],
    free: list[int],
    compatible: Callable[[int, int], bool],
    candidate: list[bool],
) -> bool:
    """Extend ``mate`` (in place) until at most one vertex of ``pool`` is free and it is a
    candidate. False when the search gives up."""
    free_set = set(free)
    while len(free_set) > 1:
        # a free player who cannot take the bye goes first: they must be paired
        order = sorted(free_set, key=lambda v: (candidate[v], v))
        v = order[0]
        if not _augment(mate, pool, v, free_set - {v}, compatible):
            return False
        free_set = {x for x in free_set if x not in mate}
    if free_set:
        (v,) = free_set
        if not candidate[v]:
            return _shift_free(mate, pool, v, compatible, candidate)
    return True


def _augment(
    mate: dict[int, int],
    pool: list[int],
    start: int,
    targets: set[int],
    compatible: Callable[[int, int], bool],
) -> bool:
    """Search for an alternating path from free ``start`` to a free vertex of ``targets`` and
    flip it when found: first breadth first without shrinking odd cycles (quick, may miss a
    path), then by Edmonds' search, which shrinks them and misses none."""

    def reach_target(parent: dict[int, int | None], x: int, _y: int) -> bool:
        for t in targets:
            if t not in parent and compatible(x, t):
                _flip(mate, parent, x, t)
                return True
        return False

    if _search(mate, pool, start, compatible, reach_target, targets):
        return True
    return _augment_shrinking(mate, pool, start, targets, compatible)


def _augment_shrinking(
    mate: dict[int, int],
    pool: list[int],
    root: int,
    targets: set[int],
    compatible: Callable[[int, int], bool],
) -> bool:
    """Edmonds' augmenting path search (odd cycles shrunk into their base): True, with the
    path flipped, when free ``root`` reaches a free vertex of ``targets``; False when there is
    no such path at all."""
    vertices = [v for v in pool if v != root] + [root]
    base = {v: v for v in vertices}
    parent: dict[int, int] = {}  # an odd vertex: the even vertex it was reached from
    even = {root}
    queue = [root]

    def common_base(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if a == root:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark(v: int, stem: int, child: int, shrunk: set[int]) -> None:
        while base[v] != stem:
            shrunk.add(base[v])
            shrunk.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    for v in queue:
        for u in vertices:
            if base[u] == base[v] or mate.get(v) == u or not compatible(v, u):
                continue
            if u == root or (u in mate and mate[u] in parent):
                stem = common_base(v, u)
                shrunk: set[int] = set()
                mark(v, stem, u, shrunk)
                mark(u, stem, v, shrunk)
                for x in vertices:
                    if base[x] in shrunk:
                        base[x] = stem
                        if x not in even:
                            even.add(x)
                            queue.append(x)
            elif u not in parent:
                parent[u] = v
                if u not in mate:
                    if u not in targets:
                        continue
                    w: int | None = u
                    while w is not None:
                        y = parent[w]
                        after = mate.get(y)
                        mate[w] = y
                        mate[y] = w
                        w = after
                    return True
                even.add(mate[u])
                queue.append(mate[u])
    return False


def _search(
    mate: dict[int, int],
    pool: list[int],
    start: int,
    compatible: Callable[[int, int], bool],
    done: Callable[[dict[int, int | None], int, int], bool],
    avoid: Collection[int] = (),
) -> bool:
    """Grow alternating paths from ``start`` (start - y = z - ...) breadth first; ``done(parent,
    z, y)`` is asked at ``start`` and at each newly reached ``z`` and ends the search with True."""
    parent: dict[int, int | None] = {start: None}
    if done(parent, start, start):
        return True
    queue = [start]
    for x in queue:
        for y in pool:
            if y in parent or y in avoid or y not in mate or not compatible(x, y):
                continue
            z = mate[y]
            if z in parent:
                continue
            parent[y] = x
            parent[z] = y
            if done(parent, z, y):
                return True
            queue.append(z)
    return False


def _flip(mate: dict[int, int], parent: dict[int, int | None], x: int, t: int) -> None:
    """Augment along start ... x - t: every unmatched edge of the path becomes matched."""
    a: int | None = x
    b = t
    while a is not None:
        nxt = mate.get(a)
        mate[a] = b
        mate[b] = a
        if nxt is None:
            break
        b = nxt
        a = parent[nxt]


def _shift_free(
    mate: dict[int, int],
    pool: list[int],
    start: int,
    compatible: Callable[[int, int], bool],
    candidate: list[bool],
) -> bool:
    """Pass the unpaired place from ``start`` to a bye candidate along an even alternating
    path (start - y = z becomes start = y, z free)."""

    def reach_candidate(parent: dict[int, int | None], z: int, y: int) -> bool:
        if z == start or not candidate[z]:
            return False
        del mate[z]
        x = parent[y]
        assert x is not None
        _flip(mate, parent, x, y)
        return True

    return _search(mate, pool, start, compatible, reach_candidate)
