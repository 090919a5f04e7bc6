"""Who may change a competition: its arbiters (Competition.arbiters)."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from arbiter.core.access import View
from judo.models import Competition


def competition_arbiter_required(view: View) -> View:
    """Only the competition's arbiters get past; the view gets the competition. Anonymous
    visitors are sent to the login page; any other logged-in user gets 403."""

    @login_required
    @wraps(view)
    def wrapper(request, competition_id: int, *args, **kwargs):
        competition = get_object_or_404(Competition, pk=competition_id)
        if not competition.arbiters.filter(pk=request.user.pk).exists():
            raise PermissionDenied(gettext("You are not an arbiter of this competition."))
        return view(request, competition, *args, **kwargs)

    return wrapper
