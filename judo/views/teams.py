"""The arbiter's pages of a competition day's team events (docs/competition.md "Team
matches"): the team categories, a category's teams and their athletes (with their weights),
and each match's line-ups. The bouts are scored on the mat-side page (judo/views/mats.py).

Every form that changes a match carries the version the page showed (``seen``) and is refused
with nothing saved when it changed since; every input is bounded and a refusal is a message,
never a 500.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from arbiter.core.once import once_per_submission
from arbiter.platform.routes import Routes
from judo.access import competition_arbiter_required
from judo.forms import TeamEventForm, TeamForm, TeamMemberForm, WeightField
from judo.models import Category, Competition, TeamMember
from judo.services import teams as service
from judo.services.competition import CompetitionError
from pairing.knockout import services as knockout

routes = Routes("arbiter/c/<int:competition_id>/teams/")


def _whole(text: str) -> int | None:
    """A whole number from a form: ASCII digits only, at most 9 of them."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _category(competition: Competition, category_id: int) -> Category:
    category = (
        competition.categories.select_related("tournament", "team_event")
        .filter(pk=category_id, team=True)
        .first()
    )
    if category is None:
        raise Http404("No such team category.")
    return category


@routes.form("", name="competition_teams")
@competition_arbiter_required
@once_per_submission
def index(request: HttpRequest, competition: Competition) -> HttpResponse:
    """The team categories, each to its page, and the form that adds one."""
    form = TeamEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            category = service.create_team_category(request.user, competition, **data)
        except CompetitionError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(category)s added.") % {"category": category.label})
            return redirect("team_category", competition_id=competition.pk, category_id=category.pk)
    categories = competition.categories.filter(team=True).select_related("team_event")
    return render(
        request,
        "pairing/competition/teams.html",
        {"competition": competition, "categories": categories, "form": form},
    )


@routes.form("<int:category_id>/", name="team_category")
@competition_arbiter_required
@once_per_submission
def category_page(request: HttpRequest, competition: Competition, category_id: int) -> HttpResponse:
    """A team category: its teams with their athletes (weighed class each), the forms that add
    a team, an athlete or a weight, and the matches of its bracket with their line-ups."""
    category = _category(competition, category_id)
    team_form = TeamForm(request.POST if request.POST.get("add") == "team" else None)
    member_form = TeamMemberForm(
        request.POST if request.POST.get("add") == "member" else None, category=category
    )
    if request.method == "POST":
        try:
            done = _category_post(request, category, team_form, member_form)
        except CompetitionError as error:
            messages.error(request, str(error))
            done = None
        if done:
            messages.success(request, done)
            return redirect("team_category", competition_id=competition.pk, category_id=category.pk)
    return render(
        request,
        "pairing/competition/team_category.html",
        _category_context(competition, category, team_form, member_form),
    )


def _category_post(request, category, team_form, member_form) -> str | None:
    what = request.POST.get("add", "")
    if what == "team" and team_form.is_valid():
        team = service.add_team(request.user, category, team_form.cleaned_data)
        return _("%(name)s entered.") % {"name": team.name}
    if what == "member" and member_form.is_valid():
        data = member_form.cleaned_data
        member = service.add_member(
            request.user, data["team"], name=data["name"], sex=data["sex"], weight=data["weight"]
        )
        return _("%(name)s added to %(team)s.") % {"name": member.name, "team": member.team.name}
    if what == "weight":
        pk = _whole(request.POST.get("member", ""))
        member = TeamMember.objects.filter(pk=pk, team__tournament=category.tournament_id).first()
        if member is None:
            raise CompetitionError(_("No such athlete in this category."))
        try:
            weight = WeightField().clean(request.POST.get("weight", "")[:10])
        except ValidationError as error:
            raise CompetitionError(" ".join(error.messages)) from None
        if weight is None:
            raise CompetitionError(_("Give the weight in kg, e.g. 73.4."))
        member = service.weigh_member(request.user, member, weight)
        return _("%(name)s weighed %(weight)s kg.") % {"name": member.name, "weight": member.weight}
    return None


