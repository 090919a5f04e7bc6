"""The push service against a real redis-server (docs/live.md): who receives what, the replay
after a reconnect, and the limits refused with a clear answer."""

from __future__ import annotations

import socket
import time

import pytest
import redis

from arbiter.live import channels
from tests.arbiter.live.streams import Stream, push_service
from tests.servers import free_port, redis_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture(scope="module")
def service(redis_url):
    with push_service(redis_url, LIVE_MAX_PER_ADDRESS="5", LIVE_QUEUE="2") as base:
        yield base


@pytest.fixture
def client(redis_url):
    return redis.Redis.from_url(redis_url)


def test_a_fragment_reaches_its_topic_and_language_only(service, client):
    swedish = Stream(service, "/live/c5-mat2?lang=sv")
    english = Stream(service, "/live/c5-mat2?lang=en")
    other_mat = Stream(service, "/live/c5-mat1?lang=sv")
    try:
        assert swedish.status == 200
        assert swedish.response.getheader("Content-Type").startswith("text/event-stream")
        assert swedish.response.getheader("Access-Control-Allow-Origin") == "*"
        reached = channels.publish(
            client,
            channels.language_channel("c5-mat2", "sv"),
            "fragment",
            "<p>Matta 2</p>\n<p>två</p>",
        )
        assert reached == 1
        event = swedish.event()
        assert event["event"] == "fragment"
        assert event["data"] == "<p>Matta 2</p>\n<p>två</p>"
        assert int(event["id"]) > 0
        assert english.nothing() and other_mat.nothing(0.1)
    finally:
        for stream in (swedish, english, other_mat):
            stream.close()


def test_a_nudge_reaches_every_language_of_its_topic(service, client):
    streams = [Stream(service, f"/live/t12?lang={lang}") for lang in ("en", "fr")]
    other = Stream(service, "/live/t13")
    try:
        channels.publish(client, channels.topic_channel("t12"), "changed", "7")
        assert [s.event()["data"] for s in streams] == ["7", "7"]
        assert other.nothing()
    finally:
        for stream in (*streams, other):
            stream.close()


def test_last_event_id_replays_the_newer_last_event(service, client):
    channel = channels.language_channel("c9-mat1", "en")
    channels.publish(client, channel, "fragment", "<p>first</p>")
    channels.publish(client, channel, "fragment", "<p>latest</p>")
    latest = channels.frame_id(client.get(channels.last_key(channel)))
    back = Stream(service, "/live/c9-mat1?lang=en", {"Last-Event-ID": str(latest - 1)})
    up_to_date = Stream(service, "/live/c9-mat1?lang=en", {"Last-Event-ID": str(latest)})
    fresh = Stream(service, "/live/c9-mat1?lang=en")
    try:
        event = back.event()
        assert (event["data"], int(event["id"])) == ("<p>latest</p>", latest)
        assert up_to_date.nothing() and fresh.nothing(0.1)
    finally:
        for stream in (back, up_to_date, fresh):
            stream.close()


def test_a_flood_from_one_address_is_refused_with_a_clear_answer(service):
    streams = [Stream(service, "/live/t1") for _ in range(5)]
    try:
        assert {s.status for s in streams} == {200}
        refused = Stream(service, "/live/t1")
        assert refused.status == 429
        assert "too many live connections from your address (at most 5)" in refused.text()
        assert refused.response.getheader("Retry-After") == "30"
    finally:
        for stream in streams:
            stream.close()
    # closed connections give their places back
    deadline = time.monotonic() + 5
    while (again := Stream(service, "/live/t1")).status != 200 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert again.status == 200
    again.close()


def test_behind_a_proxy_the_last_forwarded_hop_counts(redis_url):
    with push_service(redis_url, LIVE_MAX_PER_ADDRESS="1", LIVE_TRUST_FORWARDED="1") as base:
        first = Stream(base, "/live/t1", {"X-Forwarded-For": "6.6.6.6, 10.0.0.1"})
        second = Stream(base, "/live/t1", {"X-Forwarded-For": "10.0.0.2"})
        spoofed = Stream(base, "/live/t1", {"X-Forwarded-For": "10.0.0.9, 10.0.0.1"})
        try:
            assert (first.status, second.status, spoofed.status) == (200, 200, 429)
        finally:
            for stream in (first, second, spoofed):
                stream.close()


def test_the_total_cap_is_503(redis_url):
    with push_service(redis_url, LIVE_MAX_CONNECTIONS="2") as base:
        streams = [Stream(base, "/live/t1") for _ in range(2)]
        try:
            refused = Stream(base, "/live/t1")
            assert refused.status == 503
            assert "The live service is full" in refused.text()
        finally:
            for stream in streams:
                stream.close()


@pytest.mark.parametrize(
    "path,status",
    [
        ("/live/x1", 404),
        ("/live/t0", 404),
        ("/live/t1/../c2", 404),
        ("/live/c1-mat100", 404),
        ("/live/t1234567890", 404),
        ("/live/t1?lang=xx", 400),
        ("/live/t1?lang=" + "e" * 200, 400),
        ("/elsewhere", 404),
    ],
)
def test_no_stream_for_a_bad_topic_or_language(service, path, status):
    stream = Stream(service, path)
    assert stream.status == status
    assert stream.text().strip()
    stream.close()


def test_a_post_is_refused(service):
    import http.client

    host, port = service.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=5)
    connection.request("POST", "/live/t1", body=b"x")
    assert connection.getresponse().status == 405
    connection.close()


def test_a_slow_consumer_is_dropped_not_buffered(service, client):
    """A client that reads nothing while events pile up past its queue (2 here) and the
    socket's buffers is closed by the service; a reader on the same topic is served on."""
    slow = socket.create_connection(("127.0.0.1", int(service.rsplit(":", 1)[1])))
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.sendall(b"GET /live/t77 HTTP/1.1\r\nHost: x\r\n\r\n")
    reader = Stream(service, "/live/t77")
    try:
        time.sleep(0.2)
        big = "x" * 60_000
        for _ in range(200):
            channels.publish(client, channels.topic_channel("t77"), "changed", big)
            reader.event()
        status = Stream(service, "/live/").text()
        assert "dropped" in status and not status.endswith(" 0 dropped as too slow\n")
        dropped = int(status.split(", ")[1].split()[0])
        assert dropped >= 1
    finally:
        slow.close()
        reader.close()


def test_without_redis_a_stream_is_refused_with_a_clear_answer():
    dead = f"redis://127.0.0.1:{free_port()}/0"
    with push_service(dead) as base:
        refused = Stream(base, "/live/t1")
        assert refused.status == 503
        assert "cannot follow the event now" in refused.text()


def test_a_quiet_stream_gets_heartbeats_and_the_retry_delay(redis_url):
    with push_service(redis_url, LIVE_HEARTBEAT_SECONDS="0.2", LIVE_RETRY_MS="1500") as base:
        stream = Stream(base, "/live/t1")
        try:
            stream.connection.sock.settimeout(3)
            lines = [stream.response.readline() for _ in range(6)]
            assert b"retry: 1500\n" in lines
            assert b": ping\n" in lines
        finally:
            stream.close()
