"""Who may do what: decorators that state the access rule of each view."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament, TournamentArbiter

View = Callable[..., HttpResponse]


def tournament_arbiter_required(view: View) -> View:
    """Only the tournament's own arbiters (chief or deputy) get past; the view gets the tournament.

    Anonymous visitors are sent to the login page; any other logged-in user gets 403.
    """

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, tournament_id: int, *args, **kwargs) -> HttpResponse:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        role = (
            TournamentArbiter.objects.filter(tournament=tournament, user=request.user)
            .values_list("role", flat=True)
            .first()
        )
        if role is None:
            raise PermissionDenied(_("You are not an arbiter of this tournament."))
        request.arbiter_role = role
        return view(request, tournament, *args, **kwargs)

    return wrapper


def chief_arbiter_required(view: View) -> View:
    """Like tournament_arbiter_required, but only the chief arbiter gets past."""

    @tournament_arbiter_required
    @wraps(view)
    def wrapper(request: HttpRequest, tournament: Tournament, *args, **kwargs) -> HttpResponse:
        if request.arbiter_role != TournamentArbiter.Role.CHIEF:
            raise PermissionDenied(_("Only the chief arbiter can do this."))
        return view(request, tournament, *args, **kwargs)

    return wrapper
