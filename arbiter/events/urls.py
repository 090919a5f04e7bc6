"""Routes of the events room, declared beside their views (arbiter/platform/routes.py): the
staff's event pages, and the public entry form served in every language like the public site
(arbiter/urls.py)."""

from arbiter.events.views import desk, entering, logo, registrations
from arbiter.platform.routes import patterns_of

urlpatterns = patterns_of(desk.routes, registrations.routes)

public_urlpatterns = patterns_of(logo.public_routes, entering.public_routes)
