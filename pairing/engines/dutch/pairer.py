"""Pair one round under the 2026 Dutch rules (C.04.3), bracket by bracket.

Each bracket is optimised with a maximum-weight matching over every player not yet paired, so the
completion criterion [C4] always holds; the weights (see :mod:`weights`) encode [C1]-[C21]. The
rules' generation order of candidates (art. 3-4: which MDPs are paired, their opponents, the
number of exchanges, the BSN differences, which players are exchanged, then S1 partners top down)
is reproduced by fixing one decision after the other, each time asking the matching whether the
best pairing is still reachable with that decision.

Only the bracket and the next one matter for [C6]-[C21]; every player below them (the *rest*)
only has to complete the round ([C4]) with the bye, if any, to a candidate ([C2], [C5]), and
any pairing of the rest is as good as any other. So the matching is solved over that *window*
alone, players floating into the rest being matched to stand-ins of weight zero, and each answer
is accepted only when :mod:`completion` shows the rest can take the floaters. This gives the
same optimum as the matching over every player at a fraction of the size; when the rest cannot
be shown to complete, the round is paired again over every player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pairing.engines.dutch.completion import RestPairing
from pairing.engines.dutch.state import Player, State
from pairing.engines.dutch.weights import (
    Context,
    bits,
    compatible,
    completion_shift,
    edge_weight,
    eligible_for_bye,
    get_float,
    is_bye_candidate,
)
from pairing.engines.matching import IncrementalMatching, NoPerfectMatching


class NoValidPairing(Exception):
    """No pairing satisfies the absolute criteria [C1]-[C3] (and [C4])."""


class _NeedFull(Exception):
    """The window cannot be shown to give the exact answer: pair over every player."""


class _Graph:
    """The players still to pair, as an incremental maximum-weight matching problem.

    Mirrors the endorsed engine's matching computer: weights are set edge by edge, finalised
    pairs leave the graph, and each solve starts from the previous optimum."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.w = [[0] * n for _ in range(n)]
        self.final: dict[int, int] = {}
        self.solves = 0
        self.m = IncrementalMatching(n)

    def set(self, a: int, b: int, weight: int) -> None:
        if self.w[a][b] != weight:
            self.w[a][b] = weight
            self.w[b][a] = weight
            if a not in self.final and b not in self.final:
                self.m.set_weight(a, b, weight)

    def begin_bracket(self, window: list[int], rest_start: int) -> None:
        """The full graph holds every player already."""

    def settled(self) -> bool:
        return self.m.settled

    def excluded(self, a: int, b: int) -> bool:
        return self.m.excluded(a, b)

    def reroute(self, a: int, b: int) -> list[tuple[int, int]] | None:
        return self.m.reroute(a, b)

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        self.m.remove_pair(a, b)

    def solve(self) -> list[int]:
        self.solves += 1
        try:
            mate = self.m.solve()
        except NoPerfectMatching:
            mate = [-1] * self.n
        out = list(range(self.n))
        for v, m in enumerate(mate):
            if m >= 0:
                out[v] = m
        for v, m in self.final.items():
            out[v] = m
        return out


