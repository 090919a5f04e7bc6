"""Two arbiters at once, on PostgreSQL with two real connections (row locks are what is tested;
SQLite has no row locks and serialises whole writes, so these tests need PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from arbiter.core.models import Round
from arbiter.core.services.results import ResultError, record_result
from pairing.rounds import services as rounds

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]


def at_once(*actions):
    """Run each action in its own thread (own connection), released together; return outcomes."""
    barrier = threading.Barrier(len(actions))
    outcomes = [None] * len(actions)

    def run(index, action):
        barrier.wait()
        try:
            outcomes[index] = action()
        except Exception as error:  # the outcome is what the test reads
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_two_arbiters_pressing_pair_together_create_one_round(anna, dag, trondheim_open):
    outcomes = at_once(
        lambda: rounds.pair_next_round(anna, trondheim_open),
        lambda: rounds.pair_next_round(dag, trondheim_open),
    )
    paired = [o for o in outcomes if isinstance(o, Round)]
    errors = [o for o in outcomes if isinstance(o, rounds.RoundError)]
    assert len(paired) == 1 and len(errors) == 1
    assert "already paired" in str(errors[0])
    assert Round.objects.filter(tournament=trondheim_open).count() == 1


def test_two_arbiters_entering_different_results_for_one_board(anna, dag, trondheim_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    game = round_.games.get(board=1)
    outcomes = at_once(
        lambda: record_result(anna, game, "1-0", expected=""),
        lambda: record_result(dag, game, "0-1", expected=""),
    )
    errors = [o for o in outcomes if isinstance(o, ResultError)]
    assert len(errors) == 1 and "changed under you" in str(errors[0])
    game.refresh_from_db()
    winner = "0-1" if errors[0] is outcomes[0] else "1-0"
    assert game.result == winner
