"""Rounds with results, for the scoring, result and crosstable tests.

- The Oslo Round Robin is Anna's published round robin of four: Aas 1, Berg 2, Dahl 3, Lie 4.
"""

import pytest

from arbiter.core.models import Entry, Game, Round, Team, TeamMatch
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


@pytest.fixture
def olympiad(anna):
    return TournamentFactory(name="Nordic Team Cup", chief=anna)


def team(tournament, name, players):
    squad = Team.objects.create(tournament=tournament, name=name)
    for board, player in enumerate(players, start=1):
        Entry.objects.create(tournament=tournament, name=player, team=squad, team_board=board)
    return squad


@pytest.fixture
def norway_sweden(olympiad):
    norway = team(olympiad, "Norway", ["Carlsen, M", "Tari, A", "Hammer, J", "Christiansen, J"])
    sweden = team(olympiad, "Sweden", ["Grandelius, N", "Smith, A", "Hector, J", "Blomqvist, E"])
    round_ = Round.objects.create(tournament=olympiad, number=1)
    match = TeamMatch.objects.create(round=round_, table=1, home=norway, away=sweden)
    home, away = norway.members.order_by("team_board"), sweden.members.order_by("team_board")
    # the home team's points on boards 1-4: 1, ½, 0, 1; its colours alternate, White on board 1
    codes = ["1-0", "1/2", "0-1", "0-1"]
    for board, (h, a, result) in enumerate(zip(home, away, codes, strict=True), start=1):
        white, black = (h, a) if board % 2 else (a, h)
        Game.objects.create(
            round=round_, board=board, white=white, black=black, result=result, team_match=match
        )
    return match
