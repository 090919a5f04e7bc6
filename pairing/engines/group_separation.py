"""Starting numbers that keep federations (or clubs) apart late in a round robin.

Used where the Varma tables do not reach (fewer than 9 or more than 24 players) or do not fit (a
federation larger than any envelope). In a single round robin every pair meets exactly once, so
what an assignment decides is *when* players of one group meet. The objective, compared
lexicographically: fewest same-group games in the last three rounds, then fewest in the round
before those, then in the round before that, and so on back to round 1 (the spirit of C.05
Annex 2: not in the last three rounds, and as early as possible otherwise).

The search: random starting points drawn from the seeded `random.Random` (and any assignment the
caller supplies, such as a Varma drawing, so the result is never worse than it), each improved by
swapping the numbers of two players of different groups while that lowers the cost. Plain local
search: optimal on the small fields tested exhaustively, and never worse than its start.
"""

import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engines.berger import meeting_rounds, table_size

RESTARTS = 12
#: Fields up to this size are searched from RESTARTS random starts; larger ones from fewer, so
#: that the work (which grows with the fourth power of the field) stays under a second up to a
#: 100-player round robin (the most 99 rounds hold).
FULL_SEARCH_PLAYERS = 40
#: Compatriots should not meet in this many final rounds (C.05 Annex 2).
LAST_ROUNDS = 3


@dataclass(frozen=True)
class Drawer:
    """A player who draws a number; `group` is the federation (or club), empty for none;
    `federation` tells the alphabetical order of the player's name (even when clubs are the
    groups)."""

    key: str
    name: str
    group: str = ""
    federation: str = ""


@dataclass(frozen=True)
class Meeting:
    """Two players of one group who meet, and in which round of the cycle."""

    round: int
    first: str
    second: str
    group: str


def same_group_meetings(numbers: dict[str, int], drawers: Sequence[Drawer]) -> tuple[Meeting, ...]:
    """Every game between two players of one group, latest round first."""
    rounds = meeting_rounds(len(drawers))
    group_of = {d.key: d.group for d in drawers}
    by_group: dict[str, list[str]] = {}
    for d in drawers:
        if d.group:
            by_group.setdefault(d.group, []).append(d.key)
    meetings = [
        Meeting(rounds[frozenset((numbers[a], numbers[b]))], a, b, group_of[a])
        for members in by_group.values()
        for i, a in enumerate(members)
        for b in members[i + 1 :]
    ]
    return tuple(sorted(meetings, key=lambda m: (-m.round, m.group, m.first, m.second)))


def assignment_cost(numbers: dict[str, int], drawers: Sequence[Drawer]) -> tuple[int, ...]:
    """Same-group games in the last three rounds, then in each earlier round, latest first."""
    return _Scorer(drawers).cost_vector(numbers)


def separate_groups(
    drawers: Sequence[Drawer],
    rng: random.Random,
    start: dict[str, int] | None = None,
    restarts: int | None = None,
) -> dict[str, int]:
    """The best assignment of starting numbers 1..n found from `start` and seeded random starts
    (:func:`restarts_for` the field unless given)."""
    if restarts is None:
        restarts = restarts_for(len(drawers))
    keys = [d.key for d in drawers]
    if len(set(keys)) != len(keys):
        raise ValueError("Every player must appear once.")
    scorer = _Scorer(drawers)
    candidates = [dict(start)] if start else []
    for _ in range(max(restarts, 0 if start else 1)):
        numbers = list(range(1, len(drawers) + 1))
        rng.shuffle(numbers)
        candidates.append(dict(zip(keys, numbers, strict=True)))
    best, best_cost = None, None
    for candidate in candidates:
        improved, cost = scorer.improve(candidate)
        if best_cost is None or cost < best_cost:
            best, best_cost = improved, cost
    assert best is not None  # there is at least one candidate
    return best


