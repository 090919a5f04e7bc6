"""A round's pairings for the public: in board order, and alphabetical to find one's board.

Chess-results conventions (see /work/shared/specs/player-views.md): White first, points before the
round with the ½ glyph, results `1 - 0`, `½ - ½`, forfeits `+ - -`, `- - +`, `- - -`, a bye as
the opponent "bye" with the points it gives, and whoever is in neither as "not paired". A player
who has withdrawn is not listed in the rounds after the withdrawal.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language, gettext

from arbiter.core.models import Entry, Game, Round
from arbiter.core.pairing_lists import public_pairings, withdrawn_by
from arbiter.core.standings import COUNTED_STATES, ZERO, points_before, round_progress
from arbiter.core.templatetags.chess import points as points_text
from arbiter.platform.public_live import live_page, public_tournament
from arbiter.platform.routes import Routes
from arbiter.public.names import add_names
from arbiter.public.views.exports import round_trf_name, verifiable
from pairing.engines.collation import name_key

routes = Routes("t/<int:tournament_id>/")

ORDERS = ("board", "alpha")


@dataclass
class Line:
    """One player's line of the alphabetical list: where they sit and whom they meet."""

    entry: Entry
    points: Decimal
    board: int | None = None
    colour: str = ""  # "w", "b" or "" (bye, not paired)
    opponent: Entry | None = None
    opponent_points: Decimal | None = None
    #: The player's own result: 1, ½, 0, + and - for forfeits; the points of a bye.
    result: str = ""
    #: "bye" (with `bye_kind`) or "not paired" when there is no opponent.
    absent: str = ""
    bye_kind: str = ""


def own_result(game: Game, white: bool) -> str:
    """The result as one player reads it: 1 ½ 0, + or - for a forfeit, "adjourned" for an
    adjourned game, empty while on."""
    if game.adjourned:
        return gettext("adjourned")
    outcome = game.outcome
    return outcome.symbol("white" if white else "black") if outcome else ""


def alphabetical(games, byes, unpaired: list[Entry], federation: str = "") -> list[Line]:
    """Every player of the round, by name in the alphabet of the tournament's federation
    (pairing/engines/collation.py), with colour, board and opponent."""
    lines = []
    for game in games:
        lines.append(
            Line(
                game.white,
                game.white_points,
                game.board,
                "w",
                game.black,
                game.black_points,
                own_result(game, white=True),
            )
        )
        lines.append(
            Line(
                game.black,
                game.black_points,
                game.board,
                "b",
                game.white,
                game.white_points,
                own_result(game, white=False),
            )
        )
    for bye in byes:
        lines.append(
            Line(
                bye.entry,
                bye.points,
                result=points_text(bye.awarded),
                absent="bye",
                bye_kind=bye.get_kind_display(),
            )
        )
    lines += [Line(entry, entry.points, absent="not paired") for entry in unpaired]
    return sorted(
        lines,
        key=lambda line: (name_key(line.entry.name, federation, get_language()), line.entry.pk),
    )


def round_players(tournament, round_: Round) -> tuple[list[Game], list, list[Entry]]:
    """A public round's games and byes, and the players in neither (with their points before
    it), named as the public pages name them: a handful of queries whatever the round's size."""
    games, byes = public_pairings(tournament, round_)
    unpaired = list(
        tournament.entries.exclude(starting_number=None)
        .exclude(pk__in=round_.games.values("white"))
        .exclude(pk__in=round_.games.values("black"))
        .exclude(pk__in=round_.byes.values("entry"))
        .order_by("starting_number")
    )
    if any(entry.withdrawn for entry in unpaired):  # not listed after their withdrawal
        gone = withdrawn_by(tournament, round_.number)
        unpaired = [entry for entry in unpaired if entry.pk not in gone]
    if unpaired:  # rare (late or absent without a bye): two more queries
        before = points_before(tournament, round_.number)
        for entry in unpaired:
            entry.points = before.get(entry.pk, ZERO)
    players = [entry for game in games for entry in (game.white, game.black)]
    add_names(tournament.pk, [*players, *(bye.entry for bye in byes), *unpaired])
    return games, byes, unpaired


@routes.get("rounds/<int:number>/", name="public_round")
def round_page(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One round's pairings and results, by board or alphabetical ("find my board")."""
    tournament = public_tournament(tournament_id)
    order = request.GET.get("order", "board")
    if order not in ORDERS:
        order = "board"

    def build() -> dict:
        round_ = get_object_or_404(
            Round, tournament=tournament, number=number, state__in=COUNTED_STATES
        )
        games, byes, unpaired = round_players(tournament, round_)
        rounds = round_progress(tournament)
        context = {
            "round": round_,
            "progress": dict(rounds)[number],
            "games": games,
            "byes": byes,
            "unpaired": unpaired,
            "order": order,
            "rounds": rounds,
        }
        if verifiable(tournament):
            context["check_command"] = f"python -m pairing check {round_trf_name(number)}"
        if order == "alpha":
            context["lines"] = alphabetical(games, byes, unpaired, tournament.federation)
        return context

    return live_page(
        request,
        tournament,
        "public/round.html",
        f"round-{number}",
        {"order": order},
        build,
        poll=True,
    )
