"""The team Swiss's pairing page: the next round paired by the C.04.6 engine from the teams'
history and lineups, its draft reviewed, edited team by team and published (the page the team
systems share, pairing/team_rounds/views.py)."""

from django.http import HttpRequest, HttpResponse

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.platform.routes import Routes
from pairing.team_rounds.views import pairing_page

routes = Routes("arbiter/t/<int:tournament_id>/team-swiss/")

PAGE = pairing_page("team_swiss")


@routes.get("", name="team_swiss")
@tournament_arbiter_required
def team_swiss_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return PAGE.render(request, tournament)
