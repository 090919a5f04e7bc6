"""The bracket procedure of C.04.3 art. 3-4, the same for the 2026 and the 2017 rules.

"Bracket" is C.04.3's word for a score bracket (:class:`ScoreBracket`, docs/glossary.md): the
players paired together in one step, not a knockout's bracket.

Brackets are paired top-down. A bracket is a list of vertices (positions in the field sorted by
score, then pairing number): the MDPs first, then the residents, then the next score group,
which takes part through the rules' criteria on the next bracket. The rule set gives the edge
weights (its criteria, most significant first, with room in the low bits for the generation
order), the graph the matching is solved on, and what happens after a bracket (the 2017 rules
re-pair a bracket that leaves the rest unpairable together with everybody left).

The generation order of art. 3-4 is reproduced by fixing one decision after the other, each time
asking the matching whether the best pairing is still reachable with that decision:

1. art. 4.4 / 3.3: which MDPs are paired in the bracket (M1 of them), best set first;
2. art. 4.4: each paired MDP's opponent, the highest resident still possible;
3. art. 4.2-4.3: in the remainder, the number of exchanges, then which S1 players go down to
   S2 (the lowest first) and which S2 players go up (the highest first);
4. art. 4.3: each S1 player, top down, the first S2 player still possible.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from pairing.engines.dutch.state import Player, State


class NoValidPairing(Exception):
    """No pairing satisfies the absolute criteria [C1]-[C3] (and [C4])."""


class ScoreBracketGraph(Protocol):
    """The matching one bracket is optimised on (vertices: positions in the sorted field;
    a partner ``>= n``, or the vertex itself, means none in the bracket)."""

    def set(self, a: int, b: int, weight: int) -> None: ...

    def set_row(self, v: int, others: list[int], weights: list[int]) -> None: ...

    def set_from(self, v: int, others: list[int], weights: list[int]) -> None: ...

    def solve(self) -> list[int]: ...

    def finalize(self, a: int, b: int) -> None: ...

    def settled(self) -> bool: ...

    def excluded(self, a: int, b: int) -> bool: ...

    def reroute(self, a: int, b: int) -> list[tuple[int, int]] | None: ...


@dataclass
class ScoreBracket:
    """One score bracket (C.04.3 "bracket"): ``vertices[:mdps]`` are the MDPs,
    ``vertices[mdps:next_start]`` the residents (the vertices ``first_resident`` to
    ``end_resident`` - 1 of the field) and ``vertices[next_start:]`` the next score group.
    ``weight[lower][higher]`` is the weight of each pair by the rules' criteria (positions in
    ``vertices``, 0: the two cannot meet), with ``order_bits`` bits at the bottom for the
    generation order."""

    vertices: list[int]
    scores: list[int]
    mdps: int
    next_start: int
    first_resident: int
    end_resident: int
    weight: list[list[int]]
    order_bits: int


def pair_bracket(g: ScoreBracketGraph, bracket: ScoreBracket, paired: list[bool]) -> list[int]:
    """Run art. 3-4 on ``bracket`` over the graph ``g`` (its weights already set); finalise the
    bracket's pairs in ``g`` and mark them in ``paired``. Returns the last optimum (``mate``)."""
    procedure = _Procedure(g, bracket, paired)
    procedure.choose_mdps_to_pair()
    procedure.choose_mdp_opponents()
    procedure.weigh_exchanges()
    procedure.exchange_from_s1()
    procedure.exchange_from_s2()
    procedure.fix_exchanges()
    procedure.choose_s1_partners()
    return procedure.mate


