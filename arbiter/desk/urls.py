"""Routes of the arbiter's desk: those its views modules declare."""

from arbiter.desk.views import audit, dashboard, norms, players, ratings, rounds, tournaments
from arbiter.platform.routes import patterns_of

urlpatterns = patterns_of(
    dashboard.routes,
    tournaments.routes,
    players.routes,
    ratings.routes,
    rounds.routes,
    audit.routes,
    norms.routes,
)
