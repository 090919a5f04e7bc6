"""Every public URL, walked anonymously and logged in, answers with what any HTTP cache may keep
and hand to everyone: no cookie set, no CSRF token, no login state, nothing varying on the
cookie; with an ETag, Cache-Control and gzip for those that accept it."""

import gzip
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import login
from tests.security.test_every_url import PUBLIC, address, rule_for, url_patterns

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def public_addresses(world, tournament_id: int | None = None) -> list[str]:
    """The public URLs of the world (of one tournament) that answer 200, in English and in
    Swedish (/sv/..., docs/i18n.md)."""
    found = []
    for pattern in url_patterns():
        rule = rule_for(pattern)
        if rule.kind != PUBLIC:
            continue
        for where in rule.on:
            place = world[where]
            if place.public and tournament_id in (None, place.values.get("tournament_id")):
                found.append(address(pattern, place))
    return found + [f"/sv{url}" for url in found]


def dated(content: bytes) -> bytes:
    """The content without the time a PDF was written (and the file id made from it)."""
    return re.sub(rb"/CreationDate \(D:[^)]*\)|/ID \[[^\]]*\]", b"", content)


def what_is_personal(response, body: bytes) -> list[str]:
    """What in a public response belongs to one visitor."""
    wrong = []
    if response.cookies:
        wrong.append(f"sets cookies {sorted(response.cookies)}")
    if "Cookie" in response.get("Vary", ""):
        wrong.append(f"varies on the cookie ({response['Vary']})")
    for secret in (b"csrfmiddlewaretoken", b"X-CSRFToken", b"Log out", b"My tournaments"):
        if secret in body:
            wrong.append(f"holds {secret.decode()}")
    return wrong


@pytest.mark.slow
@pytest.mark.parametrize("role", ["anonymous", "arbiter"])
def test_no_public_response_holds_anything_of_the_visitor(role, world, anna):
    client = Client()
    if role == "arbiter":
        login(client, anna)
    urls = public_addresses(world)
    failures = []
    for url in urls:
        for headers in ({}, {"HX-Request": "true"}, GZIP):
            response = client.get(url, headers=headers)
            assert response.status_code == 200, url
            body = response.content
            if response.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            failures += [f"{url} {headers}: {w}" for w in what_is_personal(response, body)]
    assert len(urls) >= 20
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_every_public_response_has_an_etag_cache_control_and_gzip(client, world):
    failures = []
    for url in public_addresses(world):
        response = client.get(url, headers=GZIP)
        if not response.get("ETag", "").startswith('W/"'):
            failures.append(f"{url}: no ETag")
        cache_control = response.get("Cache-Control", "")
        if not all(part in cache_control for part in ("public", "s-maxage", "stale-while")):
            failures.append(f"{url}: Cache-Control {cache_control!r}")
        # the English URLs redirect a browser preferring another language (arbiter/platform/i18n.py)
        vary = "HX-Request, Accept-Encoding" + (
            "" if url.startswith("/sv/") else ", Accept-Language"
        )
        if response.get("Vary") != vary:
            failures.append(f"{url}: Vary {response.get('Vary')!r}")
        if response.get("Content-Encoding") != "gzip":
            failures.append(f"{url}: not gzipped")
        again = client.get(url, headers={**GZIP, "If-None-Match": response["ETag"]})
        if again.status_code != 304 or again.content:
            failures.append(f"{url}: the same ETag again gets {again.status_code}")
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_a_corrected_result_shows_on_every_public_page_of_its_tournament_at_once(world, anna):
    """The kept pages follow the version: after one write through the arbiter's page, what every
    public page of the tournament serves (kept by version) is what it renders from scratch, and
    the change is there. That every service function moves the version it must is checked
    function by function (tests/arbiter/core/services/test_public_versions.py)."""
    swiss = world["swiss"]
    pages = public_addresses(world, swiss.values["tournament_id"])
    public, arbiter = Client(), login(Client(), anna)
    before = {page: dated(public.get(page).content) for page in pages}  # kept now
    write = reverse("record_result", args=[swiss.values["tournament_id"], swiss.values["game_id"]])
    assert arbiter.post(write, {"result": "0-1", "expected": "1-0"}).status_code == 302
    served = {page: dated(public.get(page).content) for page in pages}
    cache.clear()
    fresh = {page: dated(public.get(page).content) for page in pages}
    assert len(pages) >= 20
    assert [page for page in pages if served[page] != fresh[page]] == []
    assert reverse("public_standings", args=[swiss.values["tournament_id"]]) in {
        page for page in pages if served[page] != before[page]
    }


@pytest.mark.slow
@pytest.mark.parametrize("role", ["anonymous", "arbiter"])
def test_a_public_url_that_finds_nothing_answers_404_without_a_cookie(role, world, anna):
    """The error pages a visitor of the public pages meets use the public layout: a crawler
    asking for a round not yet public gets no CSRF cookie, and no login state either."""
    client = Client()
    if role == "arbiter":
        login(client, anna)
    urls = ["/t/999999/", "/no-such-page/"]
    for pattern in url_patterns():
        rule = rule_for(pattern)
        if rule.kind == PUBLIC:
            urls += [address(pattern, world[where]) for where in rule.on if not world[where].public]
    failures, hints = [], 0
    for url in urls:
        response = client.get(url)
        if response.status_code != 404:
            failures.append(f"{url}: {response.status_code}")
        if role == "arbiter" and b'id="not-published"' in response.content:
            # her own competition, not published yet: she is told so, and it is kept nowhere
            hints += 1
            if response["Cache-Control"] != "private, no-store":
                failures.append(f"{url}: the arbiter's hint may be kept")
            continue
        failures += [f"{url}: {wrong}" for wrong in what_is_personal(response, response.content)]
    assert len(urls) >= 10
    assert (hints > 0) == (role == "arbiter")
    assert not failures, "\n".join(failures)


def test_a_too_large_request_is_refused_without_a_cookie(client, settings):
    response = client.post("/t/1/", CONTENT_LENGTH=str(settings.MAX_REQUEST_BYTES + 1))

    assert response.status_code == 413
    assert not what_is_personal(response, response.content)
