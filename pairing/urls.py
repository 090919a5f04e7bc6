from django.urls import path

from pairing.views import drawing, monrad, swiss, trf

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
    path(_swiss + "pair/", swiss.pair, name="swiss_pair"),
    path(_swiss + "attendance/", swiss.player_record, name="swiss_player_record"),
    path(_swiss + "missed-rounds/", swiss.missed_rounds, name="swiss_missed_rounds"),
    path(_swiss + "forbid/", swiss.forbid, name="swiss_forbid"),
    path(_swiss + "forbid/<int:pair_id>/remove/", swiss.allow, name="swiss_allow"),
    path(_swiss + "acceleration/", swiss.acceleration, name="swiss_acceleration"),
    path(_swiss + "<int:number>/swap/", swiss.swap, name="swiss_swap"),
    path(_swiss + "<int:number>/colours/", swiss.swap_colours, name="swiss_swap_colours"),
    path(_swiss + "<int:number>/publish/", swiss.publish, name="swiss_publish"),
    path(_swiss + "<int:number>/delete/", swiss.delete, name="swiss_delete"),
]

_monrad = "arbiter/t/<int:tournament_id>/monrad/"
urlpatterns += [
    path(_monrad, monrad.monrad_page, name="monrad"),
    path(_monrad + "check-in/", monrad.check_in, name="monrad_check_in"),
    path(_monrad + "late/", monrad.late_member, name="monrad_late_member"),
    path(_monrad + "pair/", monrad.pair, name="monrad_pair"),
    path(_monrad + "settings/", monrad.update_settings, name="monrad_settings"),
    path(_monrad + "games/<int:game_id>/result/", monrad.result, name="monrad_result"),
    path(_monrad + "cards/<int:entry_id>/", monrad.member_card, name="monrad_card"),
    path(_monrad + "<int:number>/accept/", monrad.accept, name="monrad_accept"),
    path(_monrad + "<int:number>/swap/", monrad.swap, name="monrad_swap"),
    path(_monrad + "<int:number>/unpair/", monrad.unpair, name="monrad_unpair"),
]

urlpatterns += [
    path("arbiter/import-trf/", trf.import_page, name="trf_import"),
    path("arbiter/t/<int:tournament_id>/trf/<str:flavour>/", trf.export, name="trf_export"),
]
