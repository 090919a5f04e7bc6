"""Pair one round under the 2026 Dutch rules (C.04.3), bracket by bracket.

Each bracket is optimised with a maximum-weight matching over every player not yet paired, so the
completion criterion [C4] always holds; the weights (see :mod:`weights`) encode [C1]-[C21]. The
rules' generation order of candidates (art. 3-4: which MDPs are paired, their opponents, the
number of exchanges, the BSN differences, which players are exchanged, then S1 partners top down)
is reproduced by fixing one decision after the other, each time asking the matching whether the
best pairing is still reachable with that decision.

The matching is first solved over a window of the field (:mod:`window`), which gives the same
answers at a fraction of the cost; where that cannot be shown, the round is paired again over
every player (:class:`_Graph`).
"""

from __future__ import annotations

from pairing.engines.dutch.state import Player, State
from pairing.engines.dutch.weights import (
    Context,
    EdgeWeights,
    bits,
    compatible,
    edge_weight,
    eligible_for_bye,
    get_float,
)
from pairing.engines.dutch.window import NeedFullGraph, WindowGraph, start_window
from pairing.engines.matching import IncrementalMatching, NoPerfectMatching


class NoValidPairing(Exception):
    """No pairing satisfies the absolute criteria [C1]-[C3] (and [C4])."""


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

    def begin_bracket(self, window: list[int], next_start: int, rest_start: int) -> None:
        """The full graph holds every player already."""

    def settled(self) -> bool:
        return self.m.settled

    def excluded(self, a: int, b: int) -> bool:
        return self.m.excluded(a, b)

    def reroute(self, a: int, b: int) -> list[tuple[int, int]] | None:
        return self.m.reroute(a, b)

    def set_row(self, v: int, others: list[int], weights: list[int]) -> None:
        for o, w in zip(others, weights, strict=True):
            self.set(v, o, w)

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


def _settle_s1_choice(
    g: _Graph | WindowGraph,
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
    first = first_round_pairing(state)
    if first is not None:
        return first
    try:
        return _compute(state, c9_played_games, windowed=True)
    except NeedFullGraph:
        return _compute(state, c9_played_games, windowed=False)


def first_round_pairing(state: State) -> dict[int, int | None] | None:
    """Round 1 with every pairing score equal (no acceleration) and no forbidden pair.

    The field is one homogeneous bracket in which every pair is compatible and every edge
    weighs the same (nobody has a colour or float history), so the rules' first candidate is
    the pairing: S1, the top half by pairing number, against S2 in order (art. 3), and in an
    odd field the last player, eligible like everybody in round 1 ([C2]), takes the bye ([C5],
    art. 3: the one left of S2). None when the round is not of that kind.
    """
    players = state.to_pair()
    if state.played_rounds or state.forbidden or len(players) < 2:
        return None
    if len({state.score_acc(p) for p in players}) > 1:
        return None
    players.sort(key=lambda p: p.rank)
    half = len(players) // 2
    result: dict[int, int | None] = {}
    for a, b in zip(players[:half], players[half : 2 * half], strict=True):
        result[a.index] = b.index
        result[b.index] = a.index
    if len(players) % 2:
        result[players[-1].index] = None
    return result


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
        g, bye_score = start_window(ctx, players, top)
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

    pg_weight = EdgeWeights(ctx, bye_score)

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
        g.begin_bracket(by_index, sg_it, nxt_it)
        size = len(by_index)
        base = [[0] * size for _ in range(size)]
        in_window = [players[v] for v in by_index]
        for li in range(sg_begin, size):
            row = pg_weight.row(in_window[:li], in_window[li], li < next_begin, li >= next_begin)
            base[li][:li] = row
            g.set_row(by_index[li], by_index[:li], row)

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
