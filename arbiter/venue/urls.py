"""Routes of the players' side of the venue (docs/venue.md): those its views modules declare."""

from arbiter.platform.routes import patterns_of
from arbiter.venue.views import card, desk, push, results

#: At the site's root, in no language: the service worker, and the arbiter's pages and buttons.
urlpatterns = patterns_of(
    push.root_routes, desk.routes, desk.competition_routes, results.arbiter_routes
)

#: The card's pages, in every language (arbiter/urls.py's i18n_patterns).
public_urlpatterns = patterns_of(card.public_routes, results.routes, push.routes)
