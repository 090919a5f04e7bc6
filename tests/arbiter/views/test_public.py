"""What a player sees without logging in."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    """The public pages are cached by tournament: no page may come from another test's cache."""
    cache.clear()


def test_the_starting_list_is_in_rating_order_with_numbers(client, bergen_open):
    EntryFactory(tournament=bergen_open, name="Zeller, Ann", rating=2300, starting_number=1)
    EntryFactory(tournament=bergen_open, name="Aas, Kari", rating=2100, starting_number=2)
    page = client.get(reverse("tournament", args=[bergen_open.pk])).content.decode()
    assert page.index("Zeller, Ann") < page.index("Aas, Kari")
    assert "FideID" in page and "Rtg" in page and "FED" in page


def test_the_starting_list_can_be_read_alphabetically(client, bergen_open):
    EntryFactory(tournament=bergen_open, name="Zeller, Ann", rating=2300, starting_number=1)
    EntryFactory(tournament=bergen_open, name="Aas, Kari", rating=2100, starting_number=2)
    url = reverse("tournament", args=[bergen_open.pk]) + "?order=alpha"
    page = client.get(url).content.decode()
    assert page.index("Aas, Kari") < page.index("Zeller, Ann")


def test_the_tournament_header_names_its_arbiters(client, bergen_open):
    page = client.get(reverse("tournament", args=[bergen_open.pk])).content.decode()
    assert "Chief arbiter" in page and "Anna Larsen" in page
    assert "Deputy arbiter" in page and "Dag Moen" in page


def test_the_public_pages_cost_the_same_queries_for_any_field(
    client, bergen_open, django_assert_num_queries
):
    EntryFactory.create_batch(2, tournament=bergen_open)
    with django_assert_num_queries(4):  # tournament, arbiters, entries, public rounds
        client.get(reverse("tournament", args=[bergen_open.pk]))
    with django_assert_num_queries(1):
        client.get(reverse("home"))
    EntryFactory.create_batch(40, tournament=bergen_open)
    with django_assert_num_queries(4):
        client.get(reverse("tournament", args=[bergen_open.pk]))
    with django_assert_num_queries(1):
        client.get(reverse("home"))
