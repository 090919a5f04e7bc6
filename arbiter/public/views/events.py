"""The public page of an event (a festival of sections): its sections, each linking to its own
pages (docs/events.md)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from arbiter.events.models import Event
from arbiter.platform.public_live import HTML, Made, kept_response
from arbiter.platform.routes import Routes

routes = Routes("e/<int:event_id>/")


def published_event(event_id: int) -> Event:
    """The published event, else 404."""
    event = Event.objects.filter(pk=event_id, is_published=True).first()
    if event is None:
        raise Http404(_("No published event here."))
    return event


def event_version(event: Event) -> str:
    """The event's own version and each of its sections' (one query)."""
    sections = event.sections.values_list("tournament__version", "competition__version")
    return f"{event.version}-" + "-".join(f"{t or 0}.{c or 0}" for t, c in sections)


@routes.get("", name="public_event")
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's header and its sections, each a link to its public pages."""
    event = published_event(event_id)

    def make() -> Made:
        sections = event.sections.select_related("tournament", "competition").filter(
            tournament__is_published=True
        ) | event.sections.select_related("tournament", "competition").filter(
            competition__is_published=True
        )
        context = {"event": event, "sections": sections, "page_path": request.path}
        return render_to_string("public/event.html", context), HTML, {}

    return kept_response(request, event.public_scope, event_version(event), "event", make)
