"""The caching proxy of the deployment (deploy/nginx/), run with Debian's nginx: it keeps what the
app's Cache-Control lets a shared cache keep, and never a response that sets a cookie, a page
without a lifetime, or anything for a visitor with a session. It also hands the app the
client's real address, whatever the client claims.

nginx runs with the repository's cache.conf and site.conf as they are; only what the container
sets around them (upstream, ports, TLS, paths) is this test's: a stand-in app that answers with
the headers each kind of page has, and then the real app under gunicorn."""

import os
import pwd
import socket
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from arbiter.platform.public_live import CACHE_CONTROL
from pairing.rounds import services as rounds
from tests.factories import PASSWORD, changed
from tests.servers import (
    LIMITS,
    ROOT,
    Visitor,
    app_server,
    free_port,
    log_in,
    program,
    redis_server,
    running,
    shared_database_url,
    wait_until,
)

DEPLOY = ROOT / "deploy" / "nginx"
#: What public16's public pages send: kept a minute, then refreshed behind a stale copy.
PUBLIC = "public, s-maxage=60, stale-while-revalidate=30"
#: How long the proxy keeps the real app's public pages.
S_MAXAGE = int(CACHE_CONTROL.split("s-maxage=")[1].split(",")[0])


def nginx_config(directory: Path, app_port: int, port: int, live_port: int = 9) -> Path:
    """The repository's cache.conf and site.conf inside what the container would give them."""
    cache = (DEPLOY / "cache.conf").read_text()
    assert "/var/cache/nginx/arbiter" in cache
    (directory / "cache.conf").write_text(
        cache.replace("/var/cache/nginx/arbiter", str(directory / "cache"))
    )
    temp = "\n".join(
        f"    {kind}_temp_path {directory / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = f"user {pwd.getpwuid(os.getuid()).pw_name};" if os.getuid() == 0 else ""
    config = directory / "nginx.conf"
    config.write_text(
        f"""
daemon off;
{user}
worker_processes 1;
pid {directory / "nginx.pid"};
error_log stderr warn;
events {{ worker_connections 256; }}
http {{
{temp}
    access_log off;
    include {directory / "cache.conf"};
    upstream arbiter_app {{
        server 127.0.0.1:{app_port};
        keepalive 4;
    }}
    upstream arbiter_live {{
        server 127.0.0.1:{live_port};
    }}
    server {{
        listen 127.0.0.1:{port};
        include {DEPLOY / "site.conf"};
    }}
}}
"""
    )
    return config


@contextmanager
def nginx_in_front_of(app_port: int, directory: Path, live_port: int = 9) -> Iterator[str]:
    port = free_port()
    config = nginx_config(directory, app_port, port, live_port)
    command = [program("nginx"), "-p", str(directory), "-c", str(config), "-e", "stderr"]
    base = f"http://127.0.0.1:{port}"
    with running(command, lambda: socket.create_connection(("127.0.0.1", port), 1), "nginx"):
        yield base


class StandIn(BaseHTTPRequestHandler):
    """Answers each path with the headers of one kind of page, and counts what reaches it."""

    seen: Counter = Counter()
    PAGES = {
        "/public": {"Cache-Control": PUBLIC, "Vary": "HX-Request"},
        "/public-brief": {"Cache-Control": "public, s-maxage=1, stale-while-revalidate=30"},
        "/sets-a-cookie": {"Cache-Control": PUBLIC, "Set-Cookie": "csrftoken=abc; Path=/"},
        "/arbiter": {},  # what the app's arbiter pages send: no lifetime at all
        "/private": {"Cache-Control": "private, max-age=60"},
        "/static/css/app.css": {"Cache-Control": "max-age=60, public"},  # WhiteNoise's
    }

    def do_GET(self) -> None:
        self.seen[self.path] += 1
        part = "body" if self.headers.get("HX-Request") else "page"
        body = f"{part} {self.path} #{self.seen[self.path]}".encode()
        self.send_response(200)
        for name, value in self.PAGES[self.path].items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def stand_in(tmp_path) -> Iterator[str]:
    StandIn.seen = Counter()
    server = ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with nginx_in_front_of(server.server_address[1], tmp_path) as proxy:
            yield proxy
    finally:
        server.shutdown()


def fetch(url: str, **headers: str) -> tuple[str, str]:
    """The proxy's cache status and the body."""
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers["X-Cache-Status"], response.read().decode()


def test_a_public_page_is_answered_from_the_cache_the_second_time(stand_in):
    assert fetch(stand_in + "/public") == ("MISS", "page /public #1")
    assert fetch(stand_in + "/public") == ("HIT", "page /public #1")
    assert StandIn.seen["/public"] == 1


def test_the_htmx_body_and_the_whole_page_are_kept_apart(stand_in):
    fetch(stand_in + "/public")
    assert fetch(stand_in + "/public", **{"HX-Request": "true"})[1] == "body /public #2"
    assert fetch(stand_in + "/public", **{"HX-Request": "true"}) == ("HIT", "body /public #2")
    assert fetch(stand_in + "/public") == ("HIT", "page /public #1")


def test_a_stale_page_is_answered_at_once_while_it_is_refreshed_behind(stand_in):
    fetch(stand_in + "/public-brief")
    time.sleep(2.1)  # past s-maxage=1 (nginx counts whole seconds), within stale-while-revalidate
    assert fetch(stand_in + "/public-brief") == ("STALE", "page /public-brief #1")
    refreshed = ("HIT", "page /public-brief #2")
    wait_until(lambda: fetch(stand_in + "/public-brief") == refreshed, "the refreshed copy")
    assert StandIn.seen["/public-brief"] == 2


def test_a_response_that_sets_a_cookie_is_never_kept(stand_in):
    for _ in range(3):
        assert fetch(stand_in + "/sets-a-cookie")[0] == "MISS"
    assert StandIn.seen["/sets-a-cookie"] == 3


def test_pages_without_a_shared_lifetime_are_never_kept(stand_in):
    for path in ("/arbiter", "/private"):
        assert [fetch(stand_in + path)[0] for _ in range(2)] == ["MISS", "MISS"]
        assert StandIn.seen[path] == 2


def test_a_visitor_with_a_session_bypasses_the_cache_and_leaves_nothing_in_it(stand_in):
    session = {"Cookie": "csrftoken=abc; sessionid=s3cr3t"}
    assert fetch(stand_in + "/public", **session) == ("BYPASS", "page /public #1")
    assert fetch(stand_in + "/public")[0] == "MISS"  # the session's copy was not stored
    assert fetch(stand_in + "/public", **session) == ("BYPASS", "page /public #3")
    assert fetch(stand_in + "/public", Cookie="csrftoken=abc")[0] == "HIT"


def test_static_files_are_kept_as_whitenoise_allows(stand_in):
    session = {"Cookie": "sessionid=s3cr3t"}
    assert fetch(stand_in + "/static/css/app.css", **session)[0] == "MISS"
    assert fetch(stand_in + "/static/css/app.css", **session)[0] == "HIT"


@contextmanager
def real_app_and_proxy(directory: Path) -> Iterator[str]:
    """gunicorn on the database as the test has made it, and nginx in front: the proxy's URL."""
    env = {"DATABASE_URL": shared_database_url(directory), "BEHIND_PROXY": "1", **LIMITS}
    with (
        app_server(env) as app,
        nginx_in_front_of(int(app.rsplit(":", 1)[1]), directory) as proxy,
    ):
        yield proxy


@pytest.fixture
def app_behind_the_proxy(tmp_path, anna, trondheim_open) -> Iterator[str]:
    with real_app_and_proxy(tmp_path) as proxy:
        yield proxy


@pytest.fixture
def round_one_published(anna, trondheim_open):
    """Trondheim Open published with round 1 paired and published, no result in yet."""
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    trondheim_open.is_published = True
    trondheim_open.save()
    changed(trondheim_open)
    return round_


@pytest.fixture
def published_app_behind_the_proxy(tmp_path, round_one_published) -> Iterator[str]:
    with real_app_and_proxy(tmp_path) as proxy:
        yield proxy


@pytest.mark.django_db(transaction=True)
def test_the_real_apps_public_page_is_kept_and_a_result_shows_within_s_maxage(
    published_app_behind_the_proxy, round_one_published
):
    """The app's Cache-Control with the real proxy: the second visitor is answered by nginx;
    a result entered then is on the page once s-maxage (10 s) has passed, the stale copy
    having been answered meanwhile at most."""
    proxy = published_app_behind_the_proxy
    tournament_id = round_one_published.tournament_id
    page = f"{proxy}/t/{tournament_id}/rounds/1/"
    first = fetch(page)
    assert first[0] == "MISS"
    assert fetch(page) == ("HIT", first[1])

    arbiter = Visitor()
    assert log_in(arbiter, proxy, "anna", PASSWORD) == 302
    game = round_one_published.games.order_by("board").first()
    result = f"{proxy}/arbiter/t/{tournament_id}/games/{game.pk}/result/"
    assert arbiter.post(result, {"result": "1-0"})[0] == 302
    entered = time.monotonic()

    seen = []
    while (answer := fetch(page))[1] == first[1]:
        seen.append(answer[0])
        assert time.monotonic() - entered < S_MAXAGE + 3, f"still the old page: {seen}"
        time.sleep(0.5)
    assert set(seen) <= {"HIT", "STALE", "UPDATING"} and "HIT" in seen
    assert answer[1].count("1 - 0") > first[1].count("1 - 0")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def first_answer(url: str, **headers: str) -> tuple[int, str, str]:
    """The status, Location (or body) and cache status of a request, redirects not followed."""
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=10) as response:
            return response.status, response.read().decode(), response.headers["X-Cache-Status"]
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", ""), error.headers["X-Cache-Status"]


