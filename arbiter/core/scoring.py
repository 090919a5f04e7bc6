"""Points, the same for every pairing system: plain functions over the ORM.

Chess scoring comes from the result values (pairing/engines/results.py); a bye scores by its kind
(see BYE_POINTS and docs/foundation.md, "Scoring"). Only published and complete rounds count: a
draft round is a proposal, so neither its games nor its byes give anyone a point until it is
published.
"""

from collections.abc import Iterable
from decimal import Decimal

from django.db.models import Count, Max, Q, QuerySet

from arbiter.core.models import Bye, Entry, Game, Round, Tournament
from arbiter.core.systems import SYSTEMS
from pairing.engines import results

#: Rounds whose games and byes count, for the arbiter and the public alike.
COUNTED_STATES = (Round.State.PUBLISHED, Round.State.COMPLETE)

#: Points of a bye by its TRF kind. The pairing-allocated bye (`U`) is settled by the system.
BYE_POINTS: dict[str, Decimal] = {
    Bye.Kind.FULL_POINT: Decimal(1),
    Bye.Kind.HALF_POINT: Decimal("0.5"),
    Bye.Kind.ZERO_POINT: Decimal(0),
    Bye.Kind.HALF_POINT_NOT_REQUESTED: Decimal("0.5"),
}

ZERO = Decimal(0)

#: How far a public round is, as players and arbiters say it.
NOT_STARTED = "not started"  # published (a round robin's schedule), no result in yet
BEING_PLAYED = "being played"  # some results in, not all
COMPLETE = "complete"  # every result in
DRAFT = "draft"  # not public


def round_progress(tournament: Tournament, drafts: bool = False) -> list[tuple[int, str]]:
    """The published and complete rounds as (number, progress), in order: one query. With
    ``drafts`` the draft rounds come too, as ("draft").

    A round robin publishes its whole schedule at the drawing, so a published round is only
    "being played" once a result is in; until then it is "not started".
    """
    rounds = (
        tournament.rounds.all() if drafts else tournament.rounds.filter(state__in=COUNTED_STATES)
    )
    rows = (
        rounds.annotate(
            games_count=Count("games"), results=Count("games", filter=~Q(games__result=""))
        )
        .order_by("number")
        .values_list("number", "state", "games_count", "results")
    )
    return [(number, _progress(*row)) for number, *row in rows]


def _progress(state: str, games: int, results: int) -> str:
    if state == Round.State.DRAFT:
        return DRAFT
    if state == Round.State.COMPLETE or (games and results == games):
        return COMPLETE
    return BEING_PLAYED if results else NOT_STARTED


def bye_points(kind: str, system: str) -> Decimal:
    """What a bye of this kind is worth in this system.

    A pairing-allocated bye scores what the system gives it (arbiter/core/systems.py): a point in a
    Swiss or Monrad (C.04.1), nothing in a round robin, where it is the free round against
    Berger's "dummy" opponent of an odd field.
    """
    if kind == Bye.Kind.PAIRING_ALLOCATED:
        return SYSTEMS[system].pairing_allocated_bye_points
    return BYE_POINTS[kind]


def game_points(result: str) -> tuple[Decimal, Decimal]:
    """Points of White and Black; a game without a result gives nobody anything yet."""
    outcome = results.from_code(result)
    return outcome.points() if outcome is not None else (ZERO, ZERO)


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


def add_up(
    entry_ids: Iterable[int],
    games: Iterable[tuple[int, int, str]],
    byes: Iterable[tuple[int, str]],
    system: str,
) -> dict[int, Decimal]:
    """Points per entry from (white_id, black_id, result) and (entry_id, kind) rows."""
    points = dict.fromkeys(entry_ids, ZERO)
    for white_id, black_id, result in games:
        white, black = game_points(result)
        points[white_id] = points.get(white_id, ZERO) + white
        points[black_id] = points.get(black_id, ZERO) + black
    for entry_id, kind in byes:
        points[entry_id] = points.get(entry_id, ZERO) + bye_points(kind, system)
    return points


