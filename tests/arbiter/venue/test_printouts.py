"""The QR codes of the players' cards and the printouts that carry them (docs/venue.md, "QR
codes"): badges, a round's pairing list by name, the judo weigh-in slips, and a player's card
with its new card."""

import re
from decimal import Decimal

import pytest
import segno
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arbiter.core.models import AuditEntry
from arbiter.venue import qr
from arbiter.venue.pdf import badges_pdf
from arbiter.venue.services import cards
from judo.services import competition as day
from pairing.rounds import services as rounds
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory, competition_with_categories

pytestmark = pytest.mark.django_db


def _images(pdf: bytes) -> int:
    return len(re.findall(rb"/Subtype\s*/Image", pdf))


@pytest.fixture
def swiss(anna):
    tournament = TournamentFactory(name="QR Open", chief=anna, planned_rounds=3)
    for n in range(5):
        EntryFactory(tournament=tournament, name=f"Ølstad {n}, Åse", club="Sjakkklubb")
    rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    return tournament


def test_the_card_address_comes_from_the_setting_else_from_the_request(rf, settings):
    secret = "a" * cards.SECRET_LENGTH
    settings.CARD_BASE_URL = ""
    settings.ALLOWED_HOSTS = ["laptop.local"]
    request = rf.get("/arbiter/", HTTP_HOST="laptop.local:8000")
    assert qr.card_url(request, secret) == f"http://laptop.local:8000/card/{secret}/"
    settings.CARD_BASE_URL = "https://chess.example"
    assert qr.card_url(request, secret) == f"https://chess.example/card/{secret}/"


def test_the_card_address_is_the_default_languages_whatever_the_printing_one(settings):
    from django.utils import translation

    settings.CARD_BASE_URL = "https://chess.example"
    with translation.override("sv"):
        assert qr.card_url(None, "b" * 43) == "https://chess.example/card/" + "b" * 43 + "/"


def test_the_qr_code_holds_the_address_as_segno_encodes_it():
    url = "https://chess.example/card/" + "c" * 43 + "/"
    svg = qr.svg(url, "Åse")
    assert svg.startswith("<svg") and "style=" not in svg and "<title>Åse</title>" in svg
    # no decoder at hand: the SVG is the same code segno makes of the address
    expected = segno.make(url, error="m", micro=False)
    assert expected.designator == "5-M"
    assert expected.svg_inline(scale=4, border=4, light="#fff") == qr.svg(url)
    assert qr.png(url).startswith(b"\x89PNG")


@pytest.mark.slow
def test_badges_print_one_qr_code_a_player_with_the_secrets_read_in_bulk(client, anna, swiss):
    login(client, anna)
    response = client.get(f"/arbiter/t/{swiss.pk}/venue/badges.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF") and _images(response.content) == 5
    assert "no-store" in response["Cache-Control"]
    entries = list(swiss.entries.all())
    for n in range(20):
        entries.append(EntryFactory(tournament=swiss, name=f"More {n}"))
    with CaptureQueriesContext(connection) as queries:
        pdf = badges_pdf("Badges", entries, "https://x.example", swiss.name)
    assert len(queries) <= 3 and _images(pdf) == 25


@pytest.mark.slow
def test_a_rounds_pairing_list_by_name_has_each_players_qr_code(client, anna, swiss):
    login(client, anna)
    response = client.get(f"/arbiter/t/{swiss.pk}/venue/rounds/1/cards.pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert _images(response.content) == 5  # four at two boards and the bye
    assert client.get(f"/arbiter/t/{swiss.pk}/venue/rounds/2/cards.pdf").status_code == 404
    page = client.get(f"/arbiter/t/{swiss.pk}/venue/").content.decode()
    assert f"/arbiter/t/{swiss.pk}/venue/rounds/1/cards.pdf" in page


def test_a_draft_round_has_no_pairing_list_to_print(client, anna):
    tournament = TournamentFactory(chief=anna, planned_rounds=3)
    for _ in range(4):
        EntryFactory(tournament=tournament)
    rounds.pair_next_round(anna, tournament)
    login(client, anna)
    assert client.get(f"/arbiter/t/{tournament.pk}/venue/rounds/1/cards.pdf").status_code == 404


@pytest.mark.slow
def test_weigh_in_slips_for_those_not_weighed_and_badges_for_every_competitor(client, anna):
    cup = competition_with_categories(anna, limits=(60, 66))
    light, heavy = cup.categories.order_by("weight_limit")
    for n, category in enumerate((light, light, heavy)):
        day.enter(anna, category, {"name": f"Judoka {n}", "club": "Dojo", "birth_year": 2000})
    weighed = light.tournament.entries.first()
    day.weigh_in(anna, weighed, Decimal("59.5"))
    login(client, anna)
    slips = client.get(f"/arbiter/c/{cup.pk}/venue/weigh-in-slips.pdf")
    assert slips.status_code == 200 and _images(slips.content) == 2
    badges = client.get(f"/arbiter/c/{cup.pk}/venue/badges.pdf")
    assert badges.status_code == 200 and _images(badges.content) == 3
    weigh_in = client.get(f"/arbiter/c/{cup.pk}/weigh-in/").content.decode()
    assert f"/arbiter/c/{cup.pk}/venue/weigh-in-slips.pdf" in weigh_in


@pytest.mark.slow
def test_an_empty_printout_says_so(client, anna):
    tournament = TournamentFactory(chief=anna)
    login(client, anna)
    response = client.get(f"/arbiter/t/{tournament.pk}/venue/badges.pdf")
    assert response.status_code == 200 and _images(response.content) == 0


def test_a_new_card_is_asked_then_given_and_the_old_qr_opens_nothing(client, anna, swiss):
    entry = swiss.entries.first()
    old = cards.key_for(entry).secret
    login(client, anna)
    url = f"/arbiter/t/{swiss.pk}/venue/players/{entry.pk}/card/"
    page = client.get(url).content.decode()
    assert "<svg" in page and old in page
    assert url in client.get(f"/arbiter/t/{swiss.pk}/players/{entry.pk}/").content.decode()
    asked = client.post(url)
    assert asked.status_code == 200 and "confirm-new-card" in asked.content.decode()
    assert cards.key_for(entry).secret == old
    done = client.post(url, {"confirm": "yes", "issued": 1})
    assert done.status_code == 302
    assert cards.entry_of(old) is None and cards.key_for(entry).issued == 2
    # a second click on the same question gives no third card
    client.post(url, {"confirm": "yes", "issued": 1})
    assert cards.key_for(entry).issued == 2
    assert AuditEntry.objects.filter(action="card.revoke").count() == 1
    assert client.get(f"/card/{old}/").status_code == 404