@pytest.mark.django_db(transaction=True)
def test_the_proxy_never_hands_one_languages_page_to_another(
    published_app_behind_the_proxy, round_one_published
):
    """docs/i18n.md: an English page kept by the proxy is never the answer to a browser that
    prefers Swedish (by Accept-Language or by the language cookie): it is redirected to /sv/,
    every time; the Swedish page is kept apart."""
    proxy = published_app_behind_the_proxy
    path = f"/t/{round_one_published.tournament_id}/rounds/1/"
    english = first_answer(proxy + path)
    assert english[0] == 200 and first_answer(proxy + path)[2] == "HIT"
    for headers in ({"Accept-Language": "sv-SE,sv;q=0.9"}, {"Cookie": "django_language=sv"}):
        for _ in range(2):
            status, location, _cache = first_answer(proxy + path, **headers)
            assert (status, location) == (302, f"/sv{path}"), headers
    swedish = first_answer(proxy + "/sv" + path)
    assert swedish[0] == 200 and 'lang="sv"' in swedish[1]
    assert first_answer(proxy + "/sv" + path)[1] == swedish[1]
    assert first_answer(proxy + path)[1] == english[1]


@pytest.mark.django_db(transaction=True)
def test_the_real_app_behind_the_proxy_keeps_the_arbiters_pages_out_of_the_cache(
    app_behind_the_proxy, trondheim_open
):
    proxy = app_behind_the_proxy
    assert [fetch(proxy + "/accounts/login/")[0] for _ in range(2)] == ["MISS", "MISS"]
    arbiter = Visitor()
    assert log_in(arbiter, proxy, "anna", PASSWORD) == 302
    assert any(cookie.name == "sessionid" for cookie in arbiter.cookies)
    settings_page = f"{proxy}/arbiter/t/{trondheim_open.pk}/settings/"
    for _ in range(2):
        with arbiter.opener.open(settings_page, timeout=10) as response:
            assert response.status == 200 and response.headers["X-Cache-Status"] == "BYPASS"
    assert Visitor().get(settings_page)[0] == 302  # not the arbiter's copy: the login redirect


