"""The pages the team systems share (docs/teams.md, "Rounds of team matches"): the pairing page
of a round of team matches (its draft edited team by team, published through the round
lifecycle's buttons), and the results of a round's matches, board by board, with each match's
score as its boards finish and its forfeit.

Each system's page is a :class:`SwappedPage` made by :func:`pairing_page` (its own URL name,
this module's template); HTMX swaps the ``team-round`` section, or one match's section on the
results page; without HTMX the forms post and the page comes back.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Game, Round, Team, TeamMatch, Tournament
from arbiter.core.services import results as result_service
from arbiter.platform.routes import Routes
from pairing.engines import team_match
from pairing.rounds.jobs import shown_pair_job
from pairing.rounds.services import ConfirmationNeeded, RoundError, draft_token
from pairing.rounds.swapped_page import SwappedPage, posted_int
from pairing.rounds.team_matches import round_board
from pairing.team_rounds import services

routes = Routes("arbiter/t/<int:tournament_id>/team-rounds/")


# --- the pairing page -------------------------------------------------------------------------


def _boards_of(match: TeamMatch, per_match: int) -> list[dict]:
    """The match's boards in order: the game, or the empty board, and the home team's colour."""
    colours = team_match.board_colours(per_match)
    games = {g.board - (match.table - 1) * per_match: g for g in match.games.all()}
    empty = {e.board: e for e in match.empty_boards.all()}
    rows = []
    for board in range(1, per_match + 1):
        rows.append(
            {
                "board": board,
                "number": round_board(match.table, board, per_match),
                "home_colour": colours[board - 1],
                "game": games.get(board),
                "empty": empty.get(board),
            }
        )
    return rows


def _matches(round_: Round, settings) -> list[TeamMatch]:
    matches = list(
        round_.team_matches.select_related("home", "away")
        .prefetch_related(
            "games__white", "games__black", "empty_boards__white", "empty_boards__black"
        )
        .order_by("table")
    )
    for match in matches:
        match.rows = _boards_of(match, settings.boards)
        match.score = services.match_score(match, settings)
        match.so_far = services.partial_score(match, settings)
    return matches


def round_context(tournament: Tournament) -> dict:
    """The pairing page: the draft of the next round, or the round to pair with the teams'
    lineups as they stand."""
    settings = services.settings_of(tournament)
    last = tournament.rounds.select_related("changed_by").order_by("-number").first()
    if last is not None and last.state == Round.State.DRAFT:
        return {
            "draft": last,
            "seen": draft_token(last),
            "settings": settings,
            "matches": _matches(last, settings),
            "team_byes": last.team_byes.select_related("team"),
            "warnings": services.edit_warnings(last),
            "teams": tournament.teams.order_by("number", "name"),
        }
    number = last.number + 1 if last else 1
    return {
        "last_round": last,
        "last_seen": draft_token(last) if last else "",
        "next_number": number,
        "settings": settings,
        "finished": bool(tournament.planned_rounds and number > tournament.planned_rounds),
        "teams": tournament.teams.order_by("number", "name"),
    }


def pairing_page(url_name: str) -> SwappedPage:
    """A team system's pairing page (its registry entry's ``round_page`` and ``swapped_page``)."""
    return SwappedPage(
        url_name,
        "pairing/team_round.html",
        "team-round",
        round_context,
        (RoundError,),
        job=shown_pair_job,
    )


def _confirmation(request: HttpRequest) -> str:
    return request.POST.get("confirmation", "")[:100]


def _draft_action(request, tournament: Tournament, number: int, change) -> HttpResponse:
    page = tournament.pairing_system.swapped_page
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None or not hasattr(page, "partial") or page.partial != "team-round":
        return redirect(reverse("rounds", args=[tournament.pk]))
    seen = request.POST.get("seen", "")
    return page.act(request, tournament, lambda: change(round_, seen))


def _team(tournament: Tournament, value) -> Team:
    """The tournament's team whose id a form sent; a refusal for the page otherwise."""
    team = Team.objects.filter(tournament=tournament, pk=posted_int(value)).first()
    if team is None:
        raise RoundError(gettext("Choose a team of this tournament."))
    return team


