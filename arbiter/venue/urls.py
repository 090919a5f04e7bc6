"""Routes of the players' side of the venue (docs/venue.md): those its views modules declare."""

from arbiter.platform.routes import patterns_of
from arbiter.venue.views import push

#: At the site's root, in no language.
urlpatterns = patterns_of(push.root_routes)

#: The card's pages, in every language (arbiter/urls.py's i18n_patterns).
public_urlpatterns = patterns_of(push.routes)
