"""The contest order on the mats: which bout each mat calls next, and when a competitor fights.

Input: each category's played bracket (`progress.State`: the bouts still to fight, with what is
known of their sides), the mat of each category, the organiser's minimum rest and the minutes a
bout takes. A category is fought on one mat, so each mat is ordered on its own.

**Rest** is counted in bouts: `rest` = the fewest other bouts the mat calls between two bouts of
one fighter (`rest_in_bouts` turns the organiser's minutes into bouts with the bout estimate).
A fighter is a known competitor, or "the winner (or loser) of bout X" who may be either of X's
sides, so a bout rests after every bout it takes a fighter from, and pool bouts of one
competitor rest after each other.

**Order**: every bout after the bouts its sides come from; the mat never waits (the next bout is
always called); earlier rounds of all the mat's categories first (the longest chain of bouts a
bout depends on), then the mat's category order, then the bout number. Among the orders that
keep everybody's rest, the first in that preference is chosen by an exhaustive search (bounded
by `SEARCH_LIMIT` steps). When no order keeps the rest (or the search is cut off), each bout is
placed to give the longest rest still possible, and every bout that breaks it is listed in
`Schedule.breaches` with the earlier bout and the rest it gets: never silently.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from typing import Any

from .model import KnockoutError, Ref
from .progress import PENDING, MatchState, State

#: A fighter as the mats see them: ("c", competitor id), or (kind, category, bout) for whoever
#: comes out of a bout not fought yet (kind "w" the winner, "l" the loser).
_Token = tuple[Any, ...]

#: The exhaustive search gives up after this many steps per mat and falls back to the best rest.
SEARCH_LIMIT = 5_000


@dataclass(frozen=True)
class ScheduledBout:
    """One bout in a mat's order: `position` from 1, `start` minutes after the mat starts."""

    mat: int
    position: int
    category: str
    bout: int
    start: float


@dataclass(frozen=True)
class Breach:
    """A bout called with less rest than the minimum: `rest` bouts after the bout `earlier` of
    `earlier_category`, which may have the same fighter."""

    category: str
    bout: int
    earlier: int
    rest: int
    earlier_category: str


@dataclass(frozen=True)
class Schedule:
    rest: int
    bouts: tuple[ScheduledBout, ...]
    breaches: tuple[Breach, ...]

    def mat(self, number: int) -> tuple[ScheduledBout, ...]:
        return tuple(b for b in self.bouts if b.mat == number)


@dataclass(frozen=True)
class Call:
    """A competitor's next bout; `certain` False: only if they win (or lose) the bouts before."""

    scheduled: ScheduledBout
    certain: bool


@dataclass(frozen=True)
class _Bout:
    category: str
    bout: int
    deps: frozenset[tuple[str, int]]
    fighters: Set[_Token]
    depth: int

    @property
    def key(self) -> tuple[str, int]:
        return (self.category, self.bout)


def rest_in_bouts(minutes: float, bout_minutes: float) -> int:
    """The organiser's rest in minutes as a number of bouts of `bout_minutes` (rounded up)."""
    if minutes < 0 or bout_minutes <= 0:
        raise KnockoutError("The rest is 0 minutes or more, a bout longer than 0 minutes.")
    return math.ceil(minutes / bout_minutes)


def propose_mats(bouts: Mapping[str, int], mats: int) -> dict[str, int]:
    """Categories to mats 1..`mats` balancing their bouts: the largest first, each to the mat
    with the fewest bouts so far (the lowest number on a tie)."""
    if mats < 1:
        raise KnockoutError("There is at least one mat.")
    load = dict.fromkeys(range(1, mats + 1), 0)
    out: dict[str, int] = {}
    for name in sorted(bouts, key=lambda c: (-bouts[c], c)):
        mat = min(load, key=lambda m: (load[m], m))
        out[name] = mat
        load[mat] += bouts[name]
    return out


def to_fight(state: State) -> tuple[int, ...]:
    """The bouts of a category still to be fought (neither decided nor a walkover)."""
    return tuple(
        m.match.id
        for m in state.matches
        if m.status != "bye" and not m.decided and not _walkover(m)
    )


def _walkover(ms: MatchState) -> bool:
    return not ms.decided and None in (ms.a, ms.b)


