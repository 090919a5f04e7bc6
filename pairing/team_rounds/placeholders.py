"""PLACEHOLDER until the team room's pages are merged (branch ``teamroom``,
arbiter/teams/views.py, URL names ``teams`` and ``lineups``): the team systems' menus link to
them. Delete this module and its line in pairing/urls.py at that merge."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.platform.routes import Routes

routes = Routes("arbiter/t/<int:tournament_id>/")


@routes.get("teams/", name="teams")
@tournament_arbiter_required
def teams(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(request, "pairing/team_placeholder.html", {"tournament": tournament})


@routes.get("lineups/", name="lineups")
@tournament_arbiter_required
def lineups(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(request, "pairing/team_placeholder.html", {"tournament": tournament})
