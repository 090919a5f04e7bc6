"""The team room's pages (docs/teams.md): the team settings, the teams with their board order
and captains, every team's lineup of the next round (the arbiter's), and the captain's lineup
page (phone-first: one select per board)."""

import re

from django.contrib import messages
from django.contrib.auth.tokens import default_token_generator
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Entry, Team, Tournament
from arbiter.core.once import once_per_submission
from arbiter.platform.routes import Routes
from arbiter.teams.access import captain_or_arbiter_required
from arbiter.teams.forms import (
    CaptainForm,
    DeadlineForm,
    LineupForm,
    MemberForm,
    MoveForm,
    NumberTeamsForm,
    TeamByeForm,
    TeamForm,
    TeamSettingsForm,
    WithdrawTeamForm,
)
from arbiter.teams.lineups import lineup_for
from arbiter.teams.models import Lineup, TeamSettings, TeamWithdrawal
from arbiter.teams.services import byes as bye_service
from arbiter.teams.services import lineups as lineup_service
from arbiter.teams.services import rosters as service

routes = Routes("arbiter/t/<int:tournament_id>/")
captain_routes = Routes("captain/t/<int:tournament_id>/team/<int:team_id>/")


# --- settings ---------------------------------------------------------------------------------


@routes.form("teams/settings/", name="team_settings")
@tournament_arbiter_required
def team_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    settings = service.settings_of(tournament)
    form = TeamSettingsForm(request.POST or None, instance=settings)
    if request.method == "POST" and form.is_valid():
        try:
            service.update_settings(request.user, tournament, form.cleaned_data)
        except service.TeamError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Team settings saved."))
            return redirect("team_settings", tournament_id=tournament.pk)
    return render(request, "teams/settings.html", {"tournament": tournament, "form": form})


# --- teams and board order --------------------------------------------------------------------


def _teams(tournament: Tournament, settings: TeamSettings, only: int | None = None) -> list[Team]:
    """The teams (or the one numbered ``only``) with their players in board order, each
    marked ``locked`` when its fixed board order is locked (four queries however many teams)."""
    members = Entry.objects.order_by("team_board", "pk")
    chosen = tournament.teams.all() if only is None else tournament.teams.filter(pk=only)
    teams = list(
        chosen.select_related("captain")
        .prefetch_related(Prefetch("members", queryset=members, to_attr="board_order"))
        .order_by("number", "name")
    )
    paired = set()
    if settings.board_order == TeamSettings.Order.FIXED and teams:
        paired = service.paired_teams(tournament)
    withdrawn = dict(
        TeamWithdrawal.objects.filter(team__in=teams).values_list("team_id", "from_round")
    )
    for team in teams:
        team.locked = team.pk in paired
        team.withdrawn_from = withdrawn.get(team.pk)
        rated = [m.rating for m in team.board_order if not m.withdrawn][: settings.boards]
        rated = [r for r in rated if r]
        team.average = round(sum(rated) / len(rated)) if rated else 0
        for member in team.board_order:
            member.reserve = member.team_board > settings.boards
    return teams


