"""A team event for the team room's tests: Anna's league, two teams of six players each (four
boards, two reserves), Carl the captain of the first team. Built with any system: the team
systems register themselves on their own branch (docs/teams.md)."""

import pytest

from arbiter.core.models import Entry
from arbiter.teams.models import TeamSettings
from arbiter.teams.services import rosters
from tests.factories import EntryFactory, TournamentFactory, UserFactory


@pytest.fixture
def carl(db):
    return UserFactory(username="carl", first_name="Carl")


@pytest.fixture
def league(anna):
    tournament = TournamentFactory(name="Nordic League", chief=anna)
    TeamSettings.objects.create(tournament=tournament, boards=4, most_players=6)
    return tournament


def team_of(anna, tournament, name: str, players: int = 6, captain=None, rating=2300):
    team = rosters.add_team(anna, tournament, {"name": name})
    for n in range(players):
        entry = EntryFactory(
            tournament=tournament,
            name=f"{name} {n + 1}, Player",
            rating=rating - 10 * n,
            starting_number=None,
        )
        Entry.objects.filter(pk=entry.pk).update(team=team, team_board=n + 1)
    if captain is not None:
        team.captain = captain
        team.save()
    return team


@pytest.fixture
def vikings(anna, league, carl):
    return team_of(anna, league, "Vikings", captain=carl)


@pytest.fixture
def trolls(anna, league):
    return team_of(anna, league, "Trolls", rating=2400)


def board_order(team) -> list[Entry]:
    return list(team.members.order_by("team_board"))
