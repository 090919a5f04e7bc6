"""An adjourned game in every public output (docs/fide-mode.md, "Adjourned games"; FIDE's
checklist Q157): the crosstable and the pairing-list PDF read "adj." where the result will be,
the results CSV ``adj.``, the JSON ``"result": null, "adjourned": true`` under its schema."""

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arbiter.core.crosstable import crosstable
from arbiter.core.models import Game
from arbiter.core.services.results import record_result
from tests.arbiter.conftest import play_round
from tests.pairing.swiss.test_adjourned import adjourned_first_round

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "schema" / "tournament-v1.json").read_text()
)


def export(client, name, tournament, **kwargs):
    return client.get(reverse(name, kwargs={"tournament_id": tournament.pk, **kwargs}))


def test_the_swiss_crosstable_reads_adj_in_both_players_cells(client, anna, short_open):
    game = adjourned_first_round(anna, short_open)
    response = client.get(reverse("crosstable", args=[short_open.pk]))
    table = response.context["table"]
    cells = {row.entry.pk: row.cells[0] for row in table.rows}
    white, black = game.white.starting_number, game.black.starting_number
    assert cells[game.white_id].text == f"{black}w adj."
    assert cells[game.black_id].text == f"{white}b adj."
    assert cells[game.white_id].title == "an adjourned game, without its result yet"
    page = response.content.decode()
    assert "adj.: an adjourned game, without its result yet." in page
    record_result(anna, game, "1/2")
    assert not crosstable(short_open).adjourned


def test_the_berger_grid_reads_adj(oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    round_ = play_round(oslo_rr, 1, games=[(aas, lie, "1-0"), (berg, dahl, "")])
    round_.games.filter(white=berg).update(adjourned=True)
    table = crosstable(oslo_rr)
    grid = {row.number: [cell.text for cell in row.cells] for row in table.rows}
    assert grid[2][2] == grid[3][1] == "adj." and grid[1][3] == "1"
    assert table.adjourned


def test_the_crosstable_looks_up_adjourned_games_only_when_a_round_has_one(anna, short_open):
    adjourned_first_round(anna, short_open)
    with CaptureQueriesContext(connection) as waiting:
        crosstable(short_open)
    Game.objects.filter(adjourned=True).update(adjourned=False, result="1/2")
    with CaptureQueriesContext(connection) as played:
        crosstable(short_open)
    assert len(waiting) == len(played) + 1 == 5  # rounds, entries, games, byes (+ adjourned)


def test_the_results_csv_and_the_json_say_adjourned(client, anna, short_open):
    game = adjourned_first_round(anna, short_open)
    rows = list(
        csv.DictReader(
            io.StringIO(export(client, "export_results", short_open).content.decode("utf-8-sig"))
        )
    )
    row = next(r for r in rows if r["board"] == str(game.board))
    assert (row["result"], row["white_points"], row["black_points"]) == ("adj.", "", "")
    document = json.loads(export(client, "export_json", short_open).content)
    jsonschema.validate(document, SCHEMA)
    games = {g["board"]: g for g in document["rounds"][0]["games"]}
    assert games[game.board]["result"] is None and games[game.board]["adjourned"] is True
    assert games[2]["result"] == "1-0" and games[2]["adjourned"] is False


def test_the_pairings_pdf_prints_adj(client, anna, short_open, monkeypatch):
    game = adjourned_first_round(anna, short_open)
    printed: list[list[str]] = []
    monkeypatch.setattr(
        "arbiter.platform.pdf._Document.grid", lambda doc, rows, widths, align: printed.extend(rows)
    )
    assert export(client, "export_round_pdf", short_open, number=1).status_code == 200
    board = next(row for row in printed if row[0] == str(game.board))
    assert board[5] == "adj."
