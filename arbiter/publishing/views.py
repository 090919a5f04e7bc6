"""Publishing's pages and endpoints (docs/publishing.md).

- The event's publishing page on the venue (its staff): what was published when, what waits,
  what failed and when it is tried again; "Publish now", the public site's address, "Take over
  publishing", and the venue's public key to register on the public site. Each button only
  writes a row: the publisher process does the network.
- The public site's endpoints the venue pushes to (``/publishing/...``): machine endpoints,
  signed by a registered venue's Ed25519 key instead of a session and CSRF token; 404 unless
  PUBLISH_RECEIVE.
"""

import json
from functools import wraps

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.validators import URLValidator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from arbiter.events.access import event_staff_required, organiser_required
from arbiter.events.models import Event
from arbiter.platform.limits import accepts_large_files
from arbiter.platform.routes import Routes
from arbiter.publishing import services
from arbiter.publishing.models import Publication, Venue
from arbiter.publishing.signing import KEY_HEADER, SIGNATURE_HEADER, venue_key, verify

routes = Routes("arbiter/e/<int:event_id>/publishing/")
endpoints = Routes("publishing/")


class TargetForm(forms.Form):
    url = forms.URLField(
        label=gettext_lazy("Public site"),
        required=False,
        max_length=300,
        assume_scheme="https",
        help_text=gettext_lazy("Empty: the server's PUBLISH_URL."),
        validators=[URLValidator(schemes=["http", "https"])],
    )


@routes.get("", name="event_publishing")
@event_staff_required
def publishing_page(request: HttpRequest, event: Event) -> HttpResponse:
    publication = services.publication_of(event)
    context = {
        "event": event,
        "publication": publication,
        "target": services.target_of(publication),
        "form": TargetForm(initial={"url": publication.target_url}),
        "public_key": venue_key().public_key,
        "organiser": request.event_role == "organiser",
        "refused": publication.state == Publication.State.REFUSED,
    }
    if request.htmx:
        return render(request, "publishing/event.html#publishing-state", context)
    return render(request, "publishing/event.html", context)


@routes.post("now/", name="event_publish_now")
@event_staff_required
def publish_now(request: HttpRequest, event: Event) -> HttpResponse:
    services.publish_now(event)
    messages.success(request, _("The event is published within a few seconds."))
    return redirect("event_publishing", event.pk)


@routes.post("target/", name="event_publishing_target")
@organiser_required
def set_target(request: HttpRequest, event: Event) -> HttpResponse:
    form = TargetForm(request.POST)
    if not form.is_valid():
        publication = services.publication_of(event)
        context = {
            "event": event,
            "publication": publication,
            "target": services.target_of(publication),
            "form": form,
            "public_key": venue_key().public_key,
            "organiser": True,
        }
        return render(request, "publishing/event.html", context, status=400)
    services.set_target(event, form.cleaned_data["url"])
    messages.success(request, _("The public site is saved."))
    return redirect("event_publishing", event.pk)


@routes.post("take-over/", name="event_publishing_take_over")
@organiser_required
def take_over(request: HttpRequest, event: Event) -> HttpResponse:
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm that this laptop is the master."))
        return redirect("event_publishing", event.pk)
    services.take_over(event)
    messages.success(request, _("This laptop publishes the event from now on."))
    return redirect("event_publishing", event.pk)


# --- the public site's endpoints -------------------------------------------------------------


def _max_bytes() -> int:
    return settings.PUBLISH_MAX_BLOB_BYTES


def signed_by_venue(view):
    """Only a registered, active venue's signed request gets past (else 403, or 404 when this
    site receives nothing); the body is read here, bounded, and the view gets it."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not settings.PUBLISH_RECEIVE:
            raise Http404(_("This site receives no publications."))
        body = request.read(settings.PUBLISH_MAX_BLOB_BYTES + 1)
        try:
            announced = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            announced = -1
        if len(body) != announced and len(body) <= settings.PUBLISH_MAX_BLOB_BYTES:
            return _error(_("The body is not as long as announced (a connection cut?)."), 400)
        if len(body) > settings.PUBLISH_MAX_BLOB_BYTES:
            return _error(
                _("What was sent is larger than %(limit)d bytes (PUBLISH_MAX_BLOB_BYTES).")
                % {"limit": settings.PUBLISH_MAX_BLOB_BYTES},
                413,
            )
        key = request.headers.get(KEY_HEADER, "")
        venue = Venue.objects.filter(public_key=key, active=True).first() if key else None
        signature = request.headers.get(SIGNATURE_HEADER, "")
        if venue is None or not verify(key, signature, request.method, request.path, body):
            return _error(_("Not signed by a venue this site accepts."), 403)
        try:
            return view(request, venue, body, *args, **kwargs)
        except services.PublishError as error:
            return _error(str(error), error.status, **error.extra)

    return wrapper


def _error(message: str, status: int, **extra) -> JsonResponse:
    return JsonResponse({"error": message, **extra}, status=status)


def _json(body: bytes) -> dict:
    try:
        data = json.loads(body)
    except ValueError as error:
        raise services.PublishError(_("The body is not JSON.")) from error
    if not isinstance(data, dict):
        raise services.PublishError(_("The body is not a JSON object."))
    return data


@endpoints.post("offer/", name="publishing_offer")
@accepts_large_files(_max_bytes, "PUBLISH_MAX_BLOB_BYTES")
@csrf_exempt
@signed_by_venue
def offer(request: HttpRequest, venue: Venue, body: bytes) -> HttpResponse:
    return JsonResponse({"missing": services.missing_blobs(venue, _json(body))})


@endpoints.post("blobs/<str:sha256>/", name="publishing_blob")
@accepts_large_files(_max_bytes, "PUBLISH_MAX_BLOB_BYTES")
@csrf_exempt
@signed_by_venue
def blob(request: HttpRequest, venue: Venue, body: bytes, sha256: str) -> HttpResponse:
    new = services.store_blob(venue, sha256, body)
    return JsonResponse({"stored": new})


@endpoints.post("commit/", name="publishing_commit")
@accepts_large_files(_max_bytes, "PUBLISH_MAX_BLOB_BYTES")
@csrf_exempt
@signed_by_venue
def commit(request: HttpRequest, venue: Venue, body: bytes) -> HttpResponse:
    return JsonResponse({"result": services.commit(venue, _json(body))})
