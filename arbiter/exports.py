"""A tournament's public data as plain rows and dicts, for the CSV and JSON downloads.

Only what the public may see: published and complete rounds (a draft round is left out, as on
the public pages). A constant number of queries whatever the size of the field.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from arbiter.models import Bye, Game, Tournament
from arbiter.scoring import COUNTED_STATES, bye_points, game_points
from arbiter.standings import standings

PLAYER_COLUMNS = [
    "rank",
    "starting_number",
    "title",
    "name",
    "federation",
    "rating",
    "fide_id",
    "club",
    "sex",
    "birth_year",
    "points",
    "withdrawn",
]
RESULT_COLUMNS = [
    "round",
    "board",
    "white_number",
    "white_name",
    "black_number",
    "black_name",
    "result",
    "white_points",
    "black_points",
]


def _number(value: Decimal) -> str:
    return format(value.normalize(), "f") if value else "0"


def player_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The players in standings order, with their points after the last public round."""
    table = standings(tournament)
    rows = []
    for row in table.rows:
        e = row.entry
        rows.append(
            {
                "rank": row.rank,
                "starting_number": e.starting_number,
                "title": e.title,
                "name": e.name,
                "federation": e.federation,
                "rating": e.rating or "",
                "fide_id": e.fide_id or "",
                "club": e.club,
                "sex": e.sex,
                "birth_year": e.birth_year or "",
                "points": _number(row.points),
                "withdrawn": e.withdrawn,
            }
        )
    return rows


def result_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Every board and bye of the public rounds, round by round in board order; a bye has
    ``bye`` and its kind in the black columns."""
    games = (
        Game.objects.filter(round__tournament=tournament, round__state__in=COUNTED_STATES)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    byes = (
        Bye.objects.filter(round__tournament=tournament, round__state__in=COUNTED_STATES)
        .select_related("round", "entry")
        .order_by("round__number", "entry__starting_number")
    )
    rows: list[dict[str, Any]] = []
    for g in games:
        white, black = game_points(g.result)
        rows.append(
            {
                "round": g.round.number,
                "board": g.board,
                "white_number": g.white.starting_number,
                "white_name": g.white.name,
                "black_number": g.black.starting_number,
                "black_name": g.black.name,
                "result": g.outcome.ascii if g.outcome else "",
                "white_points": _number(white) if g.result else "",
                "black_points": _number(black) if g.result else "",
            }
        )
    for b in byes:
        rows.append(
            {
                "round": b.round.number,
                "board": "",
                "white_number": b.entry.starting_number,
                "white_name": b.entry.name,
                "black_number": "",
                "black_name": f"bye ({b.get_kind_display()})",
                "result": b.kind,
                "white_points": _number(bye_points(b.kind, tournament.system)),
                "black_points": "",
            }
        )
    rows.sort(key=lambda r: (r["round"], r["board"] == "", r["board"] or 0))
    return rows


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    """The whole public tournament as one JSON-ready document."""
    rounds: dict[int, dict[str, Any]] = {}
    for row in result_rows(tournament):
        entry = rounds.setdefault(row["round"], {"number": row["round"], "games": [], "byes": []})
        if row["board"] == "":
            entry["byes"].append(
                {
                    "player": row["white_number"],
                    "kind": row["result"],
                    "points": row["white_points"],
                }
            )
        else:
            entry["games"].append(
                {
                    "board": row["board"],
                    "white": row["white_number"],
                    "black": row["black_number"],
                    "result": row["result"],
                    "forfeit": row["result"] in ("+--", "--+", "---"),
                }
            )
    return {
        "tournament": {
            "name": tournament.name,
            "system": tournament.system,
            "start_date": str(tournament.start_date or ""),
            "end_date": str(tournament.end_date or ""),
            "city": tournament.city,
            "federation": tournament.federation,
            "time_control": tournament.time_control,
            "planned_rounds": tournament.planned_rounds,
        },
        "players": player_rows(tournament),
        "rounds": [rounds[n] for n in sorted(rounds)],
    }