class _Procedure:
    def __init__(self, g: ScoreBracketGraph, bracket: ScoreBracket, paired: list[bool]) -> None:
        self.g = g
        self.b = bracket
        self.paired = paired
        self.mate = g.solve()
        self.remainder: list[int] = []  # positions of the residents left after the MDP pairs
        self.s1_size = 0  # pairs of the remainder: its S1 is remainder[:s1_size]
        self.exchanges = 0

    def resident(self, v: int) -> bool:
        return self.b.first_resident <= v < self.b.end_resident

    def in_s1(self, v: int) -> bool:
        """``v`` is paired downwards inside the bracket in the current optimum."""
        partner = self.mate[v]
        return v < partner < self.b.end_resident

    def exchange_weight(self, higher: int, lower: int, s1_position: int) -> int:
        """The weight of ``higher``-``lower`` while the remainder's exchanges are decided: a
        player in the original S1 (``s1_position`` < its size) weighs more the higher it
        stands, so that the fewest and the lowest S1 players are exchanged (art. 4.2)."""
        w = self.b.weight[lower][higher]
        return w + self.exchange_addend(s1_position) if w else w

    def exchange_addend(self, s1_position: int) -> int:
        """What :meth:`exchange_weight` adds to each edge of the player at ``s1_position``."""
        addend = int(s1_position < self.s1_size)
        addend <<= 2 * self.b.order_bits
        addend -= s1_position
        return addend << 1

    def choose_mdps_to_pair(self) -> None:
        """Art. 3.3, 4.4: as many MDPs as can be paired (M1), the highest scores first, and
        within a score the first in order that keeps the optimum."""
        b, g, vertices, weight = self.b, self.g, self.b.vertices, self.b.weight
        score_of_group = None
        remaining = remaining_paired = 0
        for mdp in range(b.mdps):
            if score_of_group is None or b.scores[mdp] < score_of_group:
                score_of_group = b.scores[mdp]
                remaining_paired = remaining = 0
                other = mdp
                while other < len(vertices) and b.scores[other] >= score_of_group:
                    remaining += 1
                    if self.resident(self.mate[vertices[other]]):
                        remaining_paired += 1
                    other += 1
            if not remaining_paired:
                continue
            v = vertices[mdp]
            if remaining <= remaining_paired:
                self.paired[v] = True
                continue
            remaining -= 1
            if not self.resident(self.mate[v]):
                for r in range(b.mdps, b.next_start):
                    w = weight[r][mdp]
                    if w:
                        g.set(v, vertices[r], w | 1)
                self.mate = g.solve()
            if self.resident(self.mate[v]):
                self.paired[v] = True
                remaining_paired -= 1
                for r in range(b.mdps, b.next_start):
                    w = weight[r][mdp]
                    if w:
                        g.set(v, vertices[r], (w | (b.next_start - b.mdps)) + 1)

    def choose_mdp_opponents(self) -> None:
        """Art. 4.4: each paired MDP, in order, against the highest resident still possible."""
        b, g, vertices, paired = self.b, self.g, self.b.vertices, self.paired
        for mdp in range(b.mdps):
            v = vertices[mdp]
            if not paired[v]:
                continue
            addend = len(vertices)
            for r in range(b.next_start - 1, b.mdps - 1, -1):
                u = vertices[r]
                if paired[u]:
                    continue
                w = b.weight[r][mdp]
                if w:
                    g.set(v, u, w + addend)
                    addend += 1
            self.mate = g.solve()
            u = self.mate[v]
            paired[u] = True
            g.finalize(v, u)

    def weigh_exchanges(self) -> None:
        """Art. 4.2: the remainder's S1 is its upper half; weigh every pair so that the optimum
        makes the fewest exchanges, and count them."""
        b, g, vertices = self.b, self.g, self.b.vertices
        remainder = self.remainder
        for r in range(b.mdps, b.next_start):
            v = vertices[r]
            if self.mate[v] < b.first_resident:
                continue  # paired with an MDP
            remainder.append(r)
            if self.mate[v] < v:
                self.s1_size += 1
        weight = b.weight
        for position, higher in enumerate(remainder):
            below = remainder[position + 1 :]
            addend = self.exchange_addend(position)
            weights = [w + addend if (w := weight[lower][higher]) else 0 for lower in below]
            g.set_from(vertices[higher], [vertices[lower] for lower in below], weights)
        self.mate = g.solve()
        self.exchanges = sum(
            not self.in_s1(vertices[remainder[position]])
            for position in range(min(self.s1_size, len(remainder)))
        )

    def exchange_from_s1(self) -> None:
        """Art. 4.2: the S1 players to go down to S2, the lowest first where possible."""
        b, g, vertices, remainder = self.b, self.g, self.b.vertices, self.remainder
        left = self.exchanges
        position = self.s1_size
        while position > 0 and left:
            first_below = position
            position -= 1
            higher = remainder[position]
            v = vertices[higher]
            if self.in_s1(v):
                for lower in remainder[first_below:]:
                    w = self.exchange_weight(higher, lower, position)
                    if w:
                        g.set(v, vertices[lower], w - 1)
                self.mate = g.solve()
            exchanged = not self.in_s1(v)
            left -= exchanged
            for lower in remainder[position + 1 :]:
                if exchanged:
                    b.weight[lower][higher] = 0
                g.set(v, vertices[lower], self.exchange_weight(higher, lower, position))

    def exchange_from_s2(self) -> None:
        """Art. 4.2: the S2 players to go up to S1, the highest first where possible."""
        b, g, vertices, remainder = self.b, self.g, self.b.vertices, self.remainder
        left = self.exchanges
        for position in range(self.s1_size, len(remainder)):
            if left <= 1:
                break
            higher = remainder[position]
            v = vertices[higher]
            already = self.in_s1(v)
            if not already:
                for lower in remainder[position + 1 :]:
                    w = self.exchange_weight(higher, lower, position)
                    if w:
                        g.set(v, vertices[lower], w + 1)
                self.mate = g.solve()
            if self.in_s1(v):
                left -= 1
                for above in remainder[:position]:
                    b.weight[higher][above] = 0
                    g.set(v, vertices[above], 0)
                for below in range(b.next_start, len(vertices)):
                    b.weight[below][higher] = 0
                    g.set(v, vertices[below], 0)
            if not already:
                for lower in remainder[position + 1 :]:
                    g.set(v, vertices[lower], self.exchange_weight(higher, lower, position))

    def fix_exchanges(self) -> None:
        """S1 and S2 are now fixed: only S1-S2 pairs stay possible. An S1 player's edges down
        keep the exchange stage's weight, which adds the same amount to each of them: neither
        the optimum nor the partner chosen next changes, so it need not be searched again."""
        b, g, vertices, remainder = self.b, self.g, self.b.vertices, self.remainder
        in_s1 = [self.in_s1(vertices[r]) for r in remainder]
        for position, higher in enumerate(remainder):
            ruled_out = [
                lower
                for lower, lower_in_s1 in zip(
                    remainder[position + 1 :], in_s1[position + 1 :], strict=True
                )
                if lower_in_s1 or not in_s1[position]
            ]
            for lower in ruled_out:
                b.weight[lower][higher] = 0
            g.set_from(
                vertices[higher], [vertices[lower] for lower in ruled_out], [0] * len(ruled_out)
            )

    def choose_s1_partners(self) -> None:
        """Art. 4.3: each S1 player, top down, against the first S2 player still possible."""
        b, g, vertices, paired = self.b, self.g, self.b.vertices, self.paired
        for higher in self.remainder:
            v = vertices[higher]
            if not self.in_s1(v):
                continue
            if not self._first_partner_without_solving(higher):
                addend = 0
                for lower in reversed(self.remainder):
                    u = vertices[lower]
                    if lower <= higher or paired[u]:
                        continue
                    w = b.weight[lower][higher]
                    if w:
                        g.set(v, u, w + addend)
                    addend += 1
                self.mate = g.solve()
            u = self.mate[v]
            paired[v] = paired[u] = True
            g.finalize(v, u)

    def _first_partner_without_solving(self, higher: int) -> bool:
        """Give S1 player ``higher`` the first S2 player still possible without a solve, when
        the optimal duals allow it: every candidate before the partner that has a positive
        reduced cost is in no maximum-weight matching (complementary slackness), and the first
        one that has none is taken when an alternating path of tight edges lets the others keep
        an optimum (``mate`` is updated). False when a solve must decide."""
        b, g, vertices, mate = self.b, self.g, self.b.vertices, self.mate
        if not g.settled():
            return False
        v = vertices[higher]
        for lower in self.remainder:
            if lower <= higher or not b.weight[lower][higher]:
                continue
            u = vertices[lower]
            if self.paired[u]:
                continue
            if u == mate[v]:
                return True
            if g.excluded(v, u):
                continue
            pairs = g.reroute(v, u)
            if pairs is None:
                return False
            for x, y in pairs:
                if x < len(mate):
                    mate[x] = y
                if y < len(mate):
                    mate[y] = x
            return True
        return False