class _WindowGraph:
    """The matching over the window: the MDPs, the bracket and the next bracket.

    Weights are stored as the full graph would hold them (pairs never set keep their initial
    weight, from ``default_weight``). While players remain below the window, the matching uses
    each weight less its completion field (vertex-separable: constant over the pairings that
    complete the round), plus one, and ``proxies`` stand-ins of weight one take the players who
    float into the rest; it is rebuilt with twice as many if they all get used, since the optimum
    may then want more. Once the bye's score group enters the window (or nobody is left below),
    every remaining player joins and the full weights are used, as in :class:`_Graph`.
    """

    def __init__(
        self,
        n: int,
        default_weight: Callable[[int, int], int],
        completion_field: Callable[[int, int], int],
        rest: RestPairing,
        is_final: Callable[[int], bool],
    ) -> None:
        self.n = n
        self.default_weight = default_weight
        self.completion_field = completion_field
        self.rest: RestPairing | None = rest
        self.is_final = is_final
        self.w: dict[int, dict[int, int]] = {}
        self.final: dict[int, int] = {}
        self.members: list[int] = []
        self.member_set: set[int] = set()
        self.final_mode = False
        self.proxies = 4
        self.m: IncrementalMatching | None = None
        self.loc: dict[int, int] = {}
        self.glob: list[int] = []
        self.solves = 0

    def weight(self, a: int, b: int) -> int:
        lo, hi = (a, b) if a < b else (b, a)
        row = self.w.get(lo)
        if row is not None and hi in row:
            return row[hi]
        return self.default_weight(lo, hi)

    def _matching_weight(self, a: int, b: int, w: int) -> int:
        if self.final_mode or w <= 0:
            return w
        return w - self.completion_field(a, b) + 1

    def set(self, a: int, b: int, weight: int) -> None:
        lo, hi = (a, b) if a < b else (b, a)
        m = self.m
        if m is not None and lo in self.loc and hi in self.loc:
            if self.weight(lo, hi) == weight:
                return
            if lo not in self.final and hi not in self.final:
                m.set_weight(self.loc[a], self.loc[b], self._matching_weight(lo, hi, weight))
        self.w.setdefault(lo, {})[hi] = weight

    def settled(self) -> bool:
        return self.m is not None and self.m.settled

    def excluded(self, a: int, b: int) -> bool:
        assert self.m is not None
        return self.m.excluded(self.loc[a], self.loc[b])

    def reroute(self, a: int, b: int) -> list[tuple[int, int]] | None:
        assert self.m is not None
        pairs = self.m.reroute(self.loc[a], self.loc[b])
        if pairs is None:
            return None
        k = len(self.glob)
        return [
            (self.glob[u] if u < k else self.n, self.glob[v] if v < k else self.n) for u, v in pairs
        ]

    def begin_bracket(self, window: list[int], rest_start: int) -> None:
        if self.final_mode:
            return
        new = [v for v in window if v not in self.member_set]
        if self.is_final(rest_start):
            self.final_mode = True
            new += range(rest_start, self.n)
            self.rest = None
            self.m = None
        elif new:
            assert self.rest is not None
            self.rest.remove(new)
        if new:
            self.members += new
            self.member_set.update(new)
            self.m = None

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        if self.m is not None:
            self.m.remove_pair(self.loc[a], self.loc[b])
        for v in (a, b):
            self.w.pop(v, None)

    def _build(self) -> None:
        members = [v for v in self.members if v not in self.final]
        self.members = members
        k = len(members)
        extra = 0
        if not self.final_mode:
            extra = self.proxies + ((k + self.proxies) & 1)
        m = IncrementalMatching(k + extra, changed_first=True)
        for i, a in enumerate(members):
            for j in range(i):
                b = members[j]
                w = self.weight(a, b)
                if w > 0:
                    m.set_weight(i, j, self._matching_weight(a, b, w))
        for p in range(k, k + extra):
            for i in range(p):
                m.set_weight(p, i, 1)
        self.m = m
        self.glob = members
        self.loc = {v: i for i, v in enumerate(members)}

    def solve(self) -> list[int]:
        self.solves += 1
        while True:
            if self.m is None:
                self._build()
            assert self.m is not None
            k = len(self.glob)
            try:
                mate = self.m.solve()
            except NoPerfectMatching:
                if self.final_mode:
                    mate = [-1] * k
                    break
                self.proxies *= 2
                self.m = None
                continue
            if self.final_mode:
                break
            floaters = [self.glob[i] for i in range(k) if mate[i] >= k]
            if len(floaters) >= self.proxies:
                self.proxies *= 2
                self.m = None
                continue
            assert self.rest is not None
            if not self.rest.can_take(floaters):
                raise _NeedFull
            break
        out = list(range(self.n))
        for i, v in enumerate(self.glob):
            mi = mate[i]
            if mi >= 0:
                out[v] = self.glob[mi] if mi < k else self.n
        for v, mv in self.final.items():
            out[v] = mv
        return out


