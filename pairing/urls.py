"""The pairing systems' arbiter pages: the round lifecycle every system shares, the TRF files,
and each registered system's own (its entry's ``urls``)."""

from django.urls import path

from arbiter.core.systems import SYSTEMS
from pairing.rounds import views as rounds
from pairing.swiss.trf import views as trf

_rounds = "arbiter/t/<int:tournament_id>/rounds/"
urlpatterns = [
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

urlpatterns += [pattern for system in SYSTEMS.values() for pattern in system.urls]
