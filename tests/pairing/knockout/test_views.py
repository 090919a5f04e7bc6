"""The bracket pages: the arbiter's seeding, draw and results; the public bracket."""

import pytest
from django.test import Client
from django.urls import reverse

from arbiter.core.systems import System
from pairing.knockout import services as service
from pairing.rounds.services import draft_token
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory


@pytest.fixture
def cup(anna):
    cup = TournamentFactory(name="Judo Cup", system=System.KNOCKOUT, chief=anna)
    for n in range(8):
        EntryFactory(tournament=cup, name=f"Judoka {n}, Test", club=f"Club {n % 3}")
    return cup


def url(name, cup):
    return reverse(name, kwargs={"tournament_id": cup.pk})


def test_the_arbiter_seeds_and_draws_from_the_page(client, anna, cup):
    login(client, anna)
    first = cup.entries.order_by("name").first()
    response = client.post(url("bracket_seeds", cup), {f"seed-{first.pk}": "1", "seen": ""})
    assert response.status_code == 302
    data = {"random_seed": "5", "seen": shown(cup)}
    response = client.post(url("bracket_draw", cup), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b"bracket-sheet" in response.content and b"M1" in response.content
    assert service.sheet(cup).bracket.random_seed == 5


def shown(cup):
    """The bracket's token as the page shows it."""
    return draft_token(service.bracket_of(cup))


def test_a_page_that_showed_an_older_draw_records_no_winner(client, anna, cup):
    login(client, anna)
    service.draw_bracket(anna, cup, random_seed=1)
    before = shown(cup)
    service.draw_bracket(anna, cup, random_seed=2, confirm=True)
    ready = service.sheet(cup).state.ready()[0]
    data = {"match": ready.match.id, "winner": ready.a, "seen": before}
    html = client.post(url("bracket_bout", cup), data, HTTP_HX_REQUEST="true").content.decode()
    assert "The bracket changed after your page was shown: drawn again (anna)" in html
    assert not service.bracket_of(cup).bouts.exists()


def test_drawing_again_from_the_page_asks_first(client, anna, cup):
    login(client, anna)
    service.draw_bracket(anna, cup, random_seed=1)
    data = {"random_seed": "2", "seen": shown(cup)}
    html = client.post(url("bracket_draw", cup), data, HTTP_HX_REQUEST="true").content.decode()
    assert "Drawing again replaces the bracket drawn" in html and "all the same" in html
    assert service.bracket_of(cup).random_seed == 1
    client.post(url("bracket_draw", cup), {**data, "confirm": "yes"}, HTTP_HX_REQUEST="true")
    assert service.bracket_of(cup).random_seed == 2


def test_a_winner_is_recorded_by_pressing_their_name(client, anna, cup):
    login(client, anna)
    service.draw_bracket(anna, cup, random_seed=5)
    ready = service.sheet(cup).state.ready()[0]
    data = {"match": ready.match.id, "winner": ready.a, "seen": shown(cup)}
    response = client.post(url("bracket_bout", cup), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert service.sheet(cup).state[ready.match.id].winner == ready.a


def test_a_change_that_undoes_later_matches_asks_first(client, anna, cup):
    login(client, anna)
    service.draw_bracket(anna, cup, random_seed=5)
    while ready := service.sheet(cup).state.ready():
        service.record_bout(anna, cup, ready[0].match.id, int(ready[0].a))
    first = service.sheet(cup).state.matches[0]
    data = {"match": first.match.id, "winner": first.loser}
    response = client.post(url("bracket_bout", cup), data)
    assert b"confirm_reset" in response.content and b"reset them" in response.content
    assert service.sheet(cup).state[first.match.id].winner == first.winner


def test_only_the_tournaments_arbiters_touch_the_bracket(client, boris, cup):
    assert client.get(url("bracket", cup)).status_code == 302  # to the login page
    login(client, boris)
    assert client.get(url("bracket", cup)).status_code == 403
    assert client.post(url("bracket_draw", cup)).status_code == 403


def test_the_bracket_actions_need_the_csrf_token(anna, cup):
    strict = Client(enforce_csrf_checks=True)
    login(strict, anna)
    assert strict.post(url("bracket_draw", cup), {"random_seed": "1"}).status_code == 403


def test_the_public_sees_the_bracket_and_the_medals(client, anna, cup):
    assert b"not drawn yet" in client.get(url("public_bracket", cup)).content
    service.draw_bracket(anna, cup, random_seed=5)
    while ready := service.sheet(cup).state.ready():
        service.record_bout(anna, cup, ready[0].match.id, int(ready[0].a))
    page = client.get(url("public_bracket", cup))
    assert page.status_code == 200
    assert b"medal-table" in page.content and b"bracket_bout" not in page.content
    assert b"<form" not in page.content.split(b"Main bracket")[1]


def test_a_tournament_that_is_not_a_knockout_has_no_public_bracket(client, bergen_open):
    assert client.get(url("public_bracket", bergen_open)).status_code == 404


@pytest.mark.parametrize("size", [8, 40])
def test_the_bracket_pages_cost_the_same_queries_for_8_and_40_competitors(
    client, anna, size, django_assert_num_queries
):
    cup = TournamentFactory(system=System.KNOCKOUT, chief=anna)
    EntryFactory.create_batch(size, tournament=cup)
    service.draw_bracket(anna, cup, random_seed=5)
    for _ in range(4):  # a few bouts decided, the others still ahead
        ready = service.sheet(cup).state.ready()[0]
        service.record_bout(anna, cup, ready.match.id, int(ready.a))
    # the tournament and its version are read by the first page, then kept with the pages
    # (each page's head once more: its event and last change, templates/public/_layout.html)
    public = [
        # tournament and its version, bracket, entries, bouts
        (url("public_bracket", cup), 5),
        (url("public_standings", cup), 4),
        (url("tournament", cup), 4),  # arbiters, entries, rounds
        # the rounds' standings (rounds, entries, games, byes: none in a bracket), bracket,
        # entries, bouts
        (url("export_standings_pdf", cup), 7),
    ]
    for address, count in public:
        with django_assert_num_queries(count, info=address):
            assert client.get(address).status_code == 200
    login(client, anna)
    # session, user, tournament, role; the sheet: tournament, bracket (twice), entries, bouts,
    # whether one was fought; the job the tournament's nav names
    with django_assert_num_queries(11):
        assert client.get(url("bracket", cup)).status_code == 200


def test_the_arbiter_places_a_competitor_by_hand_seeing_each_places_badness(client, anna, cup):
    login(client, anna)
    page = client.get(url("bracket", cup))
    assert b"free-slots" in page.content and b"Badness" in page.content
    first = cup.entries.order_by("name").first()
    client.post(url("bracket_place", cup), {"entry": first.pk, "slot": "3", "seen": shown(cup)})
    assert service.sheet(cup).bracket.placed == {str(first.pk): 3}


def test_a_pool_shows_its_standing(client, anna):
    pool = TournamentFactory(name="Pool of four", system=System.KNOCKOUT, chief=anna)
    for n in range(4):
        EntryFactory(tournament=pool, name=f"Pool {n}, Test", club=f"Club {n}")
    service.draw_bracket(anna, pool, random_seed=2)
    ready = service.sheet(pool).state.ready()[0]
    service.record_bout(anna, pool, ready.match.id, int(ready.a))
    page = client.get(url("public_bracket", pool))
    assert b"pool-standing" in page.content and page.content.count(b"<tr>") >= 5
