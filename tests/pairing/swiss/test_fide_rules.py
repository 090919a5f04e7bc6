"""What FIDE mode asks or refuses on a Swiss's records, drafts and results (spec §1.3, 1.4,
1.9): pairing/swiss/records.py, pairing/rounds/services.py, arbiter/core/services/results.py."""

import pytest
from django.urls import reverse

from arbiter.core import fide_mode
from arbiter.core.fide_mode import Level, NeedsConfirmation, RefusedInFideMode
from arbiter.core.services.results import ResultError, record_result
from pairing.rounds import services as rounds
from pairing.swiss import records
from tests.pairing.conftest import play


@pytest.fixture
def fide(trondheim_open):
    trondheim_open.fide_mode = True
    trondheim_open.save()
    return trondheim_open


def asked(action, *args, **kwargs) -> NeedsConfirmation | None:
    try:
        action(*args, **kwargs)
    except NeedsConfirmation as needs:
        return needs
    return None


def test_q174_a_second_half_point_bye_is_confirmed(anna, fide, trondheim_players):
    player = trondheim_players[2]
    assert asked(records.set_player_round_record, anna, fide, player, 2, "H") is None
    needs = asked(records.set_player_round_record, anna, fide, player, 3, "H")
    assert needs.level == Level.CONFIRM and "already has a half-point bye" in str(needs)
    records.set_player_round_record(anna, fide, player, 3, "H", confirmation=needs.token)
    assert player.round_records.count() == 2


def test_q171_q176_a_half_point_bye_to_an_ineligible_player_is_refused_in_fide_mode(
    anna, fide, trondheim_players
):
    player = trondheim_players[2]
    player.no_half_point_byes = True
    player.save()
    with pytest.raises(RefusedInFideMode, match="not eligible for half-point byes"):
        records.set_player_round_record(anna, fide, player, 2, "H")
    assert not player.round_records.exists()
    records.set_player_round_record(anna, fide, player, 2, "Z")  # absent: no half point
    assert player.round_records.get().kind == "Z"


def test_q171_q176_outside_fide_mode_an_ineligible_players_half_point_bye_is_confirmed(
    anna, trondheim_open, trondheim_players
):
    player = trondheim_players[2]
    player.no_half_point_byes = True
    player.save()
    needs = asked(records.set_player_round_record, anna, trondheim_open, player, 2, "H")
    assert needs.level == Level.CONFIRM and "not eligible for half-point byes" in str(needs)
    records.set_player_round_record(anna, trondheim_open, player, 2, "H", confirmation=needs.token)
    assert player.round_records.get().kind == "H"


def test_q171_q176_the_swiss_page_says_why_the_bye_is_refused(anna_client, fide, trondheim_players):
    player = trondheim_players[2]
    player.no_half_point_byes = True
    player.save()
    data = {"entry": player.pk, "round": 1, "kind": "H"}
    page = anna_client.post(reverse("swiss_player_record", args=[fide.pk]), data, follow=True)
    assert "is not eligible for half-point byes" in page.content.decode()
    assert not player.round_records.exists()


def test_q171_the_half_point_bye_eligibility_is_on_the_players_entry_form(
    anna_client, fide, trondheim_players
):
    player = trondheim_players[2]
    url = reverse("player_edit", args=[fide.pk, player.pk])
    assert "Not eligible for half-point byes" in anna_client.get(url).content.decode()
    data = {"name": player.name, "rating": player.rating, "no_half_point_byes": "on"}
    anna_client.post(url, data)
    player.refresh_from_db()
    assert player.no_half_point_byes


def test_q177_q179_a_full_point_bye_is_deprecated_acknowledged_and_recorded(
    anna, fide, trondheim_players
):
    play(anna, rounds.pair_next_round(anna, fide))
    player = trondheim_players[4]
    player.refresh_from_db()
    needs = asked(records.set_player_round_record, anna, fide, player, 2, "F")
    assert needs.level == Level.ACKNOWLEDGE and "deprecated" in str(needs)
    records.set_player_round_record(anna, fide, player, 2, "F", confirmation=needs.token)
    assert fide_mode.trf_notes(fide) == [f"### FPB @ Round 2: {player.starting_number}"]


