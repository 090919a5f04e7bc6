"""Routes of the arbiter's desk: those its views modules declare."""

from arbiter.desk.views import audit, dashboard, norms, players, rounds, tournaments
from arbiter.platform.routes import patterns_of

urlpatterns = patterns_of(
    dashboard.routes,
    tournaments.routes,
    players.routes,
    rounds.routes,
    audit.routes,
    norms.routes,
)
