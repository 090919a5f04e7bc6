"""Routes of a competition day on the mats: the table's pages and the public mat pages, "when
do I fight" and the competition's public home (docs/competition.md)."""

from django.urls import path

from judo.views import mats, mats_public

_c = "arbiter/c/<int:competition_id>/mats/"
_p = "c/<int:competition_id>/"
urlpatterns = [
    path(_c, mats.index, name="mats"),
    path(_c + "<int:mat>/", mats.mat_page, name="mat"),
    path(_c + "<int:mat>/score/", mats.score, name="mat_score"),
    path(_c + "<int:mat>/confirm/", mats.confirm, name="mat_confirm"),
]

#: The public pages, in every language (arbiter/urls.py's i18n_patterns).
public_urlpatterns = [
    path(_p, mats_public.competition_home, name="public_competition"),
    path(_p + "mats/<int:mat>/", mats_public.public_mat, name="public_mat"),
    path(_p + "fight/", mats_public.fight_search, name="public_fight_search"),
    path(_p + "fight/<int:entry_id>/", mats_public.fight_card, name="public_fight"),
]
