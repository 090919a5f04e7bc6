"""The competition's entries and its weigh-in: a competitor lands in their category, is weighed
(comma or point), and over the limit the arbiter moves them or puts them out."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from arbiter.core.models import Entry
from judo.models import WeighIn
from judo.services import competition as service
from tests.conftest import login
from tests.factories import competition_with_categories

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    return competition_with_categories(anna, limits=(60, 66, None))


def url(name, competition, **kwargs):
    return reverse(name, kwargs={"competition_id": competition.pk, **kwargs})


def _competitor(**changes):
    return {
        "name": "Sato, Aki",
        "club": "Ippon Club",
        "federation": "nor",
        "sex": "M",
        "birth_year": "1999",
        "category": "",
        "weight": "",
        **changes,
    }


def test_a_declared_weight_picks_the_category(client, anna, cup):
    login(client, anna)
    response = client.post(url("competition_entries", cup), _competitor(weight="63,5"))
    assert response.status_code == 302
    entry = Entry.objects.get(name="Sato, Aki")
    assert entry.tournament.category.weight_limit == 66
    assert (entry.federation, entry.sex, entry.birth_year) == ("NOR", "m", 1999)
    html = client.get(url("competition_entries", cup)).content.decode()
    assert "Sato, Aki" in html.split(f'id="entries-{entry.tournament.category.pk}"')[1]


def test_a_competitor_entered_over_htmx_gets_the_list_back_with_an_empty_form(client, anna, cup):
    login(client, anna)
    page = url("competition_entries", cup)
    response = client.post(page, _competitor(weight="59"), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "Sato, Aki entered in Men Seniors -60 kg." in html and "<html" not in html
    assert 'id="entries-section"' in html and 'value="Sato, Aki"' not in html
    refused = client.post(page, _competitor(weight="x"), HTTP_HX_REQUEST="true").content.decode()
    assert "Give the weight in kg" in refused and Entry.objects.count() == 1


def test_the_category_chosen_wins_over_the_weight(client, anna, cup):
    login(client, anna)
    light = cup.categories.get(weight_limit=60)
    client.post(url("competition_entries", cup), _competitor(category=light.pk, weight="90"))
    assert Entry.objects.get(name="Sato, Aki").tournament_id == light.tournament_id


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"sex": "F", "weight": "50"}, "No category takes women born 1999 weighing 50.0 kg"),
        ({}, "Choose the category or give the declared weight"),
        ({"weight": "9"}, "A weight is between 10 and 250 kg"),
        ({"weight": "abc"}, "Give the weight in kg"),
        ({"weight": "NaN"}, "A weight is between"),
        ({"federation": "NORWAY", "weight": "60"}, "at most 3 characters"),
        ({"federation": "N1R", "weight": "60"}, "three-letter"),
        ({"birth_year": "1800", "weight": "60"}, "greater than or equal to 1900"),
        ({"name": "", "weight": "60"}, "This field is required"),
        ({"sex": "F", "category": "CAT"}, "is not for this sex"),
    ],
)
def test_a_competitor_who_fits_nowhere_is_refused_clearly_and_nothing_is_saved(
    client, anna, cup, changes, message
):
    login(client, anna)
    if changes.get("category") == "CAT":
        changes["category"] = cup.categories.first().pk
    response = client.post(url("competition_entries", cup), _competitor(**changes))
    assert response.status_code == 200 and message in response.content.decode()
    assert not Entry.objects.exists()


def test_no_competitor_is_entered_in_a_drawn_category(client, anna, cup):
    light = cup.categories.get(weight_limit=60)
    for name in ("A", "B"):
        service.enter(anna, light, {"name": name, "birth_year": 1990})
    for entry in Entry.objects.all():
        service.weigh_in(anna, entry, Decimal(59))
    service.draw_all(anna, cup)
    login(client, anna)
    response = client.post(url("competition_entries", cup), _competitor(category=light.pk))
    assert "is drawn" in response.content.decode() and Entry.objects.count() == 2


@pytest.fixture
def aki(anna, cup):
    light = cup.categories.get(weight_limit=60)
    return service.enter(anna, light, {"name": "Sato, Aki", "club": "Ippon", "birth_year": 1999})


def _weigh(client, cup, entry, weight, **extra):
    data = {"weight": weight, "category": entry.tournament.category.pk, **extra}
    return client.post(
        url("competition_weigh", cup, entry_id=entry.pk), data, HTTP_HX_REQUEST="true"
    )


def test_the_weigh_in_lists_who_still_has_to_weigh_in(client, anna, cup, aki):
    login(client, anna)
    html = client.get(url("competition_weigh_in", cup)).content.decode()
    assert "Sato, Aki" in html.split("Not weighed yet")[1].split("Weighed")[0]


def test_within_the_limit_a_weight_with_a_comma_is_ok(client, anna, cup, aki):
    login(client, anna)
    html = _weigh(client, cup, aki, "59,8").content.decode()
    assert WeighIn.objects.get(entry=aki).weight == Decimal("59.8")
    assert 'class="ok"' in html and "59.8 kg" in html and "Weigh again" in html
    assert "<html" not in html  # the row only
    _weigh(client, cup, aki, "59.6")
    assert WeighIn.objects.get(entry=aki).weight == Decimal("59.6")  # the last weighing counts


def test_over_the_limit_the_row_offers_the_move_and_out(client, anna, cup, aki):
    login(client, anna)
    html = _weigh(client, cup, aki, "61.2").content.decode()
    assert "over -60 kg" in html and "move to Men Seniors -66 kg" in html and "out…" in html
    assert Entry.objects.get(pk=aki.pk).tournament_id == aki.tournament_id  # nothing moved
    heavy = cup.categories.get(weight_limit=66)
    data = {"target": heavy.pk, "category": aki.tournament.category.pk, "weight": "61.2"}
    move = url("competition_move", cup, entry_id=aki.pk)
    html = client.post(move, data, HTTP_HX_REQUEST="true").content.decode()
    assert Entry.objects.get(pk=aki.pk).tournament_id == heavy.tournament_id
    assert "moved to Men Seniors -66 kg" in html and 'class="ok"' in html


def test_a_move_from_a_stale_row_is_refused(client, anna, cup, aki):
    login(client, anna)
    _weigh(client, cup, aki, "61.2")
    service.weigh_in(anna, aki, Decimal("67"))  # weighed again at the other scale
    heavy = cup.categories.get(weight_limit=66)
    data = {"target": heavy.pk, "category": aki.tournament.category.pk, "weight": "61.2"}
    move = url("competition_move", cup, entry_id=aki.pk)
    html = client.post(move, data, HTTP_HX_REQUEST="true").content.decode()
    assert "was weighed again since your page was loaded" in html
    assert Entry.objects.get(pk=aki.pk).tournament_id == aki.tournament_id
    service.move_entry(anna, aki, heavy)
    html = _weigh(client, cup, aki, "60").content.decode()  # the row still says -60 kg
    assert "is in Men Seniors -66 kg now" in html and WeighIn.objects.get(entry=aki).weight == 67


def test_out_asks_first(client, anna, cup, aki):
    login(client, anna)
    _weigh(client, cup, aki, "61.2")
    out = url("competition_out", cup, entry_id=aki.pk)
    data = {"category": aki.tournament.category.pk}
    html = client.post(out, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Put Sato, Aki out of the competition?" in html
    assert not Entry.objects.get(pk=aki.pk).withdrawn
    plain = client.post(out, data).content.decode()  # without htmx: the page asks
    assert "Put Sato, Aki out of the competition?" in plain and "<html" in plain
    client.post(out, {**data, "confirm": "yes"}, HTTP_HX_REQUEST="true")
    assert Entry.objects.get(pk=aki.pk).withdrawn


@pytest.mark.parametrize("weight", ["", "9.9", "250.1", "x", "1e400", "NaN", "7" * 40])
def test_a_bad_weight_is_refused_and_nothing_saved(client, anna, cup, aki, weight):
    login(client, anna)
    response = _weigh(client, cup, aki, weight)
    assert response.status_code == 200 and b'role="alert"' in response.content
    assert not WeighIn.objects.exists()
    plain = client.post(url("competition_weigh", cup, entry_id=aki.pk), {"weight": weight})
    assert plain.status_code == 302 and not WeighIn.objects.exists()


def test_the_search_finds_by_name_and_answers_htmx_with_the_list(client, anna, cup, aki):
    light = cup.categories.get(weight_limit=60)
    service.enter(anna, light, {"name": "Tanaka, Ben", "birth_year": 1990})
    login(client, anna)
    page = url("competition_weigh_in", cup)
    html = client.get(page, {"q": "tana"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Tanaka, Ben" in html and "Sato, Aki" not in html and "<html" not in html
    assert client.get(page, {"q": "\x00" * 500}).status_code == 200


def test_another_competitions_competitor_is_not_found(client, anna, boris, cup, aki):
    other = competition_with_categories(boris)
    login(client, anna)
    response = _weigh(client, other, aki, "60")
    assert response.status_code == 403
    theirs = service.enter(boris, other.categories.first(), {"name": "X", "birth_year": 1990})
    assert _weigh(client, cup, theirs, "60").status_code == 404


@pytest.mark.parametrize("size", [3, 12])
def test_the_weigh_in_list_costs_the_same_queries_for_3_and_12_per_category(
    client, anna, cup, size, django_assert_num_queries
):
    for category in cup.categories.all():
        for n in range(size):
            entry = service.enter(anna, category, {"name": f"C{n}", "birth_year": 1990})
            if n % 3 == 1:
                service.weigh_in(anna, entry, Decimal(59))
            elif n % 3 == 2:
                service.weigh_in(anna, entry, Decimal(70))  # over in -60 and -66: offered a move
    login(client, anna)
    with django_assert_num_queries(7):  # the headings' counts: one query
        response = client.get(url("competition_weigh_in", cup))
    assert len(re.findall(r'id="weigh-\d', response.content.decode())) == 3 * size


@pytest.mark.parametrize("size", [2, 9])
def test_the_entries_page_costs_the_same_queries_for_2_and_9_per_category(
    client, anna, cup, size, django_assert_num_queries
):
    for category in cup.categories.all():
        for n in range(size):
            service.enter(anna, category, {"name": f"C{n}", "birth_year": 1990})
    login(client, anna)
    with django_assert_num_queries(7):
        response = client.get(url("competition_entries", cup))
    assert response.content.decode().count("<td>C") == 3 * size


def test_a_weighing_over_htmx_updates_the_headings_counts(client, anna, cup):
    category = cup.categories.first()
    first, _second = (
        service.enter(anna, category, {"name": n, "birth_year": 1990}) for n in ("Aa", "Bb")
    )
    login(client, anna)
    page = client.get(url("competition_weigh_in", cup)).content.decode()
    assert 'id="count-waiting">(2)' in page and 'id="count-weighed">(0)' in page
    answer = client.post(
        reverse("competition_weigh", args=[cup.pk, first.pk]),
        {"weight": "59", "category": category.pk},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert answer.lstrip().startswith(f'<tr id="weigh-{first.pk}"')
    assert '<small class="muted" id="count-waiting" hx-swap-oob="true">(1)</small>' in answer
    assert '<small class="muted" id="count-weighed" hx-swap-oob="true">(1)</small>' in answer
