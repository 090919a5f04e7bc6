"""The public pages of a competition day: its home, each mat's page and "when do I fight"
(judo/views/mats_public.py): kept like every public page, the same for everyone, live."""

import pytest
from django.core.cache import caches
from django.urls import reverse

from judo.services import call_times, mats
from judo.services import competition as service
from judo.views.mats import route
from pairing.engines import knockout as ko
from tests.judo.test_mats import judo_day, now_on

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_tick(monkeypatch):
    """The pages add the call times' 5-minute tick to their versions (judo/services/call_times.py):
    held still here, so that a test crossing a tick's boundary compares the versions it means to."""
    monkeypatch.setattr(call_times, "tick", lambda now=None: "t0")


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


def public_links(cup):
    """Every public address of a competition: its pages and its downloads."""
    results = ["results", "medals", "results_csv", "bouts_csv", "medals_csv", "results_json"]
    return public_urls(cup) + [
        reverse(f"public_competition_{name}", args=[cup.pk]) for name in results
    ]


def test_nothing_is_public_before_the_competition_is_published(client, anna, boris):
    hidden = judo_day(anna, published=False)
    for address in public_links(hidden):
        page = client.get(address)
        assert page.status_code == 404, address
        assert hidden.name.encode() not in page.content, address
    assert client.get(reverse("public_mat", args=[hidden.pk + 1000, 1])).status_code == 404
    client.force_login(boris)  # logged in, but not an arbiter of this competition
    for address in public_links(hidden):
        page = client.get(address)
        assert page.status_code == 404 and hidden.name.encode() not in page.content, address


def test_its_arbiter_following_a_public_link_is_told_it_is_not_published_and_where(client, anna):
    hidden = judo_day(anna, published=False)
    client.force_login(anna)
    settings = reverse("competition_settings", args=[hidden.pk]).encode()
    for address in public_links(hidden):
        page = client.get(address)
        assert page.status_code == 404, address
        assert b'id="not-published"' in page.content and settings in page.content, address
        assert page["Cache-Control"] == "private, no-store", address
    service.set_published(anna, hidden, True, seen=hidden.version)
    assert client.get(public_urls(hidden)[0]).status_code == 200


def etags(client, cup):
    """The ETag of every page a score or a result may touch, by name."""
    pages = {
        "home": reverse("public_competition", args=[cup.pk]),
        "mat 1": reverse("public_mat", args=[cup.pk, 1]),
        "mat 2": reverse("public_mat", args=[cup.pk, 2]),
        "results": reverse("public_competition_results", args=[cup.pk]),
        "medals": reverse("public_competition_medals", args=[cup.pk]),
        "card on mat 2": reverse("public_fight", args=[cup.pk, now_on(cup, 2).white.pk]),
    }
    return {name: client.get(address)["ETag"] for name, address in pages.items()}


def test_a_score_renders_again_its_mat_only_and_a_result_what_it_changes(client, anna, cup):
    now = now_on(cup)
    mats.score(anna, now.category, now.match.match.id, "b:shido", seen=0)
    begun = etags(client, cup)
    mats.score(anna, now.category, now.match.match.id, "b:waza-ari", seen=1)
    scored = etags(client, cup)
    assert {name for name in begun if begun[name] != scored[name]} == {"mat 1"}
    mats.score(anna, now.category, now.match.match.id, "b:ippon", seen=2)
    mats.confirm(anna, now.category, now.match.match.id, seen=3)
    decided = etags(client, cup)
    changed = {name for name in scored if scored[name] != decided[name]}
    assert changed == {"home", "mat 1", "results", "medals"}


def test_the_first_score_of_a_bout_moves_the_home_page_which_shows_the_bout_begun(
    client, anna, cup
):
    before = etags(client, cup)
    now = now_on(cup)
    mats.score(anna, now.category, now.match.match.id, "a:shido", seen=0)
    after = etags(client, cup)
    assert {name for name in before if before[name] != after[name]} == {"home", "mat 1"}


def test_the_card_of_a_competitor_fighting_now_says_on_the_mat_now(client, anna, cup):
    now = now_on(cup)
    card = client.get(reverse("public_fight", args=[cup.pk, now.white.pk]))
    assert b'id="on-the-mat"' in card.content and b"in about 0 min" not in card.content
    after = mats.day(cup).order(1)[1]
    waiting = client.get(reverse("public_fight", args=[cup.pk, after.white.pk]))
    assert b'id="on-the-mat"' not in waiting.content and b"in about" in waiting.content


def test_searches_keep_nothing_per_text_typed(client, cup):
    """Anyone may type anything: no search text makes a key in the shared cache."""
    cache = caches["default"]
    cache.clear()
    address = reverse("public_fight_search", args=[cup.pk])
    for n in range(30):
        page = client.get(address, {"q": f"Fighter {n}"})
        assert page.status_code == 200 and page["Cache-Control"].startswith("public")
    assert not list(cache._cache)


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
    competition = service.public_competition(cup.pk)
    version = call_times.mat_version(competition, 1)
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
    state = mats.day(cup).sheets[now.category.pk].state
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
    # the competition, its categories' versions and its live scores; the mat's day: categories,
    # brackets, entries, bouts, live scores; the call times' first entries; the page's head (its
    # event, its last change)
    with django_assert_num_queries(10):
        assert client.get(reverse("public_mat", args=[cup.pk, 1])).status_code == 200
    with django_assert_num_queries(3):  # kept: only the versions are read
        assert client.get(reverse("public_mat", args=[cup.pk, 1])).status_code == 200
    caches["default"].clear()
    with django_assert_num_queries(11):  # the competitor's card reads the entry too
        assert client.get(reverse("public_fight", args=[cup.pk, now.white.pk])).status_code == 200


def test_each_mat_s_order_is_worked_out_again_only_when_its_categories_change(
    anna, cup, monkeypatch
):
    worked = []
    schedule = ko.schedule
    monkeypatch.setattr(
        ko, "schedule", lambda states, *a: worked.append(set(states)) or schedule(states, *a)
    )
    first = mats.day(cup)
    assert len(worked) == 2  # one per mat
    now = now_on(cup)
    mats.score(anna, now.category, now.match.match.id, "a:ippon", seen=0)
    worked.clear()
    assert mats.day(cup).plan == first.plan  # a score changes no order
    assert worked == []
    mats.confirm(anna, now.category, now.match.match.id, seen=1)
    after = mats.day(cup)
    assert worked == [{str(now.category.pk)}]  # the result's mat only
    assert after.plan.mat(2) == first.plan.mat(2) and after.plan.mat(1) != first.plan.mat(1)
