"""Routes of the team room: the arbiter's pages and the captains'."""

from arbiter.platform.routes import patterns_of
from arbiter.teams import views

urlpatterns = patterns_of(views.routes, views.captain_routes)
