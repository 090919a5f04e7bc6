"""Two players tapping the same result at the same moment (arbiter/venue/services/claims.py):
each claim locks the tournament, the round and the game before it reads the opponent's word, so
the second sees the first and enters the result, exactly once."""

import threading

import pytest
from django.db import connection

from arbiter.core.models import AuditEntry
from arbiter.venue.models import ResultClaim
from arbiter.venue.services import claims
from tests.arbiter.venue.conftest import venue_round

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_two_players_confirming_at_once_enter_the_result_once(anna):
    board = venue_round(anna)
    aas, berg = board.players[:2]
    start = threading.Barrier(2)
    outcomes, errors = [], []

    def tap(entry, saying):
        try:
            start.wait()
            outcomes.append(claims.claim(entry, board.game.pk, saying, seen="").state)
        except Exception as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=tap, args=(aas, "win")),
        threading.Thread(target=tap, args=(berg, "loss")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors
    assert sorted(outcomes) == [claims.ENTERED, claims.PENDING]
    board.game.refresh_from_db()
    assert board.game.result == "1-0"
    assert not ResultClaim.objects.exists()
    assert AuditEntry.objects.filter(action="claim.agree").count() == 1
    assert AuditEntry.objects.filter(action="result.record").count() == 1
