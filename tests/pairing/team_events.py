"""Team events for the team systems' tests: a tournament with its settings, numbered teams and
their players (board order by rating), made through the services the pages use."""

from arbiter.core.models import Team, Tournament
from arbiter.core.services.entries import import_entries
from arbiter.core.services.tournaments import create_tournament
from arbiter.teams.models import Lineup, LineupBoard, TeamSettings


def team_event(
    user,
    system: str,
    *,
    teams: int,
    boards: int = 2,
    reserves: int = 0,
    rounds: int | None = None,
    **settings,
) -> Tournament:
    """A published team event of ``teams`` teams named "Team 1", ... (pairing numbers 1..n),
    each with ``boards`` + ``reserves`` players "T<team> P<board>" rated in board order."""
    tournament = create_tournament(
        user,
        {
            "name": f"Teams {system}",
            "system": system,
            "city": "Oslo",
            "federation": "NOR",
            "planned_rounds": rounds if rounds is not None else teams - 1 + teams % 2,
            "is_published": True,
        },
    )
    TeamSettings.objects.create(tournament=tournament, boards=boards, **settings)
    per_team = boards + reserves
    import_entries(
        user,
        tournament,
        [
            {"name": f"T{team} P{board}", "rating": 2500 - 10 * board - team}
            for team in range(1, teams + 1)
            for board in range(1, per_team + 1)
        ],
    )
    for number in range(1, teams + 1):
        team = Team.objects.create(tournament=tournament, name=f"Team {number}", number=number)
        for board in range(1, per_team + 1):
            entry = tournament.entries.get(name=f"T{number} P{board}")
            entry.team, entry.team_board = team, board
            entry.save(update_fields=["team", "team_board"])
    return tournament


def set_lineup(team: Team, round_number: int, players: list) -> Lineup:
    """The team's lineup of the round: entries (or None, an empty board) in board order."""
    lineup = Lineup.objects.create(team=team, round_number=round_number)
    for board, entry in enumerate(players, start=1):
        LineupBoard.objects.create(lineup=lineup, board=board, entry=entry)
    return lineup
