"""The venue's side: collecting an event's public pages, the publisher's retries and state, the
event's publishing page (docs/publishing.md)."""

import pytest
from django.test import Client

from arbiter.publishing import collect, push, services
from arbiter.publishing.mirror import NOTICE
from arbiter.publishing.models import MirroredPage, Publication
from pairing.rounds import services as rounds
from tests.conftest import login
from tests.factories import EventFactory, SectionFactory
from tests.pairing.conftest import play

# each collects an event's pages (PDFs too): seconds each
pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def festival(anna, trondheim_open):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    trondheim_open.is_published = True
    trondheim_open.save()
    event = EventFactory(name="Trondheim Festival", organiser=anna)
    SectionFactory(event=event, tournament=trondheim_open)
    return event


def test_collecting_finds_the_event_s_public_pages_in_each_language(festival, settings):
    settings.PUBLISH_LANGUAGES = ["en", "sv"]
    tournament = festival.sections.get().tournament
    t = f"/t/{tournament.pk}/"
    collected = collect.collect(festival)
    paths = set(collected.pages)
    assert {f"/e/{festival.pk}/", t, f"{t}rounds/1/", f"{t}standings/"} <= paths
    assert {f"/sv/e/{festival.pk}/", f"/sv{t}", f"/sv{t}standings/"} <= paths
    # the event's people, which the public copy's search reads (linked from the event page)
    assert {
        f"/e/{festival.pk}/search/people.json",
        f"/sv/e/{festival.pk}/search/people.json",
    } <= paths
    assert any(p.endswith(".csv") for p in paths)
    assert not any(p.startswith("/ru/") or "since=" in p for p in paths)
    # every page is inside the event, with its language prefix at most
    assert all(p.split("/")[1] in ("e", "t", "sv") for p in paths)
    # the live bodies of polling pages, with the version a poll sends
    assert f"{t}standings/" in collected.live
    assert collected.live[f"{t}standings/"].version
    # byte-equal to what a visitor gets
    assert Client().get(f"{t}standings/").content == collected.pages[f"{t}standings/"].restored()
    # stored with a mark for the version, which moves with every result
    assert collect.VERSION_MARK in collected.pages[f"{t}standings/"].body


def test_collecting_stops_at_the_page_limit(festival, settings):
    settings.PUBLISH_MAX_PAGES = 3
    with pytest.raises(collect.TooBig):
        collect.collect(festival)


def test_an_unpublished_tournament_is_not_collected(festival, anna, hidden_event):
    SectionFactory(event=festival, tournament=hidden_event)
    paths = set(collect.collect(festival).pages)
    assert not any(f"/t/{hidden_event.pk}/" in p for p in paths)


def test_a_failed_push_is_retried_later_and_shown(festival, settings, monkeypatch, anna):
    settings.PUBLISH_URL = "http://127.0.0.1:9"
    settings.PUBLISH_LANGUAGES = ["en"]
    settings.PUBLISH_TIMEOUT = 1
    publication = services.publication_of(festival)
    assert services.publish_event(publication) == "failing"
    publication.refresh_from_db()
    assert publication.state == Publication.State.FAILING
    assert publication.attempts == 1
    assert "Connection" in publication.last_error or "refused" in publication.last_error
    assert publication.next_try_at is not None
    assert services.due() == []  # backing off
    first_seq = publication.seq
    assert services.publish_event(publication) == "failing"
    publication.refresh_from_db()
    assert publication.attempts == 2
    assert publication.seq == first_seq  # the same manifest keeps its seq
    page = login(Client(), anna).get(f"/arbiter/e/{festival.pk}/publishing/")
    assert b"Failing, will retry" in page.content
    assert b"next try at" in page.content
    # "Publish now" wakes it at once; a success clears the error
    services.publish_now(festival)
    assert [p.pk for p in services.due()] == [publication.pk]
    sent = []
    monkeypatch.setattr(push, "push", lambda target, *args: sent.append(args) or "accepted")
    publication.refresh_from_db()
    assert services.publish_event(publication) == "published"
    publication.refresh_from_db()
    assert (publication.state, publication.attempts, publication.last_error) == ("published", 0, "")
    assert publication.acked_seq == first_seq
    assert services.publish_event(publication) == "unchanged"  # nothing moved
    assert len(sent) == 1


