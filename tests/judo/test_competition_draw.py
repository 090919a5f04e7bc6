"""The draw of every category (asking before putting out who did not weigh in) and the mats."""

from decimal import Decimal

import pytest
from django.urls import reverse

from arbiter.core.models import Entry
from judo.models import Competition
from judo.services import competition as service
from pairing.knockout import services as knockout
from tests.conftest import login
from tests.factories import competition_with_categories

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    cup = competition_with_categories(anna, limits=(60, 66, 73))
    light, middle, _ = cup.categories.order_by("weight_limit")
    for n in range(4):
        entry = service.enter(anna, light, {"name": f"Light {n}", "birth_year": 1990})
        if n:
            service.weigh_in(anna, entry, Decimal(59))
    entry = service.enter(anna, middle, {"name": "Lonely", "birth_year": 1990})
    service.weigh_in(anna, entry, Decimal(65))
    return cup


def url(name, competition):
    return reverse(name, kwargs={"competition_id": competition.pk})


def test_the_draw_page_names_who_did_not_weigh_in_and_asks_first(client, anna, cup):
    login(client, anna)
    html = client.get(url("competition_draw", cup)).content.decode()
    assert "1 competitor did not weigh in" in html and "Light 0" in html
    response = client.post(url("competition_draw", cup))  # no confirmation
    assert "did not weigh in: drawing puts them out" in response.content.decode()
    assert not Entry.objects.get(name="Light 0").withdrawn


def test_drawing_puts_them_out_and_reports_drawn_and_left(client, anna, cup):
    login(client, anna)
    missing = str(Entry.objects.get(name="Light 0").pk)
    data = {"confirm": "yes", "missing": missing}
    html = client.post(url("competition_draw", cup), data).content.decode()
    report = html.split('id="draw-report"')[1].split("</section>")[0]
    assert "Men Seniors -60 kg" in report.split("Left undrawn")[0]
    assert "Men Seniors -66 kg: one competitor" in report
    assert "Men Seniors -73 kg: no competitor" in report
    assert "Light 0" in report.split("Put out")[1]
    assert Entry.objects.get(name="Light 0").withdrawn
    light = cup.categories.get(weight_limit=60)
    assert knockout.bracket_of(light.tournament).slots


def test_a_confirmation_of_another_list_draws_nothing(client, anna, cup):
    login(client, anna)
    light = cup.categories.get(weight_limit=60)
    service.enter(anna, light, {"name": "Late", "birth_year": 1990})  # after the page was shown
    missing = str(Entry.objects.get(name="Light 0").pk)
    html = client.post(url("competition_draw", cup), {"confirm": "yes", "missing": missing})
    assert "changed since your page was loaded" in html.content.decode()
    assert not knockout.bracket_of(light.tournament).slots
    assert not Entry.objects.filter(withdrawn=True).exists()


def _mats(cup, **chosen):
    return {"seen": str(cup.version), **{f"mat-{k}": v for k, v in chosen.items()}}


def test_each_category_gets_a_mat(client, anna, cup):
    login(client, anna)
    light, middle, heavy = cup.categories.order_by("weight_limit")
    data = _mats(cup, **{str(light.pk): "1", str(middle.pk): "2", str(heavy.pk): ""})
    assert client.post(url("competition_mats", cup), data).status_code == 302
    assert list(cup.categories.order_by("weight_limit").values_list("mat", flat=True)) == [
        1,
        2,
        None,
    ]
    html = client.get(url("competition_mats", cup)).content.decode()
    assert "Mat 1: 1 categories, 4 competitors" in html


@pytest.mark.parametrize("mat", ["3", "0", "-1", "x", "²", "9" * 30])
def test_a_mat_that_does_not_exist_is_refused_and_nothing_saved(client, anna, cup, mat):
    login(client, anna)
    light, middle, _ = cup.categories.order_by("weight_limit")
    data = _mats(cup, **{str(light.pk): "1", str(middle.pk): mat})
    html = client.post(url("competition_mats", cup), data).content.decode()
    assert "The mats are 1 to 2." in html
    assert not cup.categories.filter(mat__isnull=False).exists()


def test_mats_from_a_stale_page_are_refused(client, anna, cup):
    login(client, anna)
    light = cup.categories.get(weight_limit=60)
    stale = _mats(cup, **{str(light.pk): "2"})
    client.post(url("competition_mats", cup), _mats(cup, **{str(light.pk): "1"}))
    html = client.post(url("competition_mats", cup), stale).content.decode()
    assert "changed since your page was loaded" in html
    assert cup.categories.get(pk=light.pk).mat == 1
    html = client.post(url("competition_mats_propose", cup), {"seen": stale["seen"]})
    assert "changed since your page was loaded" in html.content.decode()


def test_the_mats_can_be_proposed(client, anna, cup):
    login(client, anna)
    response = client.post(url("competition_mats_propose", cup), {"seen": str(cup.version)})
    assert response.status_code == 302
    mats = set(cup.categories.values_list("mat", flat=True))
    assert mats <= {1, 2} and mats
    assert Competition.objects.get(pk=cup.pk).version > cup.version


@pytest.mark.parametrize("size", [2, 7])
def test_the_mats_page_costs_the_same_queries_for_2_and_7_categories(
    client, anna, size, django_assert_num_queries
):
    cup = competition_with_categories(anna, limits=range(60, 60 + size))
    login(client, anna)
    with django_assert_num_queries(6):
        client.get(url("competition_mats", cup))
    with django_assert_num_queries(6):
        client.get(url("competition_draw", cup))
