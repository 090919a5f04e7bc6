"""The public copy's event search (docs/publishing.md, "The event's search"): the venue
publishes the event's people (``/e/<id>/search/people.json``, in each language) and the public
site answers ``/e/<id>/search/?q=...`` from them with the venue's rules, the same page the venue
shows. Venue and public site here are one process and one database (as test_publisher.py's
round trip): the venue's responses are read with PUBLISH_RECEIVE off, the public site's with
it on."""

import hashlib
import json

import pytest
from django.test import Client

from arbiter.publishing import services
from arbiter.publishing.mirror import NOTICE
from arbiter.publishing.signing import sign, venue_key
from tests.arbiter.public.test_events import judo_day, swiss
from tests.factories import EntryFactory, EventFactory, SectionFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def send(key, path, body: bytes, content_type):
    return Client().post(
        path, body, content_type=content_type, headers=sign(key, "POST", path, body)
    )


def venue(settings, path: str):
    """What the venue answers at `path` (its own views, no mirror)."""
    settings.PUBLISH_RECEIVE = False
    return Client().get(path)


def public(settings, path: str, **headers):
    settings.PUBLISH_RECEIVE = True
    return Client().get(path, headers=headers)


def publish(settings, monkeypatch, event, paths):
    """Push the venue's responses at `paths` as the publisher does (signed blobs, one commit)."""
    # the venue's event is this site's own here: let the mirror take its paths
    monkeypatch.setattr(services, "_refuse_others", lambda *args: None)
    key = venue_key()
    services.register_venue("Oslo laptop", key.public_key)
    pages = {}
    for path in paths:
        response = venue(settings, path)
        assert response.status_code == 200, path
        pages[path] = (response.content, response["Content-Type"])
    settings.PUBLISH_RECEIVE = True
    for body, _type in pages.values():
        send(key, f"/publishing/blobs/{sha(body)}/", body, "application/octet-stream")
    manifest = {
        "event": event.pk,
        "name": event.name,
        "pages": {p: {"sha256": sha(body), "type": t} for p, (body, t) in pages.items()},
        "live": {},
    }
    data = {"event": event.pk, "epoch": 1, "seq": 1, "manifest": manifest}
    response = send(key, "/publishing/commit/", json.dumps(data).encode(), "application/json")
    assert response.status_code == 200, response.content


@pytest.fixture
def festival(anna, settings, monkeypatch):
    """A published event with a Swiss and a judo day, its page and people pushed in English
    and Swedish."""
    settings.PUBLISH_LANGUAGES = ["en", "sv"]
    event = EventFactory(name="Oslo Chess Festival", organiser=anna)
    open_a = swiss(
        anna, "Open A", ["Ødegård, Åse", "Carlsen, Magnus", "Tari, Aryan", "Hammer, Jon"], 2
    )
    competition, _category = judo_day(anna, "Judo Day", ["Ødegaard, Ola", "Berg, Kari", "Lie, Per"])
    SectionFactory(event=event, tournament=open_a, position=1)
    SectionFactory(event=event, tournament=None, competition=competition, position=2)
    paths = [
        f"{language}/e/{event.pk}/{page}"
        for language in ("", "/sv")
        for page in ("", "search/people.json")
    ]
    publish(settings, monkeypatch, event, paths)
    return event


def search_path(event, language=""):
    return f"{language}/e/{event.pk}/search/"


@pytest.mark.parametrize(
    "q",
    ["carlsen", "kari", "ODEGA", "ase odegard", "Jon HAMMER", "a", "", "zz", "x" * 500, "<b>"],
)
def test_the_public_copy_finds_the_same_people_as_the_venue(settings, festival, q):
    for language in ("", "/sv"):
        path = f"{search_path(festival, language)}?q={q}"
        own = venue(settings, path)
        copy = public(settings, path)
        assert copy.status_code == 200
        assert b'id="from-the-venue"' in copy.content  # the mirror answered
        # the same page as the venue's (names, sections, boards, colours, the notes) but the
        # notice of when it came
        assert NOTICE.sub(b"", copy.content) == own.content, (language, q)
        assert "public" in copy["Cache-Control"] and copy["ETag"]
        assert "csrf" not in copy.content.decode().lower() and not copy.cookies


def test_a_chess_player_and_a_judoka_are_found_on_the_public_copy(settings, festival):
    html = public(settings, f"{search_path(festival)}?q=carlsen").content.decode()
    assert "Carlsen, Magnus" in html and "Open A" in html and "Round 2, board" in html
    html = public(settings, f"{search_path(festival, '/sv')}?q=KARI").content.decode()
    assert "Berg, Kari" in html and "Judo Day" in html and 'href="/sv/c/' in html
    # accents and case aside, in every section at once
    html = public(settings, f"{search_path(festival)}?q=odega").content.decode()
    assert "Ødegård, Åse" in html and "Ødegaard, Ola" in html
    # too short: the venue's note, no one listed
    html = public(settings, f"{search_path(festival)}?q=a").content.decode()
    assert "Type at least two letters of a name." in html and 'class="hit"' not in html


def test_the_public_search_takes_one_query_and_answers_304(
    settings, festival, django_assert_num_queries
):
    path = f"{search_path(festival)}?q=carlsen"
    with django_assert_num_queries(1):
        first = public(settings, path)
    assert first.status_code == 200
    with django_assert_num_queries(1):
        again = public(settings, path, **{"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    other = public(settings, f"{search_path(festival)}?q=kari")
    assert other["ETag"] != first["ETag"]


def test_an_event_not_mirrored_is_still_not_found(settings, festival):
    assert public(settings, "/e/987654/search/?q=carlsen").status_code == 404
    assert public(settings, "/sv/e/987654/search/?q=carlsen").status_code == 404


def test_the_public_search_lists_at_most_50_and_says_there_are_more(settings, monkeypatch, anna):
    settings.PUBLISH_LANGUAGES = ["en"]
    event = EventFactory(name="Big festival")
    big = TournamentFactory(name="Big Open")
    for n in range(55):
        EntryFactory(tournament=big, name=f"Hansen, Ola {n:02d}")
    SectionFactory(event=event, tournament=big)
    publish(settings, monkeypatch, event, [f"/e/{event.pk}/search/people.json"])
    for q in ("hansen", "54 OLA"):
        path = f"/e/{event.pk}/search/?q={q}"
        copy = public(settings, path)
        assert NOTICE.sub(b"", copy.content) == venue(settings, path).content
    html = public(settings, f"/e/{event.pk}/search/?q=hansen").content.decode()
    assert html.count('class="hit"') == 50 and "Only the first 50" in html


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[]", b'{"event": {"name": "X"}, "people": [{"name": "No key"}]}', b"{}"],
)
def test_people_not_as_a_venue_publishes_them_are_as_if_not_held(settings, body):
    """Never a 500: the site's own answer (here 404, an event it does not hold)."""
    settings.PUBLISH_RECEIVE = True
    key = venue_key()
    services.register_venue("Odd laptop", key.public_key)
    send(key, f"/publishing/blobs/{sha(body)}/", body, "application/octet-stream")
    page = {"sha256": sha(body), "type": "application/json"}
    manifest = {"event": 7, "name": "X", "pages": {"/e/7/search/people.json": page}, "live": {}}
    data = {"event": 7, "epoch": 1, "seq": 1, "manifest": manifest}
    committed = send(key, "/publishing/commit/", json.dumps(data).encode(), "application/json")
    assert committed.status_code == 200, committed.content
    assert public(settings, "/e/7/search/?q=key").status_code == 404
