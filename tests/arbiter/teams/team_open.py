"""Team events built with the core models directly (teams, players in board order, rounds of
team matches with their games), since the team pairers are another room's: enough for the
standings and the public pages of a team round robin and a team Swiss.

Board numbers follow the team systems' convention: the boards of the match at table t are
(t - 1) * boards + 1 .. t * boards; colours alternate from board 1, the home team White on board 1
unless told (``pairing.engines.team_match.board_colours``).
"""

from decimal import Decimal

from arbiter.core.models import Entry, Game, Round, Team, TeamMatch, Tournament
from arbiter.teams.models import TeamBye, TeamSettings
from pairing.engines.team_match import board_colours
from tests.factories import TournamentFactory, changed

TEAM_ROUND_ROBIN = "team_round_robin"
TEAM_SWISS = "team_swiss"


def team_event(
    names: list[str],
    *,
    system: str = TEAM_SWISS,
    boards: int = 4,
    reserves: int = 1,
    published: bool = True,
    **settings,
) -> Tournament:
    """A tournament of teams named ``names`` (numbered 1..N in that order), each with ``boards``
    players and ``reserves`` reserves in board order, rated from 2400 down."""
    tournament = TournamentFactory(name="Team Open", system=system, is_published=published)
    TeamSettings.objects.create(tournament=tournament, boards=boards, **settings)
    starting = 1
    for number, name in enumerate(names, start=1):
        team = Team.objects.create(
            tournament=tournament, name=name, number=number, nickname=name[:5]
        )
        for board in range(1, boards + reserves + 1):
            Entry.objects.create(
                tournament=tournament,
                name=f"{name} {board}, Player",
                team=team,
                team_board=board,
                rating=2400 - 10 * starting,
                starting_number=starting,
            )
            starting += 1
    changed(tournament)
    return tournament


def teams_of(tournament: Tournament) -> dict[str, Team]:
    return {team.name: team for team in tournament.teams.all()}


def play_round(
    tournament: Tournament,
    number: int,
    matches: list[tuple[str, str, list[str]]],
    *,
    byes: list[tuple[str, str]] = (),
    state: str = Round.State.PUBLISHED,
    forfeits: dict[int, str] | None = None,
    lineups: dict[str, list[int]] | None = None,
) -> Round:
    """Round ``number`` with ``matches`` (home team, away team, each board's result code in
    board order as White reads it, "" while on), home White on board 1; ``byes`` (team, kind);
    ``forfeits`` {table: "+-"}; ``lineups`` {team: the slots of its board order on boards 1..}
    (default: its first players)."""
    boards = tournament.team_settings.boards
    round_ = Round.objects.create(tournament=tournament, number=number, state=state)
    teams = teams_of(tournament)
    for table, (home, away, codes) in enumerate(matches, start=1):
        match = TeamMatch.objects.create(
            round=round_,
            table=table,
            home=teams[home],
            away=teams[away],
            forfeit=(forfeits or {}).get(table, ""),
        )
        home_players = _lineup(teams[home], boards, (lineups or {}).get(home))
        away_players = _lineup(teams[away], boards, (lineups or {}).get(away))
        for board, (colour, code) in enumerate(
            zip(board_colours(boards), codes, strict=True), start=1
        ):
            ours, theirs = home_players[board - 1], away_players[board - 1]
            white, black = (ours, theirs) if colour == "W" else (theirs, ours)
            Game.objects.create(
                round=round_,
                board=(table - 1) * boards + board,
                white=white,
                black=black,
                result=code,
                team_match=match,
            )
    for team, kind in byes:
        TeamBye.objects.create(round=round_, team=teams[team], kind=kind)
    changed(tournament)
    return round_


def _lineup(team: Team, boards: int, slots: list[int] | None) -> list[Entry]:
    players = {entry.team_board: entry for entry in team.members.all()}
    return [players[slot] for slot in (slots or range(1, boards + 1))]


def points(text: str) -> Decimal:
    return Decimal(text)
