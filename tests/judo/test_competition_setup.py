"""The arbiter's competition pages: creating one, its settings and publishing, its categories,
the dashboard that lists it."""

from decimal import Decimal

import pytest
from django.urls import reverse

from arbiter.core.models import Tournament
from judo.models import Category, Competition
from judo.services import competition as service
from tests.conftest import login
from tests.factories import EntryFactory, competition_with_categories

pytestmark = pytest.mark.django_db

PAGES = [
    "competition_settings",
    "competition_categories",
    "competition_entries",
    "competition_weigh_in",
    "competition_draw",
    "competition_mats",
]


@pytest.fixture
def cup(anna):
    return competition_with_categories(anna)


def url(name, competition, **kwargs):
    return reverse(name, kwargs={"competition_id": competition.pk, **kwargs})


@pytest.mark.parametrize("name", PAGES)
def test_only_the_competitions_arbiters_see_its_pages(client, boris, cup, name):
    response = client.get(url(name, cup))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    login(client, boris)
    assert client.get(url(name, cup)).status_code == 403
    assert client.post(url(name, cup), {"name": "Taken"}).status_code in (403, 405)
    assert Competition.objects.get(pk=cup.pk).name == "Autumn Cup"


@pytest.mark.parametrize("name", PAGES)
def test_each_page_shows_the_competitions_nav(client, anna, cup, name):
    login(client, anna)
    html = client.get(url(name, cup)).content.decode()
    assert 'id="competition-nav"' in html
    for page in PAGES:
        assert url(page, cup) in html


def test_a_new_competition_is_created_with_its_arbiter(client, anna):
    login(client, anna)
    data = {
        "name": "Winter Cup",
        "date": "2026-12-05",
        "city": "Bergen",
        "mats": "3",
        "rest_minutes": "12",
        "bout_minutes": "4.5",
        "rule_set": "2022",
    }
    response = client.post(reverse("competition_create"), data)
    competition = Competition.objects.get(name="Winter Cup")
    assert response["Location"] == url("competition_categories", competition)
    assert list(competition.arbiters.all()) == [anna]
    assert (competition.mats, competition.rest_minutes) == (3, 12)
    assert competition.rule_set == "2022"  # a national event on the earlier rules


def test_a_bad_competition_is_refused_with_the_fields_errors(client, anna):
    login(client, anna)
    data = {"name": "X", "mats": "99", "rest_minutes": "10", "bout_minutes": "0.1"}
    response = client.post(reverse("competition_create"), data)
    assert response.status_code == 200 and b"errorlist" in response.content
    assert not Competition.objects.exists()


def _settings(competition, **changes):
    return {
        "name": competition.name,
        "date": "",
        "city": "",
        "mats": str(competition.mats),
        "rest_minutes": str(competition.rest_minutes),
        "bout_minutes": str(competition.bout_minutes),
        "rule_set": competition.rule_set,
        "seen": str(competition.version),
        **changes,
    }


def test_the_settings_are_saved_on_the_version_the_page_showed(client, anna, cup):
    login(client, anna)
    response = client.post(url("competition_settings", cup), _settings(cup, rest_minutes="15"))
    assert response.status_code == 302
    assert Competition.objects.get(pk=cup.pk).rest_minutes == 15


def test_settings_from_a_stale_page_are_refused_and_nothing_is_saved(client, anna, cup):
    login(client, anna)
    stale = _settings(cup, rest_minutes="15")
    service.update_competition(anna, cup, {"mats": 3}, seen=cup.version)  # another tab
    html = client.post(url("competition_settings", cup), stale).content.decode()
    assert "were changed since your page was loaded" in html
    assert Competition.objects.get(pk=cup.pk).rest_minutes == 10
    assert client.post(url("competition_settings", cup), {**stale, "seen": ""}).status_code == 200
    assert Competition.objects.get(pk=cup.pk).rest_minutes == 10


