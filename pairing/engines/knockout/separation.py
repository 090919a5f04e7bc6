"""The exact separation search: the best possible draw for club/country mates, proven optimal.

Issue 20 ("the draw at its best"): every competitor is placed so that club-mates (and
country-mates, as chosen) meet as late as possible. A draw is scored by a cost vector compared
lexicographically, earliest round first: for r = 1 .. R-1 (R = rounds of the bracket), the
number of mate pairs that can meet in round r or earlier (a pair sharing club and country counts
twice, as the spec's relation does, §2.1); the final is everyone's, so it is not counted.

Hard rules: the byes are spread (first-round fights = competitors - size/2, so no pair is empty
while another holds two: the seed's "+1 when there is an opponent" made a rule); the seeds'
regions, given as pairs of seeds that must share, or must not share, a block of a level;
optionally the best seeds' byes.

The search is a dynamic programme over the bracket tree: a block with its competitors already
placed and a multiset of competitors still to place has a best cost that depends only on that
(blocks laid out alike up to swapping sides share it). Each split of the multiset between the
two halves of a block is tried in a depth-first order and cut when a lower bound (every group
spread as evenly as the sub-blocks allow) already reaches the best found: branch and bound, exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import comb

#: A cost vector: the mate pairs that can meet by round 1, 2, ..., R-1.
Cost = tuple[int, ...]


@dataclass(frozen=True)
class Kind:
    """Competitors the search cannot tell apart: the same groups and the same seed rank.

    `groups` are the (key, value) groups the kind belongs to, as indices; `seed` is the seed's
    rank among the seeded (1 = best), 0 for the unseeded."""

    groups: tuple[int, ...]
    seed: int = 0


@dataclass(frozen=True)
class SeedRule:
    """Seeds of ranks `a` and `b` must (`together`) or must not share a block of `level`
    (a block of 2**level slots: level R-1 a half, R-2 a quarter, R-3 an eighth)."""

    a: int
    b: int
    level: int
    together: bool


class Search:
    """The best cost of a bracket of `size` slots, for the kinds placed and those still to place.

    `kinds` lists the kinds; `placed` maps 1-based slots to kind indices. `fights` is the number
    of first-round fights the byes allow (None: byes are not a rule). `bye_kinds` are kinds (the
    best seeds) whose first-round opponent must be a bye.
    """

    def __init__(
        self,
        size: int,
        kinds: Sequence[Kind],
        placed: Mapping[int, int],
        *,
        rules: Iterable[SeedRule] = (),
        spread_byes: bool = True,
        field: int,
        bye_kinds: Iterable[int] = (),
    ):
        self.size = size
        self.rounds = size.bit_length() - 1
        self.kinds = tuple(kinds)
        self.groups = 1 + max((g for k in self.kinds for g in k.groups), default=-1)
        self.seed_kind = {k.seed: i for i, k in enumerate(self.kinds) if k.seed}
        self.rules = tuple(
            r for r in rules if r.a in self.seed_kind and r.b in self.seed_kind and r.level >= 0
        )
        self.bye_kinds = frozenset(bye_kinds)
        pairs = size // 2
        if spread_byes:
            self.pair_low = 1 if field >= pairs else 0
            self.pair_high = 1 if field <= pairs else 2
        else:
            self.pair_low, self.pair_high = 0, 2
        self.width = max(self.rounds - 1, 0)
        self.zero: Cost = (0,) * self.width
        self._memo: dict[tuple[int, int, tuple[int, ...]], Cost | None] = {}
        self._bounds: dict[tuple[int, int, tuple[int, ...]], Cost] = {}
        self._intern: dict[tuple, int] = {}
        # per level (0 = slots), per block: kind-count tuple of the placed, and a shape id
        self._placed = [[(0,) * len(self.kinds)] * (size >> lv) for lv in range(self.rounds + 1)]
        self._placed_groups = [[(0,) * self.groups] * (size >> lv) for lv in range(self.rounds + 1)]
        # per block: how many more it can take, and must take, for the byes' rule
        self._room = [
            [(1 << lv) // 2 * self.pair_high] * (size >> lv) for lv in range(self.rounds + 1)
        ]
        self._need = [
            [(1 << lv) // 2 * self.pair_low] * (size >> lv) for lv in range(self.rounds + 1)
        ]
        self._shape = [[0] * (size >> lv) for lv in range(self.rounds + 1)]
        self._shape[0] = [self._leaf(None)] * size
        for lv in range(1, self.rounds + 1):
            self._shape[lv] = [self._join(lv, i) for i in range(size >> lv)]
        for s, kind in placed.items():
            self.put(s, kind)

    # --- the placed competitors, kept per block --------------------------------------------

    def _leaf(self, kind: int | None) -> int:
        return self._intern.setdefault(("slot", kind), len(self._intern))

    def _join(self, level: int, index: int) -> int:
        a, b = self._shape[level - 1][2 * index], self._shape[level - 1][2 * index + 1]
        return self._intern.setdefault((min(a, b), max(a, b)), len(self._intern))

    def put(self, slot: int, kind: int | None) -> None:
        """Place a competitor of `kind` on `slot` (None empties the slot again)."""
        i = slot - 1
        old = self._leaf_kind(i)
        self._shape[0][i] = self._leaf(kind)
        for lv in range(self.rounds + 1):
            counts = list(self._placed[lv][i])
            if old is not None:
                counts[old] -= 1
            if kind is not None:
                counts[kind] += 1
            self._placed[lv][i] = tuple(counts)
            self._placed_groups[lv][i] = tuple(self._group_counts(counts))
            if lv == 1:
                cap = 1 if any(counts[k] for k in self.bye_kinds) else self.pair_high
                self._room[1][i] = max(0, cap - sum(counts))
                self._need[1][i] = max(0, self.pair_low - sum(counts))
            elif lv:
                self._room[lv][i] = self._room[lv - 1][2 * i] + self._room[lv - 1][2 * i + 1]
                self._need[lv][i] = self._need[lv - 1][2 * i] + self._need[lv - 1][2 * i + 1]
            if lv:
                self._shape[lv][i] = self._join(lv, i)
            i //= 2

    def _leaf_kind(self, i: int) -> int | None:
        counts = self._placed[0][i]
        return next((k for k, n in enumerate(counts) if n), None)

    # --- costs -------------------------------------------------------------------------------

    def _group_counts(self, counts: Sequence[int]) -> list[int]:
        per = [0] * self.groups
        for k, n in enumerate(counts):
            if n:
                for g in self.kinds[k].groups:
                    per[g] += n
        return per

    def _pairs_cost(self, level: int, counts: Sequence[int]) -> Cost:
        """The mate pairs inside one block of `level` (they can meet by round `level`)."""
        if not 1 <= level < self.rounds:
            return self.zero
        pairs = sum(comb(n, 2) for n in self._group_counts(counts) if n > 1)
        if not pairs:
            return self.zero
        cost = [0] * self.width
        cost[level - 1] = pairs
        return tuple(cost)

    def _bound(self, level: int, index: int, todo: Sequence[int]) -> Cost:
        """A lower bound of a block's cost once `todo` is placed in it: each group's members
        still to place fill, one by one, the sub-block of each level where it has the fewest
        (placed ones counted, free slots respected), every group alone (pairs inside the block
        itself included)."""
        key = (level, self._shape[level][index], tuple(todo))
        if key in self._bounds:
            return self._bounds[key]
        cost = [0] * self.width
        moving = self._group_counts(todo)
        for g, n in enumerate(self._placed_groups[level][index]):
            if n + moving[g] < 2:
                continue
            for lv in range(1, min(level, self.rounds - 1) + 1):
                first = index << (level - lv)
                blocks = range(first, first + (1 << (level - lv)))
                have = [self._placed_groups[lv][j][g] for j in blocks]
                room = [self._room[lv][j] for j in blocks]
                for _ in range(moving[g]):
                    j = min((j for j in range(len(have)) if room[j]), key=have.__getitem__)
                    have[j] += 1
                    room[j] -= 1
                cost[lv - 1] += sum(comb(h, 2) for h in have if h > 1)
        self._bounds[key] = result = tuple(cost)
        return result

    def best(self, remaining: Sequence[int]) -> Cost | None:
        """The best cost of the whole bracket once `remaining` (count per kind) are placed;
        None if the rules leave no way to place them."""
        kinds = {s: self._leaf_kind(s) for s in range(self.size)}
        slot_of = {self.kinds[k].seed: s for s, k in kinds.items() if k is not None}
        for rule in self.rules:
            if rule.a in slot_of and rule.b in slot_of:
                shared = (slot_of[rule.a] >> rule.level) == (slot_of[rule.b] >> rule.level)
                if shared != rule.together:
                    return None
        return self._solve(self.rounds, 0, tuple(remaining))

    def _solve(self, level: int, index: int, todo: tuple[int, ...]) -> Cost | None:
        key = (level, self._shape[level][index], todo)
        if key in self._memo:
            return self._memo[key]
        result = self._solve_block(level, index, todo)
        self._memo[key] = result
        return result

    def _solve_block(self, level: int, index: int, todo: tuple[int, ...]) -> Cost | None:
        placed = self._placed[level][index]
        here = tuple(p + t for p, t in zip(placed, todo, strict=True))
        total, placed_total = sum(here), sum(placed)
        if total > 1 << level:
            return None
        if level == 0:
            return self.zero
        if level == 1:
            overfull = total == placed_total > self.pair_high  # fixed there by hand
            if not (self.pair_low <= total <= self.pair_high or overfull):
                return None
            if any(here[k] for k in self.bye_kinds) and total != 1:
                return None
            return self._pairs_cost(1, here)
        own = self._pairs_cost(level, here)
        left, right = 2 * index, 2 * index + 1
        placed_left = self._placed[level - 1][left]
        placed_right = self._placed[level - 1][right]
        room = (self._room[level - 1][left], self._room[level - 1][right])
        need = (self._need[level - 1][left], self._need[level - 1][right])
        placed_diff = sum(placed_left) - sum(placed_right)
        together, apart = [], []  # seed rules decided at this split
        for rule in self.rules:
            a, b = self.seed_kind[rule.a], self.seed_kind[rule.b]
            if here[a] and here[b]:
                if rule.together and level - 1 >= rule.level:
                    together.append((a, b))
                elif not rule.together and rule.level == level - 1:
                    apart.append((a, b))
        single = [k for k in range(len(todo)) if todo[k] and not self.kinds[k].groups]
        single = [k for k in single if not self.kinds[k].seed]
        kinds = (
            sorted(
                (k for k in range(len(todo)) if todo[k] and k not in single),
                key=lambda k: (not self.kinds[k].seed, -todo[k]),
            )
            + single
        )
        later = [sum(todo[j] for j in kinds[i:]) for i in range(len(kinds) + 1)]
        bound_here = self._bound(level, index, todo)
        best: list[Cost | None] = [None]

        def side(kind: int, decided: dict[int, int]) -> int | None:
            """0/1: the side a seed of `kind` sits on (placed or chosen), None if not decided."""
            if placed_left[kind]:
                return 0
            if placed_right[kind]:
                return 1
            if kind in decided:
                return 0 if decided[kind] else 1
            return None

        def seeds_ok(decided: dict[int, int]) -> bool:
            for pairs, same in ((together, True), (apart, False)):
                for a, b in pairs:
                    sa, sb = side(a, decided), side(b, decided)
                    if sa is not None and sb is not None and (sa == sb) != same:
                        return False
            return True

        def explore(i: int, used: tuple[int, int], decided: dict[int, int]) -> None:
            if best[0] is not None and bound_here >= best[0]:
                return
            if i == len(kinds):
                finish(decided)
                return
            k, n = kinds[i], todo[kinds[i]]
            if k in single:  # they only fill: the most even first
                key = lambda x: (abs(placed_diff + used[0] + 2 * x - n - used[1]), x)  # noqa: E731
            else:
                roomier = 1 if room[0] - used[0] >= room[1] - used[1] else -1
                key = lambda x: (abs(2 * x - n), -roomier * x)  # noqa: E731
            for x in sorted(range(n + 1), key=key):
                now = (used[0] + x, used[1] + n - x)
                if now[0] > room[0] or now[1] > room[1]:
                    continue
                short = max(0, need[0] - now[0]) + max(0, need[1] - now[1])
                if short > later[i + 1] or later[i + 1] > room[0] + room[1] - sum(now):
                    continue
                decided[k] = x
                if seeds_ok(decided):
                    explore(i + 1, now, decided)
                del decided[k]

        def finish(decided: dict[int, int]) -> None:
            to_left = tuple(decided.get(k, 0) for k in range(len(todo)))
            to_right = tuple(t - x for t, x in zip(todo, to_left, strict=True))
            floor = own
            lower_left = self._bound(level - 1, left, to_left)
            lower_right = self._bound(level - 1, right, to_right)
            if best[0] is not None and _add(floor, lower_left, lower_right) >= best[0]:
                return
            cost_left = self._solve(level - 1, left, to_left)
            if cost_left is None:
                return
            if best[0] is not None and _add(floor, cost_left, lower_right) >= best[0]:
                return
            cost_right = self._solve(level - 1, right, to_right)
            if cost_right is None:
                return
            cost = _add(floor, cost_left, cost_right)
            if best[0] is None or cost < best[0]:
                best[0] = cost

        explore(0, (0, 0), {})
        return best[0]


def _add(*costs: Cost) -> Cost:
    return tuple(map(sum, zip(*costs, strict=True)))


def mate_pairs_by_round(size: int, slots_of: Mapping[int, Sequence[int]]) -> tuple[int, ...]:
    """For r = 1 .. R-1: the (group, pair) meetings possible in round r or earlier.

    `slots_of` maps each group to the 1-based slots of its members. The first part of the cost
    vector the search minimises, for reports and tests."""
    rounds = size.bit_length() - 1
    out = [0] * max(rounds - 1, 0)
    for slots in slots_of.values():
        for i, a in enumerate(slots):
            for b in slots[i + 1 :]:
                meet = ((a - 1) ^ (b - 1)).bit_length()
                for r in range(meet, rounds):
                    out[r - 1] += 1
    return tuple(out)
