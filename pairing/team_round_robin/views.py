"""The team round robin's pairing page: the next round of the Berger schedule made from the
teams' lineups, its draft reviewed, edited team by team and published (the page the team systems
share, pairing/team_rounds/views.py)."""

from django.http import HttpRequest, HttpResponse

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.platform.routes import Routes
from pairing.team_rounds.views import pairing_page

routes = Routes("arbiter/t/<int:tournament_id>/team-round-robin/")

PAGE = pairing_page("team_round_robin")


@routes.get("", name="team_round_robin")
@tournament_arbiter_required
def team_round_robin_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return PAGE.render(request, tournament)