class RuleSet(Protocol):
    """What a rule set gives the bracket procedure."""

    #: The 2017 rules pair a bracket that leaves the rest unpairable again with everybody left.
    collapses: bool

    def start(self, players: list[Player]) -> None:
        """Prepare the round (``players`` sorted by score, then pairing number); raise
        :class:`NoValidPairing` when the round cannot be completed."""

    def open_bracket(
        self, vertices: list[int], mdps: int, next_start: int, next_group: range, collapsed: bool
    ) -> tuple[ScoreBracketGraph, list[list[int]], int]:
        """The graph of a bracket with its weights set, the weights by position in
        ``vertices`` (lower, higher) and the number of bits kept for the generation order.
        ``next_group`` is the next score group (the rest of the field when ``collapsed``)."""

    def bracket_done(self, bracket: ScoreBracket, mate: list[int], paired: list[bool]) -> bool:
        """After a bracket: False when the rest can no longer be completed (collapse)."""


def forbid_rematches(state: State) -> State:
    """[C1]: players do not meet twice (forfeits are not games: C.04.2 art. 3.5)."""
    forbidden = set(state.forbidden)
    for p in state.players:
        if p.valid:
            for m in p.results:
                if m.played:
                    forbidden.add((p.index, m.opponent))
                    forbidden.add((m.opponent, p.index))
    return replace(state, forbidden=frozenset(forbidden))


