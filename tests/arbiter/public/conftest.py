import pytest

from pairing.rounds import services as rounds
from tests.pairing.conftest import play


@pytest.fixture
def played_open(anna, trondheim_open):
    """The Trondheim Open with two rounds paired, played and published through the services,
    and the tournament published."""
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    play(anna, rounds.pair_next_round(anna, trondheim_open), seed=2)
    trondheim_open.is_published = True
    trondheim_open.save()
    return trondheim_open
