from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from arbiter.core.systems import SYSTEMS
from arbiter.desk.views import audit, dashboard, players, rounds, tournaments
from arbiter.platform import i18n
from arbiter.platform.views import auth, jobs
from arbiter.public.views import players as public_players
from arbiter.public.views import rounds as public_rounds
from arbiter.public.views import standings as public_standings
from arbiter.public.views import tournament as public
from judo import mat_urls
from judo import results_urls as competition_results_urls

# The admin logs in through the rate-limited login page (before admin.site.urls is read below).
admin.site.login = auth.admin_login

# The public pages and downloads, in every language: English as they are (/t/4/), the others
# under their prefix (/sv/t/4/); arbiter/platform/i18n.py chooses and redirects (docs/i18n.md).
public_urlpatterns = [
    path("", public.home, name="home"),
    path("t/<int:tournament_id>/", public.tournament_page, name="tournament"),
    path(
        "t/<int:tournament_id>/rounds/<int:number>/",
        public_rounds.round_page,
        name="public_round",
    ),
    path(
        "t/<int:tournament_id>/standings/",
        public_standings.standings_page,
        name="public_standings",
    ),
    path("t/<int:tournament_id>/crosstable/", public.crosstable_page, name="crosstable"),
    path(
        "t/<int:tournament_id>/players/<int:entry_id>/",
        public_players.player_card,
        name="player_card",
    ),
    path("t/<int:tournament_id>/search/", public_players.search, name="public_search"),
    path("", include("arbiter.public.export_urls")),
    *[pattern for system in SYSTEMS.values() for pattern in system.public_urls],
    path("", include(mat_urls.public_urlpatterns)),
    path("", include(competition_results_urls.public_urlpatterns)),
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
    path("arbiter/", dashboard.dashboard, name="dashboard"),
    path("arbiter/new/", tournaments.create, name="tournament_create"),
    path(
        "arbiter/t/<int:tournament_id>/settings/",
        tournaments.settings,
        name="tournament_settings",
    ),
    path(
        "arbiter/t/<int:tournament_id>/arbiters/add/",
        tournaments.add_deputy,
        name="deputy_add",
    ),
    path(
        "arbiter/t/<int:tournament_id>/arbiters/<int:staff_id>/remove/",
        tournaments.remove_deputy,
        name="deputy_remove",
    ),
    path("arbiter/t/<int:tournament_id>/players/", players.players, name="players"),
    path(
        "arbiter/t/<int:tournament_id>/players/import/",
        players.import_players,
        name="players_import",
    ),
    path(
        "arbiter/t/<int:tournament_id>/players/<int:entry_id>/",
        players.edit_player,
        name="player_edit",
    ),
    path(
        "arbiter/t/<int:tournament_id>/players/<int:entry_id>/withdraw/",
        players.withdraw_player,
        name="player_withdraw",
    ),
    path(
        "arbiter/t/<int:tournament_id>/players/<int:entry_id>/delete/",
        players.delete_player,
        name="player_delete",
    ),
    path("arbiter/t/<int:tournament_id>/delete/", tournaments.delete, name="tournament_delete"),
    path("arbiter/t/<int:tournament_id>/rounds/", rounds.rounds, name="rounds"),
    path(
        "arbiter/t/<int:tournament_id>/rounds/<int:number>/",
        rounds.round_detail,
        name="round_detail",
    ),
    path(
        "arbiter/t/<int:tournament_id>/games/<int:game_id>/result/",
        rounds.record_result,
        name="record_result",
    ),
    path(
        "arbiter/t/<int:tournament_id>/rounds/<int:number>/result/",
        rounds.quick_result,
        name="quick_result",
    ),
    path("arbiter/t/<int:tournament_id>/audit/", audit.audit_log, name="audit_log"),
    path("arbiter/jobs/<int:job_id>/", jobs.job_page, name="job"),
    path("", include("judo.urls")),
    path("", include("judo.mat_urls")),
    path("", include("judo.results_urls")),
    path("", include("pairing.urls")),
    path("admin/", admin.site.urls),
    *i18n_patterns(*public_urlpatterns, prefix_default_language=False),
]

# Django's refusals of a request too large or with too many fields, as a page that says so.
handler400 = "arbiter.platform.limits.bad_request"
