"""Routes of the players' side of the venue: the arbiter's pages and buttons, and the players'
own cards (public: served in every language, arbiter/urls.py's i18n patterns)."""

from arbiter.platform.routes import patterns_of
from arbiter.venue.views import card, desk, results

urlpatterns = patterns_of(desk.routes, desk.competition_routes, results.arbiter_routes)
public_urlpatterns = patterns_of(card.public_routes, results.routes)
