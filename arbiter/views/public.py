"""Pages anyone may see: published tournaments, their starting lists, pairings and crosstable.

Only published and complete rounds are public; a draft round is a 404 like a hidden tournament.
"""

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from arbiter.access import published_tournament
from arbiter.crosstable import crosstable
from arbiter.models import Round, Tournament, TournamentArbiter
from arbiter.scoring import COUNTED_STATES, pairings

STARTING_LIST_ORDERS = {
    "rating": ["starting_number", "name"],
    "alpha": ["name", "starting_number"],
}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.filter(is_published=True).annotate(
        player_count=Count("entries", filter=Q(entries__withdrawn=False))
    )
    return render(request, "public/home.html", {"tournaments": tournaments})


@require_GET
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament header and its starting rank list, chess-results style."""
    tournament = published_tournament(tournament_id)
    order = request.GET.get("order", "rating")
    if order not in STARTING_LIST_ORDERS:
        order = "rating"
    entries = tournament.entries.order_by(*STARTING_LIST_ORDERS[order])
    staff = TournamentArbiter.objects.filter(tournament=tournament).select_related("user")
    return render(
        request,
        "public/tournament.html",
        {
            "tournament": tournament,
            "entries": entries,
            "order": order,
            "staff": staff,
            "round_numbers": _public_round_numbers(tournament),
        },
    )


@require_GET
def round_page(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One round's pairings and results in board order, chess-results style."""
    tournament = published_tournament(tournament_id)
    round_ = get_object_or_404(
        Round, tournament=tournament, number=number, state__in=COUNTED_STATES
    )
    games, byes = pairings(tournament, round_)
    return render(
        request,
        "public/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "games": games,
            "byes": byes,
            "round_numbers": _public_round_numbers(tournament),
        },
    )


@require_GET
def crosstable_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Berger's grid for a round robin, one column per round otherwise; points and rank."""
    tournament = published_tournament(tournament_id)
    table = crosstable(tournament)
    return render(
        request,
        "public/crosstable.html",
        {
            "tournament": tournament,
            "table": table,
            "round_numbers": [number for number, _ in table.rounds],
        },
    )


def _public_round_numbers(tournament: Tournament):
    return (
        tournament.rounds.filter(state__in=COUNTED_STATES)
        .order_by("number")
        .values_list("number", flat=True)
    )
