"""The public entry form of an event (``/e/<id>/enter/``, in every language like the public
site): a player enters themselves while the event is published and its entries are open; the
organiser approves them (docs/events.md, "Registrations, fees and check-in").

The page carries a CSRF token, so it is never cached and shows nobody else's data: only the
sections that take entries, and after sending, the sender's own entry. Posts are counted per
client address (the login limits' counter, arbiter/platform/views/auth.py) and each form acts
once (its one-time token, arbiter/core/once.py): a double tap registers one person.
"""

import time
import uuid

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from arbiter.core.models import Submission
from arbiter.core.once import FIELD as ONCE_FIELD
from arbiter.events.forms_registrations import EnterForm
from arbiter.events.models import Event
from arbiter.events.services import registrations as service
from arbiter.platform.routes import Routes
from arbiter.platform.views.auth import client_address, count_try, throttle_key

public_routes = Routes("e/<int:event_id>/")

TEMPLATE = "events/enter.html"


def entry_posts_allowed(request: HttpRequest) -> bool:
    """Counts this post against the sender's address: at most ``EVENT_ENTRY_POSTS_PER_IP``
    within ``LOGIN_LOCKOUT_SECONDS``, counted atomically in the logins' cache (Redis when set,
    shared by every app server)."""
    count = count_try(throttle_key("event-entry", client_address(request)), time.time())
    return count <= settings.EVENT_ENTRY_POSTS_PER_IP


def _token(request: HttpRequest) -> uuid.UUID | None:
    try:
        return uuid.UUID(request.POST.get(ONCE_FIELD, ""))
    except ValueError:
        return None


@public_routes.form("enter/", name="event_enter")
@never_cache
def enter(request: HttpRequest, event_id: int) -> HttpResponse:
    """The form; sent, the entry waits for the organiser's approval and the page says so."""
    event = Event.objects.filter(pk=event_id, is_published=True).first()
    if event is None:
        raise Http404(_("No published event here."))
    sections = service.accepting(event) if event.entries_open else []
    context = {"event": event, "open": bool(sections)}
    if not sections:
        return render(request, TEMPLATE, context)
    if request.method != "POST":
        context["form"] = EnterForm(sections=sections)
        return render(request, TEMPLATE, context)
    if not entry_posts_allowed(request):
        context["refused"] = _(
            "Too many entries were sent from your address. Try again in %(minutes)s minutes, "
            "or ask the organiser."
        ) % {"minutes": max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)}
        response = render(request, TEMPLATE, context, status=429)
        response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
        return response
    form = EnterForm(request.POST, sections=sections)
    context["form"] = form
    token = _token(request)
    if not form.is_valid() or token is None:
        if token is None and form.is_valid():
            form.add_error(None, _("The form was incomplete: send it again."))
        context["form"] = form
        return render(request, TEMPLATE, context, status=200)
    try:
        with transaction.atomic():
            try:
                with transaction.atomic():
                    Submission.objects.create(token=token, user=None)
            except IntegrityError:
                context["already"] = True
                return render(request, TEMPLATE, context)
            registration = service.register(None, event, form.cleaned_data, self_entered=True)
    except service.RegistrationError as error:
        form.add_error(None, str(error))
        return render(request, TEMPLATE, context)
    context["registration"] = registration
    return render(request, TEMPLATE, context)
