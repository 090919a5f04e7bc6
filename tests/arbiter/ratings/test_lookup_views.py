"""Anna looks players up in FIDE's list from the player forms: as she types (HTMX, the candidates
only) or with the plain search form, and a pick fills the form (docs/ratings.md, "Lookup and
refresh")."""

import datetime

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import Entry
from arbiter.core.systems import System
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def lookup(client, tournament, q, htmx=True, **params):
    url = reverse("player_lookup", args=[tournament.pk])
    headers = HTMX if htmx else {}
    return client.get(url, {"q": q, **params}, headers=headers)


@pytest.fixture
def november_open(anna):
    """Anna's Swiss starting in November 2026 (FIDE's November list in force)."""
    return TournamentFactory(
        name="November Open", chief=anna, start_date=datetime.date(2026, 11, 20)
    )


def test_a_fide_id_finds_its_player_with_the_rating_of_the_tournaments_type(
    anna_client, november_open, fide_november
):
    response = lookup(anna_client, november_open, "1503014")
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="lookup-candidates"')  # the candidates only
    assert "FIDE list of 2026-11, Standard ratings." in body
    assert "Carlsen, Magnus" in body and "2839" in body and ">GM<" in body and "1990" in body
    pick = reverse("players", args=[november_open.pk]) + "?from_list=1503014"
    assert f'href="{pick}"' in body and 'hx-target="#add-player"' in body


def test_the_list_in_force_at_the_start_is_read(anna_client, anna, fide_november):
    october_event = TournamentFactory(chief=anna, start_date=datetime.date(2026, 10, 15))
    body = lookup(anna_client, october_event, "1503014").content.decode()
    assert "FIDE list of 2026-10" in body and "2830" in body and "2839" not in body


def test_a_rapid_event_reads_the_rapid_rating_or_else_the_standard_one(
    anna_client, november_open, fide_november
):
    november_open.rating_type = "rapid"
    november_open.save()
    body = lookup(anna_client, november_open, "1503014").content.decode()
    assert "Rapid ratings" in body and "2820" in body
    body = lookup(anna_client, november_open, "1504321").content.decode()
    assert "2224" in body and "(standard)" in body  # B.02 7.2.1


@pytest.mark.parametrize("typed", ["carno", "CARNOGURSKA", "Čarnog", "  čarnogurská,   j"])
def test_a_name_prefix_finds_players_whatever_the_accents_and_case(
    anna_client, november_open, fide_november, typed
):
    body = lookup(anna_client, november_open, typed).content.decode()
    assert "Čarnogurská, Jana" in body and ">IM<" in body and "SVK" in body
    assert "Carlsen" not in body


def test_nothing_found_says_so(anna_client, november_open, fide_november):
    assert "has the FIDE id 42." in lookup(anna_client, november_open, "42").content.decode()
    body = lookup(anna_client, november_open, "Zzz").content.decode()
    assert "No player's name in the list starts with “Zzz”." in body


def test_without_a_list_the_lookup_says_where_to_load_one(anna_client, november_open):
    body = lookup(anna_client, november_open, "Carlsen").content.decode()
    assert "No FIDE rating list is loaded: import one on the rating lists page." in body


def test_a_player_already_entered_cannot_be_picked_twice(anna_client, november_open, fide_november):
    EntryFactory(tournament=november_open, fide_id=1503014, name="Carlsen, Magnus")
    body = lookup(anna_client, november_open, "1503014").content.decode()
    assert "already entered" in body and "from_list=" not in body


def test_odd_numbers_are_no_fide_ids(anna_client, november_open, fide_november):
    for odd in ("\u00b2", "9" * 19):
        response = lookup(anna_client, november_open, odd, **{"for": "\u00b2"})
        assert response.status_code == 200 and "has the FIDE id" in response.content.decode()


def test_the_edit_form_looks_up_for_its_player(anna_client, november_open, fide_november):
    entry = EntryFactory(tournament=november_open, fide_id=1503014, name="Carlsen, M")
    body = lookup(anna_client, november_open, "1503014", **{"for": entry.pk}).content.decode()
    pick = reverse("player_edit", args=[november_open.pk, entry.pk]) + "?from_list=1503014"
    assert f'href="{pick}"' in body and 'hx-target="#player-form"' in body
    assert "already entered" not in body  # the player edited is not "another" entry


def test_a_query_too_long_is_refused_without_a_lookup(
    anna_client, november_open, fide_november, django_assert_max_num_queries
):
    with django_assert_max_num_queries(4):  # session, user, tournament, role: no list read
        body = lookup(anna_client, november_open, "x" * 101).content.decode()
    assert "Type at most 100 characters" in body


def test_the_lookup_costs_the_same_queries_for_any_answer(
    anna_client, november_open, fide_november, django_assert_num_queries
):
    # session, user, tournament, role; the list in force, the players found, those entered
    with django_assert_num_queries(7):
        lookup(anna_client, november_open, "1503014")
    with django_assert_num_queries(7):
        lookup(anna_client, november_open, "ca")


