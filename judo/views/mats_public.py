"""The public pages of a published competition: its home (categories and mats), each mat's
current bout and what comes next, and "when do I fight" for every competitor.

Like the tournaments' public pages they hold nothing about the visitor and are kept once per
version (arbiter/platform/public_live.py, scope "c<id>"), and poll for a newer one: the version of
what each shows (``judo.services.public_day``), so a score on one mat renders that mat's page
again, not the whole day's. A page reads the day with ``mats.day`` (a handful of queries
whatever its size), a mat's page and a competitor's card only the categories on that mat.
"""

from __future__ import annotations

import datetime
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string

from arbiter.core.models import Entry
from arbiter.platform.public_live import (
    HTML,
    keep,
    kept_names,
    live_page,
    not_modified,
    served,
)
from arbiter.platform.routes import Routes
from judo.models import Category
from judo.services import call_times, public_day
from judo.services import mats as service
from judo.services.competition import public_competition
from judo.views.mats import fought_summary, mat_number, route, sides, team_board
from judo.views.public_hint import not_published_hint
from pairing.knockout.services import sheet as sheet_of

routes = Routes("c/<int:competition_id>/")

#: The longest name search taken: longer queries are cut (names are at most 100 characters).
SEARCH_LENGTH = 100
#: The most competitors a search lists.
FOUND = 50


@routes.get("", name="public_competition")
@not_published_hint
def competition_home(request: HttpRequest, competition_id: int) -> HttpResponse:
    """The competition's name and date, its categories (each to its bracket) and its mats."""
    competition = public_competition(competition_id)
    competition.public_version = competition.versions.home(public_day.live(competition))

    def build() -> dict:
        today = service.day(competition)
        mats = [
            {"mat": mat, "now": service.on_the_mat(order)[0], "left": len(order)}
            for mat in range(1, competition.mats + 1)
            for order in [today.order(mat)]
        ]
        categories = [
            {"category": c, "drawn": today.sheets[c.pk].state is not None} for c in today.categories
        ]
        return {"categories": categories, "mats": mats, **_tabs(competition)}

    return live_page(
        request, competition, "public/competition/home.html", "home", {}, build, poll=True
    )


@routes.get("mats/<int:mat>/", name="public_mat")
@not_published_hint
def public_mat(request: HttpRequest, competition_id: int, mat: int) -> HttpResponse:
    """A mat's bout as it stands (its score), then the bouts to come with estimated times."""
    competition = public_competition(competition_id)
    mat = mat_number(competition, mat)
    competition.public_version = call_times.mat_version(competition, mat)

    def build() -> dict:
        today = service.day(competition, mat)
        order = today.order(mat)
        now, _after = service.on_the_mat(order)
        clock = call_times.clock()
        times = call_times.of_day(today, clock, mats=[mat])[mat]
        coming = []
        for called in order:
            if now is not None and called.position == now.position:
                continue
            sheet = today.sheets[called.category.pk]
            ms = called.match
            call = times.call(called.category.pk, ms.match.id)
            coming.append(
                {
                    "called": called,
                    **sides(sheet, ms),
                    "minutes": _minutes(called.start - (now.start if now else 0))
                    if call is None
                    else _until(call, clock),
                    "call": call,
                }
            )
        team, board = team_board(now, today)
        return {
            "mat": mat,
            "now": board,
            "team": team,
            "coming": coming,
            "times": times,
            **_tabs(competition),
        }

    return live_page(
        request,
        competition,
        "public/competition/mat.html",
        f"mat-{mat}",
        {},
        build,
        poll=True,
        topic=public_day.mat_topic(competition.pk, mat),
    )


