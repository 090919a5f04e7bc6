"""Routes of the public site, served in every language (arbiter/urls.py's i18n_patterns): the
published pages and downloads (exports for federations and other programs) that its views
modules declare."""

from arbiter.platform.routes import patterns_of
from arbiter.public.views import (
    events,
    exports,
    players,
    ratings,
    rounds,
    screens,
    standings,
    teams,
    tournament,
)

urlpatterns = patterns_of(
    events.routes,
    tournament.routes,
    rounds.routes,
    standings.routes,
    players.routes,
    ratings.routes,
    exports.routes,
    teams.routes,
    screens.routes,
)
