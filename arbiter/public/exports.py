"""A tournament's public data as plain rows and dicts, for the CSV and JSON downloads.

Only what the public may see: published and complete rounds (a draft round is left out, as on
the public pages). A constant number of queries whatever the size of the field.

CSV is written for spreadsheet programs: a UTF-8 byte order mark (so that names are not read
as Windows-1252), comma or semicolon between fields (the semicolon is what spreadsheets expect
where the comma is the decimal separator), and a cell a spreadsheet would take for a formula
(starting with ``= + - @``, a tab or a carriage return) is written with a ``'`` in front, as
OWASP recommends against CSV injection. The JSON document follows the versioned JSON Schema
``docs/schema/tournament-v1.json``. An adjourned game (docs/fide-mode.md, "Adjourned games")
has :data:`ADJOURNED` for its result in the CSV and ``"adjourned": true`` in the JSON. Where FIDE
rates the system, each player's rating change comes too (arbiter/ratings/change.py): the
players' CSV adds :data:`RATING_COLUMNS`, the JSON a ``rating_change`` object, and the rating
report (:func:`rating_report_rows`) has every figure of it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from arbiter.core.models import Bye, Game, Tournament
from arbiter.core.standings import COUNTED_STATES, public_standings, rule_set
from arbiter.ratings.change import PlayerChange, RatingChanges, public_changes
from arbiter.teams.exports import team_document
from arbiter.teams.trf_export import is_team_event

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
#: The players' CSV's rating change, where FIDE rates the system: K, the change and the rating
#: after it (a rated player), the initial rating FIDE would publish (an unrated one).
RATING_COLUMNS = ["k_factor", "rating_change", "new_rating", "initial_rating"]
#: The rating report: every player's figures (docs/ratings.md, "Rating change").
RATING_REPORT_COLUMNS = [
    "starting_number",
    "name",
    "fide_id",
    "federation",
    "birth_year",
    "rating",
    "k_factor",
    "k_reason",
    "k_capped",
    "rated_games",
    "score",
    "expected_score",
    "rating_change",
    "new_rating",
    "initial_rating",
    "initial_rating_published",
    "note",
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
#: The results of a system without rounds (a knockout): its bouts.
BOUT_COLUMNS = [
    "match",
    "round",
    "stage",
    "a_number",
    "a_name",
    "b_number",
    "b_name",
    "winner_number",
    "winner_name",
    "fought",
]
#: The CSV's result of an adjourned game, without its result yet (FIDE's checklist Q157).
ADJOURNED = "adj."
#: The JSON document's format, version and schema (a file of this repository).
DOCUMENT_FORMAT = "arbiter-tournament"
DOCUMENT_VERSION = 1
DOCUMENT_SCHEMA = "docs/schema/tournament-v1.json"


def _number(value: Decimal) -> str:
    return format(value.normalize(), "f") if value else "0"


def _json_number(value: Decimal | int | None) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, int):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


def _ranked(tournament: Tournament):
    """(rank, entry, points, tie-break values) in standings order: a knockout's placings."""
    system = tournament.pairing_system
    if system.placings:
        lines = system.placings(tournament).lines
        placed = [(line.place, entry, None, ()) for line, entry in lines if entry is not None]
        seen = {entry.pk for _, entry, _, _ in placed}
        others = tournament.entries.exclude(pk__in=seen).order_by("name")
        return placed + [(None, entry, None, ()) for entry in others], ()
    table = public_standings(tournament)
    return [(r.rank, r.entry, r.points, r.tiebreaks) for r in table.rows], table.legend


def player_columns(tournament: Tournament) -> list[str]:
    """The players' CSV's columns: with the rating change where FIDE rates the system."""
    if tournament.pairing_system.fide_rated:
        return PLAYER_COLUMNS + RATING_COLUMNS
    return PLAYER_COLUMNS


