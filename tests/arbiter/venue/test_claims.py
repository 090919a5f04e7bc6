"""The rules of players' results, one by one (arbiter/venue/services/claims.py)."""

import pytest

from arbiter.core.models import AuditEntry, Game, Round
from arbiter.core.services.results import record_result
from arbiter.core.standings import standings
from arbiter.venue.models import ResultClaim, VenueSettings
from arbiter.venue.services import cards, claims
from arbiter.venue.services.claims import DRAW, LOSS, REJECT, WIN, ClaimError
from tests.arbiter.venue.conftest import venue_round

pytestmark = pytest.mark.django_db


def version(board) -> int:
    board.tournament.refresh_from_db()
    return board.tournament.version


def test_off_by_default_and_a_claim_is_refused_while_off(anna):
    board = venue_round(anna, on=False)
    assert not VenueSettings._meta.get_field("players_results").default
    with pytest.raises(ClaimError, match="do not give results from their cards") as refused:
        claims.claim(board.players[0], board.game.pk, WIN, seen="")
    assert refused.value.status == 403
    assert not ResultClaim.objects.exists()


def test_a_game_of_another_board_is_refused_with_whose_card_it_is(board):
    aas = board.players[0]
    with pytest.raises(ClaimError) as refused:
        claims.claim(aas, board.other.pk, WIN, seen="")
    assert str(refused.value) == (
        "This card is Aas, Kari's: it gives results of Aas, Kari's games only."
    )
    assert refused.value.status == 403
    # another tournament's game, or none at all: the same answer, nothing saved
    with pytest.raises(ClaimError, match="This card is Aas, Kari's"):
        claims.claim(aas, 10**9, WIN, seen="")
    with pytest.raises(ClaimError, match="This card is Aas, Kari's"):
        claims.withdraw(aas, board.other.pk, seen="")
    assert not ResultClaim.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="claim.").exists()


def test_a_word_other_than_won_draw_lost_is_refused(board):
    for saying in ("", "1-0", "+-", "x" * 50):
        with pytest.raises(ClaimError, match="Choose one of the buttons"):
            claims.claim(board.players[0], board.game.pk, saying, seen="")
    assert not ResultClaim.objects.exists()


def test_one_claim_waits_for_the_opponent_or_the_arbiter(board):
    aas, berg = board.players[:2]
    before = version(board)
    outcome = claims.claim(aas, board.game.pk, WIN, seen="")
    assert outcome.state == claims.PENDING and outcome.changed
    claim = ResultClaim.objects.get()
    assert (claim.entry, claim.result) == (aas, "1-0")
    board.game.refresh_from_db()
    assert board.game.result == ""
    # a claim is not the tournament's data: its public pages and version stay as they were
    assert version(board) == before
    entry = AuditEntry.objects.get(action="claim.give")
    assert entry.user is None
    assert entry.summary == "Round 1, board 1: Aas, Kari gives 1 - 0 from their card"
    # seen from Berg's side (Black), Aas's win is Berg's loss
    card = claims.current_game(berg)
    assert (card.opponent_saying, card.my_saying, card.mine) == (LOSS, "", None)


def test_both_players_agreeing_enter_the_result_through_the_results_service(board):
    aas, berg = board.players[:2]
    before = version(board)
    claims.claim(aas, board.game.pk, LOSS, seen="")
    outcome = claims.claim(berg, board.game.pk, WIN, seen="")
    assert outcome.state == claims.ENTERED
    board.game.refresh_from_db()
    assert board.game.result == "0-1"
    assert not ResultClaim.objects.exists()
    assert version(board) > before
    actions = list(AuditEntry.objects.order_by("id").values_list("action", "user", "summary"))
    assert actions == [
        ("claim.give", None, "Round 1, board 1: Aas, Kari gives 0 - 1 from their card"),
        ("claim.give", None, "Round 1, board 1: Berg, Ola gives 0 - 1 from their card"),
        ("result.record", None, "Round 1, board 1, Aas, Kari against Berg, Ola: 0 - 1"),
        (
            "claim.agree",
            None,
            "Round 1, board 1: Aas, Kari and Berg, Ola both gave 0 - 1 from their cards: entered",
        ),
    ]
    points = {row.entry.pk: row.points for row in standings(board.tournament).rows}
    assert points[berg.pk] == 1 and points[aas.pk] == 0


