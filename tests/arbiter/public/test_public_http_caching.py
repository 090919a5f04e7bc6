"""The public pages and downloads as an HTTP cache sees them: an ETag that moves with the
tournament's version, 304 for a visitor who holds it, gzip, one query once kept, the standings
computed once per version for every page, PDF, card and export."""

import gzip

import pytest
from django.core.cache import cache
from django.urls import reverse

from arbiter.core.models import Game
from arbiter.core.services.results import record_result
from arbiter.core.services.tournaments import delete_tournament
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def downloads(tournament) -> list[str]:
    pk = tournament.pk
    entry = tournament.entries.order_by("pk").first()
    export = f"/t/{pk}/export/"
    return [
        reverse("player_card", args=[pk, entry.pk]),
        export + "players.csv",
        export + "players.csv?sep=semicolon",
        export + "results.csv",
        export + "tournament.json",
        export + "trf/2026/",
        export + "round-2.pdf",
        export + "standings.pdf",
        export + "standings.pdf?round=1",
    ]


def test_a_visitor_holding_the_current_etag_gets_304_after_one_query_at_most(
    client, played_open, django_assert_num_queries
):
    url = reverse("public_round", args=[played_open.pk, 2])
    etag = client.get(url)["ETag"]
    cache.delete(f"public:row:{played_open.pk}")  # as after HEAD_SECONDS: read it again
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and "s-maxage" in again["Cache-Control"]
    # the whole page and its live body are two responses with two tags
    body = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert body.status_code == 200 and body["ETag"] != etag


def test_a_new_result_gives_a_new_etag_and_the_next_request_shows_it(client, anna, played_open):
    url = reverse("public_round", args=[played_open.pk, 2])
    first = client.get(url)
    game = Game.objects.filter(round__tournament=played_open, round__number=2).first()
    record_result(anna, game, "0-1" if game.result == "1-0" else "1-0")
    second = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200 and second["ETag"] != first["ETag"]
    assert second.content != first.content


def test_pages_and_downloads_are_gzipped_for_who_accepts_it_and_plain_otherwise(
    client, played_open
):
    for url in [reverse("public_standings", args=[played_open.pk]), *downloads(played_open)]:
        zipped = client.get(url, **GZIP)
        plain = client.get(url)
        assert zipped["Content-Encoding"] == "gzip", url
        assert not plain.has_header("Content-Encoding"), url
        assert gzip.decompress(zipped.content) == plain.content, url
        assert zipped["Vary"] == "HX-Request, Accept-Encoding, Accept-Language" == plain["Vary"], (
            url
        )
    page = client.get(reverse("public_standings", args=[played_open.pk]), **GZIP)
    assert len(page.content) * 3 < len(gzip.decompress(page.content))


@pytest.mark.parametrize("index", range(9))
def test_every_download_and_the_player_card_is_built_once_per_version(
    client, played_open, index, django_assert_num_queries
):
    url = downloads(played_open)[index]
    first = client.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0, info=url):  # the tournament's row is kept too
        second = client.get(url)
    assert second.content == first.content and second["ETag"] == first["ETag"]


def test_the_standings_are_computed_once_for_every_page_pdf_card_and_export(
    client, played_open, monkeypatch
):
    import arbiter.core.standings

    computed = []
    real = arbiter.core.standings.standings

    def counting(tournament, through_round=None):
        computed.append(through_round)
        return real(tournament, through_round)

    monkeypatch.setattr(arbiter.core.standings, "standings", counting)
    for url in [reverse("public_standings", args=[played_open.pk]), *downloads(played_open)]:
        assert client.get(url).status_code == 200, url
    # the last round, round 1 asked for, and the TRF's own: after its last complete round
    assert sorted(computed, key=str) == [1, 2, None]


def test_the_home_page_costs_the_same_queries_whatever_the_tournaments_and_fields(
    client, django_assert_num_queries
):
    for count, size in ((1, 2), (6, 30)):
        for _ in range(count):
            EntryFactory.create_batch(size, tournament=TournamentFactory(is_published=True))
        # the versions of every tournament, competition and event, the current and past
        # events, the published tournaments and days
        with django_assert_num_queries(7):
            page = client.get(reverse("home"))
        assert page.content.decode().count("players") >= count
        with django_assert_num_queries(3):
            client.get(reverse("home"))


def test_a_poll_with_the_current_version_gets_204_that_a_cache_may_keep(client, played_open):
    page = client.get(reverse("public_standings", args=[played_open.pk]))
    since = page.content.decode().split("since=")[1].split('"')[0]
    url = reverse("public_standings", args=[played_open.pk]) + f"?since={since}"
    poll = client.get(url, HTTP_HX_REQUEST="true")
    assert poll.status_code == 204
    assert (
        "public" in poll["Cache-Control"]
        and poll["Vary"] == "HX-Request, Accept-Encoding, Accept-Language"
    )


def test_an_unpublished_or_deleted_tournament_leaves_the_public_pages_at_once(
    client, anna, played_open
):
    url = reverse("public_standings", args=[played_open.pk])
    assert client.get(url).status_code == 200
    played_open.is_published = False
    played_open.save()
    assert client.get(url).status_code == 404
    played_open.is_published = True
    played_open.save()
    assert client.get(url).status_code == 200
    delete_tournament(anna, played_open, played_open.name)
    assert client.get(url).status_code == 404
