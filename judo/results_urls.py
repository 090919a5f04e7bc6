"""Routes of a competition day's results: see docs/competition.md ("Results and exports")."""

from django.urls import path

from judo.views import results

_a = "arbiter/c/<int:competition_id>/results/"
_p = "c/<int:competition_id>/"
_results, _bouts = {"what": "results"}, {"what": "bouts"}
urlpatterns = [
    path(_a, results.results_page, name="competition_results"),
    path(_a + "results.csv", results.arbiter_csv, _results, name="competition_results_csv"),
    path(_a + "bouts.csv", results.arbiter_csv, _bouts, name="competition_bouts_csv"),
    path(_a + "medals.csv", results.arbiter_medals_csv, name="competition_medals_csv"),
    path(_a + "results.json", results.arbiter_json, name="competition_results_json"),
    path(_a + "brackets.pdf", results.arbiter_sheets, name="competition_sheets_pdf"),
]

#: The public pages and downloads, in every language (arbiter/urls.py's i18n_patterns).
public_urlpatterns = [
    path(_p + "results/", results.public_results, name="public_competition_results"),
    path(_p + "medals/", results.public_medals, name="public_competition_medals"),
    path(_p + "results.csv", results.public_csv, _results, name="public_competition_results_csv"),
    path(_p + "bouts.csv", results.public_csv, _bouts, name="public_competition_bouts_csv"),
    path(_p + "medals.csv", results.public_medals_csv, name="public_competition_medals_csv"),
    path(_p + "results.json", results.public_json, name="public_competition_results_json"),
    path(_p + "brackets.pdf", results.public_sheets, name="public_competition_sheets_pdf"),
]