def _category_context(competition, category, team_form, member_form) -> dict:
    event = category.team_event
    sheet = knockout.sheet(category.tournament)
    members: dict[int, list] = {}
    for member in TeamMember.objects.filter(team__tournament=category.tournament_id):
        members.setdefault(member.team_id, []).append(
            {"member": member, "weighed": service.weighed_class(event, member)}
        )
    matches = []
    if sheet.state is not None:
        for ms in sheet.state.matches:
            if ms.status in ("ready", "done"):
                matches.append(
                    {
                        "ms": ms,
                        "a": sheet.entries.get(ms.a),
                        "b": sheet.entries.get(ms.b),
                        "winner": sheet.entries.get(ms.winner) if ms.winner else None,
                    }
                )
    teams = [
        {"team": e, "members": members.get(e.pk, [])}
        for e in sorted(sheet.entries.values(), key=lambda e: e.name)
    ]
    return {
        "competition": competition,
        "category": category,
        "event": event,
        "order": service.bout_order(event),
        "teams": teams,
        "matches": matches,
        "drawn": sheet.state is not None,
        "team_form": team_form,
        "member_form": member_form,
    }


@routes.form("<int:category_id>/match/<int:match>/", name="team_lineup")
@competition_arbiter_required
def lineup(
    request: HttpRequest, competition: Competition, category_id: int, match: int
) -> HttpResponse:
    """A match's two line-ups: for each class an athlete of the team or nobody; eligibility
    (weighed class, or one up when allowed) checked when saved."""
    category = _category(competition, category_id)
    try:
        current = service.match_of(category, match)
    except CompetitionError as error:
        raise Http404(str(error)) from None
    if current.a is None or current.b is None:
        raise Http404("This match waits for its teams.")
    error = None
    if request.method == "POST":
        side = request.POST.get("side", "")
        seen = _whole(request.POST.get("seen", ""))
        chosen = {}
        for code in current.event.classes:
            value = request.POST.get(f"class-{code}", "")
            chosen[code] = _whole(value) if value else None
        try:
            if seen is None or side not in ("a", "b"):
                raise CompetitionError(_("This page did not say which line-up: load it again."))
            if any(v is None and request.POST.get(f"class-{c}") for c, v in chosen.items()):
                raise CompetitionError(_("Not an athlete of the team."))
            service.set_lineup(request.user, category, match, side, chosen, seen=seen)
        except CompetitionError as refused:
            error = str(refused)
        else:
            team = current.a if side == "a" else current.b
            messages.success(request, _("Line-up of %(team)s saved.") % {"team": team.name})
            return redirect(
                "team_lineup", competition_id=competition.pk, category_id=category.pk, match=match
            )
        current = service.match_of(category, match)
    sides = []
    for side, team in (("a", current.a), ("b", current.b)):
        members = list(TeamMember.objects.filter(team=team))
        handed_in = side in (current.row.lineups_in if current.row else "")
        rows = [
            {
                "code": code,
                "chosen": current.lineup[side].get(code)
                if handed_in
                else _proposed(current.event, members, code),
                "members": [m for m in members if m.sex == code[0]],
            }
            for code in service.bout_order(current.event)
        ]
        sides.append(
            {
                "side": side,
                "team": team,
                "rows": rows,
                "in": handed_in,
            }
        )
    return render(
        request,
        "pairing/competition/team_lineup.html",
        {
            "competition": competition,
            "category": category,
            "current": current,
            "sides": sides,
            "seen": current.row.version if current.row else 0,
            "error": error,
        },
    )


def _proposed(event, members: list[TeamMember], code: str) -> TeamMember | None:
    """Before a line-up is handed in, each class proposes the first athlete weighed into it
    (the arbiter changes what the team's coach hands in)."""
    return next((m for m in members if service.weighed_class(event, m) == code), None)
