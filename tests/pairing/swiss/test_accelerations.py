"""Acceleration by player and round (C.04.7; TRF ``XXA``): the arbiter's setting, what the
engine is given, and what it refuses."""

from decimal import Decimal

import pytest

from pairing.engines.trf import write_trf
from pairing.rounds import services as rounds
from pairing.swiss.models import Acceleration
from pairing.swiss.records import SwissError, set_acceleration, set_baku_acceleration
from pairing.swiss.trf.export import tournament_trf

pytestmark = pytest.mark.django_db


def test_an_accelerated_player_is_paired_as_if_he_had_the_points(anna, trondheim_open):
    last = trondheim_open.entries.order_by("rating").first()
    set_acceleration(anna, trondheim_open, last, 1, 2, "1")
    round_one = rounds.pair_next_round(anna, trondheim_open)
    board = round_one.games.filter(white=last).first() or round_one.games.get(black=last)
    assert {board.white.starting_number, board.black.starting_number} == {1, 10}


def test_the_engine_and_the_export_get_the_accelerations_as_xxa(anna, trondheim_open):
    entry = trondheim_open.entries.order_by("-rating").first()
    entry.starting_number = 1
    entry.save()
    set_acceleration(anna, trondheim_open, entry, 2, 3, "0.5")
    trf = tournament_trf(trondheim_open, through_round=0, next_round=True)
    assert trf.accelerations == ((1, (0, 5, 5)),) and trf.accelerations_specified
    assert "XXA    1  0.0  0.5  0.5" in write_trf(trf).split("\n")


def test_zero_points_remove_an_acceleration(anna, trondheim_open):
    entry = trondheim_open.entries.first()
    set_acceleration(anna, trondheim_open, entry, 1, 3, "1")
    set_acceleration(anna, trondheim_open, entry, 2, 3, "0")
    assert list(Acceleration.objects.values_list("round_number", "points")) == [(1, Decimal(1))]


@pytest.mark.parametrize(
    ("first", "last", "points", "message"),
    [
        (1, 1, "x", "not a number"),
        (1, 1, "-1", "0 to 99"),
        (1, 1, "0.25", "tenths"),
        (3, 2, "1", "from the first to the last"),
        (1, 120, "1", "at most 99 rounds"),
    ],
)
def test_nonsense_is_refused_with_a_message(anna, trondheim_open, first, last, points, message):
    with pytest.raises(SwissError, match=message):
        set_acceleration(anna, trondheim_open, trondheim_open.entries.first(), first, last, points)
    assert not Acceleration.objects.exists()


def test_a_round_already_paired_keeps_its_acceleration(anna, trondheim_open):
    rounds.pair_next_round(anna, trondheim_open)
    with pytest.raises(SwissError, match="Round 1 is already paired"):
        set_acceleration(anna, trondheim_open, trondheim_open.entries.first(), 1, 2, "1")


def test_baku_and_accelerations_by_hand_exclude_each_other(anna, trondheim_open):
    set_acceleration(anna, trondheim_open, trondheim_open.entries.first(), 1, 1, "1")
    with pytest.raises(SwissError, match="accelerations of their own"):
        set_baku_acceleration(anna, trondheim_open, True)
    set_acceleration(anna, trondheim_open, trondheim_open.entries.first(), 1, 1, "0")
    set_baku_acceleration(anna, trondheim_open, True)
    with pytest.raises(SwissError, match="Baku acceleration is on"):
        set_acceleration(anna, trondheim_open, trondheim_open.entries.first(), 1, 1, "1")


def test_the_swiss_page_offers_and_takes_the_setting(anna, anna_client, trondheim_open):
    page = anna_client.get(f"/arbiter/t/{trondheim_open.pk}/swiss/")
    assert b"Acceleration by player" in page.content
    entry = trondheim_open.entries.first()
    anna_client.post(
        f"/arbiter/t/{trondheim_open.pk}/swiss/accelerate/",
        {"entry": entry.pk, "first": "1", "last": "2", "points": "1"},
    )
    assert Acceleration.objects.filter(entry=entry).count() == 2


def test_baku_accelerates_the_first_half_rounded_up_to_an_even_number(anna, trondheim_open):
    # C.04.7 with 10 players: GA is 6 (not bbpPairings' 5): 1-4, 2-5, 3-6 and 7-9, 8-10
    set_baku_acceleration(anna, trondheim_open, True)
    round_one = rounds.pair_next_round(anna, trondheim_open)
    pairs = {
        frozenset((g.white.starting_number, g.black.starting_number)) for g in round_one.games.all()
    }
    assert pairs == {frozenset(p) for p in ((1, 4), (2, 5), (3, 6), (7, 9), (8, 10))}