def test_a_draw_is_a_draw_from_both_sides(board):
    dahl, lie = board.players[2:]
    claims.claim(dahl, board.other.pk, DRAW, seen="")
    claims.claim(lie, board.other.pk, DRAW, seen="")
    board.other.refresh_from_db()
    assert board.other.result == "1/2"


def test_disagreement_stays_pending_for_the_arbiter(board):
    aas, berg = board.players[:2]
    claims.claim(aas, board.game.pk, WIN, seen="")
    outcome = claims.claim(berg, board.game.pk, WIN, seen="")
    assert outcome.state == claims.CONFLICT
    board.game.refresh_from_db()
    assert board.game.result == ""
    [pending] = claims.pending(board.tournament)
    assert pending.conflict and not pending.agreed
    assert (pending.white.result, pending.black.result) == ("1-0", "0-1")
    assert claims.pending_count(board.tournament) == 1


def test_a_result_already_entered_is_never_overwritten_and_the_answer_says_what_it_is(board, anna):
    aas = board.players[0]
    record_result(anna, board.game, "0-1")
    with pytest.raises(ClaimError) as refused:
        claims.claim(aas, board.game.pk, WIN, seen="")
    assert "Board 1 already has its result: 0 - 1" in str(refused.value)
    board.game.refresh_from_db()
    assert board.game.result == "0-1"
    assert not ResultClaim.objects.exists()
    # the same result as entered: nothing to do, nothing refused
    outcome = claims.claim(aas, board.game.pk, LOSS, seen="")
    assert (outcome.state, outcome.changed) == (claims.ENTERED, False)


def test_an_adjourned_game_or_a_draft_round_takes_no_claim(board, anna):
    record_result(anna, board.game, Game.ADJOURNED)
    with pytest.raises(ClaimError, match="adjourned"):
        claims.claim(board.players[0], board.game.pk, WIN, seen="")
    Round.objects.filter(pk=board.round.pk).update(state=Round.State.DRAFT)
    with pytest.raises(ClaimError, match="not published yet"):
        claims.claim(board.players[2], board.other.pk, WIN, seen="")


def test_a_double_click_changes_nothing_the_second_time(board):
    aas = board.players[0]
    claims.claim(aas, board.game.pk, WIN, seen="")
    again = claims.claim(aas, board.game.pk, WIN, seen="")
    assert (again.state, again.changed) == (claims.PENDING, False)
    assert AuditEntry.objects.filter(action="claim.give").count() == 1
    # after the result is entered by agreement, a late second click is answered "entered"
    claims.claim(board.players[1], board.game.pk, LOSS, seen="")
    late = claims.claim(board.players[1], board.game.pk, LOSS, seen="")
    assert (late.state, late.changed) == (claims.ENTERED, False)


def test_a_word_changed_from_another_phone_is_not_replaced_blindly(board):
    aas = board.players[0]
    claims.claim(aas, board.game.pk, WIN, seen="")
    with pytest.raises(ClaimError, match="changed from another phone: it now says 1 - 0"):
        claims.claim(aas, board.game.pk, DRAW, seen="")
    outcome = claims.claim(aas, board.game.pk, DRAW, seen="1-0")
    assert outcome.state == claims.PENDING
    assert ResultClaim.objects.get().result == "1/2"
    assert AuditEntry.objects.filter(action="claim.give").latest("id").before == {"claim": "1-0"}


