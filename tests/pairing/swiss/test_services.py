"""The Swiss round cycle through its service functions: pair, edit, publish, delete."""

import pytest
from django.db.models import Q

from arbiter.core import fide_mode
from arbiter.core.fide_mode import Level, NeedsConfirmation
from arbiter.core.models import AuditEntry, Bye, Round
from arbiter.core.services.results import ResultError, record_result
from pairing.engines.dutch import pair_trf
from pairing.rounds import services as rounds
from pairing.swiss import services as swiss
from pairing.swiss.models import EnginePairing, ForbiddenPair, PlayerRoundRecord
from pairing.swiss.trf.export import tournament_trf
from tests.pairing.conftest import play


def boards(round_):
    return [
        (g.white.starting_number, g.black.starting_number) for g in round_.games.order_by("board")
    ]


def test_it_pairs_round_one_as_a_draft_top_half_against_bottom_half(anna, trondheim_open):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    assert round_.number == 1 and round_.state == Round.State.DRAFT
    assert boards(round_) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    engine = EnginePairing.objects.get(round=round_)
    assert engine.rules == "2026" and not engine.edited
    assert len(engine.explanations) == 10
    assert AuditEntry.objects.filter(action="round.pair", user=anna).count() == 1


def test_it_numbers_the_players_by_rating_before_round_one(anna, trondheim_open):
    rounds.pair_next_round(anna, trondheim_open)
    ratings = list(
        trondheim_open.entries.order_by("starting_number").values_list("rating", flat=True)
    )
    assert ratings == sorted(ratings, reverse=True)


def test_it_refuses_a_second_draft_of_the_same_round(anna, dag, trondheim_open):
    rounds.pair_next_round(anna, trondheim_open)
    with pytest.raises(rounds.RoundError, match="already paired"):
        rounds.pair_next_round(dag, trondheim_open)
    assert trondheim_open.rounds.count() == 1


def test_it_asks_before_pairing_while_boards_lack_results(anna, trondheim_open):
    """Q159-160: a level-2 warning before the boards without a result are adjourned."""
    rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    with pytest.raises(fide_mode.NeedsConfirmation, match="will be marked adjourned"):
        rounds.pair_next_round(anna, trondheim_open)


def test_it_gives_the_requested_byes_and_pairs_the_rest(anna, trondheim_open, trondheim_players):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    half, absent = trondheim_players[0], trondheim_players[9]
    PlayerRoundRecord.objects.create(
        tournament=trondheim_open, entry=half, round_number=2, kind="H"
    )
    PlayerRoundRecord.objects.create(
        tournament=trondheim_open, entry=absent, round_number=2, kind="Z"
    )
    round_ = rounds.pair_next_round(anna, trondheim_open)
    assert dict(round_.byes.values_list("entry_id", "kind")) == {half.pk: "H", absent.pk: "Z"}
    paired = {n for pair in boards(round_) for n in pair}
    assert paired == set(range(2, 10))


def test_it_never_pairs_a_withdrawn_player(anna, trondheim_open, trondheim_players):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    gone = trondheim_players[3]
    PlayerRoundRecord.objects.create(
        tournament=trondheim_open, entry=gone, round_number=2, kind="W"
    )
    round_ = rounds.pair_next_round(anna, trondheim_open)
    assert round_.byes.get(entry=gone).kind == Bye.Kind.ZERO_POINT
    assert gone.pk not in {e for g in round_.games.values_list("white", "black") for e in g}
    pab = round_.byes.get(kind=Bye.Kind.PAIRING_ALLOCATED)
    assert pab.entry != gone


def test_it_keeps_a_forbidden_pair_apart(anna, trondheim_open, trondheim_players):
    one, six = trondheim_players[0], trondheim_players[5]
    ForbiddenPair.objects.create(
        tournament=trondheim_open,
        first=min(one, six, key=lambda e: e.pk),
        second=max(one, six, key=lambda e: e.pk),
    )
    round_ = rounds.pair_next_round(anna, trondheim_open)
    assert (1, 6) not in boards(round_) and (6, 1) not in boards(round_)


