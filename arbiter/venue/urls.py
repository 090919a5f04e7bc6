"""Routes of the players' side of the venue: the arbiter's pages, and the players' own cards
(public: served in every language, arbiter/urls.py)."""

from arbiter.platform.routes import patterns_of
from arbiter.venue.views import card, desk

urlpatterns = patterns_of(desk.routes, desk.competition_routes)
public_urlpatterns = patterns_of(card.public_routes)
