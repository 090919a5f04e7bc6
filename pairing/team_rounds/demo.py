"""The demo of the team systems (arbiter/desk/demo.py, and every system's test): teams made of
the tournament's players when it has none, then rounds paired, published and played through the
same services as the pages."""

import random

from arbiter.core.models import Game, Team, Tournament
from arbiter.core.services.audit import record
from arbiter.core.services.results import record_result
from arbiter.teams.lineups import board_order
from arbiter.teams.models import Lineup, LineupBoard, TeamSettings
from pairing.engines import results
from pairing.rounds import services as rounds

TEAM_NAMES = (
    "Oslo SK",
    "Bergen SK",
    "Trondheim SK",
    "Stavanger SK",
    "Tromsø SK",
    "Bodø SK",
    "Ålesund SK",
    "Drammen SK",
    "Hamar SK",
    "Molde SK",
    "Lillehammer SK",
    "Narvik SK",
)


def make_teams(user, tournament: Tournament, most_boards: int = 4) -> None:
    """Teams of the tournament's players, when it has none: ``boards`` players each (4, or 2
    for a small field), the strongest spread over the teams (team ``i`` takes players ``i``,
    ``i + n``, ...), each team's board order by rating; the event's settings made with them."""
    if tournament.teams.exists():
        return
    entries = list(tournament.entries.filter(withdrawn=False).order_by("-rating", "name"))
    boards = most_boards if len(entries) >= 4 * most_boards else 2
    count = min(len(entries) // boards, len(TEAM_NAMES))
    TeamSettings.objects.update_or_create(
        tournament=tournament, defaults={"boards": boards, "most_players": boards}
    )
    for index in range(count):
        team = Team.objects.create(tournament=tournament, name=TEAM_NAMES[index], number=index + 1)
        for board, entry in enumerate(entries[index : boards * count : count], start=1):
            entry.team, entry.team_board = team, board
            entry.save(update_fields=["team", "team_board"])
    record(
        user,
        tournament,
        "team.create",
        f"Demo: {count} teams of {boards} players",
        after={"teams": count, "boards": boards},
    )


def play_team_rounds(user, tournament: Tournament, *, complete: int, draft: bool = True) -> None:
    """``complete`` rounds paired, published and played (results drawn with a fixed seed),
    then the next one left as a draft when ``draft``."""
    rng = random.Random(2026)
    outcomes = [r.code for r in results.OVER_THE_BOARD]
    for number in range(1, complete + 1):
        if number == 2:
            one_short(user, tournament, number)
        round_ = rounds.publish_round(user, rounds.pair_next_round(user, tournament))
        for game in Game.objects.filter(round=round_).order_by("board"):
            record_result(user, game, rng.choices(outcomes, weights=[4, 3, 3])[0])
    if draft:
        rounds.pair_next_round(user, tournament)


def one_short(user, tournament: Tournament, number: int) -> None:
    """The last team comes to round ``number`` one player short: its lineup leaves the last
    board empty, which its opponent wins by forfeit (an empty board of the match)."""
    team = tournament.teams.order_by("-number").first()
    boards = TeamSettings.objects.get(tournament=tournament).boards
    if team is None or boards < 2:
        return
    lineup = Lineup.objects.create(team=team, round_number=number, submitted_by=user)
    for board, entry in enumerate(board_order(team)[: boards - 1], start=1):
        LineupBoard.objects.create(lineup=lineup, board=board, entry=entry)
    LineupBoard.objects.create(lineup=lineup, board=boards, entry=None)
    record(
        user,
        tournament,
        "lineup.save",
        f"Demo: {team.name}'s lineup of round {number}, board {boards} empty",
        after={"round": number, "boards": boards - 1},
    )
