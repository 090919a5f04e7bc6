"""Players' results (docs/venue.md, "Players' results"): the player's page behind their card's
secret, where they say how their game ended, and the arbiter's buttons on the boards waiting for
them (the round page of the desk shows them: templates/venue/_pending_claims.html).

Both answer HTMX with their fragment and a plain form with a page: the player's page again with
what happened (a refusal with its status: 400, 403, 409), the arbiter's round page with a
message.
"""

import time

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRefresh

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Entry, Game, Tournament
from arbiter.platform.routes import Routes
from arbiter.platform.views.auth import count_try, throttle_key
from arbiter.venue.access import card_required
from arbiter.venue.services import claims
from arbiter.venue.views.posted import posted_int

#: The player's pages, under their card's secret (public, in every language).
routes = Routes("card/<str:secret>/")
#: The arbiter's buttons.
arbiter_routes = Routes("arbiter/t/<int:tournament_id>/")

#: The longest ``seen`` a page posts (a board's state: the result and two claims).
SEEN_MAX = 100
#: How many words one card may post within ``LOGIN_LOCKOUT_SECONDS`` (a player gives one or two
#: a round): past it the card's posts are refused, so a script holding a card cannot fill the
#: audit log. Counted per card, not per address: a venue's phones share its Wi-Fi's address.
POSTS_PER_CARD = 30


@routes.form("result/", name="card_result")
@card_required
def card_result(request: HttpRequest, entry: Entry) -> HttpResponse:
    """GET: the player's game of the current round, what each player said of it, and the
    buttons. POST: the player's word (``result``: win, draw, loss, or withdraw) on ``game``."""
    answer, status = None, 200
    if request.method == "POST":
        answer, status = _give(request, entry)
    card = claims.current_game(entry)
    context = {
        "entry": entry,
        "tournament": entry.tournament,
        "secret": request.resolver_match.kwargs["secret"],
        "card": card,
        "answer": answer,
        "error": status != 200,
        "on": claims.players_results_on(entry.tournament_id),
    }
    if request.htmx:
        # htmx swaps 2xx answers only: the refusal is in the fragment, said as an alert.
        return render(request, "venue/card_result.html#card-result", context)
    return render(request, "venue/card_result.html", context, status=status)


def _give(request: HttpRequest, entry: Entry) -> tuple[str, int]:
    """The player's word saved (or refused): what to tell them, and the status."""
    if count_try(throttle_key("card-posts", str(entry.pk)), time.time()) > POSTS_PER_CARD:
        return (
            _("Too many results sent from this card: wait a few minutes, or ask the arbiter."),
            429,
        )
    game_id = posted_int(request.POST.get("game")) or 0  # 0: no game, refused as another's
    saying = request.POST.get("result", "")[:20]
    seen = request.POST.get("seen", "")[:SEEN_MAX]
    try:
        if saying == "withdraw":
            outcome = claims.withdraw(entry, game_id, seen=seen)
        else:
            outcome = claims.claim(entry, game_id, saying, seen=seen)
    except claims.ClaimError as refused:
        return str(refused), refused.status
    return _said(outcome), 200


def _said(outcome: claims.Outcome) -> str:
    game = outcome.game
    if outcome.state == claims.ENTERED:
        return _("Entered: board %(board)s, %(result)s.") % {
            "board": game.board,
            "result": game.get_result_display(),
        }
    if outcome.state == claims.WITHDRAWN:
        return _("Your result is taken back.")
    if outcome.state == claims.CONFLICT:
        return _("Your opponent gave another result: the arbiter decides.")
    return _("Saved: waiting for your opponent or the arbiter.")


@arbiter_routes.post("games/<int:game_id>/claims/", name="decide_claims")
@tournament_arbiter_required
def decide_claims(request: HttpRequest, tournament: Tournament, game_id: int) -> HttpResponse:
    """The arbiter's word on a board the players spoke of: ``verdict`` is a result code (one of
    the claims, or another) or "reject"; ``seen`` the board as the page showed it."""
    game = get_object_or_404(Game, pk=game_id, round__tournament=tournament)
    verdict = request.POST.get("verdict", "")[:10]
    seen = request.POST.get("seen", "")[:SEEN_MAX]
    error = None
    try:
        outcome = claims.decide(request.user, game, verdict, seen=seen)
        game = outcome.game
    except claims.ClaimError as refused:
        error = str(refused)
    game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
    if request.htmx and error is None:
        # The round's table shows the result: the page is drawn again.
        return HttpResponseClientRefresh()
    if request.htmx:
        boards = claims.pending(tournament, game.round)
        board = next((b for b in boards if b.game.pk == game.pk), None)
        context = {"tournament": tournament, "board": board, "game": game, "error": error}
        return render(request, "venue/_pending_claims.html#pending-board", context)
    if error:
        messages.error(request, error)
    else:
        shown = game.get_result_display() if game.result else _("claims rejected")
        messages.success(
            request, _("Board %(board)s: %(result)s.") % {"board": game.board, "result": shown}
        )
    url = reverse("round_detail", args=[tournament.pk, game.round.number])
    return redirect(f"{url}#claims-{game.board}")
