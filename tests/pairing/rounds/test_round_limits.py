"""No tournament has more than MAX_ROUNDS rounds, however they come: paired one by one, or all
at once by a round robin's drawing."""

import pytest
from django.test import override_settings

from arbiter.core.models import Round
from pairing.round_robin.services import (
    DrawingError,
    confirm_drawing,
    draw_for_player,
    start_drawing,
)
from pairing.rounds import services as rounds
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db


@override_settings(MAX_ROUNDS=1)
def test_a_swiss_pairs_no_round_past_the_limit(anna, trondheim_open, trondheim_players):
    trondheim_open.planned_rounds = None
    trondheim_open.save()
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    with pytest.raises(rounds.RoundError, match=r"at most 1 rounds \(MAX_ROUNDS\)"):
        rounds.pair_next_round(anna, trondheim_open)
    assert Round.objects.filter(tournament=trondheim_open).count() == 1


def test_a_double_round_robin_with_more_rounds_than_allowed_cannot_start(
    anna, oslo_invitational, settings
):
    settings.MAX_ROUNDS = 17  # ten players: nine rounds a cycle
    with pytest.raises(DrawingError, match=r"10 players make 18 rounds; .* at most 17"):
        start_drawing(anna, oslo_invitational, double_round_robin=True)
    assert start_drawing(anna, oslo_invitational).double_round_robin is False


def test_the_limit_is_checked_again_when_the_drawing_makes_the_rounds(
    anna, oslo_invitational, settings
):
    drawing = start_drawing(anna, oslo_invitational)
    for step in range(10):
        draw_for_player(anna, drawing, step)
    settings.MAX_ROUNDS = 8
    with pytest.raises(DrawingError, match="10 players make 9 rounds"):
        confirm_drawing(anna, drawing)
    assert not Round.objects.filter(tournament=oslo_invitational).exists()