def player_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The players in standings order, with their points after the last public round (a
    knockout: by the place the bracket gives, without points), and their rating change where
    FIDE rates the system (:data:`RATING_COLUMNS`)."""
    rows = []
    ranked, _ = _ranked(tournament)
    changes = public_changes(tournament)
    for rank, e, points, _ in ranked:
        row = {
            "rank": rank or "",
            "starting_number": e.starting_number,
            "title": e.title,
            "name": e.name,
            "federation": e.federation,
            "rating": e.rating or "",
            "fide_id": e.fide_id or "",
            "club": e.club,
            "sex": e.sex,
            "birth_year": e.birth_year or "",
            "points": "" if points is None else _number(points),
            "withdrawn": e.withdrawn,
        }
        if changes is not None:
            row.update(_rating_cells(changes.of(e.pk)))
        rows.append(row)
    return rows


def _rating_cells(change: PlayerChange | None) -> dict[str, Any]:
    if change is None:
        return dict.fromkeys(RATING_COLUMNS, "")
    published = change.initial.rating if change.initial_published else ""
    return {
        "k_factor": change.k or "",
        "rating_change": change.change if change.rated else "",
        "new_rating": change.new_rating or "",
        "initial_rating": published,
    }


def rating_change_document(change: PlayerChange | None) -> dict[str, Any] | None:
    """A player's rating change for the JSON document (docs/schema/tournament-v1.json)."""
    if change is None:
        return None
    if change.rated:
        return {
            "rated": True,
            "k_factor": change.k,
            "k_reason": change.reason.name.lower() if change.reason else None,
            "k_capped": change.capped,
            "games": change.counted,
            "score": _json_number(change.score),
            "expected_score": _json_number(change.expected),
            "change": change.change,
            "new_rating": change.new_rating,
        }
    return {
        "rated": False,
        "games": change.counted,
        "score": _json_number(change.score),
        "initial_rating": change.initial.rating if change.initial else None,
        "initial_rating_published": change.initial_published,
    }


def rating_report_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Every player's rating figures, by starting number (those without one after, by name):
    the rating, K, why and whether K x n <= 700 lowered it, the games rated, score, expected
    score, change and new rating; an unrated player's initial rating and why it is published
    or not. Three queries (the changes kept per version: none)."""
    changes: RatingChanges | None = public_changes(tournament)
    if changes is None:
        return []
    entries = sorted(
        tournament.entries.all(), key=lambda e: (e.starting_number or 10**9, e.name, e.pk)
    )
    rows = []
    for e in entries:
        change = changes.of(e.pk)
        if change is None:  # entered since the changes were kept: nothing to say yet
            continue
        rows.append(
            {
                "starting_number": e.starting_number or "",
                "name": e.name,
                "fide_id": e.fide_id or "",
                "federation": e.federation,
                "birth_year": e.birth_year or "",
                "rating": e.rating or "",
                "k_factor": change.k or "",
                "k_reason": change.reason_text,
                "k_capped": change.capped if change.rated else "",
                "rated_games": change.counted,
                "score": _number(change.score),
                "expected_score": change.expected_text,
                "rating_change": change.change if change.rated else "",
                "new_rating": change.new_rating or "",
                "initial_rating": change.initial.rating if change.initial else "",
                "initial_rating_published": change.initial_published if not change.rated else "",
                "note": change.initial_text,
            }
        )
    return rows


def result_columns(tournament: Tournament) -> list[str]:
    return BOUT_COLUMNS if tournament.pairing_system.bouts else RESULT_COLUMNS


def result_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Every board and bye of the public rounds, round by round in board order, with the points
    the tournament's scoring gives (none for an adjourned game, whose result is
    :data:`ADJOURNED`); a bye has ``bye`` and its kind in the black columns. A knockout: its
    bouts decided so far."""
    if tournament.pairing_system.bouts:
        return [_bout_row(bout) for bout in tournament.pairing_system.bouts(tournament)]
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
    scoring = rule_set(tournament).scoring
    rows: list[dict[str, Any]] = []
    for g in games:
        white, black = scoring.game(g.outcome)
        rows.append(
            {
                "round": g.round.number,
                "board": g.board,
                "white_number": g.white.starting_number,
                "white_name": g.white.name,
                "black_number": g.black.starting_number,
                "black_name": g.black.name,
                "result": ADJOURNED if g.adjourned else g.outcome.ascii if g.outcome else "",
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
                "white_points": _number(scoring.bye(b.kind)),
                "black_points": "",
            }
        )
    rows.sort(key=lambda r: (r["round"], r["board"] == "", r["board"] or 0))
    return rows