@routes.post("<int:number>/swap/", name="team_round_swap")
@tournament_arbiter_required
def swap(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Swap two teams of a draft (``first``, ``second``: team ids)."""
    return _draft_action(
        request,
        tournament,
        number,
        lambda round_, seen: services.swap_teams(
            request.user,
            round_,
            _team(tournament, request.POST.get("first")),
            _team(tournament, request.POST.get("second")),
            seen=seen,
            confirmation=_confirmation(request),
        ),
    )


@routes.post("<int:number>/first-team/", name="team_round_first")
@tournament_arbiter_required
def first_team(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Name ``team`` first at ``table`` of a draft (White on board 1)."""
    table = posted_int(request.POST.get("table"))
    return _draft_action(
        request,
        tournament,
        number,
        lambda round_, seen: services.set_first_team(
            request.user,
            round_,
            table,
            _team(tournament, request.POST.get("team")),
            seen=seen,
            confirmation=_confirmation(request),
        ),
    )


# --- results ----------------------------------------------------------------------------------


@routes.get("<int:number>/", name="team_results")
@tournament_arbiter_required
def results_page(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A round's matches, each board with its result buttons, each match with its score."""
    return _results(request, tournament, number)


def _results(request: HttpRequest, tournament: Tournament, number: int, **extra) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    settings = services.settings_of(tournament)
    return render(
        request,
        "pairing/team_results.html",
        {
            "tournament": tournament,
            "round": round_,
            "settings": settings,
            "matches": _matches(round_, settings),
            "team_byes": round_.team_byes.select_related("team"),
            "round_numbers": tournament.rounds.values_list("number", flat=True),
            **extra,
        },
    )


def _match_answer(request, tournament: Tournament, match_id: int, **extra) -> HttpResponse:
    """The match's section again (HTMX), or the results page with a message."""
    match = get_object_or_404(TeamMatch, pk=match_id, round__tournament=tournament)
    round_ = match.round
    if not request.htmx and "confirm_forfeit" in extra:
        return _results(request, tournament, round_.number, confirm_match=match.pk, **extra)
    if not request.htmx:
        if extra.get("error"):
            messages.error(request, extra["error"])
        elif extra.get("notice"):
            messages.success(request, extra["notice"])
        url = reverse("team_results", args=[tournament.pk, round_.number])
        return redirect(f"{url}#table-{match.table}")
    settings = services.settings_of(tournament)
    match = next(m for m in _matches(round_, settings) if m.pk == match.pk)
    context = {
        "tournament": tournament,
        "round": round_,
        "settings": settings,
        "match": match,
        "htmx_response": True,
    }
    return render(request, "pairing/team_results.html#match", {**context, **extra})


@routes.post("games/<int:game_id>/result/", name="team_board_result")
@tournament_arbiter_required
def board_result(request: HttpRequest, tournament: Tournament, game_id: int) -> HttpResponse:
    """One board's result (the result entry of every game, ``expected`` its stale check); the
    match's score follows."""
    game = get_object_or_404(
        Game, pk=game_id, round__tournament=tournament, team_match__isnull=False
    )
    try:
        saved = result_service.record_result(
            request.user,
            game,
            request.POST.get("result", "")[:3],
            request.POST.get("expected"),
            _confirmation(request),
        )
    except (
        result_service.ResultError,
        fide_mode.RefusedInFideMode,
        fide_mode.NeedsConfirmation,
    ) as error:
        return _match_answer(request, tournament, game.team_match_id, error=str(error))
    shown = saved.get_result_display() if saved.result else gettext("cleared")
    return _match_answer(
        request,
        tournament,
        game.team_match_id,
        notice=gettext("Board %(board)s: %(result)s.") % {"board": saved.board, "result": shown},
    )


@routes.post("matches/<int:match_id>/forfeit/", name="team_match_forfeit")
@tournament_arbiter_required
def match_forfeit(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """Forfeit (or, with "", clear the forfeit of) a whole match; a match with results on its
    boards asks first (``confirm=yes``)."""
    match = get_object_or_404(TeamMatch, pk=match_id, round__tournament=tournament)
    forfeit = request.POST.get("forfeit", "")[:2]
    try:
        services.forfeit_match(
            request.user,
            match,
            forfeit,
            expected=request.POST.get("expected"),
            confirm=request.POST.get("confirm") == "yes",
        )
    except ConfirmationNeeded as needs:
        return _match_answer(
            request,
            tournament,
            match_id,
            confirm_forfeit={"forfeit": forfeit, "lost": needs.lost},
            error=str(needs),
        )
    except RoundError as error:
        return _match_answer(request, tournament, match_id, error=str(error))
    return _match_answer(
        request, tournament, match_id, notice=gettext("Saved: the match's forfeit.")
    )
