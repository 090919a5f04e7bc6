"""Public downloads of a published tournament: players and results as CSV, everything as JSON,
a Swiss as TRF-2026 or TRF-16 (complete rounds), and pairing lists and standings as PDF, for
federations, other programs and the noticeboard.

Like the public pages they show published tournaments and rounds only, and like them each is
built once per tournament version and kept gzipped, with an ETag (arbiter/platform/public_live.py).
"""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Round, Tournament
from arbiter.core.standings import COUNTED_STATES, public_standings
from arbiter.platform.pdf import pairings_pdf, standings_pdf
from arbiter.platform.public_live import Made, public_download, public_tournament, round_asked
from arbiter.platform.public_pdf import public_pdf
from arbiter.platform.routes import Routes
from arbiter.platform.spreadsheets import SEPARATORS, csv_text
from arbiter.public.exports import (
    RATING_REPORT_COLUMNS,
    player_columns,
    player_rows,
    rating_report_rows,
    result_columns,
    result_rows,
    tournament_document,
)
from arbiter.ratings.change import public_changes, rated_system
from arbiter.teams.exports import BOARD_COLUMNS, TEAM_COLUMNS, board_rows, team_rows
from arbiter.teams.trf_export import is_team_event
from pairing.swiss.trf.export import RatingReportWaits, trf_file
from pairing.swiss.trf.verify import round_trf

routes = Routes("t/<int:tournament_id>/export/")

TRF_FORMATS = {"2026": (False, ""), "16": (True, "-trf16")}


def attachment(tournament: Tournament, suffix: str) -> dict[str, str]:
    """The header that names the downloaded file after the tournament."""
    name = slugify(tournament.name) or "tournament"
    return {"Content-Disposition": f'attachment; filename="{name}{suffix}"'}


def _csv_download(request, tournament, name: str, rows, suffix: str) -> HttpResponse:
    """CSV for spreadsheet programs (arbiter/public/exports.py); ``?sep=semicolon`` for the
    spreadsheets of countries where the comma is the decimal separator. `rows` gives the rows
    and their columns."""
    asked = request.GET.get("sep", "")
    separator = SEPARATORS.get(asked, ",")

    def make() -> Made:
        text = csv_text(*rows(), separator)
        return text, "text/csv; charset=utf-8", attachment(tournament, suffix)

    params = {"sep": asked} if asked in SEPARATORS else {}
    return public_download(request, tournament, name, params, make)


@routes.get("players.csv", name="export_players")
def players_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = public_tournament(tournament_id)

    def rows() -> tuple[list[dict], list[str]]:
        return player_rows(tournament), player_columns(tournament)

    return _csv_download(request, tournament, "players.csv", rows, "-players.csv")


@routes.get("results.csv", name="export_results")
def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = public_tournament(tournament_id)

    def rows() -> tuple[list[dict], list[str]]:
        return result_rows(tournament), result_columns(tournament)

    return _csv_download(request, tournament, "results.csv", rows, "-results.csv")


@routes.get("teams.csv", name="export_teams")
def teams_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A team event's teams with their match and game points (arbiter/teams/exports.py); 404
    for a tournament without teams."""
    tournament = public_tournament(tournament_id)
    if not is_team_event(tournament):
        raise Http404(_("This tournament has no teams."))

    def rows() -> tuple[list[dict], list[str]]:
        return team_rows(tournament), TEAM_COLUMNS

    return _csv_download(request, tournament, "teams.csv", rows, "-teams.csv")


@routes.get("team-boards.csv", name="export_team_boards")
def team_boards_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A team event's matches board by board, and its teams' byes; 404 without teams."""
    tournament = public_tournament(tournament_id)
    if not is_team_event(tournament):
        raise Http404(_("This tournament has no teams."))

    def rows() -> tuple[list[dict], list[str]]:
        return board_rows(tournament), BOARD_COLUMNS

    return _csv_download(request, tournament, "team-boards.csv", rows, "-team-boards.csv")


