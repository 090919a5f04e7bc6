"""Rounds with results, for the scoring, result and crosstable tests.

- The Oslo Round Robin is Anna's published round robin of four: Aas 1, Berg 2, Dahl 3, Lie 4.
"""

import pytest

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.factories import ByeFactory, EntryFactory, GameFactory, RoundFactory, TournamentFactory

OSLO_PLAYERS = ["Aas, Kari", "Berg, Ola", "Dahl, Per", "Lie, Jo"]


@pytest.fixture
def oslo_rr(anna):
    tournament = TournamentFactory(name="Oslo Round Robin", chief=anna, system=System.ROUND_ROBIN)
    for number, name in enumerate(OSLO_PLAYERS, start=1):
        EntryFactory(tournament=tournament, name=name, starting_number=number)
    return tournament


@pytest.fixture
def oslo_players(oslo_rr):
    """The four players by starting number, as a list indexed from 0."""
    return list(oslo_rr.entries.order_by("starting_number"))


def play_round(tournament, number, games=(), byes=(), state=Round.State.PUBLISHED):
    """A round with (white, black, result) on boards 1, 2, ... and (entry, kind) byes."""
    round_ = RoundFactory(tournament=tournament, number=number, state=state)
    for board, (white, black, result) in enumerate(games, start=1):
        GameFactory(round=round_, board=board, white=white, black=black, result=result)
    for entry, kind in byes:
        ByeFactory(round=round_, entry=entry, kind=kind)
    return round_