@pytest.mark.django_db(transaction=True)
def test_a_client_cannot_dodge_the_login_limit_by_naming_its_own_address(
    app_behind_the_proxy, anna
):
    proxy = app_behind_the_proxy
    for n in range(4):
        guesser = Visitor()
        guesser.opener.addheaders = [("X-Forwarded-For", f"198.51.100.{n}")]
        assert log_in(guesser, proxy, "anna", "wrong password") == 200
    assert log_in(Visitor(), proxy, "anna", PASSWORD) == 429


def test_the_live_streams_pass_the_proxy_unbuffered_and_counted_by_its_address(tmp_path):
    """A live stream through the proxy gets each event as it is published (never held back in
    nginx's buffers), and the push service counts the client by the address the proxy saw: a
    client naming its own X-Forwarded-For does not get past the per-address limit (docs/live.md)."""
    import redis

    from arbiter.live import channels
    from tests.arbiter.live.streams import Stream, push_service

    (tmp_path / "nginx").mkdir()
    with (
        redis_server(tmp_path) as url,
        push_service(url, LIVE_TRUST_FORWARDED="1", LIVE_MAX_PER_ADDRESS="2") as live,
        nginx_in_front_of(9, tmp_path / "nginx", int(live.rsplit(":", 1)[1])) as proxy,
    ):
        first = Stream(proxy, "/live/t5", {"X-Forwarded-For": "198.51.100.1"})
        second = Stream(proxy, "/live/t5", {"X-Forwarded-For": "198.51.100.2"})
        try:
            assert (first.status, second.status) == (200, 200)
            started = time.monotonic()
            channels.publish(redis.Redis.from_url(url), "live:t5", "changed", "3")
            assert first.event(timeout=2)["data"] == "3"
            assert time.monotonic() - started < 1
            third = Stream(proxy, "/live/t5", {"X-Forwarded-For": "198.51.100.3"})
            assert third.status == 429
            assert "too many live connections from your address" in third.text()
        finally:
            first.close()
            second.close()
