# ruff: noqa: B023  (the bracket closures are used within the iteration that defines them)
"""Pair one round under the 2017 Dutch rules (C.04.3 effective till 31 January 2026).

Same weighted-matching method as the 2026 pairer, with the 2017 criteria: the pairing score
differences (PSD, A.8) instead of [C7], no bye-score criterion, C.5-C.19 for the quality
criteria, every unplayed round counting as a downfloat, and the collapsed last bracket (PPB/CLB,
A.9): when the downfloaters of a bracket leave the rest of the round unpairable, that bracket is
paired again together with every remaining player.

Each bracket is optimised over its own players and the next score group only; a separate
cardinality check (C.4) over the whole remaining field decides whether the result stands.
"""

from __future__ import annotations

from pairing.engines.dutch.pairer import NoValidPairing, first_round_pairing
from pairing.engines.dutch.state import Player, State
from pairing.engines.dutch.weights import (
    FLOAT_DOWN,
    FLOAT_NONE,
    FLOAT_UP,
    Context,
    _colour_bits,
    bits,
    compatible,
    eligible_for_bye_2017,
)
from pairing.engines.matching import IncrementalMatching, NoPerfectMatching, max_weight_matching


def get_float_2017(state: State, p: Player, rounds_back: int) -> int:
    """2017 A.4: a player who did not play a round, for whatever reason, floated down."""
    m = p.matches[state.played_rounds - rounds_back]
    if not m.played:
        return FLOAT_DOWN
    ps = state.score_acc(p, rounds_back)
    os_ = state.score_acc(state.players[m.opponent], rounds_back)
    return FLOAT_DOWN if ps > os_ else FLOAT_UP if ps < os_ else FLOAT_NONE