@routes.form("teams/", name="teams")
@tournament_arbiter_required
@once_per_submission
def teams(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every team with its board order; the form adds a team."""
    settings = service.settings_of(tournament)
    form = TeamForm(request.POST or None, instance=Team(tournament=tournament))
    if request.method == "POST" and form.is_valid():
        try:
            team = service.add_team(request.user, tournament, form.cleaned_data)
        except service.TeamError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Team %(name)s added.") % {"name": team.name})
            return redirect("teams", tournament_id=tournament.pk)
    return _render_teams(request, tournament, settings, form)


def _render_teams(request, tournament, settings, form, status=200) -> HttpResponse:
    teams = _teams(tournament, settings)
    free = tournament.entries.filter(team__isnull=True, withdrawn=False).order_by("name")
    context = {
        "tournament": tournament,
        "settings": settings,
        "teams": teams,
        "form": form,
        "free": list(free.only("pk", "name", "rating")),
        "member_form": MemberForm(),
        "numbers_locked": tournament.rounds.exists(),
        "number_form": NumberTeamsForm(),
    }
    return render(request, "teams/teams.html", context, status=status)


def _team(tournament: Tournament, team_id: int) -> Team:
    return get_object_or_404(Team, pk=team_id, tournament=tournament)


def _back(
    request, tournament, error: Exception | None = None, done: str = "", team: Team | None = None
) -> HttpResponse:
    """Back to the teams page with the message; over HTMX, the team's section alone, the
    message in it."""
    if request.htmx and team is not None:
        return _section(request, tournament, team, error, done)
    if error is not None:
        messages.error(request, str(error))
    elif done:
        messages.success(request, done)
    return redirect("teams", tournament_id=tournament.pk)


def _section(request, tournament, team, error, done) -> HttpResponse:
    settings = service.settings_of(tournament)
    shown = _teams(tournament, settings, only=team.pk)
    if not shown:
        return HttpResponse(status=204)
    notice = {"level": "error", "text": str(error)} if error else {"level": "success", "text": done}
    free = tournament.entries.filter(team__isnull=True, withdrawn=False).order_by("name")
    context = {
        "tournament": tournament,
        "team": shown[0],
        "free": list(free.only("pk", "name", "rating")),
        "notice": notice if notice["text"] else None,
    }
    return render(request, "teams/teams.html#team-section", context)


@routes.post("teams/numbers/", name="team_numbers")
@tournament_arbiter_required
def team_numbers(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = NumberTeamsForm(request.POST)
    if not form.is_valid():
        return _back(request, tournament, service.TeamError(_("Choose how to number the teams.")))
    try:
        service.number_teams(request.user, tournament, form.cleaned_data["method"])
    except service.TeamError as error:
        return _back(request, tournament, error)
    return _back(request, tournament, done=_("Teams numbered."))


@routes.form("teams/<int:team_id>/", name="team_edit")
@tournament_arbiter_required
def team_edit(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """A team's name, short name and federation, and its captain."""
    team = _team(tournament, team_id)
    form = TeamForm(request.POST or None, instance=team)
    if request.method == "POST" and form.is_valid():
        try:
            service.update_team(request.user, team, form.cleaned_data)
        except service.TeamError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Team %(name)s saved.") % {"name": team.name})
            return redirect("teams", tournament_id=tournament.pk)
    team = Team.objects.get(pk=team.pk)
    return _render_team(request, tournament, team, form, _captain_form(team))


def _captain_form(team: Team) -> CaptainForm:
    return CaptainForm(initial={"username": team.captain.username if team.captain else ""})


def _render_team(
    request, tournament, team, form, captain_form, invitation="", confirm_delete=False
) -> HttpResponse:
    context = {
        "confirm_delete": confirm_delete,
        "tournament": tournament,
        "team": team,
        "form": form,
        "captain_form": captain_form,
        "invitation": invitation,
        "refused": service.deletion_refused(team),
        "lineup_url": reverse("captain_lineup", args=[tournament.pk, team.pk]),
    }
    return render(request, "teams/team.html", context)


@routes.post("teams/<int:team_id>/captain/", name="team_captain")
@tournament_arbiter_required
def team_captain(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """Name the captain: an existing account, or a new one with a one-time link to set its
    password (Django's password-reset link: it stops working once the password is set)."""
    team = _team(tournament, team_id)
    form = CaptainForm(request.POST)
    invitation = ""
    if form.is_valid():
        invite = form.cleaned_data["invite"]
        try:
            captain = service.name_captain(
                request.user, team, form.cleaned_data["username"], create=invite
            )
        except service.TeamError as error:
            form.add_error(None, str(error))
        else:
            if captain is not None and invite:
                invitation = _invitation(request, captain)
                messages.success(request, _("Account created; send the captain the link below."))
            else:
                messages.success(request, _("Captain saved."))
                return redirect("team_edit", tournament_id=tournament.pk, team_id=team.pk)
    team = Team.objects.get(pk=team.pk)
    return _render_team(request, tournament, team, TeamForm(instance=team), form, invitation)


def _invitation(request: HttpRequest, user) -> str:
    """The one-time link that lets a new captain set their password."""
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    return request.build_absolute_uri(path)


@routes.post("teams/<int:team_id>/delete/", name="team_delete")
@tournament_arbiter_required
def team_delete(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """Delete a team entered by mistake (confirm=yes); one that has been paired stays."""
    team = _team(tournament, team_id)
    if request.POST.get("confirm") != "yes":
        form = TeamForm(instance=team)
        return _render_team(request, tournament, team, form, _captain_form(team), "", True)
    try:
        service.delete_team(request.user, team)
    except service.TeamError as error:
        return _back(request, tournament, error)
    return _back(request, tournament, done=_("Team %(name)s deleted.") % {"name": team.name})


@routes.post("teams/<int:team_id>/players/", name="team_member_add")
@tournament_arbiter_required
@once_per_submission
def member_add(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """Place an entered player, or a new one typed in, last in the team's board order."""
    team = _team(tournament, team_id)
    form = MemberForm(request.POST)
    if not form.is_valid():
        errors = [e for field in form.errors.values() for e in field]
        return _back(request, tournament, service.TeamError(" ".join(errors)), team=team)
    data = form.cleaned_data
    try:
        if data["entry"]:
            entry = get_object_or_404(Entry, pk=data["entry"], tournament=tournament)
            entry = service.add_member(request.user, team, entry)
        else:
            values = {
                "name": data["name"].strip(),
                "rating": data["rating"] or 0,
                "federation": data["federation"],
            }
            entry = service.add_new_member(request.user, team, values)
    except service.TeamError as error:
        return _back(request, tournament, error, team=team)
    done = _("%(name)s placed in %(team)s.") % {"name": entry.name, "team": team.name}
    return _back(request, tournament, done=done, team=team)


@routes.post("teams/<int:team_id>/players/<int:entry_id>/move/", name="team_member_move")
@tournament_arbiter_required
def member_move(
    request: HttpRequest, tournament: Tournament, team_id: int, entry_id: int
) -> HttpResponse:
    team = _team(tournament, team_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _back(
            request, tournament, service.TeamError(_("There is no such place.")), team=team
        )
    try:
        service.move_member(request.user, team, entry, form.cleaned_data["place"])
    except service.TeamError as error:
        return _back(request, tournament, error, team=team)
    return _back(request, tournament, team=team)


@routes.post("teams/<int:team_id>/players/<int:entry_id>/remove/", name="team_member_remove")
@tournament_arbiter_required
def member_remove(
    request: HttpRequest, tournament: Tournament, team_id: int, entry_id: int
) -> HttpResponse:
    team = _team(tournament, team_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    try:
        service.remove_member(request.user, team, entry)
    except service.TeamError as error:
        return _back(request, tournament, error, team=team)
    done = _("%(name)s taken off the team.") % {"name": entry.name}
    return _back(request, tournament, done=done, team=team)


# --- lineups ----------------------------------------------------------------------------------


def _round_asked(request: HttpRequest, tournament: Tournament) -> int:
    """The round of ?round=N (or the posted ``round``), else the next round to be paired."""
    number = _int(request.POST.get("round") or request.GET.get("round"), digits=3)
    if number is not None and number >= 1:
        return number
    return lineup_service.next_round_number(tournament)


class Shown:
    """A team's lineup of a round as a page shows it: the boards it plays with, whether they
    are the default (no lineup entered), the stored lineup's version and who entered it."""

    def __init__(self, team: Team, round_number: int, settings: TeamSettings, form=None):
        self.team = team
        self.stored: Lineup | None = lineup_service.stored(team, round_number)
        self.boards = lineup_for(team, round_number, settings)
        self.default = self.stored is None
        self.version = self.stored.version if self.stored else 0
        self.bye = bye_service.requested_bye(team, round_number)
        players = team.members.filter(withdrawn=False).order_by("team_board")
        initial = {"team": team.pk, "round": round_number, "version": self.version}
        for board, entry in enumerate(self.boards, start=1):
            initial[f"board-{board}"] = str(entry.pk) if entry else ""
        self.form = form or LineupForm(
            initial=initial, boards=settings.boards, players=list(players)
        )


def _submit(request, tournament, team, who) -> tuple[LineupForm, bool]:
    settings = service.settings_of(tournament)
    players = list(team.members.filter(withdrawn=False).order_by("team_board"))
    form = LineupForm(request.POST, boards=settings.boards, players=players)
    if not form.is_valid():
        return form, False
    if form.cleaned_data["team"] != team.pk:
        form.add_error(None, _("This form is for another team."))
        return form, False
    try:
        lineup_service.submit_lineup(
            who,
            team,
            form.cleaned_data["round"],
            form.board_ids(),
            form.cleaned_data["version"],
        )
    except lineup_service.LineupError as error:
        for problem in error.problems:
            form.add_error(None, problem)
        return form, False
    return form, True


@routes.form("lineups/", name="lineups")
@tournament_arbiter_required
def lineups(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every team's lineup of a round (the next one unless ?round=N), each editable, and the
    round's deadline for the captains."""
    settings = service.settings_of(tournament)
    round_number = _round_asked(request, tournament)
    failed = None
    if request.method == "POST":
        team = tournament.teams.filter(pk=_int(request.POST.get("team"))).first()
        if team is None:
            messages.error(request, _("There is no such team."))
        else:
            who = lineup_service.Who(request.user, captain=False)
            form, saved = _submit(request, tournament, team, who)
            done = _("%(team)s's lineup saved.") % {"team": team.name}
            if request.htmx:
                item = Shown(team, round_number, settings, None if saved else form)
                context = {
                    "tournament": tournament,
                    "settings": settings,
                    "round_number": round_number,
                    "paired": lineup_service.is_round_paired(tournament, round_number),
                    "item": item,
                    "notice": done if saved else "",
                    "action": _lineups_url(tournament, round_number),
                }
                return render(request, "teams/lineups.html#team-lineup", context)
            if saved:
                messages.success(request, done)
                return redirect(_lineups_url(tournament, round_number))
            failed = (team.pk, form)
    shown = [
        Shown(team, round_number, settings, failed[1] if failed and failed[0] == team.pk else None)
        for team in tournament.teams.order_by("number", "name")
    ]
    deadline = lineup_service.deadline_of(tournament, round_number)
    context = {
        "tournament": tournament,
        "settings": settings,
        "round_number": round_number,
        "paired": lineup_service.is_round_paired(tournament, round_number),
        "shown": shown,
        "deadline": deadline,
        "action": _lineups_url(tournament, round_number),
    }
    return render(request, "teams/lineups.html", context, status=200)


def _lineups_url(tournament: Tournament, round_number: int) -> str:
    return f"{reverse('lineups', args=[tournament.pk])}?round={round_number}"


def _int(raw, digits: int = 17) -> int | None:
    """A number of at most ``digits`` ASCII digits, else None."""
    raw = raw or ""
    return int(raw) if re.fullmatch(rf"[0-9]{{1,{digits}}}", raw) else None


@routes.post("lineups/deadline/", name="lineup_deadline")
@tournament_arbiter_required
def lineup_deadline(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = DeadlineForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the round and a date and time."))
        return redirect("lineups", tournament_id=tournament.pk)
    number = form.cleaned_data["round"]
    lineup_service.set_deadline(request.user, tournament, number, form.cleaned_data["closes_at"])
    messages.success(request, _("Deadline saved."))
    return redirect(_lineups_url(tournament, number))


# --- requested byes and withdrawals -----------------------------------------------------------


@routes.post("lineups/bye/", name="team_bye")
@tournament_arbiter_required
def team_bye(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Record (or take back) a team's requested bye in a round not yet paired (docs/teams.md,
    "Requested byes and withdrawals of teams"); over HTMX the team's bye form comes back."""
    form = TeamByeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a full-point, half-point or zero-point bye, or none."))
        return redirect("lineups", tournament_id=tournament.pk)
    data = form.cleaned_data
    team = _team(tournament, data["team"])
    error, done = None, ""
    try:
        kind = bye_service.request_bye(
            request.user, team, data["round"], data["kind"], expected=data["expected"]
        )
    except service.TeamError as refused:
        error = refused
    else:
        done = (
            _("%(team)s takes a bye in round %(number)s.")
            if kind
            else _("%(team)s plays round %(number)s (no bye).")
        ) % {"team": team.name, "number": data["round"]}
    if request.htmx:
        context = {
            "tournament": tournament,
            "round_number": data["round"],
            "team": team,
            "bye": bye_service.requested_bye(team, data["round"]),
            "bye_notice": {"level": "error" if error else "success", "text": str(error or done)},
        }
        return render(request, "teams/lineups.html#team-bye", context)
    if error is not None:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect(_lineups_url(tournament, data["round"]))


@routes.post("teams/<int:team_id>/withdraw/", name="team_withdraw")
@tournament_arbiter_required
def team_withdraw(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """Withdraw a team from a round not yet paired on (the confirm box ticked), its players
    too when asked; or take a withdrawal back (``cancel``)."""
    team = _team(tournament, team_id)
    form = WithdrawTeamForm(request.POST)
    if not form.is_valid():
        return _back(request, tournament, service.TeamError(_("Give the round.")), team=team)
    data = form.cleaned_data
    try:
        if request.POST.get("cancel") == "yes":
            bye_service.cancel_withdrawal(request.user, team, expected=data["expected"])
            done = _("%(team)s's withdrawal taken back.") % {"team": team.name}
        else:
            bye_service.withdraw_team(
                request.user,
                team,
                data["from_round"],
                expected=data["expected"],
                withdraw_players=data["withdraw_players"],
                confirm=data["confirm"],
            )
            done = _("%(team)s withdrawn from round %(number)s on.") % {
                "team": team.name,
                "number": data["from_round"],
            }
    except service.TeamError as error:
        return _back(request, tournament, error, team=team)
    return _back(request, tournament, done=done, team=team)


@captain_routes.form("lineup/", name="captain_lineup")
@captain_or_arbiter_required
def captain_lineup(request: HttpRequest, tournament: Tournament, team: Team) -> HttpResponse:
    """The captain's page: their team's lineup of the next round, before its deadline."""
    settings = service.settings_of(tournament)
    round_number = lineup_service.next_round_number(tournament)
    form = None
    status = 200
    if request.method == "POST":
        who = lineup_service.Who(request.user, captain=request.as_captain)
        form, saved = _submit(request, tournament, team, who)
        if saved:
            messages.success(
                request,
                _("Lineup of round %(number)s saved. Your team plays with the boards below.")
                % {"number": round_number},
            )
            return redirect("captain_lineup", tournament_id=tournament.pk, team_id=team.pk)
        status = 200
    shown = Shown(team, round_number, settings, form)
    deadline = lineup_service.deadline_of(tournament, round_number)
    closed = ""
    try:
        who = lineup_service.Who(request.user, captain=request.as_captain)
        lineup_service.check_open(tournament, team, round_number, who)
    except lineup_service.LineupError as error:
        closed = str(error)
    context = {
        "tournament": tournament,
        "team": team,
        "settings": settings,
        "round_number": round_number,
        "shown": shown,
        "deadline": deadline,
        "closed": closed,
        "as_captain": request.as_captain,
    }
    return render(request, "teams/captain_lineup.html", context, status=status)
