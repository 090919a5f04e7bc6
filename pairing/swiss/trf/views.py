"""Tournament report files: create a Swiss from a TRF (and see what the import found in it),
and download a Swiss as TRF-2026 or TRF-16.

The import page is open to every arbiter (whoever imports becomes the chief arbiter, as when
creating a tournament); the download is for the tournament's own arbiters. The public export
belongs to the public pages.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.core.once import once_per_submission
from arbiter.platform.routes import Routes
from arbiter.platform.views.jobs import start_import, started_job_redirect
from pairing.swiss.trf.export import RatingReportWaits, trf_file
from pairing.swiss.trf.forms import TrfImportForm
from pairing.swiss.trf.import_check import import_report
from pairing.swiss.trf.jobs import IMPORTING

routes = Routes("arbiter/")

#: URL part -> whether the file is TRF-16 (``legacy``) and the name suffix.
FORMATS = {"2026": (False, ""), "16": (True, "-trf16")}


@routes.form("import-trf/", name="trf_import")
@login_required
@once_per_submission
def import_page(request: HttpRequest) -> HttpResponse:
    """Paste or upload a TRF; the import runs as a background job (arbiter/platform/jobs.py). A bad
    file is reported with its line and nothing is saved."""
    form = TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job, _ = start_import(
            request,
            form,
            "trf_import",
            IMPORTING,
            options={"name": form.cleaned_data["name"].strip()},
        )
        if job is not None:
            if (started := started_job_redirect(request, job)) is not None:
                return started
            form.add_error(None, job.message)
    return render(request, "pairing/trf_import.html", {"form": form})


@routes.get("t/<int:tournament_id>/trf-import/", name="trf_import_report")
@tournament_arbiter_required
def import_report_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """What the import made of the file (Q48, Q50) and each round's check against the pairing
    rules (Q54), a round that breaks them under its level-3 warning (Q55): keep the
    tournament, or delete it. A tournament made here has no import to report, and says so."""
    report = import_report(tournament)
    warning = report.warning() if report is not None else None
    return render(
        request,
        "pairing/trf_import_report.html",
        {"tournament": tournament, "report": report, "warning": warning},
    )


@routes.get("t/<int:tournament_id>/trf/<str:flavour>/", name="trf_export")
@tournament_arbiter_required
def export(request: HttpRequest, tournament: Tournament, flavour: str) -> HttpResponse:
    """The complete rounds as a TRF file (a round still without all its results is left out);
    refused (409, saying why) once every round is played while an adjourned game has no result
    (FIDE's checklist Q169)."""
    if not tournament.pairing_system.trf_export or flavour not in FORMATS:
        raise Http404(_("No TRF export for this tournament."))
    legacy, suffix = FORMATS[flavour]
    try:
        writer = tournament.pairing_system.trf_file or trf_file
        text, rounds = writer(tournament, legacy=legacy)
    except RatingReportWaits as waiting:
        return HttpResponse(str(waiting), status=409, content_type="text/plain; charset=utf-8")
    filename = f"{slugify(tournament.name) or 'tournament'}-r{rounds}{suffix}.trf"
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
