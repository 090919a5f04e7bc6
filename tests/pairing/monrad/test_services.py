"""The Monrad club evening's services: check in, late members, pair, accept, edit, undo,
settings; each writes the audit log."""

import pytest

from arbiter.core import fide_mode
from arbiter.core.models import AuditEntry, Bye, Round
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from pairing.monrad import services as service
from pairing.monrad.models import MonradCheckIn, MonradPairing
from pairing.rounds import services as rounds
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(anna):
    """Tuesday Club: eight members, nothing paired yet."""
    tournament = TournamentFactory(
        name="Tuesday Club", system=System.MONRAD, chief=anna, planned_rounds=10
    )
    for n in range(1, 9):
        EntryFactory(tournament=tournament, name=f"Member {n}, Club", starting_number=None)
    return tournament


def members(club):
    return list(club.entries.order_by("name"))


def check_in(user, club, entries):
    for entry in entries:
        service.set_present(user, club, entry, True)


def play(user, round_, results=("1-0", "0-1", "1/2", "1-0")):
    for game, result in zip(round_.games.order_by("board"), results * 5, strict=False):
        record_result(user, game, result)


def test_only_the_members_checked_in_are_paired(anna, club):
    present = members(club)[:6]
    check_in(anna, club, present)
    round_ = rounds.pair_next_round(anna, club)
    paired = {g.white_id for g in round_.games.all()} | {g.black_id for g in round_.games.all()}
    assert paired == {e.pk for e in present}
    assert round_.state == Round.State.PUBLISHED and round_.seed is not None
    # the cards were drawn by lot: numbers 1-8, and round 1 gives White to the higher number
    assert sorted(club.entries.values_list("starting_number", flat=True)) == list(range(1, 9))
    for game in round_.games.select_related("white", "black"):
        assert game.white.starting_number > game.black.starting_number


def test_check_in_can_be_undone_until_the_round_is_paired(anna, club):
    first, second, third = members(club)[:3]
    check_in(anna, club, [first, second, third])
    assert service.set_present(anna, club, third, False) is True
    assert service.set_present(anna, club, third, False) is False
    rounds.pair_next_round(anna, club)
    with pytest.raises(fide_mode.NeedsConfirmation, match="Round 1 still has games without"):
        rounds.pair_next_round(anna, club)
    # check-in now opens for round 2
    service.set_present(anna, club, third, True)
    assert MonradCheckIn.objects.get(entry=third).round_number == 2


def test_a_late_member_joins_with_zero_points_at_the_bottom_and_is_checked_in(anna, club):
    check_in(anna, club, members(club)[:4])
    play(anna, rounds.pair_next_round(anna, club))
    late = service.add_late_member(anna, club, "  Newcomer,   Nina ", rating=1500)
    assert late.name == "Newcomer, Nina" and late.starting_number == 9
    season = service.read_season(club)
    assert season.cards[-1].id == str(late.pk) and season.cards[-1].score == 0
    assert service.present_ids(club, 2) == {late.pk}
    with pytest.raises(rounds.RoundError, match="already a member"):
        service.add_late_member(anna, club, "newcomer, nina")


def test_an_odd_evening_gives_the_bye_to_the_lowest_and_scores_it_as_a_win(anna, club):
    check_in(anna, club, members(club)[:5])
    round_ = rounds.pair_next_round(anna, club)
    bye = round_.byes.get()
    assert bye.kind == Bye.Kind.PAIRING_ALLOCATED
    assert bye.entry.starting_number == max(
        e.starting_number for e in members(club)[:5]
    )  # lowest placed in round 1: the highest card number
    play(anna, round_)
    scores = {c.id: c.score for c in service.read_season(club).cards}
    assert scores[str(bye.entry_id)] == 3


