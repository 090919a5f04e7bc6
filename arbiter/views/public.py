"""Pages anyone may see: the published tournaments, a tournament's starting list and crosstable.

Only published tournaments are public (404 otherwise, for everyone), and of those only the
published and complete rounds: a draft round is invisible on every public page. The pairings,
standings and player cards live in `public_rounds`, `public_standings` and `public_players`; the
version stamp and cache that every page below the home page goes through in `public_live`.
"""

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from arbiter.crosstable import crosstable
from arbiter.models import Tournament, TournamentArbiter
from arbiter.views.public_live import live_page, public_round_states, public_tournament

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
    """The tournament header and its starting rank list, by rating or alphabetical."""
    tournament = public_tournament(tournament_id)
    order = request.GET.get("order", "rating")
    if order not in STARTING_LIST_ORDERS:
        order = "rating"

    def build() -> dict:
        staff = TournamentArbiter.objects.filter(tournament=tournament).select_related("user")
        # arbiters by their names only: a username is half of a login (and a lock-out target)
        staff = [s for s in staff if s.user.get_full_name()]
        return {
            "entries": tournament.entries.order_by(*STARTING_LIST_ORDERS[order]),
            "order": order,
            "staff": staff,
            "rounds": public_round_states(tournament),
        }

    return live_page(request, tournament, "public/tournament.html", "list", {"order": order}, build)


@require_GET
def crosstable_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Berger's grid for a round robin, one column per round otherwise; points and rank."""
    tournament = public_tournament(tournament_id)

    def build() -> dict:
        if not tournament.pairing_system.has_rounds:
            raise Http404("A knockout category has no crosstable: its bouts are in the bracket.")
        table = crosstable(tournament)
        return {"table": table, "rounds": table.rounds}

    return live_page(request, tournament, "public/crosstable.html", "crosstable", {}, build)
