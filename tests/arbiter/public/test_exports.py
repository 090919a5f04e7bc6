"""Public downloads: players and results as CSV, the tournament as JSON, a Swiss as TRF."""

import csv
import io
import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arbiter.core.models import Round
from pairing.engines.trf import parse_trf
from pairing.rounds import services as rounds
from pairing.swiss.trf.imports import import_trf
from tests.arbiter.public.test_public_live import swiss_of
from tests.factories import TournamentFactory
from tests.pairing.conftest import play


@pytest.fixture
def played_open(anna, played_open):
    """Two rounds played and published, the third waiting as a draft."""
    rounds.pair_next_round(anna, played_open)
    return played_open


def get(client, name, tournament, **kwargs):
    return client.get(reverse(name, kwargs={"tournament_id": tournament.pk, **kwargs}))


def rows(response):
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_players_csv_lists_everyone_in_standings_order(client, played_open):
    response = get(client, "export_players", played_open)
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    players = rows(response)
    assert len(players) == 10
    points = [float(p["points"]) for p in players]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 10  # two rounds of five boards


def test_the_results_csv_has_every_public_board_and_no_draft(client, played_open):
    results = rows(get(client, "export_results", played_open))
    assert {r["round"] for r in results} == {"1", "2"}
    assert len(results) == 10
    assert all(r["result"] in {"1-0", "0-1", "1/2-1/2"} for r in results)


def test_the_json_holds_players_and_public_rounds_only(client, played_open):
    document = json.loads(get(client, "export_json", played_open).content)
    assert document["tournament"]["name"] == "Trondheim Open"
    assert [r["number"] for r in document["rounds"]] == [1, 2]
    assert len(document["players"]) == 10
    assert all(len(r["games"]) == 5 for r in document["rounds"])


def test_the_trf_reimports_as_the_same_tournament(client, played_open, anna):
    text = get(client, "export_trf", played_open, flavour="2026").content.decode()
    parsed = parse_trf(text)
    assert len(parsed.players) == 10
    copy = import_trf(anna, text)
    for number in (1, 2):
        original = played_open.rounds.get(number=number)
        again = copy.rounds.get(number=number)
        pairs = {
            (g.white.starting_number, g.black.starting_number, g.result)
            for g in original.games.select_related("white", "black")
        }
        assert pairs == {
            (g.white.starting_number, g.black.starting_number, g.result)
            for g in again.games.select_related("white", "black")
        }


def test_the_trf16_export_has_no_trf2026_records(client, played_open):
    text = get(client, "export_trf", played_open, flavour="16").content.decode()
    assert "XXR" in text and not any(line.startswith("142") for line in text.splitlines())


def test_nothing_is_exported_of_an_unpublished_tournament(client, trondheim_open, anna):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    trondheim_open.is_published = False
    trondheim_open.save()
    for name in ("export_players", "export_results", "export_json"):
        assert get(client, name, trondheim_open).status_code == 404
    assert get(client, "export_trf", trondheim_open, flavour="2026").status_code == 404


def test_a_round_robin_has_its_trf_and_its_csv_a_monrad_only_csv(client, oslo_invitational):
    oslo_invitational.is_published = True
    oslo_invitational.save()
    assert get(client, "export_trf", oslo_invitational, flavour="2026").status_code == 200
    assert get(client, "export_players", oslo_invitational).status_code == 200
    monrad = TournamentFactory(system="monrad", is_published=True)
    assert get(client, "export_trf", monrad, flavour="2026").status_code == 404


def test_the_exports_cost_the_same_queries_for_any_field(
    client, played_open, django_assert_max_num_queries
):
    assert Round.objects.filter(tournament=played_open, state="draft").exists()
    with django_assert_max_num_queries(12):
        get(client, "export_json", played_open)


def download_queries(client, tournament) -> dict[str, int]:
    """The queries of every download of a Swiss with round 1 complete and round 2 on."""
    t = tournament.pk
    addresses = [
        reverse("export_players", args=[t]),
        reverse("export_results", args=[t]),
        reverse("export_json", args=[t]),
        reverse("export_trf", args=[t, "2026"]),
        reverse("export_round_pdf", args=[t, 2]),
        reverse("export_standings_pdf", args=[t]),
    ]
    counts = {}
    for address in addresses:
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(address).status_code == 200
        counts[address.removeprefix(f"/t/{t}/")] = len(queries)
    return counts


@pytest.mark.slow
@pytest.mark.django_db
def test_every_download_costs_the_same_queries_for_9_and_41_players(client):
    small, _ = swiss_of(9)
    large, _ = swiss_of(41)
    assert download_queries(client, small) == download_queries(client, large)


def pdf_text(content):
    """The text of a PDF, as a reader extracts it (fpdf2 writes it in the page streams)."""
    import re
    import zlib

    from fpdf import FPDF  # noqa: F401  (the writer; reading back goes through pypdf-free zlib)

    chunks = re.findall(rb"stream\r?\n(.*?)\r?\nendstream", content, re.S)
    out = b""
    for chunk in chunks:
        try:
            out += zlib.decompress(chunk)
        except zlib.error:
            out += chunk
    return out


def test_the_pairings_pdf_is_an_a4_document_of_the_round(client, played_open):
    response = get(client, "export_round_pdf", played_open, number=1)
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert b"/MediaBox [0 0 595.28 841.89]" in response.content  # A4 in points
    assert b"Tj" in pdf_text(response.content) or b"TJ" in pdf_text(response.content)


def test_a_draft_rounds_pdf_is_not_public(client, played_open):
    assert get(client, "export_round_pdf", played_open, number=3).status_code == 404


def test_the_standings_pdf_comes_after_the_round_asked(client, played_open):
    url = reverse("export_standings_pdf", kwargs={"tournament_id": played_open.pk})
    response = client.get(url + "?round=1")
    assert response.status_code == 200
    assert "standings-r1.pdf" in response["Content-Disposition"]
    assert "standings-r2.pdf" in client.get(url)["Content-Disposition"]


def test_points_read_as_players_write_them():
    from decimal import Decimal

    from arbiter.core.templatetags.chess import points

    assert [points(Decimal(x)) for x in ("0", "0.5", "1", "3.5")] == ["0", "½", "1", "3½"]


def test_the_standings_pdf_writes_tie_breaks_as_the_page_does(played_open):
    from decimal import Decimal

    from arbiter.core.standings import standings
    from arbiter.platform.pdf import standings_rows

    table = standings(played_open)
    rows = standings_rows(table)
    cells = [cell for row in rows for cell in row[6:]]
    assert "—" in cells  # direct encounter separates nobody yet: no value, as on the page
    for cell in cells:
        assert cell == "—" or format(Decimal(cell).normalize(), "f") == cell
