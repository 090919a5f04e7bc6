"""Pair one round under the 2017 Dutch rules (C.04.3 effective till 31 January 2026).

Same weighted-matching method as the 2026 pairer, with the 2017 criteria: the pairing score
differences (PSD, A.8) instead of [C7], no bye-score criterion, C.5-C.19 for the quality
criteria, every unplayed round counting as a downfloat, and the collapsed last bracket (PPB/CLB,
A.9): when the downfloaters of a bracket leave the rest of the round unpairable, that bracket is
paired again together with every remaining player.

The bracket procedure is the 2026 one (:mod:`bracket`); each bracket is optimised over its own
players and the next score group only (:func:`window.bracket_window`, solved incrementally), and
C.4 is checked after it on a kept pairing of everybody left (:class:`completion.RestPairing`,
with an exact matching only when its search gives up).
"""

from __future__ import annotations

from pairing.engines.dutch.bracket import NoValidPairing, ScoreBracket, forbid_rematches, pair_field
from pairing.engines.dutch.completion import RestPairing
from pairing.engines.dutch.pairer import first_round_pairing
from pairing.engines.dutch.state import Player, State
from pairing.engines.dutch.weights import (
    FLOAT_DOWN,
    FLOAT_NONE,
    FLOAT_UP,
    Context,
    PlayerKinds,
    _colour_bits,
    bits,
    colours_allow,
    compatible,
    eligible_for_bye_2017,
    floats,
)
from pairing.engines.dutch.window import WindowGraph, bracket_window
from pairing.engines.matching import IncrementalMatching, NoPerfectMatching


def get_float_2017(state: State, p: Player, rounds_back: int) -> int:
    """2017 A.4: a player who did not play a round, for whatever reason, floated down."""
    m = p.results[state.played_rounds - rounds_back]
    if not m.played:
        return FLOAT_DOWN
    ps = state.score_acc(p, rounds_back)
    os_ = state.score_acc(state.players[m.opponent], rounds_back)
    return FLOAT_DOWN if ps > os_ else FLOAT_UP if ps < os_ else FLOAT_NONE


def compute_matching_2017(state: State) -> dict[int, int | None]:
    """Return ``{player index: opponent index or None (PAB)}`` under the 2017 rules."""
    first = first_round_pairing(state)
    if first is not None:
        return first
    state = forbid_rematches(state)
    return pair_field(state, Rules2017(state))


