"""Routes of a competition day (docs/competition.md): those its views modules declare, the
arbiter's pages and the public ones."""

from arbiter.platform.routes import patterns_of
from judo.views import (
    competition,
    draw,
    lists,
    mats,
    mats_public,
    results,
    screens_public,
    teams,
    weigh_in,
)

urlpatterns = patterns_of(
    competition.routes,
    weigh_in.routes,
    lists.routes,
    draw.routes,
    mats.routes,
    results.routes,
    teams.routes,
)

#: The public pages and downloads, in every language (arbiter/urls.py's i18n_patterns).
public_urlpatterns = patterns_of(mats_public.routes, results.public_routes, screens_public.routes)
