"""The pairing systems' arbiter pages: the round lifecycle every system shares, the TRF files,
and each registered system's own (its entry's ``urls``)."""

from arbiter.core.systems import SYSTEMS
from arbiter.platform.routes import patterns_of
from pairing.rounds import views as rounds
from pairing.swiss.trf import views as trf
from pairing.team_rounds import views as team_rounds

urlpatterns = patterns_of(rounds.routes, trf.routes, team_rounds.routes)
urlpatterns += [pattern for system in SYSTEMS.values() for pattern in system.urls]
