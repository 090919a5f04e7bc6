"""The results of a competition day: every category's placings, the medal table by club or by
country, and the exports for the federation (CSV, JSON, the printed brackets and pools), for
the competition's arbiters and, once published, for everyone (docs/competition.md, "Results and
exports").

The public pages and downloads are kept per version of the competition like a tournament's
(arbiter/platform/public_live.py); the pages poll for changes. Everything is read through
``judo.exports.results``: a constant number of queries whatever the size.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from arbiter.platform.pdf import bracket_sheets
from arbiter.platform.public_live import Made, live_page, public_download
from arbiter.platform.public_pdf import public_pdf
from arbiter.platform.routes import Routes
from arbiter.platform.spreadsheets import SEPARATORS, csv_text
from judo import exports
from judo.access import competition_arbiter_required
from judo.models import Competition
from judo.services.competition import public_competition
from judo.views.public_hint import not_published_hint

routes = Routes("arbiter/c/<int:competition_id>/results/")
#: The public pages and downloads, in every language (arbiter/urls.py's i18n_patterns).
public_routes = Routes("c/<int:competition_id>/")

#: The CSV downloads: name -> (rows, columns, file name suffix).
CSVS: dict[str, tuple[Callable, list[str], str]] = {
    "results": (exports.result_rows, exports.RESULT_COLUMNS, "-results.csv"),
    "bouts": (exports.bout_rows, exports.BOUT_COLUMNS, "-bouts.csv"),
}


def _by(request: HttpRequest) -> str:
    """``?by=club`` (the default), ``?by=country`` or ``?by=team``; anything else is a 404."""
    by = request.GET.get("by", "club")
    if by not in exports.MEDAL_BY:
        raise Http404("Medals are counted by club, by country or by team.")
    return by


def _separator(request: HttpRequest) -> str:
    asked = request.GET.get("sep", "")
    return asked if asked in SEPARATORS else ""


def _attachment(competition: Competition, suffix: str) -> dict[str, str]:
    name = slugify(competition.name) or "competition"
    return {"Content-Disposition": f'attachment; filename="{name}{suffix}"'}


def _page_context(competition: Competition, by: str = "club") -> dict:
    shown = exports.results(competition)
    return {
        "results": shown.categories,
        "medals": shown.medal_table(by),
        "by": by,
        "medal_by": exports.MEDAL_BY,
    }


# -- what each download is, for the arbiter and the public alike -------------------------------
def csv_made(competition: Competition, what: str, separator: str) -> Made:
    rows, columns, suffix = CSVS[what]
    text = csv_text(rows(exports.results(competition)), columns, SEPARATORS.get(separator, ","))
    return text, "text/csv; charset=utf-8", _attachment(competition, suffix)


def medals_csv_made(competition: Competition, by: str, separator: str) -> Made:
    rows = exports.medal_rows(exports.results(competition), by)
    text = csv_text(rows, exports.MEDAL_COLUMNS, SEPARATORS.get(separator, ","))
    return text, "text/csv; charset=utf-8", _attachment(competition, f"-medals-{by}.csv")


def json_made(competition: Competition) -> Made:
    document = exports.document(exports.results(competition))
    text = json.dumps(document, cls=DjangoJSONEncoder, indent=1)
    return text, "application/json", _attachment(competition, "-results.json")


def sheets_made(competition: Competition) -> Made:
    """Every drawn category's bracket or pool sheet in one PDF (a task may write it)."""
    pdf = bracket_sheets(exports.results(competition).sheets())
    return pdf, "application/pdf", _attachment(competition, "-brackets.pdf")


def _served(made: Made) -> HttpResponse:
    content, content_type, headers = made
    return HttpResponse(content, content_type=content_type, headers=headers)