def test_a_refusal_waits_for_a_take_over(festival, settings, monkeypatch):
    settings.PUBLISH_URL = "http://public.example"

    def refuse(*args):
        raise push.Refused("newer held", 3, 9)

    monkeypatch.setattr(push, "push", refuse)
    publication = services.publication_of(festival)
    assert services.publish_event(publication) == "refused"
    publication.refresh_from_db()
    assert (publication.state, publication.remote_epoch, publication.remote_seq) == (
        "refused",
        3,
        9,
    )
    assert services.due() == []
    services.take_over(festival)
    publication.refresh_from_db()
    assert (publication.epoch, publication.seq, publication.wake) == (4, 0, True)


def test_publishing_round_trip_in_one_database(festival, settings, monkeypatch, client):
    """The venue's publisher and the public site's endpoints, through the test client (the
    two-instance test does it over the network)."""
    settings.PUBLISH_LANGUAGES = ["en"]
    settings.PUBLISH_URL = "http://public.example"
    services.register_venue("here", services.venue_key().public_key)
    # here the venue's tournament is this site's own: let the mirror take its paths
    monkeypatch.setattr(services, "_refuse_others", lambda *args: None)
    venue_pages = collect.collect(festival).pages

    def through_client(self, method, path, body, content_type):
        settings.PUBLISH_RECEIVE = True
        headers = push.sign(self.key, method, path, body)
        response = Client().post(path, body, content_type=content_type, headers=headers)
        settings.PUBLISH_RECEIVE = False
        self.sent += len(body)
        return push.Answer(response.status_code, response.content)

    monkeypatch.setattr(push.Target, "request", through_client)
    publication = services.publication_of(festival)
    assert services.publish_event(publication) == "published"
    mirrored = {p.path: bytes(p.blob.data) for p in MirroredPage.objects.filter(live=False)}
    assert mirrored == {path: page.body for path, page in venue_pages.items()}
    settings.PUBLISH_RECEIVE = True
    for path, page in venue_pages.items():
        served = client.get(path).content
        assert NOTICE.sub(b"", served) == page.restored(), path
    settings.PUBLISH_RECEIVE = False
    # a change travels as the changed pages only
    publication.refresh_from_db()
    sent_before = publication.bytes_sent
    festival.name = "Trondheim Chess Festival"
    festival.version += 1
    festival.save()
    assert services.publish_event(publication) == "published"
    publication.refresh_from_db()
    assert publication.acked_seq == 2
    assert 0 < publication.bytes_sent - sent_before < sent_before / 2


def test_with_publish_url_every_published_event_is_due(festival, settings, hidden_event):
    assert services.due() == []  # no public site: nothing to do
    settings.PUBLISH_URL = "https://results.example.org"
    EventFactory(name="Draft festival", is_published=False)
    assert [p.event for p in services.due()] == [festival]


def test_the_static_copy_writes_the_pages_as_files(festival, settings, tmp_path):
    from django.core.management import call_command

    settings.PUBLISH_LANGUAGES = ["en", "sv"]
    tournament = festival.sections.get().tournament
    call_command("export_static", festival.pk, str(tmp_path / "site"))
    site = tmp_path / "site"
    assert (site / f"e/{festival.pk}/index.html").is_file()
    assert (site / f"sv/t/{tournament.pk}/standings/index.html").is_file()
    assert (site / f"t/{tournament.pk}/export/players.csv").is_file()
    assert (site / "static/css/app.css").is_file()
    standings = (site / f"t/{tournament.pk}/standings/index.html").read_text()
    assert 'id="from-the-venue"' in standings and 'id="last-updated"' in standings
    assert "since=" not in standings  # a static host cannot answer a poll
    # written again: swapped in whole
    call_command("export_static", festival.pk, str(site))
    assert (site / f"e/{festival.pk}/index.html").is_file()
    assert not list(tmp_path.glob(".site.*"))
