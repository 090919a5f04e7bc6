"""A team event's CSV and JSON downloads: its teams with their match and game points, its
matches board by board, the JSON document valid against its schema."""

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from django.urls import reverse

from tests.arbiter.teams.builders import spec_event
from tests.arbiter.teams.test_trf_import import three_rounds

pytestmark = pytest.mark.django_db
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "schema" / "tournament-v1.json").read_text()
)
# the team systems' codes join the schema's list with the branch that registers them
SYSTEMS = SCHEMA["properties"]["tournament"]["properties"]["system"]["enum"]
SYSTEMS += [code for code in ("team_round_robin", "team_swiss") if code not in SYSTEMS]


def csv_rows(response):
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_teams_csv_ranks_the_teams_by_their_scores(client, anna):
    tournament = spec_event(anna)
    rows = csv_rows(client.get(reverse("export_teams", args=[tournament.pk])))
    assert [(r["rank"], r["name"], r["match_points"], r["game_points"]) for r in rows] == [
        ("1", "Alpha", "2", "2.5"),
        ("2", "Echo", "2", "2"),
        ("3", "Bravo", "1", "2"),
        ("3", "Delta", "1", "2"),
        ("5", "Charlie", "0", "1.5"),
    ]
    assert rows[0]["players"] == "1 2 3 4"


def test_the_board_csv_lists_every_board_a_forfeited_match_and_the_byes(client, anna):
    tournament = three_rounds(anna)
    rows = csv_rows(client.get(reverse("export_team_boards", args=[tournament.pk])))
    first = rows[0]
    assert (first["round"], first["white_team"], first["black_team"], first["board"]) == (
        "1",
        "Alpha",
        "Charlie",
        "1",
    )
    assert (first["white_team_player_name"], first["result"], first["white_team_points"]) == (
        "Alpha, Player1",
        "1-0",
        "1",
    )
    forfeited = [r for r in rows if r["match_forfeit"]]
    # a forfeited match has no colours: its first-named team is the white one (a cell that
    # starts with "-" is written with a quote, against CSV injection)
    assert [(r["round"], r["white_team"], r["match_forfeit"]) for r in forfeited] == [
        ("3", "Bravo", "'-+")
    ]
    byes = [(r["round"], r["white_team"], r["black_team"]) for r in rows if not r["board"]]
    assert ("1", "Echo", "bye (PAB)") in byes and ("3", "Echo", "bye (HPB)") in byes
    assert len(rows) == 8 + 8 + 1 + 4 + 1 + 1 + 1


def test_the_json_document_has_the_teams_and_matches_and_fits_its_schema(client, anna):
    tournament = three_rounds(anna)
    document = client.get(reverse("export_json", args=[tournament.pk])).json()
    jsonschema.validate(document, SCHEMA)
    alpha = document["teams"][0]
    assert (alpha["name"], alpha["match_points"], alpha["game_points"]) == ("Alpha", 4, 7)
    assert [r["kind"] for r in alpha["rounds"]] == ["played", "played", "+"]
    forfeit = next(m for m in document["matches"] if m["forfeit"])
    assert (forfeit["round"], forfeit["white_team"], forfeit["black_team"]) == (3, 2, 1)
    assert forfeit["boards"] == [] and forfeit["black_game_points"] == 4


def test_a_tournament_without_teams_has_no_team_downloads(client, anna, short_open):
    assert client.get(reverse("export_teams", args=[short_open.pk])).status_code == 404
    assert client.get(reverse("export_team_boards", args=[short_open.pk])).status_code == 404
    assert "teams" not in client.get(reverse("export_json", args=[short_open.pk])).json()
