"""Pages anyone may see: published tournaments and their starting lists."""

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from arbiter.access import published_tournament
from arbiter.models import Tournament, TournamentArbiter

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
        {"tournament": tournament, "entries": entries, "order": order, "staff": staff},
    )
