"""Pools of 2 to 7: the match order, the placement of seeds and mates, and the standings.

Spec §2.7. The orders are the ones JudoShiai's sheets print; they are data here (a test checks
each is a complete round robin in which nobody fights twice in a row where the size allows).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .model import Competitor, Draw, KnockoutError, Step

MAX_POOL = 7

#: Spec §2.7: the pool match orders as the sheets print them, pool numbers 1..n.
_PRINTED = {
    2: "1-2",
    3: "1-2 1-3 2-3",
    4: "1-2 3-4 1-3 2-4 1-4 2-3",
    5: "4-5 1-2 3-4 1-5 2-3 1-4 3-5 2-4 1-3 2-5",
    6: "1-2 3-5 2-4 1-6 4-5 2-3 4-6 2-5 3-4 1-5 3-6 1-4 5-6 1-3 2-6",
    7: "1-2 3-5 2-4 1-6 3-7 4-5 2-3 4-6 1-7 2-5 6-7 3-4 1-5 3-6 2-7 1-4 5-6 4-7 2-6 1-3 5-7",
}
POOL_ORDER: dict[int, tuple[tuple[int, int], ...]] = {
    n: tuple((int(m[0]), int(m[2])) for m in order.split()) for n, order in _PRINTED.items()
}

#: Spec §2.7: sets of pool numbers for unseeded club/country mates, first that applies:
#: (the early matches mates should fill, the last match's pair, where a mate of the last goes).
_EARLY = {3: ((1, 2),), 4: ((1, 2),), 5: ((4, 5), (1, 2)), 6: ((1, 2), (3, 5)), 7: ((1, 2), (3, 5))}


def pool_matches(n: int) -> tuple[tuple[int, int], ...]:
    """The matches of a pool of `n` in the spec's order (§2.7), as pairs of pool numbers."""
    if n not in POOL_ORDER:
        raise KnockoutError(f"A pool has 2 to {MAX_POOL} competitors, not {n}.")
    return POOL_ORDER[n]


def last_match(n: int) -> tuple[int, int]:
    """The pair of the pool's last match: where the two best seeds go (spec §2.7)."""
    return pool_matches(n)[-1]


def draw_pool(competitors: Iterable[Competitor], *, seed: int, separate_by: str = "club") -> Draw:
    """Pool numbers for 2 to 7 competitors (spec §2.7), reproducible from `seed`.

    The two best seeds take the last match's pair in random order; further seeds any free
    number. Unseeded mates (same club, or country, per `separate_by`) fill the pool's first
    matches, so that they meet early and never in the last match if it can be avoided.
    """
    from .draw import _keys, _validate, drawing_queue, mates

    competitors = tuple(competitors)
    n = len(competitors)
    pool_matches(n)
    _validate(competitors, {}, n)
    keys = _keys(separate_by)
    rng = random.Random(seed)
    queue = drawing_queue(competitors, rng, separate_by)
    placed: dict[int, Competitor] = {}
    log: list[Step] = []
    seeds = [c for c in queue if c.seed]
    last = list(last_match(n))
    rng.shuffle(last)
    for c in queue:
        free = [s for s in range(1, n + 1) if s not in placed]
        if c.seed and c in seeds[:2]:
            choice, rule = [s for s in last if s in free], "seed: the last match's pair"
        elif c.seed:
            choice, rule = free, "seed: any free number"
        else:
            choice, rule = _unseeded(c, n, placed, free, competitors, keys, mates)
        if not choice:
            choice, rule = free, rule + " (full: any free number)"
        s = rng.choice(sorted(choice))
        placed[s] = c
        log.append(Step(c.id, s, rule, tied=tuple(sorted(choice))))
    slots = tuple(placed[s].id for s in range(1, n + 1))
    return Draw(n, slots, tuple(log), seed, competitors, separate_by)


def _unseeded(
    c: Competitor,
    n: int,
    placed: Mapping[int, Competitor],
    free: list[int],
    competitors: Sequence[Competitor],
    keys: Sequence[str],
    mates: Callable[[Competitor, Competitor, Sequence[str]], int],
) -> tuple[list[int], str]:
    has_mates = any(mates(c, y, keys) for y in competitors if y.id != c.id)
    placed_mate = {s for s, y in placed.items() if mates(c, y, keys)}
    if has_mates:
        for pair in _EARLY.get(n, ()):
            open_ = [s for s in pair if s in free]
            if len(open_) == 2 or (len(open_) == 1 and set(pair) - set(open_) <= placed_mate):
                return open_, f"mates meet early: the match {pair[0]}-{pair[1]}"
    if n > 2 and placed_mate & set(last_match(n)):
        away = [s for s in free if s not in last_match(n)]
        return away, "a mate is in the last match: elsewhere"
    return free, "any free number"


@dataclass(frozen=True)
class PoolRow:
    """One line of a pool's standings: `tied` when the rules below could not separate it."""

    competitor: str
    wins: int
    points: int
    rank: int
    tied: bool = False


def pool_standings(
    numbers: Mapping[int, str],
    results: Mapping[int, str | None],
    matches: Iterable[tuple[int, str | None, str | None]],
    points: Mapping[int, tuple[int, int]] | None = None,
) -> tuple[PoolRow, ...]:
    """Rank a pool (spec §2.7): wins, then score points, then the match between two still level.

    `matches` are (match id, a, b) with competitor ids; `results[match id]` the winner's id;
    `points[match id]` the score points (a's, b's), e.g. 10/7/5/1 or 100/10/1. A tie of three or
    more that wins and points leave level is not broken (the spec's winning time and weigh-in
    tie-breaks are not recorded here): those rows share a rank and are marked `tied` for the
    arbiter. `numbers` lists the pool's competitors (pool number -> id).
    """
    points = points or {}
    wins = dict.fromkeys(numbers.values(), 0)
    score = dict.fromkeys(numbers.values(), 0)
    head: dict[frozenset[str], str] = {}
    for mid, a, b in matches:
        w = results.get(mid)
        if w is None or a is None or b is None:
            continue
        wins[w] += 1
        pa, pb = points.get(mid, (0, 0))
        score[a] += pa
        score[b] += pb
        head[frozenset((a, b))] = w
    order = sorted(wins, key=lambda c: (-wins[c], -score[c]))
    groups: list[list[str]] = []
    for c in order:
        if groups and (wins[c], score[c]) == (wins[groups[-1][0]], score[groups[-1][0]]):
            groups[-1].append(c)
        else:
            groups.append([c])
    rows: list[PoolRow] = []
    for group in groups:
        rank = len(rows) + 1
        if len(group) == 2 and frozenset(group) in head:
            first = head[frozenset(group)]
            second = group[1] if group[0] == first else group[0]
            rows.append(PoolRow(first, wins[first], score[first], rank))
            rows.append(PoolRow(second, wins[second], score[second], rank + 1))
        else:
            tied = len(group) > 1
            rows += [PoolRow(c, wins[c], score[c], rank, tied) for c in sorted(group)]
    return tuple(rows)
