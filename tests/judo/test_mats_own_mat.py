"""A mat-side page scores its own mat's bouts only (issue 26): a post for another mat's bout, or
from a page left open after the arbiter moved the category to another mat, is refused saying
where the bout is fought, and nothing is written."""

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry
from judo.models import LiveScore
from judo.services import mats
from pairing.knockout.models import Bout
from tests.conftest import login
from tests.judo.test_mats import HTMX, bout_form, judo_day, now_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    return judo_day(anna)


def written():
    return (LiveScore.objects.count(), Bout.objects.count(), AuditEntry.objects.count())


@pytest.mark.parametrize("view", ["mat_score", "mat_confirm"])
def test_the_page_of_mat_1_refuses_a_bout_of_mat_2(client, anna, cup, view):
    login(client, anna)
    other = now_on(cup, mat=2)
    before = written()
    data = bout_form(other, action="a:ippon")
    html = client.post(reverse(view, args=[cup.pk, 1]), data, headers=HTMX).content.decode()
    label = other.category.label
    bout = other.match.match.id
    assert f"Bout {bout} of {label} is fought on mat 2, not on mat 1" in html
    assert written() == before
    response = client.post(reverse(view, args=[cup.pk, 1]), data)  # without JavaScript
    assert response.status_code == 302
    assert "is fought on mat 2" in client.get(response["Location"]).content.decode()
    assert written() == before


def test_a_page_left_open_after_the_category_moved_mats_is_refused(client, anna, cup):
    login(client, anna)
    stale = now_on(cup, mat=1)  # what the page of mat 1 shows
    cup.refresh_from_db()
    mats.assign_mats(anna, cup, {stale.category.pk: 2}, seen=cup.version)  # moved to mat 2
    before = written()
    data = bout_form(stale, action="b:waza-ari")
    html = client.post(reverse("mat_score", args=[cup.pk, 1]), data, headers=HTMX).content.decode()
    assert "is fought on mat 2, not on mat 1: score it on the page of mat 2" in html
    assert written() == before
    # on the page of mat 2 the same entry is taken
    client.post(reverse("mat_score", args=[cup.pk, 2]), data, headers=HTMX)
    assert LiveScore.objects.get().score == "2025 bW"


def test_a_bout_whose_category_has_no_mat_now_is_refused(client, anna, cup):
    login(client, anna)
    stale = now_on(cup, mat=1)
    cup.refresh_from_db()
    mats.assign_mats(anna, cup, {stale.category.pk: None}, seen=cup.version)
    data = bout_form(stale, action="a:ippon")
    html = client.post(reverse("mat_score", args=[cup.pk, 1]), data, headers=HTMX).content.decode()
    assert "is on no mat now, not on mat 1" in html
    assert not LiveScore.objects.exists()


def test_the_service_checks_the_mat_only_when_a_mat_s_page_asks(anna, cup):
    called = now_on(cup, mat=2)
    with pytest.raises(mats.CompetitionError, match="fought on mat 2"):
        mats.score(anna, called.category, called.match.match.id, "a:yuko", seen=0, mat=1)
    mats.score(anna, called.category, called.match.match.id, "a:yuko", seen=0)
    assert LiveScore.objects.get().score == "2025 aY"
