"""Entering the results of a round's games; the round completes when every board has one."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.models import Game, Round, Tournament
from arbiter.core.services.audit import record
from pairing.engines import results


class ResultError(Exception):
    """A result the app cannot take; the message is for the arbiter."""


@transaction.atomic
def record_result(user, game: Game, result: str, expected: str | None = None) -> Game:
    """Set (or, with "", clear) the result of a game of a published or complete round.

    ``expected`` is the result the arbiter saw when they chose theirs: when another arbiter has
    changed the board since, nothing is written and the error says what the board holds now.

    The same result again changes nothing and writes nothing to the audit log. The round becomes
    complete with its last result and goes back to published when one is cleared.
    """
    if result != "" and results.from_code(result) is None:
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
    if game.result == result:
        return game
    _check_correctable(round_, game)
    if expected is not None and game.result != expected:
        now = game.get_result_display() if game.result else gettext("no result")
        raise ResultError(
            gettext(
                "Board %(board)s changed under you: it now says %(result)s. "
                "Check it and enter your result again if it is still needed."
            )
            % {"board": game.board, "result": now}
        )
    before = game.result
    game.result = result
    game.save(update_fields=["result"])
    shown = game.get_result_display() if result else "cleared"
    record(
        user,
        round_.tournament,
        "result.record",
        f"Round {round_.number}, board {game.board}, {game.white.name} against {game.black.name}: "
        f"{shown}",
        before={"result": before},
        after={"result": result},
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


def _update_round_state(user, round_: Round) -> None:
    """Complete the round when every game has a result; reopen it when one is cleared."""
    complete = not round_.games.filter(result="").exists()
    state = Round.State.COMPLETE if complete else Round.State.PUBLISHED
    if round_.state == state:
        return
    before = round_.state
    round_.state = state
    round_.save(update_fields=["state"])
    record(
        user,
        round_.tournament,
        "round.complete" if complete else "round.reopen",
        f"Round {round_.number} {'complete' if complete else 'reopened: a result was cleared'}",
        before={"state": before},
        after={"state": state},
    )
