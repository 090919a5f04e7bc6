"""Routes of the ratings room: those its views module declares."""

from arbiter.platform.routes import patterns_of
from arbiter.ratings import views

urlpatterns = patterns_of(views.routes)
