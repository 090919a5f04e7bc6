"""The TRF pages: import a tournament (any arbiter), download a Swiss (its own arbiters)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from arbiter.core.models import Entry, Tournament
from pairing.engines.trf import parse_trf
from pairing.rounds import services as rounds
from pairing.swiss.trf.imports import import_trf
from tests.conftest import login
from tests.factories import TournamentFactory
from tests.pairing.conftest import play
from tests.pairing.trf_helpers import small_trf, vector

pytestmark = pytest.mark.django_db
IMPORT = reverse("trf_import")


def export_url(tournament, flavour="2026"):
    return reverse("trf_export", args=[tournament.pk, flavour])


def test_the_import_page_is_for_logged_in_arbiters_only(client):
    response = client.get(IMPORT)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(IMPORT, {"text": small_trf()}).status_code == 302
    assert not Tournament.objects.exists()


def test_the_dashboard_and_the_new_tournament_page_lead_to_the_import(anna_client):
    for page in (reverse("dashboard"), reverse("tournament_create")):
        assert IMPORT in anna_client.get(page).content.decode()
    assert 'enctype="multipart/form-data"' in anna_client.get(IMPORT).content.decode()


def test_a_pasted_trf_becomes_a_tournament_and_the_page_goes_to_it(anna_client, anna):
    response = anna_client.post(IMPORT, {"text": small_trf(), "name": ""})
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("trf_import_report", args=[tournament.pk])
    assert tournament.name == "Small Open" and tournament.staff.get().user == anna
    page = anna_client.get(response["Location"]).content.decode()
    assert "Small Open imported: 5 players, 2 rounds" in page
    assert 'id="round-checks"' in page and reverse("swiss", args=[tournament.pk]) in page


def test_an_uploaded_file_is_read_like_the_command_reads_it(anna_client):
    data = vector("gen_heavy_n009_r05_s9021").encode("ascii")
    upload = SimpleUploadedFile("event.trf", data, content_type="application/octet-stream")
    response = anna_client.post(IMPORT, {"file": upload, "name": "Heavy"})
    assert response.status_code == 302
    assert Tournament.objects.get().rounds.count() == 4


def test_a_bad_file_shows_its_line_on_the_form_and_saves_nothing(anna_client):
    response = anna_client.post(IMPORT, {"text": small_trf().replace("4 w 1", "4 w X")})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="import-errors"' in html
    assert "The file was not imported. Line 4, column 99: round 1: results" in html
    assert "Aas, Kari" in html  # the pasted text stays in the form
    assert not Tournament.objects.exists() and not Entry.objects.exists()


def test_an_empty_form_asks_for_a_file(anna_client):
    response = anna_client.post(IMPORT, {"text": "  "})
    assert "Paste a TRF or choose a file." in response.content.decode()


def test_the_import_needs_the_csrf_token(anna):
    client = login(Client(enforce_csrf_checks=True), anna)
    assert client.post(IMPORT, {"text": small_trf()}).status_code == 403
    assert not Tournament.objects.exists()
    client.get(IMPORT)
    token = client.cookies["csrftoken"].value
    response = client.post(IMPORT, {"text": small_trf(), "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and Tournament.objects.count() == 1


def test_only_the_tournaments_arbiters_download_its_trf(client, anna, dag, boris):
    tournament = import_trf(anna, small_trf())
    response = client.get(export_url(tournament))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    login(client, boris)
    assert client.get(export_url(tournament)).status_code == 403
    tournament.staff.create(user=dag, role="deputy")
    assert login(client, dag).get(export_url(tournament)).status_code == 200


def test_the_download_is_the_trf_2026_or_trf_16_of_the_complete_rounds(anna_client, anna):
    tournament = import_trf(anna, vector("gen_heavy_n009_r05_s9021"))
    response = anna_client.get(export_url(tournament))
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert 'filename="autotest-tournament-9021-r4.trf"' in response["Content-Disposition"]
    text = response.content.decode()
    assert "142 5" in text and "192 FIDE_DUTCH_2025" in text
    assert max(len(p.results) for p in parse_trf(text).players) == 4
    legacy = anna_client.get(export_url(tournament, "16"))
    assert "r4-trf16.trf" in legacy["Content-Disposition"]
    lines = legacy.content.decode().splitlines()
    assert "XXR 5" in lines and not [line for line in lines if line[:3] in ("142", "192")]


def test_a_round_without_all_its_results_is_left_out_of_the_download(anna_client, anna):
    tournament = import_trf(anna, small_trf())
    rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    text = anna_client.get(export_url(tournament)).content.decode()
    assert max(len(p.results) for p in parse_trf(text).players) == 2
    play(anna, tournament.rounds.get(number=3))
    text = anna_client.get(export_url(tournament)).content.decode()
    assert max(len(p.results) for p in parse_trf(text).players) == 3


def test_a_swiss_and_a_round_robin_have_a_trf_download_and_the_arbiter_pages_link_it(
    anna_client, anna, oslo_invitational
):
    # a round robin has its TRF too (issue 26); a Monrad or a knockout has none
    assert anna_client.get(export_url(oslo_invitational)).status_code == 200
    html = anna_client.get(reverse("drawing", args=[oslo_invitational.pk])).content.decode()
    assert export_url(oslo_invitational) in html
    for system in ("monrad", "knockout"):
        other = TournamentFactory(chief=anna, system=system)
        assert anna_client.get(export_url(other)).status_code == 404
    swiss_event = import_trf(anna, small_trf())
    assert anna_client.get(export_url(swiss_event, "17")).status_code == 404
    html = anna_client.get(reverse("swiss", args=[swiss_event.pk])).content.decode()
    assert export_url(swiss_event) in html and export_url(swiss_event, "16") in html
