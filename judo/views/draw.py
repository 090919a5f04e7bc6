"""The draw of every category and the mats (docs/competition.md, "The arbiter's pages").

The draw page names who did not weigh in; drawing puts them out, so the button carries the list
the page showed and a changed list is shown again instead of drawn. The mats page posts the
competition version it showed (``seen``).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from arbiter.platform.routes import Routes
from judo.access import competition_arbiter_required
from judo.models import Category, Competition
from judo.services import competition as service
from judo.services import mats as mat_service
from judo.views.competition import categories_with_counts, seen_version
from pairing.rounds.services import ConfirmationNeeded, RoundError

routes = Routes("arbiter/c/<int:competition_id>/")


def _missing_ids(entries) -> str:
    return " ".join(str(e.pk) for e in sorted(entries, key=lambda e: e.pk))


def _draw_page(request, competition: Competition, **extra) -> HttpResponse:
    missing = service.not_weighed(competition)
    context = {
        "competition": competition,
        "categories": categories_with_counts(competition).select_related("tournament"),
        "missing": missing,
        "missing_ids": _missing_ids(missing),
        **extra,
    }
    return render(request, "pairing/competition/draw.html", context)


@routes.form("draw/", name="competition_draw")
@competition_arbiter_required
def draw(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Draw every category not drawn yet, after the arbiter confirms who is put out."""
    if request.method == "GET":
        return _draw_page(request, competition)
    confirm = request.POST.get("confirm") == "yes"
    if confirm and request.POST.get("missing", "") != _missing_ids(
        service.not_weighed(competition)
    ):
        return _draw_page(
            request,
            competition,
            error=_(
                "Who did not weigh in changed since your page was loaded: look at the list "
                "again before drawing."
            ),
        )
    try:
        report = service.draw_all(request.user, competition, confirm=confirm)
    except ConfirmationNeeded as asked:
        return _draw_page(request, competition, asked=asked)
    except RoundError as error:
        return _draw_page(request, competition, error=str(error))
    return _draw_page(request, competition, report=report)


def _posted_mats(request: HttpRequest, competition: Competition, categories) -> dict:
    """Category id -> mat from the page's selects ("" for none); ValueError with the message."""
    chosen = {}
    for category in categories:
        value = request.POST.get(f"mat-{category.pk}")
        if value is None:
            continue
        mat = int(value) if value.isascii() and value.isdigit() and len(value) <= 3 else 0
        if value == "":
            chosen[category.pk] = None
        elif 1 <= mat <= competition.mats:
            chosen[category.pk] = mat
        else:
            raise ValueError(_("The mats are 1 to %(mats)s.") % {"mats": competition.mats})
    return chosen


def _mats_page(request, competition: Competition, **extra) -> HttpResponse:
    competition.refresh_from_db()
    categories = list(categories_with_counts(competition).select_related("tournament"))
    per_mat = {mat: [] for mat in range(1, competition.mats + 1)}
    for category in categories:
        if category.mat in per_mat:
            per_mat[category.mat].append(category)
    context = {
        "competition": competition,
        "categories": categories,
        "mats": range(1, competition.mats + 1),
        "per_mat": [(mat, len(cs), sum(c.competitors for c in cs)) for mat, cs in per_mat.items()],
        **extra,
    }
    return render(request, "pairing/competition/mats.html", context)


@routes.form("mat-assignment/", name="competition_mats")
@competition_arbiter_required
def mats(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Each category's mat (a select per category); POST saves them all."""
    if request.method == "GET":
        return _mats_page(request, competition)
    try:
        categories = Category.objects.filter(competition=competition)
        chosen = _posted_mats(request, competition, categories)
        mat_service.assign_mats(request.user, competition, chosen, seen=seen_version(request))
    except (ValueError, service.CompetitionError) as error:
        return _mats_page(request, competition, error=str(error))
    messages.success(request, _("Mats saved."))
    return redirect("competition_mats", competition_id=competition.pk)


@routes.post("mat-assignment/propose/", name="competition_mats_propose")
@competition_arbiter_required
def propose_mats(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Spread the categories over the mats by their number of bouts."""
    try:
        mat_service.propose_mats(request.user, competition, seen=seen_version(request))
    except service.CompetitionError as error:
        return _mats_page(request, competition, error=str(error))
    messages.success(request, _("Mats proposed by the number of bouts: change any of them below."))
    return redirect("competition_mats", competition_id=competition.pk)
