"""Public downloads of a published tournament (exports for federations and other programs)."""

from django.urls import path

from arbiter.public.views import exports

_t = "t/<int:tournament_id>/export/"
urlpatterns = [
    path(_t + "players.csv", exports.players_csv, name="export_players"),
    path(_t + "results.csv", exports.results_csv, name="export_results"),
    path(_t + "tournament.json", exports.tournament_json, name="export_json"),
    path(_t + "trf/<str:flavour>/", exports.trf, name="export_trf"),
    path(_t + "round-<int:number>.pdf", exports.round_pdf, name="export_round_pdf"),
    path(_t + "standings.pdf", exports.standings_pdf_view, name="export_standings_pdf"),
]
