from django.contrib import admin
from django.urls import include, path

from arbiter.views import dashboard, players, public, tournaments

urlpatterns = [
    path("", public.home, name="home"),
    path("t/<int:tournament_id>/", public.tournament_page, name="tournament"),
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
    path("", include("pairing.urls")),
    path("admin/", admin.site.urls),
]