def test_publishing_shows_the_categories_too_and_a_stale_page_is_refused(client, anna, cup):
    login(client, anna)
    data = {"published": "yes", "seen": str(cup.version)}
    client.post(url("competition_publish", cup), data)
    assert Competition.objects.get(pk=cup.pk).is_published
    assert all(Tournament.objects.filter(category__competition=cup).values_list("is_published"))
    client.post(url("competition_publish", cup), {"published": "no", "seen": "0"})
    assert Competition.objects.get(pk=cup.pk).is_published


def test_a_category_is_added_and_listed_with_its_counts(client, anna, cup):
    login(client, anna)
    data = {"sex": "F", "age_group": "U18", "weight_limit": "52", "born_from": "2009"}
    assert client.post(url("competition_categories", cup), data).status_code == 302
    category = Category.objects.get(competition=cup, sex="F")
    assert category.born_from == 2009 and category.weight_limit == 52
    light = cup.categories.get(weight_limit=60)
    a, b = EntryFactory(tournament=light.tournament), EntryFactory(tournament=light.tournament)
    service.weigh_in(anna, a, Decimal(59))
    html = client.get(url("competition_categories", cup)).content.decode()
    row = html.split(f'id="category-{light.pk}"')[1].split("</tr>")[0]
    assert '<td class="num">2</td><td class="num">1</td>' in row and "not drawn" in row
    assert reverse("bracket", args=[light.tournament_id]) in row
    assert b is not None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"sex": "M", "age_group": "Seniors", "weight_limit": "60"}, "already a category"),
        ({"sex": "M", "age_group": "U21", "weight_limit": "5"}, "greater than or equal to 10"),
        ({"sex": "X", "age_group": "U21"}, "Select a valid choice"),
        ({"sex": "M", "age_group": "U21", "born_from": "2010", "born_to": "2001"}, "comes before"),
        ({"sex": "M", "age_group": "x" * 41}, "at most 40 characters"),
    ],
)
def test_a_bad_category_is_refused_with_a_message_and_nothing_saved(
    client, anna, cup, data, message
):
    login(client, anna)
    response = client.post(url("competition_categories", cup), data)
    assert response.status_code == 200 and message in response.content.decode()
    assert cup.categories.count() == 2


def test_the_ijf_weight_classes_come_in_one_click(client, anna, cup):
    login(client, anna)
    client.post(url("competition_weight_classes", cup), {"sex": "M", "age_group": "Seniors"})
    assert cup.categories.filter(sex="M").count() == 7
    response = client.post(url("competition_weight_classes", cup), {"sex": "Q", "age_group": ""})
    assert response.status_code == 200 and cup.categories.count() == 7


@pytest.mark.parametrize("size", [2, 8])
def test_the_category_list_costs_the_same_queries_for_2_and_8_categories(
    client, anna, size, django_assert_num_queries
):
    cup = competition_with_categories(anna, limits=range(60, 60 + size))
    for category in cup.categories.all():
        for _ in range(3):
            EntryFactory(tournament=category.tournament)
    login(client, anna)
    with django_assert_num_queries(5):
        response = client.get(url("competition_categories", cup))
    assert response.content.decode().count('id="category-') == size


def test_the_dashboard_lists_competitions_and_not_their_categories(client, anna, cup):
    login(client, anna)
    html = client.get(reverse("dashboard")).content.decode()
    assert "Autumn Cup" in html and url("competition_categories", cup) in html
    assert "Seniors -60 kg" not in html
    assert reverse("competition_create") in html


@pytest.mark.parametrize("size", [1, 4])
def test_the_dashboard_costs_the_same_queries_for_1_and_4_competitions(
    client, anna, size, django_assert_num_queries
):
    for _ in range(size):
        competition_with_categories(anna)
    login(client, anna)
    with django_assert_num_queries(5):  # with the events list
        client.get(reverse("dashboard"))