def test_a_player_withdraws_their_word_before_it_is_decided(board, anna):
    aas = board.players[0]
    claims.claim(aas, board.game.pk, WIN, seen="")
    with pytest.raises(ClaimError, match="changed from another phone"):
        claims.withdraw(aas, board.game.pk, seen="")
    outcome = claims.withdraw(aas, board.game.pk, seen="1-0")
    assert outcome.state == claims.WITHDRAWN and not ResultClaim.objects.exists()
    assert AuditEntry.objects.filter(action="claim.withdraw").get().user is None
    assert not claims.withdraw(aas, board.game.pk, seen="").changed  # nothing left to take back


def test_the_arbiter_confirms_a_pending_claim(board, anna):
    claims.claim(board.players[0], board.game.pk, WIN, seen="")
    [pending] = claims.pending(board.tournament, board.round)
    outcome = claims.decide(anna, board.game, "1-0", seen=pending.seen)
    assert outcome.state == claims.ENTERED
    board.game.refresh_from_db()
    assert board.game.result == "1-0"
    assert not ResultClaim.objects.exists()
    decided = AuditEntry.objects.get(action="claim.decide")
    assert decided.user == anna
    assert decided.before == {"claims": {"Aas, Kari": "1-0"}}
    assert claims.pending(board.tournament) == []
    # the double click: the same verdict again changes nothing
    again = claims.decide(anna, board.game, "1-0", seen=pending.seen)
    assert not again.changed


def test_the_arbiter_enters_another_result_over_a_conflict(board, anna):
    claims.claim(board.players[0], board.game.pk, WIN, seen="")
    claims.claim(board.players[1], board.game.pk, WIN, seen="")
    [pending] = claims.pending(board.tournament)
    claims.decide(anna, board.game, "1/2", seen=pending.seen)
    board.game.refresh_from_db()
    assert board.game.result == "1/2"


def test_the_arbiter_rejects_the_claims(board, anna):
    claims.claim(board.players[0], board.game.pk, WIN, seen="")
    [pending] = claims.pending(board.tournament)
    outcome = claims.decide(anna, board.game, REJECT, seen=pending.seen)
    assert outcome.state == claims.REJECTED
    board.game.refresh_from_db()
    assert board.game.result == "" and not ResultClaim.objects.exists()
    assert AuditEntry.objects.get(action="claim.reject").user == anna


def test_a_stale_decision_is_refused(board, anna):
    claims.claim(board.players[0], board.game.pk, WIN, seen="")
    [pending] = claims.pending(board.tournament)
    claims.claim(board.players[1], board.game.pk, WIN, seen="")  # Berg disagrees meanwhile
    with pytest.raises(ClaimError, match="Board 1 changed under you"):
        claims.decide(anna, board.game, "1-0", seen=pending.seen)
    board.game.refresh_from_db()
    assert board.game.result == ""
    assert ResultClaim.objects.count() == 2
    with pytest.raises(ClaimError, match="Choose one of the buttons"):
        claims.decide(anna, board.game, "adj", seen=pending.seen)


def test_a_revoked_card_opens_nothing_and_its_claims_stay_the_players(board, anna):
    aas = board.players[0]
    old = board.secret(0)
    assert cards.entry_of(old) == aas
    cards.revoke(anna, aas)
    assert cards.entry_of(old) is None
    assert cards.entry_of(cards.key_for(aas).secret) == aas


def test_the_pending_list_is_one_query_whatever_its_size(anna, django_assert_num_queries):
    board = venue_round(anna)
    claims.claim(board.players[0], board.game.pk, WIN, seen="")
    claims.claim(board.players[2], board.other.pk, DRAW, seen="")
    claims.claim(board.players[3], board.other.pk, WIN, seen="")
    with django_assert_num_queries(1):
        boards = claims.pending(board.tournament)
        assert [b.game.board for b in boards] == [1, 2]
        assert boards[1].white.result == "1/2" and boards[1].black.result == "0-1"
        assert [b.game.white.name for b in boards] == ["Aas, Kari", "Dahl, Per"]
    with django_assert_num_queries(1):
        assert claims.pending_count(board.tournament) == 2
