"""Who may do what in an event: decorators that state the access rule of each event view."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import View
from arbiter.events.models import Event, EventStaff


def event_staff_required(view: View) -> View:
    """Only the event's staff (organisers and arbiters) get past; the view gets the event, and
    the request its role (``request.event_role``). Anonymous visitors are sent to the login
    page; any other logged-in user gets 403."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, event_id: int, *args, **kwargs) -> HttpResponse:
        event = get_object_or_404(Event, pk=event_id)
        role = (
            EventStaff.objects.filter(event=event, user=request.user)
            .values_list("role", flat=True)
            .first()
        )
        if role is None:
            raise PermissionDenied(_("You are not on this event's staff."))
        request.event_role = role
        return view(request, event, *args, **kwargs)

    return wrapper


def organiser_required(view: View) -> View:
    """Like event_staff_required, but only the event's organisers get past."""

    @event_staff_required
    @wraps(view)
    def wrapper(request: HttpRequest, event: Event, *args, **kwargs) -> HttpResponse:
        if request.event_role != EventStaff.Role.ORGANISER:
            raise PermissionDenied(_("Only the event's organisers can do this."))
        return view(request, event, *args, **kwargs)

    return wrapper
