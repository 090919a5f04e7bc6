"""The public site's side of the protocol: signed offers, blobs and commits (docs/publishing.md,
"Protocol" and the failure table)."""

import hashlib
import json

import pytest

from arbiter.publishing import services
from arbiter.publishing.models import Blob, MirroredEvent, MirroredPage, SigningKey, Venue
from arbiter.publishing.signing import sign, venue_key
from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def receiving(settings):
    settings.PUBLISH_RECEIVE = True
    settings.PUBLISH_MAX_BLOB_BYTES = 10_000


@pytest.fixture
def key():
    key = venue_key()
    services.register_venue("Oslo laptop", key.public_key)
    return key


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def send(client, key, path, body: bytes, content_type="application/json", sign_as=None):
    headers = sign(sign_as or key, "POST", path, body)
    return client.post(path, body, content_type=content_type, headers=headers)


def send_json(client, key, path, data, **kwargs):
    return send(client, key, path, json.dumps(data).encode(), **kwargs)


PAGE = b"<html><body><main><h1>Round 1</h1></main></body></html>"


def manifest(pages: dict[str, bytes], event=7):
    return {
        "event": event,
        "name": "Oslo Festival",
        "pages": {
            path: {"sha256": sha(body), "type": "text/html; charset=utf-8"}
            for path, body in pages.items()
        },
        "live": {},
    }


def publish(client, key, pages, seq, epoch=1, event=7):
    for body in pages.values():
        send(client, key, f"/publishing/blobs/{sha(body)}/", body, "application/octet-stream")
    data = {"event": event, "epoch": epoch, "seq": seq, "manifest": manifest(pages, event)}
    return send_json(client, key, "/publishing/commit/", data)


def test_a_commit_switches_the_pages_and_the_mirror_serves_them(client, key):
    response = publish(client, key, {"/e/7/": PAGE, "/t/901/": b"<main>T</main>"}, seq=1)
    assert response.status_code == 200, response.content
    assert response.json() == {"result": "accepted"}
    page = client.get("/e/7/")
    assert page.status_code == 200
    assert b"Last updated from the venue" in page.content
    assert b"<h1>Round 1</h1>" in page.content
    assert page["X-Frame-Options"] == "DENY"
    again = client.get("/e/7/", headers={"If-None-Match": page["ETag"]})
    assert again.status_code == 304
    assert client.get("/sv/e/7/").status_code == 404  # not pushed in Swedish


def test_a_wrong_signature_is_refused(client, key):
    other = SigningKey(private_key=bytes(range(32)), public_key=key.public_key)
    body = json.dumps({"event": 7, "blobs": []}).encode()
    response = send(client, key, "/publishing/offer/", body, sign_as=other)
    assert response.status_code == 403
    unsigned = client.post("/publishing/offer/", body, content_type="application/json")
    assert unsigned.status_code == 403
    # a signature made for another endpoint does not open this one
    headers = sign(key, "POST", "/publishing/offer/", body)
    assert (
        client.post(
            "/publishing/commit/", body, content_type="application/json", headers=headers
        ).status_code
        == 403
    )


def test_a_revoked_venue_is_refused(client, key):
    Venue.objects.update(active=False)
    response = send_json(client, key, "/publishing/offer/", {"event": 7, "blobs": []})
    assert response.status_code == 403


def test_nothing_is_received_unless_the_site_receives(client, key, settings):
    settings.PUBLISH_RECEIVE = False
    response = send_json(client, key, "/publishing/offer/", {"event": 7, "blobs": []})
    assert response.status_code == 404


def test_the_offer_names_the_missing_blobs_only(client, key):
    send(client, key, f"/publishing/blobs/{sha(PAGE)}/", PAGE, "application/octet-stream")
    other = b"<main>other</main>"
    response = send_json(
        client, key, "/publishing/offer/", {"event": 7, "blobs": [sha(PAGE), sha(other)]}
    )
    assert response.json() == {"missing": [sha(other)]}


def test_a_partial_upload_is_resumed_and_a_commit_before_is_refused(client, key):
    pages = {"/e/7/": PAGE, "/t/901/": b"<main>T</main>", "/t/901/standings/": b"<main>S</main>"}
    send(client, key, f"/publishing/blobs/{sha(PAGE)}/", PAGE, "application/octet-stream")
    # the connection dropped here: a commit now is refused, naming what is missing
    data = {"event": 7, "epoch": 1, "seq": 1, "manifest": manifest(pages)}
    early = send_json(client, key, "/publishing/commit/", data)
    assert early.status_code == 409
    assert len(early.json()["missing"]) == 2
    assert not MirroredPage.objects.exists()
    offer = send_json(
        client, key, "/publishing/offer/", {"event": 7, "blobs": [sha(b) for b in pages.values()]}
    )
    assert sorted(offer.json()["missing"]) == sorted(sha(b) for b in list(pages.values())[1:])
    for body in list(pages.values())[1:]:
        send(client, key, f"/publishing/blobs/{sha(body)}/", body, "application/octet-stream")
    assert send_json(client, key, "/publishing/commit/", data).status_code == 200
    assert MirroredPage.objects.count() == 3


def test_the_same_commit_twice_is_harmless(client, key):
    pages = {"/e/7/": PAGE}
    assert publish(client, key, pages, seq=1).status_code == 200
    again = publish(client, key, pages, seq=1)
    assert again.status_code == 200
    assert again.json() == {"result": "already"}
    assert MirroredPage.objects.count() == 1
    assert MirroredEvent.objects.count() == 1