def _window_start(
    ctx: Context, players: list[Player], top: int, c9_played_games: bool
) -> tuple[_WindowGraph, int]:
    """The initial checks of the full graph, done on the rest's pairing: the round can be
    completed ([C4]) and the bye's score is the lowest possible ([C5]); raises :class:`_NeedFull`
    when that cannot be shown this way (or when the bye is in the top group, a case left to the
    full graph)."""
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
            raise _NeedFull
        bye = rest.lowest_bye([[v for v in range(n) if eligible[v] and score[v] == lowest]])
        if bye is None:
            raise _NeedFull
        bye_score = score[bye]
        if top <= bye_score:
            raise _NeedFull
    elif not rest.settle():
        raise _NeedFull
    candidate = [is_bye_candidate(ctx, p, bye_score) for p in players]
    rest.candidate = candidate
    shift = completion_shift(ctx)
    initial = replace(ctx)  # the weights the full graph starts from (is_single unset)

    def default_weight(hi: int, lo: int) -> int:
        return edge_weight(initial, players[hi], players[lo], False, False, bye_score)

    def completion_field(a: int, b: int) -> int:
        return (1 + (not candidate[a]) + (not candidate[b])) << shift

    def is_final(rest_start: int) -> bool:
        return rest_start >= n or bool(odd and bye_score > score[rest_start])

    return _WindowGraph(n, default_weight, completion_field, rest, is_final), bye_score


def _settle_s1_choice(
    g: _Graph | _WindowGraph,
    stable: list[int],
    pv: int,
    pi: int,
    remainder: list[int],
    by_index: list[int],
    base: list[list[int]],
    matched: list[bool],
) -> bool:
    """Give S1 player ``pv`` the first S2 player still possible (art. 4.3) without a solve,
    when the optimal duals allow it: every candidate before ``pv``'s partner that has a
    positive reduced cost is in no maximum-weight matching (complementary slackness), and the
    first one that has none is taken when an alternating path of tight edges lets the others
    keep an optimum (``stable`` is updated). False when a solve must decide."""
    if not g.settled():
        return False
    for oi in remainder:
        if oi <= pi or not base[oi][pi]:
            continue
        ov = by_index[oi]
        if matched[ov]:
            continue
        if ov == stable[pv]:
            return True
        if g.excluded(pv, ov):
            continue
        pairs = g.reroute(pv, ov)
        if pairs is None:
            return False
        for u, v in pairs:
            if u < len(stable):
                stable[u] = v
            if v < len(stable):
                stable[v] = u
        return True
    return False


def _rank_played_games(
    ctx: Context, players: list[Player], bye_score: int, c9_played_games: bool
) -> None:
    """[C9]: rank the possible bye assignees by played games (fewer rank higher: they are
    kept out of the bye)."""
    counts = sorted(
        (p.played_games if c9_played_games else 0)
        for p in players
        if ctx.score[p.index] == bye_score
    )
    counts.reverse()
    for rank, c in enumerate(counts):
        ctx.played_ranks[c] = rank


def _complete(matching: list[int]) -> bool:
    unmatched = sum(1 for v, m in enumerate(matching) if m == v)
    return unmatched <= 1


def compute_matching(state: State, *, c9_played_games: bool = True) -> dict[int, int | None]:
    """Return ``{player index: opponent index or None (PAB)}`` for the players to pair."""
    try:
        return _compute(state, c9_played_games, windowed=True)
    except _NeedFull:
        return _compute(state, c9_played_games, windowed=False)


