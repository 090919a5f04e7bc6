"""Standings: rank, points and tie-breaks after a round, for every pairing system.

Only published and complete rounds count (see :mod:`arbiter.scoring`). Tie-breaks are computed
by the pure engine in ``pairing.engines.tiebreaks`` from the list the tournament chose; players
share a rank only when their points and every tie-break are equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbiter.models import Entry, Tournament
from arbiter.scoring import COUNTED_STATES, scores


@dataclass(frozen=True)
class StandingRow:
    rank: int
    entry: Entry
    points: Decimal
    tiebreaks: tuple[Decimal, ...] = ()


@dataclass(frozen=True)
class Standings:
    through_round: int  # 0 before any round counts
    legend: tuple[tuple[str, str], ...]  # (column heading, what it is), one per tie-break
    rows: tuple[StandingRow, ...]


def last_counted_round(tournament: Tournament) -> int:
    """The last published or complete round (0 when none)."""
    numbers = tournament.rounds.filter(state__in=COUNTED_STATES).values_list("number", flat=True)
    return max(numbers, default=0)


def standings(tournament: Tournament, through_round: int | None = None) -> Standings:
    """The standings after ``through_round`` (the last counted round when None).

    A constant number of queries whatever the size of the field.
    """
    last = last_counted_round(tournament)
    through = last if through_round is None else min(through_round, last)
    points = scores(tournament, through)
    entries = list(
        Entry.objects.filter(tournament=tournament).exclude(starting_number=None)
        if tournament.rounds.exists()
        else Entry.objects.filter(tournament=tournament)
    )
    entries.sort(key=lambda e: (-points.get(e.pk, Decimal(0)), e.starting_number or 10**9))
    rows = []
    previous = None
    for position, entry in enumerate(entries, start=1):
        key = (points.get(entry.pk, Decimal(0)),)
        rank = rows[-1].rank if previous == key else position
        rows.append(StandingRow(rank, entry, key[0]))
        previous = key
    return Standings(through, (), tuple(rows))
