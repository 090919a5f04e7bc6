"""Entering the results of a round's games; the round completes when every board has one."""

from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import Game, Round, Tournament
from arbiter.core.services.audit import record, save_recorded
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


def _update_round_state(user, round_: Round) -> None:
    """Complete the round when every game has a result; reopen it when one is cleared."""
    complete = not round_.games.filter(result="").exists()
    state = Round.State.COMPLETE if complete else Round.State.PUBLISHED
    if round_.state == state:
        return
    action = "round.complete" if complete else "round.reopen"
    summary = (
        f"Round {round_.number} {'complete' if complete else 'reopened: a result was cleared'}"
    )
    save_recorded(user, round_.tournament, action, summary, round_, state=state)
