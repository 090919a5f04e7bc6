from django.urls import path

from pairing.monrad import views as monrad
from pairing.round_robin import views as drawing
from pairing.rounds import views as rounds
from pairing.swiss import views as swiss
from pairing.swiss.trf import views as trf

urlpatterns = [
    path("arbiter/t/<int:tournament_id>/drawing/", drawing.drawing_page, name="drawing"),
    path("arbiter/t/<int:tournament_id>/drawing/start/", drawing.start, name="drawing_start"),
    path("arbiter/t/<int:tournament_id>/drawing/pick/", drawing.pick, name="drawing_pick"),
    path(
        "arbiter/t/<int:tournament_id>/drawing/random/",
        drawing.draw_at_random,
        name="drawing_random",
    ),
    path("arbiter/t/<int:tournament_id>/drawing/undo/", drawing.undo, name="drawing_undo"),
    path("arbiter/t/<int:tournament_id>/drawing/restart/", drawing.restart, name="drawing_restart"),
    path("arbiter/t/<int:tournament_id>/drawing/confirm/", drawing.confirm, name="drawing_confirm"),
]

_swiss = "arbiter/t/<int:tournament_id>/swiss/"
urlpatterns += [
    path(_swiss, swiss.swiss_page, name="swiss"),
    path(_swiss + "attendance/", swiss.player_record, name="swiss_player_record"),
    path(_swiss + "missed-rounds/", swiss.missed_rounds, name="swiss_missed_rounds"),
    path(_swiss + "forbid/", swiss.forbid, name="swiss_forbid"),
    path(_swiss + "forbid/<int:pair_id>/remove/", swiss.allow, name="swiss_allow"),
    path(_swiss + "acceleration/", swiss.acceleration, name="swiss_acceleration"),
    path(_swiss + "accelerate/", swiss.accelerate, name="swiss_accelerate"),
    path(_swiss + "initial-colour/", swiss.initial_colour, name="swiss_initial_colour"),
]

_monrad = "arbiter/t/<int:tournament_id>/monrad/"
urlpatterns += [
    path(_monrad, monrad.monrad_page, name="monrad"),
    path(_monrad + "check-in/", monrad.check_in, name="monrad_check_in"),
    path(_monrad + "late/", monrad.late_member, name="monrad_late_member"),
    path(_monrad + "settings/", monrad.update_settings, name="monrad_settings"),
    path(_monrad + "games/<int:game_id>/result/", monrad.result, name="monrad_result"),
    path(_monrad + "cards/<int:entry_id>/", monrad.member_card, name="monrad_card"),
]

_rounds = "arbiter/t/<int:tournament_id>/rounds/"
urlpatterns += [
    path(_rounds + "pair/", rounds.pair, name="round_pair"),
    path(_rounds + "<int:number>/swap/", rounds.swap, name="round_swap"),
    path(_rounds + "<int:number>/colours/", rounds.colours, name="round_colours"),
    path(_rounds + "<int:number>/publish/", rounds.publish, name="round_publish"),
    path(_rounds + "<int:number>/delete/", rounds.delete, name="round_delete"),
]

urlpatterns += [
    path("arbiter/import-trf/", trf.import_page, name="trf_import"),
    path("arbiter/t/<int:tournament_id>/trf/<str:flavour>/", trf.export, name="trf_export"),
]
