"""Anna enters the results of a round; the round completes with its last board."""

import pytest

from arbiter.core.models import AuditEntry, Round
from arbiter.core.services.results import ResultError, record_result
from pairing.engines.results import BY_CODE
from tests.arbiter.conftest import play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    return play_round(oslo_rr, 1, games=[(aas, lie, ""), (berg, dahl, "")])


def board(round_, number):
    return round_.games.get(board=number)


@pytest.mark.parametrize("result", list(BY_CODE))
def test_every_kind_of_result_is_recorded(anna, round_one, result):
    game = record_result(anna, board(round_one, 1), result)
    game.refresh_from_db()
    assert game.result == result


def test_a_result_is_recorded_with_who_and_what_in_the_audit_log(anna, oslo_rr, round_one):
    record_result(anna, board(round_one, 2), "1/2")
    audit = AuditEntry.objects.get(action="result.record")
    assert (audit.tournament, audit.user) == (oslo_rr, anna)
    assert (audit.before, audit.after) == ({"result": ""}, {"result": "1/2"})
    assert audit.summary == "Round 1, board 2, Berg, Ola against Dahl, Per: ½ - ½"


def test_a_result_can_be_corrected_and_cleared(anna, round_one):
    game = board(round_one, 1)
    record_result(anna, game, "1-0")
    record_result(anna, game, "0-1")
    game = record_result(anna, game, "")
    assert game.result == ""
    audits = AuditEntry.objects.filter(action="result.record").order_by("id")
    assert [(a.before, a.after) for a in audits] == [
        ({"result": ""}, {"result": "1-0"}),
        ({"result": "1-0"}, {"result": "0-1"}),
        ({"result": "0-1"}, {"result": ""}),
    ]
    assert audits.last().summary.endswith(": cleared")


def test_the_same_result_twice_changes_nothing_and_is_logged_once(anna, round_one):
    game = board(round_one, 1)
    record_result(anna, game, "1-0")
    record_result(anna, game, "1-0")
    assert AuditEntry.objects.filter(action="result.record").count() == 1


def test_clearing_an_empty_result_changes_nothing(anna, round_one):
    record_result(anna, board(round_one, 1), "")
    assert not AuditEntry.objects.exists()


def test_a_draft_rounds_results_cannot_be_entered(anna, oslo_rr, oslo_players):
    aas, berg, *_ = oslo_players
    draft = play_round(oslo_rr, 1, games=[(aas, berg, "")], state=Round.State.DRAFT)
    with pytest.raises(ResultError, match="Round 1 is still a draft"):
        record_result(anna, board(draft, 1), "1-0")
    assert board(draft, 1).result == ""
    assert not AuditEntry.objects.exists()


@pytest.mark.parametrize("nonsense", ["1-1", "½-½", "2-0", "x"])
def test_anything_but_a_typed_result_is_refused(anna, round_one, nonsense):
    with pytest.raises(ResultError, match="is not a result"):
        record_result(anna, board(round_one, 1), nonsense)
    assert board(round_one, 1).result == ""


def test_the_round_completes_with_its_last_result_and_reopens_when_one_is_cleared(anna, round_one):
    record_result(anna, board(round_one, 1), "1-0")
    round_one.refresh_from_db()
    assert round_one.state == Round.State.PUBLISHED

    record_result(anna, board(round_one, 2), "--")
    round_one.refresh_from_db()
    assert round_one.state == Round.State.COMPLETE

    record_result(anna, board(round_one, 2), "1/2")
    round_one.refresh_from_db()
    assert round_one.state == Round.State.COMPLETE

    record_result(anna, board(round_one, 1), "")
    round_one.refresh_from_db()
    assert round_one.state == Round.State.PUBLISHED
    state_changes = AuditEntry.objects.filter(action__startswith="round.").order_by("id")
    assert [(a.action, a.after) for a in state_changes] == [
        ("round.complete", {"state": "complete"}),
        ("round.reopen", {"state": "published"}),
    ]


def test_the_returned_game_knows_its_rounds_new_state(anna, oslo_rr, oslo_players):
    aas, berg, *_ = oslo_players
    round_ = play_round(oslo_rr, 1, games=[(aas, berg, "")])
    game = record_result(anna, board(round_, 1), "0-1")
    assert game.round.state == Round.State.COMPLETE
