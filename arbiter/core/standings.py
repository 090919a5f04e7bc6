"""A tournament's results read into the standings engine (pairing/engines/standings.py), and its
rows given back with their entries: every page, PDF, export, the crosstable, the TRF and the
Monrad page get points and ranks here, in a fixed number of queries (docs/standings.md).

Only published and complete rounds count: a draft round is a proposal, so neither its games nor
its byes give anyone a point until it is published. Unless a round is asked for, the standings
stand after the last round with every result in, or, where the system follows its round live
(``live_standings``: a Swiss, a Monrad evening), after the last round with any result in; a
round without any result yet (a round robin's schedule is public from the drawing on, a Swiss
round just published) is not started and never the round they stand after. A game without its
result yet counts for nobody: in a round being played the tie-breaks read it as not played
until the result is in, and so does an adjourned game, marked beside the points: standings
with one are provisional, never final (docs/fide-mode.md, "Adjourned games"). An expelled player
is taken out of a Swiss's ranking and listed after it (:func:`expelled_apart`).

How a tournament ranks is its rule set (:func:`rule_set`): FIDE C.07 under its tie-break rules
with its list of codes (its system's default when empty) and chess scoring, or the club rule of
a Swedish attendance Monrad (tie-break rules ``club``), whose scoring and tie-break are the club
evening's settings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from decimal import Decimal

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext

from arbiter.core.models import (
    Bye,
    Entry,
    Game,
    Round,
    TiebreakRules,
    Tournament,
    tiebreak_rules_for,
)
from arbiter.core.public_cache import shared, stamp
from arbiter.core.systems import PairingSystem
from pairing.engines import results
from pairing.engines import standings as engine
from pairing.engines import tiebreaks as tb
from pairing.engines.tiebreaks import teams as team_tiebreaks

#: Rounds whose games and byes count, for the arbiter and the public alike.
COUNTED_STATES = (Round.State.PUBLISHED, Round.State.COMPLETE)

ZERO = Decimal(0)

#: How far a public round is, as players and arbiters say it.
NOT_STARTED = "not started"  # published (a round robin's schedule), no result in yet
BEING_PLAYED = "being played"  # some results in, not all
COMPLETE = "complete"  # every result in
DRAFT = "draft"  # not public


@dataclass(frozen=True)
class StandingRow:
    rank: int
    entry: Entry
    points: Decimal
    tiebreaks: tuple[Decimal | int | None, ...] = ()  # None: no value ("—")
    shared: bool = False  # another row has the same rank


@dataclass(frozen=True)
class Standings:
    through_round: int  # 0 before any round counts
    legend: tuple[tuple[str, str], ...]  # (column heading, what it is), one per tie-break
    rows: tuple[StandingRow, ...]
    #: The public rounds with some results in but not all, in order.
    being_played: tuple[int, ...] = ()
    #: The adjourned games up to ``through_round`` still without a result: counted for nobody,
    #: they keep the standings provisional (FIDE's checklist Q161, Q169).
    adjourned: tuple[Game, ...] = ()
    #: The final standings: the tournament is finished (every planned round complete, no game
    #: adjourned) and these stand after its last round.
    final: bool = False

    @property
    def adjourned_players(self) -> frozenset[int]:
        """The entries with an adjourned game among these rounds."""
        return frozenset(p for g in self.adjourned for p in (g.white_id, g.black_id))


def round_progress(tournament: Tournament, drafts: bool = False) -> list[tuple[int, str]]:
    """The published and complete rounds as (number, progress), in order: one query. With
    ``drafts`` the draft rounds come too, as ("draft").

    A round robin publishes its whole schedule at the drawing, so a published round is only
    "being played" once a result is in; until then it is "not started".
    """
    return [(number, _progress(*counts)) for number, *counts, _ in _round_rows(tournament, drafts)]


def _round_rows(tournament: Tournament, drafts: bool) -> list[tuple[int, str, int, int, int]]:
    """Each round's number, state, games, results and adjourned games, in order: one query."""
    rounds = (
        tournament.rounds.all() if drafts else tournament.rounds.filter(state__in=COUNTED_STATES)
    )
    return list(
        rounds.annotate(
            games_count=Count("games"),
            results=Count("games", filter=~Q(games__result="")),
            adjourned=Count("games", filter=Q(games__adjourned=True)),
        )
        .order_by("number")
        .values_list("number", "state", "games_count", "results", "adjourned")
    )


