"""The pairing lists: a round's boards and byes with each player's points before it, as the
arbiter's round page, the Swiss page, the public pairings page and its PDF show them. Points come
from the standings engine under the tournament's rule set (arbiter/core/standings.py).
"""

from django.db.models import Max

from arbiter.core.models import Bye, Game, Round, Tournament
from arbiter.core.standings import ZERO, points_before, rule_set


def pairings(tournament: Tournament, round_: Round) -> tuple[list[Game], list[Bye]]:
    """The round's games in board order and its byes, as the pairing lists show them.

    Each game gets `white_points` and `black_points` (before the round), each bye `points` (before
    the round) and `awarded` (what the bye is worth). Four queries whatever the size of the field
    (and the club settings under the club rule).
    """
    games = list(round_.games.select_related("white", "black").order_by("board"))
    byes = list(round_.byes.select_related("entry").order_by("entry__starting_number"))
    scoring = rule_set(tournament).scoring
    before = points_before(tournament, round_.number, scoring)
    for game in games:
        game.white_points = before.get(game.white_id, ZERO)
        game.black_points = before.get(game.black_id, ZERO)
    for bye in byes:
        bye.points = before.get(bye.entry_id, ZERO)
        bye.awarded = scoring.bye(bye.kind)
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