def _bouts(name: str, state: State) -> list[_Bout]:
    fought = set(to_fight(state))
    below: dict[int, set[int]] = {}

    def sources(ref: Ref) -> set[int]:
        """Every match whose outcome this side waits for, through undecided matches."""
        if ref.kind == "slot" or state[ref.number].decided:
            return set()
        m = state[ref.number].match
        return {ref.number} | sources(m.a) | sources(m.b)

    def fighters(ref: Ref, value: str | None) -> set[_Token]:
        if value is None:
            return set()
        if value != PENDING:
            return {("c", value)}
        src = state[ref.number]
        if ref.kind == "beaten":
            out: set[_Token] = set()
            for x in _feeding(state, ref.number, ref.round):
                if x.decided:
                    out |= {("c", x.loser)} if x.loser else set()
                elif x.match.id in fought:
                    out.add(("l", name, x.match.id))
            return out
        if src.match.id in fought:
            return {(ref.kind[0], name, src.match.id)}
        if ref.kind == "loser":
            return set()  # the loser of a walkover is nobody
        return fighters(src.match.a, src.a) | fighters(src.match.b, src.b)

    out: list[_Bout] = []
    for ms in state.matches:
        if ms.match.id not in fought:
            continue
        deps = (sources(ms.match.a) | sources(ms.match.b)) & fought
        below[ms.match.id] = deps
        tokens = fighters(ms.match.a, ms.a) | fighters(ms.match.b, ms.b)
        out.append(_Bout(name, ms.match.id, frozenset((name, d) for d in deps), tokens, 0))
    depth: dict[int, int] = {}
    for b in sorted(out, key=lambda b: b.bout):  # references point to lower ids
        depth[b.bout] = 1 + max((depth[d] for d in below[b.bout]), default=0)
    return [_Bout(b.category, b.bout, b.deps, b.fighters, depth[b.bout]) for b in out]


def _conflicts(bouts: list[_Bout]) -> dict[tuple[str, int], set[tuple[str, int]]]:
    """For each bout, the other bouts one of whose fighters may fight it too: they share a
    fighter, or one takes a fighter (the winner or loser) from the other. Found through an index
    of fighters and of the bouts taken from, not by comparing every pair (a mat of 150 bouts)."""
    by_fighter: dict[_Token, set[tuple[str, int]]] = {}
    takes: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for b in bouts:
        for token in b.fighters:
            by_fighter.setdefault(token, set()).add(b.key)
            if token[0] in ("w", "l"):
                takes.setdefault((token[1], token[2]), set()).add(b.key)
    keys = {b.key for b in bouts}
    out: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for b in bouts:
        near = set(takes.get(b.key, ()))
        for token in b.fighters:
            near |= by_fighter[token]
            if token[0] in ("w", "l") and (token[1], token[2]) in keys:
                near.add((token[1], token[2]))
        near.discard(b.key)
        out[b.key] = near
    return out


def schedule(
    states: Mapping[str, State],
    mats: Mapping[str, int],
    rest: int,
    minutes: float | Mapping[str, float] = 5.0,
) -> Schedule:
    """The order of every mat (see the module doc). `mats` maps each category to its mat;
    the categories' order in `states` is the preference among equals (e.g. lighter first);
    `minutes` is one estimate for every bout, or one per category."""
    if rest < 0:
        raise KnockoutError("The minimum rest is 0 bouts or more.")
    missing = [c for c in states if c not in mats]
    if missing:
        raise KnockoutError(f"No mat for {', '.join(missing)}.")
    order = {name: i for i, name in enumerate(states)}
    scheduled: list[ScheduledBout] = []
    breaches: list[Breach] = []
    for mat in sorted(set(mats[c] for c in states)):
        bouts = [b for c in states if mats[c] == mat for b in _bouts(c, states[c])]
        bouts.sort(key=lambda b: (b.depth, order[b.category], b.bout))
        placed, broken = _order(bouts, rest)
        breaches += broken
        clock = 0.0
        for position, b in enumerate(placed, start=1):
            scheduled.append(ScheduledBout(mat, position, b.category, b.bout, clock))
            clock += minutes if isinstance(minutes, int | float) else minutes[b.category]
    return Schedule(rest, tuple(scheduled), tuple(breaches))


def _order(bouts: list[_Bout], rest: int) -> tuple[list[_Bout], list[Breach]]:
    conflicts = _conflicts(bouts)
    found = _search(bouts, conflicts, rest)
    if found is not None:
        return found, []
    return _best_rest(bouts, conflicts, rest)