def _compute(state: State, c9_played_games: bool, windowed: bool) -> dict[int, int | None]:
    players = [p for p in state.to_pair()]
    # forbid rematches of played games (forfeits do not count: C.04.2 art. 3.5)
    forb = set(state.forbidden)
    for p in state.players:
        if p.valid:
            for m in p.matches:
                if m.played:
                    forb.add((p.index, m.opponent))
                    forb.add((m.opponent, p.index))
    state = State(
        state.players,
        state.played_rounds,
        state.expected_rounds,
        state.scoring,
        state.initial_colour,
        frozenset(forb),
        state.start_date,
        state.system,
    )
    score = {p.index: state.score_acc(p) for p in state.players if p.valid}
    players.sort(key=lambda p: (-score[p.index], p.rank))
    n = len(players)
    if n == 0:
        return {}
    # bits to prioritise scores: one shift per score group, from the lowest score up
    sg_shift: dict[int, int] = {}
    shift_total = 0
    max_group = 0
    count = 0
    for i in range(n - 1, -1, -1):
        count += 1
        s = score[players[i].index]
        if i == 0 or s < score[players[i - 1].index]:
            sg_shift[s] = shift_total
            max_group = max(max_group, count)
            shift_total += bits(count)
            count = 0
    sg_bits = bits(max_group)
    pr = state.played_rounds
    ctx = Context(
        state=state,
        score=score,
        sg_bits=sg_bits,
        sg_shift_total=shift_total,
        sg_shift=sg_shift,
        top_threshold=(pr * max(state.scoring.win, state.scoring.draw)) >> 1,
        last_round=pr >= state.expected_rounds - 1,
        eligible={p.index: eligible_for_bye(state, p) for p in players},
        fl1={p.index: get_float(state, p, 1) for p in players} if pr else {},
        fl2={p.index: get_float(state, p, 2) for p in players} if pr > 1 else {},
        played_ranks={},
        use_played=c9_played_games,
    )
    odd = n & 1
    top = score[players[0].index]
    if windowed:
        g, bye_score = _window_start(ctx, players, top, c9_played_games)
    else:
        g = _Graph(n)
        for pi in range(n):
            p = players[pi]
            for oi in range(pi):
                o = players[oi]
                if odd:
                    w = 0
                    if compatible(ctx, p, o):
                        w = 1 + (not ctx.eligible[p.index]) + (not ctx.eligible[o.index])
                        w <<= shift_total
                        w += sg_shift[score[p.index]] + sg_shift[score[o.index]]
                        w <<= sg_bits
                        w += score[p.index] >= top
                else:
                    w = edge_weight(ctx, o, p, False, False, 0)
                g.set(pi, oi, w)
        matching = g.solve()
        if not _complete(matching) or any(
            matching[v] == v and not ctx.eligible[players[v].index] for v in range(n)
        ):
            raise NoValidPairing(
                "the players cannot all be paired while satisfying the absolute criteria [C1]-[C3]"
            )
        bye_score = 0
        if odd:
            for v in range(n):
                if matching[v] == v:
                    bye_score = score[players[v].index]
                    break
            if top <= bye_score:
                ctx.is_single = True
                for v in range(n):
                    if score[players[v].index] < top:
                        break
                    if score[players[matching[v]].index] < top:
                        ctx.is_single = False
                        break
    if odd:
        _rank_played_games(ctx, players, bye_score, c9_played_games)
        if not windowed:
            for pi in range(n):
                for oi in range(pi):
                    w = edge_weight(ctx, players[oi], players[pi], False, False, bye_score)
                    g.set(pi, oi, w)

    def pg_weight(hi: Player, lo: Player, cur: bool, nxt: bool) -> int:
        return edge_weight(ctx, hi, lo, cur, nxt, bye_score)

    result: dict[int, int | None] = {}
    by_index: list[int] = []  # vertices of the current bracket and the next
    nxt_it = 0
    while nxt_it < n and score[players[nxt_it].index] >= top:
        by_index.append(nxt_it)
        nxt_it += 1
    matched = [False] * n
    sg_begin = 0  # number of MDPs in the current bracket
    sg_begin_vertex = 0
    while len(by_index) > 1 or nxt_it < n:
        next_begin = len(by_index)
        next_begin_vertex = sg_begin_vertex + (next_begin - sg_begin)
        sg_it = nxt_it
        while nxt_it < n and score[players[nxt_it].index] >= score[players[sg_it].index]:
            by_index.append(nxt_it)
            nxt_it += 1
        g.begin_bracket(by_index, nxt_it)
        size = len(by_index)
        base = [[0] * size for _ in range(size)]
        for li in range(sg_begin, size):
            for si in range(li):
                base[li][si] = pg_weight(
                    players[by_index[si]],
                    players[by_index[li]],
                    li < next_begin,
                    li >= next_begin,
                )
                g.set(by_index[li], by_index[si], base[li][si])

        def ex_weight(si: int, li: int, s_rem: int, rem_pairs: int, base=base) -> int:
            r = base[li][si]
            if r:
                addend = int(s_rem < rem_pairs)
                addend <<= 2 * sg_bits
                addend -= s_rem
                addend <<= 1
                r += addend
            return r

        stable = g.solve()

        def in_cur(v: int) -> bool:
            return sg_begin_vertex <= v < next_begin_vertex  # noqa: B023 (same iteration)

        # choose the MDPs to pair (art. 4.4: M1 MDPs, best set first)
        md_score = None
        remaining = remaining_matched = 0
        for pi in range(sg_begin):
            ps = score[players[by_index[pi]].index]
            if pi == 0 or ps < md_score:
                md_score = ps
                remaining_matched = remaining = 0
                mi = pi
                while mi < size and score[players[by_index[mi]].index] >= md_score:
                    remaining += 1
                    if in_cur(stable[by_index[mi]]):
                        remaining_matched += 1
                    mi += 1
            if not remaining_matched:
                continue
            pv = by_index[pi]
            if remaining <= remaining_matched:
                matched[pv] = True
                continue
            remaining -= 1
            if not in_cur(stable[pv]):
                for oi in range(sg_begin, next_begin):
                    w = base[oi][pi]
                    if w:
                        g.set(pv, by_index[oi], w | 1)
                stable = g.solve()
            if in_cur(stable[pv]):
                matched[pv] = True
                remaining_matched -= 1
                for oi in range(sg_begin, next_begin):
                    w = base[oi][pi]
                    if w:
                        g.set(pv, by_index[oi], (w | (next_begin - sg_begin)) + 1)
        # choose the MDPs' opponents: MDPs in order, each the highest resident still possible
        for pi in range(sg_begin):
            pv = by_index[pi]
            if not matched[pv]:
                continue
            addend = size
            for oi in range(next_begin - 1, sg_begin - 1, -1):
                ov = by_index[oi]
                if matched[ov]:
                    continue
                w = base[oi][pi]
                if w:
                    g.set(pv, ov, w + addend)
                    addend += 1
            stable = g.solve()
            mv = stable[pv]
            matched[mv] = True
            g.finalize(pv, mv)
        # the remainder
        remainder = []
        rem_pairs = 0
        for pi in range(sg_begin, next_begin):
            pv = by_index[pi]
            if stable[pv] < sg_begin_vertex:
                continue
            remainder.append(pi)
            if stable[pv] < pv:
                rem_pairs += 1
        for a_pos, oi in enumerate(remainder):
            ov = by_index[oi]
            for s_pos, pi in enumerate(remainder):
                if oi <= pi:
                    break
                g.set(by_index[pi], ov, ex_weight(pi, oi, s_pos, rem_pairs))
            del a_pos
        stable = g.solve()
        first_group_end = rem_pairs  # position in remainder

        def is_upper(v: int) -> bool:
            return stable[v] > v and stable[v] < next_begin_vertex  # noqa: B023 (same iteration)

        exchange_count = 0
        for pos in range(min(rem_pairs, len(remainder))):
            pv = by_index[remainder[pos]]
            exchange_count += not is_upper(pv)
        # lower players from S1 to be exchanged where possible
        exch_left = exchange_count
        pos = first_group_end
        while pos > 0 and exch_left:
            opp_pos = pos
            pos -= 1
            pi = remainder[pos]
            pv = by_index[pi]
            if is_upper(pv):
                for op2 in range(opp_pos, len(remainder)):
                    w = ex_weight(pi, remainder[op2], pos, rem_pairs)
                    if w:
                        g.set(pv, by_index[remainder[op2]], w - 1)
                stable = g.solve()
            exchange = not is_upper(pv)
            exch_left -= exchange
            for op2 in range(pos + 1, len(remainder)):
                oi = remainder[op2]
                if exchange:
                    base[oi][pi] = 0
                g.set(pv, by_index[oi], ex_weight(pi, oi, pos, rem_pairs))
        # higher players from S2 to be exchanged where possible
        exch_left = exchange_count
        rem_idx = rem_pairs
        for pos in range(first_group_end, len(remainder)):
            if exch_left <= 1:
                break
            pi = remainder[pos]
            pv = by_index[pi]
            already = is_upper(pv)
            if not already:
                for op2 in range(pos + 1, len(remainder)):
                    w = ex_weight(pi, remainder[op2], rem_idx, rem_pairs)
                    if w:
                        g.set(pv, by_index[remainder[op2]], w + 1)
                stable = g.solve()
            exchange = is_upper(pv)
            if exchange:
                exch_left -= 1
                for op2 in range(pos):
                    oi = remainder[op2]
                    base[pi][oi] = 0
                    g.set(pv, by_index[oi], 0)
                for oi in range(next_begin, size):
                    base[oi][pi] = 0
                    g.set(pv, by_index[oi], 0)
            if not already:
                for op2 in range(pos + 1, len(remainder)):
                    oi = remainder[op2]
                    g.set(pv, by_index[oi], ex_weight(pi, oi, rem_idx, rem_pairs))
            rem_idx += 1
        # finalise which players are exchanged
        for pos, pi in enumerate(remainder):
            pv = by_index[pi]
            for op2 in range(pos + 1, len(remainder)):
                oi = remainder[op2]
                ov = by_index[oi]
                if not is_upper(pv) or is_upper(ov):
                    base[oi][pi] = 0
                    g.set(pv, ov, 0)
                # an S1 player's edges down keep the exchange stage's weight: it adds the same
                # amount to each of them, so neither the optimum nor the partner chosen below
                # changes, and the optimum need not be searched again
        # S1 partners, top down: each S1 player the highest S2 player still possible
        for pi in remainder:
            pv = by_index[pi]
            if is_upper(pv):
                if not _settle_s1_choice(g, stable, pv, pi, remainder, by_index, base, matched):
                    addend = 0
                    for oi in reversed(remainder):
                        ov = by_index[oi]
                        if oi <= pi or matched[ov]:
                            continue
                        w = base[oi][pi]
                        if w:
                            g.set(pv, ov, w + addend)
                        addend += 1
                    stable = g.solve()
                mv = stable[pv]
                matched[pv] = True
                matched[mv] = True
                g.finalize(pv, mv)
        # next bracket
        new_by_index = []
        new_begin = 0
        ctx.is_single = bool(odd and sg_it < n and bye_score >= score[players[sg_it].index])
        next_score = score[players[sg_it].index] if sg_it < n else None
        for pi in range(size):
            pv = by_index[pi]
            if pi < next_begin and matched[pv]:
                a, b = players[pv].index, players[stable[pv]].index
                result[a] = b
                result[b] = a
            else:
                new_by_index.append(pv)
                if pi < next_begin:
                    new_begin += 1
                if ctx.is_single and (
                    stable[pv] >= n or score[players[stable[pv]].index] < next_score
                ):
                    ctx.is_single = False
        by_index = new_by_index
        sg_begin = new_begin
        sg_begin_vertex = next_begin_vertex
    for p in players:
        if p.index not in result:
            result[p.index] = None
    return result
