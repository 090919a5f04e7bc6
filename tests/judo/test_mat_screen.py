"""A mat's venue screen (judo/views/screens_public.py, docs/screens.md): now with its scoreboard,
next and after that, in large type; public, kept and polled like the mat's public page."""

import pytest
from django.urls import reverse

from judo.services import call_times, mats
from tests.judo.test_mats import judo_day, now_on

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_tick(monkeypatch):
    """The pages add the call times' 5-minute tick to their versions (judo/services/call_times.py):
    held still here, so that a test crossing a tick's boundary compares the versions it means to."""
    monkeypatch.setattr(call_times, "tick", lambda now=None: "t0")


@pytest.fixture
def cup(anna):
    return judo_day(anna, sizes=(4, 4))


def screen(client, cup, mat=1, **headers):
    return client.get(reverse("screen_mat", args=[cup.pk, mat]), headers=headers)


def test_the_mat_screen_shows_now_with_its_score_then_next_and_after_that(client, anna, cup):
    now, following = mats.day(cup).now_and_next(1)
    mats.score(anna, now.category, now.match.match.id, "b:waza-ari", seen=0)
    mats.score(anna, now.category, now.match.match.id, "a:shido", seen=1)
    response = screen(client, cup)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Now" in page and "Next" in page
    assert page.index(now.white.name) < page.index(now.blue.name) < page.index("Next")
    board = response.context["now"]
    assert (board.white.shido, board.blue.wazaari) == (1, 1)
    assert '<td class="count">1</td>' in page
    coming = response.context["coming"]
    assert 1 <= len(coming) <= 2 and coming[0]["called"].position == following.position
    assert "csrf" not in page.lower() and "<script>" not in page


def test_the_screen_follows_the_score_and_answers_a_repeat_with_304(
    client, anna, cup, django_assert_max_num_queries
):
    first = screen(client, cup)
    with django_assert_max_num_queries(3):  # the versions only, as the mat's public page
        again = screen(client, cup, if_none_match=first["ETag"])
    assert again.status_code == 304
    version = first.context["competition"].public_version
    url = reverse("screen_mat", args=[cup.pk, 1]) + f"?since={version}"
    assert client.get(url, headers={"hx-request": "true"}).status_code == 204
    now = now_on(cup)
    mats.score(anna, now.category, now.match.match.id, "a:waza-ari", seen=0)
    assert client.get(url, headers={"hx-request": "true"}).status_code == 200
    assert screen(client, cup, if_none_match=first["ETag"]).status_code == 200


def test_no_mat_or_no_published_competition_is_not_found(client, anna):
    hidden = judo_day(anna, published=False)
    assert screen(client, hidden).status_code == 404
    shown = judo_day(anna)
    assert screen(client, shown, mat=3).status_code == 404
    assert screen(client, shown, mat=0).status_code == 404


def test_the_queries_do_not_grow_with_the_categories(client, anna):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    small, large = judo_day(anna, sizes=(2, 2)), judo_day(anna, sizes=(8, 8))
    cache.clear()
    with CaptureQueriesContext(connection) as few:
        screen(client, small)
    cache.clear()
    with CaptureQueriesContext(connection) as many:
        screen(client, large)
    assert len(many) == len(few) == 9  # with the call times' first entries
