"""The drawing page, over HTMX and as plain forms."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arbiter.core.models import Round
from arbiter.core.systems import System
from pairing.round_robin.models import LotDrawing, LotPick
from pairing.round_robin.services import draw_for_player, engine_state, start_drawing
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def url(name, tournament):
    return reverse(name, args=[tournament.pk])


DRAWING_URLS = [
    ("get", "drawing"),
    ("post", "drawing_start"),
    ("post", "drawing_pick"),
    ("post", "drawing_random"),
    ("post", "drawing_undo"),
    ("post", "drawing_restart"),
    ("post", "drawing_confirm"),
]


def test_only_the_tournaments_arbiters_reach_the_drawing(
    client, boris, boris_cup, oslo_invitational
):
    for method, name in DRAWING_URLS:
        response = getattr(client, method)(url(name, oslo_invitational))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    login(client, boris)
    for method, name in DRAWING_URLS:
        assert getattr(client, method)(url(name, oslo_invitational)).status_code == 403, name


def test_the_start_page_explains_the_drawing(anna_client, oslo_invitational):
    page = anna_client.get(url("drawing", oslo_invitational)).content.decode()
    assert "Varma tables" in page
    assert "Start the drawing" in page


def test_starting_over_htmx_returns_the_board_with_the_first_player(anna_client, oslo_invitational):
    response = anna_client.post(
        url("drawing_start", oslo_invitational),
        {"group_by": "federation", "swap_last_two_rounds": "on"},
        headers=HTMX,
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="lot-drawing"')
    assert '<h2 id="whose-turn">Carlsen, Magnus' in body
    assert LotDrawing.objects.filter(tournament=oslo_invitational).exists()


def test_choosing_an_envelope_shows_its_numbers_without_changing_anything(
    anna, anna_client, oslo_invitational
):
    drawing = start_drawing(anna, oslo_invitational, seed=4)
    numbers = engine_state(drawing)[0].left_in("NOR")
    body = anna_client.get(
        url("drawing", oslo_invitational) + "?envelope=NOR", headers=HTMX
    ).content.decode()
    for number in numbers:
        assert f'aria-label="Number {number}"' in body
    assert not LotPick.objects.exists()


def test_a_recorded_pick_moves_the_turn_on(anna, anna_client, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=4)
    number = engine_state(drawing)[0].left_in("NOR")[0]
    response = anna_client.post(
        url("drawing_pick", oslo_invitational),
        {"step": 0, "envelope": "NOR", "number": number},
        headers=HTMX,
    )
    assert '<h2 id="whose-turn">Christiansen, Johan-Sebastian' in response.content.decode()


def test_a_wrong_pick_shows_the_reason_in_place(anna, anna_client, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=4)
    swedish = engine_state(drawing)[0].left_in("SWE")[0]
    response = anna_client.post(
        url("drawing_pick", oslo_invitational),
        {"step": 0, "envelope": "SWE", "number": swedish},
        headers=HTMX,
    )
    assert "must draw from envelope NOR" in response.content.decode()
    assert not LotPick.objects.exists()


def test_without_htmx_every_action_redirects_back_to_the_page(anna, anna_client, oslo_invitational):
    start_drawing(anna, oslo_invitational, seed=4)
    response = anna_client.post(url("drawing_random", oslo_invitational), {"step": 0})
    assert response.status_code == 302
    assert response["Location"] == url("drawing", oslo_invitational)
    assert LotPick.objects.count() == 1


def test_confirming_creates_the_rounds_and_sends_the_browser_on(
    anna, anna_client, oslo_invitational
):
    drawing = start_drawing(anna, oslo_invitational, seed=4)
    for step in range(10):
        draw_for_player(anna, drawing, step)
    response = anna_client.post(url("drawing_confirm", oslo_invitational), headers=HTMX)
    assert response.status_code == 204
    assert response["HX-Redirect"] == url("drawing", oslo_invitational)
    assert Round.objects.filter(tournament=oslo_invitational).count() == 9
    page = anna_client.get(url("drawing", oslo_invitational)).content.decode()
    assert "the starting numbers are locked" in page


def test_a_field_that_cannot_draw_is_explained_instead_of_a_start_button(
    anna_client, oslo_invitational
):
    oslo_invitational.entries.exclude(name="Carlsen, Magnus").delete()
    page = anna_client.get(url("drawing", oslo_invitational)).content.decode()
    assert "needs at least 3 players" in page
    assert "Start the drawing" not in page


def test_the_board_costs_the_same_queries_at_any_step(
    anna, anna_client, oslo_invitational, django_assert_max_num_queries
):
    drawing = start_drawing(anna, oslo_invitational, seed=4)
    with django_assert_max_num_queries(9):
        anna_client.get(url("drawing", oslo_invitational))
    for step in range(6):
        draw_for_player(anna, drawing, step)
    with django_assert_max_num_queries(9):
        anna_client.get(url("drawing", oslo_invitational))


def drawing_queries(client, tournament) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url("drawing", tournament)).status_code == 200
    return len(queries)


def test_the_board_costs_the_same_queries_for_10_and_24_players(anna, anna_client):
    counts = []
    for size in (10, 24):
        tournament = TournamentFactory(system=System.ROUND_ROBIN, chief=anna)
        EntryFactory.create_batch(size, tournament=tournament, starting_number=None)
        drawing = start_drawing(anna, tournament, seed=4)
        for step in range(6):
            draw_for_player(anna, drawing, step)
        counts.append(drawing_queries(anna_client, tournament))
    assert counts[0] == counts[1]
