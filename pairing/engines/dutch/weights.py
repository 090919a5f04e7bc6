"""Exact integer edge weights encoding the Dutch criteria (C.04.3 art. 2, 2026 rules).

A pairing of a bracket is a maximum-weight matching. Each weight is a bit string whose fields,
from the most significant down, rank the criteria in the rules' priority order, the same layout
as the FIDE-endorsed bbpPairings engine so that ties resolve identically:

1. compatibility: [C1] no rematch / forbidden pair, [C3] absolute colour preferences (weight 0
   means the two players cannot meet);
2. completion and bye eligibility: [C4], [C2] and [C5] (the bye goes to an eligible player with
   the lowest score);
3. pairs in the current bracket ([C6]) and the scores paired ([C7]);
4. pairs and scores in the next bracket ([C8]);
5. [C9] unplayed games of the bye assignee;
6. colour criteria [C10]-[C13];
7. repeated floats [C14]-[C17], then their score-weighted forms [C18]-[C21];
8. low bits reserved for the generation order of the bracket procedure (art. 3-4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.engines.dutch.state import NONE, Player, State, invert

FLOAT_DOWN, FLOAT_UP, FLOAT_NONE = 0, 1, 2


def bits(value: int) -> int:
    """Number of bits needed to represent ``value``."""
    return max(int(value).bit_length(), 0)


def eligible_for_bye(state: State, p: Player) -> bool:
    """[C2] / C.04.1 art. 4 (2026): no PAB for a player who already scored a win's points
    without playing (a PAB, a full-point bye or a forfeit win)."""
    return not any((not m.played) and state.points(p, m) >= state.scoring.win for m in p.results)


def eligible_for_bye_2017(state: State, p: Player) -> bool:
    """2017 C.2: no second PAB, nor after a win by forfeit."""
    return not any((not m.played) and m.participated and m.score == 2 for m in p.results)


def get_float(state: State, p: Player, rounds_back: int) -> int:
    """Float of ``p`` ``rounds_back`` rounds ago (2026 art. 1.4: a PAB or scoring more than a
    loss without playing is a downfloat; otherwise compare the two scores before that round)."""
    m = p.results[state.played_rounds - rounds_back]
    if not m.played:
        return FLOAT_DOWN if state.points(p, m) > state.scoring.loss else FLOAT_NONE
    ps = state.score_acc(p, rounds_back)
    os_ = state.score_acc(state.players[m.opponent], rounds_back)
    return FLOAT_DOWN if ps > os_ else FLOAT_UP if ps < os_ else FLOAT_NONE


def recent_floats(
    state: State, players: list[Player], float_of: Callable[[State, Player, int], int]
) -> tuple[dict[int, int], ...]:
    """Each player's float in the last round, then in the round before, of those played: the
    histories the repeated-float criteria read ([C14]-[C21]; 2017: C.12-C.19)."""
    backs = range(1, min(state.played_rounds, 2) + 1)
    return tuple({p.index: float_of(state, p, back) for p in players} for back in backs)


def colour_compatible(a: int, b: int) -> bool:
    return a != b or a == NONE or b == NONE


@dataclass
class Context:
    """What the weights read of the round (player index -> value in the dicts). The fields with
    a default are the 2026 weights' alone (:func:`edge_weight`): the 2017 engine weighs its
    brackets itself."""

    state: State
    score: dict[int, int]  # pairing score
    eligible: dict[int, bool]  # may take the PAB ([C2])
    #: :func:`recent_floats` (FLOAT_DOWN / FLOAT_UP / FLOAT_NONE).
    floats: tuple[dict[int, int], ...]
    pair_bits: int = 0  # bits to count the pairs of the largest score group
    score_bits: int = 0  # bits of a field counting pairs per score group ([C7], [C8], [C18]-[C21])
    score_shift: dict[int, int] = field(default_factory=dict)  # score -> its place in such a field
    played_ranks: dict[int, int] = field(default_factory=dict)  # [C9]: played games -> rank
    is_single: bool = False  # [C9] applies to this bracket
    use_played: bool = False
    #: [C3]: in the last round, above half the maximum score, colours may clash.
    top_threshold: int = field(init=False)
    last_round: bool = field(init=False)

    def __post_init__(self) -> None:
        played, scoring = self.state.played_rounds, self.state.scoring
        self.top_threshold = (played * max(scoring.win, scoring.draw)) >> 1
        self.last_round = played >= self.state.expected_rounds - 1


def compatible(ctx: Context, a: Player, b: Player) -> bool:
    """[C1] and [C3]: may ``a`` and ``b`` meet at all?"""
    if (a.index, b.index) in ctx.state.forbidden:
        return False
    return colours_allow(ctx, a, b)


def colours_allow(ctx: Context, a: Player, b: Player) -> bool:
    """[C3]: do absolute colour preferences let ``a`` and ``b`` meet?"""
    if not a.absolute or not b.absolute or a.colour_preference != b.colour_preference:
        return True
    return ctx.last_round and (
        ctx.score[a.index] > ctx.top_threshold or ctx.score[b.index] > ctx.top_threshold
    )


def _colour_bits(w: int, player: Player, opp: Player, mask: bool, nb: int) -> int:
    """[C10]-[C13] (2017: C.8-C.11): four fields of ``nb`` bits each."""
    pp, op = player.colour_preference, opp.colour_preference
    w <<= nb
    w += mask and (not player.absolute_imbalance or not opp.absolute_imbalance or pp != op)
    w <<= nb
    if mask:
        if not player.absolute or not opp.absolute or pp != op:
            ok = True
        elif player.colour_imbalance == opp.colour_imbalance:
            ok = player.repeated_colour == NONE or player.repeated_colour != opp.repeated_colour
        else:
            x = opp if player.colour_imbalance > opp.colour_imbalance else player
            ok = x.repeated_colour != invert(pp)
        w += ok
    w <<= nb
    w += mask and colour_compatible(pp, op)
    w <<= nb
    w += mask and (
        (not player.strong and not player.absolute)
        or (not opp.strong and not opp.absolute)
        or (player.absolute and opp.absolute)
        or pp != op
    )
    return w


def is_bye_candidate(ctx: Context, p: Player, bye_score: int) -> bool:
    return ctx.eligible[p.index] and ctx.score[p.index] <= bye_score


def completion_shift(ctx: Context) -> int:
    """Bit position of the completion field (field 1 above) in :func:`edge_weight`: every
    field below it is made of these many bits."""
    nb, st = ctx.pair_bits, ctx.score_bits
    return 2 * (nb + st) + 2 * nb + 4 * nb + 3 * nb + 1 + 2 * (nb + st) * len(ctx.floats)


def edge_weight(
    ctx: Context,
    higher: Player,
    lower: Player,
    in_current: bool,
    in_next: bool,
    bye_score: int,
    *,
    may_meet: bool = False,
) -> int:
    """Weight of the edge ``higher``-``lower`` (``higher`` ranks above ``lower``); with
    ``may_meet``, the pair is known not to be forbidden ([C1]), only [C3] is checked."""
    if not (colours_allow(ctx, higher, lower) if may_meet else compatible(ctx, higher, lower)):
        return 0
    nb = ctx.pair_bits
    shift_total = ctx.score_bits
    sh = ctx.score_shift
    hs = ctx.score[higher.index]
    ls = ctx.score[lower.index]
    w = (
        1
        + (not is_bye_candidate(ctx, higher, bye_score))
        + (not is_bye_candidate(ctx, lower, bye_score))
    )
    # [C6] pairs in the current bracket, [C7] scores paired
    w = (w << nb) + in_current
    w <<= shift_total
    if in_current:
        w += 1 << sh[hs]
    # [C8] pairs and scores in the next bracket
    w = (w << nb) + in_next
    w <<= shift_total
    if in_next:
        w += 1 << sh[hs]
    # [C9] unplayed games of the bye assignee
    w <<= 2 * nb
    if ctx.is_single:
        if hs == bye_score:
            w += ctx.played_ranks[higher.played_games if ctx.use_played else 0]
        if ls == bye_score:
            w += ctx.played_ranks[lower.played_games if ctx.use_played else 0]
    w = _colour_bits(w, lower, higher, in_current, nb)
    for fl in ctx.floats:
        # [C14] downfloaters and [C15] upfloaters repeated from the previous round; the second
        # time round, [C16] and [C17]: the same, two rounds before
        w <<= nb
        if in_current:
            w += fl[lower.index] == FLOAT_DOWN
            w += hs <= ls and fl[higher.index] == FLOAT_DOWN
        w <<= nb
        if in_current:
            w += not (hs > ls and fl[lower.index] == FLOAT_UP)
    for fl in ctx.floats:
        # [C18] scores of repeated downfloaters, [C19] opponents of repeated upfloaters; the
        # second time round, [C20] and [C21]: the same, two rounds before
        w <<= shift_total
        if in_current:
            w += (fl[lower.index] == FLOAT_DOWN) << sh[ls]
            w += (fl[higher.index] == FLOAT_DOWN) << sh[hs]
        w <<= shift_total
        if in_current and not (fl[lower.index] == FLOAT_UP and hs > ls):
            w += 1 << sh[hs]
    # room for the generation order (art. 3-4): exchanges, BSN differences, choices
    w <<= 3 * nb + 1
    return w


class PlayerKinds:
    """Players numbered by what the weights read of them: each one's score, bye eligibility,
    float history, played games and colour history. Apart from the forbidden pairs ([C1]), two
    players of one kind have the same weight to every other player (both rule sets), and
    players share these widely: a late round of a big open has a few hundred kinds for
    thousands of players, a bracket of round 2 a handful."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._kind_of: dict[int, int] = {}  # player index -> kind number
        self._kinds: dict[tuple[object, ...], int] = {}
        self.example: list[Player] = []  # a player of each kind

    def __call__(self, p: Player) -> int:
        kind = self._kind_of.get(p.index)
        if kind is None:
            ctx = self.ctx
            attributes = (
                ctx.score[p.index],
                ctx.eligible[p.index],
                *(fl.get(p.index) for fl in ctx.floats),
                p.played_games,
                p.colour_imbalance,
                p.colour_preference,
                p.repeated_colour,
                p.strong,
            )
            kind = self._kinds.setdefault(attributes, len(self._kinds))
            if kind == len(self.example):
                self.example.append(p)
            self._kind_of[p.index] = kind
        return kind


