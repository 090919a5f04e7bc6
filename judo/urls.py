"""Routes of a competition day: see docs/competition.md."""

from django.urls import path

from judo.views import competition
from judo.views import draw as competition_draw
from judo.views import lists as competition_lists
from judo.views import weigh_in as competition_weigh_in

_c = "arbiter/c/<int:competition_id>/"
_e = _c + "weigh-in/<int:entry_id>/"
urlpatterns: list = [
    path("arbiter/c/new/", competition.create, name="competition_create"),
    path(_c, competition.settings, name="competition_settings"),
    path(_c + "publish/", competition.publish, name="competition_publish"),
    path(_c + "categories/", competition.categories, name="competition_categories"),
    path(
        _c + "categories/weight-classes/",
        competition.weight_classes,
        name="competition_weight_classes",
    ),
    path(_c + "entries/", competition_weigh_in.entries, name="competition_entries"),
    path(_c + "entries/list/", competition_lists.upload, name="competition_list_upload"),
    path(_c + "entries/list/<int:list_id>/", competition_lists.preview, name="competition_list"),
    path(
        _c + "entries/list/<int:list_id>/import/",
        competition_lists.import_list,
        name="competition_list_import",
    ),
    path(_c + "weigh-in/", competition_weigh_in.weigh_in_page, name="competition_weigh_in"),
    path(_e, competition_weigh_in.weigh, name="competition_weigh"),
    path(_e + "move/", competition_weigh_in.move, name="competition_move"),
    path(_e + "out/", competition_weigh_in.put_out, name="competition_out"),
    path(_c + "draw/", competition_draw.draw, name="competition_draw"),
    path(_c + "mat-assignment/", competition_draw.mats, name="competition_mats"),
    path(
        _c + "mat-assignment/propose/",
        competition_draw.propose_mats,
        name="competition_mats_propose",
    ),
]