def _search(
    bouts: list[_Bout], conflicts: dict[tuple[str, int], set[tuple[str, int]]], rest: int
) -> list[_Bout] | None:
    """The first order in preference that keeps the rest, None if there is none (or the search
    is cut off). What is left to place depends only on what is placed and on the last `rest`
    bouts, so a dead end seen once is not explored again."""
    placed: list[_Bout] = []
    done: set[tuple[str, int]] = set()
    dead: set[tuple[frozenset[tuple[str, int]], tuple[tuple[str, int], ...]]] = set()
    steps = 0

    def dfs() -> bool:
        nonlocal steps
        if len(placed) == len(bouts):
            return True
        recent = tuple(b.key for b in placed[max(0, len(placed) - rest) :])
        if (frozenset(done), recent) in dead:
            return False
        steps += 1
        if steps > SEARCH_LIMIT:
            raise _CutOff
        for b in bouts:
            if b.key in done or not b.deps <= done or conflicts[b.key].intersection(recent):
                continue
            placed.append(b)
            done.add(b.key)
            if dfs():
                return True
            placed.pop()
            done.discard(b.key)
        dead.add((frozenset(done), recent))
        return False

    try:
        return placed if dfs() else None
    except _CutOff:
        return None


class _CutOff(Exception):
    pass


def _best_rest(
    bouts: list[_Bout], conflicts: dict[tuple[str, int], set[tuple[str, int]]], rest: int
) -> tuple[list[_Bout], list[Breach]]:
    placed: list[_Bout] = []
    where: dict[tuple[str, int], int] = {}
    breaches: list[Breach] = []
    while len(placed) < len(bouts):
        pos = len(placed)
        ready = [b for b in bouts if b.key not in where and b.deps <= where.keys()]
        gaps = [_gap(conflicts[b.key], where, pos, rest) for b in ready]
        i = max(range(len(ready)), key=lambda j: gaps[j][0])  # the first of the preference
        best, (got, last) = ready[i], gaps[i]
        if last is not None and got < rest:
            breaches.append(
                Breach(best.category, best.bout, placed[last].bout, got, placed[last].category)
            )
        where[best.key] = pos
        placed.append(best)
    return placed, breaches


def _gap(
    conflicts: Iterable[tuple[str, int]], where: Mapping[tuple[str, int], int], pos: int, rest: int
) -> tuple[int, int | None]:
    """The rest a bout gets at `pos` (at most `rest`) and the position of its last conflict."""
    last = max((where[k] for k in conflicts if k in where), default=None)
    return (rest, None) if last is None else (min(rest, pos - last - 1), last)


def next_bout(plan: Schedule, states: Mapping[str, State], competitor: str) -> Call | None:
    """When does `competitor` fight next: the first bout of the plan not yet decided that they
    are in (`certain`) or may reach by the bouts before it; None when they fight no more."""
    for scheduled in plan.bouts:
        ms = states[scheduled.category][scheduled.bout]
        if ms.decided:
            continue
        if competitor in (ms.a, ms.b):
            return Call(scheduled, True)
        if competitor in who_may_fill(states[scheduled.category], ms.match.a, ms.a) | who_may_fill(
            states[scheduled.category], ms.match.b, ms.b
        ):
            return Call(scheduled, False)
    return None


def earliest(calls: Iterable[Call | None]) -> Call | None:
    """The first in time of several calls (a competitor in two categories on two mats)."""
    known = [c for c in calls if c is not None]
    return min(known, key=lambda c: (c.scheduled.start, c.scheduled.mat), default=None)


def who_may_fill(state: State, ref: Ref, value: str | None) -> set[str]:
    """Everyone who may still turn out to hold this side."""
    if value != PENDING:
        return {value} if value else set()
    src = state[ref.number]
    if ref.kind == "beaten":
        everyone: set[str] = set()
        for x in _feeding(state, ref.number, ref.round):
            if x.decided:
                everyone |= {x.loser} if x.loser else set()
            else:
                everyone |= who_may_fill(state, x.match.a, x.a) | who_may_fill(
                    state, x.match.b, x.b
                )
        return everyone
    return who_may_fill(state, src.match.a, src.a) | who_may_fill(state, src.match.b, src.b)


def _feeding(state: State, match_id: int, rnd: int) -> list[MatchState]:
    """The main matches of round `rnd` whose winner may reach `match_id` (a ladder's sources)."""
    out: list[MatchState] = []
    stack = [match_id]
    while stack:
        ms = state[stack.pop()]
        if ms.match.round == rnd and ms.match.stage == "main":
            out.append(ms)
            continue
        stack += [side.number for side in (ms.match.a, ms.match.b) if side.kind == "winner"]
    return out
