"""A team event's public data as rows and dicts, for the CSV and JSON downloads (docs/teams.md,
"Team exports and imports"; docs/schema/tournament-v1.json, ``teams`` and ``matches``).

Everything comes from the team file model (:func:`arbiter.teams.trf_export.team_trf`) of the
public rounds (published or complete, from the first on: a draft is left out), so the CSV, the
JSON and the TRF count match and game points alike. A game still on has no result and gives
no points yet.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from arbiter.core.models import Entry, Round, Tournament
from arbiter.teams.trf_export import team_trf
from pairing.engines.trf_team import TeamTrf

TEAM_COLUMNS = [
    "rank",
    "number",
    "name",
    "nickname",
    "federation",
    "match_points",
    "game_points",
    "matches",
    "players",
]
BOARD_COLUMNS = [
    "round",
    "white_team",
    "black_team",
    "board",
    "white_team_player_number",
    "white_team_player_name",
    "black_team_player_number",
    "black_team_player_name",
    "white_team_colour",
    "result",
    "white_team_points",
    "black_team_points",
    "match_forfeit",
]
#: What the TRF result codes of a board read as, from the white team's player's side.
_RESULTS = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2", ("+", "-"): "+--"}
_RESULTS |= {("-", "+"): "--+", ("-", "-"): "---", ("+", " "): "+--", (" ", "+"): "--+"}


def public_through(tournament: Tournament) -> int:
    """The last public round, counting from the first (a draft round ends the count)."""
    done = 0
    states = tournament.rounds.order_by("number").values_list("number", "state")
    for number, state in states:
        if number != done + 1 or state == Round.State.DRAFT:
            break
        done = number
    return done


def public_file(tournament: Tournament) -> TeamTrf:
    return team_trf(tournament, through_round=public_through(tournament))


def _points(value: Decimal) -> str:
    return format(value.normalize(), "f") if value else "0"


def team_rows(tournament: Tournament, file: TeamTrf | None = None) -> list[dict[str, Any]]:
    """The teams by rank (the scores; ties by number), with their match and game points,
    matches played and players (starting numbers in board order)."""
    file = file or public_file(tournament)
    federations = dict(tournament.teams.values_list("number", "federation"))
    rows = [
        {
            "rank": team.rank or "",
            "number": team.number,
            "name": team.name,
            "nickname": team.nickname,
            "federation": federations.get(team.number, ""),
            "match_points": _points(team.match_points or Decimal(0)),
            "game_points": _points(team.game_points or Decimal(0)),
            "matches": sum(r.is_match for r in file.rounds[team.number]),
            "players": " ".join(map(str, team.players)),
        }
        for team in file.records.teams
    ]
    rows.sort(key=lambda row: (row["rank"] or 10**6, row["number"]))
    return rows


def board_rows(tournament: Tournament, file: TeamTrf | None = None) -> list[dict[str, Any]]:
    """Every board of every public match, round by round (a match forfeited as a whole is one
    row with its ``330`` type), then each team's byes as a row without boards."""
    file = file or public_file(tournament)
    names = dict(
        Entry.objects.filter(tournament=tournament, team__isnull=False).values_list(
            "starting_number", "name"
        )
    )
    team_names = {team.number: team.name for team in file.records.teams}
    rows: list[dict[str, Any]] = []
    for match in file.matches:
        common = {
            "round": match.round,
            "white_team": team_names[match.white],
            "black_team": team_names[match.black],
        }
        if match.forfeit:
            rows.append(
                {
                    **dict.fromkeys(BOARD_COLUMNS, ""),
                    **common,
                    "white_team_points": _points(match.white_game_points),
                    "black_team_points": _points(match.black_game_points),
                    "match_forfeit": match.forfeit,
                }
            )
            continue
        for board in match.boards:
            white_p, black_p = board.white_team_player, board.black_team_player
            code = (board.white_team_code, board.black_team_code)
            finished = white_p is None or black_p is None or " " not in code
            rows.append(
                {
                    **common,
                    "board": board.board,
                    "white_team_player_number": white_p or "",
                    "white_team_player_name": names.get(white_p, "") if white_p else "",
                    "black_team_player_number": black_p or "",
                    "black_team_player_name": names.get(black_p, "") if black_p else "",
                    "white_team_colour": board.colour,
                    "result": _RESULTS.get(code, "") if finished else "",
                    "white_team_points": _points(board.white_team_points) if finished else "",
                    "black_team_points": _points(board.black_team_points) if finished else "",
                    "match_forfeit": "",
                }
            )
    for tpn, team_rounds in file.rounds.items():
        for r in team_rounds:
            if r.opponent is None and r.kind != "absent":
                rows.append(
                    {
                        **dict.fromkeys(BOARD_COLUMNS, ""),
                        "round": r.round,
                        "white_team": team_names[tpn],
                        "black_team": f"bye ({r.kind})",
                        "white_team_points": _points(r.game_points),
                        "match_forfeit": "",
                    }
                )
    rows.sort(key=lambda row: (row["round"], row["black_team"].startswith("bye (")))
    return rows


def _number(value: Decimal | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def team_document(tournament: Tournament) -> dict[str, Any]:
    """The JSON document's ``teams`` and ``matches`` (docs/schema/tournament-v1.json)."""
    file = public_file(tournament)
    federations = dict(tournament.teams.values_list("number", "federation"))
    teams = [
        {
            "number": team.number,
            "name": team.name,
            "nickname": team.nickname,
            "federation": federations.get(team.number, ""),
            "rank": team.rank,
            "match_points": _number(team.match_points),
            "game_points": _number(team.game_points),
            "players": list(team.players),
            "rounds": [
                {
                    "round": r.round,
                    "kind": r.kind,
                    "opponent": r.opponent,
                    "colour": r.colour or None,
                    "match_points": _number(r.match_points),
                    "game_points": _number(r.game_points),
                }
                for r in file.rounds[team.number]
            ],
        }
        for team in file.records.teams
    ]
    matches = []
    for match in file.matches:
        matches.append(
            {
                "round": match.round,
                "white_team": match.white,
                "black_team": match.black,
                "forfeit": match.forfeit or None,
                "white_match_points": _number(match.white_match_points),
                "black_match_points": _number(match.black_match_points),
                "white_game_points": _number(match.white_game_points),
                "black_game_points": _number(match.black_game_points),
                "boards": [
                    {
                        "board": b.board,
                        "white_team_player": b.white_team_player,
                        "black_team_player": b.black_team_player,
                        "white_team_colour": b.colour or None,
                        "white_team_points": _number(b.white_team_points),
                        "black_team_points": _number(b.black_team_points),
                        "played": b.played,
                    }
                    for b in match.boards
                ],
            }
        )
    return {"boards": file.records.boards, "teams": teams, "matches": matches}