def restarts_for(players: int) -> int:
    """RESTARTS up to FULL_SEARCH_PLAYERS, then fewer as the square of the field grows (2 at
    least): 5 for 60 players, 2 for 100."""
    if players <= FULL_SEARCH_PLAYERS:
        return RESTARTS
    return max(2, RESTARTS * FULL_SEARCH_PLAYERS**2 // players**2)


class _Scorer:
    """Costs as one integer: a same-group game in round r weighs base ** (its position).

    The weights of every pair of numbers are computed once, and for every player the cost it
    would have with each number against its mates' current numbers (``at``): a swap is then
    judged by four look-ups, and only the mates of the two swapped players are brought up to
    date. A 100-player field is searched in a fraction of a second instead of 17 s."""

    def __init__(self, drawers: Sequence[Drawer]) -> None:
        self.drawers = list(drawers)
        self.players = len(self.drawers)
        self.rounds = table_size(self.players) - 1
        self.meets = meeting_rounds(self.players) if self.players >= 2 else {}
        self.group = {d.key: d.group for d in self.drawers}
        self.mates = {
            d.key: [
                o.key for o in self.drawers if o.key != d.key and d.group and o.group == d.group
            ]
            for d in self.drawers
        }
        pairs = sum(len(m) for m in self.mates.values()) // 2
        self.base = pairs + 1
        powers = [self.base**position for position in range(self.rounds + 1)]
        size = self.players + 1
        # weights[x][y]: the weight of a same-group game between numbers x and y (1-based)
        self.weights = [[0] * size for _ in range(size)]
        for pair, round_number in self.meets.items():
            if len(pair) == 2 and max(pair) < size:
                x, y = pair
                self.weights[x][y] = self.weights[y][x] = powers[self.position(round_number)]

    def position(self, round_number: int) -> int:
        """0 for round 1 ... ; the last three rounds share the highest position."""
        return max(0, min(round_number - 1, self.rounds - LAST_ROUNDS))

    def weight(self, a_number: int, b_number: int) -> int:
        return self.weights[a_number][b_number]

    def total(self, numbers: dict[str, int]) -> int:
        return sum(
            self.weight(numbers[a], numbers[b])
            for a, mates in self.mates.items()
            for b in mates
            if a < b
        )

    def improve(self, numbers: dict[str, int]) -> tuple[dict[str, int], int]:
        """Swap the numbers of two players of different groups while that lowers the cost, in
        a fixed order (the first pair that gains is swapped), until no swap gains."""
        numbers = dict(numbers)
        keys = [d.key for d in self.drawers]
        numbered = range(self.players + 1)
        at = {
            key: [sum(self.weights[x][numbers[m]] for m in self.mates[key]) for x in numbered]
            for key in keys
        }
        improved = True
        while improved:
            improved = False
            for i, a in enumerate(keys):
                for b in keys[i + 1 :]:
                    if self.group[a] == self.group[b] or not (self.mates[a] or self.mates[b]):
                        continue
                    na, nb = numbers[a], numbers[b]
                    if at[a][nb] + at[b][na] < at[a][na] + at[b][nb]:
                        numbers[a], numbers[b] = nb, na
                        self._moved(at, a, na, nb)
                        self._moved(at, b, nb, na)
                        improved = True
        return numbers, self.total(numbers)

    def _moved(self, at: dict[str, list[int]], key: str, old: int, new: int) -> None:
        """``key`` went from number ``old`` to ``new``: its mates' costs follow."""
        change = list(map(operator.sub, self.weights[new], self.weights[old]))
        for mate in self.mates[key]:
            at[mate] = list(map(operator.add, at[mate], change))

    def cost_vector(self, numbers: dict[str, int]) -> tuple[int, ...]:
        counts = [0] * (max(self.rounds - LAST_ROUNDS, 0) + 1)
        for a, mates in self.mates.items():
            for b in mates:
                if a < b:
                    round_number = self.meets[frozenset((numbers[a], numbers[b]))]
                    counts[self.position(round_number)] += 1
        return tuple(reversed(counts))
