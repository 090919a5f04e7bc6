"""The round lifecycle every paired system shares: a page acts on the round it showed, or is
refused with what changed and who changed it; colours are set, not toggled; what would be lost
is confirmed first."""

import pytest

from arbiter.core import fide_mode
from arbiter.core.models import AuditEntry, Round
from arbiter.core.services.results import record_result
from pairing.rounds import services as rounds
from pairing.swiss.models import EnginePairing
from tests.factories import EntryFactory, TournamentFactory
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(anna, trondheim_open):
    return rounds.pair_next_round(anna, trondheim_open)


def test_a_new_draft_is_shown_with_a_token_of_its_id_and_version(draft):
    assert rounds.draft_token(draft) == f"{draft.pk}.1"
    assert draft.last_change.startswith("Round 1 paired by the engine")


def test_an_edit_moves_the_version_on_and_says_who_made_it(anna, draft, trondheim_players):
    rounds.swap_players(anna, draft, trondheim_players[5], trondheim_players[6])
    draft.refresh_from_db()
    assert draft.version == 2 and draft.changed_by == anna
    assert "swapped Player 06, Trondheim" in draft.last_change


def test_publishing_from_a_page_that_showed_an_older_draft_is_refused(
    anna, dag, draft, trondheim_players
):
    seen = rounds.draft_token(draft)
    rounds.swap_players(anna, draft, trondheim_players[5], trondheim_players[6], seen=seen)
    with pytest.raises(rounds.StaleDraft) as refused:
        rounds.publish_round(dag, draft, seen=seen)
    assert "swapped Player 06, Trondheim" in str(refused.value)
    assert "(anna)" in str(refused.value)
    draft.refresh_from_db()
    assert draft.state == Round.State.DRAFT


def test_every_action_on_a_stale_draft_is_refused_and_changes_nothing(
    anna, dag, draft, trondheim_players
):
    seen = rounds.draft_token(draft)
    rounds.set_colours(anna, draft, 1, draft.games.get(board=1).black, seen=seen)
    games = list(draft.games.values_list("board", "white_id", "black_id"))
    first, second = trondheim_players[2], trondheim_players[3]
    for action in (
        lambda: rounds.swap_players(dag, draft, first, second, seen=seen),
        lambda: rounds.set_colours(dag, draft, 2, draft.games.get(board=2).black, seen=seen),
        lambda: rounds.publish_round(dag, draft, seen=seen),
        lambda: rounds.delete_last_round(dag, draft, seen=seen),
    ):
        with pytest.raises(rounds.StaleDraft, match="now White"):
            action()
    assert list(draft.games.values_list("board", "white_id", "black_id")) == games
    assert Round.objects.filter(pk=draft.pk, state=Round.State.DRAFT).exists()


def test_a_round_deleted_and_paired_again_is_not_the_round_the_page_showed(anna, dag, draft):
    seen = rounds.draft_token(draft)
    rounds.delete_last_round(anna, draft, seen=seen)
    again = rounds.pair_next_round(anna, draft.tournament)
    assert again.version == 1
    with pytest.raises(rounds.StaleDraft, match="deleted and paired again"):
        rounds.publish_round(dag, again, seen=seen)


def test_setting_the_colours_twice_leaves_them_as_set(anna, draft):
    board = draft.games.get(board=1)
    seen = rounds.draft_token(draft)
    rounds.set_colours(anna, draft, 1, board.black, seen=seen)
    rounds.set_colours(anna, draft, 1, board.black)  # the second tab asks for the same state
    now = draft.games.get(board=1)
    assert (now.white_id, now.black_id) == (board.black_id, board.white_id)
    assert AuditEntry.objects.filter(action="round.set_colours").count() == 1


def test_the_engine_record_knows_whether_the_draft_still_is_its_pairing(
    anna, draft, trondheim_players
):
    first, second = trondheim_players[5], trondheim_players[6]
    rounds.swap_players(anna, draft, first, second)
    assert EnginePairing.objects.get(round=draft).edited
    rounds.swap_players(anna, draft, first, second)
    assert not EnginePairing.objects.get(round=draft).edited


def test_deleting_a_draft_needs_no_confirmation(anna, draft):
    assert rounds.delete_last_round(anna, draft, seen=rounds.draft_token(draft)) == []
    assert not Round.objects.filter(pk=draft.pk).exists()


def test_deleting_a_published_round_is_confirmed_with_what_is_lost(anna, draft):
    rounds.publish_round(anna, draft)
    draft.refresh_from_db()
    record_result(anna, draft.games.get(board=1), "1-0")
    with pytest.raises(rounds.ConfirmationNeeded) as refused:
        rounds.delete_last_round(anna, draft, seen=rounds.draft_token(draft))
    lost = refused.value.lost
    assert lost[0].startswith("the public pairings of round 1 (published ")
    assert lost[1].startswith("board 1: ") and "1 - 0" in lost[1]
    assert Round.objects.filter(pk=draft.pk).exists()
    rounds.delete_last_round(anna, draft, seen=rounds.draft_token(draft), confirm=True)
    entry = AuditEntry.objects.get(action="round.delete")
    assert entry.summary == "Round 1 deleted, losing 1 result(s)"
    assert entry.before["state"] == "published"


def test_a_swiss_without_players_is_not_paired(anna):
    empty = TournamentFactory(name="Empty Swiss", system="swiss_dutch", chief=anna)
    EntryFactory(tournament=empty, name="Alone, Player")
    with pytest.raises(rounds.RoundError, match="at least two players"):
        rounds.pair_next_round(anna, empty)
    assert not empty.rounds.exists()


def test_the_next_round_asks_before_adjourning_the_games_of_the_last(anna, draft):
    """Q159-160: games without a result are adjourned only once the arbiter acknowledged it."""
    draft = rounds.publish_round(anna, draft)
    with pytest.raises(fide_mode.NeedsConfirmation, match="will be marked adjourned"):
        rounds.pair_next_round(anna, draft.tournament)
    play(anna, draft)
    assert rounds.pair_next_round(anna, draft.tournament).number == 2