def scores(tournament: Tournament, through_round: int | None = None) -> dict[int, Decimal]:
    """Every entry's points after `through_round` (all counted rounds when None).

    Three queries whatever the size of the field: entries, games, byes.
    """
    entry_ids = Entry.objects.filter(tournament=tournament).values_list("pk", flat=True)
    return _add_up_rounds(tournament, entry_ids, through_round)


def points_before(tournament: Tournament, round_number: int) -> dict[int, Decimal]:
    """Points before round `round_number` of those who have any (two queries: games, byes).

    Entries that scored nothing yet are missing; read it with `.get(entry_id, ZERO)`.
    """
    return _add_up_rounds(tournament, [], round_number - 1)


def pairings(tournament: Tournament, round_: Round) -> tuple[list[Game], list[Bye]]:
    """The round's games in board order and its byes, as the pairing lists show them.

    Each game gets `white_points` and `black_points` (before the round), each bye `points` (before
    the round) and `awarded` (what the bye is worth). Four queries whatever the size of the field.
    """
    games = list(round_.games.select_related("white", "black").order_by("board"))
    byes = list(round_.byes.select_related("entry").order_by("entry__starting_number"))
    before = points_before(tournament, round_.number)
    for game in games:
        game.white_points = before.get(game.white_id, ZERO)
        game.black_points = before.get(game.black_id, ZERO)
    for bye in byes:
        bye.points = before.get(bye.entry_id, ZERO)
        bye.awarded = bye_points(bye.kind, tournament.system)
    return games, byes


def withdrawn_by(tournament: Tournament, round_number: int) -> set[int]:
    """The entries who had withdrawn before round ``round_number``: marked withdrawn, and with no
    game and no bye but a zero-point one in it or after it. One query, three when someone has
    withdrawn."""
    withdrawn = set(tournament.entries.filter(withdrawn=True).values_list("pk", flat=True))
    if not withdrawn:
        return set()
    last: dict[int, int] = {}
    for side in ("white", "black"):
        rows = (
            Game.objects.filter(round__tournament=tournament, **{f"{side}__in": withdrawn})
            .values_list(side)
            .annotate(last=Max("round__number"))
        )
        for entry_id, number in rows:
            last[entry_id] = max(last.get(entry_id, 0), number)
    rows = (
        Bye.objects.filter(round__tournament=tournament, entry__in=withdrawn)
        .exclude(kind=Bye.Kind.ZERO_POINT)
        .values_list("entry")
        .annotate(last=Max("round__number"))
    )
    for entry_id, number in rows:
        last[entry_id] = max(last.get(entry_id, 0), number)
    return {entry_id for entry_id in withdrawn if last.get(entry_id, 0) < round_number}


def public_pairings(tournament: Tournament, round_: Round) -> tuple[list[Game], list[Bye]]:
    """The round as the public lists show it (the pairings page and its PDF): :func:`pairings`
    without the zero-point byes of the players who had withdrawn before it. Those byes stay in
    the data (the TRF writes them, the crosstable and cards show the rounds missed); listed,
    they would read "… 0 bye" in every round after a withdrawal."""
    games, byes = pairings(tournament, round_)
    if any(bye.kind == Bye.Kind.ZERO_POINT and bye.entry.withdrawn for bye in byes):
        gone = withdrawn_by(tournament, round_.number)
        byes = [b for b in byes if not (b.kind == Bye.Kind.ZERO_POINT and b.entry_id in gone)]
    return games, byes


def _add_up_rounds(
    tournament: Tournament, entry_ids: Iterable[int], through_round: int | None
) -> dict[int, Decimal]:
    games = counted_games(tournament, through_round).values_list("white_id", "black_id", "result")
    byes = counted_byes(tournament, through_round).values_list("entry_id", "kind")
    return add_up(entry_ids, games, byes, tournament.system)