def test_a_replayed_older_seq_is_refused_with_the_current_one(client, key):
    assert publish(client, key, {"/e/7/": PAGE}, seq=1).status_code == 200
    assert publish(client, key, {"/e/7/": b"<main>newer</main>"}, seq=2).status_code == 200
    replay = publish(client, key, {"/e/7/": PAGE}, seq=1)
    assert replay.status_code == 409
    assert replay.json()["refused"] is True
    assert (replay.json()["epoch"], replay.json()["seq"]) == (1, 2)
    assert b"newer" in client.get("/e/7/").content


def test_a_fork_is_refused_and_a_new_epoch_takes_over(client, key):
    assert publish(client, key, {"/e/7/": PAGE}, seq=3).status_code == 200
    fork = publish(client, key, {"/e/7/": b"<main>second laptop</main>"}, seq=3)
    assert fork.status_code == 409
    assert "another laptop" in fork.json()["error"]
    taken = publish(client, key, {"/e/7/": b"<main>second laptop</main>"}, seq=1, epoch=2)
    assert taken.status_code == 200
    assert publish(client, key, {"/e/7/": PAGE}, seq=4, epoch=1).status_code == 409


def test_a_blob_whose_bytes_do_not_match_its_name_is_refused(client, key):
    response = send(
        client, key, f"/publishing/blobs/{sha(b'other')}/", PAGE, "application/octet-stream"
    )
    assert response.status_code == 400
    assert "do not match" in response.json()["error"]
    assert not Blob.objects.exists()


def test_an_oversized_body_is_refused_with_a_message(client, key):
    big = b"x" * 10_001
    response = send(client, key, f"/publishing/blobs/{sha(big)}/", big, "application/octet-stream")
    assert response.status_code == 413
    assert b"PUBLISH_MAX_BLOB_BYTES" in response.content
    assert not Blob.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"event": 7, "epoch": 1, "seq": 1, "manifest": {"event": 8, "pages": {}}},
        {
            "event": 7,
            "epoch": 1,
            "seq": 1,
            "manifest": {
                "event": 7,
                "pages": {"/accounts/login/": {"sha256": "0" * 64, "type": "text/html"}},
            },
        },
        {
            "event": 7,
            "epoch": 1,
            "seq": 1,
            "manifest": {"event": 7, "pages": {"/e/8/": {"sha256": "0" * 64, "type": "text/html"}}},
        },
        {"event": 7, "epoch": 0, "seq": 1, "manifest": {"event": 7, "pages": {}}},
        {"event": "7", "epoch": 1, "seq": 1, "manifest": {}},
        {
            "event": 7,
            "epoch": 1,
            "seq": 1,
            "manifest": {
                "event": 7,
                "pages": {"/e/7/": {"sha256": "0" * 64, "type": "text/html\r\nSet-Cookie: x=1"}},
            },
        },
        {"event": 7, "epoch": 1, "seq": 1, "manifest": {"event": 7, "pages": {"/e/7/": "x"}}},
    ],
)
def test_a_malformed_commit_is_refused_and_changes_nothing(client, key, data):
    response = send_json(client, key, "/publishing/commit/", data)
    assert response.status_code == 400
    assert response.json()["error"]
    assert not MirroredPage.objects.exists()


def test_not_json_is_refused(client, key):
    response = send(client, key, "/publishing/commit/", b"{not json")
    assert response.status_code == 400


def test_the_site_own_published_tournament_is_never_taken_over(client, key):
    mine = TournamentFactory(is_published=True)
    response = publish(client, key, {"/e/7/": PAGE, f"/t/{mine.pk}/": b"<main>venue</main>"}, seq=1)
    assert response.status_code == 409
    assert not MirroredPage.objects.exists()


def test_another_event_s_paths_are_not_taken(client, key):
    assert (
        publish(client, key, {"/e/7/": PAGE, "/t/901/": b"<main>a</main>"}, seq=1).status_code
        == 200
    )
    response = publish(client, key, {"/e/8/": PAGE, "/t/901/": b"<main>b</main>"}, seq=1, event=8)
    assert response.status_code == 409
    assert b"<main>" in client.get("/t/901/").content


def test_a_live_body_answers_a_poll_with_204_when_unchanged(client, key):
    body = b'<div id="live" data-version="5">x</div>'
    send(client, key, f"/publishing/blobs/{sha(body)}/", body, "application/octet-stream")
    send(client, key, f"/publishing/blobs/{sha(PAGE)}/", PAGE, "application/octet-stream")
    data = manifest({"/t/901/standings/": PAGE})
    data["live"] = {
        "/t/901/standings/": {
            "sha256": sha(body),
            "type": "text/html; charset=utf-8",
            "version": "5",
        }
    }
    commit = {"event": 7, "epoch": 1, "seq": 1, "manifest": data}
    assert send_json(client, key, "/publishing/commit/", commit).status_code == 200
    hx = {"HX-Request": "true"}
    assert client.get("/t/901/standings/?since=5", headers=hx).status_code == 204
    changed = client.get("/t/901/standings/?since=4", headers=hx)
    assert changed.status_code == 200
    assert changed.content == body


def test_the_public_site_s_home_lists_the_events_venues_published_there(client, key):
    assert b"Oslo Festival" not in client.get("/").content
    assert publish(client, key, {"/e/7/": PAGE}, seq=1).status_code == 200
    home = client.get("/").content.decode()
    assert 'id="venue-events"' in home and 'href="/e/7/"' in home and "Oslo Festival" in home
    assert "Last updated from the venue" in home
    # the venue unpublished the event: an empty manifest empties the copy and the home's line
    assert publish(client, key, {}, seq=2).status_code == 200
    assert b"Oslo Festival" not in client.get("/").content
