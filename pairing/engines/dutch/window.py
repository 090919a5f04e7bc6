"""The matching of one bracket, over a window of players instead of the whole field.

The 2026 pairer (:mod:`pairer`) optimises each bracket with a maximum-weight matching whose
weights (:mod:`weights`) encode [C1]-[C21]. Over every player that costs O(n^3) per solve, yet
only the bracket itself decides [C6], [C7] and [C10]-[C21]; the next bracket only counts through
[C8], and the players below it only have to complete the round ([C4]) with the bye, if any, to a
candidate ([C2], [C5]). So the matching holds:

- the *members*: the bracket's residents and its MDPs, with their exact weights;
- *stand-ins* for the next bracket. Every edge into the next bracket has the same weight for a
  given member ([C8] counts pairs and the higher player's score, no colour or float criterion
  applies there), and every pair inside it the same weight, so a few interchangeable vertices
  stand for it. An answer is kept when the members sent there can really be seated against
  distinct opponents and the others paired among themselves (:meth:`_seat_in_next`); if not,
  the next bracket's players join the matching themselves;
- *proxies* of weight one for the players who float into the rest, which must be able to take
  them in (:class:`~pairing.engines.dutch.completion.RestPairing`).

Weights are those of the whole-field graph less the completion field, which is the same for
every pairing that completes the round. Stand-ins and proxies are added in twos until some are
left unused, so that their number never limits the optimum. When the rest cannot take the
floaters, its top players join the window in person, more each time (:meth:`_widen`). Once the
bye's score group enters the window, or nobody is left below it, every remaining player becomes
a member and the full weights are used, exactly as over the whole field. Only when the window
cannot start (:func:`start_window`) is :class:`NeedFullGraph` raised and the round paired over
every player.

The 2017 rules use the same graph over the bracket and its next score group only, with no rest
(:func:`bracket_window`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

from pairing.engines.dutch.completion import RestPairing, pair_leaving
from pairing.engines.dutch.state import Player
from pairing.engines.dutch.weights import (
    Context,
    EdgeWeights,
    compatible,
    completion_shift,
    is_bye_candidate,
)
from pairing.engines.matching import IncrementalMatching, NoPerfectMatching


class NeedFullGraph(Exception):
    """The window cannot be shown to give the exact answer: pair over every player."""


class _Rebuild(Exception):
    """The window's layout must change (more stand-ins, or the next bracket in person)."""