def test_a_pairing_with_repeats_waits_for_an_arbiter_and_can_be_accepted(anna, club):
    two = members(club)[:2]
    check_in(anna, club, two)
    play(anna, rounds.pair_next_round(anna, club))
    check_in(anna, club, two)
    round_ = rounds.pair_next_round(anna, club)
    assert round_.state == Round.State.DRAFT
    pairing = MonradPairing.objects.get(round=round_)
    assert pairing.repeats == 1 and "No pairing without a repeat" in pairing.notes[0]
    with pytest.raises(rounds.RoundError, match="already paired"):
        rounds.pair_next_round(anna, club)
    rounds.publish_round(anna, round_)
    round_.refresh_from_db()
    assert round_.state == Round.State.PUBLISHED
    entry = AuditEntry.objects.filter(action="round.publish").get()
    assert "1 warning(s): repeat on board 1" in entry.summary
    assert MonradPairing.objects.get(round=round_).accepted_by == anna


def test_a_draft_can_be_edited_by_swapping_players(anna, club):
    four = members(club)[:4]
    for _ in range(3):  # after three evenings the four have all met each other
        check_in(anna, club, four)
        play(anna, rounds.pair_next_round(anna, club))
    check_in(anna, club, four)
    round_ = rounds.pair_next_round(anna, club)
    assert round_.state == Round.State.DRAFT
    assert MonradPairing.objects.get(round=round_).repeats == 2
    first, second = round_.games.order_by("board")
    rounds.swap_players(anna, round_, first.white, second.white)
    assert round_.games.get(board=1).white_id == second.white_id
    assert round_.games.get(board=2).white_id == first.white_id
    assert MonradPairing.objects.get(round=round_).edited
    with pytest.raises(rounds.RoundError, match="already paired together"):
        rounds.swap_players(anna, round_, first.white, second.black)


def test_undo_a_pairing_to_let_a_late_arrival_in_confirming_what_is_lost(anna, club):
    check_in(anna, club, members(club)[:4])
    round_ = rounds.pair_next_round(anna, club)  # no repeat: published at once
    with pytest.raises(rounds.ConfirmationNeeded) as refused:
        rounds.delete_last_round(anna, round_)
    assert refused.value.lost == [refused.value.lost[0]]
    assert refused.value.lost[0].startswith("the public pairings of round 1")
    rounds.delete_last_round(anna, round_, confirm=True)
    assert not club.rounds.exists()
    assert len(service.present_ids(club, 1)) == 4  # the check-ins stay
    service.add_late_member(anna, club, "Late, Lars")
    assert rounds.pair_next_round(anna, club).games.count() == 2
    round_ = club.rounds.get()
    record_result(anna, round_.games.first(), "1-0")
    with pytest.raises(rounds.ConfirmationNeeded, match=r"board 1: .* 1 - 0"):
        rounds.delete_last_round(anna, round_)


def test_settings_change_the_scoring_of_the_standing(anna, club):
    check_in(anna, club, members(club)[:2])
    round_ = rounds.pair_next_round(anna, club)
    play(anna, round_, ("1/2",))
    assert {c.score for c in service.read_season(club).cards if c.games} == {2}
    service.update_settings(anna, club, scoring="1-0.5-0")
    assert {str(c.score) for c in service.read_season(club).cards if c.games} == {"1/2"}
    with pytest.raises(rounds.RoundError, match="not a choice"):
        service.update_settings(anna, club, tiebreak="lots")
    assert AuditEntry.objects.filter(action="monrad.settings").count() == 1


def test_pairing_needs_two_members_present(anna, club):
    with pytest.raises(rounds.RoundError, match="Check in at least two members"):
        rounds.pair_next_round(anna, club)
    assert not club.rounds.exists()


def test_a_season_with_absences_never_repeats_while_it_can_be_avoided(anna, club):
    everyone = members(club)
    attendance = [everyone[:6], everyone[2:], everyone[::2], everyone[1:7], everyone]
    for present in attendance:
        check_in(anna, club, present)
        round_ = rounds.pair_next_round(anna, club)
        assert round_.state == Round.State.PUBLISHED
        play(anna, round_)
    assert club.rounds.count() == 5
    met = [frozenset(p) for p in club.rounds.values_list("games__white", "games__black")]
    assert len(met) == len(set(met))
