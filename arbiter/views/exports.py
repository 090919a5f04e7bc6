"""Public downloads of a published tournament: players and results as CSV, everything as JSON,
a Swiss as TRF-2026 or TRF-16 (complete rounds), and pairing lists and standings as PDF, for
federations, other programs and the noticeboard.

Like the public pages they show published tournaments and rounds only.
"""

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from arbiter.access import published_tournament
from arbiter.exports import (
    PLAYER_COLUMNS,
    SEPARATORS,
    csv_text,
    player_rows,
    result_columns,
    result_rows,
    tournament_document,
)
from arbiter.models import Round, Tournament
from arbiter.pdf import pairings_pdf, standings_pdf
from arbiter.scoring import COUNTED_STATES
from arbiter.standings import standings
from arbiter.views.public_live import round_asked
from pairing.services.trf_export import trf_file

TRF_FORMATS = {"2026": (False, ""), "16": (True, "-trf16")}


def _download(response: HttpResponse, tournament: Tournament, suffix: str) -> HttpResponse:
    name = slugify(tournament.name) or "tournament"
    response["Content-Disposition"] = f'attachment; filename="{name}{suffix}"'
    return response


def _csv_download(request, tournament, rows: list[dict], columns: list[str], suffix: str):
    """CSV for spreadsheet programs (arbiter/exports.py); ``?sep=semicolon`` for the
    spreadsheets of countries where the comma is the decimal separator."""
    separator = SEPARATORS.get(request.GET.get("sep", ""), ",")
    text = csv_text(rows, columns, separator)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    return _download(response, tournament, suffix)


@require_GET
def players_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = published_tournament(tournament_id)
    rows = player_rows(tournament)
    return _csv_download(request, tournament, rows, PLAYER_COLUMNS, "-players.csv")


@require_GET
def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = published_tournament(tournament_id)
    rows, columns = result_rows(tournament), result_columns(tournament)
    return _csv_download(request, tournament, rows, columns, "-results.csv")


@require_GET
def tournament_json(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = published_tournament(tournament_id)
    response = JsonResponse(tournament_document(tournament), json_dumps_params={"indent": 1})
    return _download(response, tournament, ".json")


@require_GET
def trf(request: HttpRequest, tournament_id: int, flavour: str) -> HttpResponse:
    """The complete rounds of a Swiss as the FIDE rating report file."""
    tournament = published_tournament(tournament_id)
    if not tournament.pairing_system.trf_export or flavour not in TRF_FORMATS:
        raise Http404("No TRF export for this tournament.")
    legacy, suffix = TRF_FORMATS[flavour]
    text, _ = trf_file(tournament, legacy=legacy, public=True)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    return _download(response, tournament, f"{suffix}.trf")


@require_GET
def round_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = published_tournament(tournament_id)
    round_ = get_object_or_404(
        Round, tournament=tournament, number=number, state__in=COUNTED_STATES
    )
    response = HttpResponse(pairings_pdf(tournament, round_), content_type="application/pdf")
    return _download(response, tournament, f"-round-{number}.pdf")


@require_GET
def standings_pdf_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings after the round asked for (``?round=N``), else after the last one."""
    tournament = published_tournament(tournament_id)
    table = standings(tournament, round_asked(request))
    response = HttpResponse(standings_pdf(tournament, table), content_type="application/pdf")
    return _download(response, tournament, f"-standings-r{table.through_round}.pdf")
