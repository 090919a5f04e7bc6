"""Pair one round under the 2026 Dutch rules (C.04.3), bracket by bracket.

The bracket procedure (art. 3-4) is :mod:`bracket`'s; this module gives it the 2026 criteria.
Each bracket is optimised with a maximum-weight matching over every player not yet paired, so the
completion criterion [C4] always holds; the weights (see :mod:`weights`) encode [C1]-[C21].

The matching is solved over a window of the field (:mod:`window`), which gives the same answers
at a fraction of the cost. Only where the window cannot start (the bye's score group is the top
one, or the lowest bye group cannot be shown) is the round paired over every player
(:class:`_Graph`).
"""

from __future__ import annotations

from pairing.engines.dutch.bracket import (
    NoValidPairing,
    ScoreBracket,
    forbid_rematches,
    pair_field,
)
from pairing.engines.dutch.state import Player, State
from pairing.engines.dutch.weights import (
    Context,
    EdgeWeights,
    bits,
    compatible,
    edge_weight,
    eligible_for_bye,
    get_float,
    recent_floats,
)
from pairing.engines.dutch.window import NeedFullGraph, WindowGraph, start_window
from pairing.engines.matching import IncrementalMatching, NoPerfectMatching

__all__ = ["NoValidPairing", "compute_matching", "first_round_pairing", "pair_2026"]


class _Graph:
    """The players still to pair, as an incremental maximum-weight matching problem.

    Mirrors the endorsed engine's matching computer: weights are set edge by edge, finalised
    pairs leave the graph, and each solve starts from the previous optimum."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.w = [[0] * n for _ in range(n)]
        self.final: dict[int, int] = {}
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
        self.set_from(v, others, weights)

    def set_from(self, v: int, others: list[int], weights: list[int]) -> None:
        for o, w in zip(others, weights, strict=True):
            self.set(v, o, w)

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = b
        self.final[b] = a
        self.m.remove_pair(a, b)

    def solve(self) -> list[int]:
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
        return pair_2026(state, windowed=True, c9_played_games=c9_played_games)
    except NeedFullGraph:
        return pair_2026(state, windowed=False, c9_played_games=c9_played_games)


def pair_2026(
    state: State, *, windowed: bool, c9_played_games: bool = True
) -> dict[int, int | None]:
    """The bracket procedure under the 2026 rules, over the window (which raises
    :class:`NeedFullGraph` when it cannot show its answer exact) or over the whole field."""
    state = forbid_rematches(state)
    return pair_field(state, Rules2026(state, c9_played_games, windowed))


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


class Rules2026:
    """The 2026 criteria on the bracket procedure: every bracket is optimised with the whole
    field's weights ([C4] holds by construction), over the window or the whole field."""

    collapses = False

    def __init__(self, state: State, c9_played_games: bool, windowed: bool) -> None:
        self.state = state
        self.c9_played_games = c9_played_games
        self.windowed = windowed

    def start(self, players: list[Player]) -> None:
        state = self.state
        self.players = players
        n = len(players)
        score = {p.index: state.score_acc(p) for p in state.players if p.valid}
        # bits to prioritise scores: one shift per score group, from the lowest score up
        group_shift: dict[int, int] = {}
        shift_total = 0
        largest_group = 0
        count = 0
        for i in range(n - 1, -1, -1):
            count += 1
            s = score[players[i].index]
            if i == 0 or s < score[players[i - 1].index]:
                group_shift[s] = shift_total
                largest_group = max(largest_group, count)
                shift_total += bits(count)
                count = 0
        ctx = Context(
            state=state,
            score=score,
            eligible={p.index: eligible_for_bye(state, p) for p in players},
            floats=recent_floats(state, players, get_float),
            pair_bits=bits(largest_group),
            score_bits=shift_total,
            score_shift=group_shift,
            use_played=self.c9_played_games,
        )
        self.ctx = ctx
        self.odd = n & 1
        top = score[players[0].index]
        self.g: _Graph | WindowGraph
        if self.windowed:
            self.g, self.bye_score = start_window(ctx, players, top)
        else:
            self.g, self.bye_score = self._start_whole_field(top)
        if self.odd:
            _rank_played_games(ctx, players, self.bye_score, self.c9_played_games)
            if not self.windowed:
                for lower in range(n):
                    for higher in range(lower):
                        w = edge_weight(
                            ctx, players[higher], players[lower], False, False, self.bye_score
                        )
                        self.g.set(lower, higher, w)
        self.edge_weights = EdgeWeights(ctx, self.bye_score)

    def _start_whole_field(self, top: int) -> tuple[_Graph, int]:
        """[C4], [C5] over every player: can the round be completed, and with the bye at which
        score (the lowest possible)?"""
        ctx, players, odd = self.ctx, self.players, self.odd
        score, eligible = ctx.score, ctx.eligible
        n = len(players)
        g = _Graph(n)
        for lower in range(n):
            p = players[lower]
            for higher in range(lower):
                o = players[higher]
                if odd:
                    w = 0
                    if compatible(ctx, p, o):
                        w = 1 + (not eligible[p.index]) + (not eligible[o.index])
                        w <<= ctx.score_bits
                        w += ctx.score_shift[score[p.index]] + ctx.score_shift[score[o.index]]
                        w <<= ctx.pair_bits
                        w += score[p.index] >= top
                else:
                    w = edge_weight(ctx, o, p, False, False, 0)
                g.set(lower, higher, w)
        mate = g.solve()
        if not _complete(mate) or any(
            mate[v] == v and not eligible[players[v].index] for v in range(n)
        ):
            raise NoValidPairing(
                "the players cannot all be paired while satisfying the absolute criteria [C1]-[C3]"
            )
        bye_score = 0
        if odd:
            bye_score = next(score[players[v].index] for v in range(n) if mate[v] == v)
            if top <= bye_score:
                ctx.is_single = True
                for v in range(n):
                    if score[players[v].index] < top:
                        break
                    if score[players[mate[v]].index] < top:
                        ctx.is_single = False
                        break
        return g, bye_score

    def open_bracket(
        self, vertices: list[int], mdps: int, next_start: int, next_group: range, collapsed: bool
    ) -> tuple[_Graph | WindowGraph, list[list[int]], int]:
        g, players = self.g, self.players
        g.begin_bracket(vertices, next_group.start, next_group.stop)
        size = len(vertices)
        weight = [[0] * size for _ in range(size)]
        in_window = [players[v] for v in vertices]
        rows = self.edge_weights.window_rows(in_window, mdps, next_start)
        for lower, row in enumerate(rows, start=mdps):
            weight[lower][:lower] = row
            g.set_row(vertices[lower], vertices[:lower], row)
        return g, weight, self.ctx.pair_bits

    def bracket_done(self, bracket: ScoreBracket, mate: list[int], paired: list[bool]) -> bool:
        """[C9] applies to the bracket whose score is at most the bye's, when the players of
        its score group left unpaired all go to it (``is_single``)."""
        ctx, players, n = self.ctx, self.players, len(self.players)
        vertices, next_start = bracket.vertices, bracket.next_start
        group_start = vertices[next_start] if next_start < len(vertices) else n
        ctx.is_single = bool(
            self.odd and group_start < n and self.bye_score >= ctx.score[players[group_start].index]
        )
        if ctx.is_single:
            next_score = ctx.score[players[group_start].index]
            for position, v in enumerate(vertices):
                if position < next_start and paired[v]:
                    continue
                if mate[v] >= n or ctx.score[players[mate[v]].index] < next_score:
                    ctx.is_single = False
                    break
        return True
