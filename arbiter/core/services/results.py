"""Entering the results of a round's games; the round completes when every board has one or is
adjourned (docs/fide-mode.md, "Adjourned games")."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.models import Game, Round, Tournament
from arbiter.core.services.audit import record, save_recorded
from pairing.engines import results


class ResultError(Exception):
    """A result the app cannot take; the message is for the arbiter."""


@transaction.atomic
def record_result(
    user, game: Game, result: str, expected: str | None = None, confirmation: str = ""
) -> Game:
    """Set (or, with "", clear) the result of a game of a published or complete round, or, with
    ``Game.ADJOURNED``, mark the game adjourned (FIDE's checklist Q157); an adjourned game takes
    its result at any time (Q162), a result other than a draw behind a level-3 confirmation that
    writes ``### Adjournment @ Round n`` into the TRF (Q163).

    ``expected`` is what the arbiter saw on the board when they chose theirs (``Game.entered``):
    when another arbiter has changed the board since, nothing is written and the error says what
    the board holds now.

    The same result again changes nothing and writes nothing to the audit log. The round becomes
    complete with its last result (or adjournment) and goes back to published when one is
    cleared.
    """
    if result not in ("", Game.ADJOURNED) and results.from_code(result) is None:
        codes = ", ".join(r.code for r in results.RESULTS)
        raise ResultError(
            gettext("'%(result)s' is not a result. Use %(codes)s.")
            % {"result": result, "codes": codes}
        )
    # The tournament, the round, then the game: the one lock order of every change
    # (pairing/rounds/services.py), so entering a result while the round is deleted never
    # deadlocks. The round's lock makes the last two results of a round, entered at once, see
    # each other.
    where = Round.objects.filter(pk=game.round_id).values("number", "tournament_id").first()
    if where is None:
        raise ResultError(
            gettext("That round no longer exists: it was deleted while you entered the result.")
        )
    round_number = where["number"]
    Tournament.objects.select_for_update().get(pk=where["tournament_id"])
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .filter(pk=game.round_id)
        .first()
    )
    if round_ is None:
        raise ResultError(
            gettext(
                "Round %(round_number)s no longer exists: it was deleted while you entered the "
                "result."
            )
            % {"round_number": round_number}
        )
    if round_.state == Round.State.DRAFT:
        raise ResultError(
            gettext(
                "Round %(round_number)s is still a draft: publish its pairings before entering "
                "results."
            )
            % {"round_number": round_.number}
        )
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("white", "black")
        .filter(pk=game.pk)
        .first()
    )
    if game is None:
        raise ResultError(
            gettext("Round %(round_number)s was paired again: that board is gone.")
            % {"round_number": round_number}
        )
    game.round = round_
    if game.entered == result:
        return game
    _check_correctable(round_, game)
    if expected is not None and game.entered != expected:
        now = _shown(game)
        raise ResultError(
            gettext(
                "Board %(board)s changed under you: it now says %(result)s. "
                "Check it and enter your result again if it is still needed."
            )
            % {"board": game.board, "result": now}
        )
    note = _adjournment(round_, game, result, confirmation)
    before = {"result": game.result, **({"adjourned": True} if game.adjourned else {})}
    game.result = "" if result == Game.ADJOURNED else result
    game.adjourned = result == Game.ADJOURNED
    game.save(update_fields=["result", "adjourned"])
    shown = game.get_result_display() if game.result else "cleared"
    record(
        user,
        round_.tournament,
        "result.adjourn" if game.adjourned else "result.record",
        f"Round {round_.number}, board {game.board}, {game.white.name} against {game.black.name}: "
        + ("adjourned" if game.adjourned else shown),
        before=before,
        after={"result": game.result, **({"adjourned": True} if game.adjourned else {})},
        trf_note=note,
    )
    _update_round_state(user, round_)
    return game


def _check_correctable(round_: Round, game: Game) -> None:
    """FIDE mode corrects the results of the current round and the previous one only; an
    older result stands unless the tournament leaves FIDE mode (checklist Q189-Q191, level 5).
    A board still without a result takes one in any round."""
    tournament = round_.tournament
    if not tournament.fide_mode or game.result == "":
        return
    current = tournament.rounds.exclude(state=Round.State.DRAFT).aggregate(last=Max("number"))
    if round_.number >= (current["last"] or 0) - 1:
        return
    old = gettext(
        "Round %(number)s is older than the previous round: its results can no longer be corrected."
    ) % {"number": round_.number}
    try:
        fide_mode.require(True, [fide_mode.RuleWarning(fide_mode.Level.REFUSE, old)])
    except fide_mode.RefusedInFideMode as refused:
        raise ResultError(str(refused)) from refused


def _shown(game: Game) -> str:
    """What the board holds, in words."""
    if game.adjourned:
        return gettext("adjourned")
    return game.get_result_display() if game.result else gettext("no result")


def _adjournment(round_: Round, game: Game, result: str, confirmation: str) -> str:
    """The adjourned branch of :func:`record_result`: only a game without a result is adjourned;
    the result of an adjourned game other than a draw (C.04.2 treats the game as a draw for the
    pairings made meanwhile) asks for a level-3 confirmation (Q163). Returns the ``###`` record
    that result writes into the TRF, "" for any other entry."""
    if result == Game.ADJOURNED and game.result:
        raise ResultError(
            gettext(
                "Board %(board)s has a result (%(result)s): clear it before marking the game "
                "adjourned."
            )
            % {"board": game.board, "result": game.get_result_display()}
        )
    outcome = results.from_code(result)
    if not game.adjourned or outcome is None or outcome == results.DRAW_GAME:
        return ""
    note = fide_mode.trf_note(
        "Adjournment",
        round_.number,
        f"board {game.board}, {game.white.starting_number} {game.white.name} - "
        f"{game.black.starting_number} {game.black.name} {outcome.ascii}",
    )
    warning = fide_mode.RuleWarning(
        fide_mode.Level.CONFIRM,
        gettext(
            "Board %(board)s of round %(round)s was adjourned, and the rounds paired since "
            "counted it as a draw: %(result)s changes the scores they were paired on."
        )
        % {"board": game.board, "round": round_.number, "result": outcome.label},
        note,
    )
    fide_mode.require(round_.tournament.fide_mode, [warning], confirmation)
    return note


@transaction.atomic
def adjourn_unfinished(user, round_: Round) -> list[Game]:
    """Mark adjourned every game of ``round_`` still without a result (the pairing of the next
    round does it, behind a level-2 warning listing them: FIDE's checklist Q159-160); the round
    is then complete. Returns the games, in board order. The caller holds the tournament's
    lock."""
    games = list(
        round_.games.select_related("white", "black")
        .filter(result="", adjourned=False)
        .order_by("board")
    )
    if not games:
        return games
    round_.games.filter(pk__in=[g.pk for g in games]).update(adjourned=True)
    record(
        user,
        round_.tournament,
        "result.adjourn_unfinished",
        f"Round {round_.number}: adjourned at the pairing of the next round, board(s) "
        + ", ".join(str(g.board) for g in games),
        after={"adjourned": [g.board for g in games]},
    )
    _update_round_state(user, round_)
    return games


def _update_round_state(user, round_: Round) -> None:
    """Complete the round when every game has a result or is adjourned; reopen it when one is
    cleared."""
    complete = not round_.games.filter(result="", adjourned=False).exists()
    state = Round.State.COMPLETE if complete else Round.State.PUBLISHED
    if round_.state == state:
        return
    action = "round.complete" if complete else "round.reopen"
    summary = (
        f"Round {round_.number} {'complete' if complete else 'reopened: a result was cleared'}"
    )
    save_recorded(user, round_.tournament, action, summary, round_, state=state)
