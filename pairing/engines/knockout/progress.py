"""Playing a bracket: who is in each match, byes decided at once, medals, changed results.

Spec §2.4 (a bye match is decided automatically; a ghost that "loses" into a repechage makes the
opponent advance without a fight; two ghosts give a ghost) and §2.9 (results and places).
`results` maps match ids to the winner: "a", "b" or the winner's competitor id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .model import BracketMatch, DrawnBracket, KnockoutError, Ref, ResetNeeded
from .pools import PoolRow, pool_standings
from .systems import SYSTEMS, round_of_slot

#: Sentinel for a side that is not known yet (a match feeding it is not decided).
PENDING = "?"


@dataclass(frozen=True)
class MatchState:
    """A match with its sides resolved.

    `a`/`b`: a competitor id, None for nobody (bye), or PENDING. `status`: "waiting" (a side is
    not known yet), "ready" (two competitors, no result), "done" (fought), "bye" (decided without
    a fight: one side or both empty). `winner`/`loser` are set for "done" and "bye" (None = nobody).
    """

    match: BracketMatch
    a: str | None
    b: str | None
    status: str
    winner: str | None = None
    loser: str | None = None

    @property
    def decided(self) -> bool:
        return self.status in ("done", "bye")


@dataclass(frozen=True)
class State:
    bracket: DrawnBracket
    matches: tuple[MatchState, ...]

    def __getitem__(self, match_id: int) -> MatchState:
        for m in self.matches:
            if m.match.id == match_id:
                return m
        raise KnockoutError(f"There is no match M{match_id} in this bracket.")

    def ready(self) -> tuple[MatchState, ...]:
        """The matches that can be called now."""
        return tuple(m for m in self.matches if m.status == "ready")


@dataclass(frozen=True)
class Medals:
    """Places so far: None where the match deciding it has not been fought."""

    gold: str | None
    silver: str | None
    bronze: tuple[str | None, ...]
    #: Every place the system gives, (place, competitor), e.g. 1, 2, 3, 3, 5, 5, 7, 7.
    places: tuple[tuple[int, str | None], ...] = ()


def _winner_side(ms: MatchState, given: str) -> str:
    if given in ("a", "b"):
        return given
    if given == ms.a:
        return "a"
    if given == ms.b:
        return "b"
    raise KnockoutError(f"M{ms.match.id} is {ms.a} against {ms.b}; {given!r} is not in it.")


def play(bracket: DrawnBracket, results: Mapping[int, str]) -> State:
    """Resolve every match in id order from the draw and the results given so far."""
    draw = bracket.draw
    known = {m.id for m in bracket.matches}
    for mid in results:
        if mid not in known:
            raise KnockoutError(f"There is no match M{mid} in this bracket.")
    states: dict[int, MatchState] = {}

    def resolve(ref: Ref) -> str | None:
        if ref.kind == "slot":
            return draw.slots[ref.number - 1]
        source = states[ref.number]
        if not source.decided:
            return PENDING
        if ref.kind == "winner":
            return source.winner
        if ref.kind == "loser":
            return source.loser
        # "beaten": whom the winner of match `number` beat in main round `round`
        if source.winner is None:
            return None
        earlier = states[round_of_slot(draw.size, ref.round, draw.slot_of(source.winner))]
        return earlier.loser

    for match in sorted(bracket.matches, key=lambda m: m.id):
        a, b = resolve(match.a), resolve(match.b)
        given = results.get(match.id)
        if PENDING in (a, b):
            if given is not None:
                raise KnockoutError(f"M{match.id} has no result yet: its sides are not known.")
            states[match.id] = MatchState(match, a, b, "waiting")
        elif a is None or b is None:
            if given is not None and given not in ("a", "b") and given not in (a, b):
                raise KnockoutError(f"M{match.id} is a bye; {given!r} is not in it.")
            states[match.id] = MatchState(match, a, b, "bye", a or b, None)
        elif given is None:
            states[match.id] = MatchState(match, a, b, "ready")
        else:
            ms = MatchState(match, a, b, "ready")
            side = _winner_side(ms, given)
            w, l_ = (a, b) if side == "a" else (b, a)
            states[match.id] = MatchState(match, a, b, "done", w, l_)
    return State(bracket, tuple(states[m.id] for m in bracket.matches))


def _place_holder(state: State, ref: Ref) -> str | None:
    ms = state[ref.number]
    if not ms.decided:
        return None
    return ms.winner if ref.kind == "winner" else ms.loser


def medals(state: State) -> Medals:
    """Gold, silver and the bronze(s) and the places after them (spec §2.9: 1, 2, 3, 3, 5, 5,
    7, 7); for a pool, by standings."""
    if SYSTEMS[state.bracket.system].is_pool:
        rows = standings(state)
        done = all(m.decided for m in state.matches)
        ranked = [(r.rank, r.competitor if done else None) for r in rows]
        by_rank = {rank: [c for r, c in ranked if r == rank] for rank, _ in ranked}
        return Medals(
            (by_rank.get(1) or [None])[0] if done and len(by_rank.get(1, [])) == 1 else None,
            (by_rank.get(2) or [None])[0] if done and len(by_rank.get(2, [])) == 1 else None,
            tuple(by_rank.get(3, [])[:1]) if done else (None,),
            tuple(ranked),
        )
    places = tuple((place, _place_holder(state, ref)) for place, ref in state.bracket.places)
    return Medals(
        next(c for p, c in places if p == 1),
        next(c for p, c in places if p == 2),
        tuple(c for p, c in places if p == 3),
        places,
    )


@dataclass(frozen=True)
class Placing:
    """One line of a category's results: a place and who holds it.

    ``competitor`` None: the match deciding the place is not fought yet. ``final``: the place
    can no longer change (a pool's rank is provisional until its last match)."""

    place: int
    competitor: str | None
    final: bool = True


def placings(
    state: State, points: Mapping[int, tuple[int, int]] | None = None
) -> tuple[Placing, ...]:
    """The category's results, best first: what a results list and the standings print.

    A bracket: the places its system gives (1, 2, 3, 3, 5, 5, 7, 7 with the IJF and classic
    repechages and double elimination; 1, 2, 3, 3 single; 1, 2, 3, 4 with one bronze match),
    a place whose deciding match is not fought yet as an empty line, a place nobody takes (a
    bye in a bronze match) left out. Once every match is decided, everyone else follows, equal
    by the last main-bracket round they fought in (latest first), each group on the place after
    those above it (9, 17, ... in a full bracket). A pool: its standing (wins, points, the match
    between two level; `points`: the score points by match), tied ranks shared.
    """
    if SYSTEMS[state.bracket.system].is_pool:
        done = all(m.decided for m in state.matches)
        return tuple(Placing(row.rank, row.competitor, done) for row in standings(state, points))
    lines = []
    for place, ref in state.bracket.places:
        ms = state[ref.number]
        holder = _place_holder(state, ref)
        if ms.decided and holder is None:
            continue  # nobody: a bye where the place is fought
        lines.append(Placing(place, holder))
    if not all(m.decided for m in state.matches):
        return tuple(lines)
    placed = {line.competitor for line in lines}
    reached: dict[str, int] = {}
    for ms in state.matches:
        if ms.match.stage in ("main", "final"):
            for side in (ms.a, ms.b):
                if side is not None and side not in placed:
                    reached[side] = max(reached.get(side, 0), ms.match.round)
    for rnd in sorted(set(reached.values()), reverse=True):
        group = sorted((c for c, r in reached.items() if r == rnd), key=_id_order)
        place = len(lines) + 1
        lines.extend(Placing(place, c) for c in group)
    return tuple(lines)


def _id_order(competitor: str) -> tuple[int, str]:
    return (int(competitor), "") if competitor.isdigit() else (0, competitor)


def standings(
    state: State, points: Mapping[int, tuple[int, int]] | None = None
) -> tuple[PoolRow, ...]:
    """A pool's standings from a played pool bracket (see `pools.pool_standings`)."""
    if not SYSTEMS[state.bracket.system].is_pool:
        raise KnockoutError("Standings are for pools; a knockout bracket has places (medals).")
    draw = state.bracket.draw
    numbers = {i: cid for i, cid in enumerate(draw.slots, start=1) if cid is not None}
    results = {m.match.id: m.winner for m in state.matches if m.status == "done"}
    matches = [(m.match.id, m.a, m.b) for m in state.matches]
    return pool_standings(numbers, results, matches, points)


def dependents(bracket: DrawnBracket, match_id: int) -> tuple[int, ...]:
    """Every later match whose sides depend on `match_id`'s result, directly or through others.

    A ladder reference ("beaten in round k by the winner of M") depends on M and on every main
    match the winner may have played in that round, i.e. on all main matches below M.
    """
    feeds: dict[int, set[int]] = {}
    size = bracket.draw.size

    def sources(ref: Ref) -> set[int]:
        if ref.kind == "slot":
            return set()
        if ref.kind != "beaten":
            return {ref.number}
        found = {ref.number}
        stack = [ref.number]
        while stack:
            m = bracket.match(stack.pop())
            for side in (m.a, m.b):
                if side.kind == "winner":
                    found.add(side.number)
                    stack.append(side.number)
        return found

    for m in bracket.matches:
        for src in sources(m.a) | sources(m.b):
            feeds.setdefault(src, set()).add(m.id)
    del size
    out: set[int] = set()
    stack = [match_id]
    while stack:
        for nxt in feeds.get(stack.pop(), ()):
            if nxt not in out:
                out.add(nxt)
                stack.append(nxt)
    return tuple(sorted(out))


def change_result(
    bracket: DrawnBracket,
    results: Mapping[int, str],
    match_id: int,
    new_winner: str | None,
    confirm_reset: bool = False,
) -> dict[int, str]:
    """The results with `match_id` changed to `new_winner` (None: the result is removed).

    The changed result propagates to the matches it fed. If any of those later matches was
    already fought, their results would no longer hold: without `confirm_reset` this raises
    `ResetNeeded` naming them; with it, their results are removed as well (they must be fought
    again). Results are stored by competitor id, so they survive re-resolution.
    """
    state = play(bracket, results)
    ms = state[match_id]
    updated = dict(results)
    if new_winner is None:
        updated.pop(match_id, None)
    else:
        if ms.status not in ("ready", "done"):
            raise KnockoutError(f"M{match_id} cannot take a result: it is {ms.status}.")
        side = _winner_side(ms, new_winner)
        new_id = ms.a if side == "a" else ms.b
        assert new_id is not None  # a ready or done match has its two competitors
        old = ms.winner if ms.status == "done" else None
        updated[match_id] = new_id
        if old == new_id:
            return updated
    fought = [m for m in dependents(bracket, match_id) if m in results]
    if fought and not confirm_reset:
        names = ", ".join(f"M{m}" for m in fought)
        raise ResetNeeded(
            f"Changing M{match_id} changes who fought in {names}, already fought; "
            "confirm to reset their results.",
            tuple(fought),
        )
    for m in fought:
        updated.pop(m, None)
    play(bracket, updated)  # the new results must still resolve
    return updated
