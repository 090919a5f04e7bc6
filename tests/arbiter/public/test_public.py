"""What a player sees without logging in."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, TournamentFactory, changed

pytestmark = pytest.mark.django_db


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
    for size in (2, 40):
        EntryFactory.create_batch(size, tournament=bergen_open)
        changed(bergen_open)
        # tournament, arbiters, entries, public rounds, the head (event, last change)
        with django_assert_num_queries(5):
            client.get(reverse("tournament", args=[bergen_open.pk]))
        # the versions (tournaments, days, events), the events, the tournaments and days
        with django_assert_num_queries(7):
            client.get(reverse("home"))
        # nothing changed since: the kept page (and row), the version of all tournaments
        with django_assert_num_queries(0):
            client.get(reverse("tournament", args=[bergen_open.pk]))
        with django_assert_num_queries(3):
            client.get(reverse("home"))


def starting_list(client, tournament, query=""):
    return client.get(reverse("tournament", args=[tournament.pk]) + query).content.decode()


def test_a_monrad_starting_list_opens_in_card_order_and_says_so(client, anna):
    from arbiter.core.systems import System
    from tests.factories import TournamentFactory

    club = TournamentFactory(name="Tuesday Club", system=System.MONRAD, chief=anna)
    EntryFactory(tournament=club, name="Low, Card", rating=1200, starting_number=1)
    EntryFactory(tournament=club, name="High, Card", rating=2000, starting_number=2)
    page = starting_list(client, club)
    assert "Starting list by card number" in page and "By rating</a>" in page
    assert '<a href="?order=number" aria-current="page">By card number</a>' in page
    assert page.index("Low, Card") < page.index("High, Card")
    by_rating = starting_list(client, club, "?order=rating")
    assert '<a href="?order=rating" aria-current="page">By rating</a>' in by_rating
    assert by_rating.index("High, Card") < by_rating.index("Low, Card")


def test_by_rating_is_by_rating_even_when_the_numbers_are_not(client, bergen_open):
    EntryFactory(tournament=bergen_open, name="Late, Strong", rating=2600, starting_number=3)
    EntryFactory(tournament=bergen_open, name="Early, Weak", rating=1500, starting_number=1)
    page = starting_list(client, bergen_open)
    assert "Starting rank list" in page
    assert page.index("Late, Strong") < page.index("Early, Weak")
    by_number = starting_list(client, bergen_open, "?order=number")
    assert by_number.index("Early, Weak") < by_number.index("Late, Strong")


def test_the_alphabetical_list_follows_the_tournament_s_language(client, bergen_open):
    for name in ("Åsen, Kari", "Zahl, Ola", "Ødegaard, Per", "Aune, Eva"):
        EntryFactory(tournament=bergen_open, name=name)
    bergen_open.federation = "NOR"
    bergen_open.save()
    page = starting_list(client, bergen_open, "?order=alpha")
    names = ["Aune, Eva", "Zahl, Ola", "Ødegaard, Per", "Åsen, Kari"]
    assert [page.index(name) for name in names] == sorted(page.index(name) for name in names)


@pytest.mark.parametrize("count", [1, 12])
def test_the_home_page_costs_seven_queries_then_three_for_1_or_12_tournaments(
    client, count, django_assert_num_queries
):
    for _ in range(count):
        EntryFactory.create_batch(3, tournament=TournamentFactory(is_published=True))
    # the versions of every tournament, competition and event, the current and the past
    # events, the tournaments with their player counts, the competitions with their categories
    with django_assert_num_queries(7):
        html = client.get(reverse("home")).content.decode()
    assert html.count("3 players") == count
    with django_assert_num_queries(3):  # kept: the versions alone
        assert client.get(reverse("home")).content.decode() == html


def test_a_published_competition_day_is_on_the_home_page_and_its_categories_only_inside(
    client, anna
):
    from decimal import Decimal

    from judo.services import competition

    day = competition.create_competition(anna, {"name": "Autumn Judo Day", "city": "Oulu"})
    competition.add_category(anna, day, sex="M", age_group="Seniors", weight_limit=Decimal(66))
    day.refresh_from_db()
    assert "Autumn Judo Day" not in client.get(reverse("home")).content.decode()
    competition.set_published(anna, day, True, seen=day.version)
    home = client.get(reverse("home")).content.decode()
    assert reverse("public_competition", args=[day.pk]) in home and "1 category" in home
    assert "Men Seniors -66 kg" not in home
