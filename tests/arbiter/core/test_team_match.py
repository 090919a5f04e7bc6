"""The core holds a match between two teams made of board games (issue 27), the ground the team
events (C.04.6, team round robins) are built on: teams with a fixed board order, a match per
table in a round, each board a game of the match."""

import pytest
from django.db import IntegrityError, transaction

from arbiter.core.models import Entry, Team, TeamMatch
from arbiter.core.services.tournaments import delete_tournament

pytestmark = pytest.mark.django_db


def team_points(match: TeamMatch, squad: Team) -> float:
    total = 0.0
    for game in match.games.select_related("white"):
        colour = "w" if game.white.team_id == squad.pk else "b"
        white, black = game.outcome.points()
        total += float(white if colour == "w" else black)
    return total


def test_a_match_is_the_games_of_its_boards_in_board_order(norway_sweden):
    boards = [(g.board, g.white.team.name) for g in norway_sweden.games.select_related("white")]
    assert boards == [(1, "Norway"), (2, "Sweden"), (3, "Norway"), (4, "Sweden")]
    assert team_points(norway_sweden, norway_sweden.home) == 2.5
    assert team_points(norway_sweden, norway_sweden.away) == 1.5


def test_a_team_meets_one_team_per_round_and_never_itself(norway_sweden):
    with transaction.atomic(), pytest.raises(IntegrityError):
        TeamMatch.objects.create(
            round=norway_sweden.round, table=2, home=norway_sweden.home, away=norway_sweden.home
        )
    with transaction.atomic(), pytest.raises(IntegrityError):
        TeamMatch.objects.create(
            round=norway_sweden.round, table=2, home=norway_sweden.home, away=norway_sweden.away
        )


def test_two_members_of_a_team_never_share_a_board(norway_sweden):
    norway = norway_sweden.home
    with transaction.atomic(), pytest.raises(IntegrityError):
        Entry.objects.create(
            tournament=norway.tournament, name="Reserve", team=norway, team_board=1
        )


def test_deleting_the_event_takes_its_teams_and_matches(anna, norway_sweden):
    olympiad = norway_sweden.round.tournament
    delete_tournament(anna, olympiad, olympiad.name)
    assert not Team.objects.exists() and not TeamMatch.objects.exists()


def test_a_tournament_with_a_team_bye_and_lineups_is_deleted_whole(
    norway_sweden, django_user_model
):
    from arbiter.teams.models import Lineup, LineupBoard, TeamBye

    tournament = norway_sweden.round.tournament
    bye_team = Team.objects.create(tournament=tournament, name="Iceland")
    TeamBye.objects.create(round=norway_sweden.round, team=bye_team, kind="U")
    lineup = Lineup.objects.create(team=norway_sweden.home, round_number=2)
    LineupBoard.objects.create(lineup=lineup, board=1, entry=norway_sweden.home.members.first())
    chief = django_user_model.objects.create(username="deleting-chief")
    delete_tournament(chief, tournament, tournament.name)
    assert not Team.objects.filter(tournament_id=tournament.pk).exists()
    assert not TeamBye.objects.exists() and not LineupBoard.objects.exists()
