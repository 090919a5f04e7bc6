"""Team events for the export and import tests, built as the team systems store them
(pairing/team_rounds/writing.py): a match's board ``b`` at table ``t`` is the round's board
``(t - 1) * boards + b``, the team named first has White on board 1, a board nobody sat at is
an empty board of the match, a team's bye a ``TeamBye``."""

import datetime
from decimal import Decimal

from arbiter.core.models import Entry, Game, Round, Team, TeamMatch
from arbiter.core.systems import System
from arbiter.teams.models import TeamBye, TeamSettings
from arbiter.teams.trf_export import empty_board_model
from pairing.engines import team_match
from tests.factories import TournamentFactory

DEMO_TEAMS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]


def team_event(
    chief, *, teams=DEMO_TEAMS, boards=4, rounds=5, system=System.TEAM_SWISS, **settings
):
    """The §5.2 event: ``teams`` of ``boards`` players each (``Alpha, Player1`` ...), rated
    2400 downwards by 20 a team, 50 a board... as the spec's worked file."""
    tournament = TournamentFactory(
        name="Demo Team Swiss",
        chief=chief,
        system=system,
        city="Oslo",
        federation="NOR",
        start_date=datetime.date(2026, 3, 10),
        end_date=datetime.date(2026, 3, 12),
        planned_rounds=rounds,
        initial_colour="w",
    )
    TeamSettings.objects.create(tournament=tournament, boards=boards, **settings)
    number = 0
    for t, name in enumerate(teams, start=1):
        squad = Team.objects.create(tournament=tournament, name=name, number=t, nickname=name[:5])
        for board in range(1, boards + 1):
            number += 1
            Entry.objects.create(
                tournament=tournament,
                name=f"{name}, Player{board}",
                team=squad,
                team_board=board,
                starting_number=number,
                rating=2400 - 50 * (t - 1) - 20 * (board - 1),
                federation="NOR",
                fide_id=number * 1000 + 1,
                birth_year=2000,
                sex="m",
            )
    return tournament


def squad(tournament, number):
    return tournament.teams.get(number=number)


def players(team):
    return list(team.members.order_by("team_board"))


def play_match(round_, table, home, away, codes, *, boards=None, lineups=None, forfeit=""):
    """A match: ``home`` (White on board 1) against ``away``, board results ``codes`` from
    White's side ("1-0"...), players in board order unless ``lineups`` gives (home, away)
    lists (None: an empty board)."""
    boards = boards or len(codes)
    match = TeamMatch.objects.create(
        round=round_, table=table, home=home, away=away, forfeit=forfeit
    )
    if forfeit:
        return match
    h, a = lineups or (players(home)[:boards], players(away)[:boards])
    colours = team_match.board_colours(boards)
    for b, code in enumerate(codes, start=1):
        hp, ap = h[b - 1], a[b - 1]
        white, black = (hp, ap) if colours[b - 1] == "W" else (ap, hp)
        if white is not None and black is not None:
            Game.objects.create(
                round=round_,
                board=(table - 1) * boards + b,
                white=white,
                black=black,
                result=code,
                team_match=match,
            )
        else:
            empty_board_model().objects.create(match=match, board=b, white=white, black=black)
    return match


def spec_round_one(tournament):
    """Round 1 of §5.2: Alpha 2½-1½ Charlie, Delta 2-2 Bravo, Echo the PAB."""
    round_ = Round.objects.create(tournament=tournament, number=1, state=Round.State.COMPLETE)
    play_match(round_, 1, squad(tournament, 1), squad(tournament, 3), ["1-0", "1/2", "0-1", "0-1"])
    play_match(round_, 2, squad(tournament, 4), squad(tournament, 2), ["1/2", "1-0", "1-0", "1/2"])
    TeamBye.objects.create(round=round_, team=squad(tournament, 5), kind="U")
    return round_


def spec_event(chief):
    tournament = team_event(chief, bye_match_points=Decimal(2), bye_game_points=Decimal(2))
    spec_round_one(tournament)
    return tournament
