"""The arbiter's rounds: the list, a round's boards, and entering results (HTMX, plain fallback)."""

from django.contrib import messages
from django.db import InterfaceError, OperationalError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from arbiter.core import fide_mode
from arbiter.core.access import tournament_arbiter_required
from arbiter.core.links import url_for_ids
from arbiter.core.models import Game, Round, Tournament
from arbiter.core.pairing_lists import pairings
from arbiter.core.services import results as service
from arbiter.core.standings import ZERO, points_before
from arbiter.platform.routes import Routes
from arbiter.venue.services import claims
from pairing.engines import results

routes = Routes("arbiter/t/<int:tournament_id>/")


@routes.get("rounds/", name="rounds")
@tournament_arbiter_required
def rounds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every round with its state and how many of its games have a result."""
    if not tournament.pairing_system.has_rounds:
        return _no_rounds(request, tournament)
    round_list = tournament.rounds.annotate(
        game_count=Count("games"),
        result_count=Count("games", filter=~Q(games__result="")),
        pending_claims=claims.pending_boards(of="round"),
    ).order_by("number")
    return render(request, "arbiter/rounds.html", {"tournament": tournament, "rounds": round_list})


@routes.get("rounds/<int:number>/", name="round_detail")
@tournament_arbiter_required
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The boards in board order with a result control each, then the byes."""
    if not tournament.pairing_system.has_rounds:
        return _no_rounds(request, tournament)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    games, byes = pairings(tournament, round_)
    _add_result_urls(tournament, games)
    return render(
        request,
        "arbiter/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "games": games,
            "byes": byes,
            "round_numbers": tournament.rounds.values_list("number", flat=True),
            # the results players gave from their cards, waiting for the arbiter (venue room)
            "pending": claims.pending(tournament, round_) if round_.state != "draft" else [],
        },
    )


def _add_result_urls(tournament: Tournament, games: list[Game]) -> None:
    """Where each board's result form posts (one `reverse` for the whole round)."""
    result_url = url_for_ids("record_result", tournament.pk)
    for game in games:
        game.result_url = result_url(game.pk)


def _no_rounds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A system without rounds (a knockout category) has its own page instead: go there, and
    say why."""
    page = tournament.pairing_system.arbiter_pages[0]
    messages.info(
        request,
        _("This category has no rounds: its bouts are on the %(page)s page.")
        % {"page": page.label},
    )
    return redirect(reverse(page.url_name, args=[tournament.pk, *page.args]))


@routes.post("games/<int:game_id>/result/", name="record_result")
@tournament_arbiter_required
def record_result(request: HttpRequest, tournament: Tournament, game_id: int) -> HttpResponse:
    """Save one board's result (empty clears it); HTMX swaps only that board's row."""
    game = get_object_or_404(Game, pk=game_id, round__tournament=tournament)
    error = None
    try:
        game = service.record_result(
            request.user,
            game,
            request.POST.get("result", ""),
            request.POST.get("expected"),
            request.POST.get("confirmation", ""),
        )
    except fide_mode.NeedsConfirmation as needs:
        return _confirm_result(request, tournament, game, needs)
    except (service.ResultError, fide_mode.RefusedInFideMode) as exception:
        error = str(exception)
        game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
    try:
        return _result_answer(request, tournament, game, error)
    except (OperationalError, InterfaceError):
        if error is not None:
            raise
        return _saved_but_not_shown(request, tournament, game, row=True)


def _confirm_result(request, tournament: Tournament, game: Game, needs) -> HttpResponse:
    """The rules' warnings on the result (a non-draw result of an adjourned game, Q163) and the
    form that posts it again, confirmed: in the board's row (HTMX), or on a page of their own."""
    game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
    _add_result_urls(tournament, [game])
    context = {
        "tournament": tournament,
        "round": game.round,
        "game": game,
        "action": game.result_url,
        "cancel": reverse("round_detail", args=[tournament.pk, game.round.number]),
        **fide_mode.repost(request.POST, needs),
    }
    if request.htmx:
        before = points_before(tournament, game.round.number)
        game.white_points = before.get(game.white_id, ZERO)
        game.black_points = before.get(game.black_id, ZERO)
        return render(request, "arbiter/round.html#board-row", context)
    return render(request, "arbiter/confirm.html", context)