class EdgeWeights:
    """:func:`edge_weight` remembered by the kinds of the two players (:class:`PlayerKinds`):
    each kind of edge is computed once."""

    def __init__(self, ctx: Context, bye_score: int) -> None:
        self.ctx = ctx
        self.bye_score = bye_score
        self.kind = PlayerKinds(ctx)
        self._known: dict[int, int] = {}
        self._forbidden_of: dict[int, list[int]] | None = None

    def __call__(self, higher: Player, lower: Player, in_current: bool, in_next: bool) -> int:
        return self.row([higher], lower, in_current, in_next)[0]

    def row(
        self, highers: list[Player], lower: Player, in_current: bool, in_next: bool
    ) -> list[int]:
        """The weights of the edges from ``lower`` to each of ``highers``."""
        kind = self.kind
        indices = [h.index for h in highers]
        return self._row(indices, [kind(h) for h in highers], lower, (in_current, in_next))

    def window_rows(self, players: list[Player], first: int, next_start: int) -> list[list[int]]:
        """The weights of a bracket's window (``players`` in order, the next bracket from
        ``next_start``): for each ``lower`` from ``first`` on, its edges to every player
        before it, in the current bracket or in the next one."""
        kind = self.kind
        indices = [p.index for p in players]
        kinds = [kind(p) for p in players]
        rows = []
        for lower in range(first, len(players)):
            flags = (lower < next_start, lower >= next_start)
            rows.append(self._row(indices[:lower], kinds[:lower], players[lower], flags))
        return rows

    def _row(
        self, indices: list[int], kinds: list[int], lower: Player, flags: tuple[bool, bool]
    ) -> list[int]:
        """Each weight computed once per kind of the higher player, then the forbidden pairs
        ([C1]) set to 0."""
        ctx = self.ctx
        in_current, in_next = flags
        known = self._known
        low = (self.kind(lower) << 3) | (in_current << 2) | (in_next << 1) | ctx.is_single
        table: dict[int, int] = {}
        for k in set(kinds):
            key = (k << 40) | low
            w = known.get(key)
            if w is None:
                higher = self.kind.example[k]
                w = edge_weight(
                    ctx, higher, lower, in_current, in_next, self.bye_score, may_meet=True
                )
                known[key] = w
            table[k] = w
        out = list(map(table.__getitem__, kinds))
        for other in self._forbidden(lower.index):
            try:
                out[indices.index(other)] = 0
            except ValueError:
                continue
        return out

    def _forbidden(self, index: int) -> list[int]:
        """The players ``index`` may not meet ([C1]: forbidden pairs and rematches)."""
        if self._forbidden_of is None:
            self._forbidden_of = {}
            for a, b in self.ctx.state.forbidden:
                self._forbidden_of.setdefault(b, []).append(a)
        return self._forbidden_of.get(index, [])
