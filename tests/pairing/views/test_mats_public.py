"""The public pages of a competition day: its home, each mat's page and "when do I fight"
(pairing/views/mats_public.py): kept like every public page, the same for everyone, live."""

import pytest
from django.core.cache import caches
from django.urls import reverse

from pairing.engines import knockout as ko
from pairing.services import competition as service
from pairing.services import mats
from pairing.views.mats import route
from tests.pairing.views.test_mats import judo_day, now_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    return judo_day(anna)


def public_urls(cup):
    entry = now_on(cup).white
    return [
        reverse("public_competition", args=[cup.pk]),
        reverse("public_mat", args=[cup.pk, 1]),
        reverse("public_fight_search", args=[cup.pk]) + "?q=fighter",
        reverse("public_fight", args=[cup.pk, entry.pk]),
    ]


def test_the_home_page_lists_the_categories_and_the_mats(client, cup):
    page = client.get(reverse("public_competition", args=[cup.pk]))
    assert page.status_code == 200
    category = cup.categories.first()
    assert category.label.encode() in page.content
    assert reverse("public_bracket", args=[category.tournament_id]).encode() in page.content
    assert now_on(cup).white.name.encode() in page.content


def test_public_pages_hold_nothing_about_the_visitor(client, anna, cup):
    client.force_login(anna)  # even an arbiter gets the page everyone gets
    for address in public_urls(cup):
        page = client.get(address)
        assert page.status_code == 200, address
        assert "Set-Cookie" not in page.headers and not page.cookies, address
        assert b"csrf" not in page.content.lower(), address
        assert b"anna" not in page.content.lower(), address
        assert page["Cache-Control"].startswith("public"), address


def test_nothing_is_public_before_the_competition_is_published(client, anna):
    hidden = judo_day(anna, published=False)
    for address in public_urls(hidden):
        assert client.get(address).status_code == 404, address
    assert client.get(reverse("public_mat", args=[hidden.pk + 1000, 1])).status_code == 404


def test_the_mat_page_follows_the_score_and_the_result(client, anna, cup):
    address = reverse("public_mat", args=[cup.pk, 1])
    first = client.get(address)
    now = now_on(cup)
    assert now.white.name.encode() in first.content and b"in about" in first.content
    assert client.get(address, headers={"If-None-Match": first["ETag"]}).status_code == 304
    mats.score(anna, now.category, now.match.match.id, "b:waza-ari", seen=0)
    scored = client.get(address)
    assert scored["ETag"] != first["ETag"]
    assert b'data-label="Waza-ari">1</td>' in scored.content
    mats.score(anna, now.category, now.match.match.id, "b:ippon", seen=1)
    mats.confirm(anna, now.category, now.match.match.id, seen=2)
    after = client.get(address)
    assert after["ETag"] not in (first["ETag"], scored["ETag"])
    following = now_on(cup)
    assert f"bout {following.match.match.id}".encode() in after.content
    # the live body polls with the version it shows; an unchanged one is answered 204
    version = service.public_competition(cup.pk).public_version
    polled = client.get(address, {"since": version}, headers={"HX-Request": "true"})
    assert polled.status_code == 204


def test_when_do_i_fight_finds_a_competitor_and_tells_their_day(client, anna, cup):
    now = now_on(cup)
    found = client.get(reverse("public_fight_search", args=[cup.pk]), {"q": now.white.name})
    card_url = reverse("public_fight", args=[cup.pk, now.white.pk])
    assert card_url.encode() in found.content
    card = client.get(card_url)
    assert b"Mat 1" in card.content and b"Certain" in card.content
    mats.score(anna, now.category, now.match.match.id, "a:waza-ari", seen=0)
    mats.score(anna, now.category, now.match.match.id, "time", seen=1)
    mats.confirm(anna, now.category, now.match.match.id, seen=2)
    card = client.get(card_url)
    assert b"won by waza-ari" in card.content
    loser = client.get(reverse("public_fight", args=[cup.pk, now.blue.pk]))
    assert b"lost by waza-ari" in loser.content


def test_a_bout_a_competitor_may_reach_is_named_with_its_condition(client, anna):
    cup = judo_day(anna, sizes=(8, 3))
    now = now_on(cup)
    mats.score(anna, now.category, now.match.match.id, "a:ippon", seen=0)
    mats.confirm(anna, now.category, now.match.match.id, seen=1)
    card = client.get(reverse("public_fight", args=[cup.pk, now.blue.pk]))
    assert b"lost by ippon" in card.content and b"Certain" in card.content
    state = mats.day(cup).boards[now.category.pk].state
    # a bout waiting for the winner of another: whoever fights that one may reach it
    waiting = next(ms for ms in state.matches if ms.b == ko.PENDING and ms.match.b.kind == "winner")
    source = state[waiting.match.b.number]
    assert source.a not in (None, ko.PENDING)
    expected = f"if they win bout {source.match.id}"
    assert route(state, waiting, source.a) == expected
    assert route(state, waiting, waiting.a) == ""


@pytest.mark.parametrize(
    "query", ["", "x", "Fighter 6", "ÅÄÖ ünï", "a" * 5000, "\x00\x07 fi", "%", "_"]
)
def test_the_search_takes_any_query_and_is_bounded(client, cup, query):
    page = client.get(reverse("public_fight_search", args=[cup.pk]), {"q": query})
    assert page.status_code == 200
    assert len(page.content) < 50_000


def test_a_competitor_of_another_competition_has_no_card_here(client, anna, cup):
    other = judo_day(anna)
    entry = now_on(other).white
    assert client.get(reverse("public_fight", args=[cup.pk, entry.pk])).status_code == 404
    assert client.get(reverse("public_mat", args=[cup.pk, 3])).status_code == 404


@pytest.mark.parametrize("sizes", [(3, 2), (16, 12)])
def test_the_public_mat_page_costs_the_same_queries_whatever_the_size(
    client, anna, sizes, django_assert_num_queries
):
    cup = judo_day(anna, sizes=sizes)
    now = now_on(cup)
    mats.score(anna, now.category, now.match.match.id, "a:shido", seen=0)
    caches["default"].clear()
    # the competition and its stamp; the day: categories, brackets, entries, bouts, live scores
    with django_assert_num_queries(7):
        assert client.get(reverse("public_mat", args=[cup.pk, 1])).status_code == 200
    with django_assert_num_queries(2):  # kept: only the version is read
        assert client.get(reverse("public_mat", args=[cup.pk, 1])).status_code == 200
    caches["default"].clear()
    with django_assert_num_queries(8):  # the competitor's card reads the entry too
        assert client.get(reverse("public_fight", args=[cup.pk, now.white.pk])).status_code == 200
