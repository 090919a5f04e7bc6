"""Standings: rank, points and tie-breaks after a round, for every pairing system.

Only published and complete rounds count (see :mod:`arbiter.scoring`). The tie-breaks are the
tournament's list of C.07 codes (its system's default when empty), computed by the pure engine
``pairing.engines.tiebreaks`` under the tournament's tie-break rules; players share a rank only
when their points and every tie-break are equal. A game without its result yet counts for
nobody: in a round being played the tie-breaks read it as not played until the result is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbiter.models import Bye, Entry, Tournament
from arbiter.scoring import COUNTED_STATES, bye_points, counted_byes, counted_games
from arbiter.systems import PairingSystem
from pairing.engines import results
from pairing.engines import tiebreaks as tb

#: One side's outcome of a game -> its kind for the tie-breaks (a double forfeit has its own).
_GAME_KINDS = {
    results.WIN: tb.Kind.PLAYED,
    results.DRAW: tb.Kind.PLAYED,
    results.LOSS: tb.Kind.PLAYED,
    results.FORFEIT_WIN: tb.Kind.FORFEIT_WIN,
    results.FORFEIT_LOSS: tb.Kind.FORFEIT_LOSS,
}
_BYE_KINDS = {
    Bye.Kind.PAIRING_ALLOCATED: tb.Kind.PAB,
    Bye.Kind.HALF_POINT: tb.Kind.HPB,
    Bye.Kind.FULL_POINT: tb.Kind.FPB,
    Bye.Kind.ZERO_POINT: tb.Kind.ZPB,
}


@dataclass(frozen=True)
class StandingRow:
    rank: int
    entry: Entry
    points: Decimal
    tiebreaks: tuple[Decimal | int | None, ...] = ()  # None: no value ("—")


@dataclass(frozen=True)
class Standings:
    through_round: int  # 0 before any round counts
    legend: tuple[tuple[str, str], ...]  # (column heading, what it is), one per tie-break
    rows: tuple[StandingRow, ...]


def tiebreak_codes(tournament: Tournament) -> tuple[str, ...]:
    """The tournament's tie-breaks in order (its system's default when it chose none)."""
    chosen = tournament.tiebreaks.split()
    return tuple(chosen) if chosen else tournament.pairing_system.default_tiebreaks


def check_tiebreaks(codes: list[str], rules: str, system: PairingSystem) -> tuple[str, ...]:
    """The codes, normalised; ValueError naming the first one the system does not offer."""
    if not system.has_rounds:
        raise ValueError("A knockout has no standings to break ties in.")
    return tb.check_codes(codes, rules, round_robin=system.all_play_all)


def standings(tournament: Tournament, through_round: int | None = None) -> Standings:
    """The standings after ``through_round`` (the last counted round when None).

    Four queries whatever the size of the field: rounds, entries, games, byes.
    """
    rounds = list(tournament.rounds.values_list("number", "state"))
    last = max((n for n, state in rounds if state in COUNTED_STATES), default=0)
    through = last if through_round is None else min(through_round, last)
    entries = Entry.objects.filter(tournament=tournament)
    if rounds:
        entries = entries.exclude(starting_number=None)
    entries = list(entries)
    history: dict[int, list[tb.RoundResult]] = {e.pk: [] for e in entries}
    games = counted_games(tournament, through).values_list(
        "round__number", "white_id", "black_id", "result"
    )
    for number, white, black, code in games:
        result = results.from_code(code)
        if result is None or white not in history or black not in history:
            continue  # no result yet
        white_points, black_points = result.points()
        history[white].append(tb.RoundResult(number, _kind(result, "w"), white_points, black, "w"))
        history[black].append(tb.RoundResult(number, _kind(result, "b"), black_points, white, "b"))
    for number, entry_id, kind in counted_byes(tournament, through).values_list(
        "round__number", "entry_id", "kind"
    ):
        if entry_id in history:
            awarded = bye_points(kind, tournament.system)
            history[entry_id].append(tb.RoundResult(number, _BYE_KINDS[kind], awarded))
    system = tournament.pairing_system
    codes = tiebreak_codes(tournament) if system.has_rounds else ()
    players = [tb.Player(e.pk, e.rating or None, tuple(history[e.pk])) for e in entries]
    ranked = tb.rank(
        players,
        codes,
        rules=tournament.tiebreak_rules,
        round_robin=system.all_play_all,
        through_round=through or None,
        unrated_rating=tournament.unrated_rating,
    )
    by_id = {e.pk: e for e in entries}
    rows = sorted(
        (StandingRow(r.rank, by_id[r.player_id], r.points, r.tiebreaks) for r in ranked),
        key=lambda row: (row.rank, row.entry.starting_number or 10**9, row.entry.name),
    )
    legend = tb.legend(codes, unrated_rating=tournament.unrated_rating)
    return Standings(through, legend, tuple(rows))


def _kind(result: results.Result, colour: str) -> tb.Kind:
    if result.is_double_forfeit:
        return tb.Kind.DOUBLE_FORFEIT
    return _GAME_KINDS[result.outcome(colour)]
