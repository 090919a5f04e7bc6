"""Small fixes of the knockout pages that a competition day shows: the public card of a
competitor gives their place and bouts (not a chess player's points), and the arbiter's pages
call a knockout category's entrants competitors (the registry's ``people``)."""

import pytest
from django.urls import reverse

from arbiter.core.systems import System
from pairing.knockout import services as service
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    cup = TournamentFactory(name="Judo Cup", system=System.KNOCKOUT, chief=anna)
    for n in range(8):
        EntryFactory(tournament=cup, name=f"Judoka {n}, Test", club=f"Club {n % 3}")
    return cup


def card(client, cup, entry):
    address = reverse("player_card", kwargs={"tournament_id": cup.pk, "entry_id": entry.pk})
    response = client.get(address)
    assert response.status_code == 200
    return response.content.decode()


def test_a_competitors_card_shows_their_place_and_bouts_not_points(client, anna, cup):
    someone = cup.entries.first()
    assert "not drawn yet" in card(client, cup, someone)
    service.draw_bracket(anna, cup, random_seed=5)
    while ready := service.sheet(cup).state.ready():
        service.record_bout(anna, cup, ready[0].match.id, int(ready[0].a))
    sheet = service.sheet(cup)
    final = next(ms for ms in sheet.state.matches if ms.match.stage == "final")
    champion, runner_up = sheet.entries[final.winner], sheet.entries[final.loser]
    page = card(client, cup, champion)
    assert 'id="player-place">1<' in page and 'id="player-bouts"' in page
    assert "Points" not in page and "Rating" not in page
    assert page.count(">won<") == 3 and ">lost<" not in page
    page = card(client, cup, runner_up)
    assert 'id="player-place">2<' in page and page.count(">lost<") == 1
    assert f">{champion.name}</a>" in page


def test_a_chess_players_card_still_shows_points(client, trondheim_open):
    page = card(client, trondheim_open, trondheim_open.entries.first())
    assert "Points" in page and 'id="player-place"' not in page


def test_the_arbiters_pages_call_a_knockouts_entrants_competitors(client, anna, cup, bergen_open):
    login(client, anna)
    players = client.get(reverse("players", kwargs={"tournament_id": cup.pk})).content.decode()
    assert "<h1>Competitors</h1>" in players and "Add competitor" in players
    assert "Competitors: 8." in players
    dashboard = client.get(reverse("dashboard")).content.decode()
    assert "Competitors: 8" in dashboard
    chess = client.get(reverse("players", kwargs={"tournament_id": bergen_open.pk}))
    assert "<h1>Players</h1>" in chess.content.decode()
