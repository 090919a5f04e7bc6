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

from collections import Counter
from dataclasses import dataclass, field

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
    recent_floats,
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
        self.ctx = ctx = Context(
            state=state,
            score={p.index: state.score_acc(p) for p in state.players if p.valid},
            eligible={p.index: eligible_for_bye_2017(state, p) for p in players},
            floats=recent_floats(state, players, get_float_2017),
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
        """The bracket's graph (its players and the next score group, art. 3) with the 2017
        weights set, the weights of its players to those above them, and the bits a count of
        pairs takes."""
        ctx = self.ctx
        pl = [self.players[v] for v in vertices]
        scores = [ctx.score[p.index] for p in pl]
        sd_shift, sd_total = _psd_fields(scores, mdps, next_start)
        g = bracket_window(len(self.players), lambda v: self.kind(self.players[v]))
        g.begin_bracket(vertices, next_group.start, next_group.stop)
        # a weight depends on the two players' kinds and on which of them are in the bracket
        bracket = _BracketWeights(
            ctx,
            collapsed=collapsed,
            final_brackets=next_group.stop == len(self.players),
            min_score=scores[-1],
            sd_shift=sd_shift,
            sd_total=sd_total,
            pcb=bits(next_start - mdps),
            npcb=bits(len(pl) - next_start),
            next_start=next_start,
            kinds=[self.kind(p) for p in pl],
            example=self.kind.example,
        )
        position = {p.index: i for i, p in enumerate(pl)}
        weights = [[0] * len(pl) for _ in pl]
        for lower in range(mdps, len(pl)):
            row = bracket.row(lower)
            for other in self.forbidden_of.get(pl[lower].index, ()):  # [C1]
                higher = position.get(other, len(pl))
                if higher < lower:
                    row[higher] = 0
            weights[lower][:lower] = row
            g.set_row(vertices[lower], vertices[:lower], row)
        return g, weights, bracket.pcb

    def bracket_done(self, bracket: ScoreBracket, mate: list[int], paired: list[bool]) -> bool:
        """C.4: can everybody left still be paired?"""
        done = [v for v in bracket.vertices[: bracket.next_start] if paired[v]]
        self.left.difference_update(done)
        return self.rest.remove(done) or self._complete()


def _psd_fields(scores: list[int], mdps: int, next_start: int) -> tuple[dict[int, int], int]:
    """2017 A.8: the score differences a pairing of the bracket can hold, each given a field
    of bits wide enough to count it as often as it can occur, the smallest difference lowest
    (so that a sum of such bits compares as the PSD, A.8's sorted list, does); with the width
    of all the fields. A pair's difference is the two scores'; a downfloater's is its score
    less one point below the bracket's lowest (scores of ``scores`` are in tenths)."""
    min_score = scores[-1]
    diffs: list[int] = []
    for higher in range(next_start):
        diffs.append(scores[higher] - min_score + 10)
        first = max(mdps, higher + 1)
        for lower in range(first, next_start):
            if lower <= first or scores[lower] < scores[lower - 1]:
                diffs.append(scores[higher] - scores[lower])
    shift: dict[int, int] = {}
    total = 0
    for diff, count in sorted(Counter(diffs).items()):
        shift[diff] = total
        total += bits(count)
    return shift, total


@dataclass
class _BracketWeights:
    """The 2017 weights of one bracket's edges (A.8, C.5-C.19), by players' kinds: a bit
    string whose fields rank the criteria, most significant first, as bbpPairings 5 lays them.

    ``pcb``/``npcb``: the bits a count of pairs takes in the bracket / the next score group;
    ``sd_shift``/``sd_total``: the PSD fields (:func:`_psd_fields`); ``final_brackets``: the
    next score group is the last one; ``collapsed``: the bracket is the PPB paired with the
    CLB (A.9)."""

    ctx: Context
    collapsed: bool
    final_brackets: bool
    min_score: int
    sd_shift: dict[int, int]
    sd_total: int
    pcb: int
    npcb: int
    next_start: int
    kinds: list[int]  # the kind of each player of the bracket
    example: list[Player]  # a player of each kind
    known: dict[tuple[int, int, bool, bool], int] = field(default_factory=dict)
    #: The PSD bit of a score difference, and of a downfloater by its score (A.8: its score
    #: less one point below the bracket's lowest).
    pair_bit: dict[int, int] = field(init=False)
    down_bit: dict[int, int] = field(init=False)

    def __post_init__(self) -> None:
        self.pair_bit = {diff: 1 << shift for diff, shift in self.sd_shift.items()}
        self.down_bit = {d + self.min_score - 10: bit for d, bit in self.pair_bit.items()}

    def row(self, lower: int) -> list[int]:
        """The weights of the bracket's player ``lower`` to each player above it ([C1]
        aside), computed once per pair of kinds."""
        kinds, next_start = self.kinds, self.next_start
        l_cur = lower < next_start
        kl = kinds[lower]
        row: list[int] = []
        for start, stop, h_cur in ((0, min(lower, next_start), True), (next_start, lower, False)):
            segment = kinds[start:stop]
            table = {}
            for kh in set(segment):
                key = (kh, kl, h_cur, l_cur)
                if key not in self.known:
                    self.known[key] = self.weight(self.example[kh], self.example[kl], h_cur, l_cur)
                table[kh] = self.known[key]
            row += map(table.__getitem__, segment)
        return row

    def weight(self, h: Player, lo: Player, h_cur: bool, l_cur: bool) -> int:
        """The weight of ``h``-``lo`` (``h`` ranks higher; ``h_cur``/``l_cur``: in the bracket,
        else in the next score group); 0 when the colours forbid the pair (C.3)."""
        if not colours_allow(self.ctx, h, lo):
            return 0
        hs, ls = self.ctx.score[h.index], self.ctx.score[lo.index]
        r = self._pairs_and_psd(h, lo, hs, ls, l_cur)
        if not self.collapsed:
            r = self._next_group(r, h, lo, hs, ls, h_cur, l_cur)
        r = _colour_bits(r, lo, h, l_cur, self.pcb)
        r = self._repeated_floats(r, h, lo, hs, ls) if l_cur else self._no_float_fields(r)
        # room for the generation order (art. 3-4): exchanges, BSN differences, choices
        return r << (3 * self.pcb + 1)

    def _pairs_and_psd(self, h: Player, lo: Player, hs: int, ls: int, l_cur: bool) -> int:
        """A.9 (PPB + CLB) the bye-ineligible paired first; C.5 the pairs in the bracket; C.6
        its PSD: a pair removes two downfloaters' differences and adds its own."""
        elig = self.ctx.eligible
        r = 0
        if self.collapsed:
            r = 1 + (not elig[h.index]) + (not elig[lo.index])
        r = (r << self.pcb) + l_cur
        r <<= self.sd_total
        if l_cur:
            r += self.down_bit[hs] + self.down_bit[ls] - self.pair_bit[hs - ls]
        return r

    def _next_group(
        self, r: int, h: Player, lo: Player, hs: int, ls: int, h_cur: bool, l_cur: bool
    ) -> int:
        """C.7: the downfloaters chosen so that the next score group pairs best: the last
        brackets complete the round, the bye-ineligible paired first; else as many of the
        next group paired as possible; then the PSD of the downfloaters."""
        elig = self.ctx.eligible
        if self.final_brackets:
            r <<= max(self.pcb, self.npcb)
            r <<= 3
            r += 1 + (not elig[h.index]) + (not elig[lo.index])
        else:
            r <<= self.npcb
            r += not l_cur
        r <<= self.sd_total
        if h_cur:
            r += self.down_bit[hs]
        if l_cur:
            r += self.down_bit[ls]
        return r

    def _repeated_floats(self, r: int, h: Player, lo: Player, hs: int, ls: int) -> int:
        """C.12-C.15: downfloaters, then upfloaters, floating as in the last round, then as in
        the round before; C.16-C.19: their score differences (downfloaters, then the opponents
        of upfloaters), in the same order. Only pairs in the bracket count."""
        pcb, sd_total = self.pcb, self.sd_total
        for fl in self.ctx.floats:
            r <<= pcb
            r += fl[lo.index] == FLOAT_DOWN
            r += hs <= ls and fl[h.index] == FLOAT_DOWN
            r <<= pcb
            r -= hs > ls and fl[lo.index] == FLOAT_UP
        for fl in self.ctx.floats:
            r <<= sd_total
            if fl[lo.index] == FLOAT_DOWN:
                r += self.down_bit[ls]
            if fl[h.index] == FLOAT_DOWN:
                r += self.down_bit[hs]
                if hs > ls:
                    r -= self.pair_bit[hs - ls]
            r <<= sd_total
            if fl[lo.index] == FLOAT_UP and hs > ls:
                r -= self.pair_bit[hs - ls]
        return r

    def _no_float_fields(self, r: int) -> int:
        """C.12-C.19 for a pair outside the bracket: every field empty."""
        return r << (2 * (self.pcb + self.sd_total) * len(self.ctx.floats))
