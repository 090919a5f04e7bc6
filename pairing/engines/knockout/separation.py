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

The method (docs/knockout.md "Separation, proven optimal"):

- The cost of a block of the bracket (a half, a quarter, ... a pair) depends only on how many
  competitors of each *kind* (same mate groups, same seed rank) it holds, and on the kinds
  already placed in it up to swapping sides. So the search runs top-down over count vectors:
  a block's competitors still to place are split, kind by kind, between its two halves, and
  each half is solved the same way; results are kept per (level, layout of the placed, counts).
- A lower bound per group and per half: the group's members go, one by one, to the sub-block
  of each level where the group has the fewest (a pigeonhole count: a club with more members
  than a block has sub-blocks forces meetings), within the room the byes leave. It is exact for
  a group alone; the sum over groups bounds the whole, so a partial split is cut as soon as its
  bound exceeds what is allowed.
- Costs are packed into one integer (round 1 the most significant digit), so comparing and
  adding them is integer arithmetic, and every solve takes a *budget*: it returns the exact
  best if that is within the budget, or a proven lower bound above it. The draw asks, slot by
  slot, only whether the optimum found at the start is still reachable (`reaches`), which is a
  search with a tight budget; slots that leave the bracket laid out alike share the answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

#: A cost vector: the mate pairs that can meet by round 1, 2, ..., R-1.
Cost = tuple[int, ...]
#: Steps of the split search one question about a slot may take, and a whole draw (about
#: 150,000 steps a second on one core): past them a slot is "not proven either way"; the draw
#: still follows one best placement it has proven (docs/knockout.md).
QUESTION_STEPS = 20_000
DRAW_STEPS = 150_000


