"""A player's own card, opened by its secret (the QR code printed for them; docs/venue.md,
"Cards"): who they are, their pairing or next bout, the link to their public card, and what the
tournament lets them do from it: check in for the next round here, and what the other parts of
the players' side add (their results, notifications: ``venue/_card_results.html``,
``venue/_card_notify.html``, given ``entry``, ``tournament``, ``settings`` and ``secret``).

Plain forms: every write carries the CSRF token, sets a state (in or out, never a toggle, so a
double click changes nothing more) and names the round the page showed (a page left open while
the round was paired is refused, saying which round is open now). A refusal shows the card again
with the reason (409); a change goes back to the card (a redirect, so a reload posts nothing again).
"""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from arbiter.core.models import Bye, Entry, Game, Round
from arbiter.platform.routes import Routes
from arbiter.venue.access import card_required
from arbiter.venue.services.check_in import (
    CheckInRefused,
    attendance,
    check_in_from_card,
)
from arbiter.venue.services.switches import settings_of
from arbiter.venue.views.posted import posted_int
from judo.services import mats

public_routes = Routes("card/<str:secret>/")

PUBLISHED = (Round.State.PUBLISHED, Round.State.COMPLETE)


def _pairing(entry: Entry) -> dict | None:
    """The player's game or bye in the last published round (two queries)."""
    round_ = entry.tournament.rounds.filter(state__in=PUBLISHED).order_by("-number").first()
    if round_ is None:
        return None
    game = (
        Game.objects.filter(Q(white=entry) | Q(black=entry), round=round_)
        .select_related("white", "black")
        .first()
    )
    if game is not None:
        white = game.white_id == entry.pk
        return {
            "round": round_.number,
            "board": game.board,
            "colour": "w" if white else "b",
            "opponent": game.black if white else game.white,
            "result": game.result,
        }
    bye = Bye.objects.filter(round=round_, entry=entry).first()
    return {"round": round_.number, "bye": bye.get_kind_display() if bye else None}


def _next_bout(entry: Entry, category) -> dict | None:
    """A competitor's next bout, as "when do I fight" gives it: the mat, the place in its
    order, whether it is certain, and the minutes until it (None: none to come, or the category
    is not on a mat yet)."""
    if not category.mat:
        return None
    today = mats.day(category.competition, category.mat)
    call = today.when(entry)
    if call is None:
        return None
    now, _after = mats.on_the_mat(today.order(call.scheduled.mat))
    return {
        "mat": call.scheduled.mat,
        "position": call.scheduled.position,
        "certain": call.certain,
        "on_the_mat": now is not None and now.position == call.scheduled.position,
        "minutes": max(0, round(call.scheduled.start - (now.start if now else 0))),
    }


def _public_link(entry: Entry) -> str:
    """The player's public card, when it is published: a fighter's "when do I fight", a
    player's card."""
    tournament = entry.tournament
    category = getattr(tournament, "category", None)
    if category is not None:
        if not category.competition.is_published:
            return ""
        return reverse("public_fight", args=[category.competition_id, entry.pk])
    if not tournament.is_published:
        return ""
    return reverse("player_card", args=[tournament.pk, entry.pk])


def card_context(entry: Entry, secret: str) -> dict:
    tournament = entry.tournament
    switches = settings_of(tournament)
    category = getattr(tournament, "category", None)
    return {
        "entry": entry,
        "tournament": tournament,
        "settings": switches,
        "secret": secret,
        "category": category,
        "pairing": None if category is not None else _pairing(entry),
        "next_bout": _next_bout(entry, category) if category is not None else None,
        "public_link": _public_link(entry),
        "attendance": attendance(tournament) if switches.self_check_in else None,
    }


@public_routes.get("", name="venue_card")
@card_required
def card(request: HttpRequest, entry: Entry) -> HttpResponse:
    """The player's card."""
    return render(request, "venue/card.html", card_context(entry, request_secret(request)))


def request_secret(request: HttpRequest) -> str:
    """The secret of the address (the decorator gives the view the player instead)."""
    return request.resolver_match.kwargs["secret"]


@public_routes.post("check-in/", name="venue_card_check_in")
@card_required
def check_in(request: HttpRequest, entry: Entry) -> HttpResponse:
    """Check in for the round the page showed (``round``), or out again (``present=no``)."""
    secret = request_secret(request)
    present = request.POST.get("present", "yes") != "no"
    number = posted_int(request.POST.get("round"))
    try:
        if number is None:
            raise CheckInRefused(_("The page sent no round: look at your card again."))
        check_in_from_card(entry, present, number)
    except CheckInRefused as error:
        context = card_context(entry, secret) | {"refused": str(error)}
        return render(request, "venue/card.html", context, status=409)
    return redirect(reverse("venue_card", kwargs={"secret": secret}) + "#check-in")
