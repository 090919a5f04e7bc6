from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from arbiter.core.systems import SYSTEMS
from arbiter.desk import urls as desk
from arbiter.events import urls as events
from arbiter.platform import i18n
from arbiter.platform.views import auth, jobs
from arbiter.public import urls as public
from arbiter.publishing import urls as publishing
from arbiter.ratings import urls as ratings
from arbiter.teams import urls as teams
from arbiter.venue import urls as venue
from judo import urls as judo
from pairing import urls as pairing

# The admin logs in through the rate-limited login page (before admin.site.urls is read below).
admin.site.login = auth.admin_login

# The public pages and downloads, in every language: English as they are (/t/4/), the others
# under their prefix (/sv/t/4/); arbiter/platform/i18n.py chooses and redirects (docs/i18n.md).
public_urlpatterns = [
    *public.urlpatterns,
    *[pattern for system in SYSTEMS.values() for pattern in system.public_urls],
    *judo.public_urlpatterns,
    *events.public_urlpatterns,
    *venue.public_urlpatterns,
]

urlpatterns = [
    # a public page's language link (a plain GET: it sets the language cookie only)
    path("language/<str:language>/", i18n.choose, name="choose_language"),
    # the arbiter's language switch (a form with the CSRF token; the choice is kept per user)
    path("i18n/setlang/", i18n.set_language, name="set_language"),
    # Before Django's own: the login and reset pages that limit attempts
    # (arbiter/platform/views/auth.py).
    path("accounts/login/", auth.LoginView.as_view(), name="login"),
    path("accounts/password_reset/", auth.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    *desk.urlpatterns,
    path("arbiter/jobs/<int:job_id>/", jobs.job_page, name="job"),
    *ratings.urlpatterns,
    *teams.urlpatterns,
    *events.urlpatterns,
    *publishing.urlpatterns,
    *judo.urlpatterns,
    *pairing.urlpatterns,
    *venue.urlpatterns,
    path("admin/", admin.site.urls),
    *i18n_patterns(*public_urlpatterns, prefix_default_language=False),
]

# Django's refusals of a request too large or with too many fields, as a page that says so.
handler400 = "arbiter.platform.limits.bad_request"