def test_a_swap_is_recorded_and_warns_that_it_differs_from_the_engine(
    anna, trondheim_open, trondheim_players
):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    assert swiss.draft_warnings(round_) == []
    rounds.swap_players(anna, round_, trondheim_players[5], trondheim_players[6])
    assert boards(round_)[:2] == [(1, 7), (6, 2)]
    warnings = swiss.draft_warnings(round_)
    assert {w.code for w in warnings} == {"engine"}
    assert "the engine's pairing gave 7 White against 2" in " ".join(w.message for w in warnings)
    assert EnginePairing.objects.get(round=round_).edited
    assert AuditEntry.objects.filter(action="round.swap_players").exists()


def test_swapping_back_is_no_longer_an_edit(anna, trondheim_open, trondheim_players):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    rounds.swap_players(anna, round_, trondheim_players[5], trondheim_players[6])
    rounds.swap_players(anna, round_, trondheim_players[5], trondheim_players[6])
    assert not EnginePairing.objects.get(round=round_).edited


def opponent_in(round_, entry):
    game = round_.games.get(Q(white=entry) | Q(black=entry))
    return game.black if game.white == entry else game.white


def test_a_swap_into_a_rematch_is_warned_C1(anna, trondheim_open):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    round_ = rounds.pair_next_round(anna, trondheim_open)
    top = round_.games.get(board=1)
    old_opponent = opponent_in(trondheim_open.rounds.get(number=1), top.white)
    with pytest.raises(NeedsConfirmation) as asked:
        rounds.swap_players(anna, round_, top.black, old_opponent)
    assert asked.value.level == Level.CONFIRM  # Q66
    assert "engine" not in {w.code for w in swiss.draft_warnings(round_)}  # nothing swapped yet
    token = asked.value.token
    rounds.swap_players(anna, round_, top.black, old_opponent, confirmation=token)
    codes = {w.code for w in swiss.draft_warnings(round_)}
    assert "rematch" in codes and "engine" in codes


def test_giving_white_to_the_black_player_flips_one_board(anna, trondheim_open):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    rounds.set_colours(anna, round_, 1, round_.games.get(board=1).black)
    assert boards(round_)[0] == (6, 1)


def test_moving_a_player_to_the_bye_swaps_them_with_its_holder(
    anna, trondheim_open, trondheim_players
):
    PlayerRoundRecord.objects.create(
        tournament=trondheim_open, entry=trondheim_players[0], round_number=1, kind="Z"
    )
    round_ = rounds.pair_next_round(anna, trondheim_open)
    holder = round_.byes.get(kind="U").entry
    rounds.swap_players(anna, round_, trondheim_players[1], holder)
    assert round_.byes.get(kind="U").entry == trondheim_players[1]


def test_a_published_round_cannot_be_edited(anna, trondheim_open, trondheim_players):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    with pytest.raises(rounds.RoundError, match="published"):
        rounds.set_colours(anna, round_, 1, round_.games.get(board=1).black)


