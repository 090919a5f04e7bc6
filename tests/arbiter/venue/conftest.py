"""A published Swiss round of four players for the players' results: Aas (White) against Berg on
board 1, Dahl (White) against Lie on board 2; players' results turned on."""

from dataclasses import dataclass

import pytest

from arbiter.core.models import Entry, Game, Round, Tournament
from arbiter.venue.models import VenueSettings
from arbiter.venue.services.cards import key_for
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

NAMES = ["Aas, Kari", "Berg, Ola", "Dahl, Per", "Lie, Jo"]


@dataclass
class Board:
    tournament: Tournament
    round: Round
    players: list[Entry]
    game: Game  # board 1: Aas - Berg
    other: Game  # board 2: Dahl - Lie

    def secret(self, index: int) -> str:
        return key_for(self.players[index]).secret


def venue_round(anna, *, on: bool = True) -> Board:
    tournament = TournamentFactory(name="Card Open", chief=anna, planned_rounds=5)
    players = [
        EntryFactory(tournament=tournament, name=name, starting_number=n)
        for n, name in enumerate(NAMES, start=1)
    ]
    round_ = play_round(tournament, 1, [(players[0], players[1], ""), (players[2], players[3], "")])
    VenueSettings.objects.create(tournament=tournament, players_results=on)
    games = list(round_.games.order_by("board"))
    return Board(tournament, round_, players, games[0], games[1])


@pytest.fixture
def board(anna) -> Board:
    return venue_round(anna)