def _result_answer(request, tournament: Tournament, game: Game, error: str | None):
    """The board's row (HTMX), or back to the round page with a message."""
    if request.htmx:
        before = points_before(tournament, game.round.number)
        game.white_points = before.get(game.white_id, ZERO)
        game.black_points = before.get(game.black_id, ZERO)
        _add_result_urls(tournament, [game])
        context = {
            "tournament": tournament,
            "round": game.round,
            "game": game,
            "error": error,
            "saved": error is None,
            "htmx_response": True,
        }
        return render(request, "arbiter/round.html#board-row", context)
    if error:
        messages.error(request, error)
    else:
        shown = _shown(game)
        messages.success(
            request, _("Board %(board)s: %(result)s.") % {"board": game.board, "result": shown}
        )
    url = reverse("round_detail", args=[tournament.pk, game.round.number])
    return redirect(f"{url}#board-{game.board}")


@routes.post("rounds/<int:number>/result/", name="quick_result")
@tournament_arbiter_required
def quick_result(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Keyboard entry: board number, result, Enter. The page sends the result it shows on that
    board (``expected``), so a correction replaces what the arbiter saw and a board changed by
    someone else meanwhile is refused; a plain form (no ``expected``) never overwrites one."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    board = request.POST.get("board", "").strip()
    typed = request.POST.get("result", "").strip()
    outcome = results.from_keys(typed)
    result = outcome.code if outcome else typed
    game = round_.games.select_related("white", "black").filter(board=_number(board)).first()
    error = None
    if game is None:
        error = (
            _("Round %(number)s has no board %(board)s.") % {"number": number, "board": board}
            if board
            else _("Round %(number)s: which board? None was given.") % {"number": number}
        )
    else:
        try:
            expected = request.POST.get("expected", "")
            game = service.record_result(request.user, game, result, expected=expected)
        except (service.ResultError, fide_mode.RefusedInFideMode) as exception:
            error = str(exception)
        except fide_mode.NeedsConfirmation as needs:
            error = str(needs) + " " + _("Enter it with the board's buttons to confirm it.")
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(
                request,
                _("Board %(board)s: %(result)s.") % {"board": game.board, "result": _shown(game)},
            )
        return redirect(reverse("round_detail", args=[tournament.pk, number]))
    context = {"tournament": tournament, "round": round_, "quick_error": error}
    if game is not None and error is None:
        try:
            return _quick_answer(request, tournament, round_, game, context)
        except (OperationalError, InterfaceError):
            return _saved_but_not_shown(request, tournament, game, row=False)
    return render(request, "arbiter/round.html#quick-entry-answer", context)


def _quick_answer(request, tournament: Tournament, round_: Round, game: Game, context: dict):
    """The board saved by keyboard entry, its row and the round's state (HTMX)."""
    round_.refresh_from_db()
    before = points_before(tournament, round_.number)
    game.white_points = before.get(game.white_id, ZERO)
    game.black_points = before.get(game.black_id, ZERO)
    _add_result_urls(tournament, [game])
    context.update(game=game, round=round_, quick_saved=game, htmx_response=True)
    return render(request, "arbiter/round.html#quick-entry-answer", context)


def _saved_but_not_shown(request, tournament: Tournament, game: Game, *, row: bool):
    """The result was committed, then the database went away before the page could be drawn
    again (a restart, a dropped connection): say what was saved rather than answer 500."""
    shown = _shown(game)
    text = _(
        "Board %(board)s: %(result)s saved. The page could not be brought up to date (the "
        "database connection was lost): reload it in a moment."
    ) % {"board": game.board, "result": shown}
    if not request.htmx:
        messages.warning(request, text)
        url = reverse("round_detail", args=[tournament.pk, game.round.number])
        return redirect(f"{url}#board-{game.board}")
    if row:
        return HttpResponse(
            format_html('<tr id="board-{}"><td colspan="11" role="status">{}</td></tr>',
                        game.board, text)
        )  # fmt: skip
    return HttpResponse(format_html('<li class="muted" role="status">{}</li>', text))


def _shown(game: Game) -> str:
    """A saved board's entry in words."""
    if game.adjourned:
        return _("adjourned")
    return game.get_result_display() if game.result else _("cleared")


def _number(text: str) -> int:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 0