def test_publish_makes_the_round_count_and_is_audited(anna, trondheim_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    assert round_.state == Round.State.PUBLISHED and round_.published_at is not None
    assert AuditEntry.objects.filter(action="round.publish").exists()
    with pytest.raises(rounds.RoundError, match="already published"):
        rounds.publish_round(anna, round_)


def test_a_draft_is_deleted_and_paired_again(anna, trondheim_open):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    rounds.delete_last_round(anna, round_)
    assert not trondheim_open.rounds.exists()
    assert rounds.pair_next_round(anna, trondheim_open).number == 1


def test_deleting_a_round_with_results_lists_them_and_needs_confirmation(anna, trondheim_open):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    play(anna, round_)
    with pytest.raises(rounds.ConfirmationNeeded) as refused:
        rounds.delete_last_round(anna, round_)
    assert len(refused.value.lost) == 1 + 5 and trondheim_open.rounds.exists()
    rounds.delete_last_round(anna, round_, confirm=True)
    assert not trondheim_open.rounds.exists()
    entry = AuditEntry.objects.get(action="round.delete")
    assert entry.user == anna and len(entry.before["games"]) == 5


def test_only_the_last_round_can_be_deleted(anna, trondheim_open):
    first = rounds.pair_next_round(anna, trondheim_open)
    play(anna, first)
    rounds.pair_next_round(anna, trondheim_open)
    with pytest.raises(rounds.RoundError, match="Only the last round"):
        rounds.delete_last_round(anna, first, confirm=True)


def test_a_result_changed_under_the_arbiter_is_refused(anna, dag, trondheim_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    game = round_.games.get(board=1)
    record_result(anna, game, "1-0", expected="")
    with pytest.raises(ResultError, match="changed under you: it now says 1 - 0"):
        record_result(dag, game, "0-1", expected="")
    game.refresh_from_db()
    assert game.result == "1-0"


def test_every_round_pairs_identically_from_its_trf_export(anna, trondheim_open, trondheim_players):
    PlayerRoundRecord.objects.create(
        tournament=trondheim_open, entry=trondheim_players[2], round_number=3, kind="H"
    )
    for number in range(1, 6):
        play(anna, rounds.pair_next_round(anna, trondheim_open), seed=number)
    for number in range(1, 6):
        trf = tournament_trf(trondheim_open, through_round=number - 1, next_round=True)
        pairing = pair_trf(trf)
        round_ = trondheim_open.rounds.get(number=number)
        assert [(b.white, b.black) for b in pairing.boards] == boards(round_)


def test_a_late_entrant_can_get_half_a_point_for_each_missed_round(anna, trondheim_open):
    from arbiter.core.standings import points_before
    from pairing.swiss.records import score_missed_rounds
    from tests.factories import EntryFactory

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    play(anna, rounds.pair_next_round(anna, trondheim_open), seed=2)
    late = EntryFactory(tournament=trondheim_open, starting_number=11, rating=2000)
    assert score_missed_rounds(anna, trondheim_open, late, "H") == 2
    assert points_before(trondheim_open, 3)[late.pk] == 1
    round_ = rounds.pair_next_round(anna, trondheim_open)
    assert late.pk in {e for g in round_.games.values_list("white", "black") for e in g} | {
        b for b in round_.byes.values_list("entry", flat=True)
    }
    assert AuditEntry.objects.filter(action="entry.missed_rounds").exists()


def test_a_changed_past_result_changes_the_points_and_is_audited(anna, dag, trondheim_open):
    from arbiter.core.standings import points_before

    first = rounds.pair_next_round(anna, trondheim_open)
    play(anna, first)
    rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    game = first.games.get(board=1)
    before = points_before(trondheim_open, 2)
    flipped = {"1-0": "0-1", "0-1": "1-0", "1/2": "1-0"}[game.result]
    record_result(dag, game, flipped, expected=game.result)
    after = points_before(trondheim_open, 2)
    assert after[game.white_id] != before.get(game.white_id)
    entry = AuditEntry.objects.filter(action="result.record", user=dag).get()
    assert entry.before == {"result": game.result} and entry.after == {"result": flipped}


def test_a_late_entry_is_ranked_by_rating_until_round_four_is_paired(anna, trondheim_open):
    from arbiter.core.services.entries import RANK, add_entry, late_entry_renumbering

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    data = {"name": "Late, Magnus", "rating": 2405}
    seen = late_entry_renumbering(trondheim_open, data).seen  # the arbiter was asked
    late = add_entry(anna, trondheim_open, data, numbers=RANK, seen=seen)
    assert late.starting_number == 1  # above the old number 1 (2400): C.04.2
    assert trondheim_open.entries.get(name="Player 01, Trondheim").starting_number == 2
    audit = AuditEntry.objects.filter(action="entry.add").latest("pk")
    assert audit.after["renumbered"]["Player 01, Trondheim"] == [1, 2]
    # the history is kept by player, so the next round pairs from it with the new numbers
    round_two = rounds.pair_next_round(anna, trondheim_open)
    assert late.pk in set(round_two.games.values_list("white", flat=True)) | set(
        round_two.games.values_list("black", flat=True)
    ) | set(round_two.byes.values_list("entry", flat=True))


def test_a_late_entry_takes_the_next_number_once_round_four_is_paired(anna, trondheim_open):
    from arbiter.core.services.entries import add_entry

    for seed in range(4):
        play(anna, rounds.pair_next_round(anna, trondheim_open), seed=seed)
    late = add_entry(anna, trondheim_open, {"name": "Late, Magnus", "rating": 2405})
    assert late.starting_number == 11
    assert trondheim_open.entries.get(name="Player 01, Trondheim").starting_number == 1


def test_a_late_entry_does_not_renumber_under_a_waiting_draft(anna, trondheim_open):
    from arbiter.core.services.entries import add_entry

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    rounds.pair_next_round(anna, trondheim_open)  # round 2 waits as a draft
    late = add_entry(anna, trondheim_open, {"name": "Late, Magnus", "rating": 2405})
    assert late.starting_number == 11