def test_without_javascript_the_search_form_shows_a_page_of_plain_links(
    anna_client, november_open, fide_november
):
    response = lookup(anna_client, november_open, "Haugen", htmx=False)
    body = response.content.decode()
    assert "<html" in body and 'id="player-lookup"' in body and 'value="Haugen"' in body
    pick = reverse("players", args=[november_open.pk]) + "?from_list=1504321"
    assert f'href="{pick}"' in body and "hx-target=" not in body.split('id="lookup-candidates"')[1]


def test_the_lookup_is_for_the_tournaments_arbiters_only(
    client, boris_client, november_open, fide_november
):
    url = reverse("player_lookup", args=[november_open.pk])
    assert boris_client.get(url, {"q": "Carlsen"}).status_code == 403
    client.logout()
    anonymous = client.get(url, {"q": "Carlsen"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert client.post(url, {"q": "Carlsen"}).status_code in (302, 405)


def test_a_tournament_without_ratings_has_no_lookup(anna_client, anna, fide_november):
    knockout = TournamentFactory(chief=anna, system=System.KNOCKOUT)
    assert lookup(anna_client, knockout, "Carlsen").status_code == 404


# --- the form filled from a pick -----------------------------------------------------------------


def test_a_pick_fills_the_add_form(anna_client, november_open, fide_november):
    url = reverse("players", args=[november_open.pk]) + "?from_list=1504321"
    response = anna_client.get(url, headers=HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith("<form") and 'id="add-player"' in body
    assert "Filled from the FIDE list of 2026-11 (rating type: Standard)" in body
    for shown in ('value="Haugen, Sofia"', 'value="NOR"', 'value="2224"', 'value="1504321"',
                  'value="2004"', 'value="20"', '<option value="WIM" selected>',
                  '<option value="f" selected>'):  # fmt: skip
        assert shown in body, shown


def test_a_pick_without_javascript_opens_the_page_with_the_form_filled(
    anna_client, november_open, fide_november
):
    url = reverse("players", args=[november_open.pk]) + "?from_list=1503014"
    body = anna_client.get(url).content.decode()
    assert "<html" in body and 'value="Carlsen, Magnus"' in body and 'value="2839"' in body


def test_the_filled_form_saves_the_player(anna_client, november_open, fide_november):
    url = reverse("players", args=[november_open.pk])
    filled = anna_client.get(url + "?from_list=1503014").context["form"]
    data = {name: value for name, value in filled.initial.items() if value is not None}
    assert anna_client.post(url, data).status_code == 302
    entry = Entry.objects.get(tournament=november_open)
    assert (entry.name, entry.title, entry.rating, entry.k_factor, entry.fide_id) == (
        "Carlsen, Magnus",
        "GM",
        2839,
        10,
        1503014,
    )


def test_a_pick_for_a_rapid_event_says_the_standard_rating_counts(
    anna_client, november_open, fide_november
):
    november_open.rating_type = "rapid"
    november_open.save()
    url = reverse("players", args=[november_open.pk]) + "?from_list=1504321"
    body = anna_client.get(url, headers=HTMX).content.decode()
    assert 'value="2224"' in body and "the standard rating is the rating (B.02 7.2.1)" in body


def test_a_pick_fills_the_edit_form_over_what_the_entry_holds(
    anna_client, november_open, fide_november
):
    entry = EntryFactory(
        tournament=november_open, name="Moen, J", fide_id=1509999, rating=1700, club="Bergens SK"
    )
    url = reverse("player_edit", args=[november_open.pk, entry.pk]) + "?from_list=1509999"
    body = anna_client.get(url, headers=HTMX).content.decode()
    assert body.lstrip().startswith("<form") and 'id="player-form"' in body
    assert 'value="Moen, Jon"' in body and 'value="1850"' in body and 'value="1975"' in body
    assert 'value="Bergens SK"' in body  # what the list does not give stays


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("77", "FIDE id 77 is not in the FIDE list of 2026-11."),
        ("x1", "That is not a FIDE id."),
        ("\u00b2", "That is not a FIDE id."),
    ],
)
def test_a_pick_the_list_cannot_fill_says_why(
    anna_client, november_open, fide_november, value, said
):
    url = reverse("players", args=[november_open.pk])
    body = anna_client.get(url, {"from_list": value}, headers=HTMX).content.decode()
    assert said in body and 'value="' not in body.split('name="name"')[1].split(">")[0]


ODD = st.sampled_from(
    ["\x00", "a\x00b", "9" * 40, "9" * 19, "%_", "\\", "'; --", "\u00b2", "1\u00b2"]
)


@given(query=st.text(max_size=120) | ODD)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_any_text_typed_is_answered(anna_client, november_open, fide_november, query):
    assert lookup(anna_client, november_open, query).status_code == 200


def test_a_pick_costs_two_queries_more_than_the_players_page(
    anna_client, november_open, fide_november, django_assert_num_queries
):
    url = reverse("players", args=[november_open.pk])
    with django_assert_num_queries(10):  # as tests/arbiter/desk/test_players.py pins it
        anna_client.get(url)
    with django_assert_num_queries(12):  # and the list in force, the player picked
        anna_client.get(url, {"from_list": "1503014"})