class WindowGraph:
    """The bracket procedure's graph (:class:`bracket.ScoreBracketGraph`) over the window."""

    def __init__(
        self,
        n: int,
        default_row: Callable[[int, list[int]], list[int]],
        completion: tuple[int, list[int]],
        rest: RestPairing | None,
        is_final: Callable[[int], bool],
        kind: Callable[[int], int],
    ) -> None:
        """``default_row(v, others)``: the first weights of ``v``'s edges to ``others`` (all
        ranked above it); ``completion``: the completion field of an edge ``a``-``b`` is
        ``base + part[a] + part[b]`` (one term per paired player); ``kind(v)``: players of one
        kind have the same weights to everybody else, apart from forbidden pairs."""
        self.n = n
        self.kind = kind
        self.default_row = default_row
        self.completion_base, self.completion_part = completion
        self.rest: RestPairing | None = rest
        self.is_final = is_final
        self.w: dict[int, dict[int, int]] = {}  # lower -> higher -> weight, as set
        self.final: dict[int, int] = {}
        self.entered: set[int] = set()
        self.members: list[int] = []
        self.extra: list[int] = []  # players of the rest taken into the window in person
        self.pool: list[int] = []  # the next bracket, while stand-ins represent it
        self.final_mode = False
        self.proxies = 2
        self.stand_ins = 0
        self.m: IncrementalMatching | None = None
        self.loc: dict[int, int] = {}
        self.glob: list[int] = []
        self.pool_changed: set[int] = set()
        self._pool_set: set[int] = set()
        self._k = 0
        self._first_proxy = 0
        self._stand_ins_short = False

    # -- weights -------------------------------------------------------------------------------

    def weight(self, a: int, b: int) -> int:
        lo, hi = (a, b) if a < b else (b, a)
        row = self.w.get(hi)
        if row is not None and lo in row:
            return row[lo]
        return self.default_row(hi, [lo])[0]

    def _row(self, v: int, others: list[int]) -> list[int]:
        """The weights of ``v``'s edges to ``others`` (all ranked above it)."""
        stored = self.w.get(v)
        if stored is None:
            return self.default_row(v, others)
        weights = list(map(stored.get, others))
        if None in weights:
            first = self.default_row(v, others)
            weights = [f if w is None else w for w, f in zip(weights, first, strict=True)]
        return weights  # type: ignore[return-value]

    def _relative(self, a: int, b: int, w: int) -> int:
        if self.final_mode or w <= 0:
            return w
        part = self.completion_part
        return w - self.completion_base - part[a] - part[b] + 1

    def set(self, a: int, b: int, weight: int) -> None:
        self.set_from(a, [b], [weight])

    def set_from(self, v: int, others: list[int], weights: list[int]) -> None:
        """``set(v, o, w)`` for each other ``o`` and weight ``w``: in the matching when both
        are in it (``v`` the vertex whose edges changed), else noted for the stand-ins."""
        m, final, stored = self.m, self.final, self.w
        at = self.loc.get(v) if m is not None and v not in final else None
        if at is not None:
            loc, part = self.loc, self.completion_part
            inside = [i for i, o in enumerate(others) if o in loc and o not in final]
            places = [loc[others[i]] for i in inside]
            if self.final_mode:
                relative = [weights[i] for i in inside]
            else:  # as _relative
                less = self.completion_base + part[v] - 1
                relative = [
                    w - less - part[others[i]] if (w := weights[i]) > 0 else w for i in inside
                ]
            m.set_weights(at, places, relative)  # type: ignore[union-attr]
            pool = self._pool_set
            if self.pool and any(o in pool and o not in loc and o not in final for o in others):
                self.pool_changed.add(v)
        elif m is not None and v not in final and self.pool and v in self._pool_set:
            members = [o for o in others if o not in final and o in self.loc]
            self.pool_changed.update(members)
        if others and max(others) < v and v in stored:
            stored[v].update(zip(others, weights, strict=True))  # the usual row, in one go
            return
        for o, w in zip(others, weights, strict=True):
            lo, hi = (v, o) if v < o else (o, v)
            row = stored.get(hi)
            if row is None:
                stored[hi] = {lo: w}
            else:
                row[lo] = w

    def set_row(self, v: int, others: list[int], weights: list[int]) -> None:
        """``set(v, o, w)`` for each other ``o`` (all ranked above ``v``) and weight ``w``."""
        if self.m is not None:
            self.set_from(v, others, weights)
            return
        row = self.w.get(v)
        if row is None:
            self.w[v] = dict(zip(others, weights, strict=True))
        else:
            row.update(zip(others, weights, strict=True))

    def _next_weight(self, u: int) -> int:
        """The weight of every edge from member ``u`` into the next bracket (0: none)."""
        found = 0
        for v in self.pool:
            w = self.weight(u, v)
            if w > 0:
                if found and w != found:
                    raise _Rebuild  # not interchangeable: the next bracket joins in person
                found = w
        return self._relative(u, self.pool[0], found) if found else 0

    def _pair_weight_in_next(self) -> int:
        found = 0
        pool = self.pool
        for i, a in enumerate(pool):
            for b in pool[i + 1 :]:
                w = self.weight(a, b)
                if w > 0:
                    if found and w != found:
                        raise _Rebuild
                    found = w
        return self._relative(pool[0], pool[1], found) if found else 0

    # -- the window ----------------------------------------------------------------------------

    def begin_bracket(self, window: list[int], next_start: int, rest_start: int) -> None:
        """``window`` holds the MDPs, the bracket and the next bracket (from ``next_start``);
        the rest starts at ``rest_start``."""
        if self.final_mode:
            return
        self.m = None
        if self.is_final(rest_start):
            self.final_mode = True
            self.rest = None
            self.pool = []
            self.members = [v for v in window if v not in self.final]
            self.members += range(rest_start, self.n)
            return
        if self.rest is not None:
            new = [v for v in window if v not in self.entered]
            self.entered.update(new)
            self.rest.remove(new)
        self.members = [v for v in window if v < next_start and v not in self.final]
        self.pool = [v for v in window if v >= next_start]
        self._pool_set = set(self.pool)
        self.stand_ins = min(len(self.pool), 4 - (len(self.pool) & 1))

    def _explicit_next(self) -> None:
        self.members += self.pool
        self.pool = []
        self._pool_set = set()
        self.stand_ins = 0
        self.m = None

    def _build(self) -> None:
        self.members = [v for v in self.members if v not in self.final]
        self.extra = [v for v in self.extra if v not in self.final]
        seen = set(self.members) | self._pool_set
        members = self.members + [v for v in self.extra if v not in seen]
        k = len(members)
        stand_ins = self.stand_ins if self.pool else 0
        proxies = 0
        if not self.final_mode:
            proxies = self.proxies + ((k + stand_ins + self.proxies) & 1)
        size = k + stand_ins + proxies
        m = IncrementalMatching(size, changed_first=True)
        weights = []
        if all(a < b for a, b in pairwise(members)):
            part = self.completion_part
            for i, a in enumerate(members):
                others = members[:i]
                row = self._row(a, others)
                if not self.final_mode:
                    less = self.completion_base + part[a] - 1
                    row = [
                        w - less - part[b] if w > 0 else w for w, b in zip(row, others, strict=True)
                    ]
                m.load_row(i, row)
        else:
            for i, a in enumerate(members):
                for j in range(i):
                    w = self.weight(a, members[j])
                    if w > 0:
                        weights.append((i, j, self._relative(a, members[j], w)))
        if stand_ins:
            inside = self._pair_weight_in_next()
            for i, a in enumerate(members):
                w = self._next_weight(a)
                if w > 0:
                    weights += [(s, i, w) for s in range(k, k + stand_ins)]
            if inside > 0:
                weights += [(s, t, inside) for s in range(k, k + stand_ins) for t in range(k, s)]
        weights += [(p, i, 1) for p in range(k + stand_ins, size) for i in range(p)]
        m.load(weights)
        # the players' kinds, then one for the stand-ins and one for the proxies
        kinds = [self.kind(v) for v in members]
        other = max(kinds, default=0)
        kinds += [other + 1] * stand_ins + [other + 2] * proxies
        m.set_kinds(kinds)
        self.m = m
        self.glob = members
        self.loc = {v: i for i, v in enumerate(members)}
        self.pool_changed.clear()
        self._k = k
        self._first_proxy = k + stand_ins

    # -- solving -------------------------------------------------------------------------------

    def solve(self) -> list[int]:
        while True:
            try:
                mate = self._solve_window()
                break
            except _Rebuild:
                if self._stand_ins_short:
                    self.stand_ins = min(len(self.pool), 2 * self.stand_ins + 2)
                    self.m = None
                else:
                    self._explicit_next()
        out = list(range(self.n))
        k = self._k
        for i, v in enumerate(self.glob):
            mi = mate[i]
            if mi >= 0:
                out[v] = self.glob[mi] if mi < k else self.n
        for v, mv in self.final.items():
            out[v] = mv
        return out

    def _solve_window(self) -> list[int]:
        self._stand_ins_short = False
        while True:
            if self.m is None:
                self._build()
            assert self.m is not None
            if self.pool_changed:
                self._update_next_weights()
            try:
                mate = self.m.solve()
            except NoPerfectMatching:
                if self.final_mode:
                    return [-1] * self._k
                self.proxies *= 2
                self.m = None
                continue
            if self.final_mode:
                return mate
            k, first_proxy = self._k, self._first_proxy
            to_rest = [i for i in range(first_proxy) if mate[i] >= first_proxy]
            if len(to_rest) > len(mate) - first_proxy - 2:  # no two proxies left together
                self.proxies *= 2
                self.m = None
                continue
            if self.pool:
                stand_ins = range(k, first_proxy)
                used = sum(1 for s in stand_ins if not k <= mate[s] < first_proxy)
                if used >= self.stand_ins - 1 and self.stand_ins < len(self.pool):
                    self._stand_ins_short = True
                    raise _Rebuild
            floaters = frozenset(self.glob[i] for i in to_rest if i < k)
            seated = frozenset(self.glob[i] for i in range(k) if k <= mate[i] < first_proxy)
            into_rest = sum(1 for i in to_rest if i >= k)
            leftovers = self._seat_in_next(seated, into_rest)
            if self.rest is not None and not self.rest.can_take(floaters | leftovers):
                self._widen()
                continue
            return mate

    def _widen(self) -> None:
        """The rest cannot take the window's floaters: its top players join the window in
        person (as many as the window has, then twice as many each time), with their weights
        less the completion field, and the rest below them is asked again. When that takes
        the whole rest, every player left is a member and the full weights decide, as once the
        bye's score group has entered the window."""
        assert self.rest is not None
        chunk = self.rest.pool[: max(len(self.members), len(self.extra), 8)]
        if len(chunk) == len(self.rest.pool):
            everyone = self.members + self.pool + self.extra + chunk
            self.members = [v for v in dict.fromkeys(everyone) if v not in self.final]
            self.final_mode = True
            self.rest = None
            self.pool, self._pool_set, self.extra = [], set(), []
            self.stand_ins = 0
            self.m = None
            return
        self.rest.remove(chunk)
        self.entered.update(chunk)
        self.extra += chunk
        self.m = None

    def _update_next_weights(self) -> None:
        assert self.m is not None
        k, first_proxy = self._k, self._first_proxy
        for u in self.pool_changed:
            i = self.loc.get(u)
            if i is None or u in self.final:
                continue
            w = self._next_weight(u)
            for s in range(k, first_proxy):
                self.m.set_weight(s, i, w)
        self.pool_changed.clear()

    def _seat_in_next(self, seated: frozenset[int], into_rest: int) -> frozenset[int]:
        """Seat the members sent to the next bracket against distinct opponents there and pair
        the others among themselves, ``into_rest`` of them left over for the rest; the leftovers.
        Raises :class:`_Rebuild` (the next bracket then joins in person) when it cannot."""
        if not self.pool:
            return frozenset()

        def compatible_pair(a: int, b: int) -> bool:
            return self.weight(a, b) > 0

        opponent = _seat(sorted(seated), self.pool, compatible_pair)
        if opponent is None:
            raise _Rebuild
        taken = set(opponent.values())
        others = [v for v in self.pool if v not in taken]
        left = pair_leaving(others, compatible_pair, into_rest)
        if left is None:
            raise _Rebuild
        return frozenset(left)

    # -- reading the optimum -------------------------------------------------------------------

    def settled(self) -> bool:
        return self.m is not None and self.m.settled and not self.pool_changed

    def excluded(self, a: int, b: int) -> bool:
        assert self.m is not None
        return self.m.excluded(self.loc[a], self.loc[b])

    def reroute(self, a: int, b: int) -> list[tuple[int, int]] | None:
        assert self.m is not None
        pairs = self.m.reroute(self.loc[a], self.loc[b])
        if pairs is None:
            return None
        k = self._k
        return [
            (self.glob[u] if u < k else self.n, self.glob[v] if v < k else self.n) for u, v in pairs
        ]

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        if self.m is not None:
            self.m.remove_pair(self.loc[a], self.loc[b])
        for v in (a, b):
            self.w.pop(v, None)