class _Cut(Exception):
    """The search ran out of steps before it could answer."""


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

    `kinds` lists the kinds; `placed` maps 1-based slots to kind indices. `field` is the number
    of competitors: with `spread_byes`, every pair holds one or two of them (two only when there
    are more than the pairs, none only when fewer). `bye_kinds` are kinds (the best seeds)
    whose first-round opponent must be a bye.
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
        # Packed costs: the pairs of round r weigh base**(width - r); a digit never reaches the
        # base (a field of n has fewer than n*n mate pairs), and infeasible weighs base**width.
        self.width = max(self.rounds - 1, 0)
        self.base = base = 1 << max(1, (max(field, len(placed)) ** 2).bit_length())
        self.weight: list[int] = [base ** (self.width - lv) for lv in range(self.width + 1)]
        self.infeasible = self.weight[0]
        self._filler = next(
            (i for i, k in enumerate(self.kinds) if not k.groups and not k.seed), None
        )
        # (level, layout, counts) -> (packed cost, exact?, best split: (left side's layout,
        # counts sent to it))
        self._memo: dict[
            tuple[int, int, tuple[int, ...]], tuple[int, bool, tuple[int, tuple[int, ...]] | None]
        ] = {}
        self._tables: dict[tuple[int, int, int], list[int]] = {}
        self._placed_cost: dict[tuple[int, int], int] = {}
        self._intern: dict[tuple[object, ...], int] = {}
        self._seed_slot: dict[int, int] = {}
        #: Steps of the split search so far (a deterministic measure of work), and where the
        #: current question is cut.
        self.steps = 0
        self._stop: int | None = None
        levels = range(self.rounds + 1)
        # per level (0 = slots), per block: kind and group counts of the placed, a layout id
        self._kind_at: list[int | None] = [None] * size
        self._placed = [[[0] * len(self.kinds) for _ in range(size >> lv)] for lv in levels]
        self._placed_groups = [[[0] * self.groups for _ in range(size >> lv)] for lv in levels]
        self._count = [[0] * (size >> lv) for lv in levels]
        # per block: how many more it can take, and must take, for the byes' rule
        self._room = [[(1 << lv) // 2 * self.pair_high] * (size >> lv) for lv in levels]
        self._need = [[(1 << lv) // 2 * self.pair_low] * (size >> lv) for lv in levels]
        self._shape = [[0] * (size >> lv) for lv in levels]
        self._shape[0] = [self._leaf(None, False)] * size
        # a pair may hold more than the byes allow only when the arbiter fixed them there
        self._fixed = frozenset(placed)
        self._cap = [self.pair_high] * pairs
        for p in range(pairs):
            self._cap[p] = max(self.pair_high, len(self._fixed & {2 * p + 1, 2 * p + 2}))
        for lv in range(1, self.rounds + 1):
            self._shape[lv] = [self._join(lv, i) for i in range(size >> lv)]
        for s, kind in placed.items():
            self.put(s, kind)

    # --- the placed competitors, kept per block --------------------------------------------

    def _leaf(self, kind: int | None, fixed: bool) -> int:
        return self._intern.setdefault(("slot", kind, fixed), len(self._intern))

    def _join(self, level: int, index: int) -> int:
        a, b = self._shape[level - 1][2 * index], self._shape[level - 1][2 * index + 1]
        return self._intern.setdefault((a, b) if a < b else (b, a), len(self._intern))

    def put(self, slot: int, kind: int | None) -> None:
        """Place a competitor of `kind` on `slot` (None empties the slot again)."""
        i = slot - 1
        old = self._kind_at[i]
        if old is not None:
            self._move(i, old, -1)
        if kind is not None:
            self._move(i, kind, 1)
        self._kind_at[i] = kind
        self._shape[0][i] = self._leaf(kind, slot in self._fixed)
        for lv in range(1, self.rounds + 1):
            i //= 2
            if lv == 1:
                counts = self._placed[1][i]
                cap = 1 if any(counts[k] for k in self.bye_kinds) else self._cap[i]
                self._room[1][i] = max(0, cap - self._count[1][i])
                self._need[1][i] = max(0, self.pair_low - self._count[1][i])
            else:
                self._room[lv][i] = self._room[lv - 1][2 * i] + self._room[lv - 1][2 * i + 1]
                self._need[lv][i] = self._need[lv - 1][2 * i] + self._need[lv - 1][2 * i + 1]
            self._shape[lv][i] = self._join(lv, i)

    def _move(self, i: int, kind: int, step: int) -> None:
        """Count a competitor of `kind` on slot index `i` in (+1) or out (-1) of every block."""
        seed, groups = self.kinds[kind].seed, self.kinds[kind].groups
        if seed:
            if step > 0:
                self._seed_slot[seed] = i + 1
            else:
                del self._seed_slot[seed]
        for lv in range(self.rounds + 1):
            self._placed[lv][i][kind] += step
            self._count[lv][i] += step
            per = self._placed_groups[lv][i]
            for g in groups:
                per[g] += step
            i //= 2

    def _free_slots_up_to_symmetry(self) -> list[int]:
        """Free slots with room in their pair, one of each two sides laid out alike."""
        slots, stack = [], [(self.rounds, 0)]
        while stack:
            level, i = stack.pop()
            if level == 0:
                if self._kind_at[i] is None:
                    slots.append(i + 1)
            elif self._room[level][i]:
                stack.append((level - 1, 2 * i))
                if self._shape[level - 1][2 * i] != self._shape[level - 1][2 * i + 1]:
                    stack.append((level - 1, 2 * i + 1))
        return sorted(slots)

    def layout(self, slot: int | None = None, kind: int | None = None) -> int:
        """An id of the whole bracket's layout of the placed (with `kind` on `slot` if given),
        equal for brackets that are the same up to swapping the two sides of any block (they
        have the same best cost)."""
        if slot is None:
            return self._shape[self.rounds][0]
        i = slot - 1
        shape = self._leaf(kind, slot in self._fixed)
        for level in range(self.rounds):
            other = self._shape[level][i ^ 1]
            pair = (shape, other) if shape < other else (other, shape)
            shape = self._intern.setdefault(pair, len(self._intern))
            i //= 2
        return shape

    # --- costs -------------------------------------------------------------------------------

    def _group_counts(self, counts: Sequence[int]) -> list[int]:
        per = [0] * self.groups
        for k, n in enumerate(counts):
            if n:
                for g in self.kinds[k].groups:
                    per[g] += n
        return per

    def _own(self, level: int, group_counts: Iterable[int]) -> int:
        """The packed cost of the mate pairs inside one block of `level` (they can meet by
        round `level`); the final's level costs nothing."""
        if not 1 <= level < self.rounds:
            return 0
        return self.weight[level] * sum(n * (n - 1) // 2 for n in group_counts if n > 1)

    def _placed_pairs(self, level: int, index: int) -> int:
        """The packed cost of the pairs among the placed inside a block, at every level."""
        key = (level, self._shape[level][index])
        cost = self._placed_cost.get(key)
        if cost is None:
            cost = self._own(level, self._placed_groups[level][index])
            if level > 1:
                cost += self._placed_pairs(level - 1, 2 * index)
                cost += self._placed_pairs(level - 1, 2 * index + 1)
            self._placed_cost[key] = cost
        return cost

    def _table(self, level: int, index: int, group: int) -> list[int]:
        """Lower bounds of the packed cost the pairs with `m` more members of `group` add inside
        a block, for m = 0 .. its room: at every level, each new member joins the sub-block
        where the group has the fewest and there is room (exact per level for the group alone;
        convex in m). A group with nobody placed in the block shares the table of the empty
        group (-1)."""
        if not self._placed_groups[level][index][group]:
            group = -1
        key = (level, self._shape[level][index], group)
        table = self._tables.get(key)
        if table is not None:
            return table
        table = [0] * (self._room[level][index] + 1)
        for lv in range(1, min(level, self.rounds - 1) + 1):
            first = index << (level - lv)
            blocks = range(first, first + (1 << (level - lv)))
            have = [self._placed_groups[lv][j][group] if group >= 0 else 0 for j in blocks]
            added = sorted(
                h + extra
                for h, j in zip(have, blocks, strict=True)
                for extra in range(self._room[lv][j])
            )
            weight, total = self.weight[lv], 0
            for m, pairs in enumerate(added, start=1):
                total += pairs
                table[m] += total * weight
        self._tables[key] = table
        return table

    # --- the search --------------------------------------------------------------------------

    def _seeds_apart_as_ruled(self, rank: int = 0, slot: int = 0) -> bool:
        """Whether the placed seeds keep their regions (with the seed of `rank` on `slot`)."""
        where = dict(self._seed_slot)
        if rank:
            where[rank] = slot
        for rule in self.rules:
            if rule.a in where and rule.b in where:
                a, b = where[rule.a] - 1, where[rule.b] - 1
                if ((a >> rule.level) == (b >> rule.level)) != rule.together:
                    return False
        return True

    def best(self, remaining: Sequence[int]) -> Cost | None:
        """The best cost of the whole bracket once `remaining` (count per kind) are placed;
        None if the rules leave no way to place them."""
        packed = self._root(tuple(remaining), self.infeasible - 1, first=False)
        if packed >= self.infeasible:
            return None
        return self.unpack(packed)

    def reaches(self, remaining: Sequence[int], target: Cost) -> bool | None:
        """Whether `remaining` can still be placed at a cost of `target` or better; None when
        the search was cut (`QUESTION_STEPS`, `DRAW_STEPS`) before it could tell."""
        budget = self.pack(target)
        self._stop = min(self.steps + QUESTION_STEPS, DRAW_STEPS)
        try:
            return self._root(tuple(remaining), budget, first=True) <= budget
        except _Cut:
            return None
        finally:
            self._stop = None

    def pack(self, cost: Cost) -> int:
        """A cost vector as one integer: integer order is the vectors' lexicographic order."""
        return sum(c * w for c, w in zip(cost, self.weight[1:], strict=True))

    def unpack(self, packed: int) -> Cost:
        return tuple(packed // w % self.base for w in self.weight[1:])

    def _root(self, todo: tuple[int, ...], budget: int, *, first: bool) -> int:
        """The whole bracket's best packed cost if at most `budget`, else a lower bound above it
        (`first`: stop at the first placement within the budget).

        The seeds still to place are put first, best first, on every slot their regions allow,
        one slot per layout (the regions leave few: eight seeds in a bracket have 24); the bound
        then knows where their clubs are."""
        seed = next((k for k, n in enumerate(todo) if n and self.kinds[k].seed), None)
        if seed is None:
            if not self._seeds_apart_as_ruled():
                return self.infeasible
            return self._solve(self.rounds, 0, todo, budget)
        rest = tuple(n - (k == seed) for k, n in enumerate(todo))
        low, seen = self.infeasible, set()
        for s in self._free_slots_up_to_symmetry():
            if not self._seeds_apart_as_ruled(self.kinds[seed].seed, s):
                continue
            layout = self.layout(s, seed)
            if layout in seen:
                continue
            seen.add(layout)
            self.put(s, seed)
            try:
                low = min(low, self._root(rest, min(budget, low - 1), first=first))
            finally:
                self.put(s, None)
            if first and low <= budget:
                break
        return low

    def completion(self, remaining: Sequence[int], target: Cost) -> dict[int, int] | None:
        """One placement of `remaining` at the cost `target`, as {slot: kind}, read from the
        best splits the search kept; None if there is none, or seeds are still to place."""
        todo = tuple(remaining)
        if any(n and self.kinds[k].seed for k, n in enumerate(todo)):
            return None
        budget = self.pack(target)
        if self._root(todo, budget, first=True) > budget:  # after a proven slot: kept splits
            return None
        out: dict[int, int] = {}
        stack = [(self.rounds, 0, todo)]
        while stack:
            level, index, todo = stack.pop()
            if not any(todo):
                continue
            if level == 1:
                free = [s for s in (2 * index + 1, 2 * index + 2) if self._kind_at[s - 1] is None]
                kinds = [k for k, n in enumerate(todo) for _ in range(n)]
                out.update(zip(free, kinds, strict=False))
                continue
            known = self._memo.get((level, self._shape[level][index], todo))
            if known is None or not known[1] or known[2] is None:
                return None
            shape, sent = known[2]
            other = tuple(t - x for t, x in zip(todo, sent, strict=True))
            if shape != self._shape[level - 1][2 * index]:
                sent, other = other, sent  # the block was solved with its sides swapped
            stack += [(level - 1, 2 * index, sent), (level - 1, 2 * index + 1, other)]
        return out

    def _solve(self, level: int, index: int, todo: tuple[int, ...], budget: int) -> int:
        """The block's best packed cost if it is at most `budget`; else a lower bound above it."""
        key = (level, self._shape[level][index], todo)
        known = self._memo.get(key)
        if known is not None and (known[1] or known[0] > budget):
            return known[0]
        value, exact, split = self._solve_block(level, index, todo, budget)
        self._memo[key] = (value, exact, split)
        return value

    def _solve_block(
        self, level: int, index: int, todo: tuple[int, ...], budget: int
    ) -> tuple[int, bool, tuple[int, tuple[int, ...]] | None]:
        """A block's best packed cost within `budget` (else a lower bound above it), whether it
        is exact, and the best split found (the left side's layout, the kinds sent to it)."""
        if level <= 1:
            return self._solve_pair(level, index, self._placed[level][index], todo), True, None
        count = sum(todo)
        if count > self._room[level][index] or count < self._need[level][index]:
            return self.infeasible, True, None
        split = _Split(self, level, index, todo)
        if split.start > budget:
            return split.start, False, None
        return split.solve(budget)

    def _solve_pair(
        self, level: int, index: int, placed: Sequence[int], todo: Sequence[int]
    ) -> int:
        """A pair (level 1) or a slot (level 0): the byes' rule and the pairs inside."""
        here = [p + t for p, t in zip(placed, todo, strict=True)]
        total = sum(here)
        if total > 1 << level:
            return self.infeasible
        if level == 0:
            return 0
        if not self.pair_low <= total <= self._cap[index]:
            return self.infeasible
        if any(here[k] for k in self.bye_kinds) and total != 1:
            return self.infeasible
        return self._own(1, self._group_counts(here))


_Option = tuple[int, int, int, int, list[int]]


class _Split:
    """The competitors still to place in one block, split kind by kind between its two halves
    (docs/knockout.md "Separation, proven optimal"): a depth-first search over how many of
    each kind go left, best bound first, cut as soon as the groups' lower bounds exceed the
    budget; each complete split is solved half by half (`Search._solve`).

    Built with the block's bounds (`start`, a lower bound of any split); `solve` runs it."""

    #: Kinds in the order they are split: seeds, best first, then the rest, most numerous first
    #: (the filler kind, nobody's mate and no seed, is split last, to even the halves out).
    order: list[int]
    #: Competitors of the kinds from order[i] on, the filler's included, per i.
    later: list[int]
    #: Seeds (kind indices) that a seed rule keeps in one half, or apart, at this split.
    together: list[tuple[int, int]]
    apart: list[tuple[int, int]]

    def __init__(self, search: Search, level: int, index: int, todo: tuple[int, ...]) -> None:
        self.search, self.level, self.index, self.todo = search, level, index, todo
        self.left, self.right = 2 * index, 2 * index + 1
        below = level - 1
        self.room_l, self.room_r = search._room[below][self.left], search._room[below][self.right]
        self.need_l, self.need_r = search._need[below][self.left], search._need[below][self.right]
        self.placed_l = search._placed[below][self.left]
        self.placed_r = search._placed[below][self.right]
        here = list(search._placed_groups[level][index])
        moving = search._group_counts(todo)
        for g, n in enumerate(moving):
            here[g] += n
        self.own = search._own(level, here)
        self.active = [g for g, n in enumerate(moving) if n]
        self.table_l = {g: search._table(below, self.left, g) for g in self.active}
        self.table_r = {g: search._table(below, self.right, g) for g in self.active}
        # per active group: its members sent left and right so far, still to send, and its bound
        self.to_left = {g: 0 for g in self.active}
        self.to_right = {g: 0 for g in self.active}
        self.to_go = {g: moving[g] for g in self.active}
        self.bound = {g: self.spread(g, 0, 0, moving[g]) for g in self.active}
        floor = self.own
        floor += search._placed_pairs(below, self.left) + search._placed_pairs(below, self.right)
        self.start = floor + sum(self.bound.values())
        self.split = [0] * len(todo)  # how many of each kind go left
        self.best: int | None = None
        self.best_split: tuple[int, tuple[int, ...]] | None = None
        self.low = search.infeasible
        self.limit = 0

    def spread(self, g: int, a: int, b: int, u: int) -> int:
        """The least bound of group g with a more on the left, b on the right, u to go."""
        tl, tr = self.table_l[g], self.table_r[g]
        lo, hi = max(0, b + u - len(tr) + 1), min(u, len(tl) - 1 - a)
        low = self.search.infeasible
        for x in range(lo, hi + 1):
            value = tl[a + x] + tr[b + u - x]
            if value > low:
                break  # convex in x
            low = value
        return low

    def solve(self, budget: int) -> tuple[int, bool, tuple[int, tuple[int, ...]] | None]:
        """The block's best packed cost within `budget` (exact, with its split), else the
        least bound above it (exact when that is infeasible)."""
        self.limit = budget
        self.together, self.apart = self._seed_rules()
        todo, kinds = self.todo, self.search.kinds
        filler = self.search._filler
        self.filler = filler if filler is not None and todo[filler] else None
        self.order = sorted(
            (k for k, n in enumerate(todo) if n and k != self.filler),
            key=lambda k: (not kinds[k].seed, kinds[k].seed, -todo[k]),
        )
        self.fillers = todo[self.filler] if self.filler is not None else 0
        self.later = [
            sum(todo[k] for k in self.order[i:]) + self.fillers for i in range(len(self.order) + 1)
        ]
        self.position = {k: i for i, k in enumerate(self.order)}
        self.explore(0, 0, 0, self.start)
        if self.best is not None:
            return self.best, True, self.best_split
        return self.low, self.low >= self.search.infeasible, None

    def _seed_rules(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The seed rules this split decides, for seeds placed here or to place: `together`
        rules of this level or a lower one, `apart` rules of exactly this one."""
        search, level, todo = self.search, self.level, self.todo
        placed = search._placed[level][self.index]
        together, apart = [], []
        for rule in search.rules:
            a, b = search.seed_kind[rule.a], search.seed_kind[rule.b]
            if (placed[a] or todo[a]) and (placed[b] or todo[b]):
                if rule.together and level - 1 >= rule.level:
                    together.append((a, b))
                elif not rule.together and rule.level == level - 1:
                    apart.append((a, b))
        return together, apart

    def side(self, kind: int, decided: int) -> int | None:
        """0/1: the side a seed of `kind` sits on (placed or chosen), None if not decided."""
        if self.placed_l[kind]:
            return 0
        if self.placed_r[kind]:
            return 1
        if self.todo[kind] and self.position[kind] < decided:
            return 0 if self.split[kind] else 1
        return None

    def seeds_ok(self, decided: int) -> bool:
        """Whether the seeds' sides decided so far keep the seed rules of this split."""
        for pairs, same in ((self.together, True), (self.apart, False)):
            for a, b in pairs:
                sa, sb = self.side(a, decided), self.side(b, decided)
                if sa is not None and sb is not None and (sa == sb) != same:
                    return False
        return True

    def fail(self, low: int) -> None:
        """A split proven to cost at least `low`: keep the least such bound."""
        self.low = min(self.low, low)

    def done(self) -> bool:
        """A split as good as the bound of every split was found: nothing can beat it."""
        return self.best is not None and self.best == self.start

    def explore(self, i: int, used_l: int, used_r: int, partial: int) -> None:
        """Split the kind order[i] and those after it, `used_l` and `used_r` being sent so
        far, at a bound of `partial`; each way to split it is tried best bound first."""
        search = self.search
        search.steps += 1
        if search._stop is not None and search.steps > search._stop:
            raise _Cut
        if i == len(self.order):
            self.finish(used_l, used_r)
            return
        k = self.order[i]
        n, groups = self.todo[k], search.kinds[k].groups
        for value, _, _, x, bounds in self._options(i, used_l, used_r, partial):
            if self.done():
                return
            if value > self.limit:
                self.fail(value)
                return
            self.split[k] = x
            if search.kinds[k].seed and not self.seeds_ok(i + 1):
                continue
            saved = [self.bound[g] for g in groups]
            self._send(groups, x, n, bounds)
            self.explore(i + 1, used_l + x, used_r + n - x, value)
            self._send(groups, -x, -n, saved)
        self.split[k] = 0

    def _options(self, i: int, used_l: int, used_r: int, partial: int) -> list[_Option]:
        """The ways to send x of the kind order[i] left and the rest right that the rooms and
        the byes' rule leave, with their bounds, sorted: best bound, then the most even split,
        then more to the roomier side."""
        k = self.order[i]
        n, groups = self.todo[k], self.search.kinds[k].groups
        later = self.later[i + 1]
        options = []
        for x in range(n + 1):
            now_l, now_r = used_l + x, used_r + n - x
            if now_l > self.room_l or now_r > self.room_r:
                continue
            short = max(0, self.need_l - now_l) + max(0, self.need_r - now_r)
            if short > later or later > self.room_l + self.room_r - now_l - now_r:
                continue
            value = partial
            bounds = []
            for g in groups:
                b = self.spread(g, self.to_left[g] + x, self.to_right[g] + n - x, self.to_go[g] - n)
                value += b - self.bound[g]
                bounds.append(b)
            options.append(
                (value, abs(2 * x - n), -x if self.room_l >= self.room_r else x, x, bounds)
            )
        options.sort()
        return options

    def _send(self, groups: tuple[int, ...], x: int, n: int, bounds: list[int]) -> None:
        """Count `x` of `n` members of `groups` sent left (negative: taken back), with the
        groups' new bounds."""
        for g, b in zip(groups, bounds, strict=True):
            self.to_left[g] += x
            self.to_right[g] += n - x
            self.to_go[g] -= n
            self.bound[g] = b

    def finish(self, used_l: int, used_r: int) -> None:
        """Send the fillers, most even halves first, and solve each complete split."""
        fillers = self.fillers
        low = max(0, self.need_l - used_l, fillers - (self.room_r - used_r))
        high = min(fillers, self.room_l - used_l, used_r + fillers - self.need_r)
        diff = sum(self.placed_l) - sum(self.placed_r) + used_l - used_r
        for x in sorted(range(low, high + 1), key=lambda x: (abs(diff + 2 * x - fillers), x)):
            if self.filler is not None:
                self.split[self.filler] = x
            self.leaf()
            if self.done():
                return

    def leaf(self) -> None:
        """Solve the two halves of the complete split, the left within what the right's bound
        leaves of the limit, then the right within what the left's cost leaves."""
        search, below, own = self.search, self.level - 1, self.own
        sent_l = tuple(self.split)
        sent_r = tuple(t - x for t, x in zip(self.todo, sent_l, strict=True))
        bound_r = search._placed_pairs(below, self.right) + sum(
            self.table_r[g][self.to_right[g]] for g in self.active
        )
        allowed = self.limit - own - bound_r
        cost_l = search._solve(below, self.left, sent_l, allowed)
        if cost_l > allowed:
            self.fail(own + cost_l + bound_r)
            return
        allowed = self.limit - own - cost_l
        cost_r = search._solve(below, self.right, sent_r, allowed)
        if cost_r > allowed:
            self.fail(own + cost_l + cost_r)
            return
        self.best = own + cost_l + cost_r
        self.limit = self.best - 1
        self.best_split = (search._shape[below][self.left], sent_l)