def pair_field(state: State, rules: RuleSet) -> dict[int, int | None]:
    """Pair the round bracket by bracket, top down (art. 3): ``{player index: opponent index
    or None (PAB)}``."""
    players = state.to_pair()
    players.sort(key=lambda p: (-state.score_acc(p), p.rank))
    n = len(players)
    if n == 0:
        return {}
    rules.start(players)
    scores = [state.score_acc(p) for p in players]
    result: dict[int, int | None] = {}
    paired = [False] * n
    vertices: list[int] = []
    next_group = 0
    while next_group < n and scores[next_group] >= scores[0]:
        vertices.append(next_group)
        next_group += 1
    collapsed = rules.collapses and next_group == n
    mdps = 0
    first_resident = 0
    brackets = 0
    while len(vertices) > 1 or next_group < n:
        next_start = len(vertices)
        group_start = next_group
        while next_group < n and (collapsed or scores[next_group] >= scores[group_start]):
            vertices.append(next_group)
            next_group += 1
        g, weight, order_bits = rules.open_bracket(
            vertices, mdps, next_start, range(group_start, next_group), collapsed
        )
        bracket = ScoreBracket(
            vertices=vertices,
            scores=[scores[v] for v in vertices],
            mdps=mdps,
            next_start=next_start,
            first_resident=first_resident,
            end_resident=first_resident + next_start - mdps,
            weight=weight,
            order_bits=order_bits,
        )
        mate = pair_bracket(g, bracket, paired)
        if not rules.bracket_done(bracket, mate, paired) and not collapsed:
            # art. 3 (2017 A.9): the penultimate bracket, paired again with everybody left
            for v in vertices[:next_start]:
                paired[v] = False
            vertices = vertices[:next_start]
            next_group = group_start
            collapsed = True
            continue
        collapsed = rules.collapses and next_group == n
        left: list[int] = []
        left_in_bracket = 0
        for position, v in enumerate(vertices):
            if position < next_start and paired[v]:
                a, b = players[v].index, players[mate[v]].index
                result[a] = b
                result[b] = a
            else:
                left.append(v)
                left_in_bracket += position < next_start
        brackets += 1
        if brackets > 4 * n + 4:
            raise NoValidPairing("the bracket procedure made no progress")
        vertices = left
        mdps = left_in_bracket
        first_resident = bracket.end_resident
    for p in players:
        result.setdefault(p.index, None)
    return result