def test_q194_q196_prohibited_pairs_before_round_1_and_refused_after(anna, fide, trondheim_players):
    first, second, third = trondheim_players[:3]
    records.forbid_pair(anna, fide, first, second)
    play(anna, rounds.pair_next_round(anna, fide))
    with pytest.raises(RefusedInFideMode, match="leaving FIDE mode"):
        records.forbid_pair(anna, fide, first, third)
    fide.fide_mode = False
    fide.fide_mode_left_round = 1
    fide.save()
    assert asked(records.forbid_pair, anna, fide, first, third).level == Level.DOUBLE_CONFIRM


def test_q109_q110_the_acceleration_stays_as_it_was_after_round_1(anna, fide, trondheim_players):
    records.set_acceleration(anna, fide, trondheim_players[0], 1, 2, "1")
    rounds.publish_round(anna, rounds.pair_next_round(anna, fide))
    with pytest.raises(RefusedInFideMode):
        records.set_acceleration(anna, fide, trondheim_players[0], 2, 2, "0")
    with pytest.raises(records.SwissError):
        records.set_baku_acceleration(anna, fide, True)


def test_q189_q191_only_the_current_and_previous_rounds_results_are_corrected(anna, fide):
    for _ in range(3):
        play(anna, rounds.pair_next_round(anna, fide))
    game = fide.rounds.get(number=1).games.get(board=1)
    other = "1/2" if game.result != "1/2" else "1-0"
    with pytest.raises(ResultError, match="leaving FIDE mode"):
        record_result(anna, game, other)
    record_result(anna, fide.rounds.get(number=2).games.get(board=1), other)
    record_result(anna, fide.rounds.get(number=3).games.get(board=1), other)
    fide.fide_mode = False
    fide.fide_mode_left_round = 3
    fide.save()
    assert record_result(anna, game, other).result == other


def test_q66_a_swap_into_a_rematch_is_confirmed_then_made(anna, fide):
    play(anna, rounds.pair_next_round(anna, fide))
    draft = rounds.pair_next_round(anna, fide)
    top = draft.games.get(board=1)
    first_round = fide.rounds.get(number=1).games
    old = first_round.filter(white=top.white).first() or first_round.get(black=top.white)
    opponent = old.black if old.white_id == top.white_id else old.white
    needs = asked(rounds.swap_players, anna, draft, top.black, opponent)
    assert needs.level == Level.CONFIRM and "already played" in str(needs)
    rounds.swap_players(anna, draft, top.black, opponent, confirmation=needs.token)
    draft.refresh_from_db()
    assert draft.version == 2


def test_q67_both_colours_reversed_are_acknowledged(anna, fide):
    """Round 2's engine pairing grants both players their colour: flipping a board reverses
    both."""
    play(anna, rounds.pair_next_round(anna, fide))
    draft = rounds.pair_next_round(anna, fide)
    levels = []
    for game in draft.games.all():
        needs = asked(rounds.set_colours, anna, draft, game.board, game.black)
        levels.append(needs.level if needs else None)
        if needs is None:
            break  # the flip went through: the draft has moved on
    assert Level.ACKNOWLEDGE in levels


def test_the_swiss_page_shows_the_confirmation_in_its_section(anna, anna_client, fide):
    play(anna, rounds.pair_next_round(anna, fide))
    draft = rounds.pair_next_round(anna, fide)
    top = draft.games.get(board=1)
    first_round = fide.rounds.get(number=1).games
    old = first_round.filter(white=top.white).first() or first_round.get(black=top.white)
    opponent = old.black if old.white_id == top.white_id else old.white
    data = {
        "seen": rounds.draft_token(draft),
        "first_number": top.black.starting_number,
        "second_number": opponent.starting_number,
    }
    url = reverse("round_swap", args=[fide.pk, 2])
    page = anna_client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert 'id="rule-warnings"' in page and "Level 3" in page
    assert f'action="{url}"' in page and reverse("swiss", args=[fide.pk]) in page
    token = page.split('name="confirmation" value="')[1].split('"')[0]
    response = anna_client.post(url, {**data, "confirmation": token})
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.version == 2