class _Bracket:
    """Weights of one bracket's optimisation; finalised pairs drop out of later solves."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.w = [[0] * n for _ in range(n)]
        self.final: dict[int, int] = {}

    def set(self, a: int, b: int, weight: int) -> None:
        self.w[a][b] = weight
        self.w[b][a] = weight

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a

    def solve(self) -> list[int]:
        active = [v for v in range(self.n) if v not in self.final]
        pos = {v: i for i, v in enumerate(active)}
        edges = []
        for i, a in enumerate(active):
            row = self.w[a]
            for b in active[i + 1 :]:
                if row[b] > 0:
                    edges.append((i, pos[b], row[b]))
        mate = max_weight_matching(len(active), edges)
        out = list(range(self.n))
        for v, m in self.final.items():
            out[v] = m
        for i, a in enumerate(active):
            if mate[i] >= 0:
                out[a] = active[mate[i]]
        return out


def compute_matching_2017(state: State) -> dict[int, int | None]:
    """Return ``{player index: opponent index or None (PAB)}`` under the 2017 rules."""
    first = first_round_pairing(state)
    if first is not None:
        return first
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
    players = list(state.to_pair())
    score = {p.index: state.score_acc(p) for p in state.players if p.valid}
    players.sort(key=lambda p: (-score[p.index], p.rank))
    n = len(players)
    if n == 0:
        return {}
    pr = state.played_rounds
    ctx = Context(
        state=state,
        score=score,
        sg_bits=0,
        sg_shift_total=0,
        sg_shift={},
        top_threshold=(pr * max(state.scoring.win, state.scoring.draw)) >> 1,
        last_round=pr >= state.expected_rounds - 1,
        eligible={p.index: eligible_for_bye_2017(state, p) for p in players},
        fl1={p.index: get_float_2017(state, p, 1) for p in players} if pr else {},
        fl2={p.index: get_float_2017(state, p, 2) for p in players} if pr > 1 else {},
        played_ranks={},
    )
    elig = ctx.eligible
    # C.4: a perfect matching of everyone (plus a bye vertex for an odd field) must exist
    odd = n & 1
    validity = IncrementalMatching(n + odd)
    for a in range(n):
        for b in range(a):
            if compatible(ctx, players[a], players[b]):
                validity.set_weight(a, b, 1)
        if odd and elig[players[a].index]:
            validity.set_weight(a, n, 1)

    def complete() -> bool:
        try:
            validity.solve()
        except NoPerfectMatching:
            return False
        return True

    if not complete():
        raise NoValidPairing(
            "the players cannot all be paired while satisfying the absolute criteria C.1-C.3"
        )
    result: dict[int, int | None] = {}
    by_index: list[int] = []  # positions in ``players``
    nxt_it = 0
    top = score[players[0].index]
    while nxt_it < n and score[players[nxt_it].index] >= top:
        by_index.append(nxt_it)
        nxt_it += 1
    special = nxt_it == n
    sg_begin = 0
    guard = 0
    while len(by_index) > 1 or nxt_it < n:
        next_begin = len(by_index)
        sg_it = nxt_it
        while nxt_it < n and (
            special or score[players[nxt_it].index] >= score[players[sg_it].index]
        ):
            by_index.append(nxt_it)
            nxt_it += 1
        final_brackets = nxt_it == n
        size = len(by_index)
        sc = [score[players[v].index] for v in by_index]
        pl = [players[v] for v in by_index]
        min_score = sc[-1]
        diffs: list[int] = []
        for pi in range(next_begin):
            diffs.append(sc[pi] - min_score + 10)
            first = max(sg_begin, pi + 1)
            for oi in range(first, next_begin):
                if oi <= first or sc[oi] < sc[oi - 1]:
                    diffs.append(sc[pi] - sc[oi])
        diffs.sort()
        sd_shift: dict[int, int] = {}
        sd_total = 0
        run = 0
        for i, d in enumerate(diffs):
            run += 1
            if i + 1 == len(diffs) or diffs[i + 1] != d:
                sd_shift[d] = sd_total
                sd_total += bits(run)
                run = 0
        pcb = bits(next_begin - sg_begin)
        npcb = bits(size - next_begin)

        def weight(si: int, li: int) -> int:
            h, lo = pl[si], pl[li]
            if not compatible(ctx, h, lo):
                return 0
            h_cur, l_cur = si < next_begin, li < next_begin
            hs, ls = sc[si], sc[li]
            r = 0
            if special:
                r = 1 + (not elig[h.index]) + (not elig[lo.index])
            r = (r << pcb) + l_cur
            r <<= sd_total
            if l_cur:
                r += 1 << sd_shift[hs - min_score + 10]
                r += 1 << sd_shift[ls - min_score + 10]
                r -= 1 << sd_shift[hs - ls]
            if not special:
                if final_brackets:
                    r <<= max(pcb, npcb)
                    r <<= 3
                    r += 1 + (not elig[h.index]) + (not elig[lo.index])
                else:
                    r <<= npcb
                    r += not l_cur
                r <<= sd_total
                if h_cur:
                    r += 1 << sd_shift[hs - min_score + 10]
                if l_cur:
                    r += 1 << sd_shift[ls - min_score + 10]
            r = _colour_bits(r, lo, h, l_cur, pcb)
            for back, fl in ((1, ctx.fl1), (2, ctx.fl2)):
                if pr >= back:
                    r <<= pcb
                    if l_cur:
                        r += fl[lo.index] == FLOAT_DOWN
                        r += hs <= ls and fl[h.index] == FLOAT_DOWN
                    r <<= pcb
                    r -= l_cur and hs > ls and fl[lo.index] == FLOAT_UP
            for back, fl in ((1, ctx.fl1), (2, ctx.fl2)):
                if pr >= back:
                    r <<= sd_total
                    if l_cur:
                        if fl[lo.index] == FLOAT_DOWN:
                            r += 1 << sd_shift[ls - min_score + 10]
                        if fl[h.index] == FLOAT_DOWN:
                            r += 1 << sd_shift[hs - min_score + 10]
                            if hs > ls:
                                r -= 1 << sd_shift[hs - ls]
                    r <<= sd_total
                    if l_cur and fl[lo.index] == FLOAT_UP and hs > ls:
                        r -= 1 << sd_shift[hs - ls]
            return r << (3 * pcb + 1)

        base = [[0] * size for _ in range(size)]
        g = _Bracket(size)
        for li in range(sg_begin, size):
            for si in range(li):
                base[li][si] = weight(si, li)
                g.set(li, si, base[li][si])

        def ex_weight(si: int, li: int, s_rem: int, rem_pairs: int, base=base, pcb=pcb) -> int:
            r = base[li][si]
            if r:
                addend = int(s_rem < rem_pairs)
                addend <<= 2 * pcb
                addend -= s_rem
                addend <<= 1
                r += addend
            return r

        stable = g.solve()
        matched = [False] * size
        pairs_done: list[tuple[int, int]] = []

        def in_cur(v: int) -> bool:
            return sg_begin <= v < next_begin

        md_score = None
        remaining = remaining_matched = 0
        for pi in range(sg_begin):
            if pi == 0 or sc[pi] < md_score:
                md_score = sc[pi]
                remaining_matched = remaining = 0
                mi = pi
                while mi < size and sc[mi] >= md_score:
                    remaining += 1
                    if in_cur(stable[mi]):
                        remaining_matched += 1
                    mi += 1
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                matched[pi] = True
                continue
            remaining -= 1
            if not in_cur(stable[pi]):
                for oi in range(sg_begin, next_begin):
                    w = base[oi][pi]
                    if w:
                        g.set(pi, oi, w | 1)
                stable = g.solve()
            if in_cur(stable[pi]):
                matched[pi] = True
                remaining_matched -= 1
                for oi in range(sg_begin, next_begin):
                    w = base[oi][pi]
                    if w:
                        g.set(pi, oi, (w | (next_begin - sg_begin)) + 1)
        for pi in range(sg_begin):
            if not matched[pi]:
                continue
            addend = size
            for oi in range(next_begin - 1, sg_begin - 1, -1):
                if matched[oi]:
                    continue
                w = base[oi][pi]
                if w:
                    g.set(pi, oi, w + addend)
                    addend += 1
            stable = g.solve()
            mv = stable[pi]
            matched[mv] = True
            g.finalize(pi, mv)
            pairs_done.append((pi, mv))
        remainder = []
        rem_pairs = 0
        for pi in range(sg_begin, next_begin):
            if stable[pi] < sg_begin:
                continue
            remainder.append(pi)
            if stable[pi] < pi:
                rem_pairs += 1
        for oi in remainder:
            for s_pos, pi in enumerate(remainder):
                if oi <= pi:
                    break
                g.set(pi, oi, ex_weight(pi, oi, s_pos, rem_pairs))
        stable = g.solve()

        def is_upper(v: int) -> bool:
            return stable[v] > v and stable[v] < next_begin

        exchange_count = sum(
            not is_upper(remainder[pos]) for pos in range(min(rem_pairs, len(remainder)))
        )
        exch_left = exchange_count
        pos = rem_pairs
        while pos > 0 and exch_left:
            opp_pos = pos
            pos -= 1
            pi = remainder[pos]
            if is_upper(pi):
                for op2 in range(opp_pos, len(remainder)):
                    w = ex_weight(pi, remainder[op2], pos, rem_pairs)
                    if w:
                        g.set(pi, remainder[op2], w - 1)
                stable = g.solve()
            exchange = not is_upper(pi)
            exch_left -= exchange
            for op2 in range(pos + 1, len(remainder)):
                oi = remainder[op2]
                if exchange:
                    base[oi][pi] = 0
                g.set(pi, oi, ex_weight(pi, oi, pos, rem_pairs))
        exch_left = exchange_count
        for pos in range(rem_pairs, len(remainder)):
            if exch_left <= 1:
                break
            pi = remainder[pos]
            already = is_upper(pi)
            if not already:
                for op2 in range(pos + 1, len(remainder)):
                    w = ex_weight(pi, remainder[op2], pos, rem_pairs)
                    if w:
                        g.set(pi, remainder[op2], w + 1)
                stable = g.solve()
            if is_upper(pi):
                exch_left -= 1
                for op2 in range(pos):
                    oi = remainder[op2]
                    base[pi][oi] = 0
                    g.set(pi, oi, 0)
                for oi in range(next_begin, size):
                    base[oi][pi] = 0
                    g.set(pi, oi, 0)
            if not already:
                for op2 in range(pos + 1, len(remainder)):
                    oi = remainder[op2]
                    g.set(pi, oi, ex_weight(pi, oi, pos, rem_pairs))
        for pos, pi in enumerate(remainder):
            for op2 in range(pos + 1, len(remainder)):
                oi = remainder[op2]
                if not is_upper(pi) or is_upper(oi):
                    base[oi][pi] = 0
                g.set(pi, oi, base[oi][pi])
        for pi in remainder:
            if is_upper(pi):
                addend = 0
                for oi in reversed(remainder):
                    if oi <= pi or matched[oi]:
                        continue
                    w = base[oi][pi]
                    if w:
                        g.set(pi, oi, w + addend)
                    addend += 1
                stable = g.solve()
                mv = stable[pi]
                matched[pi] = True
                matched[mv] = True
                g.finalize(pi, mv)
                pairs_done.append((pi, mv))
        for a, b in pairs_done:
            validity.remove_pair(by_index[a], by_index[b])
        if not special and not complete():
            # this bracket is the penultimate one: pair it with everybody left (PPB + CLB)
            by_index = by_index[:next_begin]
            nxt_it = sg_it
            special = True
            continue
        special = nxt_it == n
        new_by_index = []
        new_begin = 0
        for pi in range(size):
            if pi < next_begin and matched[pi]:
                a, b = players[by_index[pi]].index, players[by_index[stable[pi]]].index
                result[a] = b
                result[b] = a
            else:
                new_by_index.append(by_index[pi])
                if pi < next_begin:
                    new_begin += 1
        guard += 1
        if guard > 4 * n + 4:
            raise NoValidPairing("the bracket procedure made no progress")
        by_index = new_by_index
        sg_begin = new_begin
    for p in players:
        if p.index not in result:
            result[p.index] = None
    return result
