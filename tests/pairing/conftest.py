"""Swiss personas.

- The Trondheim Open is Anna's published FIDE Dutch Swiss (2026 rules) of ten players, five
  rounds, nothing paired yet: starting numbers follow the ratings, 2400 down to 2310.
"""

import random

import pytest

from arbiter.models import System
from arbiter.services.results import record_result
from pairing.services import swiss
from tests.factories import EntryFactory, TournamentFactory


@pytest.fixture
def trondheim_open(anna):
    tournament = TournamentFactory(
        name="Trondheim Open", system=System.SWISS_DUTCH, chief=anna, planned_rounds=5
    )
    for number in range(1, 11):
        EntryFactory(
            tournament=tournament,
            name=f"Player {number:02d}, Trondheim",
            rating=2410 - 10 * number,
            starting_number=None,
        )
    tournament.initial_colour = "w"
    tournament.save()
    return tournament


@pytest.fixture
def trondheim_players(trondheim_open):
    """The ten players by rating (starting number order once round 1 is paired)."""
    return list(trondheim_open.entries.order_by("-rating"))


def play(user, round_, seed=1):
    """Publish a draft and enter a result on every board, drawn by a seeded random."""
    rng = random.Random(seed * 1000 + round_.number)
    if round_.state == "draft":
        swiss.publish_round(user, round_)
    for game in round_.games.order_by("board"):
        record_result(user, game, rng.choice(["1-0", "0-1", "1/2", "1-0"]))
