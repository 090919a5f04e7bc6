"""Standings: rank, points and tie-breaks after a round, for every pairing system.

Only published and complete rounds count (see :mod:`arbiter.core.scoring`). Unless a round is asked
for, they stand after the last round with every result in, or, where the system follows its
round live (``live_standings``: a Swiss, a Monrad evening), after the last round with any result
in; a round without any result yet (a round robin's schedule is public from the drawing on, a
Swiss round just published) is not started and never the round they stand after. The tie-breaks
are the
tournament's list of C.07 codes (its system's default when empty), computed by the pure engine
``pairing.engines.tiebreaks`` under the tournament's tie-break rules; players share a rank only
when their points and every tie-break are equal. A game without its result yet counts for
nobody: in a round being played the tie-breaks read it as not played until the result is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext

from arbiter.core.models import Bye, Entry, Tournament
from arbiter.core.public_cache import shared, stamp
from arbiter.core.scoring import (
    BEING_PLAYED,
    COMPLETE,
    DRAFT,
    bye_points,
    counted_byes,
    counted_games,
    round_progress,
)
from arbiter.core.systems import PairingSystem
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
    # not requested: the category of the PAB and FPB (C.07 Art. 16.2.1), never a VUR
    Bye.Kind.HALF_POINT_NOT_REQUESTED: tb.Kind.PAB,
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
    #: The public rounds with some results in but not all, in order.
    being_played: tuple[int, ...] = ()


def tiebreak_codes(tournament: Tournament) -> tuple[str, ...]:
    """The tournament's tie-breaks in order (its system's default when it chose none)."""
    chosen = tournament.tiebreaks.split()
    return tuple(chosen) if chosen else tournament.pairing_system.default_tiebreaks


def check_tiebreaks(codes: list[str], rules: str, system: PairingSystem) -> tuple[str, ...]:
    """The codes, normalised; ValueError naming the first one the system does not offer."""
    if not system.has_rounds:
        raise ValueError(gettext("A knockout has no standings to break ties in."))
    offered = tb.available_codes(rules, round_robin=system.all_play_all)
    for code in map(tb.normalise, codes):
        if code not in offered:
            refusal = (
                gettext("%(code)s is not a tie-break of the %(rules)s rules for a round robin.")
                if system.all_play_all
                else gettext("%(code)s is not a tie-break of the %(rules)s rules for a Swiss.")
            )
            raise ValueError(refusal % {"code": code, "rules": rules})
    return tb.check_codes(codes, rules, round_robin=system.all_play_all)


def standings(tournament: Tournament, through_round: int | None = None) -> Standings:
    """The standings after ``through_round`` (when None: after the last round with every result
    in, or with any where the system's standings are live).

    Four queries whatever the size of the field: rounds, entries, games, byes.
    """
    system = tournament.pairing_system
    rounds = round_progress(tournament, drafts=True)
    progress = [(n, now) for n, now in rounds if now != DRAFT]
    if through_round is None:
        counts = (COMPLETE, BEING_PLAYED) if system.live_standings else (COMPLETE,)
        through = max((n for n, now in progress if now in counts), default=0)
    else:
        through = min(through_round, max((n for n, _ in progress), default=0))
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
    being_played = tuple(n for n, now in progress if now == BEING_PLAYED)
    return Standings(through, legend, tuple(rows), being_played)


def public_standings(tournament: Tournament, through_round: int | None = None) -> Standings:
    """:func:`standings` computed once per tournament version and round asked for, and shared by
    every page, PDF, card and export that shows them (arbiter/core/public_cache.py): a crowd asking
    for a 2000-player event's standings costs one computation, not one each."""
    key = f"standings:{tournament.pk}:{stamp(tournament)}:{through_round}"
    return shared(key, lambda: standings(tournament, through_round))


def _kind(result: results.Result, colour: str) -> tb.Kind:
    if result.is_double_forfeit:
        return tb.Kind.DOUBLE_FORFEIT
    return _GAME_KINDS[result.outcome(colour)]
