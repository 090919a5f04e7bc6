"""The arbiter's own events, tournaments and competitions."""

from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from arbiter.core.models import Tournament
from arbiter.events.services.events import events_of
from arbiter.platform.routes import Routes
from arbiter.venue.services.claims import pending_boards
from judo.models import Competition

routes = Routes("arbiter/")


@routes.get("", name="dashboard")
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    # A competition's categories are tournaments too: they are listed under their competition
    # (its Categories page), not among the tournaments.
    tournaments = (
        Tournament.objects.filter(staff__user=request.user, category__isnull=True)
        .annotate(player_count=Count("entries", distinct=True), pending_claims=pending_boards())
        .order_by("-start_date", "name")
    )
    competitions = Competition.objects.filter(arbiters=request.user).annotate(
        category_count=Count("categories", distinct=True),
        competitor_count=Count("categories__tournament__entries", distinct=True),
    )
    return render(
        request,
        "arbiter/dashboard.html",
        {
            "events": events_of(request.user),
            "tournaments": tournaments,
            "competitions": competitions,
        },
    )