class Rules2017:
    """The 2017 criteria on the bracket procedure: each bracket is optimised with its next
    score group only (PSD-based weights, A.8), C.4 is checked over everybody left after it, and
    a bracket that fails it is paired again with everybody left (PPB + CLB, A.9)."""

    collapses = True

    def __init__(self, state: State) -> None:
        self.state = state

    def start(self, players: list[Player]) -> None:
        state = self.state
        self.players = players
        n = len(players)
        played = state.played_rounds
        self.ctx = ctx = Context(
            state=state,
            score={p.index: state.score_acc(p) for p in state.players if p.valid},
            pair_bits=0,
            score_bits=0,
            score_shift={},
            top_threshold=(played * max(state.scoring.win, state.scoring.draw)) >> 1,
            last_round=played >= state.expected_rounds - 1,
            eligible={p.index: eligible_for_bye_2017(state, p) for p in players},
            float_last_round=floats(state, players, get_float_2017, 1),
            float_round_before=floats(state, players, get_float_2017, 2),
            played_ranks={},
        )
        self.kind = PlayerKinds(ctx)
        self.forbidden_of: dict[int, list[int]] = {}  # [C1]: player -> those it may not meet
        for a, b in state.forbidden:
            self.forbidden_of.setdefault(b, []).append(a)
        self.left = set(range(n))
        self.bye_candidate = [bool(n & 1) and ctx.eligible[p.index] for p in players]
        self.rest = RestPairing(range(n), self._compatible, self.bye_candidate)
        if not self._complete():
            raise NoValidPairing(
                "the players cannot all be paired while satisfying the absolute criteria C.1-C.3"
            )

    def _compatible(self, a: int, b: int) -> bool:
        return compatible(self.ctx, self.players[a], self.players[b])

    def _complete(self) -> bool:
        """C.4: can everybody left be paired, at most one (a bye candidate) left over? The
        pairing kept of them answers yes; when its search gives up, an exact matching says."""
        if self.rest.settle():
            return True
        left = sorted(self.left)
        odd = len(left) & 1
        exact = IncrementalMatching(len(left) + odd)
        for i, a in enumerate(left):
            for j in range(i):
                if self._compatible(a, left[j]):
                    exact.set_weight(i, j, 1)
            if odd and self.bye_candidate[a]:
                exact.set_weight(i, len(left), 1)
        try:
            exact.solve()
        except NoPerfectMatching:
            return False
        return True

    def open_bracket(
        self, vertices: list[int], mdps: int, next_start: int, next_group: range, collapsed: bool
    ) -> tuple[WindowGraph, list[list[int]], int]:
        ctx, played = self.ctx, self.state.played_rounds
        elig = ctx.eligible
        final_brackets = next_group.stop == len(self.players)
        size = len(vertices)
        pl = [self.players[v] for v in vertices]
        sc = [ctx.score[p.index] for p in pl]
        min_score = sc[-1]
        diffs: list[int] = []
        for higher in range(next_start):
            diffs.append(sc[higher] - min_score + 10)
            first = max(mdps, higher + 1)
            for lower in range(first, next_start):
                if lower <= first or sc[lower] < sc[lower - 1]:
                    diffs.append(sc[higher] - sc[lower])
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
        pcb = bits(next_start - mdps)
        npcb = bits(size - next_start)

        def weight(h: Player, lo: Player, h_cur: bool, l_cur: bool) -> int:
            """The weight of ``h``-``lo`` ([C1] aside: forbidden pairs are zeroed apart)."""
            if not colours_allow(ctx, h, lo):
                return 0
            hs, ls = ctx.score[h.index], ctx.score[lo.index]
            r = 0
            if collapsed:
                r = 1 + (not elig[h.index]) + (not elig[lo.index])
            r = (r << pcb) + l_cur
            r <<= sd_total
            if l_cur:
                r += 1 << sd_shift[hs - min_score + 10]
                r += 1 << sd_shift[ls - min_score + 10]
                r -= 1 << sd_shift[hs - ls]
            if not collapsed:
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
            for back, fl in ((1, ctx.float_last_round), (2, ctx.float_round_before)):
                if played >= back:
                    r <<= pcb
                    if l_cur:
                        r += fl[lo.index] == FLOAT_DOWN
                        r += hs <= ls and fl[h.index] == FLOAT_DOWN
                    r <<= pcb
                    r -= l_cur and hs > ls and fl[lo.index] == FLOAT_UP
            for back, fl in ((1, ctx.float_last_round), (2, ctx.float_round_before)):
                if played >= back:
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

        g = bracket_window(len(self.players), lambda v: self.kind(self.players[v]))
        g.begin_bracket(vertices, next_group.start, next_group.stop)
        # a weight depends on the two players' kinds and on which of them are in the bracket
        kinds = [self.kind(p) for p in pl]
        position = {p.index: i for i, p in enumerate(pl)}
        example = self.kind.example
        known: dict[tuple[int, int, bool, bool], int] = {}
        weights = [[0] * size for _ in range(size)]
        for lower in range(mdps, size):
            l_cur = lower < next_start
            kl = kinds[lower]
            row: list[int] = []
            for start, stop, h_cur in (
                (0, min(lower, next_start), True),
                (next_start, lower, False),
            ):
                segment = kinds[start:stop]
                table = {}
                for kh in set(segment):
                    key = (kh, kl, h_cur, l_cur)
                    if key not in known:
                        known[key] = weight(example[kh], example[kl], h_cur, l_cur)
                    table[kh] = known[key]
                row += map(table.__getitem__, segment)
            for other in self.forbidden_of.get(pl[lower].index, ()):
                higher = position.get(other, size)
                if higher < lower:
                    row[higher] = 0
            weights[lower][:lower] = row
            g.set_row(vertices[lower], vertices[:lower], row)
        return g, weights, pcb

    def bracket_done(self, bracket: ScoreBracket, mate: list[int], paired: list[bool]) -> bool:
        """C.4: can everybody left still be paired?"""
        done = [v for v in bracket.vertices[: bracket.next_start] if paired[v]]
        self.left.difference_update(done)
        return self.rest.remove(done) or self._complete()