def _progress(state: str, games: int, results: int) -> str:
    if state == Round.State.DRAFT:
        return DRAFT
    if state == Round.State.COMPLETE or (games and results == games):
        return COMPLETE
    return BEING_PLAYED if results else NOT_STARTED


def counted_games(tournament: Tournament, through_round: int | None = None) -> QuerySet[Game]:
    """The tournament's games in published or complete rounds, up to `through_round`."""
    games = Game.objects.filter(round__tournament=tournament, round__state__in=COUNTED_STATES)
    if through_round is not None:
        games = games.filter(round__number__lte=through_round)
    return games


def counted_byes(tournament: Tournament, through_round: int | None = None) -> QuerySet[Bye]:
    """The tournament's byes in published or complete rounds, up to `through_round`."""
    byes = Bye.objects.filter(round__tournament=tournament, round__state__in=COUNTED_STATES)
    if through_round is not None:
        byes = byes.filter(round__number__lte=through_round)
    return byes


def read_results(
    tournament: Tournament, through_round: int | None = None
) -> tuple[list[engine.Game], list[engine.Bye]]:
    """The counted games (in board order) and byes up to ``through_round`` as the engine's
    records: two queries whatever the size of the field."""
    games = (
        counted_games(tournament, through_round)
        .order_by("round__number", "board")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    byes = counted_byes(tournament, through_round).values_list("round__number", "entry_id", "kind")
    return (
        [engine.Game(n, white, black, results.from_code(code)) for n, white, black, code in games],
        [engine.Bye(n, entry_id, kind) for n, entry_id, kind in byes],
    )


def adjourned_games(tournament: Tournament, through_round: int | None = None) -> list[Game]:
    """The adjourned games still without a result in published or complete rounds (up to
    ``through_round``), with their round and players, in round and board order: what keeps the
    standings provisional (FIDE's checklist Q161, Q169). One query."""
    return list(
        counted_games(tournament, through_round)
        .filter(adjourned=True)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )


def games_text(games: list[Game]) -> str:
    """Games named for the arbiter and the public: "round 3 board 2, Aa - Bo; ..."."""
    return "; ".join(
        gettext("round %(round)s board %(board)s, %(white)s - %(black)s")
        % {"round": g.round.number, "board": g.board, "white": g.white.name, "black": g.black.name}
        for g in games
    )


def tiebreak_codes(tournament: Tournament) -> tuple[str, ...]:
    """The tournament's tie-breaks in order (its system's default when it chose none). A team
    event's own list ranks its teams (arbiter/teams/standings.py); its players are ranked by
    the system's default."""
    chosen = tournament.tiebreaks.split()
    if chosen and not tournament.pairing_system.team_event:
        return tuple(chosen)
    return tournament.pairing_system.default_tiebreaks


def check_tiebreaks(codes: list[str], rules: str, system: PairingSystem) -> tuple[str, ...]:
    """The codes, normalised; ValueError naming the first one the system does not offer."""
    if not system.has_rounds:
        raise ValueError(gettext("A knockout has no standings to break ties in."))
    if rules == TiebreakRules.CLUB:
        raise ValueError(
            gettext("The club rule takes its tie-break from the club evening's settings.")
        )
    if system.team_event:
        return check_team_tiebreaks(codes)
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


def check_team_tiebreaks(codes: list[str]) -> tuple[str, ...]:
    """A team event's codes (C.07 for teams, as FIDE's checker reads them: ``EDE``, ``BH:GP``,
    ``BC``...), normalised; ValueError naming the first one not understood."""
    for code in codes:
        try:
            team_tiebreaks.parse_code(code)
        except ValueError:
            raise ValueError(
                gettext("%(code)s is not a tie-break of team events.") % {"code": code}
            ) from None
    return tuple(code.upper() for code in codes)


def rule_set(tournament: Tournament) -> engine.RuleSet:
    """How the tournament ranks. The club rule (tie-break rules ``club``) is its system's club
    settings read into the engine's rule set, one query; a system without club settings (the
    event changed system) ranks by the C.07 text in force on its start date. Otherwise C.07
    under its tie-break rules and codes, chess scoring with the system's pairing-allocated bye,
    no query. A system without rounds (a knockout) has no tie-breaks."""
    system = tournament.pairing_system
    rules = tournament.tiebreak_rules
    if rules == TiebreakRules.CLUB:
        if system.club_rules is not None:
            return system.club_rules(tournament)
        rules = tiebreak_rules_for(tournament.start_date)
    return engine.RuleSet(
        str(rules),
        tiebreak_codes(tournament) if system.has_rounds else (),
        engine.Scoring(pab=system.pairing_allocated_bye_points),
        round_robin=system.all_play_all,
        unrated_rating=tournament.unrated_rating,
    )


def listing_order(entries: list[Entry]) -> dict[int, int]:
    """Entry id -> its place in the lists: by starting number, those without one after the
    others by name."""
    ordered = sorted(entries, key=lambda e: (e.starting_number or 10**9, e.name, e.pk))
    return {entry.pk: place for place, entry in enumerate(ordered)}


def ranked(
    entries: list[Entry],
    games: list[engine.Game],
    byes: list[engine.Bye],
    rules: engine.RuleSet,
    through_round: int | None = None,
) -> tuple[StandingRow, ...]:
    """The engine's rows for these entries, each with its entry."""
    order = listing_order(entries)
    players = [
        engine.Player(e.pk, e.rating or None, order[e.pk], e.starting_number) for e in entries
    ]
    by_id = {e.pk: e for e in entries}
    return tuple(
        StandingRow(r.rank, by_id[r.player_id], r.points, r.tiebreaks, r.shared)
        for r in engine.standings(players, games, byes, rules, through_round)
    )


def expelled_apart(rows: tuple[StandingRow, ...]) -> tuple[StandingRow, ...]:
    """The rows without the expelled players, ranked again among themselves, then the expelled
    ones, ranked after them and never shared (FIDE's checklist Q197-198): an expelled player is
    out of the Swiss's ranking, while their games stay in the others' points and tie-breaks.
    ``rows`` are in rank order."""
    kept = [row for row in rows if not row.entry.expelled]
    if len(kept) == len(rows):
        return rows
    sharing = Counter(row.rank for row in kept)
    first: dict[int, int] = {}
    for place, row in enumerate(kept, start=1):
        first.setdefault(row.rank, place)
    apart = [row for row in rows if row.entry.expelled]
    return (
        *(replace(r, rank=first[r.rank], shared=sharing[r.rank] > 1) for r in kept),
        *(replace(r, rank=len(kept) + i, shared=False) for i, r in enumerate(apart, start=1)),
    )


def standings(
    tournament: Tournament,
    through_round: int | None = None,
    rules: engine.RuleSet | None = None,
) -> Standings:
    """The standings after ``through_round`` (when None: after the last round with every result
    in, or with any where the system's standings are live), under ``rules`` (the tournament's
    own when None: :func:`rule_set`).

    Four queries whatever the size of the field: rounds, entries, games, byes (and the club
    settings under the club rule when ``rules`` is not given, the adjourned games when a round
    has one).
    """
    system = tournament.pairing_system
    round_rows = _round_rows(tournament, drafts=True)
    rounds = [(number, _progress(*counts)) for number, *counts, _ in round_rows]
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
    games, byes = read_results(tournament, through)
    rules = rules or rule_set(tournament)
    rows = ranked(entries, games, byes, rules, through or None)
    if not system.all_play_all:
        rows = expelled_apart(rows)
    being_played = tuple(n for n, now in progress if now == BEING_PLAYED)
    final = tournament.status == Tournament.Status.FINISHED and through == max(
        (n for n, _ in rounds), default=-1
    )
    waiting = any(adjourned for number, *_, adjourned in round_rows if number <= through)
    adjourned = tuple(adjourned_games(tournament, through)) if waiting else ()
    return Standings(through, rules.legend, rows, being_played, adjourned, final)


def public_standings(tournament: Tournament, through_round: int | None = None) -> Standings:
    """:func:`standings` computed once per tournament version and round asked for, and shared by
    every page, PDF, card and export that shows them (arbiter/core/public_cache.py): a crowd asking
    for a 2000-player event's standings costs one computation, not one each."""
    key = f"standings:{tournament.pk}:{stamp(tournament)}:{through_round}"
    return shared(key, lambda: standings(tournament, through_round))


def points_before(
    tournament: Tournament, round_number: int, scoring: engine.Scoring | None = None
) -> dict[int, Decimal]:
    """Points before round `round_number` of those who have any, under ``scoring`` (the
    tournament's when None): two queries, games and byes (and the club settings under the club
    rule when ``scoring`` is not given).

    Entries that scored nothing yet are missing; read it with `.get(entry_id, ZERO)`.
    """
    games, byes = read_results(tournament, round_number - 1)
    return engine.points(games, byes, scoring or rule_set(tournament).scoring)