@routes.get("rating-report.csv", name="export_rating_report")
def rating_report_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The rating report (arbiter/public/views/ratings.py) as CSV: every player's rating, K and
    why, games rated, score, expected score, change, new rating, an unrated player's initial
    rating; 404 where FIDE does not rate the system."""
    tournament = public_tournament(tournament_id)
    if not rated_system(tournament):
        raise Http404(_("FIDE does not rate this system: no rating change."))

    def rows() -> tuple[list[dict], list[str]]:
        return rating_report_rows(tournament), RATING_REPORT_COLUMNS

    return _csv_download(request, tournament, "rating-report.csv", rows, "-rating-report.csv")


@routes.get("tournament.json", name="export_json")
def tournament_json(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = public_tournament(tournament_id)

    def make() -> Made:
        text = json.dumps(tournament_document(tournament), cls=DjangoJSONEncoder, indent=1)
        return text, "application/json", attachment(tournament, ".json")

    return public_download(request, tournament, "tournament.json", {}, make)


@routes.get("trf/<str:flavour>/", name="export_trf")
def trf(request: HttpRequest, tournament_id: int, flavour: str) -> HttpResponse:
    """The complete rounds of a Swiss or a round robin as the FIDE rating report file; refused
    (409, saying why) once every round is played while an adjourned game has no result (FIDE's
    checklist Q169)."""
    tournament = public_tournament(tournament_id)
    if not tournament.pairing_system.trf_export or flavour not in TRF_FORMATS:
        raise Http404(_("No TRF export for this tournament."))
    legacy, suffix = TRF_FORMATS[flavour]

    def make() -> Made:
        writer = tournament.pairing_system.trf_file or trf_file
        text, _ = writer(tournament, legacy=legacy, public=True)
        return text, "text/plain; charset=utf-8", attachment(tournament, f"{suffix}.trf")

    try:
        return public_download(request, tournament, f"trf-{flavour}", {}, make)
    except RatingReportWaits as waiting:  # nothing kept: asked again, it is checked again
        return HttpResponse(str(waiting), status=409, content_type="text/plain; charset=utf-8")


def round_trf_name(number: int) -> str:
    return f"round-{number}.trf"


def verifiable(tournament: Tournament) -> bool:
    """Its rounds are paired by an engine that the public can run on the round's TRF."""
    system = tournament.pairing_system
    return system.trf_export and system.pairer is not None


@routes.get("round-<int:number>.trf", name="export_round_trf")
def round_trf_view(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A published round as it was paired, for anyone to check with the free pairing checker
    (pairing/swiss/trf/verify.py)."""
    tournament = public_tournament(tournament_id)
    if not verifiable(tournament):
        raise Http404(_("No TRF export for this tournament."))

    def make() -> Made:
        get_object_or_404(Round, tournament=tournament, number=number, state__in=COUNTED_STATES)
        text = round_trf(tournament, number)
        # named as the command on the round's page names it
        named = {"Content-Disposition": f'attachment; filename="{round_trf_name(number)}"'}
        return text, "text/plain; charset=utf-8", named

    return public_download(request, tournament, f"round-{number}.trf", {}, make)


def round_pdf_made(tournament: Tournament, number: int) -> Made:
    """The pairing list of a public round (a task may write it: arbiter/platform/public_pdf.py)."""
    round_ = get_object_or_404(
        Round, tournament=tournament, number=number, state__in=COUNTED_STATES
    )
    pdf = pairings_pdf(tournament, round_)
    return pdf, "application/pdf", attachment(tournament, f"-round-{number}.pdf")


def standings_pdf_made(tournament: Tournament, through: int | None) -> Made:
    """The standings after round `through` (None: the last), as :func:`round_pdf_made`; the
    latest ones with each rated player's rating change where FIDE rates the system."""
    table = public_standings(tournament, through)
    changes = public_changes(tournament) if through is None else None
    deltas = {pk: c.change_text for pk, c in changes.players.items()} if changes else None
    pdf = standings_pdf(tournament, table, deltas)
    return pdf, "application/pdf", attachment(tournament, f"-standings-r{table.through_round}.pdf")


@routes.get("round-<int:number>.pdf", name="export_round_pdf")
def round_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = public_tournament(tournament_id)

    def check() -> None:
        public = Round.objects.filter(
            tournament=tournament, number=number, state__in=COUNTED_STATES
        )
        if not public.exists():
            raise Http404(_("No such public round."))

    return public_pdf(
        request,
        tournament,
        f"round-{number}.pdf",
        {},
        notice=_("The PDF of the pairings of round %(number)s is being prepared.")
        % {"number": number},
        builder="arbiter.public.views.exports.round_pdf_made",
        args=(number,),
        check=check,
    )


@routes.get("standings.pdf", name="export_standings_pdf")
def standings_pdf_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings after the round asked for (``?round=N``), else after the last one."""
    tournament = public_tournament(tournament_id)
    through = round_asked(request)
    return public_pdf(
        request,
        tournament,
        "standings.pdf",
        {"round": through} if through is not None else {},
        notice=_("The PDF of the standings is being prepared.")
        if through is None
        else _("The PDF of the standings after round %(number)s is being prepared.")
        % {"number": through},
        builder="arbiter.public.views.exports.standings_pdf_made",
        args=(through,),
    )
