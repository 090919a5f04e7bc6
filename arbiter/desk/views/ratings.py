"""The players against FIDE's rating list: the refresh before round 1 (a diff of every change,
applied in one confirmed action) and what an imported player list differs from the list in
(docs/ratings.md, "Lookup and refresh")."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import AuditEntry, Tournament
from arbiter.core.once import once_per_submission
from arbiter.platform.routes import Routes
from arbiter.ratings import refresh as service
from arbiter.ratings.listed import ListCheck

routes = Routes("arbiter/t/<int:tournament_id>/players/")


def _rated(tournament: Tournament) -> None:
    if not tournament.pairing_system.chess_fields:
        raise Http404(_("This tournament's players have no FIDE ratings."))


@routes.form("refresh/", name="players_refresh")
@tournament_arbiter_required
@once_per_submission
def refresh(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every entry whose rating (of the tournament's type), K-factor, title, federation or name
    differs from FIDE's list in force at the start, and "Apply", which posts back what the page
    showed (``seen``): applied all at once, or refused when the list or the players changed
    meanwhile (the page then shows the changes as they stand). Before round 1 only."""
    _rated(tournament)
    error = ""
    if request.method == "POST":
        try:
            applied = service.apply_refresh(
                request.user, tournament, request.POST.get("seen", "")[:100]
            )
        except service.RefreshRefused as refused:
            error = str(refused)
        else:
            count = len(applied.entries)
            if count:
                messages.success(
                    request,
                    ngettext(
                        "%(count)d player refreshed from the FIDE list of %(month)s.",
                        "%(count)d players refreshed from the FIDE list of %(month)s.",
                        count,
                    )
                    % {"count": count, "month": applied.month},
                )
            else:
                messages.info(request, _("Nothing to refresh: the players agree with the list."))
            return redirect("players", tournament_id=tournament.pk)
        tournament.refresh_from_db()
    refused = service.refresh_refused(tournament)
    context = {
        "tournament": tournament,
        "refused": refused,
        "plan": None if refused else service.plan(tournament),
        "error": error,
        "no_list": service.no_list_message(),
    }
    return render(request, "arbiter/players_refresh.html", context)


@routes.get("import/checked/", name="players_import_checked")
@tournament_arbiter_required
def import_checked(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The last imported player list against FIDE's list in force, by FIDE id: each player
    whose rating, title, federation, name or birth year differs (as the file gave it, as the
    list gives it), and those the list does not hold. Showing only: the refresh applies it."""
    _rated(tournament)
    after = (
        AuditEntry.objects.filter(
            tournament=tournament, action="entry.import", after__has_key="list_check"
        )
        .order_by("-at", "-id")
        .values_list("after", flat=True)
        .first()
    )
    check = ListCheck.from_json(after["list_check"]) if after else None
    return render(
        request,
        "arbiter/player_import_checked.html",
        {"tournament": tournament, "check": check},
    )