def _bout_row(bout: dict) -> dict[str, Any]:
    def side(entry, what):
        return (entry and getattr(entry, what)) or ""

    return {
        "match": bout["match"],
        "round": bout["round"],
        "stage": bout["stage"],
        "a_number": side(bout["a"], "starting_number"),
        "a_name": side(bout["a"], "name"),
        "b_number": side(bout["b"], "starting_number"),
        "b_name": side(bout["b"], "name"),
        "winner_number": side(bout["winner"], "starting_number"),
        "winner_name": side(bout["winner"], "name"),
        "fought": bout["fought"],
    }


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    """The whole public tournament as one JSON-ready document (docs/schema/tournament-v1.json):
    points and tie-break values as numbers, the tie-breaks with their rules and legend, the
    chief arbiter by name."""
    ranked, legend = _ranked(tournament)
    codes = [code for code, _ in legend]
    chief = tournament.staff.filter(role="chief").select_related("user").first()
    changes = public_changes(tournament)
    players = [
        {
            "rank": rank,
            "starting_number": e.starting_number,
            "title": e.title,
            "name": e.name,
            "federation": e.federation,
            "rating": e.rating or None,
            "fide_id": e.fide_id,
            "club": e.club,
            "sex": e.sex,
            "birth_year": e.birth_year,
            "points": _json_number(points),
            "tiebreaks": dict(zip(codes, (_json_number(v) for v in values), strict=True)),
            "withdrawn": e.withdrawn,
            "rating_change": rating_change_document(changes.of(e.pk)) if changes else None,
        }
        for rank, e, points, values in ranked
    ]
    return {
        "format": DOCUMENT_FORMAT,
        "version": DOCUMENT_VERSION,
        "schema": DOCUMENT_SCHEMA,
        "tournament": {
            "name": tournament.name,
            "system": tournament.pairing_system.schema_value,
            "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
            "end_date": tournament.end_date.isoformat() if tournament.end_date else None,
            "city": tournament.city,
            "federation": tournament.federation,
            "time_control": tournament.time_control,
            "planned_rounds": tournament.planned_rounds,
            "chief_arbiter": (chief.user.get_full_name() or None) if chief else None,
            "tiebreaks": [{"code": code, "name": name} for code, name in legend],
            "tiebreak_rules": tournament.tiebreak_rules,
            "unrated_rating": tournament.unrated_rating,
        },
        "players": players,
        "rounds": _rounds(tournament) if tournament.pairing_system.has_rounds else [],
        "bouts": [_bout(b) for b in tournament.pairing_system.bouts(tournament)]
        if tournament.pairing_system.bouts
        else [],
        **_teams(tournament),
    }


def _teams(tournament: Tournament) -> dict[str, Any]:
    """A team event's teams and matches (arbiter/teams/exports.py); nothing otherwise."""
    if not is_team_event(tournament):
        return {}
    document = team_document(tournament)
    return {"teams": document["teams"], "matches": document["matches"]}


def _rounds(tournament: Tournament) -> list[dict[str, Any]]:
    rounds: dict[int, dict[str, Any]] = {}
    for row in result_rows(tournament):
        entry = rounds.setdefault(row["round"], {"number": row["round"], "games": [], "byes": []})
        if row["board"] == "":
            entry["byes"].append(
                {
                    "player": row["white_number"],
                    "kind": row["result"],
                    "points": _json_number(Decimal(row["white_points"])),
                }
            )
        else:
            adjourned = row["result"] == ADJOURNED
            entry["games"].append(
                {
                    "board": row["board"],
                    "white": row["white_number"],
                    "black": row["black_number"],
                    "result": None if adjourned else row["result"] or None,
                    "adjourned": adjourned,
                    "forfeit": row["result"] in ("+--", "--+", "---"),
                    "white_points": _json_number(Decimal(row["white_points"]))
                    if row["white_points"] != ""
                    else None,
                    "black_points": _json_number(Decimal(row["black_points"]))
                    if row["black_points"] != ""
                    else None,
                }
            )
    return [rounds[n] for n in sorted(rounds)]


def _bout(bout: dict) -> dict[str, Any]:
    def number(entry):
        return entry.starting_number if entry else None

    def name(entry):
        return entry.name if entry else None

    return {
        "match": bout["match"],
        "round": bout["round"],
        "stage": bout["stage"],
        "a": number(bout["a"]),
        "a_name": name(bout["a"]),
        "b": number(bout["b"]),
        "b_name": name(bout["b"]),
        "winner": number(bout["winner"]),
        "fought": bout["fought"],
    }