def _seat(
    players: list[int], seats: list[int], compatible_pair: Callable[[int, int], bool]
) -> dict[int, int] | None:
    """A distinct compatible seat for every player (bipartite augmenting paths), or None."""
    owner: dict[int, int] = {}
    seat_of: dict[int, int] = {}

    def place(p: int, seen: set[int]) -> bool:
        for s in seats:
            if s in seen or not compatible_pair(p, s):
                continue
            seen.add(s)
            if s not in owner or place(owner[s], seen):
                owner[s] = p
                seat_of[p] = s
                return True
        return False

    for p in players:
        if not place(p, set()):
            return None
    return seat_of


def start_window(ctx: Context, players: list[Player], top: int) -> tuple[WindowGraph, int]:
    """The whole-field graph's first answers, found on a pairing of the rest: the round can be
    completed ([C4]) and the bye's score is the lowest possible ([C5]). Returns the window graph
    and the bye's score; raises :class:`NeedFullGraph` when that cannot be shown this way (or
    when the bye falls in the top group, a case left to the whole field)."""
    n = len(players)
    odd = n & 1
    score = [ctx.score[p.index] for p in players]

    def compat(a: int, b: int) -> bool:
        return compatible(ctx, players[a], players[b])

    eligible = [ctx.eligible[p.index] for p in players]
    rest = RestPairing(range(n), compat, eligible if odd else [False] * n)
    bye_score = 0
    if odd:
        lowest = min((score[v] for v in range(n) if eligible[v]), default=None)
        if lowest is None:
            raise NeedFullGraph
        bye = rest.lowest_bye([[v for v in range(n) if eligible[v] and score[v] == lowest]])
        if bye is None:
            raise NeedFullGraph
        bye_score = score[bye]
        if top <= bye_score:
            raise NeedFullGraph
    elif not rest.settle():
        raise NeedFullGraph
    candidate = [is_bye_candidate(ctx, p, bye_score) for p in players]
    rest.candidate = candidate
    shift = completion_shift(ctx)
    initial = EdgeWeights(replace(ctx), bye_score)  # the whole field's first weights

    def kind(v: int) -> int:
        return initial.kind(players[v])

    def default_row(v: int, others: list[int]) -> list[int]:
        return initial.row([players[o] for o in others], players[v], False, False)

    # the completion field (1 + (not candidate[a]) + (not candidate[b])) << shift, per player
    completion = (1 << shift, [(not c) << shift for c in candidate])

    def is_final(rest_start: int) -> bool:
        return rest_start >= n or bool(odd and bye_score > score[rest_start])

    graph = WindowGraph(n, default_row, completion, rest, is_final, kind)
    return graph, bye_score


def bracket_window(n: int, kind: Callable[[int], int]) -> WindowGraph:
    """The graph of one bracket under the 2017 rules: the bracket with its next score group,
    nobody else (A.9: the rest is checked apart, C.4). Players may stay unpaired: the proxies
    take them, at the weight a pair of proxies has, so that the optimum is a maximum-weight
    matching of the bracket."""

    def no_weights(v: int, others: list[int]) -> list[int]:
        return [0] * len(others)

    def never(rest_start: int) -> bool:
        return False

    return WindowGraph(n, no_weights, (0, [0] * n), None, never, kind)