# -- the arbiter's page and downloads -------------------------------------------------------------
@routes.get("", name="competition_results")
@competition_arbiter_required
def results_page(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Placings of every category and the medal table, published or not."""
    by = _by(request)
    context = {"competition": competition, **_page_context(competition, by)}
    return render(request, "pairing/competition/results.html", context)


@routes.get("results.csv", name="competition_results_csv", kwargs={"what": "results"})
@routes.get("bouts.csv", name="competition_bouts_csv", kwargs={"what": "bouts"})
@competition_arbiter_required
def arbiter_csv(request: HttpRequest, competition: Competition, what: str) -> HttpResponse:
    if what not in CSVS:
        raise Http404("No such download.")
    return _served(csv_made(competition, what, _separator(request)))


@routes.get("medals.csv", name="competition_medals_csv")
@competition_arbiter_required
def arbiter_medals_csv(request: HttpRequest, competition: Competition) -> HttpResponse:
    return _served(medals_csv_made(competition, _by(request), _separator(request)))


@routes.get("results.json", name="competition_results_json")
@competition_arbiter_required
def arbiter_json(request: HttpRequest, competition: Competition) -> HttpResponse:
    return _served(json_made(competition))


@routes.get("brackets.pdf", name="competition_sheets_pdf")
@competition_arbiter_required
def arbiter_sheets(request: HttpRequest, competition: Competition) -> HttpResponse:
    return _served(sheets_made(competition))


# -- the public pages and downloads ---------------------------------------------------------------
def _live_results(
    request: HttpRequest, competition_id: int, page: str, by_asked: bool
) -> HttpResponse:
    """The public page ``page`` (its template, its name among the kept pages) of the results,
    live; with ``by_asked`` its medal table counts by what ``?by=`` asks, kept per answer."""
    competition = public_competition(competition_id)
    by = _by(request) if by_asked else "club"
    return live_page(
        request,
        competition,
        f"public/competition/{page}.html",
        page,
        {"by": by} if by_asked else {},
        lambda: _page_context(competition, by),
        poll=True,
    )


@public_routes.get("results/", name="public_competition_results")
@not_published_hint
def public_results(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Every category's placings (medals marked; "in progress", "not drawn"), live."""
    return _live_results(request, competition_id, "results", by_asked=False)


@public_routes.get("medals/", name="public_competition_medals")
@not_published_hint
def public_medals(request: HttpRequest, competition_id: int) -> HttpResponse:
    """The medal table by club or by country (``?by=``), Olympic order, shared ranks."""
    return _live_results(request, competition_id, "medals", by_asked=True)


@public_routes.get("results.csv", name="public_competition_results_csv", kwargs={"what": "results"})
@public_routes.get("bouts.csv", name="public_competition_bouts_csv", kwargs={"what": "bouts"})
@not_published_hint
def public_csv(request: HttpRequest, competition_id: int, what: str) -> HttpResponse:
    competition = public_competition(competition_id)
    if what not in CSVS:
        raise Http404("No such download.")
    sep = _separator(request)
    params = {"sep": sep} if sep else {}
    return public_download(
        request, competition, f"{what}.csv", params, lambda: csv_made(competition, what, sep)
    )


@public_routes.get("medals.csv", name="public_competition_medals_csv")
@not_published_hint
def public_medals_csv(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = public_competition(competition_id)
    by, sep = _by(request), _separator(request)
    params = {"by": by, **({"sep": sep} if sep else {})}
    return public_download(
        request, competition, "medals.csv", params, lambda: medals_csv_made(competition, by, sep)
    )


@public_routes.get("results.json", name="public_competition_results_json")
@not_published_hint
def public_json(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = public_competition(competition_id)
    return public_download(request, competition, "results.json", {}, lambda: json_made(competition))


@public_routes.get("brackets.pdf", name="public_competition_sheets_pdf")
@not_published_hint
def public_sheets(request: HttpRequest, competition_id: int) -> HttpResponse:
    """The printed brackets and pools, kept like the pages (written by a task with Redis)."""
    competition = public_competition(competition_id)
    return public_pdf(
        request,
        competition,
        "brackets.pdf",
        {},
        notice=_("The PDF of the brackets and pools is being prepared."),
        builder="judo.views.results.sheets_made",
        loader="judo.services.competition.public_competition",
        back_url=reverse("public_competition_results", args=[competition.pk]),
    )
