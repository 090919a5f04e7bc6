"""Every arbiter page, walked as an anonymous visitor, as another tournament's arbiter (Boris)
and as this tournament's own arbiters (Anna the chief, Dag the deputy)."""

import pytest
from django.urls import reverse

from arbiter.core.models import TournamentArbiter
from tests.conftest import login
from tests.factories import GameFactory, RoundFactory

pytestmark = pytest.mark.django_db


def arbiter_urls(tournament, entry, deputy_staff, game):
    """(method, url) of every page that changes or shows a tournament to its arbiters."""
    t = tournament.pk
    return [
        ("get", reverse("players", args=[t])),
        ("post", reverse("players", args=[t])),
        ("get", reverse("players_import", args=[t])),
        ("post", reverse("players_import", args=[t])),
        ("get", reverse("player_edit", args=[t, entry.pk])),
        ("post", reverse("player_edit", args=[t, entry.pk])),
        ("post", reverse("player_withdraw", args=[t, entry.pk])),
        ("get", reverse("tournament_settings", args=[t])),
        ("post", reverse("tournament_settings", args=[t])),
        ("post", reverse("deputy_add", args=[t])),
        ("post", reverse("deputy_remove", args=[t, deputy_staff.pk])),
        ("get", reverse("rounds", args=[t])),
        ("get", reverse("round_detail", args=[t, game.round.number])),
        ("post", reverse("record_result", args=[t, game.pk])),
    ]


CHIEF_ONLY = {"deputy_add", "deputy_remove"}


@pytest.fixture
def walk(bergen_open, bergen_players, dag):
    staff = TournamentArbiter.objects.get(tournament=bergen_open, user=dag)
    round_ = RoundFactory(tournament=bergen_open, number=1, state="published")
    game = GameFactory(round=round_, white=bergen_players[1], black=bergen_players[2])
    return arbiter_urls(bergen_open, bergen_players[0], staff, game)


def test_an_anonymous_visitor_is_sent_to_the_login_page_everywhere(client, walk):
    for method, url in walk:
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_another_tournaments_arbiter_is_refused_everywhere(client, boris, boris_cup, walk):
    login(client, boris)
    for method, url in walk:
        assert getattr(client, method)(url).status_code == 403, (method, url)


def test_the_chief_arbiter_reaches_every_page(client, anna, walk):
    login(client, anna)
    for method, url in walk:
        response = getattr(client, method)(url)
        assert response.status_code in (200, 302), (method, url, response.status_code)


def test_a_deputy_reaches_every_page_but_the_arbiter_list(client, dag, walk):
    login(client, dag)
    for method, url in walk:
        name = _url_name(url)
        expected = (403,) if name in CHIEF_ONLY else (200, 302)
        assert getattr(client, method)(url).status_code in expected, (method, url)


def test_the_chief_arbiter_gets_the_round_pages_and_an_htmx_result_row(client, anna, walk):
    login(client, anna)
    for method, url in walk:
        if _url_name(url) in {"rounds", "round_detail", "record_result"}:
            response = getattr(client, method)(
                url, {"result": "1-0"}, headers={"HX-Request": "true"}
            )
            assert response.status_code == 200, (method, url)


@pytest.mark.parametrize("name", ["dashboard", "tournament_create"])
def test_the_dashboard_and_the_create_page_need_a_login(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_any_arbiter_may_create_a_tournament(client, boris):
    login(client, boris)
    assert client.get(reverse("tournament_create")).status_code == 200


def test_the_dashboard_lists_only_the_arbiters_own_tournaments(
    client, anna, bergen_open, hidden_event, boris_cup
):
    login(client, anna)
    page = client.get(reverse("dashboard")).content.decode()
    assert "Bergen Open" in page
    assert "Club Championship draft" in page
    assert "Boris Cup" not in page


def test_the_public_sees_published_tournaments_only(client, bergen_open, hidden_event):
    home = client.get(reverse("home")).content.decode()
    assert "Bergen Open" in home
    assert "Club Championship draft" not in home
    assert client.get(reverse("tournament", args=[bergen_open.pk])).status_code == 200
    assert client.get(reverse("tournament", args=[hidden_event.pk])).status_code == 404


def test_even_its_own_arbiter_sees_no_public_page_before_publishing(client, anna, hidden_event):
    login(client, anna)
    assert client.get(reverse("tournament", args=[hidden_event.pk])).status_code == 404


def test_writes_need_the_csrf_token(anna, bergen_open):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    login(strict, anna)
    response = strict.post(reverse("players", args=[bergen_open.pk]), {"name": "Hacker, Eve"})
    assert response.status_code == 403
    assert not bergen_open.entries.filter(name="Hacker, Eve").exists()


def test_htmx_writes_pass_with_the_csrf_header(anna, bergen_open):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    login(strict, anna)
    page = strict.get(reverse("players", args=[bergen_open.pk]))
    token = page.cookies["csrftoken"].value
    response = strict.post(
        reverse("players", args=[bergen_open.pk]),
        {"name": "Berg, Ola"},
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert response.status_code == 200
    assert bergen_open.entries.filter(name="Berg, Ola").exists()


def _url_name(url):
    from django.urls import resolve

    return resolve(url).url_name


def test_a_refusal_says_why_and_offers_a_way_back(boris_client, trondheim_open):
    from django.urls import reverse

    response = boris_client.get(reverse("players", args=[trondheim_open.pk]))
    html = response.content.decode()
    assert response.status_code == 403
    assert "You are not an arbiter of this tournament." in html
    assert 'href="/arbiter/"' in html and "My tournaments" in html


def test_a_missing_page_offers_a_way_back(client):
    response = client.get("/t/999999/")
    assert response.status_code == 404 and "Published tournaments" in response.content.decode()
