"""Deleting a round while other arbiters enter its results, on PostgreSQL with real connections:
the one lock order (tournament, round, game) means no deadlock and no 500, and every result is
either saved before the deletion or refused with a message."""

import threading

import pytest
from django.db import connection, connections

from arbiter.core.models import AuditEntry, Game, Round
from arbiter.core.services.results import ResultError, record_result
from pairing.rounds import services as rounds

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]


def test_results_entered_while_the_round_is_deleted_are_saved_or_refused(anna, dag, trondheim_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    games = list(Game.objects.filter(round=round_).order_by("board"))
    start = threading.Barrier(len(games) + 1)
    outcomes: dict[str, object] = {}

    def enter(game):
        start.wait()
        try:
            outcomes[f"board {game.board}"] = record_result(dag, game, "1-0", expected="")
        except Exception as error:  # the outcome is what the test reads
            outcomes[f"board {game.board}"] = error
        finally:
            connections.close_all()

    def delete():
        start.wait()
        try:
            outcomes["delete"] = rounds.delete_last_round(anna, round_, confirm=True)
        except Exception as error:
            outcomes["delete"] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(g,)) for g in games]
    threads.append(threading.Thread(target=delete))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a deadlock: someone still waits"

    assert isinstance(outcomes["delete"], list), outcomes["delete"]
    assert not Round.objects.filter(pk=round_.pk).exists()
    refused = [o for k, o in outcomes.items() if k != "delete" and isinstance(o, ResultError)]
    saved = [o for k, o in outcomes.items() if k != "delete" and isinstance(o, Game)]
    assert len(refused) + len(saved) == len(games), outcomes
    assert all("no longer exists" in str(error) for error in refused)
    # what was saved before the deletion is in the deleted round's audit snapshot
    snapshot = AuditEntry.objects.get(action="round.delete").before
    assert sum(1 for *_, result in snapshot["games"] if result) == len(saved)
