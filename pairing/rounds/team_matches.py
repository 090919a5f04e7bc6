"""The rows of a round of team matches (docs/teams.md, "Rounds of team matches"): what a team
system's pairer proposes (:class:`MatchPlan`), written as team matches, their games board by
board and the empty boards, and the teams' byes. The round lifecycle (pairing/rounds/services.py)
writes a team proposal with :func:`write_matches`; editing a draft writes it again.

Board numbers are unique in a round: board ``b`` of the match at table ``t`` is the round's
board ``(t - 1) * boards + b``, so the individual pages, results and exports keep working.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.core.models import Game, Round, TeamMatch
from arbiter.teams.models import TeamBye
from pairing.rounds.models import EmptyBoard


@dataclass(frozen=True)
class MatchPlan:
    """One match of a proposed round: the team named first (``home``: White on board 1) and
    the other, by team id, and the players of each board by entry id, (White, Black) in board
    order, None where a lineup left the board empty."""

    home: int
    away: int
    boards: tuple[tuple[int | None, int | None], ...]


def round_board(table: int, board: int, boards: int) -> int:
    """The round's board number of board ``board`` of the match at ``table``."""
    return (table - 1) * boards + board


def write_matches(round_: Round, matches: list[MatchPlan], team_byes: dict[int, str]) -> None:
    """Create the round's team matches in table order, each with its games and empty boards,
    and the teams' byes (team id -> ``TeamBye.Kind``)."""
    games, empty = [], []
    for table, plan in enumerate(matches, start=1):
        match = TeamMatch.objects.create(
            round=round_, table=table, home_id=plan.home, away_id=plan.away
        )
        for board, (white, black) in enumerate(plan.boards, start=1):
            if white is not None and black is not None:
                number = round_board(table, board, len(plan.boards))
                games.append(
                    Game(
                        round=round_, board=number, white_id=white, black_id=black, team_match=match
                    )
                )
            else:
                empty.append(EmptyBoard(match=match, board=board, white_id=white, black_id=black))
    Game.objects.bulk_create(games)
    EmptyBoard.objects.bulk_create(empty)
    TeamBye.objects.bulk_create(
        TeamBye(round=round_, team_id=team, kind=kind) for team, kind in team_byes.items()
    )


def clear_matches(round_: Round) -> None:
    """Delete the round's matches, their games and empty boards, and the teams' pairing-allocated
    bye (a draft is written again after an edit)."""
    round_.games.all().delete()
    round_.team_matches.all().delete()
    round_.team_byes.filter(kind=TeamBye.Kind.PAIRING_ALLOCATED).delete()


def plans_of(round_: Round) -> list[MatchPlan]:
    """The round's matches as plans, in table order (what an edit starts from)."""
    plans = []
    for match in round_.team_matches.order_by("table").prefetch_related("games", "empty_boards"):
        boards: dict[int, tuple[int | None, int | None]] = {}
        count = match.games.count() + match.empty_boards.count()
        for game in match.games.all():
            boards[game.board - (match.table - 1) * count] = (game.white_id, game.black_id)
        for empty in match.empty_boards.all():
            boards[empty.board] = (empty.white_id, empty.black_id)
        plans.append(
            MatchPlan(match.home_id, match.away_id, tuple(boards[b] for b in sorted(boards)))
        )
    return plans
