"""Routes of publishing (arbiter/platform/routes.py): the event's publishing page on the venue,
and the signed endpoints a public site receives publications at."""

from arbiter.platform.routes import patterns_of
from arbiter.publishing import views

urlpatterns = patterns_of(views.routes, views.endpoints)
