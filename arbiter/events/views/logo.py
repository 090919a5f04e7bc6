"""The event's logo, as its public pages show it: a published event's only, kept per event
version with an ETag like every public page (arbiter/platform/public_live.py)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from arbiter.events.models import Event
from arbiter.platform.public_live import Made, kept_response
from arbiter.platform.routes import Routes

public_routes = Routes("e/<int:event_id>/")


@public_routes.get("logo", name="public_event_logo")
def logo(request: HttpRequest, event_id: int) -> HttpResponse:
    """The published event's logo; 404 without one."""
    found = (
        Event.objects.filter(pk=event_id, is_published=True)
        .exclude(logo_type="")
        .values("pk", "version", "logo_type")
        .first()
    )
    if found is None:
        raise Http404(_("No logo here."))

    def make() -> Made:
        raw = Event.objects.filter(pk=event_id).values_list("logo", flat=True).first()
        return bytes(raw or b""), found["logo_type"], {"X-Content-Type-Options": "nosniff"}

    return kept_response(request, f"e{event_id}", str(found["version"]), "logo", make)