@routes.get("fight/", name="public_fight_search")
@not_published_hint
def fight_search(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Find a competitor by part of their name; each one found links to their card.

    The search is one bounded query and a short list, made for each request and kept nowhere
    (it has its ETag, so a visitor asking again gets 304): what is kept is each competitor's
    card (by the competitor, :func:`fight_card`), so no text a visitor types makes a key in the
    shared cache."""
    competition = public_competition(competition_id)
    query = "".join(c for c in request.GET.get("q", "") if c.isprintable())[:SEARCH_LENGTH]
    query = " ".join(query.split())
    found = []
    if len(query) >= 2:
        found = list(
            Entry.objects.filter(
                tournament__category__competition=competition, name__icontains=query
            )
            .select_related("tournament__category")
            .order_by("name", "pk")[:FOUND]
        )
    etag = kept_names(
        competition.public_scope, competition.public_version, f"fight?{urlencode({'q': query})}"
    )[1]
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    context = {"competition": competition, "query": query, "found": found, **_tabs(competition)}
    page = render_to_string("public/competition/search.html", context)
    return served(request, keep(etag, page, HTML, {}), etag)


@routes.get("fight/<int:entry_id>/", name="public_fight")
@not_published_hint
def fight_card(request: HttpRequest, competition_id: int, entry_id: int) -> HttpResponse:
    """A competitor's day: their category, their next bout (where, when, and whether it is
    certain; "on the mat now" for the bout being fought), the bouts they fought with their
    scores, and their place once it is known. Kept under their mat's versions."""
    competition = public_competition(competition_id)
    entry = (
        Entry.objects.filter(pk=entry_id, tournament__category__competition=competition)
        .select_related("tournament__category")
        .first()
    )
    if entry is None:
        raise Http404("No such competitor in this competition.")
    category: Category = entry.tournament.category
    competition.public_version = call_times.mat_version(competition, category.mat)

    def build() -> dict:
        today = service.day(competition, category.mat) if category.mat else None
        sheet = today.sheets[category.pk] if today else sheet_of(entry.tournament)
        who = str(entry.pk)
        context = {
            "entry": entry,
            "category": category,
            "next": None,
            "fought": [],
            "place": None,
            **_tabs(competition),
        }
        if sheet.state is None:
            return context
        call = today.when(entry) if today else None
        if call is not None:
            ms = sheet.state[call.scheduled.bout]
            now, _after = service.on_the_mat(today.order(call.scheduled.mat))
            context["next"] = {
                "mat": call.scheduled.mat,
                "bout": call.scheduled.bout,
                "position": call.scheduled.position,
                "certain": call.certain,
                "route": route(sheet.state, ms, who),
                **sides(sheet, ms),
                "on_the_mat": now is not None and now.position == call.scheduled.position,
                "minutes": _minutes(call.scheduled.start - (now.start if now else 0)),
            }
            clock = call_times.clock()
            times = call_times.of_day(today, clock, mats=[call.scheduled.mat])[call.scheduled.mat]
            context["times"] = times
            if (at := times.call(category.pk, call.scheduled.bout)) is not None:
                context["next"].update(call=at, minutes=_until(at, clock))
        for ms in sheet.state.matches:
            if ms.status != "done" or who not in (ms.a, ms.b):
                continue
            other = ms.b if ms.a == who else ms.a
            kept = sheet.fought.get(ms.match.id)
            won = ms.winner == who
            context["fought"].append(
                {
                    "bout": ms.match.id,
                    "opponent": sheet.entries.get(other) if other else None,
                    "won": won,
                    "summary": fought_summary(kept.score if kept else "", won),
                }
            )
        context["place"] = next(
            (line for line, _entry in sheet.placings() if line.competitor == who and line.final),
            None,
        )
        return context

    return live_page(
        request,
        competition,
        "public/competition/fight.html",
        f"fight-{entry_id}",
        {},
        build,
        poll=True,
    )


def _tabs(competition) -> dict:
    return {"mat_numbers": range(1, competition.mats + 1)}


def _minutes(minutes: float) -> int:
    return max(0, round(minutes))


def _until(call: datetime.datetime, clock: datetime.datetime) -> int:
    """The whole minutes from `clock` to a bout's estimated `call` (0: due now)."""
    return _minutes((call - clock).total_seconds() / 60)
