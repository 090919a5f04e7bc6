"""Creating a tournament and editing its settings and arbiters."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from arbiter.core import fide_mode
from arbiter.core.access import chief_arbiter_required, tournament_arbiter_required
from arbiter.core.models import Tournament, TournamentArbiter
from arbiter.core.once import once_per_submission
from arbiter.core.services import tournaments as service
from arbiter.desk.forms import DeputyForm, TournamentForm
from arbiter.platform.routes import Routes

routes = Routes("arbiter/")


@routes.form("new/", name="tournament_create")
@login_required
@once_per_submission
def create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = service.create_tournament(request.user, form.cleaned_data)
        messages.success(
            request, _("%(name)s created. Now add the players.") % {"name": tournament.name}
        )
        return redirect("players", tournament_id=tournament.pk)
    return render(request, "arbiter/tournament_form.html", {"form": form})


@routes.form("t/<int:tournament_id>/settings/", name="tournament_settings")
@tournament_arbiter_required
def settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The settings; a change the rules guard after the start (the number of rounds, the
    tie-break list) shows what they say and posts the form again once confirmed."""
    form = TournamentForm(request.POST or None, instance=tournament)
    confirm = {}
    if request.method == "POST" and form.is_valid():
        confirmation = request.POST.get("confirmation", "")
        try:
            service.update_tournament(
                request.user, tournament, form.cleaned_data, confirmation=confirmation
            )
        except fide_mode.NeedsConfirmation as needs:
            confirm = {**fide_mode.repost(request.POST, needs), "action": request.path}
        except (service.TournamentError, fide_mode.RefusedInFideMode) as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("tournament_settings", tournament_id=tournament.pk)
    return _render_settings(request, tournament, form, DeputyForm(), confirm=confirm)


@routes.post("t/<int:tournament_id>/fide-mode/leave/", name="fide_mode_leave")
@chief_arbiter_required
def leave_fide_mode(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Leave FIDE mode, for good (Q43-Q45): the two steps of the level-4 confirmation, each
    posting back the tournament's version the page showed, so that a stale page is refused.
    HTMX swaps the FIDE mode section; a plain form gets the settings page."""
    try:
        service.leave_fide_mode(
            request.user,
            tournament,
            confirmation=request.POST.get("confirmation", ""),
            seen_version=posted_version(request.POST.get("version")),
        )
    except fide_mode.NeedsConfirmation as needs:
        leaving = {**fide_mode.repost(request.POST, needs), "action": request.path}
        if request.htmx:
            context = {"tournament": tournament, "leaving": leaving, "is_chief": True}
            return render(request, "arbiter/tournament_settings.html#fide-mode", context)
        return _render_settings(
            request, tournament, TournamentForm(instance=tournament), DeputyForm(), leaving=leaving
        )
    except service.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The tournament has left FIDE mode."))
    url = reverse("tournament_settings", args=[tournament.pk])
    if request.htmx:
        # the whole page changes: its marker, the settings' section
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


def posted_version(value) -> int:
    """The tournament's version a form posted (-1, never a version, when it is missing or
    not a number: such a page is stale)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


@routes.form("t/<int:tournament_id>/delete/", name="tournament_delete")
@chief_arbiter_required
def delete(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Delete the whole tournament: the page lists what goes, the chief arbiter types its name."""
    error = ""
    if request.method == "POST":
        try:
            service.delete_tournament(request.user, tournament, request.POST.get("name", ""))
        except service.TournamentError as refused:
            error = str(refused)
        else:
            messages.success(request, _("%(name)s deleted.") % {"name": tournament.name})
            return redirect("dashboard")
    context = {
        "tournament": tournament,
        "lost": service.what_deleting_loses(tournament),
        "error": error,
    }
    return render(request, "arbiter/tournament_delete.html", context)


@routes.post("t/<int:tournament_id>/arbiters/add/", name="deputy_add")
@chief_arbiter_required
@once_per_submission
def add_deputy(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    deputy_form = DeputyForm(request.POST)
    if deputy_form.is_valid():
        try:
            service.add_deputy(request.user, tournament, deputy_form.cleaned_data["username"])
        except service.TournamentError as error:
            deputy_form.add_error("username", str(error))
        else:
            messages.success(request, _("Deputy arbiter added."))
            return redirect("tournament_settings", tournament_id=tournament.pk)
    return _render_settings(request, tournament, TournamentForm(instance=tournament), deputy_form)


@routes.post("t/<int:tournament_id>/arbiters/<int:staff_id>/remove/", name="deputy_remove")
@chief_arbiter_required
def remove_deputy(request: HttpRequest, tournament: Tournament, staff_id: int) -> HttpResponse:
    try:
        service.remove_deputy(request.user, tournament, staff_id)
    except service.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Deputy arbiter removed."))
    return redirect("tournament_settings", tournament_id=tournament.pk)


def _render_settings(request, tournament, form, deputy_form, **confirming) -> HttpResponse:
    """The settings page; ``confirming`` holds the confirmation a guarded change shows
    (``confirm`` for the settings form, ``leaving`` for leaving FIDE mode)."""
    staff = TournamentArbiter.objects.filter(tournament=tournament).select_related("user")
    return render(
        request,
        "arbiter/tournament_settings.html",
        {
            "tournament": tournament,
            "form": form,
            "deputy_form": deputy_form,
            "staff": staff,
            "is_chief": request.arbiter_role == TournamentArbiter.Role.CHIEF,
            "notices": service.completion_notices(tournament),
            **confirming,
        },
    )
