"""Who may open a team's lineup page: the team's captain (their own team only) or an arbiter of
the tournament (docs/teams.md, "Lineups and captains")."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import View
from arbiter.core.models import Team, Tournament, TournamentArbiter


def captain_or_arbiter_required(view: View) -> View:
    """The team's captain, or the tournament's arbiters, get past; the view gets the tournament,
    the team, and ``request.as_captain`` (True when the user is the captain and no arbiter of
    the tournament). Anyone else gets 403, the captain of another team included."""

    @login_required
    @wraps(view)
    def wrapper(
        request: HttpRequest, tournament_id: int, team_id: int, *args, **kwargs
    ) -> HttpResponse:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        team = get_object_or_404(Team, pk=team_id, tournament=tournament)
        arbiter = TournamentArbiter.objects.filter(tournament=tournament, user=request.user)
        if arbiter.exists():
            request.as_captain = False
        elif team.captain_id == request.user.pk:
            request.as_captain = True
        else:
            raise PermissionDenied(_("Only the team's captain can enter its lineups."))
        return view(request, tournament, team, *args, **kwargs)

    return wrapper
