"""The lineup a team plays a round with (docs/teams.md, "Lineups"): the one entered for the
round, or, when none came in, what the event's rule gives (``TeamSettings.missing_lineup``)."""

from arbiter.core.models import Entry, Team
from arbiter.teams.models import Lineup, TeamSettings


def board_order(team: Team) -> list[Entry]:
    """The team's players in its fixed board order, reserves last; withdrawn players left out."""
    return list(team.members.filter(withdrawn=False).order_by("team_board", "pk"))


def lineup_for(team: Team, round_number: int, settings: TeamSettings) -> list[Entry | None]:
    """The players on boards 1..``settings.boards`` of ``team`` in round ``round_number``
    (None: an empty board): its lineup of the round if one was entered, else its last lineup
    before the round (rule ``last``, players withdrawn since left out) or the first players of
    its board order (rule ``order``, and ``last`` before any lineup)."""
    entered = _lineup(team, round_number)
    if entered is None and settings.missing_lineup == TeamSettings.MissingLineup.LAST:
        earlier = team.lineups.filter(round_number__lt=round_number).order_by("-round_number")
        last = _boards(earlier.first(), settings.boards)
        if last is not None:
            return [entry if entry and not entry.withdrawn else None for entry in last]
    if entered is not None:
        return entered
    players: list[Entry | None] = list(board_order(team)[: settings.boards])
    return players + [None] * (settings.boards - len(players))


def _lineup(team: Team, round_number: int) -> list[Entry | None] | None:
    lineup = team.lineups.filter(round_number=round_number).first()
    return _boards(lineup, team.tournament.team_settings.boards)


def _boards(lineup: Lineup | None, boards: int) -> list[Entry | None] | None:
    if lineup is None:
        return None
    placed = {row.board: row.entry for row in lineup.boards.select_related("entry")}
    return [placed.get(board) for board in range(1, boards + 1)]
