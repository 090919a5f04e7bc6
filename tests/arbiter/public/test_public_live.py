"""Many phones, one server: the public pages cost a fixed number of queries, are cached on the
tournament's version, and their live bodies answer "nothing new" with one query."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from arbiter.core.models import Game, Round
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from arbiter.platform.public_live import public_tournament
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def swiss_of(size: int, chief=None):
    """A published Swiss of `size` players (odd sizes give a bye): round 1 complete, round 2 on."""
    tournament = TournamentFactory(system=System.SWISS_DUTCH, chief=chief)
    players = EntryFactory.create_batch(size, tournament=tournament)
    half = size // 2
    first = [(players[i], players[i + half], "1-0") for i in range(half)]
    play_round(tournament, 1, games=first, state=Round.State.COMPLETE)
    second = [(players[i + half], players[i], "") for i in range(half)]
    second[0] = (*second[0][:2], "1/2")
    play_round(tournament, 2, games=second)
    return tournament, players


@pytest.mark.parametrize("size", [20, 60])
def test_every_list_page_costs_the_same_queries_for_20_and_60_players(
    client, size, django_assert_num_queries
):
    tournament, players = swiss_of(size)
    pk = tournament.pk
    # The tournament's row and version are read by the first request, then kept with the pages.
    pages = [
        # each page's head once: its event and last change (templates/public/_layout.html)
        # tournament and version, arbiters, entries, round tabs
        (reverse("tournament", args=[pk]), 5),
        (reverse("tournament", args=[pk]) + "?order=alpha", 4),
        # round, games, byes, points before (games, byes), entries, tabs
        (reverse("public_round", args=[pk, 2]), 8),
        (reverse("public_round", args=[pk, 2]) + "?order=alpha", 8),
        # round tabs, then the standings: rounds, entries, games, byes
        (reverse("public_standings", args=[pk]), 6),
        (reverse("public_standings", args=[pk]) + "?round=1", 6),
        # rounds, entries, games, byes; the rating change's entries and games (a Swiss is
        # FIDE-rated), kept per version for every page that shows it
        (reverse("crosstable", args=[pk]), 7),
        # entry, round tabs, games, byes, the engine's reasons (this player's only): the
        # standings are the standings page's, the rating change the crosstable's; the title
        # norms' entries, games, byes and norm settings (a Swiss is FIDE-rated), kept per version
        (reverse("player_card", args=[pk, players[0].pk]), 10),
    ]
    for url, count in pages:
        with django_assert_num_queries(count, info=url):
            assert client.get(url).status_code == 200
    # Once kept, a page costs no query at all, whatever the size of the field.
    for url, _ in pages:
        with django_assert_num_queries(0, info=url):
            assert client.get(url).status_code == 200


def test_the_second_request_is_served_from_the_cache_after_one_query_for_the_version(
    client, django_assert_num_queries
):
    tournament, _ = swiss_of(10)
    url = reverse("public_round", args=[tournament.pk, 2])
    first = client.get(url).content
    cache.delete(f"public:row:{tournament.pk}")  # as after HEAD_SECONDS
    with django_assert_num_queries(1) as queries:
        second = client.get(url).content
    assert "arbiter_tournament" in queries.captured_queries[0]["sql"]
    assert first == second  # the same page for everyone, the header included


def test_a_new_result_changes_the_version_and_shows_at_once(client, anna):
    tournament, _ = swiss_of(10, chief=anna)
    url = reverse("public_round", args=[tournament.pk, 2])
    before = public_tournament(tournament.pk).public_version
    assert "1 - 0" not in client.get(url).content.decode()

    game = Game.objects.get(round__tournament=tournament, round__number=2, board=2)
    record_result(anna, game, "1-0")
    assert public_tournament(tournament.pk).public_version != before
    assert "1 - 0" in client.get(url).content.decode()
    standings_page = client.get(reverse("public_standings", args=[tournament.pk]))
    assert any(row["points"] == 1 for row in standings_page.context["rows"][5:])


def test_saving_the_tournament_row_moves_its_public_version_too():
    """A tournament created in a deleted one's place (SQLite gives the highest id again) starts
    at version 0 anew: the time it was saved tells the two apart."""
    tournament, _ = swiss_of(4)
    old = public_tournament(tournament.pk).public_version
    tournament.save()
    assert public_tournament(tournament.pk).public_version != old


@pytest.mark.parametrize("name", ["public_round", "public_standings", "player_card"])
def test_the_live_pages_poll_a_partial_as_often_as_the_setting_says(client, name, settings):
    settings.PUBLIC_POLL_SECONDS = 20
    tournament, players = swiss_of(6)
    args = {
        "public_round": [tournament.pk, 2],
        "public_standings": [tournament.pk],
        "player_card": [tournament.pk, players[0].pk],
    }[name]
    page = client.get(reverse(name, args=args)).content.decode()
    version = public_tournament(tournament.pk).public_version
    assert 'hx-trigger="every 20s, live"' in page and f"since={version}" in page


def test_an_unchanged_version_is_answered_with_204_after_one_query_at_most(
    client, django_assert_num_queries
):
    tournament, _ = swiss_of(6)
    version = public_tournament(tournament.pk).public_version
    url = reverse("public_round", args=[tournament.pk, 2]) + f"?order=board&since={version}"
    cache.delete(f"public:row:{tournament.pk}")
    with django_assert_num_queries(1):
        response = client.get(url, **HTMX)
    assert response.status_code == 204
    assert "HX-Request" in response["Vary"]


def test_a_changed_version_gets_the_new_body_alone(client):
    tournament, _ = swiss_of(6)
    url = reverse("public_standings", args=[tournament.pk]) + "?since=stale"
    response = client.get(url, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="live"') and "<html" not in body
    assert "Rank after round 2" in body
    version = public_tournament(tournament.pk).public_version
    assert f'data-version="{version}"' in body


def test_without_htmx_the_since_parameter_is_ignored_and_the_whole_page_comes(client):
    tournament, _ = swiss_of(6)
    version = public_tournament(tournament.pk).public_version
    url = reverse("public_standings", args=[tournament.pk]) + f"?since={version}"
    response = client.get(url)
    assert response.status_code == 200 and "<html" in response.content.decode()
