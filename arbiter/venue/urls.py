"""Routes of the players' side of the venue: the card's pages (public, in every language:
arbiter/urls.py's i18n patterns) and the arbiter's buttons beside them."""

from arbiter.platform.routes import patterns_of
from arbiter.venue.views import results

urlpatterns = patterns_of(results.arbiter_routes)
public_urlpatterns = patterns_of(results.routes)
